#!/usr/bin/python3
"""A picture of the physical system of the two-point-contact paper, Sect. 6 (its Fig. 9): the ball
in the horizontal V trough, drawn in the cross-section (the plane of i and j, the trough's axis k
out of the page).

Geometry as in models/ball_trough.hpp and eq. (68): the upward vertical is e_up = (i + j)/sqrt2,
the horizontal across the trough e_h = (i - j)/sqrt2; for the opening angle alpha the wall normals
are n± = cos(beta) e_up ∓ sin(beta) e_h with beta = pi/2 - alpha/2, and the contact points are
r± = -r n± from the centre C (right angle: n+ = j, n- = i, r+ = -r j, r- = -r i). Gravity is
-m g e_up; the torque M_e = M_ex i + M_ey j + M_ez k, dimensionless m = sqrt2 M_e / (m g r)
(eq. (79)).

usage: plot_physical_system.py OUTPUT.png [--mu MU] [--j J] [--angle-deg ALPHA]
"""
import argparse
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

# Okabe-Ito colour-blind-safe palette.
OKABE_ITO = {"orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
             "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000",
             "grey": "#999999"}
DPI = 220  # 2x the old figures' 110


def contact_geometry(angle_deg, radius=1.0):
    """Drawing coordinates (x right = e_h, y up = e_up) of the wall normals n± and contact points
    r± (from the centre C at the origin), and of the basis vectors i, j, as models/ball_trough.hpp
    defines them."""
    beta = np.pi / 2 - np.radians(angle_deg) / 2
    n_plus = np.array([-np.sin(beta), np.cos(beta)])   # cos(beta) e_up - sin(beta) e_h
    n_minus = np.array([np.sin(beta), np.cos(beta)])   # cos(beta) e_up + sin(beta) e_h
    # i = (e_up + e_h)/sqrt2, j = (e_up - e_h)/sqrt2 in (e_h, e_up) coordinates.
    i_axis = np.array([1.0, 1.0]) / np.sqrt(2)
    j_axis = np.array([-1.0, 1.0]) / np.sqrt(2)
    return {"n+": n_plus, "n-": n_minus, "P+": -radius * n_plus, "P-": -radius * n_minus,
            "i": i_axis, "j": j_axis}


def _arrow(ax, start, vector, colour, label, text_offset=(0.0, 0.0), width=2.0):
    ax.annotate("", xy=start + vector, xytext=start,
                arrowprops={"arrowstyle": "-|>", "color": colour, "lw": width,
                            "mutation_scale": 18})
    end = start + vector + np.array(text_offset)
    ax.text(end[0], end[1], label, color=colour, fontsize=12, ha="center", va="center")


