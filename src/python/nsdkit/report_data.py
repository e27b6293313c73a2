"""The data of the validation report's pages, read from the folder `nsdkit validate` writes.

- the rows as a compact table (the columns the page shows, per family its metrics with units);
- each run's frames (series.bin, described by series_index.json) as chunk scripts the pages load
  on demand: per row, each channel quantized to 16 bits over its own range (65535: not a number),
  differenced along time and deflate-compressed (the browser inflates them with
  DecompressionStream); 1/65534 of a channel's range is far below what a plot or a replay shows;
- the maps with the boundary of Def 11's (Def 9's) regions between grid points;
- the sections of report.md the page shows as they are (judging rules, settings and reasons).
"""
import base64
import csv
import html
import json
import os
import re
import zlib

try:
    from .page_io import _quote
except ImportError:
    from page_io import _quote

# The table's columns: (key in report.json's rows, title with unit).
BASE_COLUMNS = [("case", "case"), ("solver", "solver setting"), ("step_s", "h [s]"),
                ("expected", "expected"), ("observed", "observed"), ("status", "status"),
                ("reason", "reason"), ("run_notes", "run notes")]
# Each family's measured quantities (report.json keys) with their units.
FAMILY_METRICS = {
    "trough": [("acceleration", "dv/dt [m/s²]"), ("acceleration_error", "accel. error [-]"),
               ("slip_plus", "slip P+ [m/s]"), ("slip_minus", "slip P- [m/s]"),
               ("rolling_onset", "rolling onset [s]"), ("final_speed", "final speed [m/s]")],
    "incline": [("acceleration", "dv/dt [m/s²]"), ("acceleration_error", "accel. error [-]"),
                ("spin", "spin [rad/s]"), ("spin_error", "spin error [-]"),
                ("drilling_spin", "drilling spin [rad/s]")],
    "launch": [("rolling_onset", "rolling onset [s]"), ("onset_error", "onset error [-]"),
               ("final_speed", "final speed [m/s]"), ("final_speed_error", "speed error [-]"),
               ("heading_drift_deg", "heading drift [deg]")],
    "creep": [("creep_speed", "creep speed [m/s]"),
              ("rest_displacement_m", "displacement [m]")],
    "block": [("stop_distance", "stop distance [m]"), ("stop_distance_error", "distance error [-]"),
              ("stop_time", "stop time [s]"), ("stop_time_error", "time error [-]")],
    "rattleback": [("mean_spin_reversal_time", "spin reversal [s]"),
                   ("turned_angle", "turned angle [rad]"),
                   ("spin_after_reversal", "spin after reversal [rad/s]")],
}
COMMON_METRICS = [("friction_ratio_max", "max |F_t|/N needed [-]"),
                  ("max_penetration_m", "max penetration [m]")]
CHUNK_ROWS = 64  # rows per chunk script: a few hundred kB each


def metric_columns():
    """Every metric column once: (key, title, families showing it)."""
    out = {}
    for family, metrics in FAMILY_METRICS.items():
        for key, title in metrics:
            out.setdefault(key, [title, []])[1].append(family)
    for key, title in COMMON_METRICS:
        out[key] = [title, list(FAMILY_METRICS)]
    return [(key, title, families) for key, (title, families) in out.items()]


def _cell(value):
    if isinstance(value, float):
        return float(f"{value:.6g}")
    if isinstance(value, list):  # a row's run notes (reports before them have none)
        return "; ".join(str(v) for v in value)
    return value


def table_rows(rows):
    """report.json's rows as arrays in the order of BASE_COLUMNS then metric_columns()."""
    keys = [k for k, _ in BASE_COLUMNS] + [k for k, _, _ in metric_columns()]
    return [[_cell(r.get(k)) for k in keys] + [r.get("family", "")] for r in rows]


def read_json(path, what, required=True):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        if required:
            raise ValueError(f"report folder: no {what} ({_quote(path)})") from None
        return None
    except (OSError, ValueError) as e:
        raise ValueError(f"report folder: {what} {_quote(path)} is not readable JSON ({e})") \
            from None


# ---- series.bin -> chunk scripts ----------------------------------------------------------

