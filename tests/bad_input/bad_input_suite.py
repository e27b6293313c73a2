#!/usr/bin/env python3
"""The bad-input regression suite: what a careless user or an attacker feeds nsdkit.

    bad_input_suite.py NSDKIT BODIES_DIR WORK

Every case runs `nsdkit` on one bad input in a fresh folder holding an existing output (a
sentinel file) and asserts, as the brief promises for bad input:
  - exit status 2 and exactly one line on stderr, `nsdkit: error: ...`, naming the field (the
    option or the body-file field) given in the case;
  - nothing printed on stdout; no file created, none left behind (temporary files included), the
    existing output untouched (same bytes);
  - within 10 s of wall time and 2 GB of address space (a refusal comes before any work).
A device or FIFO given as --output stays one and receives the output (cases at the end).
Prints one line per failing case and a summary; exits 1 if any case fails.
"""
import glob
import importlib
import json
import os
import resource
import shutil
import stat
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite_common  # noqa: E402

if len(sys.argv) >= 4:
    os.environ["NSDKIT_CLI"], os.environ["NSDKIT_BODIES_DIR"] = sys.argv[1], sys.argv[2]
    suite_common.NSDKIT, suite_common.BODIES = sys.argv[1], sys.argv[2]
    suite_common.BASES["body"][2] = os.path.join(sys.argv[2], "hoop_on_plane.json")
from suite_common import (BASES, Case, Check, MEMORY_LIMIT_BYTES, SENTINEL,  # noqa: E402
                          TIME_LIMIT_S, with_option, write)

NSDKIT, BODIES, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
NSDKIT_MPI = os.environ.get("NSDKIT_MPI", "")
PYTHONPATH = os.environ.get("NSDKIT_PYTHONPATH", "")

# Numeric options of each command: every one must refuse a value that is not a finite number.
NUMERIC = {
    "classify": ["--mu", "--mu-plus", "--mu-minus", "--inertia", "--trough-angle-deg",
                 "--threads"],
    "ball-trough": ["--mu", "--mu-plus", "--mu-minus", "--inertia", "--trough-angle-deg",
                    "--grid", "--threads"],
    "region": ["--mu", "--mu-plus", "--mu-minus", "--inertia", "--trough-angle-deg",
               "--refine-tol", "--threads", "--block-points"],
    "mesh": ["--mu", "--mu-plus", "--mu-minus", "--inertia", "--trough-angle-deg",
             "--tolerance", "--resolution", "--threads", "--mc-samples", "--edge-length"],
    "body": ["--threads"],
    "validate": ["--t-end", "--map-grid", "--threads", "--body-grid"],
    "rattleback": ["--mu", "--stick-slip-check", "--eps1", "--sigma", "--omega3",
                   "--alpha0-deg", "--beta0-deg", "--t-end", "--dt", "--tolerance"],
    "rolling-friction": ["--groove-angle-deg", "--initial-omega", "--speed", "--duration",
                         "--amplitude", "--frequency", "--periods", "--dt", "--w-max", "--mu",
                         "--grid", "--load", "--radius"],
    "friction": ["--v", "--u", "--kr", "--beta", "--tolerance"],
    "friction-map": ["--grid", "--tolerance"],
    "heavy-ball": ["--v0", "--u0", "--t-end", "--dt", "--friction", "--contact-radius", "--kr",
                   "--mass", "--radius", "--gravity"],
}
NOT_NUMBERS = ["nan", "inf", "-inf", "1e999", "abc", ""]



def cases():
    """Every Case and Check: this file's own, then those of each cases_*.py module."""
    out = []
    for command, options in NUMERIC.items():
        for option in options:
            for value in NOT_NUMBERS:
                out.append(Case(f"{command} {option} {value!r}",
                                with_option(BASES[command], option, value), option))
    out += [Case(*entry) for entry in specific_cases()]
    out.append(Check("devices: a FIFO and a device given as --output", device_cases))
    here = os.path.dirname(os.path.abspath(__file__))
    for module_path in sorted(glob.glob(os.path.join(here, "cases_*.py"))):
        module = importlib.import_module(os.path.basename(module_path)[:-3])
        out += module.cases()
    return out


def body_with(field_text, path="bad.json"):
    """A setup writing a body file: the shipped hoop with `field_text` replacing its mass."""
    def setup(folder):
        with open(os.path.join(BODIES, "hoop_on_plane.json"), encoding="utf-8") as f:
            text = f.read()
        write(os.path.join(folder, path), text.replace('"mass": 2.0', field_text, 1))
    return setup


