"""The jobs of the ``nsdkit`` command line, from Python: the same library functions
(src/nsdkit/jobs) with the same options and the same output files.

=====================  ==========================================================================
``nsdkit ball-trough``  :func:`ball_trough` (the main job: the paper's Sect. 6 end to end)
``nsdkit classify``     :func:`classify` (Def-11 / Def-9 verdicts of the rows of a CSV table)
``nsdkit mesh``         :func:`mesh` (a surface mesh of a stability body, and its HTML page)
``nsdkit region``       :func:`region` (a parameter sweep written as CSV, JSON or HDF5)
``nsdkit body``         :func:`body` (a body file's summary and its named section)
``nsdkit friction``     :func:`friction` (one combined-friction resultant, exact (6) or Pade (10))
``nsdkit friction-map`` :func:`friction_map` (Pade against exact over (u, v) and k_r)
``nsdkit heavy-ball``   :func:`heavy_ball` (the heavy ball on a rough plane, (11)-(18))
``nsdkit rattleback``   :func:`rattleback` (Kane-Levinson or Pade rattleback; Def 9 along it)
``nsdkit rolling-friction``  :func:`rolling_friction` (transient brush rolling friction)
``nsdkit validate``     :func:`validate` (the validation report; export, score, a body's cases)
=====================  ==========================================================================

Each keyword is the command's long option with ``-`` written ``_`` (``--trough-angle-deg`` is
``trough_angle_deg``); ``threads=0`` means all cores, as the CLI's default. The HTML pages are
written by :mod:`nsdkit.pages` in this interpreter, as ``nsdkit`` runs it in a child process, so
they are the same files. Bad input raises ``ValueError`` naming the option.
"""
import contextlib
import io
import json
import math
import os
import sys

from . import _nsdkit

_jobs = _nsdkit._jobs

__all__ = ["ball_trough", "classify", "mesh", "region", "body", "friction", "friction_map",
           "heavy_ball", "rattleback", "rolling_friction", "validate"]


def _quote(text):
    return "'" + str(text).replace("\\", "\\\\").replace("'", "\\'") + "'"


def _write_page(page, paths, options, field):
    """The jobs' page writer: nsdkit.pages' command line in this interpreter. True when the page
    is written; False, with a note on stderr, when plotly is missing; ValueError otherwise."""
    from . import pages

    errors = io.StringIO()
    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
        status = pages._main([page, *options, *paths])
    if status == 0:
        return True
    lines = [line for line in errors.getvalue().splitlines() if line.strip()]
    reason = lines[-1] if lines else "no message"
    for prefix in ("nsdkit pages: error: ", "pages.py: error: "):
        if reason.startswith(prefix):
            reason = reason[len(prefix):]
    if status == pages.PAGES_UNAVAILABLE:
        print(f"nsdkit: note: HTML page not written ({reason})", file=sys.stderr)
        return False
    what = f"{field or 'HTML page'} {_quote(paths[-1])}"
    raise ValueError(f"{what}: the page was not written: {reason}")


