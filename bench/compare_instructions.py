#!/usr/bin/env python3
"""Instruction counts of benchmarks in two builds, side by side (callgrind).

    compare_instructions.py BASE_BENCH_DIR NEW_BENCH_DIR [--only REGEX]

Wall times on the project's shared 2-core machines vary by about 25 % from run to run, so they
cannot show a 3 % difference (issue 47's criterion). Instruction counts can: callgrind counts the
instructions executed inside one benchmark function (--toggle-collect), and the count hardly
moves for the same binary and input whatever else the machine does (0.2 % at most here, for the
threaded sweep; 0 for the others). Each benchmark runs one
iteration (--benchmark_min_time=0) or its own fixed iteration count. Prints a Markdown table:
base count, new count and the change. Needs valgrind. Exits 1 when a benchmark is missing from
either build, callgrind reports no count or --only matches no benchmark.
"""
import argparse
import os
import re
import subprocess
import sys

# (program, benchmark name): the realizability routes, the rigid-body predicates, the sweeps and
# the exact mesher. Names must exist in both builds.
BENCHMARKS = [
    ("bench_realizability", "BM_BallTroughSweepVerdict/iterations:400000"),
    ("bench_realizability", "BM_BallTroughSweepFull/iterations:400000"),
    ("bench_mesh_region", "BM_RegionSweep/1/iterations:1/real_time"),
    ("bench_bodies", "BM_BallModel/realizable:0"),
    ("bench_bodies", "BM_BallModel/realizable:1"),
    ("bench_bodies", "BM_Body/ball_trough/realizable:0"),
    ("bench_bodies", "BM_Body/ball_trough/realizable:1"),
    ("bench_bodies", "BM_Body/wheelset/realizable:0"),
    ("bench_bodies", "BM_Body/wheelset/realizable:1"),
    ("bench_bodies", "BM_Body/axle_on_plane/realizable:0"),
    ("bench_bodies", "BM_Body/axle_on_plane/realizable:1"),
    ("bench_bodies", "BM_Body/ball_on_incline/realizable:0"),
    ("bench_bodies", "BM_Body/ball_on_incline/realizable:1"),
    ("bench_bodies", "BM_Body/anisotropic_ball_trough/realizable:1"),
    ("bench_bodies", "BM_Body/ball_inclined_trough/realizable:1"),
    ("bench_mesh_region", "BM_BodyMesh/10"),
    ("bench_mesh_region", "BM_AcceptanceBodyMesh/0"),
]


def instructions(bench_dir, program, name):
    """Instructions executed inside the benchmark's function for one run of it."""
    function = name.split("/")[0]
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               f"--toggle-collect=*{function}(*", os.path.join(bench_dir, program),
               f"--benchmark_filter=^{re.escape(name)}$", "--benchmark_min_time=0"]
    run = subprocess.run(command, capture_output=True, text=True)
    if name not in run.stdout:
        raise SystemExit(f"{program} in {bench_dir} has no benchmark {name}")
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or not found:
        raise SystemExit(f"callgrind gave no count for {name} in {bench_dir}: {run.stderr[-400:]}")
    return int(found.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--only", default="", help="regular expression on benchmark names")
    args = parser.parse_args()
    chosen = [(p, n) for p, n in BENCHMARKS if not args.only or re.search(args.only, n)]
    if not chosen:
        raise SystemExit(f"--only {args.only!r} matches no benchmark")
    print("| benchmark | base | new | change |")
    print("|---|---:|---:|---:|")
    for program, name in chosen:
        base = instructions(args.base, program, name)
        new = instructions(args.new, program, name)
        print(f"| `{name}` | {base:,} | {new:,} | {100.0 * (new - base) / base:+.2f} % |",
              flush=True)


if __name__ == "__main__":
    sys.exit(main())
