"""The Python module against the C++ library's results and closed forms (run by ctest)."""
import csv
import json
import math
import os
import subprocess

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


def test_ball_trough_body_is_the_ball_in_any_trough():
    # The paper's values: the shipped file's parameters and defaults; another trough with
    # unequal friction (no closed form, no file): the model's generic route, point by point.
    made = nsdkit.ball_trough_body()
    assert made.parameters == body("ball_trough").parameters
    assert made.defaults == body("ball_trough").defaults
    rng = np.random.default_rng(5)
    torques = rng.uniform(-0.8, 0.8, size=(300, 3))
    other = nsdkit.ball_trough_body(angle_deg=60, mu_plus=0.2, mu_minus=0.4, inertia=0.5)
    assert "mu_plus" in other.parameters and "mu" not in other.parameters
    as_body = other.classify(torques, ["mx", "my", "mz"], threads=2)
    as_model = nsdkit.classify_ball(torques, angle_deg=60, mu_plus=0.2, mu_minus=0.4,
                                    inertia=0.5, threads=2)
    assert as_body["escapes"] == as_model["escapes"]
    assert np.array_equal(as_body["realizable"], as_model["realizable"])
    assert 30 < as_body["realizable"].sum() < 270  # both verdicts occur
    for bad in (dict(mu=-1.0), dict(angle_deg=float("nan")), dict(inertia=2.0),
                dict(mu_minus=0.0)):
        with pytest.raises(ValueError):
            nsdkit.ball_trough_body(**bad)


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
    with pytest.raises(ValueError, match="^mu must be positive"):  # the argument, not mu+
        nsdkit.classify_ball(np.zeros((1, 3)), mu=-0.1)
    with pytest.raises(ValueError, match="contacts\\[0\\].normal"):
        nsdkit.body_from_json('{"format": "nsdkit-body/1", "name": "x", "mass": 1, '
                              '"inertia": [[1,0,0],[0,1,0],[0,0,1]], "gravity": [0,0,-9.81], '
                              '"contacts": [{"point": [0,0,-1], "normal": [0,0,2], '
                              '"friction": {"mu": 0.5}}]}', "x.json")
    with pytest.raises(ValueError, match="does not exist"):
        nsdkit.read_body("/nonexistent/body.json")


def test_mesh_of_the_paper_ball_against_its_exact_volume():
    # Volume of the stability body at mu 0.3, j 0.4: 0.540508 by boundary quadrature of (88)
    # (issue 20's reference); the exact route's chord error (5e-4 of the diameter) keeps the
    # mesh volume within 1e-3 of it.
    m = nsdkit.mesh_ball(mu=0.3, inertia=0.4)
    assert m["vertices"].shape[1] == 3 and m["faces"].shape[1] == 3
    assert m["faces"].min() == 0 and m["faces"].max() == m["vertices"].shape[0] - 1
    assert m["closed"] and m["manifold"] and m["outward"]
    assert abs(m["volume"] - 0.540508) < 1e-3 * 0.540508
    assert abs(m["exact_volume"] - 0.540508) < 1e-6  # boundary quadrature of the exact faces
    assert set(np.unique(m["face_of_triangle"])) == {0, 1, 2, 3, 4, 5}


def test_body_mesh_matches_the_exact_route():
    # The implicit route on the ball's body file (marching tetrahedra, 24 cells per axis) cuts
    # the sharp edges, so its volume is low by about 1-2 % (issue 20); 3 % bounds it.
    m = body("ball_trough").mesh(["mx", "my", "mz"], resolution=24, threads=2, route="implicit")
    assert m["closed"] and m["manifold"]
    assert m["axes"] == ["mx", "my", "mz"] and m["route"] == "implicit"
    assert abs(m["volume"] - 0.540508) < 0.03 * 0.540508
    # Every vertex lies on the boundary: within 1e-3 of a point that classifies differently.
    v = m["vertices"][:50]
    inside = body("ball_trough").classify(v * 0.99, ["mx", "my", "mz"])["realizable"]
    outside = body("ball_trough").classify(v * 1.01, ["mx", "my", "mz"])["realizable"]
    assert inside.mean() > 0.9 and outside.mean() < 0.1


def test_body_mesh_auto_route_is_exact_for_the_ball():
    # The ball's body file has load axes, so the exact faces fit: the mesh volume is within
    # 5e-4 of the closed-form body's 0.540508 and the route says so.
    m = body("ball_trough").mesh(["mx", "my", "mz"])
    assert m["route"] == "exact" and m["exact_route_refused"] == ""
    assert abs(m["exact_volume"] - 0.540508) < 1e-6
    assert abs(m["volume"] - m["exact_volume"]) < 5e-4 * m["exact_volume"]
    # The axle's sheet over these axes folds over (both contacts on one plane): shaped, with why.
    a = body("axle_on_plane").mesh(["fz", "ty", "fx"], resolution=10, threads=2)
    assert a["route"] == "shaped" and "folds over" in a["exact_route_refused"]
    assert a["shaped_route_refused"] == ""
    # Below the shaped seed's 8 cells per axis: marching tetrahedra, saying why.
    c = body("axle_on_plane").mesh(["fz", "ty", "fx"], resolution=6, threads=2)
    assert c["route"] == "implicit" and "[8, 200]" in c["shaped_route_refused"]


