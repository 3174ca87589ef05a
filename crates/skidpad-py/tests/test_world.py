"""The batch world: numpy controls in, named state channels out, parallel stepping,
snapshot/restore, input errors."""

import threading
import time

import numpy as np
import pytest

import skidpad

DT = 1.0 / 60.0


def spawn(n, **kw):
    w = skidpad.World()
    w.spawn("sedan", n=n, **kw)
    return w


def test_channels_are_the_telemetry_columns():
    assert skidpad.CONTROL_CHANNELS == ("steer_cmd", "throttle_cmd", "brake_cmd", "handbrake_cmd")
    cols = skidpad.VehicleParams.preset("sedan").telemetry_columns()
    assert list(skidpad.STATE_CHANNELS) == cols[: len(skidpad.STATE_CHANNELS)]


def test_braked_car_stays_put_and_rests_on_its_wheels():
    w = spawn(2)
    w.set_controls(np.tile([0.0, 0.0, 1.0, 0.0], (2, 1)))
    w.step(DT, steps=120)
    s = w.state()
    assert s.shape == (2, len(skidpad.STATE_CHANNELS))
    assert np.all(np.abs(s[:, skidpad.channel("x_m")]) < 1e-3)  # held: < 1 mm in 2 s
    assert np.all(s[:, skidpad.channel("grounded_wheels")] == 4)
    assert np.allclose(s[:, skidpad.channel("t_s")], 2.0, atol=1e-9)
    assert w.time == pytest.approx(2.0, abs=1e-12)


def test_coasting_loses_speed_to_rolling_resistance_and_drag():
    # 10 m/s, no input, 1 s: rolling resistance alone takes c_rr·g·t = 0.012·9.81·1 = 0.118
    # m/s (sedan-simple.toml: rolling_resistance 0.012, direct drive, so no engine braking);
    # aero drag adds ½ρC_dA v²/m ≈ 0.03 m/s.
    w = skidpad.World()
    w.spawn("sedan-simple", n=1, speed=10.0)
    w.step(DT, steps=60)
    dv = 10.0 - w.state()[0, skidpad.channel("speed_mps")]
    assert 0.10 < dv < 0.20


def test_batch_rows_are_independent_and_parallel_equals_serial():
    controls = np.array(
        [[0.2, 0.5, 0.0, 0.0], [-0.3, 0.8, 0.0, 0.0], [0.0, 0.0, 0.5, 0.0], [0.5, 0.2, 0.0, 1.0]]
    )
    a = spawn(4, speed=[5.0, 10.0, 15.0, 20.0], y=[0.0, 10.0, 20.0, 30.0])
    b = spawn(4, speed=[5.0, 10.0, 15.0, 20.0], y=[0.0, 10.0, 20.0, 30.0])
    for w, par in ((a, True), (b, False)):
        w.set_controls(controls)
        w.step(DT, steps=90, parallel=par)
    assert np.array_equal(a.state(), b.state())
    # Row 1 alone gives the same numbers as row 1 of the batch.
    one = spawn(1, speed=10.0, y=10.0)
    one.set_controls(controls[1:2])
    one.step(DT, steps=90)
    assert np.array_equal(one.state()[0], a.state()[1])


def test_snapshot_restore_continues_bit_for_bit():
    w = spawn(3, speed=12.0)
    w.set_controls(np.tile([0.3, 0.4, 0.0, 0.0], (3, 1)))
    w.step(DT, steps=30)
    snap = w.snapshot()
    w.step(DT, steps=60)
    first = w.state()
    w.set_controls(np.zeros((3, 4)))  # the snapshot holds the controls too
    w.restore(snap)
    assert w.time == snap.time
    w.step(DT, steps=60)
    assert np.array_equal(first, w.state())


def test_bad_controls_and_steps_raise_input_errors():
    w = spawn(2)
    with pytest.raises(skidpad.InputError) as e:
        w.set_controls(np.zeros((3, 4)))
    assert e.value.field == "controls"
    c = np.zeros((2, 4))
    c[1, 1] = np.nan
    with pytest.raises(skidpad.InputError) as e:
        w.set_controls(c)
    assert (e.value.row, e.value.field) == (1, "throttle_cmd")
    with pytest.raises(skidpad.InputError) as e:
        w.step(10.0)  # longer than the sedan's longest stable step (55 ms · 64 = 3.5 s)
    assert e.value.field == "dt"


def test_grounds_are_scenario_grounds():
    # A 10 % incline, brakes off: the car rolls back down (−x), a = g·sin(atan 0.1) ≈ 0.976
    # m/s² less rolling resistance.
    w = skidpad.World({"kind": "incline", "grade_pct": 10.0})
    w.spawn("sedan")
    w.step(DT, steps=60)
    vx = w.state()[0, skidpad.channel("vx_mps")]
    assert -0.98 < vx < -0.6
    with pytest.raises(skidpad.ConfigError) as e:
        skidpad.World({"kind": "lava"})
    assert e.value.key.startswith("ground.kind")


def test_step_releases_the_gil():
    w = spawn(64, speed=10.0)
    ticks = []
    done = threading.Event()

    def run():
        w.step(DT, steps=240)
        done.set()

    t = threading.Thread(target=run)
    t.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    t.join()
    # The main thread kept running Python while the batch stepped.
    assert len(ticks) > 5
