"""Manoeuvres and the main job: KPIs under the core's keys, the same numbers as `skidpad run`
bit for bit, telemetry as numpy columns."""

import json
import re
import subprocess

import numpy as np
import pytest

import skidpad


def cli_summary(exe, tmp_path, args):
    out = tmp_path / "out"
    subprocess.run([exe, "run", *args, "--out", str(out)], check=True, capture_output=True)
    return json.loads((out / "summary.json").read_text())


def test_braking_obeys_the_friction_limit():
    r = skidpad.maneuver("sedan-simple", "braking", speed_kmh=80.0)
    v = 80.0 / 3.6
    k = r["kpis"]
    # µ = 1 friction-circle tyres (sedan-simple.toml) plus rolling resistance c_rr·g = 0.118 m/s² and
    # at most the drag at 80 km/h, ½·1.225·0.3·2.2·v²/1500 = 0.133 m/s²: no stop shorter than
    # v²/(2·(9.81 + 0.118 + 0.133)) = 24.54 m; the pedal ramp and the load transfer cost a
    # little, so within 5 % of v²/(2µg) = 25.17 m.
    assert k["braking_distance_m"] >= v * v / (2 * (9.81 + 0.118 + 0.133))
    assert k["braking_distance_m"] < 1.05 * v * v / (2 * 9.81)
    assert r["invalid"] == {}
    t = r["telemetry"]
    assert isinstance(t["vx_mps"], np.ndarray) and t["vx_mps"].dtype == np.float64
    assert t["vx_mps"][-1] < 0.05 and t["vx_mps"][0] > 0.95 * v


def test_named_maneuver_matches_the_cli_bit_for_bit(skidpad_cli, tmp_path):
    scenario = tmp_path / "s.toml"
    scenario.write_text(
        'vehicle = "hatch-fwd"\n[maneuver]\nkind = "step_steer"\nspeed_kmh = 60.0\n'
        "[ground]\nsurface = 1\n"
    )
    cli = cli_summary(skidpad_cli, tmp_path, [str(scenario)])
    py = skidpad.maneuver("hatch-fwd", "step_steer", speed_kmh=60.0, ground={"surface": 1})
    expected = {k: v for k, v in cli.items() if isinstance(v, float) and k != "vehicle_mass_kg"}
    assert expected and py["kpis"] == expected
    assert py["invalid"] == cli["invalid"]


def test_main_job_is_summary_json_bit_for_bit(skidpad_cli, tmp_path):
    cli = cli_summary(skidpad_cli, tmp_path, ["--vehicle", "kart"])
    py = skidpad.main_job("kart")
    tel = py.pop("telemetry")
    py.pop("events")
    assert py == cli
    assert tel["t_s"].shape == tel["speed_mps"].shape and len(tel["t_s"]) > 1000
    for key in skidpad.kpi_keys():
        assert key in py or key in py["invalid"] or key.startswith("lane_change_") or key in (
            "configured_cd_a_m2",
            "configured_crr",
            "understeer_gradient_deg_per_g",
            "understeer_gradient_left_deg_per_g",
            "understeer_gradient_right_deg_per_g",
            "step_steer_yaw_rate_gain_per_s",
            "accel_0_100_s",
            "quarter_mile_s",
        )


def test_batch_equals_one_by_one():
    vehicles = ["sedan", "sports-rwd", skidpad.VehicleParams.preset("kart")]
    batch = skidpad.maneuvers(vehicles, "steady_state_circle", radius=30.0)
    for v, b in zip(vehicles, batch):
        one = skidpad.maneuver(v, "steady_state_circle", radius=30.0, telemetry=False)
        assert b["kpis"] == one["kpis"] and b["invalid"] == one["invalid"]
        assert b["telemetry"] is None


def test_bad_maneuver_parameter_names_the_key():
    with pytest.raises(skidpad.ConfigError) as e:
        skidpad.maneuver("sedan", "braking", speed_kmh=-5.0)
    assert e.value.key == "maneuver.speed_kmh"
    # Keyword arguments have no file or line: the message starts with the key.
    assert (e.value.file, e.value.line) == ("", 0)
    assert str(e.value).startswith("maneuver.speed_kmh: must be in [5, 300] km/h (got -5 km/h)")
    with pytest.raises(skidpad.ConfigError):
        skidpad.maneuver("sedan", "wheelie")


KINDS = ["steady_state_circle", "step_steer", "sine_with_dwell", "lane_change", "braking",
         "acceleration", "coast_down", "park"]


def test_every_kind_reports_the_core_keys():
    keys = set(skidpad.kpi_keys())
    for kind in KINDS:
        r = skidpad.maneuver("sedan", kind, telemetry=False)
        got = set(r["kpis"]) | set(r["invalid"])
        assert got, kind
        assert all(k in keys or re.fullmatch(r"shift_\d+_\d+_kmh", k) for k in got), (kind, got)
    # The coast-down fit recovers the configured drag area, C_d·A = 0.3 · 2.2 = 0.66 m²
    # (sedan.toml), within 5 %.
    k = skidpad.maneuver("sedan", "coast_down", telemetry=False)["kpis"]
    assert k["configured_cd_a_m2"] == pytest.approx(0.66, abs=1e-12)
    assert k["coast_down_cd_a_m2"] == pytest.approx(0.66, rel=0.05)
