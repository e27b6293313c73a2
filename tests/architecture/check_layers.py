#!/usr/bin/env python3
"""The architecture as a test: nsdkit's components include and link only components of lower
layers, and each heavy dependency is seen (included and linked) by one folder.

    check_layers.py SRC_DIR [--link-graph FILE]

Layers (a component may use its own headers and those of lower layers):
  0 core
  1 filippov, friction, rattleback, rolling, engines/scene
  2 contact, engines/<engine> (each engine adapter on the common scene)
  3 body, eventdriven, sim, stability_body (generic bodies and their integrators)
  4 models (the papers' bodies, as closed forms and as factories of the generic ones)
  5 region, mesh
  6 validation, hdf5
  7 jobs (what the front ends run)
  8 cli
  9 mpi
  10 python (src/python)

Includes: every C and C++ file under SRC_DIR (.h, .hh, .hpp, .hxx, .ipp, .tpp, .inl, .c, .cc,
.cpp, .cxx and their .in templates), every `#include` whether <angle> or "quoted": an
<nsdkit/component/...> include names its component; a quoted one is resolved against the
including file's folder and SRC_DIR, and one that lands in src/ names the component there.
Link dependencies: FILE is the link graph the configure step writes
(cmake/NsdkitLinkGraph.cmake): each target's direct link dependencies, checked by the same
layers and the same owners.
Prints one line per violation and exits 1 if there is any.
"""
import os
import re
import sys

LAYERS = {
    "core": 0,
    "filippov": 1, "friction": 1, "rattleback": 1, "rolling": 1, "engines/scene": 1,
    "contact": 2, "engines/mujoco": 2, "engines/bullet": 2, "engines/ode": 2, "engines/dart": 2,
    "body": 3, "eventdriven": 3, "sim": 3, "stability_body": 3,
    "models": 4,
    "region": 5, "mesh": 5,
    "validation": 6, "hdf5": 6,
    "jobs": 7,
    "cli": 8,
    "mpi": 9,
    "python": 10,
}

# Each heavy dependency: the header an include names, the library a target links, and the
# folders allowed to see it. (Parallel HDF5 is built on MPI: the parallel writer in hdf5/ links
# MPI and sees mpi.h only through hdf5.h, never including it itself.)
HEAVY = [
    ("CGAL", r"CGAL/", r"CGAL(::.*)?", {"mesh"}),
    ("Siconos", r"SiconosKernel\.hpp|siconos/", r"Siconos::.*|siconos.*", {"sim"}),
    ("MuJoCo", r"mujoco/|mujoco\.h", r"mujoco(::.*)?", {"engines/mujoco"}),
    ("Bullet", r"btBulletDynamicsCommon\.h|btBulletCollisionCommon\.h|BulletDynamics/|"
               r"BulletCollision/|LinearMath/|bullet/",
     r"PkgConfig::NSD_BULLET.*|Bullet.*|LinearMath", {"engines/bullet"}),
    ("ODE", r"ode/", r"PkgConfig::NSD_ODE|ode", {"engines/ode"}),
    ("DART", r"dart/", r"dart(-.*)?|dart::.*", {"engines/dart"}),
    ("MPI", r"mpi\.h|openmpi/|mpi/", r"MPI::.*", {"mpi", "hdf5"}),
    ("pybind11", r"pybind11/|Python\.h", r"pybind11::.*|Python3::Module", {"python"}),
    ("HDF5", r"hdf5[A-Za-z0-9_]*\.h|H5[A-Za-z0-9_]*\.h|H5Cpp\.h", r".*libhdf5.*|hdf5(::.*)?",
     {"hdf5"}),
    ("CLI11", r"CLI/", r"CLI11::.*", {"cli", "mpi"}),  # the two command-line front ends
]
HEAVY_INCLUDE = [(name, re.compile(r"(?:" + inc + r")"), owners)
                 for name, inc, _, owners in HEAVY]
HEAVY_LINK = [(name, re.compile(r"(?:" + link + r")$"), owners)
              for name, _, link, owners in HEAVY]

SOURCE_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tpp", ".inl", ".c", ".cc",
                   ".cpp", ".cxx", ".c++")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
NSDKIT_INCLUDE = re.compile(r"^nsdkit/([A-Za-z0-9_]+)/([A-Za-z0-9_]+)")


