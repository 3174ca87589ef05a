//! The curb strike at its margin (session 32): the event is chaotic (the car strikes the
//! curb, tumbles and lands somewhere different for a start speed 0.01 m/s apart), so a cell
//! that passes at 15 m/s says little about its neighbours. `curb_sweep` runs one preset's
//! curb strike over a range of start speeds at 1/30, 1/60 and 1/120 s; the CI test runs the
//! perturbed cells that found a term the audit missed ([`crate::energy::explicit_strut_allowance`])
//! or energy the model made (session 33, below).
//!
//! ```text
//! CURB_PRESET=sports_rwd CURB_FROM=14.9 CURB_TO=15.1 CURB_STEP=0.01 \
//!   cargo test -p skidpad --test energy_audit curb_sweep -- --ignored --nocapture
//! ```
//! (`decompose` takes `AUDIT_SCALE`, the start velocity's factor, and `AUDIT_MIN`; `trace`
//! takes `TRACE_SCALE`; `AUDIT_SPEED` and `TRACE_SPEED`, m/s, give a sweep cell's own bits,
//! `i/100/15`.)
//!
//! **State after session 33** (the lead's sweep of merged main 91cdac7, all eight presets at
//! 1/30, 1/60 and 1/120 s, by 0.01 m/s over 13.90–14.10, 14.40–14.60, 14.90–15.10,
//! 15.40–15.60 and 16.00–16.50 m/s: 3,240 cells): **every cell passes**. The cells that
//! failed on the way, their mechanisms and fixes are below (newest first); each fixed one is
//! in `CURB_MARGIN`, run by CI.
//!
//! - *The kart's cells (`curbb-s33`, traced with `trace` at `TRACE_SPEED` and a scratch print
//!   of each strut's lift-off inputs, reverted)*. **15.09 m/s at 1/30 and 1/60 s** (one run:
//!   both take substeps of 1/180 s; +16.29 / +26.41 J at t = 0.400 s, no wheel in contact at
//!   either end pose): the tumbling kart (yaw 10.6 rad/s) carries its front-left strut line
//!   over the curb's edge onto its side face; substep 0.3833–0.3889 s finds the wheel 11.6 mm
//!   past full compression on `n` = (−0.955, 0, 0.298) while the point recedes (`v_n`
//!   +0.24 m/s: no touchdown impulse, the edge force takes the 57.2 J stored, `E0` −57.5 J);
//!   the clamped strut (3978 N) then does 47.1 J releasing 45.2 J. Substep 0.3889–0.3944 s:
//!   raw jounce 10.3 mm, `v_n` +1.88 m/s, `cos θ` 0.56: the lift-off gate predicted
//!   `v_n·h/cos θ` = 18.6 mm of recede against 20.3 mm of room (down to full droop) and kept
//!   the full force, but the force's own kick on the light point (`m_eff` 27 kg, `F/cos θ`
//!   7.1 kN: +7.2 mm) carried it 25.8 mm, off the ground: `S0` = +103.5 J against the 11.9 J
//!   the strut released, **+91.6 J created**, +58.5 J in the substep after the tyre and spin.
//!   Fixed in the physics (`skidpad::suspension::model::receding_force`, called from
//!   `pipeline::strut_balance::lift_off_limited`): the gate predicts the recede with the
//!   kick, `d = (v_n·h + ½·(F/cos θ)·h²/m_eff)/cos θ` (first with an upper bound of
//!   `1/m_eff`, `1/m + |r|²·‖I⁻¹‖_F`, so the exact one runs only near the limit), and a strut
//!   that will leave does no more work than it releases down to its lowest jounce
//!   (`lift_off_force`); if the limited force no longer carries it off, the secant bound
//!   `F·d(F) ≤ U*(x) − U*(x − d(F))` (bisection). It acts only where a strut leaves the
//!   ground within a substep on its own push: no bench hash moved. Before → after (beyond
//!   the allowance, J): 15.09 m/s +16.29 / +26.41 → −7.07 / −3.54 at 1/30, 1/60 s; and at
//!   14.40–14.60 m/s the kart's 14.44 m/s +0.94 / +12.18 → −5.96 / −2.98 and 14.46 m/s
//!   +8.19 / +15.72 → −1.39 / −0.67 (1/30, 1/60 s). Of the 1008 cells of the eight presets
//!   at 14.40–14.60 and 14.90–15.10 m/s × 1/30, 1/60, 1/120 s only 24 of the kart's changed
//!   (every other preset's the same to the printed digit) and none of them fails: they are
//!   in `CURB_MARGIN`.
//!   **Left open by `curbb-s33`**: 14.90 m/s and 14.52 m/s at 1/120 s (+11.30 / +7.13 J; t = 0.358 s and
//!   0.367 s): the front-right strut found 14.7 / 15.2 mm past full compression on the curb's
//!   edge (`n` tilted 48°) while its point recedes (`v_n` +1.57 / +1.50 m/s at touchdown),
//!   then, one 1/240 s substep later at 10.7 / 11.6 mm, `v_n` +2.66 / +2.60 m/s, the kick's
//!   prediction 19.4 / 19.3 mm against 20.7 / 21.6 mm of room: it keeps the full force, yet
//!   the wheel leaves (rolling off the edge, the jounce falls faster than the plane's
//!   linear recede): `S1` +67.2 / +66.3 J against 13.6 / 17.1 J released. And 14.95 m/s at
//!   1/60 s (+0.04 J): the front-left strut found 1.8 mm past full compression on the side
//!   face while receding (`v_n` +0.57 m/s), predicted 14.9 mm of 21.8 mm, stays one substep
//!   (`S0` +60.4 J, 17.7 J released) and leaves in the next. The explicit strut's usual
//!   error on extension (`F(x)·d − ΔU`), which a contact that lasts pays back on compression,
//!   is never paid back by a contact that began separating and ends so.
//!   **Fixed (`drive-s33`)**, in two parts. The audit's drive work: `W` is now the core's
//!   [`skidpad::wheel::WheelState::drive_work`], `Σ_substeps τ_drive·ω'·h` as the implicit
//!   spin solve applied it (each wheel's positive part), not `τ·ω·dt` at the step's end; on
//!   main's physics it changes 84 of the 1008 cells' rises, fails none, and passes 14.95 m/s
//!   at 1/60 s (+0.04 → −1.11 J: its drive torque fell within the step). Then (b) below in
//!   the core (`SuspensionState::began_receding`, set at a touchdown with `v_n > 0`, cleared
//!   when the point closes or the wheel leaves; `pipeline::strut_balance::began_receding_force`):
//!   14.90 and 14.52 m/s at 1/120 s +11.30 / +7.13 → −1.66 / −1.29 J, 14.95 m/s at 1/60 s
//!   → −2.73 J; with the drive work over the substeps the two cells (b) failed before,
//!   14.47 m/s at 1/30 s and 14.48 m/s at 1/60 s, pass (−4.82 / −2.66 J). 166 cells change
//!   (the kart, sports car, sedan, tank, rally car), none that passed fails; every bench
//!   hash is unchanged (no bench contact begins separating). Still failing in the sweep, as
//!   on main: the sedan at 14.52 m/s 1/30 s, the hatch at 14.59 and 14.96 m/s 1/120 s, the
//!   sports car at 14.57 and 15.02 m/s 1/120 s (another helper's cells).
//!   *Tried (scratch, not kept)*: (a) the secant bound on every receding strut in its bump
//!   stop or past full compression: 937 of the 1008 cells change, new failures in the sedan,
//!   the hatch and the kart (11 in all). (b) The secant bound on a contact that began
//!   separating (`v_n > 0` at touchdown) until its point first closes (a flag in the
//!   suspension state): the three cells above pass, no other preset fails, but the kart at
//!   14.47 m/s, 1/30 s (+12.78 J) and 14.48 m/s, 1/60 s (+4.72 J) then fail, t = 0.800 s.
//!   Traced: no strut term (`S3` −21 to +8 J) but the driven rear-right wheel landing at
//!   88 rad/s under 68.6 → 33.7 N·m of drive torque (`T3` + `spin` +11 to +15 J per
//!   substep), ≈ 97 J of drive work in the step while the audit's `W` takes the drive power
//!   at the step's end (0.4 N·m: 1.1 J). So the audit under-counts the drive work of a step
//!   whose torque falls within it (its `W = Σ τ·ω·dt` sampled once per step), a latent
//!   measurement gap that (b)'s changed trajectory met; (b) is the candidate fix for the
//!   three cells once `W` is the integral over the substeps (it needs the drive work
//!   accumulated in the step, not in the state today).
//!   *The session-32 attribution*: `kart-s32`'s cell (15.01 m/s at 1/60 s, +3.25 J, the side
//!   face at raw 9.3 mm and 2990 N) does not reproduce on main's code: 15.01 m/s has the
//!   same bits as a literal and as the old sum `14.9 + 11·0.01` (only 14.95, 15.03 and
//!   15.04 m/s differ in the last bit), and passes at every step (−1.3 J at 1/60 s) with
//!   c8ebe90's physics (no change to `crates/skidpad/src` since). Its trace, like
//!   `curb-s32`'s list, was most likely of a scratch build; its mechanism is the one traced
//!   above for 15.09 m/s (a strut touching the side face and leaving, its force's own kick
//!   missing from the lift-off prediction).
//! - *Session 33 (`curba-s33`): the hatch's and the sports car's cells, fixed in the model.*
//!   Swept on main 643a8fb (debug) at 14.90–15.10 **and** 14.40–14.60 m/s, all eight
//!   presets: besides the kart's, the hatch at 14.96 m/s (+61.73 J) and 14.59 m/s (+40.75 J),
//!   the sports car at 15.02 m/s (+46.68 J) and 14.57 m/s (+39.14 J), all at 1/120 s, and the
//!   sedan at 14.52 m/s, 1/30 s (+248.60 J) failed. Two mechanisms, traced with `trace` and a
//!   scratch print of the suspension stage (reverted):
//!   - *An anti-roll bar engaged at a touchdown* (the hatch at 14.96 m/s, t = 1.100 s, the
//!     substep the `decompose` step ends with): the front-left wheel touched down at full
//!     droop (−119.4 mm: its strut stored 0.12 J, which `touchdown_impulse` paid) while the
//!     front-right stood at +59 mm; the front bar, which acts only while both its wheels are
//!     in contact, held `½·k_bar·Δx²` = +138.2 J at once (`trace`'s `bars`), which no force
//!     took from the body and its forces then gave it. The same as the rally car's open item
//!     (b) in `main.rs`. Fixed in the model (`skidpad::pipeline::strut_balance::bar_engagement`,
//!     private): the touchdown's energy is the strut's plus the bars it engages (each half
//!     when both wheels land in one substep), so `touchdown_impulse` (and, past what the
//!     closing can pay, the force against the point's motion) takes it from the body. Alone
//!     it passes both hatch cells (14.96 m/s: −39.8 J; 14.59 m/s: −50.5 J).
//!   - *A curb face met from the side* (the sports car at 15.02 m/s, t = 0.892 s, rolled 58°
//!     toward the curb, only the rear-right wheel in contact): that wheel's line left the
//!     road (+4.0 mm, normal z) for the curb's face (−16.9 mm, normal −y) within one 1/120 s
//!     substep. The face lies farther along the line, so `ground_rise` was 0, and the
//!     finite-difference rate, −2.51 m/s, made the rebound damper pull 8.7 kN against the
//!     2.9 kN spring: force 0 while the point closed on the face at 2.8 m/s (3.3 m/s along
//!     the strut), so the strut went −16.9 → +12.2 mm with no force on the body (+100.6 J
//!     stored; the allowance covers the `½·k·Δx²` 17 J of it). Fixed in the model: the
//!     contact stage's `ground_rise` is negative for ground found farther along the line
//!     whose contact stands above the old plane (`skidpad::suspension::model::ground_rise`;
//!     0 as before for ground falling away below it), and the damper then reads the rate on
//!     the new plane, `−v_n/cos θ` (`strut_balance::fallen_rate`), as it reads the rate on
//!     the old plane for ground that rose. The bar fix alone leaves that cell at +46.68 J.
//!
//!   After both (this branch): every cell of every preset in both ranges passes but the
//!   kart's nine, which are main's to the printed digit (14.90 m/s 1/120 s, 14.95 m/s
//!   1/60 s, 15.09 m/s 1/30 and 1/60 s, 14.44 and 14.46 m/s 1/30 and 1/60 s, 14.52 m/s
//!   1/120 s: the kart has no bars, and neither fix changes those runs up to their
//!   rise). The five cells above are in `CURB_MARGIN` (the sedan's needs both fixes: the bar
//!   fix alone leaves it at +95.1 J). A first version that gave the damper the new plane's
//!   rate for *any* ground farther along the line (a crest rolled over included) passed the
//!   same cells but moved the kart at 15.10 m/s, 1/60 s to +9.79 J (its t = 0.400 s
//!   touch-and-leave, `curbb-s33`'s mechanism) and fired every substep while a wheel rolled
//!   over the curb's edge, where the finite difference is the strut's motion; the "stands above" test keeps
//!   it to surfaces met from the side.
//!
//! - *Lead's check (session 32, c8ebe90 + these docs, debug and release alike, the sweep's
//!   default `CURB_FROM=14.9`, and `CURB_FROM=CURB_TO=15.01` / `15.09`)*: the kart at
//!   15.01 m/s passes (−3.26 / −1.24 / −1.49 J at 1/30, 1/60, 1/120 s) and at 15.09 m/s fails
//!   at 1/30 and 1/60 s (+16.29 / +26.41 J), with 14.90 m/s at 1/120 s (+11.30 J) and
//!   14.95 m/s at 1/60 s (+0.19 J): `edge-s32`'s list, not the bullet just below. The two
//!   helpers' lists disagree although both name the same source; until one list is reproduced
//!   by a third run, treat the cell attribution of the trace below as unverified (its
//!   mechanism — a strut touching down and lifting off within one step under a force the
//!   lift-off prediction underestimates — is a candidate for the 15.09 m/s cells).
//! - *Re-measured again and traced (`kart-s32`, on main c8ebe90, this test's opt-level 1
//!   build, `curb_sweep` of all eight presets)*: only three cells fail — the sports car at
//!   14.90 m/s, 1/60 s (+157.3 J) and 15.01 m/s, 1/120 s (+28.9 J), and the kart at
//!   15.01 m/s, 1/60 s (+3.25 J): `curb-s32`'s three. `edge-s32`'s six pass (the kart at
//!   15.09 m/s: −2.75 J at 1/30 s, −1.28 J at 1/60 s), so the bullet below has the two lists
//!   the wrong way round, and its "kart at 15.09 m/s" numbers (t = 0.400 s, no wheel in
//!   contact at either end pose, all the body's) are those of the kart at **15.01 m/s,
//!   1/60 s** (`decompose`, `AUDIT_SCALE` = 15.01/15: t = 0.400 s, body +3.2 J, springs 0).
//!   Its mechanism (`trace` at `TRACE_DT=60`, three substeps of h = 1/180 s, plus a scratch
//!   print of wheel 0's strut, reverted): **not a body or rim contact** — no impulse, no
//!   position correction acts in the step (`imp`, `fix` zero) — but the front-left strut
//!   touching down and lifting off *within* the step. Substep 1 (0.3833–0.3889 s): wheel 0
//!   hangs (raw jounce −65.6 mm on the road). Substep 2: the tumbling body (yaw 10.9 rad/s,
//!   strut tilted 16°) has carried the strut line over the curb's edge onto its side face
//!   (`n` = (−0.965, 0, 0.263), `n·up` = 0.51: 59.3°, just inside the 60° hit rejection), and
//!   the wheel is found in contact at raw jounce +9.3 mm, 3.4 mm into the bump stop: spring
//!   748 N + bump stop 2243 N = 2990 N, stored +8.58 J. The point *recedes* from the face
//!   (`v_n` +0.80 m/s at the start, +1.88 at the end), so `touchdown_force` gives no impulse
//!   (rate 0) and its edge force takes the stored energy back (`E0` −9.05 J: that part
//!   balances). Then the explicit strut force, 2990 N held for the substep, pushes the
//!   receding point while the strut extends 9.3 → −6.1 mm (15.4 mm): its work on the body
//!   `S0` = +45.65 J against the 8.57 J the strut releases — **+37.1 J created** by the
//!   explicit spring and (mostly) bump stop, whose force falls to 35.5 N over that travel.
//!   The tyre and spin (−29.2 J) and drag take most of it back: +3.25 J in the step.
//!   Substep 3: the strut hangs again (force 0). The audit grants the explicit struts'
//!   term (`explicit_spring_allowance`, `explicit_strut_allowance`) only to a wheel in
//!   contact at an end of the step; this contact begins and ends inside it, so nothing is
//!   allowed. Where it is made: `skidpad::pipeline::suspension_stage` (`susp::forces` at
//!   the touchdown jounce) with `strut_balance::lift_off_limited` not binding — its gate
//!   predicts the recede from the start speed alone, `v_n/cos·h` = 8.7 mm, within the room
//!   to the lowest jounce (9.3 mm + 10 mm droop = 19.3 mm), so the full force acts although
//!   the point moves 15.4 mm: the force's own kick on the light point (`m_eff` 27.1 kg along
//!   `n` for the 160 kg kart; `F/cos` = 5.9 kN) doubles the recede.
//!   Proposed fix (physics, not done): for a strut whose contact point recedes, predict the
//!   extension with the force's own kick, `d = (v_n·h + ½·(F/cos)·h²/m_eff)/cos` (`m_eff` as
//!   `lift_off_force_at` computes it: here 15.3 mm, against 15.4 mm run), and cap the force
//!   at the secant `(U(x) − U(x − d))/d`
//!   whenever `F·d` exceeds it. Energy-safe: the strut's work on the body is then at most the
//!   energy it loses (`F·d ≤ ΔU`), and the cap only lowers an outward push on a point that
//!   moves away anyway (it cannot sink a wheel). At most ≈ 557 N here instead of 2990 N
//!   (≈ −37 J in this step, estimated; the scratch below passes the cell). It changes bits wherever the cap binds
//!   (any receding strut in its bump stop), so it needs the bench hashes re-recorded; gating
//!   it to the substep after a touchdown (`!was_in_contact`, where no allowance exists)
//!   would keep smooth driving's bits. *Tried, scratch (reverted)*: the cap ungated, on
//!   every receding strut in `lift_off_limited` (`d` clamped to the room): the kart's
//!   15.01 m/s, 1/60 s cell passes, but the chaotic sweep moves and others fail — kart
//!   14.97 m/s 1/30 s (+7.9 J) and 1/120 s (+5.3 J), 14.99 and 15.01 m/s 1/30 s (+15.9,
//!   +22.1 J; the latter at t = 0.733 s, the rear-right wheel touching down −10 → −2 mm,
//!   body +34.4 J, not traced), sports car 15.02 m/s 1/120 s (+55.7 J), hatch 14.97 and
//!   14.99 m/s 1/120 s (+11.8, +16.7 J). So the cap is not yet shown to close the class;
//!   the next step is tracing those new cells (the same touch-and-leave within a step, or
//!   another term). The two sports-car cells are not this case
//!   (`decompose`): the rear-right wheel is in contact at both end poses (14.90 m/s, 1/60 s:
//!   t = 1.617 s, −12 → −55 mm, body +279 J; 15.01 m/s, 1/120 s: t = 0.900 s, −29 → 0 mm,
//!   and t = 1.450 s, −119 → −14 mm), so the allowances apply there and fall
//!   short; not traced.
//! - *Re-measured (`edge-s32`, on main b1247d8 and on `curb-s32`'s own commits 9505aac /
//!   4412ccb, the same numbers)*: the three cells listed by `curb-s32` (the sports car at
//!   14.90 m/s, 1/60 s and 15.01 m/s, 1/120 s; the kart at 15.01 m/s, 1/60 s) **pass**
//!   (rise −19.4, −8.2 and −1.2 J). The cells that fail are the six `curb-s32`
//!   attributed to its scratch try: the hatch at 14.96 m/s, 1/120 s (+61.7 J), the sports
//!   car at 15.02 m/s, 1/120 s (+46.7 J), the kart at 14.90 m/s, 1/120 s (+11.3 J), 14.95 m/s,
//!   1/60 s (+0.19 J), 15.09 m/s, 1/30 s (+16.3 J) and 1/60 s (+26.4 J); every other preset
//!   and cell passes. `curb-s32`'s main and scratch results were most likely recorded the
//!   wrong way round, so its trace of the "side face" cell (PERFORMANCE.md, `curb-s32`) is
//!   of the scratch code, not of main: a lead, not the open cells' mechanism.
//! - *The sports car at 15.02 m/s, 1/120 s* (`decompose`, `AUDIT_SCALE` = 15.02/15): the rise
//!   is one step at t = 0.900 s. Only the rear-right wheel is in contact, before and after
//!   (the other three hang at −120 / −84 / −120 mm); its jounce goes −17 → +12 mm (end
//!   pose), its strut's energy +100.6 J while the body loses 32.5 J: +65.8 J at the end
//!   pose, 46.7 J beyond the allowance (`trace`: `dU` of wheel 3 +100.6 J, the impulses
//!   −1.3 J, spin −20.3 J). Not traced further: whether this is a ground rise under a wheel
//!   in contact that `ground_rise` misses (the previous plane not meeting the sweep) or the
//!   explicit strut's own term is the next question.
//! - *The others* (`decompose`): the kart at 15.09 m/s (1/30 and 1/60 s) rises in one step
//!   at t = 0.400 s with **no wheel in contact** before or after (+16.3 / +26.4 J, all of it
//!   the body's: no strut term at all), so a body or rim contact with the curb, not a
//!   strut; the kart at 14.90 m/s, 1/120 s at t = 0.358 s as wheel 0 leaves the ground
//!   (3 mm → off; body +16.4 J); the hatch at 14.96 m/s, 1/120 s at t = 1.108 s as its
//!   front-left touches down from full droop (−120 → −96 mm; springs +84.4 J at the end
//!   pose, body −8.0 J). Not traced further.
//! - *Tried (`edge-s32`, scratch, not kept)*: a previous plane that the wheel's line reaches
//!   only beyond the sweep's length (`s_old > max_distance`, so `contact_with_fit` gives
//!   `None` and `ground_rise` is 0) counted as a rise `s_old − s` (the jounce it gives then
//!   clamped at full droop by `risen_from`): every preset's sweep (8 presets × 14.90–15.10 m/s
//!   × 1/30, 1/60, 1/120 s) gives the same failing cells and numbers to the printed digit, so
//!   that case does not decide any of the six. So does `curb-s32`'s own try, re-done: every
//!   previous plane that gives no contact counted as an infinite `ground_rise` (the edge
//!   force from full droop, or from the previous jounce): the same six cells, the same
//!   numbers. Neither the side-face mechanism nor its fix acts in any of main's cells.

