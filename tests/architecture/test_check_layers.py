"""The layering check catches what it exists to catch: each violation below, planted in a copy
of src/ (or of the link graph), is reported by check_layers.py with its file, and the copy
without them passes. Run by ctest (architecture_layers_selftest)."""
import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = os.path.join(HERE, "check_layers.py")
SRC = os.path.normpath(os.path.join(HERE, "..", "..", "src"))
GRAPH = os.environ.get("NSDKIT_LINK_GRAPH", "")

# (file to create or append to, relative to src/; the line planted; what the report names)
PLANTED = [
    ("nsdkit/core/planted.cpp", "#include <nsdkit/hdf5/sweep_file_writer.hpp>", "hdf5"),
    ("nsdkit/models/planted.cpp", '#include "../validation/validation.hpp"', "validation"),
    ("nsdkit/contact/planted.cpp", '#include "nsdkit/mesh/stability_body_mesh.hpp"', "mesh"),
    ("nsdkit/filippov/planted.h", "#include <nsdkit/region/region.hpp>", "region"),
    ("nsdkit/filippov/planted.ipp", "#  include <nsdkit/models/ball_trough.hpp>", "models"),
    ("nsdkit/region/planted.hxx", "#include <H5Ppublic.h>", "HDF5"),
    ("nsdkit/body/planted.cpp", "#include <CLI/CLI.hpp>", "CLI11"),
    ("nsdkit/contact/planted.cpp", "#include <CGAL/Exact_predicates_exact_constructions_kernel.h>",
     "CGAL"),
    ("nsdkit/core/planted.cc", "#include <mpi.h>", "MPI"),
]


@pytest.fixture(scope="module")
def src_copy(tmp_path_factory):
    copy = tmp_path_factory.mktemp("layers") / "src"
    shutil.copytree(SRC, copy, ignore=shutil.ignore_patterns("*.py", "*.js", "*.css"))
    return str(copy)


def run(src, graph=None):
    argv = [sys.executable, CHECK, src] + (["--link-graph", graph] if graph else [])
    result = subprocess.run(argv, capture_output=True, text=True)
    return result.returncode, result.stdout


def test_the_tree_as_it_is_passes(src_copy):
    code, out = run(src_copy)
    assert code == 0, out


@pytest.mark.parametrize("relative, line, named", PLANTED)
def test_a_planted_include_is_reported(src_copy, relative, line, named):
    path = os.path.join(src_copy, relative)
    existed = os.path.exists(path)
    with open(path, "a", encoding="utf-8") as f:
        f.write("\n" + line + "\n")
    try:
        code, out = run(src_copy)
    finally:
        os.remove(path)
    assert existed is False  # each planted file is new: removing it restores the copy
    assert code == 1, out
    reported = [v for v in out.splitlines() if relative.split("/")[-1] in v]
    assert len(reported) == 1 and named in reported[0], out


def graph_lines():
    if not GRAPH:
        pytest.skip("NSDKIT_LINK_GRAPH not set (ctest sets it)")
    with open(GRAPH, encoding="utf-8") as f:
        return f.read().splitlines()


def test_the_link_graph_as_it_is_passes(src_copy):
    code, out = run(src_copy, GRAPH) if GRAPH else (0, "")
    if not GRAPH:
        pytest.skip("NSDKIT_LINK_GRAPH not set (ctest sets it)")
    assert code == 0, out


@pytest.mark.parametrize("target, extra, named", [
    ("nsd_core", "nsd_region", "region"),          # a link up the layers
    ("nsd_models", "CGAL", "CGAL"),                 # a heavy library outside its folder
    ("nsd_contact", "MPI::MPI_CXX", "MPI"),
    ("nsd_body", "/usr/lib/x86_64-linux-gnu/hdf5/serial/libhdf5.so", "HDF5"),
])
def test_a_planted_link_is_reported(src_copy, tmp_path, target, extra, named):
    lines = graph_lines()
    planted = []
    for line in lines:
        name, folder, deps = line.split("|")
        if name == target:
            deps = ";".join(filter(None, [deps, extra]))
        planted.append("|".join([name, folder, deps]))
    assert planted != lines
    graph = tmp_path / "graph.txt"
    graph.write_text("\n".join(planted) + "\n")
    code, out = run(src_copy, str(graph))
    assert code == 1, out
    reported = [v for v in out.splitlines() if v.startswith(f"target {target} ")]
    assert len(reported) == 1 and named in reported[0], out
