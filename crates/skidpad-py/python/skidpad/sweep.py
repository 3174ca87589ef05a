"""Parameter sweeps: a grid or random sample of parameter changes × manoeuvres → a KPI table,
run as Ray tasks over batches.

A *case* is a dict of changes applied to a base vehicle (:data:`CHANGES`; all scale factors
are dimensionless multipliers, offsets are in metres)::

    from skidpad import sweep
    cases = sweep.grid(front_arb_scale=[0.0, 0.5, 1.0, 2.0, 4.0])
    table = sweep.run("sedan", cases, ["steady_state_circle"])
    for row in table:
        print(row["front_arb_scale"], row["understeer_gradient_deg_per_g"])

Each row of the table is one (case, manoeuvre): the case's changes, ``maneuver`` (the kind),
every valid KPI under its key (``skidpad.kpi_keys()``), and ``invalid`` (``{key: reason}``)
— a KPI not reached is absent. Rows come back in case order, then manoeuvre order.

Execution: the cases are cut into chunks of ``chunk_size``; each chunk is one Ray task that
builds the chunk's vehicles and runs each manoeuvre on all of them with
``skidpad.maneuvers`` (one call per manoeuvre: the batch runs on the worker's threads with the
GIL released). ``backend="ray"`` (default) uses the running Ray instance, or calls
``ray.init()``, which joins a cluster named by ``RAY_ADDRESS`` (after ``ray start --head`` on
one machine and ``ray start --address=HEAD:6379`` on the others, set
``RAY_ADDRESS=HEAD:6379`` — or pass ``address=``); with neither it starts a local instance.
``backend="local"`` runs the same chunks in this process, in order. Both give the same numbers
bit for bit: the core is deterministic and a case's result does not depend on its chunk.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from . import VehicleParams, load_vehicle, maneuvers


def _front(d: dict, bar: dict) -> bool:
    return d["wheels"][bar["wheel_a"]]["position"][0] > 0.0


def _scale_tires(d: dict, factor: float, friction: bool) -> None:
    """Scale each wheel's tyre grip (``friction``) or slip stiffness, whatever its model."""
    keys_friction = {
        "friction_circle": ["friction"],
        "slip_curve": ["friction"],
        "brush": ["friction"],
        "simple_magic": ["friction"],
    }
    keys_stiffness = {
        "friction_circle": ["longitudinal_stiffness_per_unit_load", "cornering_stiffness_per_unit_load"],
        "slip_curve": ["longitudinal_stiffness_per_unit_gravity", "lat_stiff_y"],
        "brush": ["tread_stiffness"],
        "simple_magic": ["b"],
    }
    for w in d["wheels"]:
        model = w["tire"]["model"] if "model" in w["tire"] else w["tire"]
        for kind, table in model.items():
            if not isinstance(table, dict):
                continue
            if kind == "magic_formula":
                coeffs = table.get("coefficients", table)
                for k in (("lmux", "lmuy") if friction else ("lkx", "lky")):
                    coeffs[k] = coeffs.get(k, 1.0) * factor
                continue
            for k in (keys_friction if friction else keys_stiffness).get(kind, []):
                table[k] *= factor


def _spring(d, f):
    for w in d["wheels"]:
        w["suspension"]["spring_rate"] *= f


def _damper(d, f):
    for w in d["wheels"]:
        w["suspension"]["bump_damping"] *= f
        w["suspension"]["rebound_damping"] *= f


def _arb(front: bool):
    def apply(d, f):
        for bar in d.get("anti_roll_bars", []):
            if _front(d, bar) == front:
                bar["stiffness"] *= f

    return apply


def _mass(d, f):
    # Mass and inertia together: the radii of gyration stay.
    d["chassis"]["mass"] *= f
    d["chassis"]["inertia"] = (np.asarray(d["chassis"]["inertia"], dtype=float) * f).tolist()


def _com(axis: int):
    def apply(d, dx):
        d["chassis"]["com_offset"][axis] += dx

    return apply


