//! Spec tests of the longitudinal vehicle body (`shared/seeds/vehicle-body-spec.md`).
//!
//! Every expected number is computed by hand in a comment before the run; tolerances are
//! stated in units or percent as the spec asks. `g = 9.81 m/s²` throughout.

mod support;

// The tests live in `mod body1d` so that `cargo test -p skidpad body1d` selects them.
mod body1d {
    use skidpad::body1d::{
        self as body1d, StepOptions, VehicleBodyParams, VehicleBodyState, WheelLift, normal_loads,
        rear_lift_acceleration, static_normal_loads, step_with, terminal_velocity,
        terminal_velocity_drag_only, traction_limit,
    };

    /// Relative error |got − want| / |want|.
    fn rel(got: f64, want: f64) -> f64 {
        (got - want).abs() / want.abs()
    }

    /// Spec "Compact car": m 1200 kg, L 2.5 m, h 0.5 m; a 1.0 m, b 1.5 m (60 % front).
    fn compact() -> VehicleBodyParams {
        VehicleBodyParams::from_wheelbase(1200.0, 2.5, 1.0, 0.5)
    }

    /// Spec "SUV": m 2500 kg, L 3.0 m, h 0.75 m; a = b = 1.5 m (50 % front).
    fn suv() -> VehicleBodyParams {
        VehicleBodyParams::from_wheelbase(2500.0, 3.0, 1.5, 0.75)
    }

    // ---------------------------------------------------------------------------------------
    // Test 1: static weight distribution
    // ---------------------------------------------------------------------------------------

    #[test]
    fn static_weight_distribution() {
        // Default sedan: m 1550, L 2.8, a 1.2, b 1.6.
        // Hand: m g = 1550 · 9.81 = 15205.5 N
        //       N_f = m g b / L = 15205.5 · 1.6 / 2.8 = 8688.857 N
        //       N_r = m g a / L = 15205.5 · 1.2 / 2.8 = 6516.643 N
        //       moment about the CG: N_f a − N_r b = 10426.63 − 10426.63 = 0
        let p = VehicleBodyParams::default();
        let (nf, nr, w) = (8688.857, 6516.643, 15205.5);

        let algebraic = static_normal_loads(&p);
        // Also simulate: at rest with no traction for 2 s, it must not move.
        let mut s = VehicleBodyState::at_rest(&p);
        for _ in 0..120 {
            body1d::step(&p, &mut s, 0.0, 0.0, 1.0 / 60.0);
        }
        assert_eq!(s.position, 0.0, "a body at rest with no traction stays put");
        assert_eq!(s.velocity, 0.0);
        assert_eq!(algebraic.lift, WheelLift::None);
        for (n_f, n_r) in [
            (algebraic.front, algebraic.rear),
            (s.normal_front, s.normal_rear),
        ] {
            assert!(
                rel(n_f, nf) < 1e-3,
                "N_f {n_f} vs {nf}: error must be < 0.1 %"
            );
            assert!(rel(n_r, nr) < 1e-3, "N_r {n_r} vs {nr}");
            assert!(rel(n_f + n_r, w) < 1e-3, "total {} vs m g {w}", n_f + n_r);
            let moment = n_f * p.cg_to_front - n_r * p.cg_to_rear;
            assert!(
                moment.abs() < 1e-3 * w * p.wheelbase,
                "moment about CG {moment} N·m"
            );
        }
    }

    // ---------------------------------------------------------------------------------------
    // Test 2: load transfer during acceleration
    // ---------------------------------------------------------------------------------------

