//! The full MF's reach floors: a hand-worked reach of the sedan's file, the floors within
//! 0.5 % below it, and never above the evaluated reach over seeded loads, cambers, speeds,
//! surfaces, pressures, the three `.tir` files of `tests/data` and reshaped coefficients.

use crate::test_rng::uniform;
use crate::tire::contact::{carcass_reach_x, carcass_reach_y};
use crate::tire::interface::{KeptLoad, TireModel};
use crate::tire::mf::test_files::{hmmwv, mf_185_80r14, sedan};
use crate::tire::mf::{MfOptions, MfTire};
use crate::tire::model::ContactInput;

/// A contact of `load` (N) at `vx` (m/s), no camber, unit surface scales.
fn contact(load: f64, vx: f64) -> ContactInput {
    ContactInput {
        load,
        vx,
        rest_load: load,
        ..ContactInput::new(0.3, 1.0, 9.81)
    }
}

/// `(lateral, longitudinal)` floors of `t` at `c` (the common interface, spin 0).
fn floors(t: &MfTire, c: &ContactInput) -> (f64, f64) {
    let s = crate::tire::SlipInput {
        fz: c.load.max(0.0),
        gamma: c.camber,
        vx: c.vx,
        rest_load: c.rest_load,
        friction_scale: c.friction_scale,
        stiffness_scale: c.stiffness_scale,
        peak_slip_scale: c.peak_slip_scale,
        gravity: c.gravity,
        pressure: c.pressure,
        radius: c.radius,
        ..Default::default()
    };
    (
        t.lateral_reach_floor(&s),
        t.longitudinal_reach_floor_kept(&s, &mut KeptLoad::default()),
    )
}

/// `Sedan_Pac02Tire.tir` at Fz = 4000 N, 20 m/s, γ = 0, worked from the file (PAC2002,
/// F′z0 = 0.81·4850 = 3928.5 N, dfz = 0.018200): laterally Kyα = PKY1·F′z0·sin(2·atan(Fz/
/// (PKY2·F′z0))) = −69 607.9 N/rad, Dy = (PDY1 + PDY2·dfz)·Fz = 4182.47 N, Cy = 1.3507,
/// By = −12.3216, SHy = 0.0026763, SVy = 148.540 N, Ey = −0.08341 (α + SHy > 0) and
/// +0.06824 (< 0): Fy0(±π/4) = −3668.081 N and +3996.238 N, so F_slide = 3832.159 N; the
/// probes' secant K_α = 69 469.57 N/rad (below |Kyα|: the curve is already bending at
/// SHy); reach 0.0551631. Longitudinally Dx = 4683.66 N, Kxκ = 89 593.5 N, Bx = 11.6562,
/// Fx0(±1) = 3359.947 N and −3361.679 N, F_slide = 3360.813 N, K_x = 89 540.91 N;
/// reach 0.0375338. The floors: `|Kyα|·(1 + 10⁻⁴)` and `Kxκ` bound the secants, the
/// sliding forces within 10⁻⁴ (the `atan` bounds), so both are within 0.5 %.
#[test]
fn sedan_reach_by_hand() {
    let t = sedan();
    let c = contact(4000.0, 20.0);
    let reach_y = carcass_reach_y(&t, &c, 20.0 / 0.3, 1.0);
    let reach_x = carcass_reach_x(&t, &c, 20.0 / 0.3, 1.0);
    assert!((reach_y - 0.0551631).abs() < 1e-7, "{reach_y}");
    assert!((reach_x - 0.0375338).abs() < 1e-7, "{reach_x}");
    let (fy, fx) = floors(&t, &c);
    assert!(fy <= reach_y && fy > 0.995 * reach_y, "{fy} {reach_y}");
    assert!(fx <= reach_x && fx > 0.995 * reach_x, "{fx} {reach_x}");
}

