"""Bad-input cases (issue 45): options a mode does not use, shape fields of another kind, and
the Python functions' argument checks. Case names start with "options: "."""
import json
import os

from suite_common import BASES, Case, python_case, with_option, write
import suite_common


def shaped_body(edit):
    """A setup writing bad.json: the shipped ball_trough_shapes.json with `edit(shape)` applied
    to its first contact's shape."""
    def setup(folder):
        with open(os.path.join(suite_common.BODIES, "ball_trough_shapes.json"),
                  encoding="utf-8") as f:
            body = json.load(f)
        edit(body["contacts"][0]["shape"])
        write(os.path.join(folder, "bad.json"), json.dumps(body))
    return setup


def body_case(name, edit, field):
    return Case(f"options: {name}", ["body", "--body", "bad.json", "--output-dir", "outdir"],
                field, shaped_body(edit))


def rattleback_cases():
    rb = BASES["rattleback"]
    real = rb + ["--realizability"]
    pade = with_option(rb, "--model", "pade")
    return [
        Case("options: rattleback --realizability --stick-slip-check 0",
             real + ["--stick-slip-check", "0"], "--stick-slip-check"),
        Case("options: rattleback --realizability --stick-slip-check -0.01",
             real + ["--stick-slip-check", "-0.01"], "--stick-slip-check"),
        Case("options: rattleback --stick-slip-check 0 without --realizability",
             rb + ["--stick-slip-check", "0"], "--stick-slip-check"),
        Case("options: rattleback --realizability --eps1 (a Pade option)",
             real + ["--eps1", "0.001"], "--eps1"),
        Case("options: rattleback --realizability --preset B (a Pade option)",
             real + ["--preset", "B"], "--preset"),
        Case("options: rattleback --realizability --tolerance (not used by Def 9)",
             real + ["--tolerance", "1e-9"], "--tolerance"),
        Case("options: rattleback --realizability --model pade", real + ["--model", "pade"],
             "--model"),
        Case("options: rattleback kane-levinson --mu (no friction in rolling)",
             rb + ["--mu", "0.2"], "--mu"),
        Case("options: rattleback kane-levinson --eps1", rb + ["--eps1", "0.001"], "--eps1"),
        Case("options: rattleback kane-levinson --preset C", rb + ["--preset", "C"], "--preset"),
        Case("options: rattleback pade --preset A --sigma (the preset's own body)",
             pade + ["--sigma", "1e-4"], "--sigma"),
        Case("options: rattleback pade --stick-slip-check", pade + ["--stick-slip-check", "0.01"],
             "--stick-slip-check"),
        Case("options: rattleback pade --preset with escape bytes",
             pade + ["--preset", "\x1b[2JZ"], "--preset"),
    ]


def shape_cases():
    def add(field, value):
        return lambda shape: shape.update({field: value})

    def replace(kind, **fields):
        def edit(shape):
            for key in ("radius", "semi_axes", "major_radius", "minor_radius", "rolling_radius",
                        "cone_angle"):
                shape.pop(key, None)
            shape.update(kind=kind, **fields)
        return edit
    return [
        body_case("a sphere carrying semi_axes", add("semi_axes", [0.05, 0.05, 0.05]),
                  "semi_axes"),
        body_case("a sphere carrying major_radius", add("major_radius", 0.1), "major_radius"),
        body_case("a sphere carrying cone_angle", add("cone_angle", 0.1), "cone_angle"),
        body_case("an ellipsoid carrying radius",
                  replace("ellipsoid", semi_axes=[0.05, 0.05, 0.05], radius=0.05), "radius"),
        body_case("a torus carrying semi_axes",
                  replace("torus", major_radius=0.05, minor_radius=0.01,
                          semi_axes=[0.1, 0.1, 0.1]), "semi_axes"),
        body_case("a cone carrying minor_radius",
                  replace("cone", rolling_radius=0.05, cone_angle=0.0, minor_radius=0.01),
                  "minor_radius"),
        body_case("a sphere without radius", lambda shape: shape.pop("radius"), "radius"),
        Case("options: a body file nested 100,000 levels deep (200 KB)",
             ["body", "--body", "deep.json", "--output-dir", "outdir"], "deep.json",
             lambda d: write(os.path.join(d, "deep.json"),
                             '{"description": ' + "[" * 100000 + "]" * 100000 + "}")),
    ]


PY = "import nsdkit, numpy as np\n"


def python_cases():
    calls = [
        ("mesh_ball(mu=nan)", "nsdkit.mesh_ball(mu=float('nan'))", "mu"),
        ("mesh_ball(mu=-0.3)", "nsdkit.mesh_ball(mu=-0.3)", "mu"),
        ("mesh_ball(inertia=0)", "nsdkit.mesh_ball(inertia=0)", "inertia"),
        ("mesh_ball(mu_minus=inf)", "nsdkit.mesh_ball(mu_minus=float('inf'))", "mu_minus"),
        ("mesh_ball(tolerance=0)", "nsdkit.mesh_ball(tolerance=0)", "tolerance"),
        ("mesh_ball(mu=1e-300)", "nsdkit.mesh_ball(mu=1e-300)", "mu must be >= 1e-6"),
        ("mesh_ball(mu_minus=1e-9)", "nsdkit.mesh_ball(mu_minus=1e-9)", "mu_minus"),
        ("classify_ball(torques with NaN)",
         "nsdkit.classify_ball(torques=np.array([[0.0, np.nan, 0.0]]))", "torques[0, 1]"),
        ("classify_ball(mu_plus=nan)",
         "nsdkit.classify_ball(torques=np.zeros((1, 3)), mu_plus=float('nan'))", "mu_plus"),
        ("classify_ball(mu=0)", "nsdkit.classify_ball(torques=np.zeros((1, 3)), mu=0)", "mu"),
        ("classify_ball(inertia=-1)",
         "nsdkit.classify_ball(torques=np.zeros((1, 3)), inertia=-1)", "inertia"),
        ("pade_rattleback(preset with escape bytes)",
         "nsdkit.pade_rattleback(preset='\\x1b[2JZ', t_end=0.01)", "preset"),
        ("kane_levinson(t_end=inf)", "nsdkit.kane_levinson(t_end=float('inf'))", "t_end"),
        ("heavy_ball(k_r0=2)", "nsdkit.heavy_ball(k_r0=2)", "k_r0"),
        ("body_from_json(source with escape bytes)",
         "nsdkit.body_from_json('{', source='a\\x1b[2Jb')", "a\\x1b"),
        ("read_body(a folder)", "nsdkit.read_body('.')", "body file"),
    ]
    return [python_case(f"options: python {name}", PY + code, field)
            for name, code, field in calls]


def cases():
    return rattleback_cases() + shape_cases() + python_cases()
