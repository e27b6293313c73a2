"""The validation report as pages: ``report.html`` (leaderboard, judging rules, summary, failure
causes, confusion tables, maps over the realizable sets, the rows with their time series and the
analytic reference) and ``replay.html`` (a row's run in 3-D), both opening offline from the report
folder. Their scripts and data are files in ``<report folder>/report_files/``: plotly's minified
cartesian bundle (engines/web/report-assets, npm; Debian's unminified plotly.js when it is not
installed), jQuery and DataTables (Debian), three.js (Debian's libjs-three), the page scripts
(report_assets/) and the data (data.js, series_index.js, chunks/*.js).
"""
import html
import os
import re
import stat

try:
    from . import report_data as data
    from .page_io import _PlotlyMissing, _checked_target, _quote, _script_json, _write_output
except ImportError:
    import report_data as data
    from page_io import _PlotlyMissing, _checked_target, _quote, _script_json, _write_output

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE_ASSETS = os.path.join(HERE, "report_assets")
JQUERY_JS = "/usr/share/javascript/jquery/jquery.min.js"
DATATABLES_JS = "/usr/share/javascript/jquery-datatables/jquery.dataTables.min.js"
DATATABLES_CSS = "/usr/share/javascript/jquery-datatables/css/jquery.dataTables.min.css"
THREE_JS = "/usr/share/javascript/three/three.min.js"
ORBIT_JS = "/usr/share/javascript/three/examples/js/controls/OrbitControls.js"
DEBIAN_PLOTLY_JS = "/usr/share/python3-plotly/plotly.js"
PLOTLY_MIN_IN_PACKAGE = os.path.join("node_modules", "plotly.js-cartesian-dist-min",
                                     "plotly-cartesian.min.js")
FILES = "report_files"
# Scripts only the replay needs: without them report.html is whole and replay.html says why it
# cannot draw.
OPTIONAL_ASSETS = {"three.min.js": "three.js (Debian: libjs-three)",
                   "OrbitControls.js": "three.js's OrbitControls (Debian: libjs-three)"}


def plotly_script():
    """plotly.js for the report: the minified cartesian bundle of engines/web/report-assets
    ($NSDKIT_WEB_ENGINES_DIR, else the source tree or installed prefix above this file:
    <checkout>/engines/web or <prefix>/share/nsdkit/engines/web), else Debian's full build."""
    roots = [os.environ.get("NSDKIT_WEB_ENGINES_DIR", "")]
    folder = HERE
    for _ in range(6):
        folder = os.path.dirname(folder)
        roots += [os.path.join(folder, "engines", "web"),
                  os.path.join(folder, "share", "nsdkit", "engines", "web")]
    for root in roots:
        candidate = os.path.join(root, "report-assets", PLOTLY_MIN_IN_PACKAGE)
        if root and os.path.isfile(candidate):
            return candidate
    if os.path.isfile(DEBIAN_PLOTLY_JS):
        return DEBIAN_PLOTLY_JS
    raise _PlotlyMissing("the report page needs plotly.js: run ./nsdkit.sh deps (npm "
                         "plotly.js-cartesian-dist-min) or install Debian's python3-plotly")


def _files_folder(report_dir):
    """<report>/report_files, created; a link or a non-folder there is refused."""
    folder = os.path.join(report_dir, FILES)
    try:
        st = os.lstat(folder)
    except FileNotFoundError:
        os.mkdir(folder)
        return folder
    if not stat.S_ISDIR(st.st_mode):
        raise ValueError(f"report folder: {_quote(folder)} exists and is not a folder")
    return folder