def test_body_mesh_shaped_route_keeps_the_ball_s_edges():
    # The shaped route on the ball's body file at a coarse edge length (0.02 of the size): a
    # closed outward mesh whose eight corners and twelve sharp edges are found from the failing
    # conditions, its volume within 0.5 % of the closed form 0.540508 (measured -0.15 %).
    m = body("ball_trough").mesh(["mx", "my", "mz"], threads=2, route="shaped", edge_length=0.02)
    assert m["route"] == "shaped" and m["closed"] and m["manifold"] and m["outward"]
    assert m["corners"] == 8 and m["sharp_edges"] > 12
    assert abs(m["volume"] - 0.540508) < 5e-3 * 0.540508
    with pytest.raises(ValueError, match="edge_length"):
        body("ball_trough").mesh(["mx", "my", "mz"], route="implicit", edge_length=0.02)
    with pytest.raises(ValueError, match="edge length"):
        body("ball_trough").mesh(["mx", "my", "mz"], route="shaped", edge_length=0.0)
    with pytest.raises(ValueError, match="route"):
        body("ball_trough").mesh(["mx", "my", "mz"], route="smooth")


def test_mesh_ball_in_a_60_degree_trough_with_unequal_friction():
    # Issue 20's reference: 3.8811 +- 0.0007 (1e8-sample Monte Carlo of classify); 3 sigma.
    m = nsdkit.mesh_ball(mu=0.3, mu_minus=0.5, angle_deg=60.0)
    assert m["closed"] and m["outward"]
    assert abs(m["exact_volume"] - 3.8811) < 3 * 0.0007


def test_rattleback_conserves_energy_without_drag():
    r = nsdkit.kane_levinson(t_end=2.0, alpha=0.5 * np.pi / 180, beta=0.5 * np.pi / 180,
                             omega3=-5.0)
    assert r["t"].shape == r["gamma"].shape and r["t"][-1] == pytest.approx(2.0)
    # Integrated at 1e-10 tolerances: energy drifts by far less than 1e-6 of itself.
    assert np.abs(r["energy"] - r["energy"][0]).max() < 1e-6 * abs(r["energy"][0])


def test_heavy_ball_rolls_on_at_five_sevenths():
    # A sliding ball without whirl ends rolling at 5/7 of its initial speed (J = 2/5 m R^2).
    r = nsdkit.heavy_ball(v0=1.0, u0=0.0, t_end=3.0, sample_spacing=1e-3, k_r0=0.0)
    assert 0 < r["slip_stop_time"] < 3.0
    speed = np.hypot(np.diff(r["x"][-3:]), np.diff(r["y"][-3:])) / np.diff(r["t"][-3:])
    assert speed[-1] == pytest.approx(5.0 / 7.0, rel=1e-6)


def test_combined_friction_limits():
    # Pure sliding: F_par = f N, no torque; pure whirl: no force, M_c = M0 = 3 pi / 16 (Hertz).
    v = np.array([1.0, 0.0])
    u = np.array([0.0, 1.0])
    for model in ("exact", "pade"):
        f = nsdkit.combined_friction(v, u, model=model)
        assert f["f_par"][0] == pytest.approx(1.0, abs=1e-7)
        assert f["m_c"][0] == pytest.approx(0.0, abs=1e-7)
        assert f["f_par"][1] == pytest.approx(0.0, abs=1e-7)
        assert f["m_c"][1] == pytest.approx(3 * np.pi / 16, rel=1e-7)
    with pytest.raises(ValueError, match="model"):
        nsdkit.combined_friction(v, u, model="other")


def test_validation_report_rows():
    # The realizable case "inside": nsdkit's event-driven integrator reproduces the rolling
    # acceleration (78) to rounding (its RR motion is exact); MuJoCo with exact settings at
    # h = 1e-4 passes the common rule (acceleration within the judge's 1e-2).
    assert "mu0.3_j0.4/inside" in nsdkit.validation_cases()
    rows = nsdkit.validate(cases=["mu0.3_j0.4/inside"],
                           solvers=["nsdkit-event-driven", "mujoco"], threads=2)
    by_solver = {r["solver"]: r for r in rows}
    exact = by_solver["nsdkit-event-driven"]
    assert exact["pass"] and exact["expected"] == exact["observed"] == "RR"
    assert exact["acceleration_error"] < 1e-12
    mujoco = by_solver["mujoco/exact/h=0.0001"]
    assert mujoco["pass"] and mujoco["acceleration_error"] < 1e-2
    assert len(rows) == 5  # nsdkit once, MuJoCo at two settings and two steps
    with pytest.raises(ValueError, match="unknown validation case"):
        nsdkit.validate(cases=["no/such/case"])


