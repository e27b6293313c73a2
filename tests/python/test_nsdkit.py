"""The Python module against the C++ library's results and closed forms (run by ctest)."""
import json
import math
import os

import numpy as np
import pytest

import nsdkit

BODIES = os.environ.get("NSDKIT_BODIES_DIR", os.path.join(os.path.dirname(__file__), "..", "..",
                                                          "examples", "bodies"))


def body(name):
    return nsdkit.read_body(os.path.join(BODIES, name + ".json"))


def test_ball_file_equals_the_ball_model_on_seeded_torques():
    # The shipped ball file is the --model ball-trough body bit for bit (body_file_test): the
    # two entry points must give identical verdicts and labels on any torques.
    rng = np.random.default_rng(7)
    torques = rng.uniform(-0.7, 0.7, size=(400, 3))
    from_file = body("ball_trough").classify(torques, ["mx", "my", "mz"], threads=2)
    from_model = nsdkit.classify_ball(torques, mu=0.3, inertia=0.4, threads=2)
    assert from_file["escapes"] == from_model["escapes"]
    assert np.array_equal(from_file["realizable"], from_model["realizable"])
    assert 20 < from_file["realizable"].sum() < 380  # both verdicts occur


def test_certified_verdicts_equal_the_fast_ones():
    # The interval re-check proves the fast path's answer again; on torques in general position
    # (simple limit directions) it succeeds everywhere and never changes a verdict.
    rng = np.random.default_rng(11)
    torques = rng.uniform(-0.7, 0.7, size=(60, 3))
    ball = body("ball_trough")
    fast = ball.classify(torques, ["mx", "my", "mz"])
    proved = ball.classify(torques, ["mx", "my", "mz"], certify=True)
    assert "certified" not in fast
    assert proved["escapes"] == fast["escapes"]
    assert np.array_equal(proved["realizable"], fast["realizable"])
    assert proved["certified"].dtype == bool and proved["certified"].all()


def test_closed_form_route_agrees():
    torques = np.array([[0.0, 0.0, 0.0], [0.1, -0.1, 0.05], [2.0, 0.0, 0.0], [0.0, 0.0, 0.9]])
    generic = nsdkit.classify_ball(torques)
    closed = nsdkit.classify_ball(torques, method="closed-form")
    assert generic["escapes"] == closed["escapes"] == ["", "", "RS|SR", "SS"]


def test_inclined_trough_rolling_limit_from_a_sweep():
    # Symmetric slip of both walls: rolling holds iff tan(s) < mu (1 + 2j)/(sqrt2 j)
    # (tests/body/shipped_bodies_test.cpp). The sweep brackets it to the grid step, the
    # bisected boundary to 1e-6 deg.
    mu, j = 0.3, 0.4
    expected = math.degrees(math.atan(mu * (1 + 2 * j) / (math.sqrt(2) * j)))
    s = body("ball_inclined_trough").sweep([("slope_deg", 0.0, 80.0, 81)], {"mu": mu},
                                           refine_tolerance=1e-7)
    slopes = s["values"][:, 0]
    assert slopes[s["realizable"]].max() < expected < slopes[~s["realizable"]].min()
    assert s["boundary"].shape == (1, 1)
    assert abs(s["boundary"][0, 0] - expected) < 1e-6


def test_rolling_motion_of_the_wheelset():
    # (m + J_x/r0^2) dv/dt = F_z (traction 0.1 m g): 1500 kg, J_x 160 kg m^2, r0 0.46 m.
    m, jx, r0, g = 1500.0, 160.0, 0.46, 9.81
    motion = body("wheelset").rolling_motion(np.array([0.1]), ["fz"])
    assert motion["dv_C"][2] == pytest.approx(0.1 * m * g / (m + jx / r0**2), rel=1e-12)
    assert len(motion["contact_forces"]) == 2


def test_one_contact_body():
    # Ball on an incline: sticks iff tan(s) < mu (1 + j)/j = 1.05 at mu 0.3: 46.4 deg.
    r = body("ball_on_incline").classify(np.array([[40.0], [50.0]]), ["slope_deg"])
    assert list(r["realizable"]) == [True, False]
    assert r["escapes"] == ["", "slip"]


def test_body_from_a_dict():
    with open(os.path.join(BODIES, "ball_on_incline.json")) as f:
        description = json.load(f)
    description["contacts"][0]["friction"]["mu"] = 0.5
    b = nsdkit.body_from_json(json.dumps(description), "edited")
    assert b.defaults["mu"] == 0.3  # the load parameter's default still sets mu
    assert b.parameters[-3:] == ["omega_x", "omega_y", "omega_z"]


def test_bad_input_raises_value_error_naming_it():
    b = body("wheelset")
    with pytest.raises(ValueError, match="fx must be finite"):
        b.classify(np.array([[np.nan, 0.0]]), ["fx", "fz"])
    with pytest.raises(ValueError, match="has no parameter 'mq'"):
        b.classify(np.array([[0.0]]), ["mq"])
    with pytest.raises(ValueError, match="columns"):
        b.classify(np.zeros((3, 3)), ["fx", "fz"])
    with pytest.raises(ValueError, match="mu\\+"):
        nsdkit.classify_ball(np.zeros((1, 3)), mu=-0.1)
    with pytest.raises(ValueError, match="contacts\\[0\\].normal"):
        nsdkit.body_from_json('{"format": "nsdkit-body/1", "name": "x", "mass": 1, '
                              '"inertia": [[1,0,0],[0,1,0],[0,0,1]], "gravity": [0,0,-9.81], '
                              '"contacts": [{"point": [0,0,-1], "normal": [0,0,2], '
                              '"friction": {"mu": 0.5}}]}', "x.json")
    with pytest.raises(ValueError, match="cannot open"):
        nsdkit.read_body("/nonexistent/body.json")