def _read_assets():
    """The static scripts and style sheets by their name in report_files/, read (a missing one
    is refused before anything is written)."""
    sources = {"plotly.min.js": plotly_script(), "jquery.min.js": JQUERY_JS,
               "datatables.min.js": DATATABLES_JS, "three.min.js": THREE_JS,
               "OrbitControls.js": ORBIT_JS, "datatables.css": DATATABLES_CSS}
    for name in ("report.js", "replay.js", "series.js", "report.css"):
        sources[name] = os.path.join(PAGE_ASSETS, name)
    texts = {}
    for name, source in sources.items():
        try:
            with open(source, encoding="utf-8") as f:
                texts[name] = f.read()
        except OSError as e:
            if name in OPTIONAL_ASSETS:  # the replay says what is missing; the report stands
                texts[name] = (f"window.NSD_MISSING = (window.NSD_MISSING || []).concat("
                               f"{_script_json(OPTIONAL_ASSETS[name])});\n")
                continue
            raise ValueError(f"report page: {_quote(source)} is missing ({e.strerror}); "
                             "./nsdkit.sh deps installs it") from None
    if "NSD_MISSING" in texts["three.min.js"]:  # OrbitControls extends three.js
        texts["OrbitControls.js"] = "// three.js is missing: see three.min.js\n"
    # DataTables' style sheet without its sort-arrow images (drawn as text by report.css).
    texts["datatables.css"] = re.sub(r"background-image:\s*url\([^)]*\)",
                                     "background-image:none", texts["datatables.css"])
    return texts


def _page_data(report_dir, report, meta, markdown):
    """Everything the pages show, read and checked before anything is written: (series index,
    chunks, data of report.html)."""
    rows = report.get("rows", [])
    index, chunks = data.series_chunks(report_dir, rows)
    index["chunk_rows"] = data.CHUNK_ROWS
    page_data = {
        "columns": [[k, t] for k, t in data.BASE_COLUMNS],
        "metric_columns": data.metric_columns(),
        "rows": data.table_rows(rows),
        "solvers": report.get("solvers", []),
        "leaderboard": report.get("leaderboard", []),
        "skipped": report.get("skipped_solvers", []),
        "maps": data.maps_data(report_dir, report),
        "causes": data.failure_causes(rows),
        "rules_html": data.markdown_section(markdown, "How rows are judged"),
        "settings_html": data.markdown_section(markdown, "Settings"),
        "judge": {k: meta.get(k) for k in ("slip_floor_m_s", "growth_ratio", "window_fraction",
                                           "acceleration_tolerance")},
    }
    return index, chunks, page_data


def _write_data(folder, index, chunks, page_data):
    os.makedirs(os.path.join(folder, "chunks"), exist_ok=True)
    for k, chunk in enumerate(chunks):
        _write_output(os.path.join(folder, "chunks", f"{k:04d}.js"),
                      f"nsdChunkLoaded({k}, {_script_json(chunk)});\n")
    _write_output(os.path.join(folder, "series_index.js"),
                  f"window.NSD_SERIES = {_script_json(index)};\n")
    _write_output(os.path.join(folder, "data.js"), f"window.NSD = {_script_json(page_data)};\n")


def _scripts(prefix, names):
    return "".join(f"<script src='{html.escape(prefix)}/{n}'></script>" for n in names)


def _index_page(prefix, base, rows, has_markdown):
    passed = sum(1 for r in rows if r.get("status") == "pass")
    href = lambda name: html.escape(f"{base}/{name}" if base != "." else name)
    links = (f"<a href='{href('report.md')}'>report.md</a> · " if has_markdown else "") + \
        f"<a href='{href('report.json')}'>report.json</a>"
    return "\n".join([
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        "<title>nsdkit validation report</title>",
        f"<link rel='stylesheet' href='{html.escape(prefix)}/datatables.css'>",
        f"<link rel='stylesheet' href='{html.escape(prefix)}/report.css'>",
        _scripts(prefix, ["plotly.min.js", "jquery.min.js", "datatables.min.js", "data.js",
                          "series_index.js", "series.js", "report.js"]),
        "</head><body>",
        "<h1>nsdkit validation report</h1>",
        f"<p id='totals'>{len(rows)} rows, {passed} passed. The same report as text: {links}."
        " Every engine setting is judged by one rule (below); a row's run is shown as time "
        "series beside its analytic reference and can be replayed in 3-D.</p>",
        "<nav><a href='#leaderboard'>Leaderboard</a> <a href='#rules'>Judging rules</a> "
        "<a href='#summary'>Solvers</a> <a href='#causes'>Failure causes</a> "
        "<a href='#confusion'>Confusion tables</a> <a href='#maps'>Maps</a> "
        "<a href='#rows-section'>Rows</a> <a href='#settings'>Settings</a></nav>",
        "<div id='skipped'></div>",
        "<h2 id='leaderboard'>Leaderboard: passed of judged rows, per solver setting and family"
        "</h2><div id='leaderboard-table'></div>",
        "<h2 id='rules'>How rows are judged</h2><div id='rules-text'></div>",
        "<h2 id='summary'>Solvers</h2><div id='summary-table'></div>",
        "<h2 id='causes'>Failure causes (failing rows per solver setting)</h2>"
        "<div id='causes-table'></div>",
        "<h2 id='confusion'>Confusion tables (rows: expected; columns: observed)</h2>"
        "<div id='confusion-tables'></div>",
        "<h2 id='maps'>Maps: observed mode over the analytic regions</h2>"
        "<div id='map-plots'></div>",
        "<h2 id='rows-section'>Rows</h2><p>Choose a family for its measured quantities (with "
        "units); click a row for its time series, its details and its 3-D replay.</p>"
        "<div id='family-buttons'></div><table id='rows' class='display compact'></table>",
        "<div id='row-panel'><div id='series'></div><p id='replay-link'></p>"
        "<div id='details'></div></div>",
        "<h2 id='settings'>Settings and their reasons</h2><div id='settings-text'></div>",
        "</body></html>"])