def test_pade_rattleback_dissipates_and_stays_in_contact():
    # With friction and rolling resistance the energy can only decrease (up to the integrator's
    # 1e-8 tolerance), and the normal force stays positive (m g ~ 5.3 N on average).
    r = nsdkit.pade_rattleback(preset="A", t_end=1.0, alpha=0.0, beta=0.0, omega3=5.0)
    assert r["energy"][-1] < r["energy"][0]
    assert np.diff(r["energy"]).max() < 1e-6 * abs(r["energy"][0])
    assert r["normal_force"].min() > 0
    assert abs(r["normal_force"].mean() - 0.5436 * 9.81) < 0.5
    with pytest.raises(ValueError):
        nsdkit.pade_rattleback(preset="Z", t_end=0.1)


def test_rattleback_stick_slip_slips_where_def9_first_fails():
    # At mu = 0.3 the rolling motion stops being realizable at its first sampled instant past
    # 0.005 s (Def 9 along the Kane-Levinson motion, 1 ms samples): the stick-slip run follows
    # that motion until then and must start slipping between the two samples.
    r = nsdkit.rattleback_realizability(0.02, mu=0.3)
    first = r["first_not_realizable"]
    s = nsdkit.rattleback_stick_slip(0.05, mu=0.3)
    assert first - 1e-3 < s["first_slip"] <= first
    assert s["omega"].shape == (s["t"].size, 3)
    assert s["slipping"].any() and not s["slipping"][0]
    slipping = s["slipping"]
    assert np.allclose(s["friction_ratio"][slipping], 0.3, atol=1e-9)  # Coulomb: |F_t| = mu N
    assert np.all(np.diff(s["energy"]) <= 1e-9)  # no drag: friction only dissipates
    assert s["events"][0][1] == "rolling"
    with pytest.raises(ValueError, match="mu"):
        nsdkit.rattleback_stick_slip(1.0, mu=-0.3)
    with pytest.raises(ValueError, match="t_end"):
        nsdkit.rattleback_stick_slip(float("inf"), mu=0.3)


def test_rattleback_realizability_equals_the_cone_and_refuses_bad_mu():
    r = nsdkit.rattleback_realizability(1.0, mu=0.3, sample_spacing=2e-3)
    assert r["t"].shape == r["needed_mu"].shape == r["def9_minimal_mu"].shape
    assert np.all(r["normal_force"] > 0)
    assert np.max(np.abs(r["def9_minimal_mu"] - r["needed_mu"])) < 1e-8
    assert r["minimal_mu"] >= np.max(r["def9_minimal_mu"]) - 1e-12
    assert np.array_equal(r["realizable"], r["def9_minimal_mu"] < 0.3)
    with pytest.raises(ValueError, match="mu"):
        nsdkit.rattleback_realizability(1.0, mu=float("nan"))
    with pytest.raises(ValueError):
        nsdkit.rattleback_realizability(1.0, sample_spacing=1e-9)


# ---- the front ends agree: the same job run from Python and from the CLI gives the same answer

CLI = os.environ.get("NSDKIT_CLI", "")
needs_cli = pytest.mark.skipif(not CLI, reason="NSDKIT_CLI not set (ctest sets it)")


@needs_cli
@pytest.mark.parametrize("method", ["generic", "generic-sampled", "closed-form"])
def test_classify_ball_agrees_with_the_cli(tmp_path, method):
    rng = np.random.default_rng(11)
    torques = rng.uniform(-1.0, 1.0, size=(60, 3)) * np.array([1.0, 1.0, 0.6])
    np.savetxt(tmp_path / "t.csv", torques, delimiter=",", header="mx,my,mz", comments="",
               fmt="%.17g")
    subprocess.run([CLI, "classify", "--model", "ball-trough", "--method", method, "--input",
                    str(tmp_path / "t.csv"), "--output", str(tmp_path / "o.csv")], check=True,
                   stdout=subprocess.DEVNULL)
    with open(tmp_path / "o.csv") as f:
        rows = list(csv.DictReader(f))
    ours = nsdkit.classify_ball(torques, method=method)
    assert [r["realizable"] == "1" for r in rows] == list(ours["realizable"])
    assert [r["escapes"] for r in rows] == list(ours["escapes"])
    assert 0 < sum(ours["realizable"]) < len(torques)  # both verdicts occur


@needs_cli
def test_validation_cases_are_the_clis(tmp_path):
    subprocess.run([CLI, "validate", "--export-cases", str(tmp_path / "cases")], check=True,
                   stdout=subprocess.DEVNULL)
    with open(tmp_path / "cases" / "index.json") as f:
        exported = [c["name"] for c in json.load(f)["cases"]]
    assert nsdkit.validation_cases() == exported
    families = {name.split("/")[0] for name in nsdkit.validation_cases(families=["block"])}
    assert families == {"block"}