    #[test]
    fn load_transfer_accelerating_compact_car() {
        // Drag and rolling off with StepOptions::NONE (exact switch; Cd must stay > 0 in params).
        // Hand: F = m a = 1200 · 3 = 3600 N (split 1800 / 1800)
        //       ΔN = m a h / L = 1200 · 3 · 0.5 / 2.5 = 720 N
        //       static N_f = 1200 · 9.81 · 1.5 / 2.5 = 7063.2 N, N_r = 4708.8 N
        //       accelerating N_f = 7063.2 − 720 = 6343.2 N, N_r = 4708.8 + 720 = 5428.8 N
        //       total 11772 N; after 2 s: v = 6 m/s, x = ½ · 3 · 4 = 6 m
        let p = compact();
        let (f_front, f_rear) = (1800.0, 1800.0);
        let mut s = VehicleBodyState::at_rest(&p);
        let (nf0, nr0) = (s.normal_front, s.normal_rear);
        assert!(rel(nf0, 7063.2) < 1e-3 && rel(nr0, 4708.8) < 1e-3);

        for _ in 0..200 {
            step_with(&p, &StepOptions::NONE, &mut s, f_front, f_rear, 0.01);
            assert!(rel(s.acceleration, 3.0) < 1e-9);
            assert!(rel(s.normal_front, 6343.2) < 1e-3, "N_f {}", s.normal_front);
            assert!(rel(s.normal_rear, 5428.8) < 1e-3, "N_r {}", s.normal_rear);
            assert!(s.normal_rear > nr0 && s.normal_front < nf0);
            assert!(rel(nf0 - s.normal_front, 720.0) < 1e-3, "ΔN must be 720 N");
            assert!(
                rel(s.normal_total(), 11772.0) < 1e-9,
                "total load conserved"
            );
            // Newton: F_f + F_r = m a (no resistances).
            assert!((f_front + f_rear - p.mass * s.acceleration).abs() < 1e-6);
            assert_eq!(s.resistance_total(), 0.0);
        }
        assert!((s.velocity - 6.0).abs() < 1e-9, "v {}", s.velocity);
        assert!((s.position - 6.0).abs() < 1e-9, "x {}", s.position);
    }

    // ---------------------------------------------------------------------------------------
    // Test 3: load transfer during braking
    // ---------------------------------------------------------------------------------------

    #[test]
    fn load_transfer_braking_suv() {
        // Hand: F = m a = 2500 · (−8) = −20000 N (front −14000, rear −6000)
        //       ΔN = 2500 · (−8) · 0.75 / 3 = −5000 N
        //       static N_f = N_r = 2500 · 9.81 / 2 = 12262.5 N
        //       braking N_f = 17262.5 N, N_r = 7262.5 N (front gains, rear loses 5000 N)
        //       rear lift at a = −g a_cg / h = −9.81 · 1.5 / 0.75 = −19.62 m/s²
        let p = suv();
        let mut s = VehicleBodyState::moving(&p, 30.0);
        for _ in 0..100 {
            step_with(&p, &StepOptions::NONE, &mut s, -14000.0, -6000.0, 0.01);
            assert!(rel(s.acceleration, -8.0) < 1e-9);
            assert!(
                rel(s.normal_front, 17262.5) < 1e-3,
                "N_f {}",
                s.normal_front
            );
            assert!(rel(s.normal_rear, 7262.5) < 1e-3, "N_r {}", s.normal_rear);
            assert!(rel(s.normal_total(), 24525.0) < 1e-9);
        }
        assert!((s.velocity - 22.0).abs() < 1e-9, "30 − 8 · 1 = 22 m/s");

        // Rear wheel lift: the reported limit, then loads either side of it.
        let a_lift = rear_lift_acceleration(&p);
        assert!((a_lift - (-19.62)).abs() < 1e-9, "rear lift at {a_lift}");
        let at = normal_loads(&p, a_lift);
        assert!(at.rear.abs() < 1e-6 && rel(at.front, 24525.0) < 1e-9);
        let before = normal_loads(&p, -19.0);
        assert_eq!(before.lift, WheelLift::None);
        assert!(
            before.rear > 0.0 && before.rear < 0.05 * 24525.0,
            "nearly unloaded"
        );
        let beyond = normal_loads(&p, -20.0);
        assert_eq!(beyond.lift, WheelLift::Rear);
        assert_eq!(beyond.rear, 0.0);
        assert!(rel(beyond.front, 24525.0) < 1e-12, "front carries m g");

        // Same through a step: −25 m/s² (F = −62500 N) clamps the rear load at 0.
        let mut s = VehicleBodyState::moving(&p, 30.0);
        step_with(&p, &StepOptions::NONE, &mut s, -62500.0, 0.0, 0.01);
        assert_eq!(s.normal_rear, 0.0);
        assert!(rel(s.normal_front, 24525.0) < 1e-12);
    }