/// A tyre drawn for the sweep: one of the three files, the sedan's (two in three) with
/// its pure-slip coefficients reshaped around and beyond their usual ranges (a shape
/// above 2, positive curvature up to the clamp at 1, shifts, a cornering stiffness of
/// the wrong sign), α* and the limits off now and then; `true` with it if it is the
/// sedan's file as it is.
fn tire(rng: &mut u64, files: &[MfTire; 3]) -> (MfTire, bool) {
    let pick = uniform(rng, 0.0, 3.0);
    let mut t = if pick < 0.5 {
        files[0].clone()
    } else if pick < 1.0 {
        files[1].clone()
    } else {
        files[2].clone()
    };
    let mut plain = pick >= 1.0;
    for (key, lo, hi) in [
        ("PCY1", 0.3, 2.3),
        ("PDY1", 0.05, 3.0),
        ("PEY1", -3.0, 1.5),
        ("PEY3", -20.0, 20.0),
        ("PKY1", -60.0, 10.0),
        ("PHY1", -0.9, 0.9),
        ("PVY1", -0.5, 0.5),
        ("PCX1", 0.3, 2.3),
        ("PDX1", 0.05, 3.0),
        ("PEX1", -3.0, 1.5),
        ("PEX4", -1.0, 1.0),
        ("PKX1", 1.0, 60.0),
        ("PHX1", -0.5, 0.5),
        ("PVX1", -0.2, 0.2),
    ] {
        if uniform(rng, 0.0, 1.0) < 0.25 {
            assert!(t.coefficients.set(key, uniform(rng, lo, hi)));
            plain = false;
        }
    }
    if uniform(rng, 0.0, 1.0) < 0.1 {
        t = t.with_options(MfOptions {
            limits: uniform(rng, 0.0, 1.0) < 0.5,
            alpha_star: uniform(rng, 0.0, 1.0) < 0.5,
        });
        plain = false;
    }
    (t, plain)
}

#[test]
fn the_floors_never_exceed_the_evaluated_reach() {
    let mut rng = 0x00ea_c436_u64;
    let (mut positive, mut tightest) = ([0usize; 2], [f64::INFINITY; 2]);
    let files = [hmmwv(), mf_185_80r14(), sedan()];
    for _ in 0..20_000 {
        let (t, plain) = tire(&mut rng, &files);
        let mut c = contact(
            uniform(&mut rng, 10.0, 15_000.0),
            uniform(&mut rng, -30.0, 30.0),
        );
        if uniform(&mut rng, 0.0, 1.0) < 0.1 {
            c.vx = uniform(&mut rng, -1.5, 1.5);
        }
        c.camber = uniform(&mut rng, -0.1, 0.1);
        c.friction_scale = uniform(&mut rng, 0.0, 2.0);
        c.stiffness_scale = uniform(&mut rng, 0.2, 2.0);
        c.peak_slip_scale = uniform(&mut rng, 0.5, 2.0);
        c.pressure = uniform(&mut rng, 1.5e5, 3.5e5);
        let omega = uniform(&mut rng, -100.0, 100.0);
        let reach = [
            carcass_reach_y(&t, &c, omega, 1.0),
            carcass_reach_x(&t, &c, omega, 1.0),
        ];
        let (fy, fx) = floors(&t, &c);
        for (i, floor) in [fy, fx].into_iter().enumerate() {
            assert!(
                floor >= 0.0 && floor <= reach[i],
                "{i}: {floor} > {} for {c:?}\n{:?}",
                reach[i],
                t.coefficients
            );
            if floor > 0.0 {
                positive[i] += 1;
                if plain && c.friction_scale >= 0.3 {
                    tightest[i] = tightest[i].min(floor / reach[i]);
                }
            }
        }
    }
    // Most draws have floors (10,836 lateral, 18,116 longitudinal): not the files with
    // combined-slip shapes laterally, nor shapes past 2, wrong-signed stiffnesses or the
    // limits off. The floors bound the probes' secant by the slope at zero `D·C·B`, which
    // the secant, taken around the shift (SHx, SHy), falls below as the curve bends there:
    // on the sedan's own file from a friction scale of 0.3 the loosest draw is 0.916 of
    // the reach laterally and 0.899 longitudinally (friction ×0.36 and stiffness ×1.82 at
    // 9.3 kN: `B = K/(C·D)` five times the file's, `B·SH` ≈ 0.1). Far looser where the
    // curve bends within the probes: a shift of ±0.9 rad puts them near the peak, a
    // friction scale near 0 makes `B` so steep that the curve saturates within ±10⁻⁴.
    assert!(positive.iter().all(|&n| n > 5_000), "{positive:?}");
    assert!(tightest.iter().all(|&r| r > 0.85), "{tightest:?}");
}