CHANGES: dict[str, Callable[[dict, float], None]] = {
    "spring_scale": _spring,
    "damper_scale": _damper,
    "front_arb_scale": _arb(True),
    "rear_arb_scale": _arb(False),
    "tire_friction_scale": lambda d, f: _scale_tires(d, f, True),
    "tire_stiffness_scale": lambda d, f: _scale_tires(d, f, False),
    "mass_scale": _mass,
    "com_dx_m": _com(0),
    "com_dy_m": _com(1),
    "com_dz_m": _com(2),
}
"""Named changes: ``spring_scale`` (every spring rate), ``damper_scale`` (bump and rebound
damping), ``front_arb_scale`` / ``rear_arb_scale`` (anti-roll bars between front / rear
wheels, x > 0 / x ≤ 0), ``tire_friction_scale`` (each tyre's friction coefficient; MF: LMUX,
LMUY), ``tire_stiffness_scale`` (slip stiffnesses; MF: LKX, LKY), ``mass_scale`` (chassis mass
and inertia), ``com_dx_m`` / ``com_dy_m`` / ``com_dz_m`` (centre-of-mass offset, m)."""


def apply(base: Any, changes: dict[str, float]) -> VehicleParams:
    """``base`` (name, path or ``VehicleParams``) with ``changes`` applied; validated
    (``ParamError`` names the field a change broke)."""
    p = base if isinstance(base, VehicleParams) else load_vehicle(base)
    d = copy.deepcopy(p.to_dict())
    for name, value in changes.items():
        if name not in CHANGES:
            raise KeyError(f"unknown change {name!r}; changes: {', '.join(CHANGES)}")
        CHANGES[name](d, float(value))
    return VehicleParams.from_dict(d)


def grid(**axes: Iterable[float]) -> list[dict[str, float]]:
    """Every combination of the given values: ``grid(spring_scale=[0.8, 1.2], mass_scale=[1,
    1.1])`` is four cases, the last axis varying fastest."""
    names = list(axes)
    return [dict(zip(names, combo)) for combo in itertools.product(*(list(axes[n]) for n in names))]


def random_sample(n: int, seed: int, **ranges: tuple[float, float]) -> list[dict[str, float]]:
    """``n`` cases, each change uniform in its ``(low, high)`` range, from ``seed``."""
    rng = np.random.default_rng(seed)
    names = list(ranges)
    draws = {k: rng.uniform(*ranges[k], size=n) for k in names}
    return [{k: float(draws[k][i]) for k in names} for i in range(n)]


def _run_chunk(base_dict: dict, cases: list[dict], kinds: Sequence[str], params: dict) -> list[dict]:
    base = VehicleParams.from_dict(base_dict)
    vehicles = [apply(base, c) for c in cases]
    rows: list[list[dict]] = [[] for _ in cases]
    for kind in kinds:
        results = maneuvers(vehicles, kind, telemetry=False, **params.get(kind, {}))
        for i, r in enumerate(results):
            rows[i].append({**cases[i], "maneuver": kind, **r["kpis"], "invalid": r["invalid"]})
    return [row for case_rows in rows for row in case_rows]


def run(
    base: Any,
    cases: Sequence[dict[str, float]],
    kinds: Sequence[str] = ("steady_state_circle",),
    *,
    params: dict[str, dict] | None = None,
    backend: str = "ray",
    chunk_size: int = 8,
    address: str | None = None,
) -> list[dict]:
    """Run every case × manoeuvre ``kinds``; ``params`` maps a kind to its keyword arguments
    (``{"braking": {"speed_kmh": 80}}``). Returns the KPI table (see the module docs)."""
    p = base if isinstance(base, VehicleParams) else load_vehicle(base)
    base_dict = p.to_dict()
    params = params or {}
    chunks = [list(cases[i : i + chunk_size]) for i in range(0, len(cases), chunk_size)]
    if backend == "local":
        parts = [_run_chunk(base_dict, c, kinds, params) for c in chunks]
    elif backend == "ray":
        import ray

        if not ray.is_initialized():
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        task = ray.remote(_run_chunk)
        base_ref = ray.put(base_dict)
        parts = ray.get([task.remote(base_ref, c, list(kinds), params) for c in chunks])
    else:
        raise ValueError(f"backend: must be 'ray' or 'local' (got {backend!r})")
    return [row for part in parts for row in part]


def column(table: list[dict], key: str, maneuver: str | None = None) -> np.ndarray:
    """One column of a table as floats (NaN where a row lacks the KPI), optionally only the
    rows of one manoeuvre."""
    rows = [r for r in table if maneuver is None or r["maneuver"] == maneuver]
    return np.array([r.get(key, np.nan) for r in rows], dtype=float)
