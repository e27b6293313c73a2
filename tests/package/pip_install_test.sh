#!/usr/bin/env bash
# `pip install .` as a Python user runs it: a fresh virtual environment (python3 -m venv, with
# Debian's site packages for NumPy: PyPI is not used), pip install --no-build-isolation
# --no-index, then `import nsdkit` from a folder outside the checkout must load the module from
# the venv's site-packages, report the project's version in its metadata, and work.
#   pip_install_test.sh PYTHON3 SOURCE_DIR BUILD_DIR WORK
set -euo pipefail
python=$1 source=$2 build=$3 work=$4
rm -rf "$work" && mkdir -p "$work/elsewhere"
unset PYTHONPATH
"$python" -m venv --system-site-packages "$work/venv"
(cd "$source" && "$work/venv/bin/pip" install --quiet --no-build-isolation --no-index \
   --config-settings "build-dir=$build" .)
version=$(sed -n 's/^project(nsdkit VERSION \([0-9.]*\).*/\1/p' "$source/CMakeLists.txt")
cd "$work/elsewhere"
"$work/venv/bin/python" - "$work/venv" "$version" "$source/examples/bodies/wheelset.json" <<'PY'
import importlib.metadata
import os
import sys

import nsdkit

venv, version, body = sys.argv[1:]
where = os.path.realpath(nsdkit.__file__)
assert where.startswith(os.path.realpath(venv)) and "site-packages" in where, where
assert importlib.metadata.version("nsdkit") == version, importlib.metadata.version("nsdkit")
assert "numpy" in " ".join(importlib.metadata.requires("nsdkit"))
import nsdkit.pages  # the pure-Python part came along
wheelset = nsdkit.read_body(body)
v = wheelset.classify([[0.0, 0.5]], ["fx", "fz"])
assert bool(v["realizable"][0]), v
print(f"nsdkit {version} imported from {where}")
PY
"$work/venv/bin/pip" uninstall --quiet --yes nsdkit
! ls -d "$work/venv/lib/python3"*/site-packages/nsdkit 2>/dev/null || { echo "FAIL: uninstall left the package"; exit 1; }
echo "pip install . and import nsdkit: ok"
