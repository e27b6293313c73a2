"""nsdkit.validation: cases, scoring of NumPy trajectories, the trusted rebuild (run by ctest)."""
import copy
import json
import math
import os

import numpy as np
import pytest

import nsdkit
from nsdkit import validation


def case_named(name, families=None):
    for c in validation.cases(families=families):
        if c["name"] == name:
            return c
    raise KeyError(name)


def test_every_family_has_cases_and_the_quick_subset_keeps_them_all():
    full = validation.cases()
    quick = validation.cases(quick=True)
    families = {c["family"] for c in full}
    assert families == {"trough", "incline", "launch", "creep", "block", "rattleback"}
    assert {c["family"] for c in quick} == families
    assert len(quick) < len(full)
    # Units and frame are written in every case.
    assert all("SI" in c["units"] and c["frame"] for c in full)


def test_analytic_trajectories_pass_and_their_rows_carry_the_family_metric():
    for name in ["incline/mu0.3/tan0.5x/heading30", "launch/heading15/backspin10",
                 "block/sliding/heading30", "creep/mu0.3/tan0.9mu/heading0"]:
        c = case_named(name)
        row = validation.score(c, validation.analytic_trajectory(c))
        assert row["pass"], (name, row["reason"])
        assert row["status"] == "pass"
        assert row["family"] == c["family"]
        assert row["metric"]
    # Ten columns (no orientation) are accepted for a sphere.
    c = case_named("launch/heading30/backspin0")
    row = validation.score(c, validation.analytic_trajectory(c)[:, [0, 1, 2, 3, 8, 9, 10, 11, 12, 13]])
    assert row["pass"], row["reason"]
    assert row["heading_drift_deg"] < 1e-6


def scaled_acceleration(trajectory, scale):
    out = trajectory.copy()
    out[:, 1:4] *= scale  # from rest at the origin: x, v and omega scale with the acceleration
    out[:, 8:14] *= scale
    return out


def test_acceleration_tolerance_passes_half_a_percent_and_fails_three():
    c = case_named("incline/mu0.3/tan0.5x/heading0")
    exact = validation.analytic_trajectory(c)
    assert validation.score(c, scaled_acceleration(exact, 1.005))["pass"]
    row = validation.score(c, scaled_acceleration(exact, 1.03))
    assert not row["pass"]
    assert "acceleration" in row["reason"]


def test_wrong_trajectories_fail_for_the_named_reason():
    c = case_named("incline/mu0.3/tan0.5x/heading0")
    exact = validation.analytic_trajectory(c)
    no_spin = exact.copy()
    no_spin[:, 11:14] = 0.0
    row = validation.score(c, no_spin)
    assert row["observed"] == "S" and "observed S" in row["reason"]
    lifted = exact.copy()
    normal = np.array(c["scene"]["planes"][0]["normal"])
    lifted[len(lifted) // 2:, 1:4] += 1e-3 * normal  # lift-off by 1 mm from mid-run
    assert validation.score(c, lifted)["observed"] == "S"
    early = exact[: len(exact) // 2]
    assert "ended at t = " in validation.score(c, early)["reason"]
    bad = exact.copy()
    bad[100, 9] = np.nan
    assert "non-finite" in validation.score(c, bad)["reason"]


def test_an_edited_expectation_is_refused_not_believed():
    c = case_named("mu0.3_j0.4/low+mz/ray+x/outside")
    assert c["expected"]["modes"] != ["RR"]
    forged = copy.deepcopy(c)
    forged["expected"]["modes"] = ["RR"]
    row = validation.score(forged, np.zeros((10, 10)))
    assert row["status"] == "refused"
    assert "expected modes differ from the model's" in row["reason"]
    edited = copy.deepcopy(c)
    edited["frame"] = "edited"
    assert "digest" in validation.score(edited, np.zeros((10, 10)))["reason"]


def test_bad_input_raises_value_error():
    c = case_named("launch/heading0/backspin0")
    with pytest.raises(ValueError, match="trajectory must be an"):
        validation.score(c, np.zeros((5, 3)))
    with pytest.raises(ValueError, match="family must be one of"):
        validation.cases(families=["box"])
    with pytest.raises(ValueError, match="named twice"):
        validation.cases(families=["launch", "launch"])
    with pytest.raises(ValueError, match="solver_name must be 1-64 characters"):
        validation.score(c, validation.analytic_trajectory(c), solver_name="a|b\n# injected")
    broken = copy.deepcopy(c)
    del broken["model"]
    with pytest.raises(ValueError, match="missing field 'model'"):
        validation.score(broken, np.zeros((10, 10)))


def test_a_folder_exported_and_scored_like_the_cli(tmp_path):
    n = validation.export_cases(str(tmp_path / "cases"), families=["launch", "block"])
    cases = validation.read_cases(str(tmp_path / "cases"))
    assert len(cases) == n and not any("refusal" in c for c in cases)
    (tmp_path / "traj").mkdir()
    for c in cases:  # files named by the case's number, its stable id
        t = validation.analytic_trajectory(c)
        header = "t,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz"
        np.savetxt(tmp_path / "traj" / f"{c['index']}.csv", t, delimiter=",", header=header,
                   comments="",
                   fmt="%.17g")
    rows = validation.score_folder(str(tmp_path / "cases"), str(tmp_path / "traj"),
                                   report=str(tmp_path / "report"))
    assert all(r["pass"] for r in rows), [r["reason"] for r in rows if not r["pass"]]
    report = json.loads((tmp_path / "report" / "report.json").read_text())
    assert len(report["rows"]) == n


@pytest.mark.parametrize("call, field", [
    (lambda: validation.cases(families=[]), "families"),
    (lambda: validation.cases(families=[3]), "families"),
    (lambda: validation.cases(families="block"), "families"),
    (lambda: validation.cases(families=["nope"]), "families"),
    (lambda: validation.export_cases(""), "folder"),
    (lambda: validation.read_cases(""), "folder"),
    (lambda: validation.read_cases("no\x1bwhere"), "folder"),
    (lambda: validation.score_folder("no-cases", "."), "cases"),
    (lambda: validation.score_folder(".", "no\\x1btraj"), "trajectories"),
    (lambda: validation.score({"name": "a\x1bb"}, np.zeros((2, 10))), "case"),
    (lambda: validation.score(case_named("block/sliding/heading0", ["block"]), np.zeros((2, 10)),
                              solver_name="<script>"), "solver_name"),
    (lambda: validation.analytic_trajectory(case_named("block/sliding/heading0", ["block"]),
                                            float("nan")), "spacing_s"),
])
def test_bad_arguments_name_the_argument_without_control_bytes(call, field):
    with pytest.raises(ValueError) as raised:
        call()
    message = str(raised.value)
    assert message.strip() and field in message, message
    assert not any(ord(ch) < 0x20 for ch in message), repr(message)


def test_a_case_nested_deeper_than_python_can_write_is_a_value_error():
    c = case_named("block/sliding/heading0", ["block"])
    deep = 1
    for _ in range(100000):
        deep = [deep]
    c["extra"] = deep
    with pytest.raises(ValueError, match="case"):
        validation.score(c, np.zeros((2, 10)))
    c["extra"] = json.loads("[" * 100 + "]" * 100)
    with pytest.raises(ValueError, match="nested deeper than 64"):
        validation.score(c, np.zeros((2, 10)))