    // ---------------------------------------------------------------------------------------
    // Test 4: aerodynamic drag, terminal velocity, power balance
    // ---------------------------------------------------------------------------------------

    #[test]
    fn drag_terminal_velocity_and_power_balance() {
        // Default sedan, drag only, thrust 2000 N at the rear axle.
        // Hand: k = ½ ρ Cd A = 0.5 · 1.225 · 0.33 · 2.3 = 0.4648875 kg/m
        //       v_t = √(F / k) = √(2000 / 0.4648875) = √4302.10 = 65.5905 m/s
        //       analytic v(t) = v_t tanh(t / T), T = m v_t / F = 1550 · 65.5905 / 2000 = 50.83 s
        //       at 300 s: tanh(5.90) = 0.999985 → within 0.0015 % of v_t (< 0.1 %)
        let p = VehicleBodyParams::default();
        let thrust = 2000.0;
        let v_t = 65.5905;
        let t_const = 50.83;
        assert!(rel(terminal_velocity_drag_only(&p, thrust), v_t) < 1e-5);

        let dt = 0.01;
        let mut s = VehicleBodyState::at_rest(&p);
        let (mut work_in, mut work_drag) = (0.0, 0.0);
        let mut prev = s;
        for i in 1..=30_000 {
            step_with(&p, &StepOptions::DRAG_ONLY, &mut s, 0.0, thrust, dt);
            // Trapezoidal ∫ F v dt and ∫ D v dt.
            work_in += 0.5 * dt * thrust * (prev.velocity + s.velocity);
            work_drag += 0.5 * dt * (prev.drag * prev.velocity + s.drag * s.velocity);
            assert!(s.velocity > prev.velocity, "monotone approach at step {i}");
            assert!(s.velocity < v_t * (1.0 + 1e-6), "never overshoots v_t");
            if i % 5000 == 0 {
                let t = f64::from(i) * dt;
                let analytic = v_t * (t / t_const).tanh();
                assert!(
                    rel(s.velocity, analytic) < 1e-3,
                    "t {t}: {} vs {analytic}",
                    s.velocity
                );
            }
            prev = s;
        }
        assert!(rel(s.velocity, v_t) < 1e-3, "v {} vs v_t {v_t}", s.velocity);
        assert!(s.acceleration.abs() < 1e-3, "a → 0, got {}", s.acceleration);

        // Power balance: ∫ F v dt = ∫ D v dt + ΔKE within 1 %.
        let kinetic = 0.5 * p.mass * s.velocity * s.velocity;
        assert!(
            rel(work_drag + kinetic, work_in) < 0.01,
            "in {work_in:.0} J vs drag {work_drag:.0} J + KE {kinetic:.0} J"
        );

        // Steady state: loads back at static (8688.857 / 6516.643 N) within 0.1 %.
        assert!(rel(s.normal_front, 8688.857) < 1e-3);
        assert!(rel(s.normal_rear, 6516.643) < 1e-3);
    }

