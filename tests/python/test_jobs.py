"""nsdkit.jobs against the CLI: each job run both ways (``nsdkit <command> ...`` and
``nsdkit.jobs.<command>(...)`` with the same options) must write the same files, byte for byte,
and report the same figures. Only what measures the run itself may differ: wall seconds and the
output paths the summaries echo. The HTML pages are compared too: the CLI makes them with
pages.py in a child process, Python in its own interpreter.

Environment: NSDKIT_CLI (the nsdkit executable), NSDKIT_BODIES_DIR (examples/bodies).
"""
import filecmp
import json
import os
import subprocess

import numpy as np
import pytest

import nsdkit

CLI = os.environ.get("NSDKIT_CLI", "")
BODIES = os.environ.get("NSDKIT_BODIES_DIR", "")
pytestmark = pytest.mark.skipif(not CLI or not BODIES, reason="NSDKIT_CLI or NSDKIT_BODIES_DIR unset")

# What describes the run, not its result: removed before the summaries are compared.
RUN_KEYS = {"seconds", "output", "html"}


def run_cli(*args):
    done = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def same_files(left, right, names):
    """Names whose contents differ between the folders (every name must exist in both)."""
    differ = []
    for name in names:
        a, b = os.path.join(left, name), os.path.join(right, name)
        assert os.path.exists(a) and os.path.exists(b), name
        if not filecmp.cmp(a, b, shallow=False):
            differ.append(name)
    return differ


def without_run_keys(summary):
    return {k: v for k, v in summary.items() if k not in RUN_KEYS}


def test_ball_trough_writes_the_same_files(tmp_path):
    cli_dir, py_dir = tmp_path / "cli", tmp_path / "py"
    options = ["--mu", "0.4", "--inertia", "0.5", "--grid", "8", "--threads", "2"]
    run_cli("ball-trough", "--output-dir", str(cli_dir), *options)
    result = nsdkit.jobs.ball_trough(py_dir, mu=0.4, inertia=0.5, grid=8, threads=2)
    files = result["files"]
    assert files[:2] == ["grid_classification.csv", "two_point_slip_surface.csv"]
    assert sorted(files) == sorted(os.listdir(cli_dir))
    # summary.json holds the grid's wall time: every other file must be identical.
    assert same_files(cli_dir, py_dir, [f for f in files if f != "summary.json"]) == []
    cli_summary = json.loads((cli_dir / "summary.json").read_text())
    py_summary = json.loads((py_dir / "summary.json").read_text())
    assert result["summary"] == py_summary
    for summary in (cli_summary, py_summary):
        del summary["grid"]["seconds"]
    assert cli_summary == py_summary
    assert py_summary["mu"] == 0.4 and py_summary["inertia_ratio"] == 0.5
    assert py_summary["grid"]["points"] == 8 ** 3


def test_mesh_of_the_ball_and_of_a_body_file_are_the_same(tmp_path):
    cli_off, py_off = tmp_path / "cli.off", tmp_path / "py.off"
    cli_html, py_html = tmp_path / "cli.html", tmp_path / "py.html"
    printed = run_cli("mesh", "--output", str(cli_off), "--tolerance", "2e-3", "--html",
                      str(cli_html))
    summary = nsdkit.jobs.mesh(py_off, tolerance=2e-3, html=py_html)
    assert filecmp.cmp(cli_off, py_off, shallow=False)
    assert filecmp.cmp(cli_html, py_html, shallow=False)
    assert without_run_keys(json.loads(printed)) == without_run_keys(summary)
    assert summary["route"] == "exact" and summary["html"] == str(py_html)

    body = os.path.join(BODIES, "anisotropic_ball_trough.json")
    cli_ply, py_ply = tmp_path / "cli.ply", tmp_path / "py.ply"
    printed = run_cli("mesh", "--body", body, "--axes", "mx,my,mz", "--fix", "mu=0.35",
                      "--route", "implicit", "--resolution", "10", "--output", str(cli_ply))
    summary = nsdkit.jobs.mesh(py_ply, body=body, axes="mx,my,mz", fix={"mu": 0.35},
                               route="implicit", resolution=10)
    assert filecmp.cmp(cli_ply, py_ply, shallow=False)
    assert without_run_keys(json.loads(printed)) == without_run_keys(summary)
    assert summary["route"] == "implicit" and summary["axes"] == ["mx", "my", "mz"]


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_region_writes_the_same_file(tmp_path, fmt):
    cli_out, py_out = tmp_path / f"cli.{fmt}", tmp_path / f"py.{fmt}"
    run_cli("region", "--mu-plus", "0.25", "--axis", "mx:-1:1:17", "--axis", "my:-1:1:13",
            "--fix", "mz=0.1", "--refine-tol", "1e-3", "--format", fmt, "--output", str(cli_out),
            "--quiet")
    report = nsdkit.jobs.region(["mx:-1:1:17", ("my", -1.0, 1.0, 13)], py_out, mu_plus=0.25,
                                fix=["mz=0.1"], refine_tol=1e-3, format=fmt)
    assert filecmp.cmp(cli_out, py_out, shallow=False)
    assert report["points"] == 17 * 13 and 0 < report["realizable"] < report["points"]
    assert report["boundary_points"] > 0


