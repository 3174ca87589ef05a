//! The lab's scenarios that are not tested elsewhere, as tests (launch, brake and jump have
//! their own in `tests/ecs.rs` and `tests/ecs_physics.rs`): the steady-state circle against
//! the core's standalone world, a rollover's energy audit, split-µ on two tagged colliders,
//! and the tank's pivot direction. The scenarios and their bounds are documented in
//! `examples/lab/scenarios/`.

#[allow(dead_code)] // the lab's other scenarios are not run here
#[path = "../examples/lab/scenarios/mod.rs"]
mod scenarios;

fn assert_passes(o: &scenarios::Outcome) {
    println!("{}", serde_json::to_string_pretty(&o.json()).unwrap());
    for c in &o.checks {
        assert!(c.pass, "{}: {} failed ({:?})", o.name, c.what, o.values);
    }
    assert!(o.pass());
}

#[test]
fn circle_yaw_rate_matches_the_core() {
    assert_passes(&scenarios::circle());
}

#[test]
fn rollover_gains_no_energy() {
    assert_passes(&scenarios::rollover());
}

#[test]
fn split_mu_surfaces_per_wheel() {
    assert_passes(&scenarios::split_mu());
}

#[test]
fn tank_pivots_the_commanded_way() {
    assert_passes(&scenarios::tank_pivot());
}
