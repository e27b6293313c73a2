"""Self-contained interactive pages (one HTML file each, opens offline, no server).

- ``stability_body_html``: a stability body's mesh in a 3-D view (rotate, zoom) with each
  triangle coloured by the condition that bounds it there (SS / RS / SR, a legend entry each that
  toggles it), special points and edges, and the load coordinates on hover.
- ``validation_report_html`` (report_page.py): the report of ``nsdkit validate`` (or
  ``--score``) as report.html and replay.html with their scripts and data in report_files/.

Plots are plotly's (Debian's python3-plotly embeds plotly.js); tables are DataTables (Debian's
libjs-jquery-datatables and libjs-jquery), inlined. Outputs are written to a temporary file and
renamed, so a target holds a whole page or nothing.
"""
import argparse
import csv
import html
import json
import math
import sys

# Okabe-Ito colour-blind-safe palette (as analysis/plot_ball_trough.py); the edge is yellow with a
# black outline, distinct from every surface; the special points black with a white outline.
CONDITION_COLOURS = {"SS": "#D55E00", "RS": "#0072B2", "SR": "#E69F00",
                     "contact loss": "#999999"}
OTHER_CONDITION_COLOUR = "#009E73"
EDGE_COLOUR, EDGE_OUTLINE = "#F0E442", "#000000"
POINT_SYMBOLS = ("circle", "square", "diamond", "cross", "x")
CONDITION_NAMES = {"SS": "SS: two-point slip surface", "RS": "RS: rolling at P+, slipping at P-",
                   "SR": "SR: slipping at P+, rolling at P-", "contact loss": "contact loss"}
CONDITION_MEANINGS = {
    "SS": "beyond these faces the ball can start slipping at both contact points (the two-point "
          "slip surface (88))",
    "RS": "beyond these faces it can keep rolling at P+ and start slipping at P- (the planes (82))",
    "SR": "beyond these faces it can start slipping at P+ and keep rolling at P- (the planes (83))",
    "contact loss": "beyond these faces a contact force would pull (the contact opens)"}
PAGE_MIN_HEIGHT_PX = 480  # the plot fills 80 % of the window's height, at least this
# face_of_triangle of the paper's ball (mesh_ball): 0, 1 the sheets, 2-3 RS planes, 4-5 SR.
BALL_FACE_CONDITIONS = {0: "SS", 1: "SS", 2: "RS", 3: "RS", 4: "SR", 5: "SR"}


try:  # imported as nsdkit.pages, or run as a script (nsdkit's CLI runs this file)
    from .page_io import _html_text, _PlotlyMissing, _quote, _script_json, _text, _write_output
    from .report_page import validation_report_html
except ImportError:
    from page_io import _html_text, _PlotlyMissing, _quote, _script_json, _text, _write_output
    from report_page import validation_report_html

def _plot_div(fig, div_id, height):
    """A plotly figure as a <div> and the <script> drawing it (plotly.js loaded before), its
    JSON escaped for the <script> element (plotly's own to_html embeds text raw). height: a CSS
    height (e.g. '80vh'); the layout has none, so plotly fills the <div> and follows it when the
    window is resized (responsive)."""
    figure = _script_json(fig.to_plotly_json())
    return (f'<div id="{html.escape(div_id)}" class="plotly-graph-div" '
            f'style="height:{height}; width:100%;"></div>'
            f"<script>(function () {{ const f = {figure}; "
            f"Plotly.newPlot({_script_json(div_id)}, f.data, f.layout, "
            f"{{responsive: true}}); }})();</script>")


def _plotly():
    try:
        import plotly.graph_objects as go
        import plotly.io as pio
        import plotly.offline as offline
    except ImportError as e:  # pragma: no cover - Debian's python3-plotly is a dependency
        raise _PlotlyMissing("the HTML pages need plotly (Debian: python3-plotly)") from e
    return go, pio, offline


def _conditions_of(mesh, conditions):
    faces = mesh["faces"]
    if conditions is not None:
        out = [str(c) for c in conditions]
    elif "conditions" in mesh:
        out = [str(c) for c in mesh["conditions"]]
    elif "face_of_triangle" in mesh:
        out = [BALL_FACE_CONDITIONS.get(int(f), "contact loss") for f in mesh["face_of_triangle"]]
    else:
        out = ["realizable set"] * len(faces)
    if len(out) != len(faces):
        raise ValueError(f"conditions: {len(out)} given for {len(faces)} triangles")
    return out