def cone_on_a_plane(folder):
    """The hoop with its torus replaced by a cone (a line contact on its plane)."""
    with open(os.path.join(BODIES, "hoop_on_plane.json"), encoding="utf-8") as f:
        body = json.load(f)
    body["contacts"][0]["shape"] = {"kind": "cone", "rolling_radius": 0.3, "cone_angle": 0.0,
                                    "axes": [[0, 0, 1], [1, 0, 0], [0, 1, 0]]}
    write(os.path.join(folder, "bad.json"), json.dumps(body))


def specific_cases():
    """Domains, duplicates, outputs, body files: one field each."""
    hoop = os.path.join(BODIES, "hoop_on_plane.json")
    rb = BASES["rattleback"]
    out = [
        # Domains of numeric options.
        ("heavy-ball --kr -1", with_option(BASES["heavy-ball"], "--kr", "-1"), "--kr", None),
        ("validate --map-grid -5", with_option(BASES["validate"], "--map-grid", "-5"),
         "--map-grid", None),
        ("mesh --tolerance 0", with_option(BASES["mesh"], "--tolerance", "0"), "--tolerance",
         None),
        ("mesh --tolerance 0.5", with_option(BASES["mesh"], "--tolerance", "0.5"),
         "--tolerance", None),
        ("rattleback --dt 0", with_option(rb, "--dt", "0"), "--dt", None),
        ("rattleback --dt 0.01", with_option(rb, "--dt", "0.01"), "--dt", None),
        ("rattleback --t-end -1", with_option(rb, "--t-end", "-1"), "--t-end", None),
        ("rattleback --t-end 1e300", with_option(rb, "--t-end", "1e300"), "--t-end", None),
        ("rattleback --stick-slip-check 0.9",
         with_option(rb, "--stick-slip-check", "0.9") + ["--realizability"],
         "--stick-slip-check", None),
        ("rattleback --stick-slip-check without --realizability",
         with_option(rb, "--stick-slip-check", "0.001"), "--stick-slip-check", None),
        ("rattleback --omega3 1e300", with_option(rb, "--omega3", "1e300"), "1e+300", None),
        ("rattleback --model pade --omega3 1e300",
         with_option(rb, "--omega3", "1e300") + ["--model", "pade"], "1e+300", None),
        ("rattleback --tolerance 10", with_option(rb, "--tolerance", "10"), "--tolerance", None),
        ("mesh --tolerance 1e-12", with_option(BASES["mesh"], "--tolerance", "1e-12"),
         "--tolerance", None),
        ("validate --t-end 1e308", with_option(BASES["validate"], "--t-end", "1e308"), "--t-end",
         None),
        ("validate --map-grid 100000", with_option(BASES["validate"], "--map-grid", "100000"),
         "--map-grid", None),
        ("heavy-ball --contact-radius 1e300",
         with_option(BASES["heavy-ball"], "--contact-radius", "1e300"), "contact radius", None),
        ("mesh --resolution 1", with_option(BASES["mesh"], "--resolution", "1"), "--resolution",
         None),
        ("mesh --edge-length 0", with_option(BASES["mesh"], "--edge-length", "0"),
         "--edge-length", None),
        ("mesh --edge-length 0.5", with_option(BASES["mesh"], "--edge-length", "0.5"),
         "--edge-length", None),
        ("mesh --edge-length without --route shaped",
         with_option(BASES["mesh"], "--edge-length", "0.01"), "--edge-length", None),
        ("mesh --route shaped --resolution 4",
         BASES["mesh"] + ["--route", "shaped", "--resolution", "4"], "--resolution", None),
        ("rolling-friction --periods -2",
         with_option(BASES["rolling-friction"], "--periods", "-2"), "--periods", None),
        ("rattleback --model nope", with_option(rb, "--model", "nope"), "--model", None),
        ("region --block-points 0", with_option(BASES["region"], "--block-points", "0"),
         "--block-points", None),
        ("region duplicate --axis",
         BASES["region"] + ["--axis", "mx:-1:1:5"], "mx", None),
        ("region --fix twice", BASES["region"] + ["--fix", "mz=1"], "mz", None),
        ("region --axis count 0",
         ["region", "--axis", "mx:-1:1:0", "--axis", "my:-1:1:5", "--output", "out.csv"],
         "mx", None),
        ("region --axis nan bound",
         ["region", "--axis", "mx:nan:1:5", "--axis", "my:-1:1:5", "--output", "out.csv"],
         "mx", None),
        ("region --fix unknown name", BASES["region"] + ["--fix", "nope=1"], "nope", None),
        ("region --format nope", with_option(BASES["region"], "--format", "nope"), "--format",
         None),
        ("region --checkpoint ''", BASES["region"] + ["--checkpoint", ""], "--checkpoint",
         None),
        ("classify --mu 1e308", with_option(BASES["classify"], "--mu", "1e308"), "mu", None),
        ("classify --mu 1e-320", with_option(BASES["classify"], "--mu", "1e-320"), "mu", None),
        ("classify --mu -0.3", with_option(BASES["classify"], "--mu", "-0.3"), "mu", None),
        ("classify --inertia 0", with_option(BASES["classify"], "--inertia", "0"), "inertia",
         None),
        ("classify --input missing", with_option(BASES["classify"], "--input", "none.csv"),
         "none.csv", None),
        ("classify --method nope", BASES["classify"] + ["--method", "nope"], "--method", None),
        ("validate --export-cases ''", BASES["validate"] + ["--export-cases", ""],
         "--export-cases", None),
        ("validate --solver-name with newline",
         ["validate", "--score", "--trajectories", "traj", "--solver-name", "a\nb", "--output",
          "outdir"], "--trajectories", None),
        # Outputs: refused before any work, the existing output untouched.
        ("--output into a missing folder", with_option(rb, "--output", "nofolder/out.csv"),
         "--output", None),
        ("--output is a folder", with_option(rb, "--output", "."), "--output", None),
        ("--output is a symlink", with_option(rb, "--output", "link.csv"), "--output",
         lambda d: os.symlink(SENTINEL, os.path.join(d, "link.csv"))),
        ("--output-dir is a file", with_option(BASES["body"], "--output-dir", SENTINEL),
         "--output-dir", None),
        ("--output with escape bytes",
         with_option(rb, "--output", "a\x1b[31m/out.csv"), "--output", None),
        ("--html into a missing folder",
         BASES["mesh"] + ["--html", "nofolder/page.html"], "--html", None),
        ("mesh --output into a missing folder but slow work",
         ["mesh", "--model", "ball-trough", "--tolerance", "1e-4", "--output", "no/x.off"],
         "--output", None),
        # Body files.
        ("body: missing file", ["body", "--body", "none.json", "--output-dir", "outdir"],
         "none.json", None),
        ("body: negative mass", ["body", "--body", "bad.json", "--output-dir", "outdir"],
         "mass", body_with('"mass": -2.0')),
        ("body: mass as text", ["body", "--body", "bad.json", "--output-dir", "outdir"],
         "mass", body_with('"mass": "two"')),
        ("body: duplicate key", ["body", "--body", "bad.json", "--output-dir", "outdir"],
         "mass", body_with('"mass": 2.0, "mass": 3.0')),
        ("body: unknown field", ["body", "--body", "bad.json", "--output-dir", "outdir"],
         "masss", body_with('"masss": 2.0')),
        ("body: NaN literal", ["body", "--body", "bad.json", "--output-dir", "outdir"],
         "bad.json", body_with('"mass": NaN')),
        ("body: not JSON", ["body", "--body", "bad.json", "--output-dir", "outdir"],
         "bad.json", lambda d: write(os.path.join(d, "bad.json"), "{\x00\x01 not json")),
        ("body: empty file", ["body", "--body", "bad.json", "--output-dir", "outdir"],
         "bad.json", lambda d: write(os.path.join(d, "bad.json"), "")),
        ("body: a folder", ["body", "--body", ".", "--output-dir", "outdir"], "body file", None),
        ("body: a device", ["body", "--body", "/dev/zero", "--output-dir", "outdir"],
         "body file", None),
        ("body: too large", ["body", "--body", "big.json", "--output-dir", "outdir"],
         "MiB", lambda d: write(os.path.join(d, "big.json"), " " * (17 << 20))),
        ("body: --body excludes --model",
         ["mesh", "--body", hoop, "--model", "ball-trough", "--output", "out.off"], "--body",
         None),
        ("body: cone on a plane", ["body", "--body", "bad.json", "--output-dir", "outdir"],
         "shape", cone_on_a_plane),
        ("classify: CSV with a NaN", BASES["classify"], "in.csv",
         lambda d: write(os.path.join(d, "in.csv"), "mx,my,mz\n0,nan,0\n")),
        ("classify: CSV with an unknown column", BASES["classify"], "nope",
         lambda d: write(os.path.join(d, "in.csv"), "mx,nope,mz\n0,0,0\n")),
        ("classify: CSV line of 20 MB", BASES["classify"], "65536",
         lambda d: write(os.path.join(d, "in.csv"), "mx,my,mz\n" + "1" * (20 << 20) + ",0,0\n")),
        ("classify: header of 3 million columns", BASES["classify"], "65536",
         lambda d: write(os.path.join(d, "in.csv"), "mx,my,mz" + ",a" * 3000000 + "\n")),
        ("classify: input /dev/zero", with_option(BASES["classify"], "--input", "/dev/zero"),
         "/dev/zero", None),
        ("classify: header naming a column twice", BASES["classify"], "mx,my,mx",
         lambda d: write(os.path.join(d, "in.csv"), "mx,my,mx\n0,0,0\n")),
        ("classify: escape bytes in a field", BASES["classify"], "\\x1b",
         lambda d: write(os.path.join(d, "in.csv"), "mx,my,mz\n0,\x1b[2J,0\n")),
        ("classify: CSV with a short row", BASES["classify"], "in.csv",
         lambda d: write(os.path.join(d, "in.csv"), "mx,my,mz\n0,0\n")),
    ]
    return out


