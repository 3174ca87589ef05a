//! A tyre whose longitudinal slip reverses after a slide (issue 12, the hatch's 50 m cliff at
//! 1/60 s): the transient model's longitudinal deflection `u` integrates the slip velocity
//! `ωR − Vx` while the patch slides, so a wheel spun or locked at low speed leaves it far
//! past anything a carcass holds (the hatch's rear tyres after the landing: `u` = 0.46 m,
//! `κ'` = 4.6 at σx = 0.1 m). Once the slip velocity reversed, that deflection pushed along
//! the new slide at full sliding force until it had unwound. Now a deflection against the
//! slip velocity is held within the carcass's reach, `u_max = σx·F_slide,x/K_x`
//! (`skidpad::tire::contact::carcass_reach_x`), the mirror of the lateral hold
//! (`tests/tire_slide_reversal.rs`), and a tyre off the ground holds no deflection.
//!
//! The tests use the default friction-circle tyre: `Fx = C_κ·F_z·κ`, `C_κ` = 18,
//! `|F| ≤ μ·F_z`, μ = 1, σx = 0.1 m. At `F_z` = 4000 N: `K_x` = 72 000 N, `F_slide,x` =
//! 4000 N (the linear force at `κ = 1`, 72 kN, limited to μ·F_z), so
//! `u_max = 0.1 · 4000/72 000 = 5.556 mm` (= σx·μ/C_κ = 0.1/18), and the patch spring
//! `k_x = 720 kN/m` holds at most `½·F_slide,x·u_max = 11.11 J`.

use skidpad::tire::contact::patch_energy;
use skidpad::tire::model::{ContactInput, solve_contact};
use skidpad::tire::{TireParams, TireState};

const FZ: f64 = 4000.0;

/// A wheel whose contact point moves forward at `vx` (m/s) while its rim turns at
/// `omega_r` (m/s, `ωR`), its deflection `u` (m) left over from an earlier slide.
fn setup(vx: f64, omega_r: f64, u: f64) -> (TireParams, ContactInput, TireState) {
    let p = TireParams::default();
    let c = ContactInput {
        load: FZ,
        vx,
        effective_mass: 400.0,
        rest_load: FZ,
        ..ContactInput::new(0.3, 1.0, 9.81)
    };
    let mut s = TireState {
        omega: omega_r / 0.3,
        ..Default::default()
    };
    s.transient.u = u;
    (p, c, s)
}

#[test]
fn a_deflection_against_the_slip_velocity_is_held_within_the_carcass_reach() {
    // The hatch after its landing: the contact point moves forward at 0.8 m/s while the rim
    // turns backwards at −0.48 m/s (slip velocity −1.28 m/s), with `u` = 0.46 m left over.
    // One step of 1/180 s relaxes it to about (0.46 − 1.28/180)/(1 + 0.8/180/0.1) = 0.434 m
    // (the spin only turns further back under the forward force), still against the slip,
    // so it is held at u_max = 0.1/18 = 5.556 mm.
    let dt = 1.0 / 180.0;
    let (p, c, mut s) = setup(0.8, -0.48, 0.46);
    solve_contact(&p, &c, &mut s, dt);
    assert!(s.omega * 0.3 - c.vx < 0.0, "ω' = {} rad/s", s.omega);
    assert!(
        (s.transient.u - 0.1 / 18.0).abs() < 1e-12,
        "u = {} m",
        s.transient.u
    );
    // The same deflection along the slip velocity (the rim turning forward at 2.08 m/s, a
    // wheel spun by R·F_slide = 0.3·4000 = 1200 N·m of drive, so the sliding force does not
    // stop it) only relaxes, `u' = (u + dt·(ω'R − Vx))/(1 + dt·|Vx|/σx)` with the step's own
    // end spin ω': the steady-state model is untouched.
    let (p, mut c, mut s) = setup(0.8, 2.08, 0.46);
    c.drive_torque = 1200.0;
    solve_contact(&p, &c, &mut s, dt);
    let slip = s.omega * 0.3 - c.vx;
    assert!(slip > 0.0, "ω' = {} rad/s", s.omega);
    let relaxed = (0.46 + dt * slip) / (1.0 + dt * 0.8 / 0.1);
    assert!(
        (s.transient.u - relaxed).abs() < 1e-12,
        "u = {} m (relaxed {relaxed} m)",
        s.transient.u
    );
}

#[test]
fn a_reversed_longitudinal_slide_gives_back_no_more_than_the_patch_spring_held() {
    // The same start on a 400 kg corner (the tyre's force the only one on it) over 0.5 s at
    // 1 ms: its energy ½·m·Vx² + ½·I·ω² + the patch spring's U starts at
    // ½·400·0.8² + ½·1·1.6² + 11.11 = 140.39 J (the deflection beyond the reach counts at
    // the reach) and may rise by at most the first step's work at full sliding force along
    // the slide, before the deflection is held: 4000 N · 1.28 m/s · 1 ms = 5.12 J, so
    // 145.51 J. Measured: 141.57 J; without the hold 146.61 J (the unwinding 0.46 m pushed
    // the corner along its slide at full sliding force).
    let dt = 1e-3;
    let m = 400.0;
    let (p, mut c, mut s) = setup(0.8, -0.48, 0.46);
    let model = p.model.as_model();
    let energy = |c: &ContactInput, s: &TireState| {
        0.5 * m * c.vx * c.vx
            + 0.5 * c.inertia * s.omega * s.omega
            + patch_energy(model, &p.relaxation, c, s)
    };
    let e0 = energy(&c, &s);
    assert!((e0 - 140.39).abs() < 0.01, "E(0) = {e0} J");
    let mut e_max = e0;
    for _ in 0..500 {
        let f = solve_contact(&p, &c, &mut s, dt);
        c.vx += f.fx / m * dt;
        e_max = e_max.max(energy(&c, &s));
    }
    assert!(e_max <= 145.51, "energy rose to {e_max:.2} J");
}

#[test]
fn a_tyre_off_the_ground_holds_no_deflection() {
    // A wheel that leaves the ground: no patch, so the carcass springs back (u = v = 0) and
    // it lands undeflected instead of pushing with what it held before it left.
    let mut ws = skidpad::vehicle::WheelState::default();
    (ws.tire.transient.u, ws.tire.transient.v) = (0.003, -0.02);
    skidpad::wheel::clear_contact_forces(&mut ws);
    assert_eq!((ws.tire.transient.u, ws.tire.transient.v), (0.0, 0.0));
}
