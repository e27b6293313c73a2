"""Bad-input cases (issue 45): the validation scorer and its inputs. Case names start with
"validation: ".

- JSON nesting: 100,000 nested arrays in a case file, index.json or solver.json are refused
  naming the file, before any recursion (the CLI and Python alike).
- Trajectories: a 250 MB trajectory is scored (or refused naming the file) within the memory
  cap; a file hard-linked elsewhere, a FIFO, a device, a folder or a link out of the folder is
  refused naming the file; NaN, non-monotone times, duplicated rows and enormous numbers of rows
  fail their row with a reason, never the run.
- Solver names: `--solver-name nan` is a name; `<script>` and other unsafe names are refused;
  text from inputs reaches report.md escaped.
- --export-cases refused half-way leaves nothing behind.
- Python: bad arguments raise ValueError with a message naming the argument, never raw control
  bytes.
"""
import atexit
import json
import os
import resource
import shutil
import subprocess
import tempfile

from suite_common import SENTINEL, Case, Check, python_case, write
import suite_common

TAG = "validation: "
DEEP = 100_000
FIRST_BLOCK_CASE = 177  # the block family's first case number (nsdkit's numbering)
_TEMPLATE = {}


def template():
    """A scoring folder made once: cases/ (the block family exported by the CLI under test) and
    traj/ (their analytic trajectories, written by the Python module), shared by every case."""
    if "dir" in _TEMPLATE:
        return _TEMPLATE["dir"]
    top = tempfile.mkdtemp(prefix="nsdkit-validation-suite-")
    atexit.register(shutil.rmtree, top, True)
    subprocess.run([suite_common.NSDKIT, "validate", "--export-cases",
                    os.path.join(top, "cases"), "--families", "block"], check=True,
                   capture_output=True, timeout=60)
    os.makedirs(os.path.join(top, "traj"))
    if suite_common.PYTHONPATH:
        snippet = (
            "import sys, os\n"
            "from nsdkit import validation as v\n"
            "top = sys.argv[1]\n"
            "for c in v.read_cases(os.path.join(top, 'cases')):\n"
            "    a = v.analytic_trajectory(c, 1e-3)\n"
            "    with open(os.path.join(top, 'traj', '%d.csv' % c['index']), 'w') as f:\n"
            "        f.write('t,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz\\n')\n"
            "        for row in a:\n"
            "            f.write(','.join(repr(float(x)) for x in row) + '\\n')\n")
        env = dict(os.environ, PYTHONPATH=suite_common.PYTHONPATH)
        subprocess.run([suite_common.PYTHON, "-c", snippet, top], check=True, env=env,
                       capture_output=True, timeout=60)
    _TEMPLATE["dir"] = top
    return top


def scoring_folder(change=None):
    """A setup copying the template's cases/ and traj/ into the case's folder, then `change`."""
    def setup(folder):
        top = template()
        shutil.copytree(os.path.join(top, "cases"), os.path.join(folder, "cases"))
        shutil.copytree(os.path.join(top, "traj"), os.path.join(folder, "traj"))
        if change:
            change(folder)
    return setup


SCORE = ["validate", "--score", "--cases", "cases", "--trajectories", "traj", "--output", "rep"]
FIRST_CSV = f"{FIRST_BLOCK_CASE}.csv"
FIRST_JSON = f"{FIRST_BLOCK_CASE}.json"


def deep_json(kind="[]"):
    opening, closing = kind[0], kind[1]
    if opening == "{":
        return '{"a":' * DEEP + "0" + "}" * DEEP
    return opening * DEEP + closing * DEEP


def replace_in(path, old, new):
    def change(folder):
        full = os.path.join(folder, path)
        with open(full, encoding="utf-8") as f:
            text = f.read()
        assert old in text, (path, old)
        write(full, text.replace(old, new, 1))
    return change


def put(path, text):
    return lambda folder: write(os.path.join(folder, path), text)


def trajectory_rows(rows):
    """A change replacing the first case's trajectory with its header, its first (initial-state)
    row and `rows` (a function of the initial row's fields returning the later lines)."""
    def change(folder):
        full = os.path.join(folder, "traj", FIRST_CSV)
        with open(full, encoding="utf-8") as f:
            header, first = f.readline(), f.readline()
        write(full, header + first + rows(first.strip().split(",")))
    return change


