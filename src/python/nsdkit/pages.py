"""Self-contained interactive pages (one HTML file each, opens offline, no server).

- ``stability_body_html``: a stability body's mesh in a 3-D view (rotate, zoom) with each
  triangle coloured by the condition that bounds it there (SS / RS / SR, a legend entry each that
  toggles it), special points and edges, and the load coordinates on hover.
- ``validation_report_html``: the report of ``nsdkit validate`` (or ``--score``) as a page: the
  summary per solver setting, the maps as interactive plots (hover: parameters, expected and
  observed mode), the rows in a sortable, filterable table (a click shows the run's time series
  and its details), and the settings with their reasons.

Plots are plotly's (Debian's python3-plotly embeds plotly.js); tables are DataTables (Debian's
libjs-jquery-datatables and libjs-jquery), inlined. Outputs are written to a temporary file and
renamed, so a target holds a whole page or nothing.
"""
import argparse
import csv
import html
import json
import math
import os
import re
import stat
import sys

CONDITION_COLOURS = {"SS": "#d62728", "RS": "#1f77b4", "SR": "#ff7f0e",
                     "contact loss": "#7f7f7f"}
CONDITION_NAMES = {"SS": "SS: two-point slip surface", "RS": "RS: rolling at P+, slipping at P-",
                   "SR": "SR: slipping at P+, rolling at P-", "contact loss": "contact loss"}
# face_of_triangle of the paper's ball (mesh_ball): 0, 1 the sheets, 2-3 RS planes, 4-5 SR.
BALL_FACE_CONDITIONS = {0: "SS", 1: "SS", 2: "RS", 3: "RS", 4: "SR", 5: "SR"}
DATATABLES_JS = "/usr/share/javascript/jquery-datatables/jquery.dataTables.min.js"
DATATABLES_CSS = "/usr/share/javascript/jquery-datatables/css/jquery.dataTables.min.css"
JQUERY_JS = "/usr/share/javascript/jquery/jquery.min.js"


def _quote(text, limit=80):
    """`text` in single quotes, control bytes, non-ASCII, quotes and backslashes as \\xNN (as
    nsd::quoteInput): safe to print whatever the input holds."""
    text = str(text)
    shown = "".join(c if 0x20 <= ord(c) < 0x7f and c not in "'\\" else
                    "".join(f"\\x{b:02x}" for b in c.encode("utf-8", "surrogateescape"))
                    for c in text[:limit])
    more = f"...({len(text)} characters)" if len(text) > limit else ""
    return f"'{shown}'{more}"


def _write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _write_output(path, text):
    """The one checked writer of the pages (as nsd::writeFileAtomically): a device or FIFO is
    written in place (never replaced), a symbolic link or folder is refused, and a regular file
    is replaced atomically through a temporary created with O_EXCL | O_NOFOLLOW under an
    unguessable name in the target's folder; on failure only that temporary is removed.
    Raises ValueError naming the path."""
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise ValueError(f"path must be a file name (str), got {type(path).__name__}")
    path = os.fspath(path)
    if not isinstance(path, str) or not path:
        raise ValueError("path: an empty file name")
    data = text.encode("utf-8")
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        status = None
    except OSError as e:
        raise ValueError(f"path {_quote(path)}: {e.strerror}") from None
    if status is not None:
        if stat.S_ISLNK(status.st_mode):
            raise ValueError(f"path {_quote(path)} is a symbolic link; give the file it points to")
        if stat.S_ISDIR(status.st_mode):
            raise ValueError(f"path {_quote(path)} is a folder, not a file")
        if not stat.S_ISREG(status.st_mode):
            _write_in_place(path, data)
            return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise ValueError(f"path {_quote(path)}: its folder does not exist")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    for _ in range(16):
        temporary = os.path.join(folder, f"{os.path.basename(path)}.tmp-nsdkit-{os.getpid()}-"
                                         f"{os.urandom(8).hex()}")
        try:
            fd = os.open(temporary, flags, 0o644)
            break
        except FileExistsError:
            continue
        except OSError as e:
            raise ValueError(f"path {_quote(path)}: cannot write beside it: {e.strerror}") \
                from None
    else:
        raise ValueError(f"path {_quote(path)}: no free temporary name beside it")
    try:
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except BaseException as e:
        os.unlink(temporary)  # our own temporary, created exclusively above
        if isinstance(e, OSError):
            raise ValueError(f"path {_quote(path)}: cannot be written: {e.strerror}") from None
        raise


