#!/usr/bin/python3
"""Cross-section figure of a body file, from `nsdkit body` (./nsdkit.sh bodies).

usage: plot_body_section.py DIR    (reads DIR/section.csv and DIR/summary.json,
                                    writes DIR/section.png)

Grid points are coloured by verdict: realizable rolling (Def 11 for two contacts, Def 9 for
one), or the escape modes that fail (RS, SR, SS and their combinations; "slip" for one contact).
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def main():
    folder = sys.argv[1]
    with open(os.path.join(folder, "summary.json")) as f:
        summary = json.load(f)
    with open(os.path.join(folder, "section.csv")) as f:
        lines = [line.rstrip("\n") for line in f if not line.startswith("#")]
    header = lines[0].split(",")
    x_name, y_name = header[1], header[2]
    xs, ys, labels = [], [], []
    for line in lines[1:]:
        fields = line.split(",")
        if fields[0] != "grid":
            continue
        xs.append(float(fields[1]))
        ys.append(float(fields[2]))
        labels.append(fields[header.index("label")])
    xs, ys = np.array(xs), np.array(ys)
    kinds = sorted(set(labels), key=lambda k: (k != "realizable", k))
    colours = plt.get_cmap("tab10")
    fig, ax = plt.subplots(figsize=(6.4, 5.2))
    for i, kind in enumerate(kinds):
        mask = np.array([label == kind for label in labels])
        colour = "#2ca02c" if kind == "realizable" else colours((i + 3) % 10)
        ax.scatter(xs[mask], ys[mask], s=6, color=colour, label=kind, marker="s", linewidths=0)
    units = {p["name"]: p["unit"] for p in summary.get("parameters", [])}
    for s in summary.get("state_parameters", []):
        units[s["name"]] = s["unit"]
    ax.set_xlabel(f"{x_name} [{units.get(x_name, '-')}]")
    ax.set_ylabel(f"{y_name} [{units.get(y_name, '-')}]")
    ax.set_title(f"{summary['name']}: {summary['definition']}", fontsize=9)
    ax.legend(fontsize=7, markerscale=2, loc="upper right", framealpha=0.8)
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "section.png"), dpi=130)


if __name__ == "__main__":
    main()
