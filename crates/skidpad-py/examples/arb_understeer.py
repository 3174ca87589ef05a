"""Understeer gradient vs. front anti-roll-bar stiffness (ISO 4138 steady-state circle).

Sweeps the front bar of a vehicle from 0 to 4 × its stock stiffness as Ray tasks (a local
Ray instance, or the cluster in ``RAY_ADDRESS`` after ``ray start --head``), prints the KPI
table and, with matplotlib installed, plots the gradient against the bar rate.

| option | meaning | default |
|---|---|---|
| ``--vehicle`` | built-in name or TOML path | ``sedan`` |
| ``--points`` | bar scale factors, evenly from 0 to 4 | 9 |
| ``--local`` | run in this process instead of on Ray | off |
| ``--plot`` | output image (needs matplotlib) | ``arb_understeer.png`` |

Run: ``python crates/skidpad-py/examples/arb_understeer.py --vehicle sports-rwd``
"""

import argparse

import numpy as np

import skidpad
from skidpad import sweep

MAX_SCALE = 4.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vehicle", default="sedan")
    ap.add_argument("--points", type=int, default=9)
    ap.add_argument("--local", action="store_true")
    ap.add_argument("--plot", default="arb_understeer.png")
    args = ap.parse_args()

    base = skidpad.load_vehicle(args.vehicle)
    bars = base.to_dict()["anti_roll_bars"]
    front = [b for b in bars if base.to_dict()["wheels"][b["wheel_a"]]["position"][0] > 0.0]
    if not front:
        raise SystemExit(f"{args.vehicle} has no front anti-roll bar")
    stock = front[0]["stiffness"]

    scales = np.linspace(0.0, MAX_SCALE, args.points)
    table = sweep.run(
        base,
        sweep.grid(front_arb_scale=scales),
        ["steady_state_circle"],
        backend="local" if args.local else "ray",
    )
    k = sweep.column(table, "understeer_gradient_deg_per_g")
    ay = sweep.column(table, "max_lateral_accel_mps2")
    print(f"{'front bar N/m':>14} {'K deg/g':>9} {'ay max m/s2':>12}  invalid")
    for s, row, kk, a in zip(scales, table, k, ay):
        why = "; ".join(sorted(set(row["invalid"].values())))
        print(f"{s * stock:14.0f} {kk:9.3f} {a:12.3f}  {why}")

    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no plot")
        return
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(scales * stock / 1e3, k, "o-")
    ax.axvline(stock / 1e3, color="grey", ls=":", label="stock")
    ax.set_xlabel("front anti-roll bar rate at the wheels (kN/m)")
    ax.set_ylabel("understeer gradient (deg/g)")
    ax.set_title(f"{base.name}: ISO 4138 circle, R = 40 m")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.plot, dpi=120)
    print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