# --- runs that must succeed (Check cases) ------------------------------------------------------

def limited(memory_bytes):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    return apply


def run_cli(folder, argv, timeout_s=60, memory_bytes=2 << 30):
    return subprocess.run([suite_common.NSDKIT] + argv, cwd=folder, capture_output=True,
                          timeout=timeout_s, stdin=subprocess.DEVNULL,
                          preexec_fn=limited(memory_bytes))


def report_text(folder):
    path = os.path.join(folder, "rep", "report.md")
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def check(name, run, needs=("python",)):
    return Check(TAG + name, run, needs=list(needs))


def row_reason_check(name, rows, expect):
    """A Check: the first case's trajectory is replaced (trajectory_rows(rows)); the score runs
    and that case's row fails with a reason holding `expect`."""
    def run(folder):
        scoring_folder(trajectory_rows(rows))(folder)
        done = run_cli(folder, SCORE)
        if done.returncode != 0:
            return [f"status {done.returncode}: {done.stderr[-300:]!r}"]
        with open(os.path.join(folder, "rep", "report.json"), encoding="utf-8") as f:
            report = json.load(f)
        reasons = [r.get("reason", "") for r in report["rows"] if r.get("status") == "fail"]
        if not any(expect in reason for reason in reasons):
            return [f"no failed row names {expect!r}: {reasons[:2]!r}"]
        return []
    return check(name, run)


def big_trajectory(folder, value):
    """Replaces the first case's trajectory with one of about 250 MB (10 columns): its initial
    row, then rows 1e-9 s apart whose nine values are `value` ("0": the shortest rows, the most
    a file can hold; a 17-digit number: a solver's usual rows)."""
    full = os.path.join(folder, "traj", FIRST_CSV)
    with open(full, encoding="utf-8") as f:
        f.readline()
        first = f.readline().strip().split(",")
    initial = ",".join(first[0:4] + first[8:14]) + "\n"
    tail = ("," + value) * 9 + "\n"
    target = 250 * 10**6
    with open(full, "w", encoding="ascii") as f:
        f.write("t,x,y,z,vx,vy,vz,wx,wy,wz\n" + initial)
        written, index = 0, 1
        while written < target:
            chunk = "".join(f"{index + k}e-9{tail}" for k in range(20000))
            f.write(chunk)
            written += len(chunk)
            index += 20000


def huge_trajectory_check(name, value, memory_bytes):
    """A Check: a 250 MB trajectory is scored within `memory_bytes` of address space and 60 s:
    status 0 (its row failed or passed) or 2 with one line naming the file; never a crash."""
    def run(folder):
        scoring_folder()(folder)
        big_trajectory(folder, value)
        try:
            done = run_cli(folder, SCORE + ["--families", "block"], 60, memory_bytes)
        except subprocess.TimeoutExpired:
            return ["ran longer than 60 s"]
        finally:
            os.remove(os.path.join(folder, "traj", FIRST_CSV))
        stderr = done.stderr.decode("utf-8", "replace").strip()
        if done.returncode == 0:
            return [] if report_text(folder) is not None else ["status 0 but no report.md"]
        if done.returncode == 2 and stderr.count("\n") == 0 and FIRST_CSV in stderr:
            return []
        return [f"status {done.returncode}: {stderr[-300:]!r}"]
    return check(name, run)


def solver_name_check(name_value):
    """`--solver-name <value>` (a name that reads as a number) is accepted as a name."""
    def run(folder):
        scoring_folder()(folder)
        done = run_cli(folder, SCORE + ["--solver-name", name_value])
        if done.returncode != 0:
            return [f"status {done.returncode}: {done.stderr[-300:]!r}"]
        text = report_text(folder) or ""
        return [] if name_value in text else [f"report.md does not name {name_value!r}"]
    return check(f"--solver-name {name_value} is a name", run)


def export_leaves_nothing(name, prepare, field, argv_tail=()):
    """A Case: --export-cases into `out`, prepared by `prepare` so that a file cannot be written
    there, is refused naming `field` and leaves the folder as it was (the suite checks)."""
    def setup(folder):
        os.makedirs(os.path.join(folder, "out"))
        prepare(os.path.join(folder, "out"), folder)
    return Case(TAG + name, ["validate", "--export-cases", "out"] + list(argv_tail), field, setup)