def _encoded_frames(block):
    """One row's frames (frames x channels, float32) as base64 of deflated 16-bit deltas,
    with each channel's range (None: the channel has no finite value)."""
    import numpy as np
    finite = np.isfinite(block)
    lo = np.where(finite, block, np.inf).min(axis=0)
    hi = np.where(finite, block, -np.inf).max(axis=0)
    has = finite.any(axis=0)
    lo = np.where(has, lo, 0.0).astype(np.float64)
    hi = np.where(has, hi, 0.0).astype(np.float64)
    span = np.where(hi > lo, hi - lo, 1.0)
    with np.errstate(invalid="ignore"):
        q = np.rint((block - lo) / span * 65534.0)
    q = np.where(finite, q, 65535.0).astype(np.int64).T  # channel-major
    deltas = (np.diff(q, axis=1, prepend=0) % 65536).astype("<u2")
    data = base64.b64encode(zlib.compress(deltas.tobytes(), 9)).decode("ascii")
    as_list = lambda a: [float(f"{v:.9g}") if h else None for v, h in zip(a, has)]
    return {"lo": as_list(lo), "hi": as_list(hi), "data": data}


def series_chunks(report_dir, rows):
    """(index, chunks): index = {channels, rows: [[chunk, frames, contacts, case]]}, scenes by
    case; chunks = list of lists of {row, details, frames, contacts, lo, hi, data}. Without
    series.bin (a folder of an older nsdkit) every row has no frames."""
    index = read_json(os.path.join(report_dir, "series_index.json"), "series_index.json",
                      required=False)
    entries = (index or {}).get("rows", [])
    if index is not None and len(entries) != len(rows):
        raise ValueError(f"report folder '{report_dir}': series_index.json has {len(entries)} "
                         f"rows, report.json {len(rows)}")
    values = None
    if index is not None:
        import numpy as np
        values = np.fromfile(os.path.join(report_dir, "series.bin"), dtype="<f4")
    channels = (index or {}).get("channels", {"frame": [], "contact": []})
    per_frame, per_contact = len(channels["frame"]), len(channels["contact"])
    chunks, row_index = [], []
    for i, row in enumerate(rows):
        if i % CHUNK_ROWS == 0:
            chunks.append([])
        entry = {"row": i, "details": row, "frames": 0, "contacts": 0}
        if i < len(entries) and entries[i]["frames"] > 0:
            e = entries[i]
            width = per_frame + per_contact * e["contacts"]
            end = e["offset"] + e["frames"] * width
            if e["offset"] < 0 or end > len(values):
                raise ValueError(f"report folder '{report_dir}': series.bin is shorter than "
                                 f"series_index.json says (row {i})")
            block = values[e["offset"]:end].reshape(e["frames"], width)
            entry.update(frames=e["frames"], contacts=e["contacts"], **_encoded_frames(block))
        chunks[-1].append(entry)
        row_index.append([len(chunks) - 1, entry["frames"], entry["contacts"],
                          row.get("case", "")])
    scenes = (index or {}).get("scenes", {})
    return {"channels": channels, "rows": row_index, "scenes": scenes}, chunks


# ---- maps ------------------------------------------------------------------------------

def map_path(report_dir, name):
    """A map file of the report: a relative path inside the report folder (a report.json naming
    another file is refused)."""
    name = str(name)
    if os.path.isabs(name) or ".." in name.replace("\\", "/").split("/"):
        raise ValueError(f"report folder: map file {_quote(name)} is not inside the folder")
    return os.path.join(report_dir, name)


def read_map(path):
    with open(path, newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines))


def _cell_edges(u):
    """The edges of each grid value's cell: midway to its neighbours (half a step outwards at
    the ends)."""
    if len(u) == 1:
        return [(u[0], u[0])]
    mids = [0.5 * (a + b) for a, b in zip(u, u[1:])]
    lows = [u[0] - (mids[0] - u[0])] + mids
    highs = mids + [u[-1] + (u[-1] - mids[-1])]
    return list(zip(lows, highs))


def region_boundary(xs, ys, labels):
    """Segments (x0, y0, x1, y1) between grid neighbours whose expected labels differ: the
    boundary of the expected regions on the grid, drawn midway between the points."""
    ux, uy = sorted(set(xs)), sorted(set(ys))
    ix, iy = {v: k for k, v in enumerate(ux)}, {v: k for k, v in enumerate(uy)}
    ex, ey = _cell_edges(ux), _cell_edges(uy)
    at = {(ix[x], iy[y]): label for x, y, label in zip(xs, ys, labels)}
    segments = []
    for (i, j), label in sorted(at.items()):
        right, up = at.get((i + 1, j)), at.get((i, j + 1))
        if right is not None and right != label:
            segments.append((ex[i][1], ey[j][0], ex[i][1], ey[j][1]))
        if up is not None and up != label:
            segments.append((ex[i][0], ey[j][1], ex[i][1], ey[j][1]))
    return segments


