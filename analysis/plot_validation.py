#!/usr/bin/python3
"""Maps of `nsdkit validate`: each engine's observed final mode on a grid of torques of the
cross-sections m_z = 0 and m_z = m_z2 (mu 0.3, j 0.4), drawn over Def 11's region boundaries
(the contour of the expected "RR" region), one panel per engine and section.

usage: plot_validation.py DIR    (reads DIR/report.json and DIR/maps/*.csv, writes DIR/maps.png)
"""
import json
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