def is_source(name):
    return name.endswith(SOURCE_SUFFIXES) or name.endswith(tuple(s + ".in"
                                                               for s in SOURCE_SUFFIXES))


def component_of_folder(rel):
    """The component of a folder relative to SRC_DIR (None outside nsdkit/ and python/)."""
    parts = [p for p in rel.replace(os.sep, "/").split("/") if p not in ("", ".")]
    if parts[:1] == ["python"]:
        return "python"
    if parts[:1] != ["nsdkit"] or len(parts) < 2:
        return None
    if parts[1] == "engines":
        return "engines/" + parts[2] if len(parts) > 2 else None
    return parts[1]


def component_of_relative(rel):
    """The component of a file relative to SRC_DIR."""
    return component_of_folder(os.path.dirname(rel))


def included_component(src, path, bracket, name):
    """The component an include names, or None for a header outside the project."""
    m = NSDKIT_INCLUDE.match(name)
    if m:
        top, second = m.group(1), m.group(2)
        return "engines/" + second if top == "engines" else top
    if bracket != '"':
        return None
    for base in (os.path.dirname(path), src):
        candidate = os.path.normpath(os.path.join(base, name))
        rel = os.path.relpath(candidate, src)
        if not rel.startswith("..") and os.path.exists(candidate):
            return component_of_relative(rel) or "(outside the components)"
    return None


def layer_violation(where, component, other):
    if other not in LAYERS:
        return f"{where}: uses unknown component '{other}'"
    if other != component and LAYERS[other] >= LAYERS[component]:
        return (f"{where}: {component} (layer {LAYERS[component]}) uses {other} "
                f"(layer {LAYERS[other]})")
    return None


def check_includes(src):
    violations, checked = [], 0
    for root, _, files in os.walk(src):
        for name in sorted(files):
            if not is_source(name):
                continue
            path = os.path.join(root, name)
            component = component_of_relative(os.path.relpath(path, src))
            if component not in LAYERS:
                violations.append(f"{path}: component '{component}' has no layer")
                continue
            checked += 1
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    where = f"{path}:{number}"
                    other = included_component(src, path, m.group(1), m.group(2))
                    if other is not None:
                        problem = layer_violation(where, component, other)
                        if problem:
                            violations.append(problem)
                        continue
                    for heavy, pattern, owners in HEAVY_INCLUDE:
                        if pattern.match(m.group(2)) and component not in owners:
                            violations.append(f"{where}: includes {heavy} ({m.group(2)}) "
                                              f"outside {', '.join(sorted(owners))}")
    return violations, checked


def check_links(graph_path):
    """The link graph: (target, folder, deps) lines; every dependency that is a target of src/
    by the layers, every heavy library by its owners."""
    with open(graph_path, encoding="utf-8") as f:
        entries = [line.rstrip("\n").split("|") for line in f if line.strip()]
    folder_of = {target: folder for target, folder, _ in entries}
    violations = []
    for target, folder, deps in entries:
        component = component_of_folder(os.path.relpath(folder, "src"))
        if component not in LAYERS:
            violations.append(f"target {target} ({folder}): component '{component}' has no layer")
            continue
        for dep in filter(None, deps.split(";")):
            where = f"target {target} ({folder}) links {dep}"
            if dep in folder_of:
                other = component_of_folder(os.path.relpath(folder_of[dep], "src"))
                problem = layer_violation(where, component, other)
                if problem:
                    violations.append(problem)
                continue
            for heavy, pattern, owners in HEAVY_LINK:
                if pattern.match(dep) and component not in owners:
                    violations.append(f"{where}: {heavy} outside {', '.join(sorted(owners))}")
    return violations, len(entries)


def main(argv):
    args = argv[1:]
    graph = None
    if "--link-graph" in args:
        k = args.index("--link-graph")
        if k + 1 >= len(args):
            sys.stderr.write(__doc__)
            return 2
        graph = args[k + 1]
        del args[k:k + 2]
    if len(args) != 1:
        sys.stderr.write(__doc__)
        return 2
    violations, checked = check_includes(args[0])
    targets = 0
    if graph:
        link_violations, targets = check_links(graph)
        violations += link_violations
    for v in violations:
        print(v)
    print(f"{checked} files and {targets} targets checked, {len(violations)} violations")
    return 1 if violations or checked < 50 or (graph and targets < 10) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