def test_region_hdf5_and_checkpoint_hold_the_same_sweep(tmp_path):
    h5py = pytest.importorskip("h5py")
    body = os.path.join(BODIES, "anisotropic_ball_trough.json")
    cli_out, py_out = tmp_path / "cli.h5", tmp_path / "py.h5"
    common = ["--axis", "mx:-1:1:11", "--axis", "my:-1:1:9", "--format", "hdf5", "--quiet"]
    run_cli("region", "--body", body, *common, "--output", str(cli_out), "--checkpoint",
            str(tmp_path / "cli_blocks"), "--block-points", "20")
    report = nsdkit.jobs.region(["mx:-1:1:11", "my:-1:1:9"], py_out, body=body, format="hdf5",
                                checkpoint=tmp_path / "py_blocks", block_points=20)
    assert report["blocks_computed"] > 1
    with h5py.File(cli_out, "r") as a, h5py.File(py_out, "r") as b:
        assert dict(a.attrs) .keys() == dict(b.attrs).keys()
        for key in a.attrs:
            assert np.array_equal(a.attrs[key], b.attrs[key]), key
        names = []
        a.visit(names.append)
        for name in names:
            if isinstance(a[name], h5py.Dataset):
                assert np.array_equal(a[name][()], b[name][()]), name


def test_classify_writes_the_same_table(tmp_path):
    rng = np.random.default_rng(47)
    torques = rng.uniform(-1.0, 1.0, size=(40, 3))
    table = tmp_path / "torques.csv"
    table.write_text("mx,my,mz\n" + "".join(f"{a!r},{b!r},{c!r}\n" for a, b, c in torques))
    for method, certify in (("generic", True), ("generic-sampled", False), ("closed-form", False)):
        cli_out, py_out = tmp_path / f"cli_{method}.csv", tmp_path / f"py_{method}.csv"
        run_cli("classify", "--model", "ball-trough", "--input", str(table), "--output",
                str(cli_out), "--method", method, *(["--certify"] if certify else []), "--quiet")
        counts = nsdkit.jobs.classify(table, py_out, model="ball-trough", method=method,
                                      certify=certify)
        assert filecmp.cmp(cli_out, py_out, shallow=False), method
        assert counts["points"] == 40 and 0 < counts["realizable"] < 40
    body = os.path.join(BODIES, "ball_trough.json")
    cli_out, py_out = tmp_path / "cli_body.csv", tmp_path / "py_body.csv"
    run_cli("classify", "--body", body, "--input", str(table), "--output", str(cli_out), "--quiet")
    nsdkit.jobs.classify(table, py_out, body=body)
    assert filecmp.cmp(cli_out, py_out, shallow=False)


def test_body_writes_the_same_files(tmp_path):
    body = os.path.join(BODIES, "wheelset.json")
    run_cli("body", "--body", body, "--output-dir", str(tmp_path / "cli"), "--quiet")
    result = nsdkit.jobs.body(body, tmp_path / "py")
    assert same_files(tmp_path / "cli", tmp_path / "py", ["summary.json", "section.csv"]) == []
    assert result["points"] > 0 and 0 <= result["realizable"] <= result["points"]


