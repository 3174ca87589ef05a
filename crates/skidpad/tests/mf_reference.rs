//! The Magic Formula tyre against the MFeval reference table `tests/data/mf_185_80R14.csv`
//! (1134 rows; see `tests/data/REFS_README.md`): MF 5.2 equations, combined slip, no turn
//! slip, no α*, no input limits (`MfOptions { limits: false, alpha_star: false }`).

use skidpad::tire::mf::{MfInput, MfOptions, MfTire, TirFile};

mod support;
use support::data;

struct Row {
    input: MfInput,
    fx: f64,
    fy: f64,
    mz: f64,
    mx: f64,
    my: f64,
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(data("mf_185_80R14.csv")).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap().trim(),
        "fz_n,kappa,alpha_rad,gamma_rad,vx_mps,fx_n,fy_n,mz_nm,mx_nm,my_nm"
    );
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Vec<f64> = l.split(',').map(|x| x.trim().parse().unwrap()).collect();
            Row {
                input: MfInput {
                    fz: v[0],
                    kappa: v[1],
                    alpha: v[2],
                    gamma: v[3],
                    vx: v[4],
                    pressure: None,
                },
                fx: v[5],
                fy: v[6],
                mz: v[7],
                mx: v[8],
                my: v[9],
            }
        })
        .collect()
}

#[test]
fn mf_matches_mfeval_reference_table() {
    let (file, _) = TirFile::from_path(data("mf_185_80R14.tir")).unwrap();
    let tire = MfTire::from(&file).with_options(MfOptions {
        limits: false,
        alpha_star: false,
    });
    let rows = rows();
    assert_eq!(rows.len(), 1134);
    let mut max = [0.0f64; 5];
    let mut worst = [0usize; 5];
    let mut max_mz_g0 = 0.0f64;
    for (i, r) in rows.iter().enumerate() {
        let o = tire.steady_state(r.input);
        assert!(!o.clamped.any(), "row {i}: {:?}", o.clamped);
        let e = [
            (o.fx - r.fx).abs(),
            (o.fy - r.fy).abs(),
            (o.mz - r.mz).abs(),
            (o.mx - r.mx).abs(),
            (o.my - r.my).abs(),
        ];
        for k in 0..5 {
            if e[k] > max[k] {
                max[k] = e[k];
                worst[k] = i;
            }
        }
        if r.input.gamma == 0.0 {
            max_mz_g0 = max_mz_g0.max(e[2]);
        }
    }
    println!(
        "max |error| vs MFeval over {} rows: Fx {:.3e} N (row {}), Fy {:.3e} N (row {}), \
         Mz {:.3e} N·m (row {}; γ = 0: {:.3e}), Mx {:.3e} N·m, My {:.3e} N·m",
        rows.len(),
        max[0],
        worst[0],
        max[1],
        worst[1],
        max[2],
        worst[2],
        max_mz_g0,
        max[3],
        max[4]
    );
    // Same equations in double precision on both sides: the only difference left is
    // floating-point round-off (libm atan/sin/exp may differ by an ulp, ~1e-12 relative of
    // ~6 kN, i.e. ~1e-8 N). 1e-6 N / 1e-6 N·m leaves that margin and still catches the
    // variant differences between published implementations (REFS_README: up to 3 % of peak
    // Mz ≈ 6 N·m). It is far inside issue 3's criterion (0.1 % of peak Fx/Fy ≈ 5 N, 0.5 % of
    // peak Mz ≈ 1 N·m).
    let tol = [1e-6, 1e-6, 1e-6, 1e-6, 1e-6];
    let names = ["Fx", "Fy", "Mz", "Mx", "My"];
    for k in 0..5 {
        let r = &rows[worst[k]];
        assert!(
            max[k] <= tol[k],
            "{}: max error {} at row {} {:?}: got {:?}, reference Fx {} Fy {} Mz {} Mx {} My {}",
            names[k],
            max[k],
            worst[k],
            r.input,
            tire.steady_state(r.input),
            r.fx,
            r.fy,
            r.mz,
            r.mx,
            r.my
        );
    }
}

/// REFS_README: every grid point lies inside the file's validity ranges, no curvature factor
/// exceeds 1 and Vx ≫ VXLOW, so the clamping (simulation) mode must give the same numbers.
#[test]
fn mf_reference_table_unchanged_with_limits_on() {
    let (file, _) = TirFile::from_path(data("mf_185_80R14.tir")).unwrap();
    let raw = MfTire::from(&file).with_options(MfOptions {
        limits: false,
        alpha_star: false,
    });
    let clamped = MfTire::from(&file);
    assert!(clamped.options.limits);
    for r in rows() {
        let (a, b) = (raw.steady_state(r.input), clamped.steady_state(r.input));
        assert!(!b.clamped.any(), "{:?}: {:?}", r.input, b.clamped);
        assert_eq!(
            (a.fx, a.fy, a.mz, a.mx, a.my),
            (b.fx, b.fy, b.mz, b.mx, b.my),
            "{:?}",
            r.input
        );
    }
}
