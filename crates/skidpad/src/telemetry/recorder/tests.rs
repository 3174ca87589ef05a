//! Tests of the recorder (buffers, caps, streaming).

use super::*;
use crate::ground::Plane;
use crate::{DVec3, Pose, presets};

/// A sedan dropped from 0.6 m onto flat ground (as the module example of
/// [`crate::telemetry`]) and recorded for 1 s at 1/100 s.
fn dropped() -> (Vehicle, Recorder) {
    let mut car = Vehicle::new(presets::sedan()).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.6)));
    let mut rec = Recorder::for_vehicle(car.params());
    for _ in 0..100 {
        car.step(0.01, &Plane::flat());
        rec.record(&car);
    }
    (car, rec)
}

#[test]
fn rows_are_bounded_and_evenly_thinned() {
    // 1000 steps of 0.01 s into a recorder of at most 100 rows: it thins at rows 101
    // (stride 2), 101 again (stride 4) … and keeps steps 0, 16, 32, … 992 (63 rows,
    // stride 16: 1000 steps at stride 8 would be 125 rows). The first row is the first
    // step (t = 0.01 s), rows are 16 steps = 0.16 s apart, the last within a stride of
    // the end. Events come from every step. A phase marked at step 500 starts at the
    // first kept row at or after it: step 512, row 32.
    let mut car = Vehicle::new(presets::sedan()).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.6)));
    let mut rec = Recorder::for_vehicle(car.params()).with_max_rows(100);
    let mut full = Recorder::for_vehicle(car.params());
    assert_eq!(full.max_rows(), RECORDER_MAX_VALUES / full.names.len());
    rec.mark_phase("drop");
    for k in 0..1000 {
        if k == 500 {
            rec.mark_phase("rest");
        }
        car.step(0.01, &Plane::flat());
        rec.record(&car);
        full.record(&car);
        assert!(rec.rows.len() <= 100);
    }
    assert_eq!((rec.rows.len(), rec.stride()), (63, 16));
    let t: Vec<f64> = rec.series("t_s").unwrap().collect();
    for (j, t) in t.iter().enumerate() {
        assert!(
            (t - 0.01 * (16 * j + 1) as f64).abs() < 1e-9,
            "row {j}: {t}"
        );
    }
    assert_eq!(rec.rows[7], full.rows[7 * 16]);
    assert_eq!(rec.events, full.events);
    assert_eq!(rec.phases[1].start_row, 32);
    assert_eq!(rec.phase_of(31).unwrap().name, "drop");
    // The default limit is far above this run; nothing was thinned there.
    assert_eq!((full.rows.len(), full.stride()), (1000, 1));
}

#[test]
fn phases_mark_rows_and_the_csv() {
    let mut car = Vehicle::new(presets::sedan()).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.6)));
    let mut rec = Recorder::for_vehicle(car.params());
    rec.mark_phase("never recorded");
    rec.mark_phase("drop");
    for k in 0..5 {
        if k == 3 {
            rec.mark_phase("rest");
        }
        car.step(0.01, &Plane::flat());
        rec.record(&car);
    }
    // "drop" replaced the row-less first mark; rows 0–2 are the drop, 3–4 rest, which
    // starts at t = 4 × 0.01 s (the time after the fourth step).
    let names: Vec<&str> = rec.phases.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["drop", "rest"]);
    assert_eq!(rec.phase_of(2).unwrap().name, "drop");
    assert_eq!(rec.phase_of(3).unwrap().name, "rest");
    let starts = rec.phase_starts();
    assert_eq!(starts[0].0, "drop");
    assert!((starts[0].1 - 0.01).abs() < 1e-12 && (starts[1].1 - 0.04).abs() < 1e-12);
    #[cfg(feature = "files")]
    {
        let mut csv = Vec::new();
        rec.write_csv(&mut csv).unwrap();
        let text = String::from_utf8(csv).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].ends_with(",phase"));
        assert!(lines[1].ends_with(",drop") && lines[3].ends_with(",drop"));
        assert!(lines[4].ends_with(",rest") && lines[5].ends_with(",rest"));
    }
}