    #[test]
    fn terminal_velocity_with_rolling_resistance() {
        // Hand: Crr m g = 0.015 · 15205.5 = 228.0825 N
        //       v_t = √((2000 − 228.0825) / 0.4648875) = √3811.50 = 61.7373 m/s
        //       T ≈ m v_t / (F − R) = 1550 · 61.74 / 1771.9 = 54.0 s; run 400 s (7.4 T)
        let p = VehicleBodyParams::default();
        let v_t = 61.7373;
        let closed = terminal_velocity(&p, 2000.0).expect("thrust exceeds rolling resistance");
        assert!(rel(closed, v_t) < 1e-5, "closed form {closed}");
        assert_eq!(terminal_velocity(&p, 200.0), None, "200 N < 228 N rolling");

        let mut s = VehicleBodyState::at_rest(&p);
        for _ in 0..40_000 {
            body1d::step(&p, &mut s, 1000.0, 1000.0, 0.01);
        }
        assert!(rel(s.velocity, v_t) < 1e-3, "v {}", s.velocity);
        assert!(rel(s.rolling_front + s.rolling_rear, 228.0825) < 1e-6);
    }

    // ---------------------------------------------------------------------------------------
    // Test 5: rear-wheel drive, friction-limited, with load transfer
    // ---------------------------------------------------------------------------------------

    /// Run a RWD launch for `steps` of 0.01 s: each step the rear traction is
    /// `min(demand, µ N_r)`, with `N_r` from the state's current (last evaluated) acceleration,
    /// or the static rear load when `load_transfer` is false. Returns the final state and the
    /// rear traction applied at each step.
    fn rwd_launch(
        p: &VehicleBodyParams,
        opts: &StepOptions,
        mu: f64,
        demand: f64,
        load_transfer: bool,
        steps: usize,
    ) -> (VehicleBodyState, Vec<f64>) {
        let static_rear = static_normal_loads(p).rear;
        let mut s = VehicleBodyState::at_rest(p);
        let mut traction = Vec::with_capacity(steps);
        for _ in 0..steps {
            let n_r = if load_transfer {
                s.normal_rear
            } else {
                static_rear
            };
            let f = demand.min(traction_limit(mu, n_r));
            traction.push(f);
            step_with(p, opts, &mut s, 0.0, f, 0.01);
        }
        (s, traction)
    }

    #[test]
    fn rwd_friction_limited_launch_gains_from_load_transfer() {
        // Default sedan: m 1550, L 2.8, a 1.2, h 0.55; µ = 1.0; demand 20000 N (wheelspin).
        // Derivation (no resistances): m a = µ N_r = µ m (g a_cg + a h) / L
        //       → a (1 − µ h / L) = µ g a_cg / L → a = µ g a_cg / L / (1 − µ h / L)
        //       (the brief's a = µ m g a_cg / L / (m − µ m h / L), same thing)
        // Hand: without load transfer a₀ = 1.0 · 9.81 · 1.2 / 2.8 = 4.20429 m/s²
        //       with: 1 − 0.55 / 2.8 = 0.803571 → a = 4.20429 / 0.803571 = 5.2320 m/s²
        //       first step's capacity is static µ N_r = 6516.64 N; steady capacity
        //       m a = 1550 · 5.2320 = 8109.6 N
        let p = VehicleBodyParams::default();
        let (with, traction) = rwd_launch(&p, &StepOptions::NONE, 1.0, 20_000.0, true, 300);
        let (without, _) = rwd_launch(&p, &StepOptions::NONE, 1.0, 20_000.0, false, 300);

        assert!(
            rel(traction[0], 6516.64) < 1e-5,
            "first capacity {}",
            traction[0]
        );
        assert!(
            traction.windows(2).all(|w| w[1] >= w[0]),
            "capacity grows with acceleration (self-limiting feedback)"
        );
        assert!(rel(traction[299], 8109.6) < 0.005);
        assert!(
            rel(with.acceleration, 5.2320) < 0.005,
            "a {}",
            with.acceleration
        );
        assert!(rel(without.acceleration, 4.20429) < 0.005);
        assert!(with.acceleration > without.acceleration && with.velocity > without.velocity);

        // A reasonable demand (5000 N < 6516 N static capacity) is never limited: no wheelspin.
        let (_, traction) = rwd_launch(&p, &StepOptions::ALL, 1.0, 5000.0, true, 300);
        assert!(traction.iter().all(|&f| f == 5000.0));
    }