def stability_body_html(mesh, path, axis_names=("m_x", "m_y", "m_z"), points=None, edges=None,
                        title="Stability body", conditions=None, description=None):
    """Writes the mesh as a self-contained 3-D page: a <title>, the plot (80 % of the window's
    height, at least PAGE_MIN_HEIGHT_PX, following the window when it is resized) and below it an
    explanation of what is drawn.

    mesh: a dict with 'vertices' (V x 3) and 'faces' (F x 3), as nsdkit.mesh_ball and Body.mesh
    return (their 'conditions' or the ball's 'face_of_triangle' give each triangle's bounding
    condition; or pass ``conditions``, one of 'SS', 'RS', 'SR' per triangle).
    points: {label: (x, y, z)}, special points drawn as black markers with a white outline after
    the mesh (the mesh is then semi-transparent, so points inside it show).
    edges: {label: [(x, y, z), ...]}, polylines drawn yellow with a black outline (e.g. the edge
    of maximum acceleration).
    description: paragraphs (plain text, escaped) explaining the body and its axes; by default a
    generic explanation of the conditions, points and edges drawn and of the three axes.
    """
    go, _, offline = _plotly()
    vertices = [[float(c) for c in v] for v in mesh["vertices"]]
    faces = [[int(i) for i in f] for f in mesh["faces"]]
    if not vertices or not faces:
        raise ValueError("stability_body_html: the mesh has no triangles")
    if any(not math.isfinite(c) for v in vertices for c in v):
        raise ValueError("stability_body_html: a vertex is not finite")
    if any(i < 0 or i >= len(vertices) for f in faces for i in f):
        raise ValueError("stability_body_html: a face refers to a missing vertex")
    labels = _conditions_of(mesh, conditions)
    raw_axes = _axis_names(axis_names, escape=False)
    axis_names = [_text(a) for a in raw_axes]
    hover = (f"{axis_names[0]} = %{{x:.5g}}<br>{axis_names[1]} = %{{y:.5g}}<br>"
             f"{axis_names[2]} = %{{z:.5g}}<extra>%{{meta}}</extra>")
    fig = go.Figure()
    opacity = 0.45 if points else 1.0  # see-through, so points inside the body show
    for trace in _mesh_traces(go, vertices, faces, labels, hover, opacity):
        fig.add_trace(trace)
    for trace in _marker_traces(go, points, edges, hover):
        fig.add_trace(trace)
    fig.update_layout(
        title=_text(title), autosize=True,
        legend={"itemclick": "toggle", "itemdoubleclick": "toggleothers",
                "bgcolor": "rgba(255,255,255,0.85)", "x": 0.0, "y": 1.0, "xanchor": "left",
                "yanchor": "top"},
        scene={"xaxis_title": axis_names[0], "yaxis_title": axis_names[1],
               "zaxis_title": axis_names[2], "aspectmode": "data"},
        margin={"l": 0, "r": 0, "t": 40, "b": 0})
    if description is None:
        description = _generic_description(sorted(set(labels)), points, edges, raw_axes)
    explanation = "".join(f"<p>{_html_text(paragraph)}</p>" for paragraph in description)
    _write_output(path, "\n".join([
        "<!DOCTYPE html><html><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>{_html_text(title)}</title>",
        f"<script>{offline.get_plotlyjs()}</script></head>"
        "<body style='margin:0; font-family:sans-serif; overflow-x:hidden'>",
        _plot_div(fig, "stability-body", f"80vh; min-height:{PAGE_MIN_HEIGHT_PX}px"),
        "<div id='explanation' style='max-width:60em; margin:0.5em 1.5em 2em 1.5em; "
        f"line-height:1.4'><h2 style='font-size:1.1em'>What this page shows</h2>{explanation}"
        "<p>Drag to rotate, scroll to zoom; click a legend entry to hide or show it, double-click "
        "to show it alone; hover a point for its coordinates.</p></div>",
        "</body></html>"]))
    return path


