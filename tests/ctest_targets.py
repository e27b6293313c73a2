#!/usr/bin/env python3
"""The build targets that ctest tests run: one per line, sorted, no duplicates.

Usage: ctest_targets.py BUILD_DIR [ctest selection arguments, e.g. -L unit or -R '^(a|b)$']

A test's target is its command's executable when that lies in BUILD_DIR (the test executables
are one per folder and kind, run with a filter per test file: tests/CMakeLists.txt); a test run
by an interpreter (cmake -P, bash, python3) has none. The commands are read from the
CTestTestfile.cmake files the configure step writes, which name each executable before it is
built (`ctest --show-only` leaves out the command of a test whose executable does not exist yet).
Used by `./nsdkit.sh asan-unit` and the mutation runner (tests/mutation/run_mutations.py) to
build only what the selected tests run, and by tests/architecture/check_test_partition.py.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

ADD_TEST = re.compile(r'^add_test\(\[=\[(?P<name>.+?)\]=\](?P<arguments>.*)\)\s*$')
QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


def test_commands(build_dir):
    """{ctest test name: [command, arguments...]} of every test configured in build_dir."""
    commands = {}
    for testfile in sorted(Path(build_dir).rglob("CTestTestfile.cmake")):
        for line in testfile.read_text().splitlines():
            match = ADD_TEST.match(line)
            if match:
                arguments = [re.sub(r"\\(.)", r"\1", a)
                             for a in QUOTED.findall(match.group("arguments"))]
                commands[match.group("name")] = arguments
    return commands


def selected_names(build_dir, selection):
    """The names of the tests that the ctest arguments `selection` select in build_dir."""
    shown = subprocess.run(["ctest", "--test-dir", str(build_dir), "--show-only=json-v1",
                            *selection], capture_output=True, text=True, check=True)
    return [test["name"] for test in json.loads(shown.stdout).get("tests", [])]


def targets_of(build_dir, selection):
    """{ctest test name: target name or None} of the tests `selection` selects in build_dir."""
    build = Path(build_dir).resolve()
    commands = test_commands(build_dir)
    found = {}
    for name in selected_names(build_dir, selection):
        command = commands.get(name)
        if not command:
            raise SystemExit(f"ctest_targets: no add_test line for {name} under {build_dir}")
        executable = Path(command[0]).resolve()
        found[name] = executable.name if build in executable.parents else None
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
