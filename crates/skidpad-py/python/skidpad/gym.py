"""Gymnasium environments: drive a skidpad vehicle along a seeded random road.

``RoadFollowEnv`` is one vehicle; ``VectorRoadFollowEnv`` runs ``num_envs`` of them in one
batch :class:`skidpad.World` (one ``set_controls``/``step``/``state`` call per step for all of
them, the Rust side stepping in parallel with the GIL released; road geometry in numpy, no
per-vehicle Python loop).

Road
    Each episode draws a road from the episode's seed: :data:`ROAD_LENGTH` m sampled every
    :data:`ROAD_DS` m, starting at the origin heading +x, made of segments
    :data:`SEGMENT_LENGTH` m long whose curvature is uniform in ±1/:data:`MIN_RADIUS` 1/m
    (joined by linear curvature ramps, so the road is smooth), lane half width
    :data:`HALF_WIDTH` m, flat dry tarmac. The vehicle starts on the centreline at
    :data:`START_SPEED` m/s.

Actions (``Box(3)``, float32)
    ``[steer, throttle, brake]``: steer in [-1, 1] (positive left), throttle and brake in
    [0, 1]; each policy step holds them for ``substeps`` world steps of ``dt`` (default
    3 × 1/60 s = 0.05 s).

Observations (``Box(8 + 2·len(LOOKAHEAD))``, float32)
    ``vx_mps, vy_mps`` (body frame, ISO 8855: x forward, y left), ``yaw_rate_radps``
    (ISO 8855, about the vertical),
    ``lateral_offset_m`` (centreline to vehicle, positive left), ``heading_error_rad``
    (vehicle yaw minus road heading, wrapped to ±π), ``roll_rad``, ``body_slip_angle_rad``,
    ``steer_cmd``, then for each look-ahead distance in :data:`LOOKAHEAD` (m along the road
    from the vehicle's projection) the centreline point's ``x, y`` in the vehicle frame (m).

Reward per policy step
    ``r = Δs − LATERAL_WEIGHT · (e_y / HALF_WIDTH)²`` with ``Δs`` the progress along the
    centreline in m and ``e_y`` the lateral offset; leaving the lane (``|e_y| > HALF_WIDTH``),
    rolling beyond 45° or a step fault ends the episode (``terminated``) with
    ``OFF_ROAD_PENALTY`` subtracted. ``truncated`` when the look-ahead would run off the
    road's end or after ``max_steps`` policy steps.

Determinism: the same seed gives the same road and, with the same actions, bit-identical
observations (the core is deterministic; the road comes from ``np.random.default_rng``).
"""

from __future__ import annotations

import math
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from . import STATE_CHANNELS, World

ROAD_LENGTH = 600.0
ROAD_DS = 1.0
SEGMENT_LENGTH = 40.0
MIN_RADIUS = 50.0
HALF_WIDTH = 3.5
START_SPEED = 10.0
LOOKAHEAD = (5.0, 10.0, 20.0, 30.0, 40.0)
LATERAL_WEIGHT = 0.1
OFF_ROAD_PENALTY = 10.0
MAX_ROLL = math.radians(45.0)
OBS_BOUND = 1.0e3

_C = {name: i for i, name in enumerate(STATE_CHANNELS)}
_OBS_STATE = ("vx_mps", "vy_mps", "yaw_rate_radps")
OBS_NAMES = (
    "vx_mps",
    "vy_mps",
    "yaw_rate_radps",
    "lateral_offset_m",
    "heading_error_rad",
    "roll_rad",
    "body_slip_angle_rad",
    "steer_cmd",
) + tuple(f"ahead_{d:g}m_{a}_m" for d in LOOKAHEAD for a in ("x", "y"))


def random_road(rng: np.random.Generator) -> np.ndarray:
    """A road as an ``M × 3`` array of centreline ``x, y`` (m) and heading (rad), every
    ``ROAD_DS`` m from the origin heading +x."""
    n = int(round(ROAD_LENGTH / ROAD_DS)) + 1
    s = np.arange(n) * ROAD_DS
    n_seg = int(math.ceil(ROAD_LENGTH / SEGMENT_LENGTH)) + 1
    knots = rng.uniform(-1.0 / MIN_RADIUS, 1.0 / MIN_RADIUS, size=n_seg)
    knots[0] = 0.0  # a straight start
    kappa = np.interp(s, np.arange(n_seg) * SEGMENT_LENGTH, knots)
    heading = np.concatenate([[0.0], np.cumsum(0.5 * (kappa[1:] + kappa[:-1]) * ROAD_DS)])
    mid = 0.5 * (heading[1:] + heading[:-1])
    x = np.concatenate([[0.0], np.cumsum(np.cos(mid) * ROAD_DS)])
    y = np.concatenate([[0.0], np.cumsum(np.sin(mid) * ROAD_DS)])
    return np.stack([x, y, heading], axis=1)


