#!/usr/bin/python3
"""Plots for `nsdkit validate`: slip velocity and contact forces against time for the
representative cases written to DIR/series/*.csv.

usage: plot_validation.py DIR
"""
import glob
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    d = sys.argv[1]
    for path in sorted(glob.glob(f"{d}/series/*_siconos.csv")):
        with open(path) as f:
            title = f.readline().lstrip("# ").strip()
        data = np.genfromtxt(path, delimiter=",", names=True, skip_header=1)
        ed_path = path.replace("_siconos.csv", "_ed.csv")
        ed_candidates = sorted(glob.glob(os.path.join(os.path.dirname(path),
                                                      str(int(os.path.basename(path).split("_")[0]) - 1) + "_ed.csv")))
        fig, axes = plt.subplots(1, 2, figsize=(12, 4.2), constrained_layout=True)
        axes[0].semilogy(data["t"], np.maximum(data["slip_plus"], 1e-14), label="Siconos slip P+")
        axes[0].semilogy(data["t"], np.maximum(data["slip_minus"], 1e-14), label="Siconos slip P-")
        for cand in ed_candidates:
            ed = np.genfromtxt(cand, delimiter=",", names=True, skip_header=1)
            axes[0].semilogy(ed["t"], np.maximum(ed["slip_plus"], 1e-14), "--", label="nsdkit slip P+")
            axes[0].semilogy(ed["t"], np.maximum(ed["slip_minus"], 1e-14), "--", label="nsdkit slip P-")
        axes[0].set_xlabel("t [s]")
        axes[0].set_ylabel("slip speed [m/s]")
        axes[0].legend(fontsize=8)
        axes[1].plot(data["t"], data["N_plus"], label="N+")
        axes[1].plot(data["t"], data["N_minus"], label="N-")
        axes[1].plot(data["t"], data["T_plus"], label="|T+|")
        axes[1].plot(data["t"], data["T_minus"], label="|T-|")
        axes[1].set_xlabel("t [s]")
        axes[1].set_ylabel("force [N] (Siconos, lambda/h)")
        axes[1].legend(fontsize=8)
        fig.suptitle(title, fontsize=9)
        fig.savefig(path.replace(".csv", ".png"), dpi=100)
        plt.close(fig)
        del ed_path
    return 0


if __name__ == "__main__":
    sys.exit(main())