def physical_system_figure(mu=None, j=None, angle_deg=90.0):
    """The figure (matplotlib Figure) of the ball in the V trough; mu and j, when given, go into
    the title. Returns the figure; its axes' legend names every drawn element."""
    g = contact_geometry(angle_deg)
    fig, ax = plt.subplots(figsize=(7.5, 6.5), constrained_layout=True)
    # The walls: lines through P± along the wall direction (perpendicular to n±).
    for key, colour in (("+", OKABE_ITO["grey"]), ("-", OKABE_ITO["grey"])):
        n, p = g["n" + key], g["P" + key]
        along = np.array([n[1], -n[0]])
        apex_t = -p[0] / along[0]  # the walls meet at x = 0 (the trough's bottom edge)
        apex = p + apex_t * along
        far = apex + 2.4 * (p - apex) / np.linalg.norm(p - apex)
        ax.fill([apex[0], far[0], far[0]], [apex[1], far[1], apex[1]], color="#E5E5E5",
                zorder=0)
        ax.plot([apex[0], far[0]], [apex[1], far[1]], color="k", lw=2.5, zorder=1,
                label="trough walls" if key == "+" else None)
    apex_y = apex[1]
    # The opening angle at the bottom edge.
    half = np.radians(angle_deg) / 2
    arc = np.linspace(np.pi / 2 - half, np.pi / 2 + half, 40)
    ax.plot(0.35 * np.cos(arc), apex_y + 0.35 * np.sin(arc), color="k", lw=1)
    ax.text(0.0, apex_y + 0.45, f"α = {angle_deg:g}°", ha="center", fontsize=11)
    # The ball.
    ball = plt.Circle((0, 0), 1.0, facecolor=OKABE_ITO["sky"], alpha=0.35, edgecolor="k", lw=1.5,
                      zorder=2)
    ax.add_patch(ball)
    ax.plot([0], [0], "o", color="k", ms=5, zorder=5, label="centre C (mass m, radius r)")
    ax.text(0.08, -0.12, "C", fontsize=12)
    # Contact points and normals (the normal at P± points from the wall into the ball).
    for key, colour, marker in (("+", OKABE_ITO["vermillion"], "o"),
                                ("-", OKABE_ITO["blue"], "s")):
        p, n = g["P" + key], g["n" + key]
        ax.plot(*p, marker=marker, ms=10, color=colour, markeredgecolor="k", zorder=6,
                ls="none", label=f"contact point P{key[0]}, normal n{key[0]} (μ{key[0]})")
        _arrow(ax, p, 0.55 * n, colour, "")
        tip = p + 0.45 * n + 0.2 * np.array([n[1], -n[0]]) * (1 if key == "+" else -1)
        ax.text(tip[0], tip[1], f"n{key}", color=colour, fontsize=12, ha="center",
                va="center")
        side = 1 if p[0] > 0 else -1
        ax.text(p[0] + side * 0.22, p[1] - 0.12, f"P{key}", color=colour, fontsize=13,
                ha="center", fontweight="bold")
    # Gravity.
    _arrow(ax, np.array([0.0, 0.0]), np.array([0.0, -0.75]), OKABE_ITO["green"], "",
           width=2.5)
    ax.text(0.12, -0.6, "m g", color=OKABE_ITO["green"], fontsize=12)
    ax.plot([], [], color=OKABE_ITO["green"], lw=2.5, label="gravity −m g e_up")
    # The frame: i, j in the section, k along the trough (out of the page); torque M_e.
    origin = np.array([1.6, 1.15])
    for key, label in (("i", "i  (x: M_ex, m_x)"), ("j", "j  (y: M_ey, m_y)")):
        _arrow(ax, origin, 0.6 * g[key], OKABE_ITO["purple"], "", width=2.0)
        end = origin + 0.75 * g[key]
        ax.text(end[0], end[1], label, color=OKABE_ITO["purple"], fontsize=10,
                ha="left" if key == "i" else "right", va="bottom")
    ax.plot(*origin, marker="o", ms=12, mfc="white", mec=OKABE_ITO["purple"], mew=2, zorder=6)
    ax.plot(*origin, marker=".", ms=6, color=OKABE_ITO["purple"], zorder=7)
    ax.text(origin[0] + 0.12, origin[1] - 0.25, "k  (z: M_ez, m_z)\nalong the trough,\nout of "
            "the page", color=OKABE_ITO["purple"], fontsize=9, va="top")
    ax.plot([], [], color=OKABE_ITO["purple"], lw=2,
            label="frame i, j, k: torque axes x, y, z (k along the trough)")
    # The load: a torque M_e about C, drawn as a curved arrow.
    ax.annotate("", xy=(-0.55, 0.55), xytext=(0.55, 0.55),
                arrowprops={"arrowstyle": "-|>", "color": OKABE_ITO["orange"], "lw": 2,
                            "connectionstyle": "arc3,rad=0.5", "mutation_scale": 16})
    ax.text(0.0, 0.98, "M_e", color=OKABE_ITO["orange"], fontsize=12, ha="center")
    ax.plot([], [], color=OKABE_ITO["orange"], lw=2,
            label="load torque M_e, m = √2 M_e / (m g r)  (79)")
    ax.set_aspect("equal")
    ax.set_xlim(-2.6, 3.1)
    ax.set_ylim(apex_y - 0.1, 2.0)
    ax.axis("off")
    params = [f"α = {angle_deg:g}°"]
    if mu is not None:
        params.insert(0, f"μ = μ+ = μ- = {mu:g}")
    if j is not None:
        params.insert(1, f"j = {j:g} (moment of inertia j m r²)")
    ax.set_title("The ball in the V trough (two-point-contact paper, Sect. 6, Fig. 9)\n"
                 "cross-section; " + ", ".join(params), fontsize=11)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0.0), fontsize=8, ncol=2,
              framealpha=0.95)
    return fig


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("output", help="the PNG to write")
    parser.add_argument("--mu", type=float, default=None)
    parser.add_argument("--j", type=float, default=None)
    parser.add_argument("--angle-deg", type=float, default=90.0)
    args = parser.parse_args(argv)
    if not 0 < args.angle_deg < 180:
        raise ValueError(f"--angle-deg {args.angle_deg!r}: give an angle in (0, 180)")
    fig = physical_system_figure(args.mu, args.j, args.angle_deg)
    fig.savefig(args.output, dpi=DPI)
    plt.close(fig)
    return 0


if __name__ == "__main__":
    sys.exit(main())
