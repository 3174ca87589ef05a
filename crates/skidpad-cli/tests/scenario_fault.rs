//! A scenario whose run meets a non-finite value stops at that step and says so: the
//! schedule's [`ScheduleRun::fault`] names the vehicle, the step and the channel, the
//! observer (the telemetry files) saw only the finite steps before it, and a named
//! manoeuvre reports its KPIs invalid with the fault as the reason, never a NaN number.
//! (The binary maps such a fault to exit code 1 after writing what it has.)
//!
//! No validated file can produce a fault (the fuzzers find none), so the vehicle here is the
//! sedan on a custom tyre model that returns NaN forces between 5 and 12 m/s, as in the
//! core's `step_fault.rs`.

use skidpad::presets;
use skidpad::tire::TireModelKind;
use skidpad::tire::fault::NanBand;
use skidpad::vehicle::VehicleParams;
use skidpad_cli::scenario::Scenario;
use std::sync::Arc;

fn bad_sedan() -> VehicleParams {
    let mut p = presets::sedan();
    let model = TireModelKind::Custom(Arc::new(NanBand::new(5.0, 12.0)));
    for w in &mut p.wheels {
        w.tire.model = model.clone();
    }
    p
}

#[test]
fn a_schedule_stops_at_the_faulting_step_and_names_it() {
    // Full throttle from rest: the sedan passes 5 m/s after about 5 / 3.4 ≈ 1.5 s (its 0–100
    // mean acceleration is 27.8 / 7.93 = 3.5 m/s²), well inside the 4 s run.
    let sc = Scenario::from_toml_str(
        "vehicle = \"sedan\"\nduration = 4.0\n[[schedule]]\nt = 0\nthrottle = 1.0\n",
        "fault.toml",
    )
    .unwrap();
    let dir = std::env::temp_dir().join(format!("skidpad-scenario-fault-{}", std::process::id()));
    let mut files = skidpad_cli::TelemetryFiles::create(&dir, &bad_sedan()).unwrap();
    let mut seen = Vec::new();
    let run = sc
        .run_schedule_with(bad_sedan(), &mut |car, k| {
            seen.push((k, car.state().forward_speed()));
            files.record(car)
        })
        .unwrap();
    files.finish().unwrap();
    let fault = run.fault.clone().expect("the run meets NaN tyre forces");
    assert!(
        fault.starts_with("sedan: stopped by a step fault: step "),
        "{fault}"
    );
    assert!(fault.contains(" is NaN"), "{fault}");
    // The run ended early, at the step after the last one the observer saw, which was still
    // below the band's 5 m/s (a forward speed in the band faults the step that reaches it).
    assert!(run.steps < sc.steps() && run.steps == seen.len(), "{run:?}");
    let (_, v_last) = *seen.last().unwrap();
    assert!(
        v_last > 4.0 && v_last <= 5.0 + 0.05,
        "last finite speed {v_last}"
    );
    // The streamed telemetry has exactly the finite steps, no NaN anywhere.
    let csv = std::fs::read_to_string(dir.join("telemetry.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + seen.len());
    assert!(!csv.contains("NaN") && !csv.contains("inf"));
    // The whole-run form is an error with the same message.
    assert_eq!(sc.run_schedule(bad_sedan()).unwrap_err(), fault);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_manoeuvre_reports_its_kpis_invalid_with_the_fault() {
    let sc = Scenario::from_toml_str(
        "vehicle = \"sedan\"\n[maneuver]\nkind = \"acceleration\"\n",
        "fault.toml",
    )
    .unwrap();
    let run = sc.run_maneuver(&bad_sedan()).unwrap();
    assert!(run.kpis.iter().all(|(_, v)| v.is_finite()));
    let (key, why) = run
        .invalid
        .iter()
        .find(|(k, _)| k == skidpad::maneuver::kpi::ACCEL_0_100_S)
        .unwrap_or_else(|| panic!("0–100 not invalid: {:?} {:?}", run.kpis, run.invalid));
    assert!(why.contains("NaN"), "{key}: {why}");
}