def test_friction_jobs_write_the_same_files(tmp_path):
    printed = run_cli("friction", "--model", "pade", "--v", "0.7", "--u", "1.3", "--kr", "0.4",
                      "--beta", "0.3")
    assert json.loads(printed) == nsdkit.jobs.friction("pade", 0.7, 1.3, kr=0.4, beta=0.3)
    exact_cli = json.loads(run_cli("friction", "--model", "exact", "--v", "0.7", "--u", "1.3",
                                   "--pressure", "uniform"))
    exact_py = nsdkit.jobs.friction("exact", 0.7, 1.3, pressure="uniform")
    assert without_run_keys(exact_cli) == without_run_keys(exact_py)

    run_cli("friction-map", "--output-dir", str(tmp_path / "cli"), "--grid", "4")
    counts = nsdkit.jobs.friction_map(tmp_path / "py", grid=4)
    assert same_files(tmp_path / "cli", tmp_path / "py", ["friction_error_map.csv"]) == []
    assert counts["points"] == 3 * (4 * 4 - 1)

    run_cli("heavy-ball", "--t-end", "2", "--dt", "0.05", "--kr", "0.3", "--output",
            str(tmp_path / "cli_ball.csv"))
    ball = nsdkit.jobs.heavy_ball(2.0, tmp_path / "py_ball.csv", dt=0.05, kr=0.3)
    assert filecmp.cmp(tmp_path / "cli_ball.csv", tmp_path / "py_ball.csv", shallow=False)
    assert ball["samples"] >= 41


def test_rattleback_and_rolling_write_the_same_files(tmp_path):
    run_cli("rattleback", "--model", "pade", "--preset", "B", "--mu", "0.25", "--t-end", "0.4",
            "--output", str(tmp_path / "cli_pade.csv"))
    run = nsdkit.jobs.rattleback(0.4, tmp_path / "py_pade.csv", model="pade", preset="B", mu=0.25)
    assert filecmp.cmp(tmp_path / "cli_pade.csv", tmp_path / "py_pade.csv", shallow=False)
    assert run["samples"] == 401

    printed = run_cli("rattleback", "--realizability", "--stick-slip-check", "0.01", "--t-end",
                      "0.4", "--output", str(tmp_path / "cli_real.csv"))
    summary = nsdkit.jobs.rattleback(0.4, tmp_path / "py_real.csv", realizability=True,
                                     stick_slip_check=0.01)
    assert filecmp.cmp(tmp_path / "cli_real.csv", tmp_path / "py_real.csv", shallow=False)
    assert without_run_keys(json.loads(printed)) == without_run_keys(summary)

    run_cli("rolling-friction", "--case", "v-groove", "--duration", "0.2", "--output-dir",
            str(tmp_path / "cli_roll"))
    summary = nsdkit.jobs.rolling_friction(tmp_path / "py_roll", case="v-groove", duration=0.2)
    assert same_files(tmp_path / "cli_roll", tmp_path / "py_roll",
                      ["time_series.csv", "summary.json"]) == []
    assert summary["case"] == "v-groove" and summary["omega2"] > 0


def test_validate_writes_the_same_report(tmp_path):
    # Export, then score the cases by the analytic trajectories' own files would need a solver:
    # the exported cases are compared, and a body's own cases run both ways (event-driven and
    # Siconos; their report is deterministic but for wall times).
    run_cli("validate", "--export-cases", str(tmp_path / "cli_cases"), "--families",
            "trough,block")
    exported = nsdkit.jobs.validate(export_cases=tmp_path / "py_cases", families=["trough", "block"])
    names = sorted(os.listdir(tmp_path / "cli_cases"))
    assert names == sorted(os.listdir(tmp_path / "py_cases")) and exported["exported"] > 0
    assert same_files(tmp_path / "cli_cases", tmp_path / "py_cases", names) == []

    body = os.path.join(BODIES, "wheelset.json")
    options = dict(body_grid=2, t_end=0.05)
    run_cli("validate", "--body", body, "--body-grid", "2", "--t-end", "0.05", "--output",
            str(tmp_path / "cli_report"))
    result = nsdkit.jobs.validate(tmp_path / "py_report", body=body, **options)
    assert result["runs"] > 0 and result["passed"] == result["runs"] and result["page_written"]

    def rows(folder):
        report = json.loads((folder / "report.json").read_text())
        return [{k: v for k, v in row.items() if k != "wall_seconds"} for row in report["rows"]]

    assert rows(tmp_path / "cli_report") == rows(tmp_path / "py_report")
    assert sorted(os.listdir(tmp_path / "cli_report")) == sorted(os.listdir(tmp_path / "py_report"))