def _wrap(a: np.ndarray) -> np.ndarray:
    return (a + np.pi) % (2.0 * np.pi) - np.pi


class _Batch:
    """N vehicles on N roads in one World: projection, observations, rewards."""

    WINDOW = np.arange(-3, 12)

    def __init__(self, vehicle: Any, n: int, dt: float, substeps: int, max_steps: int):
        self.vehicle = vehicle
        self.n = n
        self.dt = dt
        self.substeps = substeps
        self.max_steps = max_steps
        self.world = World()
        self.world.spawn(vehicle, n=n, speed=START_SPEED)
        m = int(round(ROAD_LENGTH / ROAD_DS)) + 1
        self.roads = np.zeros((n, m, 3))
        self.idx = np.zeros(n, dtype=np.int64)
        self.s = np.zeros(n)
        self.steps = np.zeros(n, dtype=np.int64)
        self.controls = np.zeros((n, 4))

    def reset(self, i: int, rng: np.random.Generator) -> None:
        self.roads[i] = random_road(rng)
        self.world.reset_vehicle(i, 0.0, 0.0, 0.0, START_SPEED)
        self.idx[i] = 0
        self.s[i] = 0.0
        self.steps[i] = 0
        self.controls[i] = 0.0

    def project(self, state: np.ndarray):
        """Progress index, arc length, lateral offset and road heading at each vehicle."""
        m = self.roads.shape[1]
        rows = np.arange(self.n)[:, None]
        k = np.clip(self.idx[:, None] + self.WINDOW[None, :], 0, m - 2)
        a = self.roads[rows, k, :2]
        b = self.roads[rows, k + 1, :2]
        p = state[:, [_C["x_m"], _C["y_m"]]][:, None, :]
        d = b - a
        t = np.clip(np.sum((p - a) * d, axis=2) / np.sum(d * d, axis=2), 0.0, 1.0)
        q = a + t[..., None] * d
        dist2 = np.sum((p - q) ** 2, axis=2)
        j = np.argmin(dist2, axis=1)
        r = np.arange(self.n)
        kk = k[r, j]
        tt = t[r, j]
        dd = d[r, j]
        rel = p[:, 0, :] - q[r, j]
        e_y = (dd[:, 0] * rel[:, 1] - dd[:, 1] * rel[:, 0]) / np.linalg.norm(dd, axis=1)
        s = (kk + tt) * ROAD_DS
        h0 = self.roads[r, kk, 2]
        h1 = self.roads[r, kk + 1, 2]
        return kk, s, e_y, h0 + tt * (h1 - h0)

    def observe(self, state: np.ndarray, s: np.ndarray, e_y: np.ndarray, road_heading: np.ndarray):
        yaw = state[:, _C["yaw_rad"]]
        obs = np.empty((self.n, len(OBS_NAMES)), dtype=np.float64)
        for c, name in enumerate(_OBS_STATE):
            obs[:, c] = state[:, _C[name]]
        obs[:, 3] = e_y
        obs[:, 4] = _wrap(yaw - road_heading)
        obs[:, 5] = state[:, _C["roll_rad"]]
        obs[:, 6] = state[:, _C["body_slip_angle_rad"]]
        obs[:, 7] = state[:, _C["steer_cmd"]]
        m = self.roads.shape[1]
        r = np.arange(self.n)
        cy, sy = np.cos(yaw), np.sin(yaw)
        px, py = state[:, _C["x_m"]], state[:, _C["y_m"]]
        for j, dist in enumerate(LOOKAHEAD):
            u = np.clip((s + dist) / ROAD_DS, 0.0, m - 1.0)
            k = np.minimum(u.astype(np.int64), m - 2)
            f = (u - k)[:, None]
            pt = self.roads[r, k, :2] * (1.0 - f) + self.roads[r, k + 1, :2] * f
            dx, dy = pt[:, 0] - px, pt[:, 1] - py
            obs[:, 8 + 2 * j] = cy * dx + sy * dy
            obs[:, 9 + 2 * j] = -sy * dx + cy * dy
        return np.clip(obs, -OBS_BOUND, OBS_BOUND).astype(np.float32)

    def first_obs(self, rows: np.ndarray) -> np.ndarray:
        state = self.world.state()
        k, s, e_y, h = self.project(state)
        self.idx[rows] = k[rows]
        self.s[rows] = s[rows]
        return self.observe(state, s, e_y, h)

    def step(self, actions: np.ndarray):
        a = np.asarray(actions, dtype=np.float64).reshape(self.n, 3)
        a = np.nan_to_num(a, nan=0.0)
        self.controls[:, 0] = np.clip(a[:, 0], -1.0, 1.0)
        self.controls[:, 1] = np.clip(a[:, 1], 0.0, 1.0)
        self.controls[:, 2] = np.clip(a[:, 2], 0.0, 1.0)
        self.controls[:, 3] = 0.0
        self.world.set_controls(self.controls)
        self.world.step(self.dt, steps=self.substeps)
        state = self.world.state()
        k, s, e_y, h = self.project(state)
        progress = s - self.s
        self.idx, self.s = k, s
        self.steps += 1
        reward = progress - LATERAL_WEIGHT * (e_y / HALF_WIDTH) ** 2
        faulted = np.zeros(self.n, dtype=bool)
        for i, _ in self.world.faults():
            faulted[i] = True
        off = np.abs(e_y) > HALF_WIDTH
        rolled = np.abs(state[:, _C["roll_rad"]]) > MAX_ROLL
        terminated = off | rolled | faulted
        reward = np.where(terminated, reward - OFF_ROAD_PENALTY, reward)
        end = s + max(LOOKAHEAD) >= ROAD_LENGTH - ROAD_DS
        truncated = (end | (self.steps >= self.max_steps)) & ~terminated
        return self.observe(state, s, e_y, h), reward, terminated, truncated


