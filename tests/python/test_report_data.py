"""nsdkit.report_data: the report pages' compact frames and map boundaries, each checked against
an independent computation (run by ctest with the other Python tests)."""
import base64
import zlib

import numpy as np
import pytest

from nsdkit import report_data


def decode(entry, frames, channels):
    """The inverse of _encoded_frames, written out here as the browser's series.js does it."""
    deltas = np.frombuffer(zlib.decompress(base64.b64decode(entry["data"])), dtype="<u2")
    q = np.cumsum(deltas.reshape(channels, frames).astype(np.int64), axis=1) % 65536
    out = np.full((channels, frames), np.nan)
    for c in range(channels):
        if entry["lo"][c] is None:
            continue
        ok = q[c] != 65535
        out[c, ok] = entry["lo"][c] + (entry["hi"][c] - entry["lo"][c]) * q[c, ok] / 65534
    return out.T


def test_frames_come_back_within_half_a_quantum_and_nan_stays_nan():
    rng = np.random.default_rng(7)
    frames = 200
    t = np.linspace(0.0, 0.4, frames)
    block = np.stack([t, 0.3 * t ** 2, np.sin(40 * t), rng.normal(size=frames) * 1e-3,
                      np.full(frames, np.nan), np.full(frames, 2.5)], axis=1).astype("<f4")
    block[17, 3] = np.nan  # one missing value in a channel
    entry = report_data._encoded_frames(block)
    back = decode(entry, frames, block.shape[1])
    finite = np.isfinite(block)
    assert np.array_equal(np.isfinite(back), finite)
    span = np.nanmax(block, axis=0) - np.nanmin(block, axis=0)
    # Half a quantum of each channel's range, plus float32 rounding of the inputs.
    with np.errstate(all="ignore"):
        bound = np.nan_to_num(0.5 * span / 65534 + 1e-6 * np.nanmax(np.abs(block), axis=0))
    err = np.where(finite, np.abs(back - block), 0.0)
    assert np.all(err <= bound + 1e-12), (err.max(axis=0), bound)
    assert back[5, 5] == pytest.approx(2.5)  # a constant channel is exact


def test_compact_frames_are_smaller_than_float32():
    t = np.linspace(0.0, 0.2, 200)
    block = np.stack([t] + [np.cos(k * t) for k in range(1, 26)], axis=1).astype("<f4")
    entry = report_data._encoded_frames(block)
    assert len(entry["data"]) < 0.5 * block.nbytes


def test_boundary_of_a_half_plane_on_a_grid():
    # Points (i, j), i, j = 0..3, labelled by i + j <= 3: the boundary is the staircase between
    # the cells, 3 vertical and 3 horizontal unit segments midway between the points.
    xs, ys, labels = [], [], []
    for i in range(4):
        for j in range(4):
            xs.append(float(i)), ys.append(float(j)), labels.append("in" if i + j <= 3 else "out")
    segments = report_data.region_boundary(xs, ys, labels)
    vertical = sorted(s for s in segments if s[0] == s[2])
    horizontal = sorted(s for s in segments if s[1] == s[3])
    assert len(vertical) == 3 and len(horizontal) == 3
    assert vertical == [(0.5, 2.5, 0.5, 3.5), (1.5, 1.5, 1.5, 2.5), (2.5, 0.5, 2.5, 1.5)]
    assert horizontal == [(0.5, 2.5, 1.5, 2.5), (1.5, 1.5, 2.5, 1.5), (2.5, 0.5, 3.5, 0.5)]


def test_markdown_section_keeps_the_text_and_escapes_it():
    markdown = ("# title\n\n## How rows are judged (one rule)\n\n- a `code` rule with **bold**\n"
                "- names like a\\_b &lt;script&gt;\n\n## Next\n\n- not this\n")
    html = report_data.markdown_section(markdown, "How rows are judged")
    assert "<li>a <code>code</code> rule with <strong>bold</strong></li>" in html
    assert "a_b &lt;script&gt;" in html and "<script>" not in html
    assert "not this" not in html


def test_failure_causes_group_reasons_without_their_numbers():
    rows = [{"status": "fail", "solver": "a", "reason": "sank 1.82 mm into a plane"},
            {"status": "fail", "solver": "a", "reason": "sank 2.5 mm into a plane"},
            {"status": "fail", "solver": "b", "reason": "observed SR (slip 0.1), expected RR"},
            {"status": "pass", "solver": "b", "reason": ""}]
    causes = report_data.failure_causes(rows)
    assert causes == {"sank # mm into a plane": {"a": 2},
                      "final mode differs from Def 11 / Def 9": {"b": 1}}