    #[test]
    fn rwd_friction_limited_launch_with_all_resistances() {
        // Spec test 5 asks for all resistances on. Then, at speed v:
        //   m a (1 − µ h / L) = µ m g a_cg / L − k v² − Crr m g tanh(v / v_s)
        // Hand at 3 s: v ≈ 5.1 · 3 ≈ 15 m/s, k v² ≈ 0.465 · 230 ≈ 107 N, Crr m g = 228.08 N
        //   → a ≈ (6516.64 − 107 − 228.08) / (1550 · 0.803571) ≈ 4.96 m/s²; checked with the
        //   measured v within 0.5 %.
        let p = VehicleBodyParams::default();
        let (s, _) = rwd_launch(&p, &StepOptions::ALL, 1.0, 20_000.0, true, 300);
        let k = 0.4648875;
        let v = s.velocity;
        let expected =
            (6516.643 - k * v * v - 228.0825 * (v / 0.1).tanh()) / (1550.0 * 0.803_571_4);
        assert!((14.0..16.0).contains(&v), "v {v}");
        assert!(
            rel(s.acceleration, expected) < 0.005,
            "a {} vs {expected}",
            s.acceleration
        );
        assert!((s.acceleration - 4.96).abs() < 0.05);
    }

    // ---------------------------------------------------------------------------------------
    // Grade and low-speed behaviour
    // ---------------------------------------------------------------------------------------

    #[test]
    fn coasting_uphill_and_rolling_back() {
        // Sedan on θ = 0.1 rad, drag off, rolling on.
        // Hand: sin 0.1 = 0.0998334, cos 0.1 = 0.9950042
        //   coasting up at 20 m/s: a = −g (sin θ + Crr cos θ) = −9.81 · 0.1147585 = −1.12578 m/s²
        //   rolling back (v < 0):  a = −g sin θ + Crr g cos θ = −0.97937 + 0.14642 = −0.83295 m/s²
        //   total load m g cos θ = 15205.5 · 0.9950042 = 15129.54 N
        let p = VehicleBodyParams {
            grade: 0.1,
            ..VehicleBodyParams::default()
        };
        let opts = StepOptions {
            drag: false,
            rolling: true,
        };
        let mut s = VehicleBodyState::moving(&p, 20.0);
        step_with(&p, &opts, &mut s, 0.0, 0.0, 0.01);
        assert!(
            (s.acceleration - (-1.12578)).abs() < 1e-5,
            "a {}",
            s.acceleration
        );
        assert!(rel(s.normal_total(), 15129.54) < 1e-6);
        assert!(
            s.grade_force > 0.0,
            "uphill grade force opposes forward motion"
        );

        // Parked on the hill (held at a = 0): load shifts rearward versus flat.
        let flat = static_normal_loads(&VehicleBodyParams::default());
        let hill = static_normal_loads(&p);
        assert!(hill.rear > flat.rear * 0.9950042 && hill.front < flat.front * 0.9950042);

        // From rest with no thrust it rolls back.
        let mut s = VehicleBodyState::at_rest(&p);
        for _ in 0..200 {
            step_with(&p, &opts, &mut s, 0.0, 0.0, 0.01);
        }
        assert!(s.velocity < -1.0, "rolled back: v {}", s.velocity);
        assert!(
            (s.acceleration - (-0.83295)).abs() < 1e-5,
            "a {}",
            s.acceleration
        );
    }