def _number(name, value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a number, got {value!r}")
    return float(value)


def _integer(name, value, lower, upper=None):
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if value < lower or (upper is not None and value > upper):
        bound = f"[{lower}, {upper}]" if upper is not None else f">= {lower}"
        raise ValueError(f"{name} must be in {bound}, got {value}")
    return value


def _text(name, value):
    if value is None:
        return ""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise ValueError(f"{name} must be a string or a path, got {value!r}")
    return value


def _trough(mu, mu_plus, mu_minus, inertia, trough_angle_deg):
    return {"mu": _number("mu", mu),
            "mu_plus": None if mu_plus is None else _number("mu_plus", mu_plus),
            "mu_minus": None if mu_minus is None else _number("mu_minus", mu_minus),
            "inertia": _number("inertia", inertia),
            "trough_angle_deg": _number("trough_angle_deg", trough_angle_deg)}


def _fixed(fix):
    """fix= as {name: value} or ["name=value", ...] (the CLI's --fix words)."""
    if fix is None:
        return {}
    if isinstance(fix, dict):
        return {str(name): _number(f"fix {_quote(name)}", value) for name, value in fix.items()}
    if isinstance(fix, str):
        fix = [fix]
    fixed = {}
    for item in fix:
        item = _text("fix", item)
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ValueError(f"fix {_quote(item)} must be name=value")
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if not math.isfinite(number):
            raise ValueError(f"fix {_quote(item)}: value is not a finite number")
        if name in fixed:
            raise ValueError(f"fix {_quote(item)}: {_quote(name)} is fixed twice")
        fixed[name] = number
    return fixed


def _axis_text(axis):
    """An axis as the CLI's --axis word: "name:lower:upper:count" or (name, lower, upper, count)
    (floats written so that they read back exactly)."""
    if isinstance(axis, str):
        return axis
    if isinstance(axis, (tuple, list)) and len(axis) == 4:
        name, lower, upper, count = axis
        return (f"{_text('axis name', name)}:{_number('axis lower', lower)!r}:"
                f"{_number('axis upper', upper)!r}:{_integer('axis count', count, 1)}")
    raise ValueError(f"axis {axis!r} must be 'name:lower:upper:count' or (name, lower, upper, count)")


def ball_trough(output_dir="out/ball_trough", *, mu=0.3, mu_plus=None, mu_minus=None, inertia=0.4,
                trough_angle_deg=90.0, grid=21, threads=0, html=True):
    """The main job (``nsdkit ball-trough``): the special values (90) and the maximum
    acceleration (91) by the closed forms and the generic route, a classified grid of
    ``grid``\\ :sup:`3` torques, the two-point-slip surface (88), the cross-sections at m_z = 0,
    m_z1, m_z2, 0.97 m_z3, the stability body meshed from its exact faces, and (``html``)
    stability_body.html, all written into ``output_dir``. Needs a 90 degree trough and
    mu+ = mu- < 1. Returns ``{"summary": <summary.json as a dict>, "files": [names written]}``."""
    result = _jobs.ball_trough(_text("output_dir", output_dir),
                               _trough(mu, mu_plus, mu_minus, inertia, trough_angle_deg),
                               _integer("grid", grid, 2, 400), _integer("threads", threads, 0),
                               _write_page if html else None)
    return {"summary": json.loads(result["summary"]), "files": list(result["files"])}


def classify(input, output, *, model=None, mu=0.3, mu_plus=None, mu_minus=None, inertia=0.4,
             trough_angle_deg=90.0, body=None, method="generic", threads=0, certify=False):
    """Def-11 (two contacts) or Def-9 (one contact) verdicts of every row of the CSV ``input``
    (``nsdkit classify``), written to the CSV ``output``: the input columns, then realizable,
    escapes and, with ``certify``, certified. ``model="ball-trough"`` (columns mx, my, mz, by
    ``method`` generic, generic-sampled or closed-form) or a ``body`` file (columns: its
    parameter names). Returns the counts the CLI prints."""
    if method not in ("generic", "generic-sampled", "closed-form"):
        raise ValueError(f"method {_quote(method)} is not one of generic, generic-sampled, "
                         "closed-form")
    if not isinstance(certify, bool):
        raise ValueError(f"certify must be True or False, got {certify!r}")
    args = {"model": _text("model", model), "body": _text("body", body),
            "input": _text("input", input), "output": _text("output", output),
            "method": method, "threads": _integer("threads", threads, 0, 1024),
            "certify": certify}
    return dict(_jobs.classify(args, _trough(mu, mu_plus, mu_minus, inertia, trough_angle_deg)))


def mesh(output, *, model="ball-trough", mu=0.3, mu_plus=None, mu_minus=None, inertia=0.4,
         trough_angle_deg=90.0, body=None, axes=None, fix=None, format=None, html=None,
         tolerance=5e-4, route="auto", edge_length=None, resolution=24, threads=0, mc_samples=0):
    """A surface mesh of a stability body (``nsdkit mesh``) written to ``output`` (off, ply, obj
    or stl, from ``format`` or the extension), with ``html`` an interactive page. The paper's
    ball over (m_x, m_y, m_z), or a ``body`` file over its three ``axes`` (names, e.g.
    ``["mx", "my", "mz"]`` or ``"mx,my,mz"``) with ``fix`` values. ``route``: auto, exact,
    implicit or shaped. Returns the summary the CLI prints (volume, distances, route, ...)."""
    if isinstance(axes, str):
        axes = axes.split(",")
    args = {"model": _text("model", model), "body": _text("body", body),
            "axes": [_text("axes", a) for a in (axes or [])],
            "output": _text("output", output), "format": _text("format", format),
            "html": _text("html", html), "route": _text("route", route),
            "tolerance": _number("tolerance", tolerance),
            "edge_length": math.nan if edge_length is None else _number("edge_length", edge_length),
            "resolution": _integer("resolution", resolution, 2, 400),
            "threads": _integer("threads", threads, 0, 1024),
            "mc_samples": _integer("mc_samples", mc_samples, 0, 100_000_000)}
    if route not in ("auto", "exact", "implicit", "shaped"):
        raise ValueError(f"route {_quote(route)} is not one of auto, exact, implicit, shaped")
    summary = _jobs.mesh(args, _trough(mu, mu_plus, mu_minus, inertia, trough_angle_deg),
                         _fixed(fix), _write_page)
    return json.loads(summary)


def region(axis, output, *, model="ball-trough", mu=0.3, mu_plus=None, mu_minus=None, inertia=0.4,
           trough_angle_deg=90.0, body=None, fix=None, refine_tol=0.0, format="csv", threads=0,
           checkpoint=None, resume=False, block_points=4096):
    """A parameter sweep (``nsdkit region``) written to ``output`` as csv, json or hdf5.
    ``axis``: one axis or a list, each "name:lower:upper:count" or (name, lower, upper, count);
    ``fix``: {name: value} or ["name=value", ...]; the paper's ball unless ``body`` names a body
    file. ``checkpoint`` keeps finished blocks in a folder (``resume`` continues there). Returns
    the counts the CLI prints: points, realizable, boundary_points, predicate_calls, seconds,
    blocks_computed, blocks_reused."""
    axes = [axis] if isinstance(axis, (str, tuple)) else list(axis)
    if not axes:
        raise ValueError("axis: give at least one axis")
    if format not in ("csv", "json", "hdf5"):
        raise ValueError(f"format {_quote(format)} is not one of csv, json, hdf5")
    if not isinstance(resume, bool):
        raise ValueError(f"resume must be True or False, got {resume!r}")
    args = {"model": _text("model", model), "body": _text("body", body),
            "refine_tol": _number("refine_tol", refine_tol), "format": format,
            "output": _text("output", output), "threads": _integer("threads", threads, 0, 1024),
            "checkpoint": _text("checkpoint", checkpoint), "resume": resume,
            "block_points": _integer("block_points", block_points, 1, 10_000_000)}
    return dict(_jobs.region(args, _trough(mu, mu_plus, mu_minus, inertia, trough_angle_deg),
                             [_axis_text(a) for a in axes], _fixed(fix)))


def body(body, output_dir, *, threads=0):
    """A body file's summary and the cross-section the file names (``nsdkit body``):
    ``output_dir``/summary.json and section.csv. Returns the body's name, the section's axes and
    its point counts."""
    return dict(_jobs.body(_text("body", body), _text("output_dir", output_dir),
                           _integer("threads", threads, 0, 1024)))


def _choice(name, value, choices):
    if value not in choices:
        raise ValueError(f"{name} {_quote(value)} is not one of {', '.join(choices)}")
    return value


def friction(model, v, u, *, kr=0.0, beta=0.0, pressure="hertz", tolerance=1e-8):
    """One combined-friction resultant (``nsdkit friction``): F_par, F_perp and M_c of the
    motion (sliding v, whirling u = omega R, rolling asymmetry kr, direction beta [rad]) by the
    exact integrals (6) (``model="exact"``, with its error estimate) or the Pade model (10).
    Returns the JSON the CLI prints, as a dict."""
    args = {"model": _choice("model", model, ("exact", "pade")), "v": _number("v", v),
            "u": _number("u", u), "kr": _number("kr", kr), "beta": _number("beta", beta),
            "pressure": _text("pressure", pressure), "tolerance": _number("tolerance", tolerance)}
    return json.loads(_jobs.friction(args))


def friction_map(output_dir="out/friction", *, grid=25, pressure="hertz", tolerance=1e-8,
                 threads=0):
    """The error map of the Pade model (10) against the exact integrals (6) at beta = pi/4 over
    u, v in [0, 3] (``grid`` points each) and k_r in {0, 0.5, 1} (``nsdkit friction-map``):
    ``output_dir``/friction_error_map.csv. Returns the point count and the largest differences
    of F_par, F_perp and M_c."""
    args = {"output_dir": _text("output_dir", output_dir), "grid": _integer("grid", grid, 2, 200),
            "pressure": _text("pressure", pressure), "tolerance": _number("tolerance", tolerance),
            "threads": _integer("threads", threads, 0, 1024)}
    return dict(_jobs.friction_map(args))


def heavy_ball(t_end, output, *, v0=1.0, u0=3.0, dt=1e-3, model="pade", friction=1.0,
               contact_radius=1.0, kr=0.5, mass=1.0, radius=1.0, gravity=1.0):
    """The heavy ball on a rough plane, eqs. (11)-(18) (``nsdkit heavy-ball``): the CSV
    ``output`` (t, x, y, v, u, alpha, omega_x, omega_y, omega_z every ``dt`` up to ``t_end``),
    with Pade (10) or exact (6) friction. Returns the sample and step counts and the times at
    which slip and whirl stop (-1: not reached)."""
    args = {"model": _choice("model", model, ("exact", "pade")), "v0": _number("v0", v0),
            "u0": _number("u0", u0), "t_end": _number("t_end", t_end), "dt": _number("dt", dt),
            "output": _text("output", output), "friction": _number("friction", friction),
            "contact_radius": _number("contact_radius", contact_radius), "kr": _number("kr", kr),
            "mass": _number("mass", mass), "radius": _number("radius", radius),
            "gravity": _number("gravity", gravity)}
    return dict(_jobs.heavy_ball(args))


def _optional_number(name, value):
    return None if value is None else _number(name, value)


def rattleback(t_end, output, *, model="kane-levinson", preset=None, mu=None, eps1=None,
               sigma=None, omega3=-5.0, alpha0_deg=0.5, beta0_deg=0.5, dt=1e-3, tolerance=None,
               realizability=False, stick_slip_check=None):
    """A rattleback (``nsdkit rattleback``): the Kane-Levinson model (rolling without slip, air
    drag ``sigma``) or the Pade-friction model (``preset`` A-F or kane-levinson, ``mu`` and
    ``eps1`` overriding it), written to the CSV ``output`` every ``dt`` [s] up to ``t_end`` [s].
    ``realizability=True``: Def 9 at every instant of the Kane-Levinson rolling motion at
    ``mu`` (default 0.3), with ``stick_slip_check`` the margin of the stick-slip cross-check.
    An option the chosen mode does not use raises ValueError. Returns the run's counts, spin
    reversals and final gamma [rad], or with ``realizability`` the summary the CLI prints."""
    if not isinstance(realizability, bool):
        raise ValueError(f"realizability must be True or False, got {realizability!r}")
    args = {"model": _choice("model", model, ("kane-levinson", "pade")),
            "preset": None if preset is None else _text("preset", preset),
            "mu": _optional_number("mu", mu), "eps1": _optional_number("eps1", eps1),
            "sigma": _optional_number("sigma", sigma), "omega3": _number("omega3", omega3),
            "alpha0_deg": _number("alpha0_deg", alpha0_deg),
            "beta0_deg": _number("beta0_deg", beta0_deg), "t_end": _number("t_end", t_end),
            "dt": _number("dt", dt), "tolerance": _optional_number("tolerance", tolerance),
            "realizability": realizability,
            "stick_slip_check": _optional_number("stick_slip_check", stick_slip_check),
            "output": _text("output", output)}
    result = dict(_jobs.rattleback(args))
    return json.loads(result["summary"]) if realizability else result


def rolling_friction(output_dir="out/rolling", *, case="two-plates", groove_angle_deg=60.0,
                     input="step", initial_omega=0.3, speed=0.02, duration=2.0, amplitude=0.1,
                     frequency=10.0, periods=8, dt=2e-4, w_max=1000.0, mu=None, grid=None,
                     load=None, radius=None):
    """Transient rolling friction of a sphere (brush model; ``nsdkit rolling-friction``): on a
    ``case`` plate, between two plates or in a V-groove, the response to a velocity ``input``
    step (or ramp), a sine, or (plate case) a free start. Writes ``output_dir``/time_series.csv
    and summary.json; returns the summary. ``mu``, ``grid``, ``load`` [N] and ``radius`` [m]
    default to the case's."""
    args = {"case": _choice("case", case, ("plate", "two-plates", "v-groove")),
            "groove_angle_deg": _number("groove_angle_deg", groove_angle_deg),
            "input": _choice("input", input, ("step", "ramp", "sine", "free")),
            "initial_omega": _number("initial_omega", initial_omega),
            "speed": _number("speed", speed), "duration": _number("duration", duration),
            "amplitude": _number("amplitude", amplitude),
            "frequency": _number("frequency", frequency),
            "periods": _integer("periods", periods, 2, 1000), "dt": _number("dt", dt),
            "w_max": _number("w_max", w_max), "mu": _optional_number("mu", mu),
            "grid": None if grid is None else _integer("grid", grid, 1),
            "load": _optional_number("load", load), "radius": _optional_number("radius", radius),
            "output_dir": _text("output_dir", output_dir)}
    return json.loads(_jobs.rolling_friction(args))


def validate(output="out/validation", *, t_end=None, map_grid=41, threads=0, quick=False,
             export_cases=None, score=False, cases=None, trajectories=None, solver_name=None,
             families=None, engines=None, body=None, input=None, body_grid=7, html=True):
    """The validation job (``nsdkit validate``): the report of every solver (``engines``) on
    the benchmark's cases of ``families`` with the mode maps, written into ``output``
    (report.md, report.json, the series and, with ``html``, report.html); or the cases
    exported as JSON into ``export_cases``; or (``score=True``) a solver's ``trajectories``
    of the exported ``cases`` scored; or a ``body`` file's own cases (``input`` CSV or a
    ``body_grid`` subsample of its section). ``families`` and ``engines``: comma-separated
    strings or lists. Returns the run and pass counts. (:func:`nsdkit.validate` returns the
    rows instead, without a report.)"""
    def words(name, value):
        if value is None:
            return None
        if isinstance(value, (list, tuple)):
            value = ",".join(_text(name, v) for v in value)
        return _text(name, value)

    for name, flag in (("quick", quick), ("score", score), ("html", html)):
        if not isinstance(flag, bool):
            raise ValueError(f"{name} must be True or False, got {flag!r}")
    args = {"output": _text("output", output), "t_end": _optional_number("t_end", t_end),
            "map_grid": _integer("map_grid", map_grid, 2, 201),
            "threads": _integer("threads", threads, 0, 1024), "quick": quick,
            "export_cases": _text("export_cases", export_cases), "score": score,
            "cases": _text("cases", cases), "trajectories": _text("trajectories", trajectories),
            "solver_name": None if solver_name is None else _text("solver_name", solver_name),
            "families": words("families", families), "engines": words("engines", engines),
            "body": _text("body", body), "input": _text("input", input),
            "body_grid": _integer("body_grid", body_grid, 1, 100)}
    return dict(_jobs.validate(args, _write_page if html else None))
