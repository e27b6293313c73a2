#!/usr/bin/python3
"""Plots for the combined-friction seed (Kireenkov): the exact-vs-Pade error maps and the heavy
ball's Figs. 6-7. Reads the CSVs written by `nsdkit friction-map` and `nsdkit heavy-ball`.

usage: plot_friction.py MAP_CSV TRAJ_CSV OUTPUT_DIR
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def load(path):
    """Reads a CSV with a header row; leading '#' metadata lines are skipped."""
    with open(path) as f:
        lines = [line for line in f if not line.startswith("#")]
    return np.genfromtxt(lines, delimiter=",", names=True)


def main():
    if len(sys.argv) != 4:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    data, traj, out = load(sys.argv[1]), load(sys.argv[2]), sys.argv[3]

    fig, axes = plt.subplots(2, 3, figsize=(13, 7.5), constrained_layout=True)
    for row, kr in enumerate((0.0, 0.5)):
        sel = data[np.isclose(data["kr"], kr)]
        for col, name in enumerate(("F_par", "F_perp", "M_c")):
            ax = axes[row, col]
            err = np.abs(sel[name + "_exact"] - sel[name + "_pade"])
            sc = ax.tricontourf(sel["v"], sel["u"], err, levels=20, cmap="viridis")
            fig.colorbar(sc, ax=ax)
            ax.set_title(f"|exact - Pade| of {name}, k_r = {kr}")
            ax.set_xlabel("v (sliding)")
            ax.set_ylabel("u (whirling)")
    fig.savefig(f"{out}/friction_error_map.png", dpi=110)

    fig, ax = plt.subplots(figsize=(6, 4.5), constrained_layout=True)
    ax.plot(traj["x"], traj["y"])
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    ax.set_title("Heavy ball: trajectory of the centre (Fig. 6)")
    ax.grid(True)
    fig.savefig(f"{out}/heavy_ball_fig6_trajectory.png", dpi=110)

    fig, ax = plt.subplots(figsize=(6, 4.5), constrained_layout=True)
    ax.plot(traj["t"], traj["v"], label="v (sliding)")
    ax.plot(traj["t"], traj["u"], label="u (whirling)")
    ax.set_xlabel("t")
    ax.legend()
    ax.grid(True)
    ax.set_title("Sliding and whirling vanish together (Fig. 7)")
    fig.savefig(f"{out}/heavy_ball_fig7_v_u.png", dpi=110)
    return 0


if __name__ == "__main__":
    sys.exit(main())
