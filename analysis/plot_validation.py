#!/usr/bin/python3
"""Figures of `nsdkit validate`:
- maps.png: each engine's observed final mode on a grid of torques of the cross-sections m_z = 0
  and m_z = m_z2 (mu 0.3, j 0.4), drawn over Def 11's region boundaries (the contour of the
  expected "RR" region), one panel per engine and section;
- series_<case>.png: slip speeds and normal forces against time of every solver (h = 1e-3) for
  the representative cases written to DIR/series/.

usage: plot_validation.py DIR    (reads DIR/report.json, DIR/maps/*.csv and DIR/series/*.csv)
"""
import glob
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

COLOURS = {"RR": "#2ca02c", "RS": "#1f77b4", "SR": "#ff7f0e", "SS": "#d62728", "failed": "#7f7f7f"}


def read_map(path):
    rows = np.genfromtxt(path, delimiter=",", names=True, dtype=None, encoding=None, skip_header=1)
    return rows


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    d = sys.argv[1]
    with open(f"{d}/report.json") as f:
        maps = json.load(f)["maps"]
    if not maps:
        print("no maps in report.json", file=sys.stderr)
        return 1
    solvers = sorted({m["solver"] for m in maps}, key=lambda s: [m["solver"] for m in maps].index(s))
    sections = sorted({m["section"] for m in maps})
    fig, axes = plt.subplots(len(sections), len(solvers), figsize=(3.6 * len(solvers), 3.6 * len(sections)),
                             squeeze=False, constrained_layout=True)
    for m in maps:
        ax = axes[sections.index(m["section"])][solvers.index(m["solver"])]
        rows = read_map(f"{d}/{m['file']}")
        n = m["grid"]
        x = rows["m_x"].reshape(n, n)
        y = rows["m_y"].reshape(n, n)
        realizable = (rows["expected"] == "RR").reshape(n, n).astype(float)
        for mode, colour in COLOURS.items():
            sel = rows["observed"] == mode
            ax.scatter(rows["m_x"][sel], rows["m_y"][sel], s=6, c=colour, label=mode, marker="s")
        disagree = rows["agrees"] == 0
        ax.scatter(rows["m_x"][disagree], rows["m_y"][disagree], s=14, facecolors="none",
                   edgecolors="k", linewidths=0.4)
        ax.contour(x, y, realizable, levels=[0.5], colors="k", linewidths=1.2)
        ax.set_title(f"{m['solver']}\n{m['section']}: {100 * m['agreement']:.1f} % agree", fontsize=9)
        ax.set_xlabel("m_x")
        ax.set_ylabel("m_y")
        ax.set_aspect("equal")
    axes[0][0].legend(fontsize=7, loc="lower left", markerscale=2)
    fig.suptitle("Observed final mode (colour) against Def 11's realizable region (black contour); "
                 "circled: disagreement", fontsize=10)
    fig.savefig(f"{d}/maps.png", dpi=110)
    print(f"{d}/maps.png")
    plot_series(d)
    plot_family_maps(d)
    return 0


def plot_family_maps(d):
    """Incline verdicts over (s, mu) against Def 9's threshold, and launch heading drift over
    theta, per engine setting (families_maps.png)."""
    with open(f"{d}/report.json") as f:
        entries = json.load(f).get("family_maps", [])
    inclines = [e for e in entries if e["family"] == "incline"]
    launches = [e for e in entries if e["family"] == "launch"]
    if not inclines and not launches:
        return
    n = max(len(inclines), 1)
    fig, axes = plt.subplots(2, n, figsize=(3.2 * n, 6.4), squeeze=False, constrained_layout=True)
    for k, e in enumerate(inclines):
        ax = axes[0][k]
        rows = read_map(f"{d}/{e['file']}")
        for mode, colour in (("R", "tab:green"), ("S", "tab:red"), ("failed", "k")):
            sel = rows["observed"] == mode
            ax.scatter(rows["mu"][sel], rows["slope_deg"][sel], s=10, c=colour, label=mode, marker="s")
        mu = np.linspace(0.05, 0.5, 100)
        ax.plot(mu, np.degrees(np.arctan(mu * 1.4 / 0.4)), "k-", lw=1, label="Def 9")
        ax.set_title(f"{e['solver']}\n{100 * e['agreement']:.0f} % agree", fontsize=8)
        ax.set_xlabel("mu")
        ax.set_ylabel("slope [deg]")
    if inclines:
        axes[0][0].legend(fontsize=7)
    ax = axes[1][0]
    for e in launches:
        rows = read_map(f"{d}/{e['file']}")
        ax.plot(rows["heading_deg"], rows["drift_deg"], marker=".", lw=0.8, label=e["solver"])
    ax.set_xlabel("launch heading [deg from x]")
    ax.set_ylabel("heading drift [deg]")
    ax.set_title("launch: heading drift (exact: 0)", fontsize=9)
    ax.legend(fontsize=5)
    for k in range(1, n):
        axes[1][k].axis("off")
    fig.savefig(f"{d}/family_maps.png", dpi=100)
    plt.close(fig)
    print(f"{d}/family_maps.png")


def plot_series(d):
    """One figure per representative case: slip speed at P+ and P- and N+ against time."""
    by_case = {}
    for path in sorted(glob.glob(f"{d}/series/*.csv")):
        case = os.path.basename(path).split("__")[0]
        if "h_0.0001" in path:
            continue
        by_case.setdefault(case, []).append(path)
    for case, paths in by_case.items():
        fig, axes = plt.subplots(1, 3, figsize=(15, 4), constrained_layout=True)
        for path in paths:
            with open(path) as f:
                title = f.readline().lstrip("# ").strip()
            data = np.genfromtxt(path, delimiter=",", names=True, skip_header=1)
            label = title.split("solver ")[-1]
            axes[0].semilogy(data["t"], np.maximum(data["slip_plus"], 1e-12), label=label, lw=1)
            axes[1].semilogy(data["t"], np.maximum(data["slip_minus"], 1e-12), label=label, lw=1)
            axes[2].plot(data["t"], data["N_plus"], label=label, lw=1)
        axes[0].set_title(f"{case}: slip speed at P+ [m/s]", fontsize=9)
        axes[1].set_title("slip speed at P- [m/s]", fontsize=9)
        axes[2].set_title("N+ [N] (as the solver reports it; clipped)", fontsize=9)
        axes[2].set_ylim(-2, 40)
        for ax in axes:
            ax.set_xlabel("t [s]")
        axes[2].legend(fontsize=6)
        out = f"{d}/series_{case}.png"
        fig.savefig(out, dpi=100)
        plt.close(fig)
        print(out)


if __name__ == "__main__":
    sys.exit(main())