def folder_named(name):
    return lambda out, folder: os.makedirs(os.path.join(out, name))


def link_named(name):
    def prepare(out, folder):
        write(os.path.join(folder, "victim.txt"), "victim\n")
        os.symlink(os.path.join(folder, "victim.txt"), os.path.join(out, name))
    return prepare


# --- the cases ---------------------------------------------------------------------------------

def nesting_cases():
    deep_case = replace_in(os.path.join("cases", FIRST_JSON), '"model": {',
                           '"deep": ' + deep_json() + ', "model": {')
    deep_objects = replace_in(os.path.join("cases", FIRST_JSON), '"model": {',
                              '"deep": ' + deep_json("{}") + ', "model": {')
    deep_index = replace_in(os.path.join("cases", "index.json"), '"cases": [',
                            '"deep": ' + deep_json() + ', "cases": [')
    deep_solver = put(os.path.join("traj", "solver.json"), '{"name": "x", "settings": ' +
                      deep_json() + '}')
    just_over = replace_in(os.path.join("cases", FIRST_JSON), '"model": {',
                           '"deep": ' + "[" * 65 + "]" * 65 + ', "model": {')
    py_read = ("from nsdkit import validation as v\nv.read_cases('cases')\n")
    py_folder = ("from nsdkit import validation as v\nv.score_folder('cases', 'traj')\n")
    py_score = ("import json\nfrom nsdkit import validation as v\n"
                "c = v.cases(['block'])[0]\nc['model']['deep'] = json.loads('" +
                "[" * 200 + "]" * 200 + "')\nv.score(c, [[0.0] * 10] * 5)\n")
    return [
        Case(TAG + "case file nested 100,000 arrays deep", SCORE, FIRST_JSON,
             scoring_folder(deep_case), timeout_s=10),
        Case(TAG + "case file nested 100,000 objects deep", SCORE, FIRST_JSON,
             scoring_folder(deep_objects), timeout_s=10),
        Case(TAG + "index.json nested 100,000 arrays deep", SCORE, "index.json",
             scoring_folder(deep_index), timeout_s=10),
        Case(TAG + "solver.json nested 100,000 arrays deep", SCORE, "solver.json",
             scoring_folder(deep_solver), timeout_s=10),
        Case(TAG + "case file nested 65 deep (one over the limit)", SCORE, FIRST_JSON,
             scoring_folder(just_over)),
        python_case(TAG + "Python read_cases: case file nested 100,000 deep", py_read, FIRST_JSON,
                    scoring_folder(deep_case)),
        python_case(TAG + "Python read_cases: index.json nested 100,000 deep", py_read,
                    "index.json", scoring_folder(deep_index)),
        python_case(TAG + "Python score_folder: solver.json nested 100,000 deep", py_folder,
                    "solver.json", scoring_folder(deep_solver)),
        python_case(TAG + "Python score: case dict nested 200 deep", py_score, "case"),
    ]


def trajectory_node_cases():
    def hard_linked(folder):
        write(os.path.join(folder, "outside.txt"), "root:secret-hash:19000:0:99999:7:::\n")
        os.remove(os.path.join(folder, "traj", FIRST_CSV))
        os.link(os.path.join(folder, "outside.txt"), os.path.join(folder, "traj", FIRST_CSV))

    def replaced_by(make):
        def change(folder):
            os.remove(os.path.join(folder, "traj", FIRST_CSV))
            make(os.path.join(folder, "traj", FIRST_CSV), folder)
        return change

    def hard_linked_solver(folder):
        write(os.path.join(folder, "outside.json"), '{"name": "x"}')
        os.link(os.path.join(folder, "outside.json"), os.path.join(folder, "traj", "solver.json"))

    return [
        Case(TAG + "trajectory hard-linked to an outside file", SCORE, FIRST_CSV,
             scoring_folder(hard_linked)),
        Case(TAG + "trajectory is a FIFO", SCORE, FIRST_CSV,
             scoring_folder(replaced_by(lambda p, f: os.mkfifo(p)))),
        Case(TAG + "trajectory is a folder", SCORE, FIRST_CSV,
             scoring_folder(replaced_by(lambda p, f: os.makedirs(p)))),
        Case(TAG + "trajectory is a symlink to /dev/zero", SCORE, FIRST_CSV,
             scoring_folder(replaced_by(lambda p, f: os.symlink("/dev/zero", p)))),
        Case(TAG + "trajectory is a symlink out of its folder", SCORE, FIRST_CSV,
             scoring_folder(replaced_by(
                 lambda p, f: (write(os.path.join(f, "out.csv"), "t\n"),
                               os.symlink(os.path.join(f, "out.csv"), p))))),
        Case(TAG + "solver.json hard-linked to an outside file", SCORE, "solver.json",
             scoring_folder(hard_linked_solver)),
        python_case(TAG + "Python score_folder: trajectory hard-linked outside",
                    "from nsdkit import validation as v\nv.score_folder('cases', 'traj')\n",
                    FIRST_CSV, scoring_folder(hard_linked)),
    ]