def maps_data(report_dir, report):
    """The trough and incline maps as points (x, y, expected, observed, agrees) with the
    boundary segments of the expected regions; the launch maps as drift curves."""
    out = []
    for m in report.get("maps", []):
        rows = read_map(map_path(report_dir, m["file"]))
        out.append(_grid_map(rows, "m_x", "m_y", "m_x [-]", "m_y [-]",
                             f"{m['solver']}: trough section {m['section']} "
                             f"(m_z = {float(m['m_z']):.4g}), agreement "
                             f"{100 * float(m['agreement']):.1f} %", "Def 11", True))
    for m in report.get("family_maps", []):
        rows = read_map(map_path(report_dir, m["file"]))
        if m.get("family") == "incline":
            out.append(_grid_map(rows, "mu", "slope_deg", "mu [-]", "slope [deg]",
                                 f"{m['solver']}: sphere at rest on an incline, agreement "
                                 f"{100 * float(m['agreement']):.1f} %", "Def 9"))
        else:
            out.append({"kind": "curve", "title": f"{m['solver']}: launch heading drift",
                        "x": [float(r["heading_deg"]) for r in rows],
                        "y": [float(r["drift_deg"]) for r in rows],
                        "x_title": "launch heading [deg]", "y_title": "heading drift [deg]"})
    return out


def _grid_map(rows, x_key, y_key, x_title, y_title, title, definition, equal_axes=False):
    xs = [float(r[x_key]) for r in rows]
    ys = [float(r[y_key]) for r in rows]
    expected = [r["expected"] for r in rows]
    return {"kind": "grid", "title": title, "definition": definition, "x": xs, "y": ys,
            "expected": expected, "observed": [r["observed"] for r in rows],
            "agrees": [r["agrees"] == "1" for r in rows], "x_title": x_title,
            "y_title": y_title, "boundary": region_boundary(xs, ys, expected),
            "equal_axes": equal_axes}


# ---- report.md's sections as HTML ----------------------------------------------------------

def _inline(text):
    """Markdown inline text as HTML: report.md's escapes undone, then escaped for HTML; `code`
    and **bold**."""
    text = html.unescape(re.sub(r"\\([\\`*_{}\[\]()#+\-.!|<>&])", r"\1", text))
    out = html.escape(text)
    out = re.sub(r"`([^`]*)`", r"<code>\1</code>", out)
    return re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", out)


def markdown_section(markdown, heading):
    """The section of report.md under `## heading...` as HTML (bullets, tables, paragraphs);
    '' when absent."""
    lines, inside = [], False
    for line in markdown.splitlines():
        if line.startswith("## "):
            inside = line[3:].startswith(heading)
            continue
        if inside:
            lines.append(line)
    out, table = [], []
    for line in lines + [""]:
        if line.startswith("|"):
            table.append([c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]])
            continue
        if table:
            head, body = table[0], [r for r in table[1:] if not set("".join(r)) <= set("-: ")]
            out.append("<table class='md'><thead><tr>" +
                       "".join(f"<th>{_inline(c)}</th>" for c in head) + "</tr></thead><tbody>" +
                       "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>"
                               for r in body) + "</tbody></table>")
            table = []
        if line.startswith("- "):
            out.append(f"<li>{_inline(line[2:])}</li>")
        elif line.strip():
            out.append(f"<p>{_inline(line)}</p>")
    text = "".join(out)
    return re.sub(r"((?:<li>.*?</li>)+)", r"<ul>\1</ul>", text)


def failure_causes(rows):
    """Failing rows per solver setting and cause: the reason's first clause without its
    parentheses and numbers ("observed SR (...), expected RR" -> "final mode differs")."""
    table = {}
    for r in rows:
        if r.get("status") != "fail":
            continue
        reason = str(r.get("reason") or "no reason given")
        if reason.startswith("observed "):
            cause = "final mode differs from Def 11 / Def 9"
        else:
            cause = re.sub(r"\([^)]*\)", "", reason.removeprefix("cause: "))
            cause = re.split(r"[;:,]", cause, maxsplit=1)[0]
            cause = re.sub(r"[-+]?\d[\d.e+-]*", "#", cause)
            cause = re.sub(r"\s+", " ", cause).strip() or reason[:40]
        table.setdefault(cause, {}).setdefault(r.get("solver", ""), 0)
        table[cause][r.get("solver", "")] += 1
    return table