use crate::events::{self, Event, STEPS, all_presets};

/// The curb strike's cells at its margin (`curb_sweep`), each preset and start speed (m/s)
/// run at the three larger steps.
const CURB_MARGIN: &[(&str, f64)] = &[
    // Session 32: the hatch's start speeds whose runs at 1/30 s rose 146–834 J beyond the
    // end-pose allowance in one step (the explicit struts pushing from where a touchdown or a
    // ground rise left them: [`crate::energy::explicit_strut_allowance`]).
    ("hatch_fwd", 14.92),
    ("hatch_fwd", 14.93),
    ("hatch_fwd", 14.95),
    ("hatch_fwd", 15.01),
    // The kart's (session 33, `curbb-s33`): a strut on the curb's side face receding farther
    // than its start speed predicts under its own push (`suspension::model::receding_force`).
    ("kart", 15.09),
    ("kart", 14.44),
    ("kart", 14.46),
    // Session 33 (`curba-s33`): an anti-roll bar engaged at a touchdown (the hatch at 14.96
    // and 14.59 m/s, 1/120 s: +61.7 / +40.8 J on main) and a curb face met from the side
    // whose finite-difference rate cancelled the spring (the sports car at 15.02 m/s,
    // 1/120 s: +46.7 J); the sedan at 14.52 m/s, 1/30 s (+248.6 J) and the sports car at
    // 14.57 m/s, 1/120 s (+39.1 J) failed on main too and pass with both fixes.
    ("hatch_fwd", 14.96),
    ("hatch_fwd", 14.59),
    ("sports_rwd", 15.02),
    ("sports_rwd", 14.57),
    ("sedan", 14.52),
    // `drive-s33`: a strut touching down while its point recedes and leaving again (the
    // secant bound while the contact has not closed); 14.95 m/s passed on the drive work.
    ("kart", 14.90),
    ("kart", 14.52),
    ("kart", 14.95),
];

