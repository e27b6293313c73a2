#!/usr/bin/python3
"""Figures of the ball-in-trough analysis (two-point-contact paper, Sect. 6) from the outputs of
`nsdkit ball-trough`: Fig. 10 (the tetrahedron planes (82)-(83) and the surface (88)), Fig. 11
(the realizable body, drawn from its mesh with each face coloured by its bounding condition, with
the special points (90) and the edge of maximum acceleration (91)),
and cross-sections at m_z = 0, m_z1, m_z2, 0.97 m_z3 labelled by escape mode.

usage: plot_ball_trough.py OUTPUT_DIR     (reads and writes in that folder)
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

LABEL_COLOURS = {
    "realizable": "#2ca02c", "RS": "#1f77b4", "SR": "#ff7f0e", "SS": "#d62728",
    "RS|SR": "#9467bd", "RS|SS": "#8c564b", "SR|SS": "#e377c2", "RS|SR|SS": "#7f7f7f",
}


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


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    out = sys.argv[1]
    summary = json.load(open(f"{out}/summary.json"))
    mu, j = summary["mu"], summary["inertia_ratio"]
    sv = summary["special_values_closed_form"]
    verts = tetrahedron(mu, j)
    edges = [(a, b) for a in range(4) for b in range(a + 1, 4)]

    _, surf = read_csv(f"{out}/two_point_slip_surface.csv")
    s = np.array([[float(v) for v in r] for r in surf])

    # Fig. 10: planes (as the tetrahedron's edges) and the surface (88).
    fig = plt.figure(figsize=(7, 6), constrained_layout=True)
    ax = fig.add_subplot(projection="3d")
    for a, b in edges:
        ax.plot(*zip(verts[a], verts[b]), color="tab:blue")
    upper = s[s[:, 0] < np.pi]
    lower = s[s[:, 0] >= np.pi]
    for part, c in ((upper, "tab:orange"), (lower, "tab:purple")):
        ax.scatter(part[:, 2], part[:, 3], part[:, 4], s=1, color=c, alpha=0.4)
    ax.set_xlabel("m_x")
    ax.set_ylabel("m_y")
    ax.set_zlabel("m_z")
    ax.set_title("Fig. 10: planes (82)-(83) and surface (88)")
    fig.savefig(f"{out}/fig10_planes_and_surface.png", dpi=110)

    # Fig. 11: the realizable body from its mesh (stability_body_triangles.csv), each triangle
    # coloured by the condition that bounds it there and shaded by its normal, with the special
    # points and the red edge.
    _, tri_rows = read_csv(f"{out}/stability_body_triangles.csv")
    conditions = [r[0] for r in tri_rows]
    tris = np.array([[float(v) for v in r[2:]] for r in tri_rows]).reshape(-1, 3, 3)
    normals = np.cross(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    normals /= np.linalg.norm(normals, axis=1)[:, None]
    light = np.array([0.4, -0.5, 0.77])
    shade = 0.45 + 0.55 * np.clip(normals @ (light / np.linalg.norm(light)), 0.0, 1.0)
    base = {"SS": (0.84, 0.15, 0.16), "RS": (0.12, 0.47, 0.71), "SR": (1.0, 0.5, 0.05),
            "contact loss": (0.5, 0.5, 0.5)}
    colours = np.array([base[c] for c in conditions]) * shade[:, None]
    fig = plt.figure(figsize=(7, 6), constrained_layout=True)
    ax = fig.add_subplot(projection="3d")
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection  # noqa: E402
    ax.add_collection3d(Poly3DCollection(tris, facecolors=colours, edgecolors="none"))
    lim = np.abs(tris.reshape(-1, 3)).max(axis=0) * 1.05
    ax.set_xlim(-lim[0], lim[0])
    ax.set_ylim(-lim[1], lim[1])
    ax.set_zlim(-lim[2], lim[2])
    for label, colour in base.items():
        if label in conditions:
            ax.plot([], [], color=colour, lw=6,
                    label={"SS": "SS surface (88)", "RS": "RS planes (82)",
                           "SR": "SR planes (83)"}.get(label, label))
    # Special points on the m_z axis and the red edge m_x - m_y = 2 mu (1+2j), m_x + m_y = -2 mu m_z.
    for name, marker in (("m_z1", "o"), ("m_z2", "s"), ("m_z3", "^")):
        ax.scatter([0], [0], [sv[name]], marker=marker, s=50, color="k",
                   label=f"(0, 0, {name}) = {sv[name]:.4f}")
    mzs = np.array(summary["max_acceleration_edge_mz"])
    d = mu * (1 + 2 * j)
    ax.plot(d - mu * mzs, -d - mu * mzs, mzs, color="red", lw=3, label="max acceleration (91)",
            zorder=10)
    ax.set_xlabel("m_x")
    ax.set_ylabel("m_y")
    ax.set_zlabel("m_z")
    ax.legend(loc="upper left", fontsize=8)
    mesh = summary["mesh"]
    ax.set_title("Fig. 11: realizable two-point rolling\n"
                 f"(mesh: {mesh['triangles']} triangles, volume {mesh['volume']:.5f})", fontsize=10)
    fig.savefig(f"{out}/fig11_realizable_body.png", dpi=110)

    # Cross-sections labelled by escape mode.
    names = (("0", "m_z = 0"), ("mz1", f"m_z = m_z1 = {sv['m_z1']:.4f}"),
             ("mz2", f"m_z = m_z2 = {sv['m_z2']:.4f}"), ("0.97mz3", f"m_z = 0.97 m_z3"))
    fig, axes = plt.subplots(2, 2, figsize=(11, 10), constrained_layout=True)
    for ax, (key, title) in zip(axes.flat, names):
        header, rows = read_csv(f"{out}/section_{key}.csv")
        labels = sorted({r[4] for r in rows if r[0] == "grid"})
        for label in labels:
            pts = np.array([[float(r[1]), float(r[2])] for r in rows
                            if r[0] == "grid" and r[4] == label])
            ax.scatter(pts[:, 0], pts[:, 1], s=3, color=LABEL_COLOURS.get(label, "k"), label=label)
        bnd = np.array([[float(r[1]), float(r[2])] for r in rows if r[0] == "boundary"])
        if len(bnd):
            ax.scatter(bnd[:, 0], bnd[:, 1], s=2, color="k", label="boundary (bisection)")
        ax.set_title(title)
        ax.set_xlabel("m_x")
        ax.set_ylabel("m_y")
        ax.set_aspect("equal")
        ax.legend(fontsize=7, markerscale=3, loc="upper right")
    fig.savefig(f"{out}/cross_sections.png", dpi=110)
    return 0


if __name__ == "__main__":
    sys.exit(main())
