"""The figures of analysis/plot_ball_trough.py explain themselves (issue 48): run on a main-job
output (`nsdkit ball-trough --grid 5`), each figure has a legend naming every surface and marker,
a title with mu and j as summary.json gives them, and twice the former resolution; the picture of
the physical system puts P+, P- and the normals where eq. (68) does.

The legend labels and titles are read from figures.json, which the script writes from the
matplotlib objects it saved (Legend.get_texts(), Axes.get_title()); the pixel sizes are read back
from the PNG files themselves.

Environment: NSDKIT_CLI (the nsdkit executable), NSDKIT_FIGURES_WORK (scratch folder).
"""
import json
import os
import shutil
import subprocess
import sys

import matplotlib.image
import numpy as np
import pytest

CLI = os.environ.get("NSDKIT_CLI", "")
WORK = os.environ.get("NSDKIT_FIGURES_WORK", "/tmp/nsdkit_figures_work")
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ANALYSIS = os.path.join(SOURCE, "analysis")
OLD_SIZE_PX = (770, 660)  # the figures before issue 48: 7 x 6 in at 110 dpi
FIGURES = ("fig10_planes_and_surface.png", "fig11_realizable_body.png", "cross_sections.png",
           "physical_system.png")

pytestmark = pytest.mark.skipif(not CLI, reason="NSDKIT_CLI not set")


@pytest.fixture(scope="module")
def output():
    """A main-job output folder with the figures drawn: (folder, summary, figures.json)."""
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    folder = os.path.join(WORK, "ball_trough")
    subprocess.run([CLI, "ball-trough", "--grid", "5", "--output-dir", folder], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, os.path.join(ANALYSIS, "plot_ball_trough.py"), folder],
                   check=True)
    with open(os.path.join(folder, "summary.json")) as f:
        summary = json.load(f)
    with open(os.path.join(folder, "figures.json"), encoding="utf-8") as f:
        record = json.load(f)
    return folder, summary, record


@pytest.mark.parametrize("name", FIGURES)
def test_resolution_is_twice_the_old(output, name):
    folder, _, record = output
    height, width = matplotlib.image.imread(os.path.join(folder, name)).shape[:2]
    # at least twice the old size in each direction, no tolerance: sizes are whole pixels
    assert width >= 2 * OLD_SIZE_PX[0] and height >= 2 * OLD_SIZE_PX[1], (name, width, height)
    assert record[name]["size_px"] == [width, height]  # the sidecar describes the saved file


@pytest.mark.parametrize("name", FIGURES)
def test_title_gives_mu_and_j(output, name):
    _, summary, record = output
    title = record[name]["title"]
    assert f"μ = {summary['mu']:g}" in title or f"μ = μ+ = μ- = {summary['mu']:g}" in title, title
    assert f"j = {summary['inertia_ratio']:g}" in title, title


@pytest.mark.parametrize("name", FIGURES[:3])
def test_torque_axes_are_defined(output, name):
    """The dimensionless torque of eq. (79) is defined on the figure (title line)."""
    _, _, record = output
    assert "√2 M_e / (m g r)" in record[name]["title"] and "(79)" in record[name]["title"]


def test_fig10_legend_names_planes_and_both_sheets(output):
    legend = output[2]["fig10_planes_and_surface.png"]["legend"]
    assert any("planes (82)-(83)" in t for t in legend), legend
    assert any("upper sheet" in t and "(88)" in t for t in legend), legend
    assert any("lower sheet" in t and "(88)" in t for t in legend), legend


def test_fig11_legend_names_conditions_points_and_edge(output):
    _, summary, record = output
    legend = record["fig11_realizable_body.png"]["legend"]
    for condition in ("SS", "RS", "SR"):
        assert any(t.startswith(condition + " ") for t in legend), (condition, legend)
    for name, value in summary["special_values_closed_form"].items():
        assert any(f"(0, 0, {name})" in t and f"{value:.4f}" in t for t in legend), (name, legend)
    assert any("edge of maximum acceleration" in t for t in legend), legend


def test_cross_sections_legend_spells_out_every_label(output):
    """Each escape label drawn (e.g. RS|SR|SS) has a legend entry saying what it means."""
    folder, _, record = output
    legend = record["cross_sections.png"]["legend"]
    labels = set()
    for key in ("0", "mz1", "mz2", "0.97mz3"):
        with open(os.path.join(folder, f"section_{key}.csv")) as f:
            rows = [line.split(",") for line in f if not line.startswith("#")][1:]
        labels |= {r[4] for r in rows if r[0] == "grid"}
    assert labels, "no grid points in the sections"
    for label in labels:
        entry = next((t for t in legend if t.startswith(label + ":")), None)
        assert entry is not None, (label, legend)
        if "|" in label:
            assert " or ".join(label.split("|")) in entry, entry
    assert any(t.startswith("boundary") for t in legend), legend


def test_physical_system_places_contacts_as_eq_68():
    """Right-angle trough: n+ = j, n- = i, P+ = -r j, P- = -r i (eq. (68)), with the upward
    vertical (i + j)/sqrt2 drawn up; so P+ lies down-right of the centre, P- down-left."""
    sys.path.insert(0, ANALYSIS)
    try:
        from plot_physical_system import contact_geometry
    finally:
        sys.path.remove(ANALYSIS)
    g = contact_geometry(90.0, radius=1.0)
    np.testing.assert_allclose(g["n+"], g["j"], atol=1e-12)
    np.testing.assert_allclose(g["n-"], g["i"], atol=1e-12)
    np.testing.assert_allclose(g["P+"], -g["j"], atol=1e-12)
    np.testing.assert_allclose(g["P-"], -g["i"], atol=1e-12)
    np.testing.assert_allclose(g["i"] + g["j"], [0.0, np.sqrt(2)], atol=1e-12)  # up
    assert g["P+"][0] > 0 > g["P-"][0] and g["P+"][1] < 0 and g["P-"][1] < 0


def test_physical_system_legend_names_each_element(output):
    legend = output[2]["physical_system.png"]["legend"]
    for needed in ("P+", "P-", "gravity", "torque axes x, y, z", "M_e"):
        assert any(needed in t for t in legend), (needed, legend)
