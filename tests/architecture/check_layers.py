#!/usr/bin/env python3
"""The architecture as a test: nsdkit's components include only components of lower layers, and
each heavy dependency is seen by one folder.

    check_layers.py SRC_DIR

Layers (a component may include its own headers and those of lower layers):
  0 core
  1 filippov, friction, rattleback, rolling, engines/scene
  2 contact, engines/<engine> (each engine adapter on the common scene)
  3 models, body, eventdriven, sim, stability_body
  4 region, mesh
  5 validation, hdf5
  6 cli
  7 mpi
  8 python (src/python)
Prints one line per violation and exits 1 if there is any.
"""
import os
import re
import sys

LAYERS = {
    "core": 0,
    "filippov": 1, "friction": 1, "rattleback": 1, "rolling": 1, "engines/scene": 1,
    "contact": 2, "engines/mujoco": 2, "engines/bullet": 2, "engines/ode": 2, "engines/dart": 2,
    "models": 3, "body": 3, "eventdriven": 3, "sim": 3, "stability_body": 3,
    "region": 4, "mesh": 4,
    "validation": 5, "hdf5": 5,
    "cli": 6,
    "mpi": 7,
    "python": 8,
}

# Each heavy dependency, by the include that brings it, and the one folder allowed to see it.
HEAVY = [
    (re.compile(r"#include\s*<CGAL/"), "mesh"),
    (re.compile(r"#include\s*<SiconosKernel\.hpp>|#include\s*<siconos/"), "sim"),
    (re.compile(r"#include\s*<mujoco/"), "engines/mujoco"),
    (re.compile(r"#include\s*<(btBulletDynamicsCommon\.h|BulletDynamics/|BulletCollision/|LinearMath/)"),
     "engines/bullet"),
    (re.compile(r"#include\s*<ode/"), "engines/ode"),
    (re.compile(r"#include\s*<dart/"), "engines/dart"),
    (re.compile(r"#include\s*<mpi\.h>"), "mpi"),
    (re.compile(r"#include\s*<pybind11/"), "python"),
    # (Parallel HDF5's hdf5.h brings mpi.h with it: the parallel writer in hdf5/ sees MPI only
    # through HDF5 and never includes mpi.h itself.)
    (re.compile(r"#include\s*<hdf5\.h>|#include\s*<H5Cpp\.h>"), "hdf5"),
]

NSDKIT_INCLUDE = re.compile(r"#include\s*<nsdkit/([a-z_]+)/([a-z_]+)")


def component_of(path, src):
    rel = os.path.relpath(path, src).replace(os.sep, "/")
    if rel.startswith("python/"):
        return "python"
    parts = rel.split("/")  # nsdkit/<component>/... or nsdkit/engines/<engine>/...
    if parts[1] == "engines":
        return "engines/" + parts[2]
    return parts[1]


def included_component(match):
    top, second = match.group(1), match.group(2)
    return "engines/" + second if top == "engines" else top


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    src = argv[1]
    violations = []
    checked = 0
    for root, _, files in os.walk(src):
        for name in files:
            if not name.endswith((".hpp", ".cpp", ".hpp.in")):
                continue
            path = os.path.join(root, name)
            component = component_of(path, src)
            if component not in LAYERS:
                violations.append(f"{path}: component '{component}' has no layer")
                continue
            checked += 1
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    m = NSDKIT_INCLUDE.search(line)
                    if m:
                        other = included_component(m)
                        if other not in LAYERS:
                            violations.append(f"{path}:{number}: includes unknown component '{other}'")
                        elif other != component and LAYERS[other] >= LAYERS[component]:
                            violations.append(
                                f"{path}:{number}: {component} (layer {LAYERS[component]}) includes "
                                f"{other} (layer {LAYERS[other]})")
                    for pattern, owner in HEAVY:
                        if pattern.search(line) and component != owner:
                            violations.append(f"{path}:{number}: {line.strip()} outside {owner}")
    for v in violations:
        print(v)
    print(f"{checked} files checked, {len(violations)} violations")
    return 1 if violations or checked < 50 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
