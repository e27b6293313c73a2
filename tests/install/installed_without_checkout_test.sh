#!/usr/bin/env bash
# An installed nsdkit works without its checkout: `cmake --install` into a prefix outside the
# source tree, then, in a private mount namespace where the checkout (with its build trees) is an
# empty folder, the installed nsdkit writes a mesh with its HTML page and a validation report with
# report.html and replay.html, and `import nsdkit` from the prefix classifies a load.
#   installed_without_checkout_test.sh BUILD_DIR SOURCE_DIR PYTHON
# Needs unshare(1) with mount namespaces (root, or a kernel allowing unprivileged ones): where they
# are refused the test says so and is skipped (exit 77).
set -euo pipefail
build=$1 source=$2 python=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d /tmp/nsdkit-install-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
mkdir "$work/empty"
if ! unshare --mount --propagation private true 2>/dev/null; then
  echo "SKIP: mount namespaces are refused here (unshare --mount); cannot hide the checkout"
  exit 77
fi
# Inside: the checkout is gone; everything runs from the prefix. The source path still printed by
# the build-tree nsdkit must not exist there.
unshare --mount --propagation private bash -euo pipefail -c '
  mount --bind "$1" "$2"
  [ -z "$(ls -A "$2")" ] || { echo "FAIL: the checkout is still visible" >&2; exit 1; }
  cd "$3"
  prefix=$3/prefix
  "$prefix/bin/nsdkit" mesh --output ball.off --html ball.html > mesh.log
  grep -q "<html" ball.html || { echo "FAIL: no mesh page" >&2; exit 1; }
  "$prefix/bin/nsdkit" validate --quick --engines builtin --families incline,block \
    --map-grid 3 --quiet --output report > validate.log
  for f in report.md report.json report.html replay.html report_files/data.js \
           report_files/replay.js report_files/chunks/0000.js; do
    [ -s "report/$f" ] || { echo "FAIL: report/$f missing" >&2; exit 1; }
  done
  PYTHONPATH="$prefix/lib/nsdkit/python" "$4" -c "
import nsdkit, numpy, os
assert nsdkit.__file__.startswith(os.environ[\"PYTHONPATH\"]), nsdkit.__file__
# Rest is realizable two-point rolling; (0.9, 0.9, 0) lies outside, escaping by RS, SR or SS.
r = nsdkit.classify_ball(numpy.array([[0.0, 0.0, 0.0], [0.9, 0.9, 0.0]]))
assert list(r[\"realizable\"]) == [True, False] and r[\"escapes\"][1] == \"RS|SR|SS\", r
print(\"python:\", nsdkit.__file__)
"
' bash "$work/empty" "$source" "$work" "$python"
grep -q "lib/nsdkit/python/nsdkit/pages.py" "$work/install.log" || fail "pages.py was not installed"
echo "installed nsdkit ran without its checkout"