def hard_link_report_check():
    """A trajectory hard-linked to an outside file: its content never reaches report.md (the
    run is refused, or its row fails without quoting the file)."""
    secret = "root:secret-hash:19000"

    def run(folder):
        def change(f):
            write(os.path.join(f, "outside.txt"), secret + ":0:99999:7:::\n")
            os.remove(os.path.join(f, "traj", FIRST_CSV))
            os.link(os.path.join(f, "outside.txt"), os.path.join(f, "traj", FIRST_CSV))
        scoring_folder(change)(folder)
        done = run_cli(folder, SCORE)
        text = report_text(folder) or ""
        found = secret in text or secret in done.stderr.decode("utf-8", "replace")
        return ["the outside file's first line was quoted"] if found else []
    return check("a hard-linked trajectory's content is never quoted", run)


def solver_name_cases():
    def manifest(text):
        return scoring_folder(put(os.path.join("traj", "solver.json"), text))
    return [
        solver_name_check("nan"),
        solver_name_check("inf"),
        Case(TAG + "--solver-name <script>", SCORE + ["--solver-name", "<script>alert(1)</script>"],
             "--solver-name", scoring_folder()),
        Case(TAG + "--solver-name with a backquote and asterisks",
             SCORE + ["--solver-name", "*bold* `x`"], "--solver-name", scoring_folder()),
        Case(TAG + "--solver-name of 65 characters", SCORE + ["--solver-name", "a" * 65],
             "--solver-name", scoring_folder()),
        Case(TAG + "--solver-name with brackets (a Markdown link)",
             SCORE + ["--solver-name", "[x](http://e.example)"], "--solver-name",
             scoring_folder()),
        Case(TAG + "solver.json name <img>", SCORE, "name", manifest('{"name": "<img src=x>"}')),
        Case(TAG + "solver.json version with a pipe", SCORE, "version",
             manifest('{"version": "1|2"}')),
        python_case(TAG + "Python score: solver_name <script>",
                    "from nsdkit import validation as v\n"
                    "v.score(v.cases(['block'])[0], [[0.0] * 10] * 5, '<script>')\n",
                    "solver_name"),
    ]


def report_escape_checks():
    settings = ('{"name": "my solver", "settings": [{"setting": "<img src=x onerror=alert(1)>", '
                '"reason": "a | b `c` *d* [e](f)\\nnew line"}]}')

    def settings_run(folder):
        scoring_folder(put(os.path.join("traj", "solver.json"), settings))(folder)
        done = run_cli(folder, SCORE)
        if done.returncode != 0:
            return [f"status {done.returncode}: {done.stderr[-300:]!r}"]
        text = report_text(folder) or ""
        problems = [f"report.md holds {s!r} raw" for s in ("<img", "a | b", "`c`", "[e](f)")
                    if s in text]
        if "\nnew line" in text:
            problems.append("a newline from solver.json reached report.md")
        return problems

    def name_run(folder):
        edit = replace_in(os.path.join("cases", FIRST_JSON), '"name": "block/',
                          '"name": "<script>|x|block/')
        scoring_folder(edit)(folder)
        done = run_cli(folder, SCORE)
        if done.returncode != 0:
            return [f"status {done.returncode}: {done.stderr[-300:]!r}"]
        text = report_text(folder) or ""
        return ["report.md holds '<script>' raw"] if "<script>" in text else []

    def header_run(folder):
        scoring_folder(put(os.path.join("traj", FIRST_CSV),
                           "<script>alert(1)</script>|\x1b[2J|" + "x" * 300 + "\n0,0\n"))(folder)
        done = run_cli(folder, SCORE)
        if done.returncode != 0:
            return [f"status {done.returncode}: {done.stderr[-300:]!r}"]
        text = report_text(folder) or ""
        problems = ["report.md holds '<script>' raw"] if "<script>" in text else []
        if "\x1b" in text:
            problems.append("report.md holds an escape byte")
        if "x" * 100 in text:
            problems.append("report.md quotes more than 100 bytes of the file")
        return problems

    return [check("solver.json settings reach report.md escaped", settings_run),
            check("a case file's name reaches report.md escaped", name_run),
            check("a trajectory's header reaches report.md escaped and short", header_run)]


