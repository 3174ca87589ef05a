"""Parameter sweeps: changes applied exactly, grid/random cases, Ray local mode equals the
in-process run bit for bit, and the anti-roll-bar trend."""

import pytest

import skidpad
from skidpad import sweep


def test_changes_apply_exactly():
    base = skidpad.VehicleParams.preset("sedan").to_dict()
    p = sweep.apply("sedan", {"spring_scale": 2.0, "front_arb_scale": 0.5, "mass_scale": 1.1, "com_dz_m": 0.05})
    d = p.to_dict()
    for w, w0 in zip(d["wheels"], base["wheels"]):
        assert w["suspension"]["spring_rate"] == 2.0 * w0["suspension"]["spring_rate"]
    # sedan: bar 0 joins the front wheels 0-1, bar 1 the rear 2-3.
    assert d["anti_roll_bars"][0]["stiffness"] == 0.5 * base["anti_roll_bars"][0]["stiffness"]
    assert d["anti_roll_bars"][1]["stiffness"] == base["anti_roll_bars"][1]["stiffness"]
    assert d["chassis"]["mass"] == pytest.approx(1650.0, abs=1e-9)
    assert d["chassis"]["com_offset"][2] == base["chassis"]["com_offset"][2] + 0.05
    # sedan-simple: the friction-circle tyre, whose friction is one number.
    t = sweep.apply("sedan-simple", {"tire_friction_scale": 0.8}).to_dict()
    assert t["wheels"][0]["tire"]["friction_circle"]["friction"] == 0.8
    with pytest.raises(KeyError):
        sweep.apply("sedan", {"spring": 2.0})
    with pytest.raises(skidpad.ParamError) as e:
        sweep.apply("sedan", {"spring_scale": 0.0})
    assert e.value.path.endswith("suspension.spring_rate")


def test_grid_and_random_cases():
    g = sweep.grid(spring_scale=[0.8, 1.2], mass_scale=[1.0, 1.1, 1.2])
    assert len(g) == 6 and g[1] == {"spring_scale": 0.8, "mass_scale": 1.1}
    r1 = sweep.random_sample(5, 42, damper_scale=(0.5, 2.0))
    assert r1 == sweep.random_sample(5, 42, damper_scale=(0.5, 2.0))
    assert all(0.5 <= c["damper_scale"] <= 2.0 for c in r1)


def test_ray_local_sweep_equals_in_process_and_front_bar_adds_understeer():
    import ray
    cases = sweep.grid(front_arb_scale=[0.5, 1.0, 3.0])
    kinds = ["steady_state_circle", "braking"]
    params = {"braking": {"speed_kmh": 60.0}}
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = sweep.run("sedan", cases, kinds, params=params, chunk_size=2)
    finally:
        ray.shutdown()
    local = sweep.run("sedan", cases, kinds, params=params, backend="local", chunk_size=3)
    assert on_ray == local
    assert [r["maneuver"] for r in local[:2]] == kinds
    k = sweep.column(local, "understeer_gradient_deg_per_g", "steady_state_circle")
    # A stiffer front bar moves lateral load transfer to the front axle: more understeer
    # (Milliken & Milliken ch. 18); the linear friction-circle tyre has no load sensitivity,
    # so the effect is small but must be monotonic.
    assert k[0] < k[1] < k[2]
    # The stock sedan's gradient is the suite's (2.06 deg/g, the main job's number).
    stock = skidpad.maneuver("sedan", "steady_state_circle", telemetry=False)
    assert k[1] == stock["kpis"]["understeer_gradient_deg_per_g"]