def _spaces():
    obs = spaces.Box(-OBS_BOUND, OBS_BOUND, shape=(len(OBS_NAMES),), dtype=np.float32)
    act = spaces.Box(
        low=np.array([-1.0, 0.0, 0.0], dtype=np.float32),
        high=np.array([1.0, 1.0, 1.0], dtype=np.float32),
        dtype=np.float32,
    )
    return obs, act


class RoadFollowEnv(gym.Env):
    """Follow a seeded random road with one vehicle (see the module docs for the spaces and
    the reward). ``vehicle`` is a built-in name, a file path or ``VehicleParams``."""

    metadata = {"render_modes": []}

    def __init__(self, vehicle: Any = "sedan", dt: float = 1.0 / 60.0, substeps: int = 3, max_steps: int = 1000):
        self.observation_space, self.action_space = _spaces()
        self._b = _Batch(vehicle, 1, dt, substeps, max_steps)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self._b.reset(0, self.np_random)
        obs = self._b.first_obs(np.array([0]))
        return obs[0], {"road": self._b.roads[0].copy()}

    def step(self, action):
        obs, r, term, trunc = self._b.step(np.asarray(action)[None, :])
        info = {"s_m": float(self._b.s[0])}
        return obs[0], float(r[0]), bool(term[0]), bool(trunc[0]), info


class VectorRoadFollowEnv(gym.vector.VectorEnv):
    """``num_envs`` road followers in one batch World (next-step autoreset: the step after
    an episode ends returns the new episode's first observation with reward 0). Sub-env
    ``i`` of ``reset(seed=s)`` gets seed ``s + i``."""

    metadata = {"render_modes": [], "autoreset_mode": gym.vector.AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int, vehicle: Any = "sedan", dt: float = 1.0 / 60.0, substeps: int = 3, max_steps: int = 1000):
        self.num_envs = num_envs
        self.single_observation_space, self.single_action_space = _spaces()
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._b = _Batch(vehicle, num_envs, dt, substeps, max_steps)
        self._rngs = [np.random.default_rng() for _ in range(num_envs)]
        self._done = np.zeros(num_envs, dtype=bool)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._rngs = [np.random.default_rng(seed + i) for i in range(self.num_envs)]
        for i in range(self.num_envs):
            self._b.reset(i, self._rngs[i])
        self._done[:] = False
        return self._b.first_obs(np.arange(self.num_envs)), {}

    def step(self, actions):
        done_before = np.flatnonzero(self._done)
        obs, r, term, trunc = self._b.step(actions)
        if done_before.size:
            for i in done_before:
                self._b.reset(int(i), self._rngs[int(i)])
            fresh = self._b.first_obs(done_before)
            obs[done_before] = fresh[done_before]
            r[done_before] = 0.0
            term[done_before] = False
            trunc[done_before] = False
        self._done = term | trunc
        return obs, r, term, trunc, {"s_m": self._b.s.copy()}