#[test]
fn rows_and_columns_by_name() {
    let (car, rec) = dropped();
    assert_eq!(rec.rows.len(), 100);
    assert_eq!(rec.names, channel_names(car.params()));
    assert_eq!(rec.column("t_s"), Some(0));
    assert_eq!(rec.column("no_such_column"), None);
    assert!(rec.series("no_such_column").is_none());
    // Times 0.01, 0.02, …, 1.00 s.
    let t: Vec<f64> = rec.series("t_s").unwrap().collect();
    assert!((t[0] - 0.01).abs() < 1e-12 && (t[99] - 1.0).abs() < 1e-9);
    // A row is fill_row of the state after the step: the last row is the car now.
    let mut now = vec![0.0; rec.names.len()];
    super::super::fill_row(&car, &mut now);
    assert_eq!(rec.rows.last().unwrap(), &now);
    assert_eq!(rec.last("x_m"), Some(now[rec.column("x_m").unwrap()]));
    assert_eq!(Recorder::default().last("t_s"), None);
}

#[test]
fn events_of_the_recorded_steps() {
    let (car, rec) = dropped();
    // Dropped from 0.6 m the car lands within the second: the recorder holds the queue's
    // events of the recorded steps.
    assert!(
        rec.events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Landed { .. }))
    );
    // The same run observed by a monitor of its own gives the same events.
    let mut again = Vehicle::new(presets::sedan()).unwrap();
    again.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.6)));
    again.step(0.01, &Plane::flat());
    let mut m = Monitor::new(&again);
    let mut events = Vec::new();
    for _ in 1..100 {
        again.step(0.01, &Plane::flat());
        m.observe(&again);
        events.extend(m.drain());
    }
    assert_eq!(rec.events, events);
    assert_eq!(car.state().time, again.state().time);
}

/// The streaming recorder writes the same bytes as a whole-run recorder, row by row.
#[cfg(feature = "files")]
#[test]
fn csv_recorder_writes_what_the_recorder_writes() {
    let (_, rec) = dropped();
    let mut car = Vehicle::new(presets::sedan()).unwrap();
    car.teleport(Pose::from_translation(DVec3::new(0.0, 0.0, 0.6)));
    let mut stream = CsvRecorder::new(car.params(), Vec::new(), Vec::new()).unwrap();
    assert_eq!(stream.last("t_s"), None);
    for _ in 0..100 {
        car.step(0.01, &Plane::flat());
        stream.record(&car).unwrap();
    }
    assert_eq!(stream.rows(), 100);
    assert_eq!(stream.last("x_m"), rec.last("x_m"));
    let (t, e) = stream.finish().unwrap();
    let (mut want_t, mut want_e) = (Vec::new(), Vec::new());
    rec.write_csv(&mut want_t).unwrap();
    rec.write_events_csv(&mut want_e).unwrap();
    assert!(!rec.events.is_empty());
    assert_eq!(
        String::from_utf8(t).unwrap(),
        String::from_utf8(want_t).unwrap()
    );
    assert_eq!(
        String::from_utf8(e).unwrap(),
        String::from_utf8(want_e).unwrap()
    );
}

#[cfg(feature = "files")]
#[test]
fn csv_streams() {
    let mut rec = Recorder {
        names: vec!["t_s".into(), "x_m".into()],
        ..Recorder::default()
    };
    rec.rows = vec![vec![0.5, -1.25], vec![1.0, 1e-3]];
    rec.events.push(Event {
        time: 1.0,
        kind: EventKind::GearChanged { from: 1, to: 2 },
    });
    let mut out = Vec::new();
    rec.write_csv(&mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "t_s,x_m\n0.5,-1.25\n1,0.001\n"
    );
    let mut ev = Vec::new();
    rec.write_events_csv(&mut ev).unwrap();
    let text = String::from_utf8(ev).unwrap();
    assert_eq!(
        text.lines().nth(1),
        Some("1,gear_changed,,1,2,,,,,"),
        "{text}"
    );
}
