#!/usr/bin/python3
"""Figures of the ball-in-trough analysis (two-point-contact paper, Sect. 6) from the outputs of
`nsdkit ball-trough`: Fig. 10 (the tetrahedron planes (82)-(83) and the surface (88)), Fig. 11
(the realizable body, drawn from its mesh with each face coloured by its bounding condition, with
the special points (90) and the edge of maximum acceleration (91)),
cross-sections at m_z = 0, m_z1, m_z2, 0.97 m_z3 labelled by escape mode, and a picture of the
physical system (plot_physical_system.py). Every figure has a legend for each surface and marker,
axes with the dimensionless torques of eq. (79), mu and j (from summary.json) in its title,
Okabe-Ito colours, and 220 dpi. figures.json records each figure's title, legend labels and size
in pixels (what tests/figures checks).

usage: plot_ball_trough.py OUTPUT_DIR     (reads and writes in that folder)
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import patheffects  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plot_physical_system import physical_system_figure  # noqa: E402

# Okabe-Ito colour-blind-safe palette; the edge of maximum acceleration is black-outlined yellow,
# distinct from every surface colour.
OKABE_ITO = {"orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
             "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000",
             "grey": "#999999"}
LABEL_COLOURS = {
    "realizable": OKABE_ITO["green"], "RS": OKABE_ITO["blue"], "SR": OKABE_ITO["orange"],
    "SS": OKABE_ITO["vermillion"], "RS|SR": OKABE_ITO["purple"], "RS|SS": OKABE_ITO["sky"],
    "SR|SS": OKABE_ITO["yellow"], "RS|SR|SS": OKABE_ITO["grey"],
}
LABEL_MEANINGS = {
    "realizable": "realizable: two-point rolling (RR) persists",
    "RS": "RS: escapes to rolling at P+, slipping at P-",
    "SR": "SR: escapes to slipping at P+, rolling at P-",
    "SS": "SS: escapes to slipping at both points",
}
TORQUE_DEFINITION = "m = √2 M_e / (m g r): dimensionless load torque, eq. (79)"
AXIS_LABELS = ("m_x = √2 M_ex/(m g r)  [-]", "m_y = √2 M_ey/(m g r)  [-]",
               "m_z = √2 M_ez/(m g r)  [-]")
DPI = 220  # 2x the former 110
# The edge: yellow with a black outline (path effects, so its legend entry shows the outline too).
EDGE_STYLE = {"color": OKABE_ITO["yellow"], "lw": 2.5,
              "path_effects": [patheffects.Stroke(linewidth=5, foreground="black"),
                               patheffects.Normal()]}


def label_meaning(label):
    """Legend text of an escape label: each mode of 'RS|SR|SS' spelled out."""
    if label in LABEL_MEANINGS:
        return LABEL_MEANINGS[label]
    return f"{label}: escapes to " + " or ".join(label.split("|"))


def parameter_text(summary):
    """'μ = 0.3, j = 0.4' from summary.json (never hard-coded)."""
    return f"μ = {summary['mu']:g}, j = {summary['inertia_ratio']:g}"


def read_csv(path):
    with open(path) as f:
        lines = [line.rstrip("\n") for line in f if not line.startswith("#")]
    header = lines[0].split(",")
    rows = [line.split(",") for line in lines[1:] if line]
    return header, rows


def tetrahedron(mu, j):
    """Vertices of the tetrahedron bounded by (82)-(83): intersections of three planes."""
    k = mu * (1 + 2 * j)
    planes = [  # a . m = b
        (np.array([j, 1 + j, -k]), k), (np.array([j, 1 + j, k]), -k),
        (np.array([1 + j, j, -k]), -k), (np.array([1 + j, j, k]), k),
    ]
    verts = []
    for skip in range(4):
        rows = [planes[i] for i in range(4) if i != skip]
        a = np.array([r[0] for r in rows])
        b = np.array([r[1] for r in rows])
        verts.append(np.linalg.solve(a, b))
    return np.array(verts)


def _axis_labels(ax, three_d=True):
    ax.set_xlabel(AXIS_LABELS[0], fontsize=8)
    ax.set_ylabel(AXIS_LABELS[1], fontsize=8)
    if three_d:
        ax.set_zlabel(AXIS_LABELS[2], fontsize=8)


def _legend_record(fig, ax_legends):
    """{title, legend labels, size in pixels} of a figure, for the sidecar figures.json."""
    titles = [t for t in (fig._suptitle.get_text() if fig._suptitle else "",) if t]
    labels = []
    for ax in fig.axes:
        if ax.get_title():
            titles.append(ax.get_title())
        legend = ax.get_legend()
        if legend is not None:
            labels += [t.get_text() for t in legend.get_texts()]
    for legend in ax_legends:
        labels += [t.get_text() for t in legend.get_texts()]
    width, height = fig.get_size_inches() * DPI
    return {"title": "\n".join(titles), "legend": labels,
            "size_px": [int(round(width)), int(round(height))]}


def fig10(summary, surface):
    """Fig. 10: the planes (82)-(83) (the tetrahedron's edges) and the two-point slip surface
    (88), its two sheets (upper hemisphere phi± in (0, pi), lower in (pi, 2pi)). surface: rows
    phi+, phi-, m_x, m_y, m_z of two_point_slip_surface.csv. Returns the figure."""
    mu, j = summary["mu"], summary["inertia_ratio"]
    verts = tetrahedron(mu, j)
    fig = plt.figure(figsize=(8, 7.2), constrained_layout=True)
    ax = fig.add_subplot(projection="3d")
    for n, (a, b) in enumerate((a, b) for a in range(4) for b in range(a + 1, 4)):
        ax.plot(*zip(verts[a], verts[b]), color=OKABE_ITO["black"], lw=1.5,
                label="tetrahedron of the planes (82)-(83): one-point slip (RS, SR) bounds"
                if n == 0 else None)
    upper = surface[surface[:, 0] < np.pi]
    lower = surface[surface[:, 0] >= np.pi]
    for part, colour, name in (
            (upper, OKABE_ITO["orange"], "surface (88), upper sheet: φ± in (0, π), u2 > 0"),
            (lower, OKABE_ITO["sky"], "surface (88), lower sheet: φ± in (π, 2π), u2 < 0")):
        ax.scatter(part[:, 2], part[:, 3], part[:, 4], s=1, color=colour, alpha=0.4)
        # a proxy artist: 3-D scatter clouds of size 1 show badly in a legend
        ax.plot([], [], ls="none", marker="o", ms=7, color=colour,
                label=name + " — two-point slip (SS)")
    _axis_labels(ax)
    ax.legend(loc="upper left", fontsize=7.5, framealpha=0.9)
    ax.set_title(f"Fig. 10: the bounds of realizable two-point rolling ({parameter_text(summary)})"
                 f"\nplanes (82)-(83) of one-point slip and the two-point slip surface (88)"
                 f"\n{TORQUE_DEFINITION}", fontsize=9)
    return fig


def fig11(summary, tri_rows):
    """Fig. 11: the realizable body from its mesh (stability_body_triangles.csv), each triangle
    coloured by the condition that bounds it and shaded by its normal, semi-transparent, with the
    special points (90) drawn in front and the edge of maximum acceleration (91). Returns the
    figure."""
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    mu, j = summary["mu"], summary["inertia_ratio"]
    sv = summary["special_values_closed_form"]
    conditions = [r[0] for r in tri_rows]
    tris = np.array([[float(v) for v in r[2:]] for r in tri_rows]).reshape(-1, 3, 3)
    normals = np.cross(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    normals /= np.linalg.norm(normals, axis=1)[:, None]
    light = np.array([0.4, -0.5, 0.77])
    shade = 0.55 + 0.45 * np.clip(normals @ (light / np.linalg.norm(light)), 0.0, 1.0)
    base = {"SS": OKABE_ITO["vermillion"], "RS": OKABE_ITO["blue"], "SR": OKABE_ITO["orange"],
            "contact loss": OKABE_ITO["grey"]}
    rgb = {k: np.array(matplotlib.colors.to_rgb(v)) for k, v in base.items()}
    colours = np.array([rgb[c] for c in conditions]) * shade[:, None]
    colours = np.hstack([colours, np.full((len(colours), 1), 0.45)])  # see the points inside
    fig = plt.figure(figsize=(8, 7.2), constrained_layout=True)
    ax = fig.add_subplot(projection="3d")
    ax.add_collection3d(Poly3DCollection(tris, facecolors=colours, edgecolors="none"))
    lim = np.abs(tris.reshape(-1, 3)).max(axis=0) * 1.05
    ax.set_xlim(-lim[0], lim[0])
    ax.set_ylim(-lim[1], lim[1])
    ax.set_zlim(-lim[2], lim[2])
    names = {"SS": "SS surface (88): two-point slip bounds", "RS": "RS planes (82): "
             "rolling at P+, slipping at P-", "SR": "SR planes (83): slipping at P+, rolling at P-"}
    for label, colour in base.items():
        if label in conditions:  # proxy artists: Poly3DCollection has no legend entry
            ax.plot([], [], ls="none", marker="s", ms=10, color=colour,
                    label=names.get(label, label))
    mzs = np.array(summary["max_acceleration_edge_mz"])
    d = mu * (1 + 2 * j)
    edge = (d - mu * mzs, -d - mu * mzs, mzs)
    ax.plot(*edge, **EDGE_STYLE, zorder=20,
            label="edge of maximum acceleration √2 μ g (91)")
    for name, marker in (("m_z1", "o"), ("m_z2", "s"), ("m_z3", "^")):
        # drawn last, white with a black outline, depthshade off: visible through the body
        ax.scatter([0], [0], [sv[name]], marker=marker, s=70, facecolor="white",
                   edgecolor="black", linewidths=1.5, depthshade=False, zorder=30,
                   label=f"special point (90): (0, 0, {name}), {name} = {sv[name]:.4f}")
    _axis_labels(ax)
    ax.computed_zorder = False  # draw in zorder: the edge and the points in front of the body
    ax.legend(loc="upper left", fontsize=7.5, framealpha=0.9)
    mesh = summary["mesh"]
    ax.set_title(f"Fig. 11: loads where two-point rolling is realizable ({parameter_text(summary)})"
                 f"\nmesh: {mesh['triangles']} triangles, volume {mesh['volume']:.5f}; "
                 f"{TORQUE_DEFINITION}", fontsize=9)
    return fig


SECTIONS = (("0", "m_z = 0"), ("mz1", "m_z = m_z1 = {m_z1:.4f}"),
            ("mz2", "m_z = m_z2 = {m_z2:.4f}"), ("0.97mz3", "m_z = 0.97 m_z3 = {m_z3_97:.4f}"))


def cross_sections(summary, sections):
    """The four cross-sections m_z = const, each grid point coloured by its escape label (the set
    of modes the two-point rolling can escape to), the boundary found by bisection in black; one
    legend for all panels, in its own row below them (covering no data). sections: {key: rows of section_KEY.csv}. Returns the
    figure."""
    sv = dict(summary["special_values_closed_form"])
    sv["m_z3_97"] = 0.97 * sv["m_z3"]
    fig = plt.figure(figsize=(11, 12.5), constrained_layout=True)
    grid = fig.add_gridspec(3, 2, height_ratios=[1, 1, 0.22])
    panels = [fig.add_subplot(grid[r, c]) for r in range(2) for c in range(2)]
    legend_axes = fig.add_subplot(grid[2, :])
    legend_axes.axis("off")
    seen = {}
    for ax, (key, title) in zip(panels, SECTIONS):
        rows = sections[key]
        for label in sorted({r[4] for r in rows if r[0] == "grid"}):
            pts = np.array([[float(r[1]), float(r[2])] for r in rows
                            if r[0] == "grid" and r[4] == label])
            seen[label] = ax.scatter(pts[:, 0], pts[:, 1], s=3,
                                     color=LABEL_COLOURS.get(label, "k"))
        bnd = np.array([[float(r[1]), float(r[2])] for r in rows if r[0] == "boundary"])
        if len(bnd):
            seen["boundary"] = ax.scatter(bnd[:, 0], bnd[:, 1], s=2, color="k")
        ax.set_title(title.format(**sv), fontsize=10)
        _axis_labels(ax, three_d=False)
        ax.set_aspect("equal")
    order = [k for k in LABEL_COLOURS if k in seen] + [k for k in seen if k not in LABEL_COLOURS]
    handles = [seen[k] for k in order]
    texts = [("boundary of the realizable set (bisection)" if k == "boundary"
              else label_meaning(k)) for k in order]
    legend_axes.legend(handles, texts, loc="center", ncol=2, fontsize=9,
                        markerscale=4, title="escape label of each grid point: the modes "
                        "two-point rolling (RR) can escape to (P+, P- each Rolling or Slipping)",
                        title_fontsize=9)
    fig.suptitle(f"Cross-sections of the load space at four m_z ({parameter_text(summary)}); "
                 f"{TORQUE_DEFINITION}", fontsize=11)
    return fig


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    out = sys.argv[1]
    with open(f"{out}/summary.json") as f:
        summary = json.load(f)
    _, surf = read_csv(f"{out}/two_point_slip_surface.csv")
    surface = np.array([[float(v) for v in r] for r in surf])
    _, tri_rows = read_csv(f"{out}/stability_body_triangles.csv")
    sections = {key: read_csv(f"{out}/section_{key}.csv")[1] for key, _ in SECTIONS}
    record = {}
    for name, make in (("fig10_planes_and_surface.png", lambda: (fig10(summary, surface), [])),
                       ("fig11_realizable_body.png", lambda: (fig11(summary, tri_rows), [])),
                       ("cross_sections.png", lambda: (cross_sections(summary, sections), [])),
                       ("physical_system.png", lambda: (physical_system_figure(
                           summary["mu"], summary["inertia_ratio"], _angle_deg(out)), []))):
        fig, legends = make()
        fig.savefig(f"{out}/{name}", dpi=DPI)
        record[name] = _legend_record(fig, legends)
        plt.close(fig)
    with open(f"{out}/figures.json", "w", encoding="utf-8") as f:
        json.dump(record, f, indent=1, ensure_ascii=False)
    return 0


def _angle_deg(out):
    """The trough's opening angle from section_0.csv's '# angle_deg = ...' header (90 if absent)."""
    with open(f"{out}/section_0.csv") as f:
        for line in f:
            if not line.startswith("#"):
                break
            if line.startswith("# angle_deg ="):
                return float(line.split("=")[1])
    return 90.0


if __name__ == "__main__":
    sys.exit(main())