def _write_in_place(path, data):
    """A device, FIFO or socket written in place: opened without creating or following
    anything."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NOCTTY)
    except OSError as e:
        raise ValueError(f"path {_quote(path)}: cannot be written: {e.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
            raise ValueError(f"path {_quote(path)} changed while the page was made")
        _write_all(fd, data)
    except OSError as e:
        raise ValueError(f"path {_quote(path)}: cannot be written: {e.strerror}") from None
    finally:
        os.close(fd)


def _text(value):
    """Text from an input for plotly's labels (titles, names, hover text), which plotly renders
    as a small subset of HTML: every <, > and & escaped (plotly shows the entities as the
    characters)."""
    return html.escape(str(value), quote=False)


def _html_text(value):
    """Text from an input as HTML text or attribute value (html.escape; the line separators
    U+2028/2029 as character references too)."""
    return html.escape(str(value)).replace("\u2028", "&#x2028;").replace("\u2029", "&#x2029;")


def _script_json(value):
    """`value` as JSON that is safe inside a <script> element: <, >, & and the line separators
    U+2028/2029 as \\u escapes (no '</script>' or '<!--' can appear)."""
    text = json.dumps(value, cls=_json_encoder(), allow_nan=True)
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(raw, escaped)
    return text


def _json_encoder():
    try:
        from plotly.utils import PlotlyJSONEncoder
    except ImportError:  # pragma: no cover - Debian's python3-plotly is a dependency
        return json.JSONEncoder
    return PlotlyJSONEncoder


def _plot_div(fig, div_id, height):
    """A plotly figure as a <div> and the <script> drawing it (plotly.js loaded before), its
    JSON escaped for the <script> element (plotly's own to_html embeds text raw)."""
    figure = _script_json(fig.to_plotly_json())
    return (f'<div id="{html.escape(div_id)}" class="plotly-graph-div" '
            f'style="height:{int(height)}px; width:100%;"></div>'
            f"<script>(function () {{ const f = {figure}; "
            f"Plotly.newPlot({_script_json(div_id)}, f.data, f.layout, "
            f"{{responsive: true}}); }})();</script>")


class _PlotlyMissing(ValueError):
    """plotly (Debian's python3-plotly) is not installed."""


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
                        title="Stability body", conditions=None):
    """Writes the mesh as a self-contained 3-D page.

    mesh: a dict with 'vertices' (V x 3) and 'faces' (F x 3), as nsdkit.mesh_ball and Body.mesh
    return (their 'conditions' or the ball's 'face_of_triangle' give each triangle's bounding
    condition; or pass ``conditions``, one of 'SS', 'RS', 'SR' per triangle).
    points: {label: (x, y, z)}, special points drawn as markers.
    edges: {label: [(x, y, z), ...]}, polylines drawn in red (e.g. the edge of maximum
    acceleration).
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
    axis_names = _axis_names(axis_names)
    hover = (f"{axis_names[0]} = %{{x:.5g}}<br>{axis_names[1]} = %{{y:.5g}}<br>"
             f"{axis_names[2]} = %{{z:.5g}}<extra>%{{meta}}</extra>")
    fig = go.Figure()
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
        fig.add_trace(go.Mesh3d(
            x=[u[0] for u in used], y=[u[1] for u in used], z=[u[2] for u in used],
            i=[f[0] for f in local], j=[f[1] for f in local], k=[f[2] for f in local],
            color=CONDITION_COLOURS.get(condition, "#2ca02c"),
            name=_text(f"{CONDITION_NAMES.get(condition, condition)} ({len(chosen)} triangles)"),
            meta=_text(condition), showlegend=True, flatshading=True, hovertemplate=hover,
            # (epsilons 0: plotly's defaults drop the normals of small triangles, which then
            # render dark)
            lighting={"ambient": 0.55, "diffuse": 0.7, "specular": 0.05,
                      "facenormalsepsilon": 0, "vertexnormalsepsilon": 0},
            lightposition={"x": 100, "y": -200, "z": 300}))
    for label, p in (points or {}).items():
        fig.add_trace(go.Scatter3d(
            x=[p[0]], y=[p[1]], z=[p[2]], mode="markers+text", text=[_text(label)],
            marker={"size": 5, "color": "black"}, name=_text(label), hovertemplate=hover,
            meta=_text(label)))
    for label, line in (edges or {}).items():
        fig.add_trace(go.Scatter3d(
            x=[q[0] for q in line], y=[q[1] for q in line], z=[q[2] for q in line],
            mode="lines", line={"width": 8, "color": "red"}, name=_text(label),
            hovertemplate=hover, meta=_text(label)))
    fig.update_layout(
        title=_text(title), legend={"itemclick": "toggle", "itemdoubleclick": "toggleothers"},
        scene={"xaxis_title": axis_names[0], "yaxis_title": axis_names[1],
               "zaxis_title": axis_names[2], "aspectmode": "data"},
        margin={"l": 0, "r": 0, "t": 40, "b": 0}, height=720)
    _write_output(path, "\n".join([
        "<!DOCTYPE html><html><head><meta charset='utf-8'>",
        f"<title>{_html_text(title)}</title>",
        f"<script>{offline.get_plotlyjs()}</script></head><body style='margin:0'>",
        _plot_div(fig, "stability-body", 720), "</body></html>"]))
    return path


def _axis_names(axis_names):
    """Three axis names as plotly label text (escaped)."""
    names = [str(a) for a in axis_names] if not isinstance(axis_names, str) else []
    if len(names) != 3:
        raise ValueError(f"axis_names: give three names, got {_quote(axis_names)}")
    return [_text(a) for a in names]


def _read_map(path):
    with open(path, newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines))


def _number(value):
    return "" if value is None else (f"{value:.4g}" if isinstance(value, float) else str(value))


def _map_path(report_dir, name):
    """A map file of the report: a relative path inside the report folder (a report.json naming
    another file is refused)."""
    name = str(name)
    if os.path.isabs(name) or ".." in name.replace("\\", "/").split("/"):
        raise ValueError(f"report folder: map file {_quote(name)} is not inside the folder")
    return os.path.join(report_dir, name)


def _map_figures(report_dir, report, go):
    """The maps of report.json as plotly scatter plots (hover: parameters, modes)."""
    divs = []
    for k, m in enumerate(report.get("maps", [])):
        rows = _read_map(_map_path(report_dir, m["file"]))
        agree = [r for r in rows if r["agrees"] == "1"]
        differ = [r for r in rows if r["agrees"] != "1"]
        fig = go.Figure()
        for group, name, colour in ((agree, "agrees", "#2ca02c"), (differ, "differs", "#d62728")):
            fig.add_trace(go.Scatter(
                x=[float(r["m_x"]) for r in group], y=[float(r["m_y"]) for r in group],
                mode="markers", name=f"{name} ({len(group)})", marker={"color": colour, "size": 7},
                customdata=[[_text(r["expected"]), _text(r["observed"])] for r in group],
                hovertemplate="m_x = %{x:.4g}, m_y = %{y:.4g}<br>expected %{customdata[0]}"
                              "<br>observed %{customdata[1]}<extra></extra>"))
        fig.update_layout(title=_text(f"{m['solver']}: section {m['section']} "
                                      f"(m_z = {m['m_z']:.4g}), agreement "
                                      f"{100 * m['agreement']:.1f} %"),
                          xaxis_title="m_x", yaxis_title="m_y", height=420,
                          yaxis={"scaleanchor": "x"})
        divs.append(f'<div class="map" id="map-{k}">' + _plot_div(fig, f"map-plot-{k}", 420) +
                    "</div>")
    for k, m in enumerate(report.get("family_maps", [])):
        rows = _read_map(_map_path(report_dir, m["file"]))
        fig = go.Figure()
        if m["family"] == "incline":
            for value, name, colour in (("1", "agrees", "#2ca02c"), ("0", "differs", "#d62728")):
                group = [r for r in rows if r["agrees"] == value]
                fig.add_trace(go.Scatter(
                    x=[float(r["mu"]) for r in group], y=[float(r["slope_deg"]) for r in group],
                    mode="markers", name=f"{name} ({len(group)})", marker={"color": colour},
                    customdata=[[_text(r["expected"]), _text(r["observed"])] for r in group],
                    hovertemplate="mu = %{x:.3g}, slope %{y:.3g} deg<br>expected "
                                  "%{customdata[0]}<br>observed %{customdata[1]}<extra></extra>"))
            fig.update_layout(title=_text(f"incline: {m['solver']} (agreement "
                                          f"{100 * m['agreement']:.1f} %)"),
                              xaxis_title="mu", yaxis_title="slope [deg]", height=380)
        else:
            fig.add_trace(go.Scatter(
                x=[float(r["heading_deg"]) for r in rows],
                y=[float(r["drift_deg"]) for r in rows], mode="lines+markers", name="drift",
                hovertemplate="heading %{x:.3g} deg: drift %{y:.3g} deg<extra></extra>"))
            fig.update_layout(title=_text(f"launch: heading drift, {m['solver']}"),
                              xaxis_title="launch heading [deg]", yaxis_title="drift [deg]",
                              height=380)
        divs.append(f'<div class="map" id="family-map-{k}">' +
                    _plot_div(fig, f"family-map-plot-{k}", 380) + "</div>")
    return divs


ROW_COLUMNS = [("case", "case"), ("family", "family"), ("solver", "solver setting"),
               ("step_s", "step [s]"), ("expected", "expected"), ("observed", "observed"),
               ("status", "status"), ("metric", "metric"), ("metric_value", "value"),
               ("reason", "reason")]


def _rows_table(rows):
    head = "".join(f"<th>{html.escape(title)}</th>" for _, title in ROW_COLUMNS)
    body = []
    for i, r in enumerate(rows):
        cells = "".join(f"<td>{html.escape(_number(r.get(key)))}</td>" for key, _ in ROW_COLUMNS)
        body.append(f'<tr data-row="{i}" class="{html.escape(str(r.get("status", "")))}">'
                    f"{cells}</tr>")
    return (f'<table id="rows" class="display compact"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


def _summary_table(report):
    head = ("<tr><th>solver setting</th><th>rows</th><th>passed</th><th>pass rate</th>"
            "<th>not representable</th><th>median acceleration error</th></tr>")
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(_number(s.get(key)))}</td>"
                         for key in ("solver", "rows", "passed", "pass_rate", "not_representable",
                                     "median_acceleration_error")) + "</tr>"
        for s in report.get("solvers", []))
    return f'<table id="summary" class="display compact"><thead>{head}</thead><tbody>{body}</tbody></table>'


def _settings_list(meta):
    items = "".join(f"<li>{html.escape(str(s))}</li>" for s in meta.get("solvers", []))
    rule = (f"slip floor {meta.get('slip_floor_m_s')} m/s, growth ratio {meta.get('growth_ratio')}, "
            f"final window {meta.get('window_fraction')} of the run, acceleration tolerance "
            f"{meta.get('acceleration_tolerance')} (relative)")
    return f"<p>Judging rule: {html.escape(rule)}.</p><ul id='settings'>{items}</ul>"


GLUE = """
const ROWS = %ROWS%;
const SERIES = %SERIES%;
function esc(text) {
  return String(text).replace(/[&<>"']/g, ch =>
    ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[ch]));
}
function showRow(i) {
  const r = ROWS[i], s = SERIES[i] || {t: [], speed: [], spin: [], slip_speed: []};
  const traces = [{x: s.t, y: s.speed, name: '|v_C| [m/s]', mode: 'lines'},
                  {x: s.t, y: s.spin, name: '|Omega| [rad/s]', mode: 'lines', yaxis: 'y2'}];
  s.slip_speed.forEach((v, c) => traces.push({x: s.t, y: v, mode: 'lines',
                                              name: 'slip speed, contact ' + (c + 1) + ' [m/s]'}));
  Plotly.react('series', traces, {title: esc(r.case + ' / ' + r.solver), height: 380,
    xaxis: {title: 't [s]'}, yaxis: {title: 'speed [m/s]'},
    yaxis2: {title: 'spin [rad/s]', overlaying: 'y', side: 'right'}});
  const keys = Object.keys(r).filter(k => r[k] !== null && r[k] !== '');
  document.getElementById('details').innerHTML = '<table class="details">' + keys.map(k =>
    '<tr><th>' + esc(k) + '</th><td>' + esc(r[k]) + '</td></tr>').join('') + '</table>';
}
$(function () {
  $('#rows').DataTable({paging: false, scrollY: '50vh', scrollCollapse: true, order: []});
  $('#summary').DataTable({paging: false, searching: false, info: false});
  $('#rows tbody').on('click', 'tr', function () { showRow(+this.dataset.row); });
});
"""

STYLE = """
body { font-family: sans-serif; margin: 1.5em; }
tr.fail td { background: #fde0dc; } tr.pass td { background: #e6f4ea; }
table.details th { text-align: left; padding-right: 1em; } #rows tbody tr { cursor: pointer; }
table.dataTable thead th.sorting_asc::after { content: " \\25B2"; }
table.dataTable thead th.sorting_desc::after { content: " \\25BC"; }
"""


def _datatables_css():
    """DataTables' style sheet without its sort-arrow images (files beside the CSS, which a
    self-contained page does not have); the arrows are drawn as text instead (STYLE)."""
    with open(DATATABLES_CSS, encoding="utf-8") as f:
        return re.sub(r"background-image:\s*url\([^)]*\)", "background-image:none", f.read())


def _rounded(value):
    """Numbers to 6 significant digits (the plots' resolution): a smaller page."""
    if isinstance(value, float):
        return float(f"{value:.6g}") if math.isfinite(value) else None
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    return value


def validation_report_html(report_dir, path=None):
    """Writes ``report.html`` (or ``path``) from the folder of ``nsdkit validate`` / ``--score``
    (report.json, report_meta.json, series.json and maps/). Returns the path written."""
    go, _, offline = _plotly()
    try:
        with open(os.path.join(report_dir, "report.json"), encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        raise ValueError(f"report folder '{report_dir}': no readable report.json ({e})") from e
    meta, series = {}, []
    if os.path.exists(os.path.join(report_dir, "report_meta.json")):
        with open(os.path.join(report_dir, "report_meta.json"), encoding="utf-8") as f:
            meta = json.load(f)
    if os.path.exists(os.path.join(report_dir, "series.json")):
        with open(os.path.join(report_dir, "series.json"), encoding="utf-8") as f:
            series = json.load(f)
    rows = report.get("rows", [])
    if series and len(series) != len(rows):
        raise ValueError(f"report folder '{report_dir}': series.json has {len(series)} runs, "
                         f"report.json {len(rows)} rows")
    passed = sum(1 for r in rows if r.get("status") == "pass")
    scripts = "".join(f"<script>{open(p, encoding='utf-8').read()}</script>"
                      for p in (JQUERY_JS, DATATABLES_JS))
    data = {"ROWS": _script_json(rows), "SERIES": _script_json(_rounded(series))}
    glue = re.sub(r"%(ROWS|SERIES)%", lambda m: data[m.group(1)], GLUE)
    page = "\n".join([
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>nsdkit validation report</title>",
        f"<style>{_datatables_css()}{STYLE}</style>",
        f"<script>{offline.get_plotlyjs()}</script>", scripts, "</head><body>",
        "<h1>nsdkit validation report</h1>",
        f"<p id='totals'>{len(rows)} rows, {passed} passed.</p>",
        "<h2>Summary per solver setting</h2>", _summary_table(report),
        "<h2>Maps</h2>", *_map_figures(report_dir, report, go),
        "<h2>Rows</h2><p>Click a row for the run's time series and details.</p>",
        _rows_table(rows), "<div id='series'></div><div id='details'></div>",
        "<h2>Settings and their reasons</h2>", _settings_list(meta),
        f"<script>{glue}</script>", "</body></html>"])
    target = path or os.path.join(report_dir, "report.html")
    _write_output(target, page)
    return target


def _ball_trough_extras(summary_path):
    """Special points (90) and the edge of maximum acceleration (91) of the paper's ball, from
    the summary.json of `nsdkit ball-trough` (as Fig. 11 draws them)."""
    with open(summary_path, encoding="utf-8") as f:
        summary = json.load(f)
    mu, j = summary["mu"], summary["inertia_ratio"]
    sv = summary["special_values_closed_form"]
    points = {f"(0, 0, {name}) = {sv[name]:.4f}": (0.0, 0.0, sv[name])
              for name in ("m_z1", "m_z2", "m_z3")}
    lo, hi = summary["max_acceleration_edge_mz"]
    d = mu * (1 + 2 * j)
    edge = [(d - mu * mz, -d - mu * mz, mz) for mz in (lo + (hi - lo) * k / 20 for k in range(21))]
    title = (f"Stability body of the ball in the trough (mu = {mu}, j = {j}): realizable "
             "two-point rolling, Fig. 11")
    return points, {"edge of maximum acceleration (91)": edge}, title


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
        points, edges, title = (None, None, args.title)
        if args.summary:
            points, edges, title = _ball_trough_extras(args.summary)
        axes = args.axes.split(",")
        if len(axes) != 3:
            raise ValueError(f"--axes {_quote(args.axes)} must name three coordinates")
        print(stability_body_html(mesh, args.output, axes, points, edges, title, conditions))
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