    #[test]
    fn coasting_to_a_stop_is_monotone_without_chatter() {
        // Sedan at 5 m/s, no traction, all resistances, 60 Hz for 120 s.
        // Hand: decel ≈ Crr g = 0.147 m/s² (+ drag) → reaches v_s = 0.1 m/s in < 34 s; below it
        //   rolling acts as a damper, τ = v_s / (Crr g) = 0.68 s, so v < 1e-6 m/s by ~50 s.
        let p = VehicleBodyParams::default();
        let mut s = VehicleBodyState::moving(&p, 5.0);
        let mut prev = s.velocity;
        for i in 0..7200 {
            body1d::step(&p, &mut s, 0.0, 0.0, 1.0 / 60.0);
            assert!(
                s.velocity >= 0.0,
                "velocity flipped sign at step {i}: {}",
                s.velocity
            );
            assert!(s.velocity <= prev, "non-monotone at step {i}");
            if i >= 6600 {
                assert!(
                    s.velocity < 1e-6,
                    "still moving at step {i}: {}",
                    s.velocity
                );
            }
            prev = s.velocity;
        }
        // Rolling resistance is continuous through v = 0 and zero at rest.
        let r0 = body1d::resistances(&p, 0.0, 8000.0, 7000.0);
        assert_eq!(r0.rolling_front + r0.rolling_rear + r0.drag, 0.0);
        let r_plus = body1d::resistances(&p, 1e-6, 8000.0, 7000.0);
        let r_minus = body1d::resistances(&p, -1e-6, 8000.0, 7000.0);
        assert!(r_plus.total() > 0.0 && r_minus.total() < 0.0);
        assert!(r_plus.total() - r_minus.total() < 0.01, "no jump at v = 0");
    }

    // ---------------------------------------------------------------------------------------
    // Parameters
    // ---------------------------------------------------------------------------------------

    #[test]
    fn default_and_constructors_validate() {
        let p = VehicleBodyParams::default();
        p.validate().expect("default sedan is valid");
        // Spec mid-size sedan: 55–60 % front.
        assert!((0.55..=0.60).contains(&p.front_weight_fraction()));
        // 1.3 + 1.5 need not be 2.8 to the last bit: accepted within the tolerance.
        let q = VehicleBodyParams {
            wheelbase: 2.8,
            cg_to_front: 1.3,
            cg_to_rear: 1.5,
            ..p
        };
        q.validate().expect("a + b = L within 1e-9 L");
        let d = VehicleBodyParams::try_from_wheelbase(1500.0, 2.7, 1.1, 0.5).unwrap();
        assert_eq!(d.cg_to_rear, 2.7 - 1.1);
        let e = VehicleBodyParams::try_from_wheelbase(1500.0, 2.7, 2.7, 0.5).unwrap_err();
        assert_eq!(e.path, "cg_to_rear");
    }

