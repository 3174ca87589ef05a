//! Energy audit at the extremes (issue 12): every preset × drops of 0.5, 2, 10 and 50 m, a
//! ledge, a cliff, a ramp jump, a curb strike and a roll-over × step sizes 1/30, 1/60, 1/120
//! and 1/1000 s. The vehicle's mechanical energy
//!
//! ```text
//! E = ½·m·|v|² + ½·ωᵀ·I_w·ω + m·g·z_com + Σ_wheels ½·I_spin·ω_wheel²
//!   + Σ (F_rest + k·x)²/(2k)                  (spring, counted from its zero-force point,
//!                                              in contact or resting on its droop stop)
//!   + Σ_in-contact k_bs·δ³/3                   (bump stop, δ its compression)
//!   + Σ_in-contact F_max·max(x − x_max, 0)     (a wheel found past full compression: the
//!                                              clamped strut's push over the depth)
//!   + Σ_bars ½·k_bar·(x_a* − x_b*)²            (both wheels in contact; x* the jounce a
//!                                              wheel the bar lifts off its ground rests
//!                                              at, its spring counted there too:
//!                                              [`energy::bar_energy`])
//!   + Σ_in-contact U_patch(u, v)               (the tyres' patch springs)
//! ```
//! (J; `I_spin` the wheel's spin inertia with its share of a tank's track, [`spin_inertia`];
//! `U_patch` the carcass deflections' energy, `skidpad::tire::contact::patch_energy`: the
//! model's pure-slip spring force integrated over `u` and `v` within the carcass's reach,
//! `½·(K_x/σx)·u² + ½·(K_α/σy)·v²` for a tyre linear to its limit),
//! with every spring at the pose the step ended at ([`end_jounces`]: the state's jounce
//! was measured at the start of the last substep, before the body moved; counting it mixed
//! two instants and alone made the 8×8 truck's 2.5 kJ "rise" landing at 1/30 s), may rise
//! by no more than the work the drive torques did, `W = Σ max(τ_drive·ω_wheel, 0)·dt` (the
//! engines idle and creep; no throttle is given), plus [`ROUNDING`] of the energy's size for
//! floating-point rounding, plus what the explicit springs may add
//! ([`explicit_spring_allowance`]: `Σ ½·k·Δx²` per step; in the net gain
//! [`explicit_spring_offset`], `Σ ½·F·Δx`). The body's contact with the ground is rigid (it
//! stores nothing, so it adds no term) and inelastic; the end stops too. The state stays
//! finite; after a drop, a ledge or a cliff the body never rises above its start height; a
//! roll-over ends at rest on the roof or a side.
//!
//! Checked on every cell: the net gain, `E(t) − E(0)` never above the drive work done since
//! the start (`E(0)` after the first step, which measures the teleported suspension afresh).
//! Checked on every cell too (since session 25): no single step rises, the patch springs of
//! a wheel in contact throughout counted
//! at the step's end load at both ends ([`energy::patch_reload`]). CI runs
//! the whole matrix (≈ 15 s at opt-level 1); the table of the worst net gain and one-step
//! rise per event and step is
//!
//! ```text
//! cargo test -p skidpad --test energy_audit -- --ignored full_matrix --nocapture
//! ```
//! and `decompose` splits one run's rises into body and springs (state's jounce and end pose).
//!
//! **Controls changing** (session 33, `kicks.rs`'s `KICK_CELLS`, CI): brake, throttle or
//! steer toggled every step and two seeded patterns, every preset at 1/30–1/120 s, with
//! both kicks (`SimParams::input_jump_half_kick`, `opening_half_kick`) on and off: the net
//! gain passes in all 288 cells. One step: the kick-on cells are judged on the synchronised
//! energy (`audit-s35`: the held half-substep velocity's reading jumps with the controls by
//! `C = ½h·(F₋ − F)·v + O(h²)`, the kick's own work, which the audit forms from its own
//! passes, `kicks.rs`'s "The kick's bookkeeping"; without it a throttle released rises up to
//! +2547 J). Open cells, the kart's, in ignored tests (`kicks.rs`'s module docs); the
//! matrix's events with both kicks on pass too.
//!
//! ## What the one-step rises were (issue 12) and what is left
//!
//! - **Measurement** (the largest on drops): the springs counted at the start-of-substep
//!   jounce. With the end pose, the 8×8 truck's 0.5 m drop at 1/30 s goes from +2482 J to
//!   ≤ 0 in every step. And a tank wheel's spin energy counts its share of the track
//!   ([`spin_inertia`]): without it the tank's ramp jump at 1/120 s rose 1.3 kJ in a step.
//! - **Touchdown**: a hanging wheel found compressed at the start of a substep stored energy
//!   no force took from the body (the tank's 2 m drop at 1/30 s: +11.5 kJ in one step).
//!   Fixed in the physics: the suspension stage's energy-exact touchdown impulse
//!   (`skidpad::suspension::model::touchdown_impulse`).
//! - **Explicit springs**: `ΔE = ½·k·Δx² − ½·h²·k²·x₀²/m` per substep (the tank's 2 m drop at
//!   1/60 s: 1.9 kJ, all of it within `½·k·Δx²`). Allowed, not removed: an implicit spring
//!   damps the ride by `ω·h/4` to `ω·h/2` (`skidpad::suspension`'s module docs).
//! - **Constraint impulses as forces** (the ramp jump, the ledges, the drops at 1/1000 s):
//!   stage 10b's impulses went into the substep's wrench as `J/h`, and the chassis
//!   integrator's Strang splitting turns the body with the mean of the spin before and after
//!   the substep, so only half of an impulse's spin change (and half of the other torques'
//!   last kick) reached the pose while the constraint had removed the whole approach speed
//!   at the end of the substep. Traced with `decompose` on the sports car's ramp jump at
//!   1/30 s: its rear wheels ended 42 mm deeper past full compression in one step (51 mm in
//!   all) than the end stop allowed, and their clamped springs then lifted the body out with
//!   energy they never stored (+1.5 kJ in a step). Fixed in the physics: the constraints are
//!   solved on the velocity the pose drifts with and their impulse is applied before the
//!   drift (`skidpad::pipeline::integrate_substep`, `drift_state`). Before → after (worst
//!   over the presets, beyond the allowance): ramp jump 1.57 kJ / 419 J / 114 J / 0.58 J at
//!   1/30, 1/60, 1/120, 1/1000 s → none; 2 m ledge 1.80 kJ / 451 J / 180 J / 2.4 J → none;
//!   drops at 1/1000 s 2.6–8.2 J → none; roll-over 52 J / 0.013 J / 1.7 J at 1/30, 1/60,
//!   1/120 s → ≤ 8.2e-5 J.
//! - **Ground rising into a wheel in contact** (the curb strike; session 23): the 8×8 truck's
//!   curb strike at 1/120 s (`decompose`, t = 0.175 s): the front-left wheel's sweep met the
//!   curb's edge within one step, its jounce at the end pose 75 mm against the state's
//!   3 mm: the ground rose 72 mm into a wheel already in contact, the body did not move it,
//!   and the spring held `F₀·Δx + ½·k·Δx²` more (+2460 J) that no force took from the body
//!   (−1354 J): +1106 J in the step. Two parts. Measurement: the end pose's jounce counted
//!   ground the next substep meets, with its impulse, as a landing is; [`end_jounces`] now
//!   counts such a wheel on the plane it stood on (its `ground_rise` off) and a wheel whose
//!   ground fell away faster than it may extend (or that found none) hanging at
//!   `x − v_max·h`, as the next substep takes them (the tank's curb at 1/1000 s: a wheel
//!   counted in contact at −34 mm that the next substep hangs at +17 mm, +485 J). Physics:
//!   the contact stage measures how far the ground found lies above the plane the wheel
//!   stood on (`WheelState::ground_rise`) and the suspension stage takes the energy that
//!   stored, `U*(x) − U*(x − Δ)`, from the body's motion with the touchdown impulse's
//!   balance, against the contact point's motion (`skidpad::pipeline::suspension_stage`:
//!   the edge's reaction on a massless wheel climbing it opposes the motion; its vertical
//!   share is the spring's own force). Along the new contact's normal instead, as first
//!   tried, it lifted the body on top of the spring: the sports car's curb at 1/30 s rose
//!   17.5 → 661 J.
//! - **Past full compression** (the curb strike, the cliff; session 23): a wheel found inside
//!   the ground is clamped at full compression and its strut pushes the body out with
//!   `F_max` over the depth (`skidpad::suspension::model::strut_energy`): that much more is
//!   held than the spring stores. The touchdown and ground-rise impulses balance it, and the
//!   audit counts it (`U*` in [`springs`]).
//! - **Split-impulse position correction** (the 50 m cliff, the roll-over, the sedan's curb
//!   at 1/120 s; session 23): it moves the pose only, so it adds no kinetic energy, but
//!   lifting the centre of mass added `m·g·Δz` (the sedan standing on its nose after the
//!   cliff at 1/30 s: +112 J in a step; the rise went to −14.6 J with the correction off).
//!   Now `skidpad::pipeline::apply_position_correction` takes that from the motion.
//! - **A wheel landing sideways** (the curb strike; session 23b): the sedan's curb at
//!   1/1000 s (t = 0.967 s, `AUDIT_DEBUG`) is a hanging wheel at full droop whose sweep meets
//!   the curb's edge (normal tilted 59° from vertical) with its jounce 211 mm up within one
//!   1 ms substep (the car came onto the curb sideways, rolling at 1.6 rad/s): `ΔU` = 659 J.
//!   The body lost only 280 J in the step because the damper read the finite-difference rate
//!   `(x₁ − x₀)/h` = 211 m/s as strut motion: 464 kN over 1 ms, a push of ≈ 610 N·s along
//!   the normal after the touchdown impulse had stopped the closing, ≈ 400 J of kinetic
//!   energy the spring never held (+334 J in the step). Fixed in the physics
//!   (`skidpad::pipeline::suspension_stage`): the damper's rate at touchdown is at most the
//!   point's closing speed along the strut (in a landing from above the finite difference is
//!   the smaller and stays), and on ground rising into a wheel in contact it is the rate on
//!   the plane the wheel stood on; and what the closing speed cannot pay is taken from the
//!   contact point's motion after the touchdown impulse, as for ground rising into a wheel in
//!   contact (physics: the spring's energy can only come from the body's kinetic energy; the
//!   edge's reaction on a wheel climbing it sideways opposes its motion). The hosted
//!   comparison (`tests/hosted.rs`) now asks for what it needs (a path, a speed reached and
//!   a turn), not a speed at the end: its sports car ends 23–29 m from its start (27–34 m
//!   driven), under the 25 m the old straight-line condition asked for.
//! - **A tyre pushing the body along its slide** (the curb strike; session 24): the kart's
//!   curb at 1/120 s (t = 1.80–1.99 s, +0.5 to +5.2 J in every step, the body speeding up
//!   from 0.23 to 0.90 m/s while every wheel stood on a vertical normal with steady jounce
//!   and spin). Traced per force (work = force or impulse · the body point's velocity, each
//!   stage's energy change): no end-stop, rim or body impulse and no position correction
//!   acted; the four tyres' forces did +75 to +270 W each on the body while the wheels'
//!   spin energy stayed within 0.006 J. Their lateral deflections `v` were 0.7–1.6 m
//!   (σy = 0.3 m, `tan α'` up to 5): the transient model integrates the slip velocity while
//!   the patch slides, and the kart had spun off the strike (yawing at 2.2 rad/s at
//!   t = 1.5 s, sliding sideways at 3.1 m/s with 0.2 m/s forward: `σy·Vy/|Vx|` ≈ 4.6 m).
//!   Once the slip reversed, the deflection, still the old way, gave the full sliding force
//!   along the new slide until it had unwound (the 0.2 s of the rise).
//!   Fixed in the physics: a deflection against the slip is held within the carcass's reach
//!   `σy·F_slide/K_α` (`skidpad::tire::contact::carcass_reach_y`; it only lowers `|v|`, so
//!   the patch spring only loses energy; the steady-state model is untouched).
//! - **The position correction's turn** (the curb strike; session 24): the hatch's curb at
//!   1/1000 s (t = 1.289–1.295 s, +2.9 J in a step): tumbling at 3.7 rad/s with every
//!   wheel off the ground and no contact impulse, while the split impulse moved the body out
//!   of the ground (5.9 mm and 7 mrad per 1 ms substep), up to +3.8 J per substep, all in
//!   the correction: it turned the body and kept the spin's world components, so
//!   `½·ωᵀ·R·I·Rᵀ·ω` changed with the orientation. Fixed in the physics:
//!   `skidpad::pipeline::apply_position_correction` turns the spin with the body.
//! - **The tyres' patch springs** (the 50 m cliff at 1/60 s; session 25): `E` lacked the
//!   carcass deflections' energy, so a tyre unwinding gave the body energy `E` had not
//!   counted (the kart's curb at 1/1000 s with the longitudinal hold below: a rear tyre's
//!   lateral deflection at 95 % of its reach gave back ≈ 0.06 J per step, +0.021 J beyond the
//!   allowance). `U_patch` is now in `E`. Counting it showed two things: a tyre off the
//!   ground kept its deflections and landed pushing with them at the landing's load (the
//!   tank's curb at 1/1000 s, t = 0.863 s: a wheel touched down at 137 kN with the 26 mm of
//!   `v` it had kept in the air, and 833 J appeared; fixed in the physics,
//!   `skidpad::wheel::clear_contact_forces`: no patch, no deflection), and
//!   `U_patch` follows the load at a fixed deflection (`k = K/σ`, `K ∝ F_z`): a one-step
//!   spike to the cap multiplied it by 3.4 and back (+215 J in one step, the body losing
//!   energy in both), so the one-step check compares the deflections at one load. Then the
//!   cliff's cause at 1/60 s, traced in session 24 (below): the hatch's rear tyres kept
//!   `u` = 0.46 m (`κ'` = 4.6 at σx = 0.1 m) after the landing while the patch slid the
//!   other way, pushing forward at +314 N (+2.3 J per wheel and 1/180 s substep). Fixed in
//!   the physics: a longitudinal deflection against its slip velocity is held within the
//!   carcass's reach `σx·F_slide,x/K_x` (`skidpad::tire::contact::carcass_reach_x`, the
//!   mirror of the lateral hold above; Pacejka §7.2.2; `tests/tire_slip_reversal.rs`). No
//!   allowance for the patch springs is needed: the contact solve advances
//!   `u' = A·(u + h·(ω'R − Vx))` with the substep's start velocity and the body's velocity
//!   then takes `k·u'` (`patch_response`), so with `E` at the state's `u` one substep changes
//!   it by `½·h²·(F² − G²)/M − ½·k·Δu² − (relaxation)` (`G` the other forces on the contact,
//!   `skidpad::tire::contact::patch`'s module docs, `kart-s36`): for a lone corner
//!   `½·(h·F)²/m` (0.8 J for a 4 kN tyre on a 300 kg corner at 1/180 s), but `≈ h·F·ΔV`
//!   under a static load, which the kart nearly at rest shows (+0.0007 J, the one open cell,
//!   `kicks.rs`). Before → after (beyond the allowance, worst over the presets, J, at 1/30,
//!   1/60, 1/120, 1/1000 s): the 50 m cliff −2.11 / 1.47 (hatch) / −0.039 / 4.30 (sports
//!   car) → −2.11 / −3.17 (hatch) / −0.039 / −0.040 (rally car); the curb strike −2.16 /
//!   −0.53 / −0.93 / −0.096 (the kart at each) → −4.47 / −2.22 / −0.20 / −0.021 (the kart);
//!   every other cell's margin unchanged or wider (by up to 0.92 J, the ramp jump at
//!   1/30 s), the roll-over's unchanged. The cliff at 1/1000 s passes by its changed
//!   path: the sports car now lands and drives on upright (8.3 m/s at the end) instead of
//!   lying on its side, so the tread-edge term traced below is not removed, only not met.
//! - **Left open**, measured beyond the allowance (worst over the presets, J, at 1/30,
//!   1/60, 1/120, 1/1000 s), before → after session 23b: the 50 m cliff none / 4.98 (hatch)
//!   / none / 4.85 (sports car) → none / 1.47 (hatch) / none / 3.89 (sports car); the curb
//!   strike 1.6 (kart) / 0.97 (kart) / 4.2 (kart) / 334 (sedan) → none / none / 5.2 (kart) /
//!   2.9 (hatch), and → none at every step after session 24 (the two items above; the worst
//!   margin −2.2 / −0.54 / −0.93 / −0.096 J, the kart at each); the roll-over none / 1.5e-5
//!   / 2.3e-5 / none, unchanged (≤ 1.3e-9 of `E`, above the rounding allowance); the cliff
//!   at 1/60 and 1/1000 s unchanged by session 24's two fixes, and → none after session 25
//!   (above). The roll-over at 1/60 and 1/120 s and the tread-edge term (traced below) →
//!   none after session 25's crowned tread and converged contact solve (the last bullet):
//!   every cell passes and is asserted.
//!   The earlier trace of the ramp's rise as "the end stop's gap measured against the
//!   start-of-substep plane misses the ramp face" was tried: a second ground query per wheel
//!   at the integrated pose, as a speculative end stop against that plane, moved no cell by
//!   more than a few per cent, so it is not in the step (the depth came from the drift).
//! - **Traced in session 24, not yet fixed** (the per-substep work of every force on the body
//!   against each strut's energy: `trace.rs` in this test, `cargo test -p skidpad --test energy_audit trace -- --ignored --nocapture`; the figures above are unchanged):
//!   - *The 50 m cliff at 1/1000 s* (the sports car, 3.89 J): the strut's force acts on the
//!     tread centre line (the wheel centre projected on the plane,
//!     `skidpad::wheel::update_suspension`) while the jounce is measured to the wheel
//!     cylinder's support point, its lower tread edge as soon as the wheel leans more than
//!     0.06° (`skidpad::ground::wheel`). The body's work `(F/cos θ)·n·v_A` then differs from
//!     the spring's `F·ẋ` by `(F/cos θ)·n·(ω × (A − C))` (`A` the force point, `C` the edge):
//!     at t = 5.093 s the car lies on its side rolling at 5.3 rad/s, its rear-left wheel at
//!     9.7 kN with the edge 0.2 m off the centre line, and the body gets 10.7–11.5 J per 1 ms
//!     substep more than the jounce's geometry paid (`M2`), 2.5–3.8 J beyond the damper's
//!     loss. The same term makes the rocking settled car's rise: the 6×6 truck after its
//!     50 m drop at 1/60 s, with the contact solve converged (below), gains 0.2–0.3 J per
//!     wheel and 1/180 s substep while its roll grows (8.0 J in a step), every wheel in
//!     contact. So it, not the damper's finite-difference rate guessed in session 23b, is
//!     what the drops at 1/30 s showed with another touchdown damper, and the drop cells
//!     pass by their trajectories. Tried: the jounce to the tread centre (the travel at which
//!     the centre stands `r` above the plane, consistent with the force point): the cliff at
//!     1/1000 s passes, but the kart's curb strike at 1/60 s rises 15.9 J (a clamped strut
//!     pushing a point off the curb's steep face); a rounded tread for query and forces alike
//!     (a torus of tube radius `w/2`, forces at its support point): the kart's curb at 1/30
//!     and 1/60 s rises 33 and 24 J. Both were tried before the curb strike's session-24 fixes
//!     (above) and are to be tried again on top of them.
//!   - *The 50 m cliff at 1/60 s* (the hatch, 1.47 J; fixed in session 25, above): the tyres'
//!     transient slip
//!     (`skidpad::tire::transient`). After the landing (t = 5.03 s) the rear tyres' carcass
//!     deflection is `u` = 0.46 m (`κ' = u/σ` = 4.6 with σ = 0.1 m) while their contact
//!     points move forward at 0.8 m/s and the wheels turn backwards (slip velocity
//!     −1.28 m/s, `κ` = −1.6): the lagging slip keeps pushing forward, +314 N, and does
//!     +2.3 J per wheel and 1/180 s substep on the body (`T2`, with the wheels' spin rising
//!     too), friction along the slide. A first-order relaxation whose deflection runs far
//!     past the sliding limit stores energy no carcass holds (`F/k_c` is millimetres);
//!     Pacejka's non-linear form (relaxation length ∝ the local slip stiffness) bounds it.
//!     Tried (session 24, not merged): the longitudinal mirror of the lateral hold above (a
//!     deflection `u` against `ω'R − Vx` held within `σx·F_slide,x/K_x`, 0.1/18 m for the
//!     hatch's tyre at 4 kN) takes this cell from 1.47 J to −3.17 J (and the cliff at
//!     1/1000 s from 3.89 to 3.03 J by its changed path), but the kart's curb strike at
//!     1/1000 s then rises 0.021 J in a step: a rear tyre's *lateral* deflection (95 % of its
//!     reach, against a 0.1 m/s slide) unwinds over 0.16 s and gives back ≈ 0.06 J per step,
//!     the carcass spring's own energy, which `E` does not count. So `E` lacks a term for the
//!     tyres' patch springs (`≈ ½·(K_x/σx)·u² + ½·(K_α/σy)·v²` within their reach); the
//!     curb cell at 1/1000 s passes today by 0.096 J because its path has no such slow
//!     reversal. Next: add that term to `E` (and check every cell), then the hold.
//!   - *The roll-over at 1/60 and 1/120 s* (≤ 2.3e-5 J): not rounding but the contact
//!     solve's truncation (`skidpad::chassis::constraint::ITERATIONS`). The sedan's rise at
//!     1/120 s (t = 0.975 s, at rest on its roof, nine body points in contact) is the
//!     potential energy `m·g·h·v_z` of the upward velocity the 16 Gauss–Seidel sweeps leave
//!     (1.7e-7 m/s): the same step with 32 or more sweeps loses 3.8e-8 J (2.3e-5 J with 16).
//!     With up to 256 sweeps (the solve stops at its fixed point) every roll-over cell passes
//!     (the matrix takes 36 s instead of 15 s), but the 6×6 truck's drop at 1/60 s then shows
//!     the tread-edge term above (8.0 J), so the sweep count waits for that fix.
//!   - Seen on the way (the kart's curb with the tread-centre jounce):
//!     `skidpad::pipeline::suspension_stage`'s touchdown takes nothing from the body when
//!     the contact point is not closing (`v_n ≥ 0`, impulse 0), although the energy the
//!     compression stored is then all "what the closing speed cannot pay" (162 J there);
//!     taking it from the point's motion as for a sideways landing moved that cell from
//!     71.8 to 15.9 J.
//!
//! - **Session 25: lift-off and the touchdown that is not closing, fixed; the tread-edge
//!   term tried in three geometries, not merged**. Today's main measures the cliff at
//!   1/1000 s at 4.30 J (the sports car; 3.89 J above) and the hatch's cliff at 1/60 s at
//!   1.47 J; the roll-over as above. Fixed in the physics, every cell unchanged in pass/fail
//!   (the matrix's worst margins: the kart's curb −2.2 / −1.05 / −0.34 / −0.096 J at the four
//!   steps, −2.2 / −0.53 / −0.93 / −0.096 J before; the ramp jump at 1/30 s −13.2 J (the
//!   hatch), −22.9 J (the rally car) before; the 2 m and 50 m ledges at 1/30 s end 5–7 mm
//!   less far below their start; no other row moved):
//!   - *Lift-off beyond the travel within a substep*: the kart at 1/60 s (t = 0.400 s, with
//!     the touchdown change below) bounces off the curb's edge (normal 64° from vertical)
//!     with its strut clamped at full compression; the body leaves the edge by ≈ 14 mm along
//!     `n` in the 1/180 s substep, ≈ 32 mm along the strut, more than its 2 cm of travel,
//!     and the explicit `F_max/cos θ` pushed all the way: `S0` = +141 J against
//!     `ΔU0` = −44 J (+5.5 J in the step). The mirror of the touchdown impulse: the strut
//!     force of a wheel whose contact point recedes faster than the strut can follow is
//!     limited to do the work the strut releases (`skidpad::suspension::model::lift_off_force`).
//!   - *The touchdown that takes nothing when not closing* ("Seen on the way" above): all of
//!     `ΔU` is now taken from the point's motion when `v_n ≥ 0`
//!     (`skidpad::pipeline::suspension_stage`); alone it made the kart's curb at 1/60 s rise
//!     5.5 J by the lift-off above.
//!
//!   Tried, each over the whole matrix (worst beyond the allowance, J) and the crate's other
//!   tests (before the lift-off fix; each geometry makes the strut's work on the body its
//!   energy change, the `M` term gone):
//!   - *The jounce to the tread centre* (the wheel a sphere of radius `r` for the query: a
//!     zero axle in `skidpad::wheel::query_ground_reusing`; the force point unchanged): the
//!     cliff at 1/1000 s 6.1 J, now a tyre's (`T + spin` +7 J per 1 ms substep against the
//!     strut's −0.06 J), the kart's curb at 1/60 s 89 J (12–20 J with the touchdown change,
//!     the lift-off above), the rally car's curb at 1/1000 s 33 J. With both fixes above and
//!     64 sweeps only the rally car's curb at 1/1000 s fails (30.8 J, (b) below). The
//!     handling barely moves (`tests/camber.rs`' circle rolls 0.04127 rad against 0.04152),
//!     but the 8×8 truck on µ = 1 tyres no longer rolls over on the circle
//!     (`tests/kpi_validity.rs`), PRESETS.md's table moves, the 6×6 truck's
//!     `lateral_load_transfer_n` passes its closed-form check (a known failure), and
//!     `tests/camber.rs`' rolled-body set-up leaves the raised wheels short of the ground.
//!   - *The strut force at the point the jounce is measured to* (the query's contact point:
//!     the cylinder's support point or the ray's hit, for the strut, the end stop and the
//!     touchdown and edge impulses; the tyres left on the tread centre line): the cliff at
//!     1/1000 s 5.9 J (a tyre's again: the front-right wheel spinning backwards from −39 to
//!     −44 rad/s at 8.3 m/s, `T1 + spin` +18 to +22 J per 1 ms substep), every curb cell
//!     passes, and with the touchdown change and 256 sweeps every cell passes at every step.
//!     But the normal load's lever then moves by `w/2` as soon as a wheel leans 0.06°: the
//!     camber test's circle rolls 0.0306 rad instead of 0.0415, and nine handling tests fail
//!     (`camber`, `vehicle_scenarios`' anti-roll bars, `tank`, `telemetry_events`' drift,
//!     `drivetrain`'s stiff clutch, `hosted`, `kpi_validity`, `published_bands`,
//!     `validation_report`): the rigid flat tread's edge lever, not a tyre's.
//!   - *A thin disc* (half width 0: jounce and strut force at the wheel plane's lowest point,
//!     Pacejka's contact centre): the cliff at 1/1000 s 2.2 J, the kart's curb at 1/60 s
//!     3.4 J (16 sweeps), the tank's curb at 1/1000 s 170 J (256 sweeps); the rolled-body
//!     test fails as with the tread centre.
//!   - (b) *An anti-roll bar engaging at touchdown* (the mechanism fixed in session 33,
//!     `margin.rs`: the touchdown impulse pays the bar it engages; this tread-centre path not
//!     re-run): the rally car's curb at
//!     1/1000 s on the tread-centre path (t = 1.841 s): its front-left wheel touches down at
//!     full droop (−0.119 m, no spring energy gained) while the front-right stands at
//!     +0.050 m, and the bar's `½·k_bar·Δx²` (+126.6 J) appears in one substep:
//!     `touchdown_impulse` balances the strut's energy only, and the bar's pull on the
//!     drooped wheel is clamped by `F ≥ 0` while `E` counts the bar whole.
//!   - *More sweeps* (`skidpad::chassis::constraint::ITERATIONS`; the solve stops at its
//!     fixed point), on main: 32 sweeps leave the sedan's roll-over at 1/120 s at 2.2e-5 J
//!     and make the rally car's at 1/1000 s rise 1.3e-7 J; 64 sweeps pass the roll-over at
//!     1/60 s and leave the rally car's at 1/120 s at 8.0e-6 J, 256 pass every roll-over cell;
//!     64 and 256 pass the cliff at 1/1000 s (−0.026 J: its path changes); the matrix takes
//!     15 s (64) and 26 s (256) instead of 10 s. But the 6×6 truck's drop at 1/60 s then rises
//!     8.0 J (the `M` term, the same at 32, 64 and 256 sweeps), so the count stays 16 until
//!     the tread-edge term is fixed: with the tread-centre jounce that drop passes.
//!
//! - **Session 32: the curb strike at its margin** (`margin.rs`, its `curb_sweep`). Swept
//!   14.90–15.10 m/s by 0.01 at 1/30, 1/60, 1/120 s: the hatch failed at 14.92, 14.93, 14.95
//!   and 15.01 m/s at 1/30 s (+554 / +146 / +252 / +834 J in one step), every other preset
//!   passed but the cells below. The hatch's: a term the allowance missed, not energy
//!   made. At 15.01 m/s (t = 1.867 s, one substep) the tumbling car lands on its left wheels:
//!   the front one's ground rose 125 mm into it (the curb's top; 14 mm past full compression),
//!   the rear one touched down at 98 mm; the edge and touchdown impulses paid the jump, and
//!   both struts then extend ≈ 0.11 m in the step under the force of that jounce (`F_max`,
//!   the bump stop's top). The explicit spring's `F(x_s)·Δx − ΔU` counted from the end pose
//!   (−11 → +5 mm, −120 → −21 mm) allowed 119 J against the 953 J rise; from the jounce the
//!   force was evaluated at it is 3.5 kJ ([`energy::explicit_strut_allowance`], the same
//!   derivation exact for the bump stop's cubic and the clamped strut). The audit allows the
//!   larger of the two; those four cells are in CI. Left open (fail on main, not in CI; the
//!   first record named three other cells, which pass: `edge-s32` re-measured): the hatch at
//!   14.96 m/s, 1/120 s (+61.7 J), the sports car at 15.02 m/s, 1/120 s (+46.7 J), the kart at
//!   14.90 m/s, 1/120 s (+11.3 J), 14.95 m/s, 1/60 s (+0.19 J) and 15.09 m/s, 1/30 and 1/60 s
//!   (+16.3 / +26.4 J) — three mechanisms (a touchdown from full droop, one strut, the kart's
//!   airborne body or rims), located in `margin.rs`, not yet fixed. Session 33 fixed the
//!   hatch's and the sports car's in the model (an anti-roll bar engaged at a touchdown, a
//!   curb face met from the side: `margin.rs`); the kart's are left.
//!
//! The kart's curb strike (0.135 m wheels, 1 cm of travel, a 15 cm curb) used to end with a
//! wheel 0.13 m inside the curb, lifted out by its clamped spring with energy it never stored
//! (+143 to +162 J net at 1/30–1/120 s); the wheels' rim contact
//! ([`skidpad::pipeline::rim_contact`]) now meets the curb's face, and every cell passes
//! (`AUDIT_NO_BODY` turns off the rims with the body).
//!
//! - **Session 25 (later): the crowned tread and the converged contact solve, fixed.** The
//!   tread is crowned (`skidpad::ground::crown_radius`: its cross-section an arc of radius
//!   two half widths, so the support point moves off the tread centre continuously,
//!   `R_c·sin θ`, and reaches the edge at 30° of lean), and the strut's force acts at that
//!   support point, the point the jounce is measured to (`skidpad::wheel::update_suspension`):
//!   the body's work `(F/cos θ)·n·v_C` is then the spring's, and the term `(F/cos θ)·n·(ω ×
//!   (A − C))` is gone. Of the three consistent geometries measured above, the tread edge
//!   passed the matrix but moved the handling (a `w` lever jump at any lean); the crown's
//!   lever grows with the lean (8 mm at the circle's 0.04 rad for a 0.2 m tread), and every
//!   handling band holds (PRESETS.md moved by rounding-size amounts: understeer gradients
//!   +0.001 to +0.003 deg/g). With it the contact solve's sweeps could rise to their fixed
//!   point (`skidpad::chassis::constraint::ITERATIONS` 16 → 256, each solve stopping at its
//!   bit-for-bit fixed point): the roll-over at 1/60 and 1/120 s went from +1.5e-5 (the 8×8
//!   truck) and +2.3e-5 J (the sedan) to −1.1e-9 J, and the 6×6 truck's 50 m drop at 1/60 s,
//!   +8.0 J with 256 sweeps on the flat tread, passes (the worst of that cell −3.8e-7 J, the
//!   kart). Worst margins after, at 1/30, 1/60, 1/120, 1/1000 s: the curb strike −1.09 /
//!   −0.55 / −0.81 / −0.26 J (the kart; −3.57 / −1.23 / −0.66 / −0.021 before), the 50 m
//!   cliff −2.11 / −2.53 / −0.035 / −0.026 J. Measured with the crown at 1, 3 and 10 tread
//!   widths (session 25's experiment, `crown-s25`): every one passes the matrix with 256
//!   sweeps; larger crowns move the roll-dependent results (the anti-roll roll gradient by
//!   −12 % at 3 widths, −23 % at 10), so the crown is the smallest tried.