#[test]
fn the_curb_strike_at_its_margin_never_gains_energy() {
    // The chaotic curb strike's trajectory moves with its start: the perturbed speeds that
    // found the explicit struts' term, a bar engaged at a touchdown and a face met from the
    // side (≈ 0.7 s at opt-level 1).
    let mut fails = Vec::new();
    for &(name, speed) in CURB_MARGIN {
        let preset = all_presets().into_iter().find(|p| p.0 == name).unwrap().1;
        for &dt in &STEPS[..3] {
            let a = events::audit_scaled(preset(), Event::CurbStrike, dt, speed / 15.0);
            if let Err(e) =
                crate::check(&format!("{name} at {speed} m/s"), Event::CurbStrike, dt, &a)
            {
                fails.push(e);
            }
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

// Not run by CI on purpose: the curb strike's speed sweep around 15 m/s (CURB_PRESET,
// CURB_FROM, CURB_TO, CURB_STEP in m/s), printing each cell's rise beyond the allowance.
#[test]
#[ignore = "measurement: the curb strike's speed sweep (CURB_PRESET, CURB_FROM, CURB_TO, CURB_STEP)"]
fn curb_sweep() {
    let env = |k: &str, d: f64| std::env::var(k).map_or(d, |s| s.parse().unwrap());
    let name = std::env::var("CURB_PRESET").unwrap_or("hatch_fwd".into());
    let preset = all_presets().into_iter().find(|p| p.0 == name).unwrap().1;
    // The speeds live on a 0.01 m/s grid as whole hundredths, and each is `i / 100.0`: the
    // double nearest the decimal, so a cell is the same run as `CURB_MARGIN`'s literal (a
    // sum `from + k·by` is not, and the strike is chaotic in the last bit of its start).
    let cents = |k: &str, d: f64| (env(k, d) * 100.0).round() as i64;
    let (from, to, by) = (
        cents("CURB_FROM", 14.9),
        cents("CURB_TO", 15.1),
        cents("CURB_STEP", 0.01).max(1),
    );
    for i in (from..=to).step_by(by as usize) {
        let speed = i as f64 / 100.0;
        for &dt in &STEPS[..3] {
            let a = events::audit_scaled(preset(), Event::CurbStrike, dt, speed / 15.0);
            println!(
                "{name} {speed:.3} 1/{:.0}: rise {:.2} raw {:.2} gain {:.2} up_z {:.2}{}",
                1.0 / dt,
                a.rise,
                a.raw_rise,
                a.gain,
                a.up_z,
                if a.rise > 0.0 || a.gain > 0.0 {
                    "  FAIL"
                } else {
                    ""
                }
            );
        }
    }
}