@pytest.mark.parametrize("call, field", [
    (lambda d: nsdkit.jobs.ball_trough(d, mu=1.2), "mu"),
    (lambda d: nsdkit.jobs.ball_trough(d, grid=1), "grid"),
    (lambda d: nsdkit.jobs.ball_trough(d, trough_angle_deg=float("nan")), "angle"),
    (lambda d: nsdkit.jobs.mesh(d / "m.off", tolerance=float("nan")), "tolerance"),
    (lambda d: nsdkit.jobs.mesh(d / "m.off", route="fast"), "route"),
    (lambda d: nsdkit.jobs.mesh(d / "m.off", axes=["mx", "my", "mz"]), "--axes"),
    (lambda d: nsdkit.jobs.region("mx:-1:1:0", d / "r.csv"), "count"),
    (lambda d: nsdkit.jobs.region("mx:-1:1:5", d / "r.csv", fix={"mz": float("inf")}), "fix"),
    (lambda d: nsdkit.jobs.region("mx:-1:1:5", d / "r.csv", fix=["mz"]), "fix"),
    (lambda d: nsdkit.jobs.region("mx:-1:1:5", d / "r.csv", format="xml"), "format"),
    (lambda d: nsdkit.jobs.region("q:-1:1:5", d / "r.csv"), "'q'"),
    (lambda d: nsdkit.jobs.body(d / "missing.json", d / "out"), "missing.json"),
    (lambda d: nsdkit.jobs.classify(d / "missing.csv", d / "c.csv", model="ball-trough"),
     "missing.csv"),
    (lambda d: nsdkit.jobs.classify(d / "t.csv", d / "c.csv"), "--model"),
    (lambda d: nsdkit.jobs.classify(d / "t.csv", d / "c.csv", method="exact"), "method"),
    (lambda d: nsdkit.jobs.friction("fast", 1.0, 0.0), "model"),
    (lambda d: nsdkit.jobs.friction("pade", 1.0, 0.0, pressure="flat"), "flat"),
    (lambda d: nsdkit.jobs.friction_map(d / "map", grid=1), "grid"),
    (lambda d: nsdkit.jobs.heavy_ball(0.0, d / "b.csv"), "--t-end"),
    (lambda d: nsdkit.jobs.heavy_ball(1.0, d / "b.csv", kr=2.0), "kr"),
    (lambda d: nsdkit.jobs.rattleback(1.0, d / "r.csv", sigma=1.0, model="pade"), "--sigma"),
    (lambda d: nsdkit.jobs.rattleback(1.0, d / "r.csv", dt=0.01), "--dt"),
    (lambda d: nsdkit.jobs.rattleback(1.0, d / "r.csv", preset="Z", model="pade"), "--preset"),
    (lambda d: nsdkit.jobs.rolling_friction(d / "roll", groove_angle_deg=200.0), "groove"),
    (lambda d: nsdkit.jobs.rolling_friction(d / "roll", case="bowl"), "case"),
    (lambda d: nsdkit.jobs.validate(d / "v", score=True), "--score"),
    (lambda d: nsdkit.jobs.validate(d / "v", families="trough,bowling"), "bowling"),
    (lambda d: nsdkit.jobs.validate(d / "v", input="x.csv"), "--input"),
])
def test_bad_options_are_one_value_error_naming_the_field(tmp_path, call, field):
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(ValueError) as error:
        call(tmp_path)
    assert field in str(error.value)
    assert sorted(os.listdir(tmp_path)) == before  # nothing written