mod decompose;
mod energy;
mod events;
mod kicks;
mod margin;
mod regressions;
mod trace;

use events::{Audit, Event, STEPS, all_presets, audit};

/// Check one run's invariants; the message names the run.
pub(crate) fn check(name: &str, event: Event, dt: f64, a: &Audit) -> Result<(), String> {
    let run = format!("{name} {event:?} dt 1/{:.0}", 1.0 / dt);
    if !a.finite {
        return Err(format!("{run}: state became non-finite"));
    }
    if a.gain > 0.0 {
        return Err(format!(
            "{run}: energy rose {:.3} J above its start beyond the drive work",
            a.gain
        ));
    }
    if a.rise > 0.0 {
        return Err(format!(
            "{run}: energy rose {:.3} J in one step beyond the drive work and the explicit \
             springs' ½·k·Δx²",
            a.rise
        ));
    }
    if matches!(event, Event::Drop(_) | Event::Ledge(_)) && a.above_start > 0.0 {
        return Err(format!(
            "{run}: the body rose {:.3} m above its start height",
            a.above_start
        ));
    }
    if event == Event::Rollover && (a.up_z > 0.5 || a.rest.0 > 0.05 || a.rest.1 > 0.05) {
        return Err(format!(
            "{run}: did not end at rest on its roof or side (up·z {:.2}, {:.3} m/s, {:.3} rad/s)",
            a.up_z, a.rest.0, a.rest.1
        ));
    }
    Ok(())
}