    #[test]
    fn validate_rejects_each_rule() {
        type Edit = fn(&mut VehicleBodyParams);
        #[rustfmt::skip]
    let cases: [(Edit, &str, &str); 22] = [
        // edit,                                                  path,                  rule
        (|p| p.mass = 0.0,                                        "mass",                "m > 0"),
        (|p| p.mass = f64::NAN,                                   "mass",                "finite"),
        (|p| p.wheelbase = -2.8,                                  "wheelbase",           "L > 0"),
        (|p| p.wheelbase = f64::INFINITY,                         "wheelbase",           "finite"),
        (|p| p.cg_to_front = 0.0,                                 "cg_to_front",         "a > 0"),
        (|p| p.cg_to_rear = -0.1,                                 "cg_to_rear",          "b > 0"),
        (|p| { p.cg_to_front = 2.8; p.cg_to_rear = 1e-12 },       "cg_to_front",         "0 < a/L < 1"),
        (|p| p.cg_to_rear = 1.6 + 1e-6,                           "cg_to_rear",          "a + b = L"),
        (|p| p.cg_to_rear = 1.7,                                  "cg_to_rear",          "a + b = L"),
        (|p| p.cg_height = 0.0,                                   "cg_height",           "h_cg > 0"),
        (|p| p.drag_coefficient = 0.0,                            "drag_coefficient",    "Cd > 0"),
        (|p| p.frontal_area = -1.0,                               "frontal_area",        "A > 0"),
        (|p| p.air_density = 0.0,                                 "air_density",         "rho > 0"),
        (|p| p.rolling_resistance = -1e-6,                        "rolling_resistance",  "Crr >= 0"),
        (|p| p.rolling_resistance = f64::NAN,                     "rolling_resistance",  "finite"),
        (|p| p.gravity = 0.0,                                     "gravity",             "g > 0"),
        (|p| p.grade = std::f64::consts::FRAC_PI_4,               "grade",               "θ < π/4"),
        (|p| p.grade = -std::f64::consts::FRAC_PI_4,              "grade",               "θ > −π/4"),
        (|p| p.grade = 1.0,                                       "grade",               "θ < π/4"),
        (|p| p.grade = f64::NAN,                                  "grade",               "finite"),
        (|p| p.rolling_smoothing_speed = 0.0,                     "rolling_smoothing_speed", "v_s > 0"),
        (|p| p.rolling_smoothing_speed = f64::INFINITY,           "rolling_smoothing_speed", "finite"),
    ];
        for (edit, path, rule) in cases {
            let mut p = VehicleBodyParams::default();
            edit(&mut p);
            let err = p.validate().expect_err(rule);
            assert_eq!(err.path, path, "rule {rule}: {err}");
        }
        // Rule boundaries that are allowed.
        let ok = [
            VehicleBodyParams {
                rolling_resistance: 0.0,
                ..VehicleBodyParams::default()
            },
            VehicleBodyParams {
                grade: 0.78,
                ..VehicleBodyParams::default()
            },
            VehicleBodyParams {
                grade: -0.78,
                ..VehicleBodyParams::default()
            },
        ];
        for p in ok {
            p.validate().unwrap();
        }
    }

    #[test]
    fn serde_denies_unknown_fields_and_fills_defaults() {
        use serde::Deserialize;
        use serde::de::value::{Error, MapDeserializer};
        let required = [
            ("mass", 1200.0),
            ("wheelbase", 2.5),
            ("cg_to_front", 1.0),
            ("cg_to_rear", 1.5),
            ("cg_height", 0.5),
            ("drag_coefficient", 0.3),
            ("frontal_area", 2.1),
            ("rolling_resistance", 0.012),
        ];
        let p =
            VehicleBodyParams::deserialize(MapDeserializer::<_, Error>::new(required.into_iter()))
                .unwrap();
        assert_eq!((p.air_density, p.gravity, p.grade), (1.225, 9.81, 0.0));
        assert_eq!(p.rolling_smoothing_speed, 0.1);
        p.validate().unwrap();
        let unknown = required.into_iter().chain([("mas", 1.0)]);
        assert!(VehicleBodyParams::deserialize(MapDeserializer::<_, Error>::new(unknown)).is_err());
        let missing = required.into_iter().skip(1);
        assert!(VehicleBodyParams::deserialize(MapDeserializer::<_, Error>::new(missing)).is_err());
    }

    // ---------------------------------------------------------------------------------------
    // No allocation in a step
    // ---------------------------------------------------------------------------------------

    #[global_allocator]
    static ALLOC: crate::support::alloc::CountingAlloc = crate::support::alloc::CountingAlloc;

    #[test]
    fn step_does_not_allocate() {
        let p = VehicleBodyParams {
            grade: 0.05,
            ..VehicleBodyParams::default()
        };
        let mut s = VehicleBodyState::moving(&p, 3.0);
        let ((), allocs) = crate::support::alloc::allocations_in(|| {
            for i in 0..1000 {
                let cap = traction_limit(1.0, s.normal_rear);
                body1d::step(&p, &mut s, 0.0, cap.min(f64::from(i)), 1.0 / 60.0);
                let _ = (
                    normal_loads(&p, s.acceleration),
                    body1d::resistances(&p, s.velocity, s.normal_front, s.normal_rear),
                );
            }
        });
        assert_eq!(allocs, 0, "a step allocated");
        assert!(s.velocity.is_finite());
    }
}
