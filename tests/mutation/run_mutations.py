#!/usr/bin/env python3
"""Mutation check: each mutation of tests/mutation/mutations.json must make its catching tests fail.

Usage: run_mutations.py SOURCE_DIR BUILD_DIR [--only ID ...] [--sample N --seed S] [--jobs J]
       [--dry-run]

For each selected mutation: check that its original text occurs exactly once in its file, write
the mutated text, rebuild the executables the catching tests run (tests/ctest_targets.py), run
`ctest --test-dir BUILD_DIR -R '^(a|b)$'` and record "caught" (a test failed or the build
failed to compile the mutant: a mutant that does not compile is reported as "no-build", which
counts as a problem of the list, not as caught) or "survived". The file is ALWAYS restored (in a
finally block, and on SIGINT/SIGTERM), and the restored tree is rebuilt at the end. Prints a
table; exits 1 if any mutation survived, did not build, has no catching tests, or its text is
missing or ambiguous. Entries with an "equivalent" reason (no input can catch them) are
listed, not run. --dry-run only checks the texts. Never run it on a checkout that others
are editing: it rewrites source files while it runs.
"""
import argparse
import json
import random
import signal
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import ctest_targets  # noqa: E402

LIST = Path(__file__).resolve().parent / "mutations.json"


def load(ids, sample, seed):
    mutations = json.loads(LIST.read_text())["mutations"]
    if ids:
        unknown = set(ids) - {m["id"] for m in mutations}
        if unknown:
            sys.exit(f"run_mutations: error: unknown mutation id(s) {sorted(unknown)}")
        mutations = [m for m in mutations if m["id"] in ids]
    if sample:
        mutations = random.Random(seed).sample(mutations, min(sample, len(mutations)))
    return mutations


def text_problem(source, m):
    """Why the mutation cannot be applied, or ''."""
    if not m.get("original") or m.get("mutated") is None:
        return "no original/mutated text"
    path = source / m["file"]
    if not path.is_file():
        return f"missing file {m['file']}"
    count = path.read_text().count(m["original"])
    return "" if count == 1 else f"original text found {count} times"


class Restorer:
    """Holds the one file currently mutated, so that a signal can put it back."""

    def __init__(self):
        self.path, self.text = None, None

    def restore(self):
        if self.path is not None:
            self.path.write_text(self.text)
            self.path, self.text = None, None


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def build_targets(build, tests):
    """The targets to build for ctest tests `tests`: their executables, or everything when one
    of them is run by an interpreter (a CLI test needs the CLI)."""
    pattern = "^(" + "|".join(tests) + ")$"
    found = ctest_targets.targets_of(build, ["-R", pattern])
    if not found or None in found.values():
        return ["all"]
    return sorted(set(found.values()))


def check(source, build, m, restorer, jobs):
    path = source / m["file"]
    original = path.read_text()
    restorer.path, restorer.text = path, original
    try:
        path.write_text(original.replace(m["original"], m["mutated"]))
        targets = build_targets(build, m["catching"])
        built = run(["cmake", "--build", str(build), f"-j{jobs}", "--target", *targets])
        if built.returncode != 0:
            return "no-build"
        pattern = "^(" + "|".join(m["catching"]) + ")$"
        tested = run(["ctest", "--test-dir", str(build), "-R", pattern])
        if "No tests were found" in tested.stdout:
            return "no-tests"
        return "caught" if tested.returncode != 0 else "survived"
    finally:
        restorer.restore()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("build", type=Path)
    parser.add_argument("--only", nargs="+", metavar="ID")
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2, help="build jobs (default 2)")
    parser.add_argument("--dry-run", action="store_true", help="only check the texts occur once")
    a = parser.parse_args()
    source, build = a.source.resolve(), a.build.resolve()
    restorer = Restorer()

    def on_signal(number, _frame):
        restorer.restore()
        sys.exit(128 + number)

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    rows, targets = [], set()
    try:
        for m in load(a.only, a.sample, a.seed):
            problem = text_problem(source, m)
            if m.get("equivalent"):
                result = "equivalent"
            elif problem:
                result = "text: " + problem
            elif not m.get("catching"):
                result = "no catching tests"
            elif a.dry_run:
                result = "text ok"
            else:
                targets.update(build_targets(build, m["catching"]))
                result = check(source, build, m, restorer, a.jobs)
            rows.append((m["id"], m.get("component", ""), result, " ".join(m.get("catching", []))))
            print(f"{m['id']:>4}  {result}", flush=True)
    finally:
        restorer.restore()
        if targets:  # the tests' binaries back to the unmutated code
            run(["cmake", "--build", str(build), f"-j{a.jobs}", "--target", *sorted(targets)])

    print(f"\n{'id':>4}  {'component':<15} {'result':<22} catching tests")
    for row in rows:
        print(f"{row[0]:>4}  {row[1]:<15} {row[2]:<22} {row[3]}")
    good = {"caught", "text ok", "equivalent"}
    bad = [r for r in rows if r[2] not in good]
    print(f"\n{len(rows) - len(bad)} of {len(rows)} ok")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
