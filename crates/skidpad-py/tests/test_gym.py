"""The gymnasium environments: env_checker, determinism, batch == single, a driver that
follows the road."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from skidpad.gym import HALF_WIDTH, LOOKAHEAD, RoadFollowEnv, VectorRoadFollowEnv, random_road


def pursuit(obs):
    """Pure pursuit on the 10 m look-ahead point, speed held near 12 m/s."""
    j = LOOKAHEAD.index(10.0)
    x, y = obs[..., 8 + 2 * j], obs[..., 9 + 2 * j]
    steer = np.clip(4.0 * np.arctan2(y, x), -1.0, 1.0)
    throttle = np.clip(0.3 * (12.0 - obs[..., 0]), 0.0, 1.0)
    return np.stack([steer, throttle, np.zeros_like(steer)], axis=-1).astype(np.float32)


def test_passes_the_env_checker():
    check_env(RoadFollowEnv(), skip_render_check=True)


def test_road_is_smooth_with_the_documented_radius():
    road = random_road(np.random.default_rng(3))
    d = np.diff(road[:, :2], axis=0)
    assert np.allclose(np.hypot(d[:, 0], d[:, 1]), 1.0, atol=1e-3)  # samples 1 m apart
    kappa = np.diff(road[:, 2])  # per 1 m
    assert np.max(np.abs(kappa)) <= 1.0 / 50.0 + 1e-12  # MIN_RADIUS = 50 m


def test_same_seed_same_episode_bit_for_bit():
    def episode(seed):
        env = RoadFollowEnv()
        obs, info = env.reset(seed=seed)
        out = [obs]
        for _ in range(40):
            obs, r, term, trunc, _ = env.step(pursuit(obs))
            out.append(np.append(obs, r))
        return np.concatenate(out), info["road"]

    a, road_a = episode(7)
    b, road_b = episode(7)
    c, road_c = episode(8)
    assert np.array_equal(a, b) and np.array_equal(road_a, road_b)
    assert not np.array_equal(road_a, road_c)


def test_straight_start_reward_is_progress():
    env = RoadFollowEnv()
    obs, _ = env.reset(seed=1)
    assert obs[3] == pytest.approx(0.0, abs=1e-3) and obs[0] == pytest.approx(10.0, abs=0.05)
    # Straight, no input: progress ≈ 10 m/s · 0.05 s = 0.5 m per step, centred.
    obs, r, term, trunc, info = env.step(np.zeros(3, dtype=np.float32))
    assert r == pytest.approx(0.5, abs=0.01)
    assert info["s_m"] == pytest.approx(0.5, abs=0.01)


def test_pursuit_driver_stays_in_lane_and_drift_off_terminates():
    env = RoadFollowEnv(max_steps=300)
    obs, _ = env.reset(seed=5)
    total = 0.0
    for _ in range(300):
        obs, r, term, trunc, _ = env.step(pursuit(obs))
        total += r
        assert abs(obs[3]) < HALF_WIDTH and not term
        if trunc:
            break
    assert total > 100.0  # ≥ 100 m of road at ~12 m/s over ≤ 15 s
    # Full left lock leaves the lane and ends the episode with the penalty.
    obs, _ = env.reset(seed=5)
    for _ in range(200):
        obs, r, term, trunc, _ = env.step(np.array([1.0, 0.3, 0.0], dtype=np.float32))
        if term:
            break
    assert term and r < -5.0


def test_vector_env_matches_single_envs_bit_for_bit():
    n = 3
    venv = VectorRoadFollowEnv(n)
    obs, _ = venv.reset(seed=10)
    singles = [RoadFollowEnv() for _ in range(n)]
    sobs = np.stack([e.reset(seed=10 + i)[0] for i, e in enumerate(singles)])
    assert np.array_equal(obs, sobs)
    for _ in range(30):
        a = pursuit(obs)
        obs, r, term, trunc, _ = venv.step(a)
        steps = [e.step(a[i]) for i, e in enumerate(singles)]
        assert np.array_equal(obs, np.stack([s[0] for s in steps]))
        assert np.array_equal(r, np.array([s[1] for s in steps]))
    assert venv.observation_space.shape == (n, 8 + 2 * len(LOOKAHEAD))


def test_vector_env_autoresets_the_next_step():
    venv = VectorRoadFollowEnv(2)
    obs, _ = venv.reset(seed=0)
    act = np.array([[1.0, 0.3, 0.0], [0.0, 0.2, 0.0]], dtype=np.float32)
    for _ in range(300):
        obs, r, term, trunc, _ = venv.step(act)
        if term[0]:
            break
    assert term[0] and not term[1]
    obs, r, term, trunc, _ = venv.step(act)
    assert r[0] == 0.0 and not term[0]
    assert obs[0, 3] == pytest.approx(0.0, abs=1e-3)  # back on the centreline
