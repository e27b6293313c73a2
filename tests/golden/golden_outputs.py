#!/usr/bin/env python3
"""The outputs of nsdkit's commands against the outputs of the code before the one-library
redesign (issue 47): every command below is run into a scratch folder, each file it writes is
normalised (only what measures the run itself is dropped: wall seconds and echoed paths) and
hashed (SHA-256), and the hashes must equal those in golden_outputs.json, which were written
by the last commit before the redesign (1f5beeb, `--write`). Re-written since: validate-body's
report.json, when each row gained its `run_notes` (the new file, without that key, was checked
equal to 1f5beeb's); then validate-body's report.json and series.bin, when the runs were pinned
to OpenBLAS's SSE3 kernels (RUN_ENVIRONMENT; the same code, whose files had been equal to
1f5beeb's with the machine's own kernels). No other hash changed either time.

    golden_outputs.py NSDKIT WORK BODIES_DIR [--write]

A redesign step must keep every hash; a change of results is a deliberate change: re-write the
file with --write and say why in the commit. HDF5 files are compared by their datasets and
attributes (the library stamps creation times into the bytes). Exits 1 listing every command
and file whose hash differs.
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden_outputs.json")

# Siconos solves through OpenBLAS, which picks its kernels by CPU at run time: the same build
# gave other last bits on an AMD EPYC (Haswell/Zen kernels) than where the hashes were written
# (SkylakeX kernels). Every run uses OpenBLAS's SSE3 kernels (Prescott: any x86-64 CPU), one
# thread, so a hash depends on the code and not on the machine.
RUN_ENVIRONMENT = dict(os.environ, OPENBLAS_CORETYPE="Prescott", OPENBLAS_NUM_THREADS="1")

# Keys of JSON outputs that describe the run, not its results.
RUN_KEYS = {"seconds", "wall_seconds", "wall_seconds_per_simulated_second", "output", "html"}


def commands(bodies):
    """(name, argv) of the runs: every command of the CLI with small, deterministic options."""
    trough = os.path.join(bodies, "anisotropic_ball_trough.json")
    return [
        ("ball-trough", ["ball-trough", "--output-dir", "{out}", "--grid", "8", "--threads", "2",
                         "--mu", "0.35"]),
        ("mesh", ["mesh", "--output", "{out}/ball.off", "--tolerance", "2e-3"]),
        ("mesh-body", ["mesh", "--body", trough, "--axes", "mx,my,mz", "--route", "implicit",
                       "--resolution", "10", "--output", "{out}/body.ply"]),
        ("region-csv", ["region", "--axis", "mx:-1:1:21", "--axis", "my:-1:1:17", "--fix",
                        "mz=0.1", "--refine-tol", "1e-3", "--output", "{out}/r.csv", "--quiet"]),
        ("region-json", ["region", "--mu-plus", "0.2", "--axis", "mx:-1:1:11", "--axis",
                         "mz:-1:1:9", "--format", "json", "--output", "{out}/r.json", "--quiet"]),
        ("region-hdf5", ["region", "--body", trough, "--axis", "mx:-1:1:15", "--axis",
                         "my:-1:1:15", "--format", "hdf5", "--output", "{out}/r.h5", "--quiet"]),
        ("body", ["body", "--body", os.path.join(bodies, "wheelset.json"), "--output-dir",
                  "{out}", "--quiet"]),
        ("classify", ["classify", "--model", "ball-trough", "--input", "{torques}", "--output",
                      "{out}/c.csv", "--certify", "--quiet"]),
        ("classify-body", ["classify", "--body", os.path.join(bodies, "ball_trough.json"),
                           "--input", "{torques}", "--output", "{out}/c.csv", "--quiet"]),
        ("export-cases", ["validate", "--export-cases", "{out}", "--families",
                          "trough,incline,block"]),
        ("validate-body", ["validate", "--body", os.path.join(bodies, "wheelset.json"),
                           "--body-grid", "2", "--t-end", "0.05", "--output", "{out}"]),
        ("friction", ["friction", "--model", "exact", "--v", "0.8", "--u", "0.4", "--kr", "0.3"]),
        ("friction-map", ["friction-map", "--output-dir", "{out}", "--grid", "4"]),
        ("heavy-ball", ["heavy-ball", "--t-end", "2", "--dt", "0.05", "--output",
                        "{out}/ball.csv"]),
        ("rattleback", ["rattleback", "--model", "pade", "--preset", "C", "--t-end", "0.3",
                        "--output", "{out}/rb.csv"]),
        ("rattleback-def9", ["rattleback", "--realizability", "--t-end", "0.3", "--output",
                             "{out}/rb.csv"]),
        ("rolling", ["rolling-friction", "--input", "sine", "--periods", "2", "--frequency", "5",
                     "--output-dir", "{out}"]),
    ]


def without_run_keys(value):
    if isinstance(value, dict):
        return {k: without_run_keys(v) for k, v in value.items() if k not in RUN_KEYS}
    if isinstance(value, list):
        return [without_run_keys(v) for v in value]
    return value


def normalised(path, text_of_run):
    """The bytes hashed for one output file."""
    if path.endswith(".h5"):
        import h5py
        import numpy as np
        parts = []
        with h5py.File(path, "r") as f:
            def visit(name, item):
                attrs = {k: np.asarray(v).tolist() for k, v in item.attrs.items()}
                data = np.asarray(item[()]).tolist() if isinstance(item, h5py.Dataset) else None
                parts.append([name, attrs, data])
            visit("/", f)
            f.visititems(visit)
        return json.dumps(parts, sort_keys=True, default=str).encode()
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".json"):
        return json.dumps(without_run_keys(json.loads(data)), sort_keys=True).encode()
    if path.endswith(".md") or path.endswith(".js") or path.endswith(".html"):
        return None  # reports' pages and tables hold wall times: report.json stands for them
    return data.replace(text_of_run.encode(), b"{out}")


def run_all(nsdkit, work, bodies):
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    torques = os.path.join(work, "torques.csv")
    with open(torques, "w") as f:  # 27 torques on a grid through the stability body
        f.write("mx,my,mz\n")
        for a in (-0.5, 0.05, 0.6):
            for b in (-0.45, 0.1, 0.55):
                for c in (-0.3, 0.0, 0.25):
                    f.write(f"{a!r},{b!r},{c!r}\n")
    hashes = {}
    for name, argv in commands(bodies):
        out = os.path.join(work, name)
        os.makedirs(out)
        words = [w.replace("{out}", out).replace("{torques}", torques) for w in argv]
        done = subprocess.run([nsdkit, *words], capture_output=True, text=True, timeout=600,
                              env=RUN_ENVIRONMENT)
        if done.returncode != 0:
            raise SystemExit(f"{name}: exit {done.returncode}: {done.stderr.strip()}")
        files = {}
        if done.stdout.strip().startswith("{"):  # a JSON line on stdout is the output
            printed = json.loads(done.stdout)
            files["stdout.json"] = hashlib.sha256(json.dumps(
                without_run_keys(printed), sort_keys=True).encode()).hexdigest()
        for folder, _, names in os.walk(out):
            for file_name in names:
                path = os.path.join(folder, file_name)
                data = normalised(path, out)
                if data is not None:
                    files[os.path.relpath(path, out)] = hashlib.sha256(data).hexdigest()
        hashes[name] = dict(sorted(files.items()))
    return hashes


def main(argv):
    if len(argv) not in (4, 5) or (len(argv) == 5 and argv[4] != "--write"):
        raise SystemExit(__doc__)
    hashes = run_all(os.path.abspath(argv[1]), os.path.abspath(argv[2]), argv[3])
    if len(argv) == 5:
        with open(GOLDEN, "w") as f:
            json.dump(hashes, f, indent=1, sort_keys=True)
            f.write("\n")
        print(f"wrote {GOLDEN}: {sum(len(v) for v in hashes.values())} files")
        return 0
    with open(GOLDEN) as f:
        golden = json.load(f)
    problems = []
    for name in sorted(set(golden) | set(hashes)):
        want, got = golden.get(name), hashes.get(name)
        if want is None or got is None:
            problems.append(f"{name}: {'not in the golden file' if want is None else 'not run'}")
            continue
        for file_name in sorted(set(want) | set(got)):
            if want.get(file_name) != got.get(file_name):
                problems.append(f"{name}: {file_name} differs from the code before the redesign"
                                if file_name in want and file_name in got else
                                f"{name}: {file_name} {'missing' if file_name in want else 'new'}")
    for p in problems:
        print(p)
    print(f"{sum(len(v) for v in hashes.values())} files of {len(hashes)} commands compared, "
          f"{len(problems)} differ")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