def trajectory_content_checks():
    def shifted(first, t, value=None):
        """The initial row at time t (its x replaced by `value` when given)."""
        fields = [t] + first[1:]
        if value is not None:
            fields[1] = value
        return ",".join(fields) + "\n"
    return [
        row_reason_check("NaN in a trajectory fails its row",
                         lambda f: shifted(f, "0.001", "nan"),
                         "finite"),
        row_reason_check("inf in a trajectory fails its row",
                         lambda f: shifted(f, "0.001", "inf"), "finite"),
        row_reason_check("non-monotone time fails its row",
                         lambda f: shifted(f, "0.002") + shifted(f, "0.001"), "increase"),
        row_reason_check("duplicated rows fail their row",
                         lambda f: shifted(f, "0.001") * 2, "increase"),
        row_reason_check("200,000 rows 1e-9 s apart fail their row quickly",
                         lambda f: "".join(shifted(f, f"{k}e-9") for k in range(1, 200001)),
                         "ended at"),
        row_reason_check("samples 1 s apart fail their row",
                         lambda f: shifted(f, "1"), "apart"),
        row_reason_check("a short row fails its row", lambda f: "0.001,0\n", "fields"),
    ]


def index_cases():
    def index_edit(old, new):
        return scoring_folder(replace_in(os.path.join("cases", "index.json"), old, new))
    first_file = f'"file": "{FIRST_JSON}"'
    return [
        Case(TAG + "index.json file pointing outside (../)", SCORE, "file",
             index_edit(first_file, '"file": "../outside.json"')),
        Case(TAG + "index.json negative case number", SCORE, "index",
             index_edit(f'"index": {FIRST_BLOCK_CASE}', '"index": -1')),
        Case(TAG + "index.json case number 1e30", SCORE, "index",
             index_edit(f'"index": {FIRST_BLOCK_CASE}', '"index": 1e30')),
        Case(TAG + "index.json is a FIFO", SCORE, "index.json",
             scoring_folder(lambda f: (os.remove(os.path.join(f, "cases", "index.json")),
                                       os.mkfifo(os.path.join(f, "cases", "index.json"))))),
        Case(TAG + "case file of 2 MiB", SCORE, FIRST_JSON,
             scoring_folder(put(os.path.join("cases", FIRST_JSON), " " * (2 << 20)))),
        Case(TAG + "case file hard-linked to an outside file", SCORE, FIRST_JSON,
             scoring_folder(lambda f: (
                 write(os.path.join(f, "outside.json"), '{"secret": 1}'),
                 os.remove(os.path.join(f, "cases", FIRST_JSON)),
                 os.link(os.path.join(f, "outside.json"), os.path.join(f, "cases", FIRST_JSON))))),
    ]


def export_cases():
    return [
        export_leaves_nothing("--export-cases where a case file's name is a folder",
                              folder_named("8.json"), "8.json"),
        export_leaves_nothing("--export-cases where index.json is a folder",
                              folder_named("index.json"), "index.json"),
        export_leaves_nothing("--export-cases where a case file's name is a link",
                              link_named("5.json"), "5.json"),
        Case(TAG + "--export-cases into a file", ["validate", "--export-cases", SENTINEL],
             "--export-cases"),
        python_case(TAG + "Python export_cases where a case file's name is a folder",
                    "from nsdkit import validation as v\nv.export_cases('out')\n", "8.json",
                    lambda f: os.makedirs(os.path.join(f, "out", "8.json"))),
        python_case(TAG + "Python export_cases('')",
                    "from nsdkit import validation as v\nv.export_cases('')\n", "folder"),
    ]