#[test]
fn the_matrix_never_gains_energy() {
    // Every preset × event × step (≈ 15 s at the test profile's opt-level 1).
    let mut fails = Vec::new();
    for (name, preset) in all_presets() {
        for &dt in &STEPS {
            for event in Event::ALL {
                if let Err(e) = check(name, event, dt, &audit(preset(), event, dt)) {
                    fails.push(e);
                }
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

// Not run by CI on purpose: it prints the measured table for the closing notes and README.
// Its assertions are the CI test's above (the same matrix, every preset × event × dt), so
// skipping it loses no check; run with `-- --ignored full_matrix --nocapture`.
#[test]
#[ignore = "prints the table of the matrix that the_matrix_never_gains_energy asserts in CI (module docs)"]
fn full_matrix() {
    println!(
        "| event | dt | worst net gain (J) | worst one-step rise (J), preset | beyond the springs' allowance (J), preset | its share of E | worst above start (m) |"
    );
    let mut fails = Vec::new();
    for event in Event::ALL {
        for &dt in &STEPS {
            let mut gain = f64::NEG_INFINITY;
            let mut above = f64::NEG_INFINITY;
            let (mut raw, mut raw_who) = (f64::NEG_INFINITY, "");
            let (mut rise, mut rel, mut who) = (f64::NEG_INFINITY, 0.0, "");
            for (name, preset) in all_presets() {
                let a = audit(preset(), event, dt);
                if let Err(e) = check(name, event, dt, &a) {
                    fails.push(e);
                }
                gain = gain.max(a.gain);
                if a.raw_rise > raw {
                    (raw, raw_who) = (a.raw_rise, name);
                }
                if a.rise > rise {
                    (rise, rel, who) = (a.rise, a.rise_rel, name);
                }
                above = above.max(a.above_start);
            }
            println!(
                "| {event:?} | 1/{:.0} | {gain:.3e} | {raw:.3e} {raw_who} | {rise:.3e} {who} | {rel:.2e} | {above:.3} |",
                1.0 / dt
            );
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

// Not run by CI on purpose: a diagnostic printer for one preset (per-step energy terms) used
// when an audit row fails; it only prints (and checks the energy stays finite): the
// assertions for every preset are the CI matrix test above.
#[test]
#[ignore = "measurement: every event and step of one preset (AUDIT_PRESET, AUDIT_EVENT, AUDIT_DEBUG, AUDIT_ALL, AUDIT_NO_BODY)"]
fn print_one() {
    let name = std::env::var("AUDIT_PRESET").unwrap_or("sedan".into());
    let only = std::env::var("AUDIT_EVENT").ok();
    let preset = all_presets().into_iter().find(|p| p.0 == name).unwrap().1;
    for event in Event::ALL {
        if only
            .as_ref()
            .is_some_and(|o| !format!("{event:?}").starts_with(o.as_str()))
        {
            continue;
        }
        for &dt in &STEPS {
            let mut p = preset();
            if std::env::var("AUDIT_NO_BODY").is_ok() {
                p.contact.body.shape = skidpad::chassis::BodyShape::None;
            }
            let a = audit(p, event, dt);
            println!("{name} {event:?} 1/{:.0}: {a:?}", 1.0 / dt);
        }
    }
}
