//! The ISO 3888-1 double lane change: track geometry by hand, the polyline path, and the
//! entry-speed search against a friction bound.

use glam::DVec2;
use skidpad::maneuver::driver::Path;
use skidpad::maneuver::lane_change::{
    SPEED_RESOLUTION_KMH, Track, double_lane_change, footprint, max_entry_speed, vehicle_width,
};
use skidpad::presets::sedan;

#[test]
fn track_dimensions_for_a_1_8_m_car() {
    // b = 1.8 m: lane widths 1.1·1.8 + 0.25 = 2.23, 1.2·1.8 + 0.25 = 2.41,
    // 1.3·1.8 + 0.25 = 2.59; section 1 centred (right limit −1.115), section 3's right limit
    // 3.5 m further left (2.385, left limit 4.795), sections 5–6 share section 1's right limit
    // (−1.115 … 1.475). Sections at x = 0–15, 45–70, 95–125.
    let t = Track::iso3888_1(1.8);
    let want = [
        (0.0, 15.0, -1.115, 1.115),
        (45.0, 70.0, 2.385, 4.795),
        (95.0, 125.0, -1.115, 1.475),
    ];
    for (l, w) in t.lanes.iter().zip(want) {
        assert!(
            (l.x0 - w.0).abs() < 1e-12 && (l.x1 - w.1).abs() < 1e-12,
            "{l:?}"
        );
        assert!((l.y_right - w.2).abs() < 1e-12, "{l:?}");
        assert!((l.y_left - w.3).abs() < 1e-12, "{l:?}");
    }
    assert_eq!(t.length(), 125.0);
    // Inside / outside: the limit itself counts as a hit; gaps are free.
    assert!(t.admits(DVec2::new(7.0, 1.1)));
    assert!(!t.admits(DVec2::new(7.0, t.lanes[0].y_left)));
    assert!(!t.admits(DVec2::new(7.0, -1.2)));
    assert!(!t.admits(DVec2::new(50.0, 0.0)));
    assert!(t.admits(DVec2::new(30.0, 10.0)));
    assert!(t.admits(DVec2::new(130.0, -5.0)));
}

#[test]
fn sedan_width_and_footprint() {
    // Track 1.55 m, tires 0.205 m wide: b = 1.55 + 0.205 = 1.755 m. Axles at ±1.35 m,
    // R = 0.316 m: footprint from −1.666 to +1.666 m.
    let p = sedan();
    assert!((vehicle_width(&p) - 1.755).abs() < 1e-12);
    let f = footprint(&p);
    assert!((f[0] - DVec2::new(1.666, 0.8775)).length() < 1e-12, "{f:?}");
    assert!(
        (f[3] - DVec2::new(-1.666, -0.8775)).length() < 1e-12,
        "{f:?}"
    );
}

#[test]
fn reference_path_uses_half_the_slack_and_stays_inside() {
    // b = 1.755: slack (w − b)/2 = 0.2128 (section 1), 0.3005 (3), 0.3883 (5). The reference
    // sits half of it towards the next lane change: y1 = 0.1064, y3 = 3.5553 − 0.1502, and
    // y5 = 0.1713 + 0.1941.
    let b = 1.755;
    let t = Track::iso3888_1(b);
    let pts = t.reference_path(b, 0.316, 3.016, -10.0, 140.0, 0.5);
    let at = |x: f64| pts.iter().find(|p| (p.x - x).abs() < 1e-9).unwrap().y;
    let w = |k: f64| k * b + 0.25;
    let y1 = 0.25 * (w(1.1) - b);
    let y3 = -0.5 * w(1.1) + 3.5 + 0.5 * w(1.2) - 0.25 * (w(1.2) - b);
    let y5 = -0.5 * w(1.1) + 0.5 * w(1.3) + 0.25 * (w(1.3) - b);
    assert!((at(10.0) - y1).abs() < 1e-12, "{}", at(10.0));
    assert!((at(50.0) - y3).abs() < 1e-12, "{}", at(50.0));
    assert!((at(110.0) - y5).abs() < 1e-12, "{}", at(110.0));
    // The half-cosine spans 15 + 0.316 … 45 − 3.016 m: at x = 28.5, s = 13.184/26.668 and
    // y = y1 + (y3 − y1)·(1 − cos πs)/2.
    let s = (28.5 - 15.316) / (41.984 - 15.316);
    let want = y1 + (y3 - y1) * 0.5 * (1.0 - (std::f64::consts::PI * s).cos());
    assert!((at(28.5) - want).abs() < 1e-12, "{} vs {want}", at(28.5));
    let p = Path::Polyline {
        points: pts.clone(),
    };
    // A car centred on the reference in every lane is inside the limits.
    for x in [1.0, 14.0, 46.0, 69.0, 96.0, 124.0] {
        let y = p.target(DVec2::new(x, 0.0), 0.0).y;
        assert!(t.admits(DVec2::new(x, y + 0.5 * b - 1e-6)), "x {x}");
        assert!(t.admits(DVec2::new(x, y - 0.5 * b + 1e-6)), "x {x}");
    }
}