def python_cases():
    v = "from nsdkit import validation as v\n"
    case = "c = v.cases(['block'])[0]\n"
    return [
        python_case(TAG + "Python read_cases('')", v + "v.read_cases('')\n", "folder"),
        python_case(TAG + "Python read_cases of a missing folder", v + "v.read_cases('none')\n",
                    "folder"),
        python_case(TAG + "Python read_cases with control bytes",
                    v + "v.read_cases('\\x1b[2J')\n", "folder"),
        python_case(TAG + "Python cases(families=[1])", v + "v.cases(families=[1])\n",
                    "families"),
        python_case(TAG + "Python cases(families=[])", v + "v.cases(families=[])\n",
                    "families"),
        python_case(TAG + "Python cases(families='block')", v + "v.cases(families='block')\n",
                    "families"),
        python_case(TAG + "Python score with a 1-D trajectory",
                    v + case + "v.score(c, [0.0] * 10)\n", "(10,)"),
        python_case(TAG + "Python score with a 3-D trajectory",
                    v + case + "import numpy\nv.score(c, numpy.zeros((2, 2, 10)))\n",
                    "trajectory"),
        python_case(TAG + "Python score with an empty dict", v + "v.score({}, [[0.0] * 10])\n",
                    "case"),
        python_case(TAG + "Python score with a non-string name",
                    v + case + "c['name'] = 5\nv.score(c, [[0.0] * 10] * 5)\n", "case"),
        python_case(TAG + "Python score_folder with control bytes in trajectories",
                    v + "v.score_folder('cases', '\\x1b[2J')\n", "trajectories"),
        python_case(TAG + "Python score_folder with control bytes in cases",
                    v + "v.score_folder('\\x1b[2J', '.')\n", "cases"),
        python_case(TAG + "Python analytic_trajectory spacing nan",
                    v + case + "v.analytic_trajectory(c, float('nan'))\n", "spacing_s"),
        python_case(TAG + "Python validate(threads=-1)",
                    "import nsdkit\nnsdkit.validate(threads=-1)\n", "threads"),
    ]


def python_reason_check():
    """A case dict named with escape bytes: the refused row's reason carries no raw control
    byte."""
    snippet = ("from nsdkit import validation as v\nc = v.cases(['block'])[0]\n"
               "c['name'] = '\\x1b[2J\\x07'\nr = v.score(c, [[0.0] * 10] * 5)\n"
               "import sys\nsys.exit(3 if any(ord(ch) < 32 for ch in r['reason']) else 0)\n")

    def run(folder):
        env = dict(os.environ, PYTHONPATH=suite_common.PYTHONPATH)
        done = subprocess.run([suite_common.PYTHON, "-c", snippet], cwd=folder, env=env,
                              capture_output=True, timeout=60)
        return [] if done.returncode == 0 else [f"status {done.returncode}: "
                                                 f"{done.stderr[-200:]!r}"]
    return check("Python score: a refused row's reason without raw control bytes", run)


def engines_cases():
    # --engines is checked before the report folder is made (nothing written).
    run = ["validate", "--output", "report", "--quick", "--engines"]
    return [Case(TAG + "--engines empty", run + [""], "--engines"),
            Case(TAG + "--engines with an empty entry", run + ["all,"], "--engines"),
            Case(TAG + "--engines naming no solver", run + ["warp-drive"], "--engines"),
            Case(TAG + "--engines with --score", ["validate", "--score", "--cases", "c",
                                                  "--trajectories", "t", "--engines", "web"],
                 "--engines")]


def cases():
    return (engines_cases() + nesting_cases() + trajectory_node_cases() + [hard_link_report_check()] +
            solver_name_cases() + report_escape_checks() + trajectory_content_checks() +
            index_cases() + export_cases() + python_cases() + [python_reason_check()] +
            [huge_trajectory_check("a 250 MB trajectory of 17-digit rows within 2.5 GiB",
                                   "0.12345678901234567", 5 << 29),
             huge_trajectory_check("a 250 MB trajectory of the shortest rows within 2.5 GiB",
                                   "0", 5 << 29)])
