#!/usr/bin/python3
"""The friction the Kane-Levinson rattleback's rolling needs along its spin reversal: |F_t|/N at
every instant (equal to Def 9's smallest realizable mu) with the spin omega3, from the CSV of
`nsdkit rattleback --realizability`.

usage: plot_rattleback_realizability.py REALIZABILITY.csv OUT.png [MU]
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    d = np.genfromtxt(sys.argv[1], delimiter=",", names=True)
    mu = float(sys.argv[3]) if len(sys.argv) == 4 else 0.3
    worst = int(np.argmax(d["def9_minimal_mu"]))
    fig, ax = plt.subplots(figsize=(8, 4.2))
    ax.plot(d["t"], d["def9_minimal_mu"], lw=0.6, color="tab:red",
            label="smallest realizable mu (Def 9) = |F_t| / N")
    ax.axhline(mu, color="k", ls="--", lw=1, label=f"mu = {mu:g}")
    ax.plot(d["t"][worst], d["def9_minimal_mu"][worst], "o", color="tab:red",
            label=f"max {d['def9_minimal_mu'][worst]:.4f} at t = {d['t'][worst]:.3f} s")
    ax.set_xlabel("t [s]")
    ax.set_ylabel("friction needed to keep rolling")
    spin = ax.twinx()
    spin.plot(d["t"], d["omega3"], color="tab:blue", lw=1.2, label="omega3 [rad/s]")
    spin.set_ylabel("spin omega3 [rad/s]", color="tab:blue")
    lines = ax.get_legend_handles_labels()[0] + spin.get_legend_handles_labels()[0]
    labels = ax.get_legend_handles_labels()[1] + spin.get_legend_handles_labels()[1]
    ax.legend(lines, labels, fontsize=8, loc="upper right")
    ax.set_title("Kane-Levinson rattleback: friction its rolling needs along the spin reversal")
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=110)
    return 0


if __name__ == "__main__":
    sys.exit(main())
