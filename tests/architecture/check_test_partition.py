#!/usr/bin/env python3
"""Every GoogleTest test of every test executable is run by exactly one ctest test.

Usage: check_test_partition.py BUILD_DIR

tests/CMakeLists.txt builds one executable per folder and kind (<folder>_unit_tests,
<folder>_tests) and registers each test file as a ctest test of its own name: the executable
with a --gtest_filter of that file's suites. A test no filter selects would never run (and a
filter that selects nothing passes with 0 tests); one two filters select runs twice under two
names. This reads the tests' commands (the CTestTestfile.cmake files, tests/ctest_targets.py),
lists each executable's tests (`--gtest_list_tests`) and reports both, and an executable that is
not built. Exit status 1 when any is found, 2 on a usage error.
"""
import fnmatch
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import ctest_targets  # noqa: E402


def gtest_filters(commands):
    """{executable: {ctest test name: [positive patterns]}} of the tests run with --gtest_filter,
    from {ctest test name: [command, arguments...]}."""
    found = {}
    for name, command in commands.items():
        for argument in command[1:]:
            if argument.startswith("--gtest_filter="):
                positive = argument[len("--gtest_filter="):].split("-", 1)[0]
                found.setdefault(command[0], {})[name] = positive.split(":")
    return found


def listed_tests(listing):
    """Full names (Suite.Test) from the output of --gtest_list_tests."""
    names, suite = [], None
    for line in listing.splitlines():
        if not line.strip():
            continue
        entry = line.split("#", 1)[0].strip()
        if line.startswith(" "):
            names.append(suite + entry)
        else:
            suite = entry
    return names


def partition_problems(filters, names):
    """Problems of one executable: `filters` maps ctest names to patterns, `names` its tests."""
    problems = []
    for full in names:
        owners = [test for test, patterns in filters.items()
                  if any(fnmatch.fnmatchcase(full, p) for p in patterns)]
        if not owners:
            problems.append(f"{full} is run by no ctest test")
        elif len(owners) > 1:
            listed = ", ".join(sorted(owners))
            problems.append(f"{full} is run by {len(owners)} ctest tests: {listed}")
    for test, patterns in filters.items():
        if not any(fnmatch.fnmatchcase(full, p) for full in names for p in patterns):
            problems.append(f"ctest test {test} selects no test")
    return problems


def main(argv):
    if len(argv) != 2 or not Path(argv[1]).is_dir():
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    problems, count = [], 0
    for executable, filters in sorted(gtest_filters(ctest_targets.test_commands(argv[1])).items()):
        if not Path(executable).is_file():
            problems.append(f"{executable} is not built")
            continue
        listing = subprocess.run([executable, "--gtest_list_tests"], capture_output=True,
                                 text=True, check=True).stdout
        names = listed_tests(listing)
        count += len(names)
        problems += [f"{Path(executable).name}: {p}" for p in partition_problems(filters, names)]
    for problem in problems:
        print(problem)
    print(f"check_test_partition: {count} tests, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