def folder_listing(folder):
    listing = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(root, name)
            st = os.lstat(path)
            listing[os.path.relpath(path, folder)] = (stat.S_IFMT(st.st_mode), st.st_size)
    return listing


# Under ASan (NSDKIT_SANITIZED=1, set by the asan preset) the address space cannot be limited:
# the sanitizer reserves terabytes of shadow. There the resident size is checked instead, with
# room for ASan's shadow and quarantine.
SANITIZED = os.environ.get("NSDKIT_SANITIZED") == "1"
RESIDENT_SCALE = 4 if SANITIZED else 1


def limit_memory(limit_bytes):
    def apply():
        if not SANITIZED:
            resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))
    return apply


def children_peak_resident_bytes():
    """The largest resident size of any child ended so far (ru_maxrss is in KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024


PYTHON_WRAPPER = """
import sys
sys.path.insert(0, {pythonpath!r})
try:
    exec(compile({snippet!r}, "<case>", "exec"), {{}})
except ValueError as error:
    print("nsdkit: error: " + str(error), file=sys.stderr)
    sys.exit(2)
"""


def command_of(case):
    """The argv that runs `case`."""
    if case.program == "python":
        return [sys.executable, "-c",
                PYTHON_WRAPPER.format(pythonpath=PYTHONPATH, snippet=case.python)]
    if case.program == "nsdkit-mpi":
        return ["mpirun", "-np", "2", "--oversubscribe", NSDKIT_MPI] + case.argv
    return [NSDKIT] + case.argv


def missing_needs(case):
    """What the case needs that this machine lacks (the case is then skipped)."""
    missing = []
    if "mpi" in case.needs and (not NSDKIT_MPI or not shutil.which("mpirun")):
        missing.append("mpi")
    elif "mpi" in case.needs and SANITIZED:  # Open MPI's own allocations are not ours to leak-check
        missing.append("a build without ASan (mpi)")
    if "python" in case.needs and not PYTHONPATH:
        missing.append("python")
    return missing


def run_case(index, case):
    folder = os.path.join(WORK, f"case{index:03d}")
    os.makedirs(folder)
    write(os.path.join(folder, SENTINEL), "the previous output\n")
    write(os.path.join(folder, "in.csv"), "mx,my,mz\n0,0,0\n")
    if getattr(case, "setup", None):
        case.setup(folder)
    if isinstance(case, Check):
        try:
            return case.run(folder)
        except subprocess.TimeoutExpired:
            return ["ran longer than its time limit"]
    before = folder_listing(folder)
    peak_before = children_peak_resident_bytes()
    start = time.monotonic()
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OPENBLAS_NUM_THREADS="1")
    try:
        done = subprocess.run(command_of(case), cwd=folder, capture_output=True, env=env,
                              timeout=case.timeout_s, stdin=subprocess.DEVNULL,
                              preexec_fn=limit_memory(case.memory_bytes)
                              if case.program != "nsdkit-mpi" else None)
    except subprocess.TimeoutExpired:
        return [f"ran longer than {case.timeout_s} s"]
    seconds = time.monotonic() - start
    problems = refusal_problems(done, case.field)
    after = folder_listing(folder)
    if after != before:
        added = sorted(set(after) - set(before))
        removed = sorted(set(before) - set(after))
        problems.append(f"the folder changed (new: {added[:5]}, removed: {removed[:5]})")
    with open(os.path.join(folder, SENTINEL), encoding="utf-8") as f:
        if f.read() != "the previous output\n":
            problems.append("the existing output was changed")
    if seconds > case.timeout_s:
        problems.append(f"took {seconds:.1f} s")
    peak = children_peak_resident_bytes()
    if peak > peak_before and peak > RESIDENT_SCALE * case.memory_bytes:
        problems.append(f"resident size {peak / 2**20:.0f} MiB over the limit")
    return problems


def refusal_problems(done, field):
    """What is wrong with `done` as a refusal naming `field`."""
    problems = []
    stderr = done.stderr.decode("utf-8", "replace")
    # mpirun adds its own lines after a rank's failure; the rank's one line is what counts.
    lines = [line for line in stderr.splitlines()
             if line.strip() and not line.startswith(("-----", "mpirun", "Primary job",
                                                      "prterun", "  ", "a non-zero exit code",
                                                      "the job to be terminated"))]
    if done.returncode != 2:
        problems.append(f"exit status {done.returncode}, not 2")
    if len(lines) != 1 or not lines[0].startswith("nsdkit: error: "):
        problems.append(f"stderr is not one error line: {stderr[:300]!r}")
    elif field not in lines[0]:
        problems.append(f"the message does not name {field!r}: {lines[0][:200]!r}")
    if any(b < 0x20 and b not in (0x0a,) for b in done.stderr):
        problems.append("raw control bytes in the message")
    if done.stdout:
        problems.append(f"printed on stdout: {done.stdout[:120]!r}")
    return problems


def device_cases(_folder=None):
    """A FIFO and (when allowed) a character device made in the work folder stay what they are
    and receive the output."""
    problems = []
    folder = os.path.join(WORK, "devices")
    os.makedirs(folder)
    fifo = os.path.join(folder, "fifo")
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", fifo], stdout=subprocess.PIPE)
    done = subprocess.run([NSDKIT] + with_option(BASES["rattleback"], "--output", fifo),
                          capture_output=True, timeout=TIME_LIMIT_S)
    try:
        received = reader.communicate(timeout=TIME_LIMIT_S)[0]
    except subprocess.TimeoutExpired:  # nsdkit never opened the FIFO: end the reader
        reader.kill()
        received = reader.communicate()[0]
    if done.returncode != 0 or not received.startswith(b"t,alpha"):
        problems.append(f"FIFO output: status {done.returncode}, received {received[:40]!r}")
    if not stat.S_ISFIFO(os.lstat(fifo).st_mode):
        problems.append("the FIFO given as --output was replaced")
    null = os.path.join(folder, "null")
    try:
        os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        return problems  # not root: the FIFO case stands for devices
    done = subprocess.run([NSDKIT] + with_option(BASES["rattleback"], "--output", null),
                          capture_output=True, timeout=TIME_LIMIT_S)
    if done.returncode != 0 or not stat.S_ISCHR(os.lstat(null).st_mode):
        problems.append(f"device output: status {done.returncode}, the node was replaced")
    return problems


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    only = os.environ.get("NSDKIT_BAD_INPUT_ONLY", "")  # a substring of the names to run
    all_cases = [case for case in cases() if only in case.name]
    failed = skipped = 0
    for index, case in enumerate(all_cases):
        missing = missing_needs(case)
        if missing:
            skipped += 1
            print(f"SKIP {case.name}: needs {', '.join(missing)}")
            continue
        try:
            problems = run_case(index, case)
        except Exception as error:  # a setup that needs what this build lacks (e.g. Python)
            if not PYTHONPATH:
                skipped += 1
                print(f"SKIP {case.name}: its setup needs the Python module ({error})")
                continue
            problems = [f"setup failed: {error!r}"]
        if problems:
            failed += 1
            print(f"FAIL {case.name}: " + "; ".join(problems))
    ran = len(all_cases) - skipped
    print(f"{ran - failed} of {ran} bad-input cases handled ({skipped} skipped)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
