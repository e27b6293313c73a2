#!/usr/bin/env python3
"""The build targets that ctest tests run: one per line, sorted, no duplicates.

Usage: ctest_targets.py BUILD_DIR [ctest selection arguments, e.g. -L unit or -R '^(a|b)$']

A test's target is its command's executable when that lies in BUILD_DIR (the test executables
are one per folder and kind, run with a filter per test file: tests/CMakeLists.txt); a test run
by an interpreter (cmake -P, bash, python3) has none. Used by `./nsdkit.sh asan-unit` and the
mutation runner (tests/mutation/run_mutations.py) to build only what the selected tests run.
"""
import json
import subprocess
import sys
from pathlib import Path


def targets_of(build_dir, selection):
    """{ctest test name: target name or None} of the tests `selection` selects in build_dir."""
    shown = subprocess.run(["ctest", "--test-dir", str(build_dir), "--show-only=json-v1",
                            *selection], capture_output=True, text=True, check=True)
    build = Path(build_dir).resolve()
    found = {}
    for test in json.loads(shown.stdout).get("tests", []):
        command = test.get("command") or []
        executable = Path(command[0]).resolve() if command else None
        inside = executable is not None and build in executable.parents
        found[test["name"]] = executable.name if inside else None
    return found


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    for target in sorted({t for t in targets_of(argv[1], argv[2:]).values() if t}):
        print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
