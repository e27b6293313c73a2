#!/usr/bin/python3
"""Transient rolling friction figures from `nsdkit rolling-friction` runs (the script runs them):
- rolling_fig3_loops.png: hysteresis loops (force of the plate on the sphere against plate
  displacement) of the 1-DOF plate case at several amplitudes (like Fig. 3/5(b));
- rolling_fig7_frf.png: stepped-sine |F/x_t| and phase against frequency at several amplitudes,
  with the break frequency f_s (Fig. 7);
- rolling_fig18_vgroove.png: V-groove (alpha = 60 deg) loops at several frequencies (Fig. 18).

usage: plot_rolling.py NSDKIT OUT_DIR
All quantities are dimensionless (Sect. 2.4 units).
"""
import json
import os
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def run(nsdkit, out, *args):
    subprocess.run([nsdkit, "rolling-friction", *args, "--output", out], check=True,
                   stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    data = np.genfromtxt(os.path.join(out, "time_series.csv"), delimiter=",", names=True)
    return summary, data


def last_periods(data, frequency, periods):
    return data[data["t"] >= data["t"][-1] - periods / frequency]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    nsdkit, out_dir = sys.argv[1], sys.argv[2]
    work = os.path.join(out_dir, "rolling_runs")
    os.makedirs(work, exist_ok=True)

    fig, ax = plt.subplots(figsize=(6, 4.5))
    for amplitude in (0.1, 0.25, 0.3):
        s, d = run(nsdkit, work, "--case", "plate", "--input", "sine", "--amplitude",
                   str(amplitude), "--frequency", "10", "--periods", "2")
        d = last_periods(d, 10.0, 1)
        ax.plot(d["x_plate"], d["f_upper"], label=f"A = {amplitude}, zeta_r = {s['zeta_r']:.3f}")
    ax.set_xlabel("plate displacement x_t / a")
    ax.set_ylabel("F / (p0 a^2)")
    ax.set_title("plate case, f = 10: micro-slip to gross sliding")
    ax.grid(True)
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "rolling_fig3_loops.png"), dpi=130)

    fig, (ax_m, ax_p) = plt.subplots(2, 1, figsize=(6, 6), sharex=True)
    frequencies = np.geomspace(2.0, 45.0, 16)
    for amplitude in (0.03, 0.1, 0.3):
        mags, phases = [], []
        for f in frequencies:
            s, _ = run(nsdkit, work, "--case", "plate", "--input", "sine", "--amplitude",
                       str(amplitude), "--frequency", f"{f:.6g}", "--periods", "4")
            mags.append(s["frf_magnitude"])
            phases.append(s["frf_phase_deg"])
        ax_m.loglog(frequencies, mags, "o-", ms=3, label=f"A = {amplitude}")
        ax_p.semilogx(frequencies, phases, "o-", ms=3, label=f"A = {amplitude}")
    ax_m.set_ylabel("|F / x_t|")
    ax_p.set_ylabel("phase [deg]")
    ax_p.set_xlabel("frequency (dimensionless)")
    ax_m.set_title("plate case: stepped-sine complex stiffness")
    for a in (ax_m, ax_p):
        a.grid(True, which="both")
        a.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "rolling_fig7_frf.png"), dpi=130)

    fig, ax = plt.subplots(figsize=(6, 4.5))
    for f in (10.0, 14.0, 20.0):
        s, d = run(nsdkit, work, "--case", "v-groove", "--groove-angle-deg", "60", "--input",
                   "sine", "--amplitude", "0.1", "--frequency", str(f), "--periods", "4")
        d = last_periods(d, f, 1)
        ax.plot(d["x_plate"], d["f_upper"],
                label=f"f = {f:g}: k_e = {s['k_e']:.2f}, zeta_r = {s['zeta_r']:.3f}")
    ax.set_xlabel("plate displacement x_t / a")
    ax.set_ylabel("F / (p0 a^2)")
    ax.set_title("V-grooves, alpha = 60 deg, A = 0.1")
    ax.grid(True)
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "rolling_fig18_vgroove.png"), dpi=130)
    print("wrote", ", ".join(os.path.join(out_dir, n) for n in
                             ("rolling_fig3_loops.png", "rolling_fig7_frf.png",
                              "rolling_fig18_vgroove.png")))


if __name__ == "__main__":
    main()
