#!/usr/bin/env python3
"""Bring your own solver from Python: a toy solver (explicit Euler of a sphere with Coulomb
friction, written here in NumPy) runs the benchmark's launch cases and nsdkit scores it.

A real user replaces `toy_solver` by their engine (PyBullet, MuJoCo, Drake, Genesis, ...): take
the case's scene (SI units, frame written in the case), simulate, and hand an (n, 14) or (n, 10)
array to nsdkit.validation.score. Exits 1 when the scores are not what the physics says: the
Coulomb toy must pass every launch (straight path, onset and final speed), and the same toy with
its friction cut by 15 % must fail them on the rolling onset (17.6 % late; tolerance 5 %).
"""
import sys

import numpy as np

from nsdkit import validation


def toy_solver(case, friction_scale=1.0, h=1e-4):
    """Explicit Euler of a sphere on its one plane: Coulomb friction at the contact point against
    the slip, no contact compliance. Returns the (n, 10) trajectory sampled every 1 ms."""
    scene = case["scene"]
    r, m = scene["radius_m"], scene["mass_kg"]
    J = np.array(scene["inertia_kg_m2"])
    g = np.array(scene["gravity_m_s2"])
    plane = scene["planes"][0]
    n = np.array(plane["normal"])
    mu = friction_scale * plane["mu"]
    x = np.array(scene["initial_state"]["position_m"], dtype=float)
    v = np.array(scene["initial_state"]["velocity_m_s"], dtype=float)
    w = np.array(scene["initial_state"]["angular_velocity_rad_s"], dtype=float)
    rows = [np.concatenate(([0.0], x, v, w))]
    steps = int(round(case["duration_s"] / h))
    every = int(round(1e-3 / h))
    normal_force = -m * g.dot(n)
    for i in range(1, steps + 1):
        slip = v + np.cross(w, -r * n)
        slip -= slip.dot(n) * n
        speed = np.linalg.norm(slip)
        # Sticking when the slip would reverse within the step (the rolling constraint holds).
        friction = -mu * normal_force * slip / speed if speed > 1e-9 else np.zeros(3)
        accel = g + n * normal_force / m + friction / m
        alpha = np.linalg.solve(J, np.cross(-r * n, friction))
        new_slip = slip + h * (accel + np.cross(alpha, -r * n))
        if speed > 1e-9 and new_slip.dot(slip) <= 0.0:  # rolling from here on: v = r w x n
            v_roll = v.dot(slip / speed) * slip / speed
            w_roll = np.cross(n, v_roll) / r
            v, w = v_roll, w_roll + w.dot(n) * n
        else:
            v, w = v + h * accel, w + h * alpha
        x = x + h * v
        if i % every == 0:
            rows.append(np.concatenate(([i * h], x, v, w)))
    return np.array(rows)


def main():
    launches = validation.cases(families=["launch"])
    ok = True
    for case in launches:
        exact = validation.score(case, toy_solver(case), solver_name="toy-coulomb")
        weak = validation.score(case, toy_solver(case, friction_scale=0.85), solver_name="toy-weak")
        print(f"{case['name']:32s} coulomb: {exact['status']:4s} "
              f"(drift {exact['heading_drift_deg']:.2e} deg, onset error {exact['onset_error']:+.4f}); "
              f"mu - 15 %: {weak['status']}")
        ok &= exact["pass"] and not weak["pass"] and "onset" in weak["reason"]
    print("scores as expected" if ok else "UNEXPECTED SCORES")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