def _mesh_traces(go, vertices, faces, labels, hover, opacity):
    """One Mesh3d per bounding condition (a legend entry each), its vertices merged to 7 digits."""
    traces = []
    for condition in sorted(set(labels)):
        chosen = [f for f, c in zip(faces, labels) if c == condition]
        # Only this condition's vertices (merged where equal), to 7 digits: a smaller page.
        index, used = {}, []
        for f in chosen:
            for v in f:
                key = tuple(float(f"{c:.7g}") for c in vertices[v])
                if key not in index:
                    index[key] = len(used)
                    used.append(key)
        local = [[index[tuple(float(f"{c:.7g}") for c in vertices[v])] for v in f] for f in chosen]
        traces.append(go.Mesh3d(
            x=[u[0] for u in used], y=[u[1] for u in used], z=[u[2] for u in used],
            i=[f[0] for f in local], j=[f[1] for f in local], k=[f[2] for f in local],
            color=CONDITION_COLOURS.get(condition, OTHER_CONDITION_COLOUR), opacity=opacity,
            name=_text(f"{CONDITION_NAMES.get(condition, condition)} ({len(chosen)} triangles)"),
            meta=_text(condition), showlegend=True, flatshading=True, hovertemplate=hover,
            # (epsilons 0: plotly's defaults drop the normals of small triangles, which then
            # render dark)
            lighting={"ambient": 0.55, "diffuse": 0.7, "specular": 0.05,
                      "facenormalsepsilon": 0, "vertexnormalsepsilon": 0},
            lightposition={"x": 100, "y": -200, "z": 300}))
    return traces


def _marker_traces(go, points, edges, hover):
    """The edges (a black line under a narrower yellow one, one legend entry) and then the special
    points (black, white outline, each its own symbol), drawn after the mesh."""
    traces = []
    for n, (label, line) in enumerate((edges or {}).items()):
        xyz = {"x": [q[0] for q in line], "y": [q[1] for q in line], "z": [q[2] for q in line]}
        group = f"edge-{n}"
        traces.append(go.Scatter3d(**xyz, mode="lines", legendgroup=group, showlegend=False,
                                   line={"width": 14, "color": EDGE_OUTLINE}, hoverinfo="skip",
                                   name=_text(label) + " (outline)",
                                   meta=_text(label) + " (outline)"))
        traces.append(go.Scatter3d(**xyz, mode="lines", legendgroup=group, name=_text(label),
                                   line={"width": 8, "color": EDGE_COLOUR}, hovertemplate=hover,
                                   meta=_text(label)))
    for n, (label, p) in enumerate((points or {}).items()):
        traces.append(go.Scatter3d(
            x=[p[0]], y=[p[1]], z=[p[2]], mode="markers+text", text=[_text(label)],
            textposition="middle right",
            marker={"size": 9, "color": "black", "symbol": POINT_SYMBOLS[n % len(POINT_SYMBOLS)],
                    "line": {"width": 3, "color": "white"}},
            name=_text(label), hovertemplate=hover, meta=_text(label)))
    return traces


def _generic_description(conditions, points, edges, axis_names):
    """The default explanation: the body, each condition drawn, the points and edges, the axes."""
    text = [f"The body is the set of loads ({', '.join(axis_names)}) where rolling is "
            "realizable: inside it, rolling persists; on each face the condition named by its "
            "colour starts to hold."]
    for condition in conditions:
        meaning = CONDITION_MEANINGS.get(condition)
        if meaning:
            text.append(f"{CONDITION_NAMES[condition]}: {meaning}.")
    if points:
        text.append("Special points (black markers, white outline): " + "; ".join(points) + ".")
    if edges:
        text.append("Edges (yellow, black outline): " + "; ".join(edges) + ".")
    text.append(f"Axes: {axis_names[0]}, {axis_names[1]}, {axis_names[2]}.")
    return text


def _axis_names(axis_names, escape=True):
    """Three axis names, as plotly label text (escaped) or raw (escape=False)."""
    names = [str(a) for a in axis_names] if not isinstance(axis_names, str) else []
    if len(names) != 3:
        raise ValueError(f"axis_names: give three names, got {_quote(axis_names)}")
    return [_text(a) for a in names] if escape else names


