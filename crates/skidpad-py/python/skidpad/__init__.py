"""skidpad from Python: the Rust vehicle-dynamics core's batch world, manoeuvres and KPIs.

Everything numerical happens in Rust (``skidpad._skidpad``); this package re-exports it and
adds :mod:`skidpad.gym` (gymnasium environments) and :mod:`skidpad.sweep` (parameter sweeps
on Ray).

>>> import numpy as np, skidpad
>>> world = skidpad.World()
>>> rows = world.spawn("sedan", n=4, speed=10.0)
>>> world.set_controls(np.tile([0.1, 0.3, 0.0, 0.0], (4, 1)))   # steer, throttle, brake, handbrake
>>> world.step(1 / 60, steps=60)                                # 1 s, GIL released, parallel
>>> state = world.state()                                       # 4 x len(STATE_CHANNELS)
>>> bool(state[0, skidpad.STATE_CHANNELS.index("speed_mps")] > 9.0)
True

Names:

* ``VehicleParams.preset(name)``, ``load_vehicle(name_or_path)``, ``VehicleParams.from_toml``,
  ``VehicleParams.from_dict`` / ``to_dict``; ``vehicle_names()``.
* ``World(ground=None)``: ``spawn``, ``set_controls`` (``CONTROL_CHANNELS``), ``step``,
  ``state`` (``STATE_CHANNELS``, the telemetry's column names), ``snapshot``/``restore``,
  ``faults``, ``reset_vehicle``.
* ``maneuver(vehicle, kind, **params)``, ``maneuvers(list, kind, **params)`` (parallel),
  ``main_job(vehicle)``: KPIs as dicts under the keys of ``kpi_keys()``, telemetry as numpy
  columns.
* Errors: ``SkidpadError``; ``ConfigError`` (``file``, ``line``, ``column``, ``key``),
  ``ParamError`` (``path``, ``rule``), ``InputError`` (``field``, ``rule``, ``row``), all
  also ``ValueError``.
"""

from ._skidpad import (  # noqa: F401
    CONTROL_CHANNELS,
    STATE_CHANNELS,
    ConfigError,
    InputError,
    ParamError,
    SkidpadError,
    Snapshot,
    VehicleParams,
    World,
    kpi_keys,
    load_vehicle,
    main_job,
    maneuver,
    maneuvers,
    vehicle_names,
)

__all__ = [
    "CONTROL_CHANNELS",
    "STATE_CHANNELS",
    "ConfigError",
    "InputError",
    "ParamError",
    "SkidpadError",
    "Snapshot",
    "VehicleParams",
    "World",
    "kpi_keys",
    "load_vehicle",
    "main_job",
    "maneuver",
    "maneuvers",
    "vehicle_names",
    "channel",
]


def channel(name: str) -> int:
    """Column index of ``name`` in ``World.state()`` (``STATE_CHANNELS``)."""
    try:
        return STATE_CHANNELS.index(name)
    except ValueError:
        raise KeyError(f"no state channel {name!r}; channels: {', '.join(STATE_CHANNELS)}") from None
