#!/usr/bin/env python3
"""MuJoCo 3.3.8 (WebAssembly, scored by nsdkit validate --score) next to the built-in MuJoCo 2.2.2
(nsdkit validate) at the same settings, row by row.

    compare_mujoco_versions.py VALIDATE_REPORT_DIR SCORED_DIR... > comparison.md

Each SCORED_DIR is the --output of `nsdkit validate --score` with a --solver-name of the form
mujoco-3.3.8/<setting>/h=<step>; its rows are joined by case with the built-in rows
mujoco/<setting>/h=<step> of VALIDATE_REPORT_DIR/report.json. Prints, per setting, the pass
counts per family for both versions and every row whose verdict differs, with both reasons.
"""
import collections
import json
import os
import sys


def rows(report_dir):
    with open(os.path.join(report_dir, "report.json")) as f:
        return json.load(f)["rows"]


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    builtin = collections.defaultdict(dict)
    for r in rows(argv[1]):
        builtin[r["solver"]][r["case"]] = r
    for scored_dir in argv[2:]:
        scored = rows(scored_dir)
        label = scored[0]["solver"]  # mujoco-3.3.8/<setting>/h=<step>
        setting, step = label.split("/")[1], label.split("/")[2]
        old_label = f"mujoco/{setting}/h={float(step[2:]):g}"
        old = builtin.get(old_label)
        if old is None:
            sys.stderr.write(f"no built-in rows {old_label} in {argv[1]}\n")
            return 2
        counts = collections.defaultdict(lambda: [0, 0, 0])
        differing = []
        for r in scored:
            o = old.get(r["case"])
            if o is None:
                continue
            c = counts[r["family"]]
            c[0] += 1
            c[1] += r["pass"]
            c[2] += o["pass"]
            if r["pass"] != o["pass"]:
                differing.append((r, o))
        print(f"\n#### {setting}, {step}: MuJoCo 3.3.8 vs 2.2.2\n")
        print("| family | cases | 3.3.8 pass | 2.2.2 pass |\n|---|---|---|---|")
        for family, (n, new_pass, old_pass) in counts.items():
            print(f"| {family} | {n} | {new_pass} | {old_pass} |")
        print(f"\nRows whose verdict differs ({len(differing)}):\n")
        if differing:
            print("| case | 3.3.8 | 2.2.2 |\n|---|---|---|")
        for r, o in differing:
            new = "pass" if r["pass"] else f"{r['observed']}: {r['reason'][:110]}"
            before = "pass" if o["pass"] else f"{o['observed']}: {o['reason'][:110]}"
            print(f"| {r['case']} | {new} | {before} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