REPLAY_PAGE = """<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>
<title>nsdkit replay</title><link rel='stylesheet' href='{prefix}/report.css'>
{scripts}</head><body class='replay'>
<div id='replay-head'><a href='{index}'>report</a> · <span id='replay-title'></span></div>
<div id='replay-status'></div>
<div id='replay-view'></div>
<div id='replay-controls'><button id='play' type='button'>play</button>
<input id='timeline' type='range' min='0' max='0' value='0' step='1'>
<span id='clock'></span></div>
<div id='replay-legend'></div><div id='replay-readout'></div>
</body></html>
"""


def validation_report_html(report_dir, path=None):
    """Writes ``report.html`` (or ``path``) and ``replay.html`` from the folder of
    ``nsdkit validate`` / ``--score`` (report.json, report_meta.json, report.md, series.bin with
    series_index.json, maps/), their scripts and data into ``<folder>/report_files``. Returns
    the path of the report page."""
    report = data.read_json(os.path.join(report_dir, "report.json"), "report.json")
    if not isinstance(report, dict) or not isinstance(report.get("rows", []), list):
        raise ValueError(f"report folder '{report_dir}': report.json has no list of rows")
    meta = data.read_json(os.path.join(report_dir, "report_meta.json"), "report_meta.json",
                          required=False) or {}
    markdown = ""
    if os.path.isfile(os.path.join(report_dir, "report.md")):
        with open(os.path.join(report_dir, "report.md"), encoding="utf-8") as f:
            markdown = f.read()
    target = path or os.path.join(report_dir, "report.html")
    _checked_target(target)  # a refused page or report leaves the folder as it was
    _checked_target(os.path.join(report_dir, "replay.html"))
    index, chunks, page_data = _page_data(report_dir, report, meta, markdown)
    assets = _read_assets()
    folder = _files_folder(report_dir)
    for name, text in assets.items():
        _write_output(os.path.join(folder, name), text)
    _write_data(folder, index, chunks, page_data)
    rows = report.get("rows", [])
    page_dir = os.path.dirname(os.path.abspath(target))
    prefix = os.path.relpath(os.path.abspath(folder), page_dir).replace(os.sep, "/")
    replay_prefix = FILES
    replay = REPLAY_PAGE.format(
        prefix=replay_prefix, index=html.escape(os.path.relpath(
            os.path.abspath(target), os.path.abspath(report_dir)).replace(os.sep, "/")),
        scripts=_scripts(replay_prefix, ["three.min.js", "OrbitControls.js", "series_index.js",
                                         "series.js", "replay.js"]))
    _write_output(os.path.join(report_dir, "replay.html"), replay)
    base = os.path.relpath(os.path.abspath(report_dir), page_dir).replace(os.sep, "/")
    page = _index_page(prefix, base, rows, bool(markdown))
    replay_href = os.path.relpath(os.path.join(os.path.abspath(report_dir), "replay.html"),
                                  page_dir).replace(os.sep, "/")
    page = page.replace("</head>", f"<script>window.NSD_REPLAY_PAGE = {_script_json(replay_href)};"
                        "</script></head>", 1)
    _write_output(target, page)
    return target

