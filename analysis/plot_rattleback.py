#!/usr/bin/python3
"""Figures 3-6 of Kane & Levinson (1982) from `nsdkit rattleback` CSV outputs: rotation gamma and
wobble delta against time.

usage: plot_rattleback.py DIR   (reads DIR/fig34.csv, fig5.csv, fig5_plus.csv, fig6_alpha.csv,
                                 fig6_beta.csv; writes DIR/rattleback_fig*.png)
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def load(path):
    return np.genfromtxt(path, delimiter=",", names=True)


def gamma_delta(ax, data, title):
    ax.plot(data["t"], data["gamma"], label="gamma (rotation) [rad]")
    ax2 = ax.twinx()
    ax2.plot(data["t"], np.degrees(data["delta"]), color="tab:red", lw=0.6,
             label="delta (wobble) [deg]")
    ax.set_xlabel("t [s]")
    ax.set_ylabel("gamma [rad]")
    ax2.set_ylabel("delta [deg]", color="tab:red")
    ax.set_title(title)
    ax.grid(True)


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    d = sys.argv[1]
    cases = (("fig34", "Figs. 3-4: sigma = 0, two reversals"),
             ("fig5", "Fig. 5: sigma = 1e-4, one reversal, decaying wobble"),
             ("fig5_plus", "omega3(0) = +5: no reversal"))
    for name, title in cases:
        fig, ax = plt.subplots(figsize=(8, 4.5), constrained_layout=True)
        gamma_delta(ax, load(f"{d}/{name}.csv"), title)
        fig.savefig(f"{d}/rattleback_{name}.png", dpi=110)
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5), constrained_layout=True)
    for ax, (name, title) in zip(axes, (("fig6_alpha", "Fig. 6: alpha(0) = 5 deg from rest"),
                                        ("fig6_beta", "Fig. 6: beta(0) = 5 deg from rest"))):
        gamma_delta(ax, load(f"{d}/{name}.csv"), title)
    fig.savefig(f"{d}/rattleback_fig6.png", dpi=110)

    # Pade presets (Table 1 models) from the same initial state.
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5), constrained_layout=True)
    for preset in ("A", "B", "C", "C1", "D", "D1", "E", "F"):
        data = load(f"{d}/pade_{preset}.csv")
        axes[0].plot(data["t"], data["gamma"], label=preset)
        axes[1].plot(data["t"], np.degrees(data["delta"]), label=preset, lw=0.6)
    axes[0].set_ylabel("gamma [rad]")
    axes[1].set_ylabel("delta [deg]")
    for ax in axes:
        ax.set_xlabel("t [s]")
        ax.grid(True)
        ax.legend(fontsize=8)
    fig.suptitle("Pade contact model, Table 1 presets (omega3(0) = +5 rad/s)")
    fig.savefig(f"{d}/rattleback_pade_presets.png", dpi=110)

    # Cross-check: the sliding model converges to Kane-Levinson as eps1 -> 0.
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5), constrained_layout=True)
    ref = load(f"{d}/kl_3s.csv")
    axes[0].plot(ref["t"], ref["gamma"], "k", lw=2, label="Kane-Levinson")
    for eps in ("1e-2", "3e-3", "1e-3"):
        data = load(f"{d}/kl_equivalent_eps{eps}.csv")
        axes[0].plot(data["t"], data["gamma"], label=f"Pade, eps1 = {eps}")
        axes[1].semilogy(data["t"], np.maximum(data["slip_speed"], 1e-12), label=f"eps1 = {eps}")
    axes[0].set_ylabel("gamma [rad]")
    axes[1].set_ylabel("slip speed |v_AC| [m/s]")
    for ax in axes:
        ax.set_xlabel("t [s]")
        ax.grid(True)
        ax.legend(fontsize=8)
    fig.suptitle("Convergence of the Pade contact model (mu = 1, no rolling resistance) to rolling")
    fig.savefig(f"{d}/rattleback_convergence.png", dpi=110)
    return 0


if __name__ == "__main__":
    sys.exit(main())