#[test]
fn polyline_path_projection_and_offset() {
    // An L: (0,0) → (10,0) → (10,10). From (4, 1), 3 m ahead along the path is (7, 0); 8 m
    // ahead turns the corner: (10, 2). The point is 1 m left of the first leg.
    let p = Path::Polyline {
        points: vec![
            DVec2::new(0.0, 0.0),
            DVec2::new(10.0, 0.0),
            DVec2::new(10.0, 10.0),
        ],
    };
    assert!((p.target(DVec2::new(4.0, 1.0), 3.0) - DVec2::new(7.0, 0.0)).length() < 1e-12);
    assert!((p.target(DVec2::new(4.0, 1.0), 8.0) - DVec2::new(10.0, 2.0)).length() < 1e-12);
    assert!((p.offset(DVec2::new(4.0, 1.0)) - 1.0).abs() < 1e-12);
    // Right of the second leg (x = 11 m → offset −1 m), and past its end it continues straight.
    assert!((p.offset(DVec2::new(11.0, 5.0)) + 1.0).abs() < 1e-12);
    assert!((p.target(DVec2::new(10.0, 9.0), 4.0) - DVec2::new(10.0, 13.0)).length() < 1e-12);
}

#[test]
fn sedan_passes_slowly_and_hits_cones_fast() {
    let p = sedan();
    let slow = double_lane_change(&p, 40.0 / 3.6).unwrap();
    assert!(slow.passed, "{slow:?}");
    assert!((slow.entry_speed - 40.0 / 3.6).abs() < 0.5, "{slow:?}");
    let fast = double_lane_change(&p, 110.0 / 3.6).unwrap();
    assert!(!fast.passed && fast.first_hit.is_some(), "{fast:?}");
}

#[test]
fn entry_speed_search_is_limited_by_grip() {
    // The tires cannot give more than µ·ΣF_z ≈ µ·m·g sideways, so the passing run at the
    // found speed has |a_y| ≤ µ·g (5 % for the heave and pitch that move ΣF_z off m·g). On dry
    // tarmac the driver passes 75–95 km/h (85.9 at the time of writing), the speeds ISO 3888-1
    // tests run at, needing only ≈ 5.5 m/s²: the car starts the shift inside lane 1 and ends
    // it inside lane 3, yawing so its corners stay in, which stretches the 30 m transition to
    // ≈ 36 m: a bang-bang shift of the centre by 3.3 m over 36 m at 23.9 m/s needs
    // 4·3.3·23.9²/36² = 5.8 m/s². On µ = 0.15 (1.47 m/s²) that lane change is beyond the grip,
    // so the speed must drop.
    let mut found = Vec::new();
    for mu in [1.0, 0.15] {
        // The friction-circle sedan: µ is its whole grip (no peak, no load sensitivity).
        let mut p = skidpad::presets::sedan_simple();
        for w in &mut p.wheels {
            w.tire.as_friction_circle_mut().unwrap().friction = mu;
        }
        let r = max_entry_speed(&p).unwrap();
        let best = double_lane_change(&p, r.max_entry_speed_kmh / 3.6).unwrap();
        println!(
            "µ {mu}: {:.2} km/h, peak a_y {:.2} m/s², runs {:?}",
            r.max_entry_speed_kmh, best.max_lateral_accel, r.runs
        );
        assert!(best.passed);
        assert!(best.max_lateral_accel <= 1.05 * mu * 9.81, "{best:?}");
        // The search ends with a pass at the result and a fail one resolution step above.
        assert!(
            r.runs.contains(&(r.max_entry_speed_kmh, true)),
            "{:?}",
            r.runs
        );
        let above = r
            .runs
            .iter()
            .filter(|(s, ok)| !ok && *s > r.max_entry_speed_kmh)
            .map(|r| r.0)
            .fold(f64::INFINITY, f64::min);
        assert!(above - r.max_entry_speed_kmh <= SPEED_RESOLUTION_KMH + 1e-9);
        found.push(r.max_entry_speed_kmh);
    }
    assert!((75.0..95.0).contains(&found[0]), "{found:?}");
    assert!(found[1] > 20.0 && found[1] < found[0] - 5.0, "{found:?}");
}
