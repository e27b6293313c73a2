"""The Python part of the bad-input regression suite (tests/bad_input/bad_input_suite.py for the
CLI): every case must raise ValueError whose message names the field, fast and without a partly
written file. NaN and infinities, values outside the domain, sample counts beyond the caps (as in
the CLI), bodies with bad fields."""
import json
import os
import time

import numpy as np
import pytest

import nsdkit

NAN, INF = float("nan"), float("inf")
BODIES = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "bodies")


def hoop_text(**replace):
    with open(os.path.join(BODIES, "hoop_on_plane.json"), encoding="utf-8") as f:
        body = json.load(f)
    body.update(replace)
    return json.dumps(body)


CASES = [
    # (name, call, text the message must contain)
    ("heavy_ball t_end nan", lambda: nsdkit.heavy_ball(t_end=NAN), "t_end"),
    ("heavy_ball t_end 1e308", lambda: nsdkit.heavy_ball(t_end=1e308), "t_end"),
    ("heavy_ball spacing 0", lambda: nsdkit.heavy_ball(sample_spacing=0.0), "spacing"),
    ("heavy_ball k_r0 -1", lambda: nsdkit.heavy_ball(k_r0=-1.0), "k_r0"),
    ("heavy_ball k_r0 2", lambda: nsdkit.heavy_ball(k_r0=2.0), "k_r0"),
    ("heavy_ball v0 inf", lambda: nsdkit.heavy_ball(v0=INF), "v"),
    ("kane_levinson t_end -1", lambda: nsdkit.kane_levinson(-1.0), "t_end"),
    ("kane_levinson t_end 1e308", lambda: nsdkit.kane_levinson(1e308), "t_end"),
    ("kane_levinson omega3 1e300", lambda: nsdkit.kane_levinson(1.0, omega3=1e300), "1e+300"),
    ("kane_levinson omega3 nan", lambda: nsdkit.kane_levinson(1.0, omega3=NAN), "initial"),
    ("kane_levinson sigma -1", lambda: nsdkit.kane_levinson(1.0, sigma=-1.0), "sigma"),
    ("kane_levinson alpha 2", lambda: nsdkit.kane_levinson(1.0, alpha=2.0), "alpha"),
    ("pade preset nope", lambda: nsdkit.pade_rattleback(preset="nope"), "nope"),
    ("pade t_end nan", lambda: nsdkit.pade_rattleback(t_end=NAN), "t_end"),
    ("pade omega3 1e300", lambda: nsdkit.pade_rattleback(omega3=1e300), "1e+300"),
    ("realizability mu nan", lambda: nsdkit.rattleback_realizability(1.0, mu=NAN), "mu"),
    ("realizability mu -0.3", lambda: nsdkit.rattleback_realizability(1.0, mu=-0.3), "mu"),
    ("realizability spacing tiny",
     lambda: nsdkit.rattleback_realizability(1.0, sample_spacing=1e-9), "1e6"),
    ("stick_slip mu 0", lambda: nsdkit.rattleback_stick_slip(1.0, mu=0.0), "mu"),
    ("stick_slip t_end inf", lambda: nsdkit.rattleback_stick_slip(INF, mu=0.3), "t_end"),
    ("stick_slip spacing 0",
     lambda: nsdkit.rattleback_stick_slip(1.0, mu=0.3, sample_spacing=0.0), "spacing"),
    ("classify_ball mu nan", lambda: nsdkit.classify_ball(np.zeros((1, 3)), mu=NAN), "mu"),
    ("classify_ball mu 1e308", lambda: nsdkit.classify_ball(np.zeros((1, 3)), mu=1e308), "mu"),
    ("classify_ball mu subnormal",
     lambda: nsdkit.classify_ball(np.zeros((1, 3)), mu=1e-320), "mu"),
    ("classify_ball inertia 0",
     lambda: nsdkit.classify_ball(np.zeros((1, 3)), inertia=0.0), "inertia"),
    ("classify_ball angle 180",
     lambda: nsdkit.classify_ball(np.zeros((1, 3)), angle_deg=180.0), "angle"),
    ("ball_trough_body mu nan", lambda: nsdkit.ball_trough_body(mu=NAN), "mu"),
    ("ball_trough_body mu 1e308", lambda: nsdkit.ball_trough_body(mu=1e308), "mu"),
    ("ball_trough_body mu_plus -1", lambda: nsdkit.ball_trough_body(mu_plus=-1.0), "mu_plus"),
    ("ball_trough_body mu_minus inf", lambda: nsdkit.ball_trough_body(mu_minus=INF), "mu_minus"),
    ("ball_trough_body inertia 0", lambda: nsdkit.ball_trough_body(inertia=0.0), "inertia"),
    ("ball_trough_body angle 180", lambda: nsdkit.ball_trough_body(angle_deg=180.0), "angle"),
    ("classify_ball torques nan",
     lambda: nsdkit.classify_ball(np.array([[0.0, NAN, 0.0]])), "finite"),
    ("classify_ball torques shape", lambda: nsdkit.classify_ball(np.zeros((2, 2))), "columns"),
    ("combined_friction model nope",
     lambda: nsdkit.combined_friction(np.ones(2), np.ones(2), model="nope"), "nope"),
    ("combined_friction v negative",
     lambda: nsdkit.combined_friction(np.array([-1.0]), np.array([1.0])), "v"),
    ("combined_friction k_r 2",
     lambda: nsdkit.combined_friction(np.ones(1), np.ones(1), k_r=2.0), "k_r"),
    ("combined_friction lengths",
     lambda: nsdkit.combined_friction(np.ones(2), np.ones(3)), "length"),
    ("mesh_ball tolerance 0", lambda: nsdkit.mesh_ball(tolerance=0.0), "tolerance"),
    ("mesh_ball tolerance nan", lambda: nsdkit.mesh_ball(tolerance=NAN), "tolerance"),
    ("read_body missing", lambda: nsdkit.read_body("/nonexistent/body.json"), "does not exist"),
    ("read_body folder", lambda: nsdkit.read_body(BODIES), "not a regular file"),
    ("body_from_json not JSON", lambda: nsdkit.body_from_json("{"), "not valid JSON"),
    ("body_from_json negative mass", lambda: nsdkit.body_from_json(hoop_text(mass=-2.0)),
     "mass"),
    ("body_from_json mass as text", lambda: nsdkit.body_from_json(hoop_text(mass="two")),
     "mass"),
    ("body_from_json duplicate key",
     lambda: nsdkit.body_from_json(hoop_text().replace('"mass": 2.0', '"mass": 2.0, "mass": 3.0')),
     "twice"),
    ("body_from_json unknown field", lambda: nsdkit.body_from_json(hoop_text(masss=2.0)),
     "masss"),
    ("read_sweep missing", lambda: nsdkit.read_sweep("/nonexistent/sweep.h5"), "does not exist"),
    ("validate unknown case", lambda: nsdkit.validate(cases=["no such case"]), "no such case"),
    ("validate unknown solver", lambda: nsdkit.validate(solvers=["no such solver"]),
     "no such solver"),
]


@pytest.mark.parametrize("name,call,field", CASES, ids=[c[0] for c in CASES])
def test_bad_input_raises_value_error_naming_the_field(name, call, field, tmp_path):
    start = time.monotonic()
    before = set(os.listdir(tmp_path))
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        with pytest.raises(ValueError) as error:
            call()
    finally:
        os.chdir(cwd)
    message = str(error.value)
    assert field in message, f"{name}: {message!r}"
    assert "\n" not in message and len(message) < 600, f"{name}: {message!r}"
    assert set(os.listdir(tmp_path)) == before, f"{name} left files"
    assert time.monotonic() - start < 10.0, f"{name} took too long"