def _ball_trough_extras(summary_path):
    """Special points (90), the edge of maximum acceleration (91), the title (with mu and j) and
    the explanation of the paper's ball, from the summary.json of `nsdkit ball-trough` (as
    Fig. 11 draws them)."""
    with open(summary_path, encoding="utf-8") as f:
        summary = json.load(f)
    mu, j = summary["mu"], summary["inertia_ratio"]
    sv = summary["special_values_closed_form"]
    points = {f"special point (0, 0, {name}), {name} = {sv[name]:.4f}": (0.0, 0.0, sv[name])
              for name in ("m_z1", "m_z2", "m_z3")}
    lo, hi = summary["max_acceleration_edge_mz"]
    d = mu * (1 + 2 * j)
    edge = [(d - mu * mz, -d - mu * mz, mz) for mz in (lo + (hi - lo) * k / 20 for k in range(21))]
    title = (f"Stability body of the ball in the trough (μ = {mu:g}, j = {j:g}): realizable "
             "two-point rolling, Fig. 11")
    description = [
        f"The ball of the two-point-contact paper (Sect. 6) in a right-angle V trough, friction "
        f"coefficient μ = {mu:g} at both contact points P+ and P-, moment of inertia j m r² with "
        f"j = {j:g}. A constant torque M_e acts on the ball. The body is the set of loads where "
        "two-point rolling (RR, rolling at P+ and at P-) is realizable: inside it the ball keeps "
        "rolling at both points; beyond each face it can start to slip.",
        "Axes: the dimensionless torques of eq. (79), m_x = √2 M_ex/(m g r), "
        "m_y = √2 M_ey/(m g r), m_z = √2 M_ez/(m g r), with M_ex, M_ey about the frame's i, j "
        "(across the trough) and M_ez about k (along the trough); m is the ball's mass, r its "
        "radius, g gravity.",
        *(f"{CONDITION_NAMES[c]}: {CONDITION_MEANINGS[c]}." for c in ("RS", "SR", "SS")),
        f"Special points (90), black markers with a white outline on the m_z axis: below "
        f"m_z1 = {sv['m_z1']:.4f} the two-point slip condition never bounds the body, above "
        f"m_z2 = {sv['m_z2']:.4f} the planes (82)-(83) no longer bound it, above "
        f"m_z3 = {sv['m_z3']:.4f} nothing is realizable. The body is drawn semi-transparent so "
        "that they show.",
        "The edge of maximum acceleration (91), yellow with a black outline: where the planes "
        "(82) and (83) meet; there the ball's centre reaches the largest acceleration of "
        "realizable two-point rolling, √2 μ g (m_x - m_y = 2 μ (1 + 2j))."]
    return points, {"edge of maximum acceleration √2 μ g (91)": edge}, title, description


def _read_triangles(path):
    """condition,face,x0,y0,z0,x1,y1,z1,x2,y2,z2 rows (stability_body_triangles.csv)."""
    vertices, faces, conditions = [], [], []
    with open(path, newline="") as f:
        for row in csv.DictReader(line for line in f if not line.startswith("#")):
            base = len(vertices)
            for k in range(3):
                vertices.append([float(row[f"{axis}{k}"]) for axis in "xyz"])
            faces.append([base, base + 1, base + 2])
            conditions.append(row["condition"])
    return {"vertices": vertices, "faces": faces}, conditions


PAGES_UNAVAILABLE = 3  # exit status when plotly is missing (nsdkit then only notes it)


def _main(argv=None):
    """The command line nsdkit runs (commands/common.cpp, writeHtmlPage): exit status 0 when the
    page is written, 2 with one line `nsdkit pages: error: ...` for any failure, 3 when plotly is
    missing. Give paths after the options (nsdkit passes them absolute, and option values in the
    --name=value form), or after `--`."""
    parser = argparse.ArgumentParser(description="nsdkit's interactive HTML pages")
    sub = parser.add_subparsers(dest="page", required=True)
    report = sub.add_parser("report", help="report.html of a validation report folder")
    report.add_argument("folder")
    report.add_argument("--output", help="default: <folder>/report.html")
    body = sub.add_parser("body", help="a stability body from its triangles CSV")
    body.add_argument("triangles", help="condition,face,x0,y0,z0,... (stability_body_triangles.csv)")
    body.add_argument("output")
    body.add_argument("--axes", default="m_x,m_y,m_z", help="names of the three coordinates")
    body.add_argument("--summary", help="summary.json of nsdkit ball-trough: special points and "
                                        "the edge of maximum acceleration")
    body.add_argument("--title", default="Stability body")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse's usage and message are on stderr already
        return 0 if e.code == 0 else 2
    try:
        if args.page == "report":
            print(validation_report_html(args.folder, args.output))
            return 0
        mesh, conditions = _read_triangles(args.triangles)
        points, edges, title, description = (None, None, args.title, None)
        if args.summary:
            points, edges, title, description = _ball_trough_extras(args.summary)
        axes = args.axes.split(",")
        if len(axes) != 3:
            raise ValueError(f"--axes {_quote(args.axes)} must name three coordinates")
        print(stability_body_html(mesh, args.output, axes, points, edges, title, conditions,
                                  description))
        return 0
    except _PlotlyMissing as e:
        print(f"nsdkit pages: error: {e}", file=sys.stderr)
        return PAGES_UNAVAILABLE
    except Exception as e:  # noqa: BLE001 - every failure is one line and status 2
        message = str(e).replace("\n", " ") or type(e).__name__
        print(f"nsdkit pages: error: {message}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(_main())
