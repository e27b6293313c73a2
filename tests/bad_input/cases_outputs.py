"""Bad-input cases (issue 45): every output nsdkit writes and the HTML pages. Case names start
with "outputs: ".

- Nodes that are not regular files: an HTML page onto a FIFO or a character device is written in
  place (the node stays what it is); a symbolic link is refused, link and target unchanged.
- Temporaries: links planted at the old predictable temporary names (`<out>.tmp-nsdkit-<pid>`,
  `<page>.tmp-nsdkit-triangles.csv`) are never followed.
- Collisions: --html equal to --output, --output equal to --body (by path, by inode), and the
  other input/output pairs of the CLI.
- A failed page is an error (status 2, one line); a page path starting with '-' is a path.
- Script injection: text from inputs (a load named `</script><script>...`, titles, labels,
  report rows) never reaches the page raw.
- `mesh --mu 1e-300` answers within 20 s.
"""
import json
import os
import shutil
import stat
import subprocess
import time

from suite_common import (BASES, SENTINEL, Case, Check, python_case, run_nsdkit, with_option,
                          write)
import suite_common

TAG = "outputs: "
INJECTION = "</script><script>alert(document.domain)</script>"
VICTIM = "victim.txt"
VICTIM_TEXT = "the victim's bytes\n"
# A small closed mesh (a tetrahedron) for the Python page writers.
TETRAHEDRON = ('{"vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], '
               '"faces": [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]}')


def body_copy(name="body.json", source="hoop_on_plane.json"):
    def setup(folder):
        shutil.copyfile(os.path.join(suite_common.BODIES, source), os.path.join(folder, name))
    return setup


def hard_link(target, link, make_target=None):
    def setup(folder):
        if make_target:
            make_target(folder)
        os.link(os.path.join(folder, target), os.path.join(folder, link))
    return setup


def symlink(target, link):
    return lambda folder: os.symlink(target, os.path.join(folder, link))


def report_folder(rows=None, report_extra=None):
    """A setup writing rep/report.json (and rep/maps/ when maps are named)."""
    def setup(folder):
        os.makedirs(os.path.join(folder, "rep"))
        report = {"rows": rows or [], "solvers": []}
        report.update(report_extra or {})
        write(os.path.join(folder, "rep", "report.json"), json.dumps(report))
    return setup


def py(name, snippet, field, setup=None):
    """A python_case with the nsdkit module imported."""
    return python_case(name, "import nsdkit\n" + snippet, field, setup)


def python_run(folder, snippet, timeout_s=60):
    """Runs `snippet` with the nsdkit module importable, in `folder`."""
    env = dict(os.environ, PYTHONPATH=suite_common.PYTHONPATH, OPENBLAS_NUM_THREADS="1")
    return subprocess.run([suite_common.PYTHON, "-c", "import nsdkit\n" + snippet], cwd=folder,
                          env=env, capture_output=True, timeout=timeout_s)


def victim_problems(folder, links):
    """The victim file unchanged and every planted link still a link to it."""
    problems = []
    with open(os.path.join(folder, VICTIM), encoding="utf-8", errors="replace") as f:
        if f.read() != VICTIM_TEXT:
            problems.append("the target of a planted link was overwritten")
    moved = [name for name in links if not os.path.islink(os.path.join(folder, name))]
    if moved:
        problems.append(f"planted links replaced or removed: {moved[:3]}")
    return problems


def plant_links(folder, names):
    write(os.path.join(folder, VICTIM), VICTIM_TEXT)
    for name in names:
        os.symlink(VICTIM, os.path.join(folder, name))
    return names


def next_pids(count=400):
    """The process ids the next processes will most likely get (Linux hands them out in order)."""
    try:
        with open("/proc/sys/kernel/ns_last_pid", encoding="ascii") as f:
            last = int(f.read())
    except OSError:
        return []
    return [last + k for k in range(1, count + 1)]


def regular_page(path):
    """Problems of `path` as a written HTML page (a regular file starting with <!DOCTYPE)."""
    if os.path.islink(path) or not os.path.isfile(path):
        return [f"{os.path.basename(path)} is not a regular file"]
    with open(path, "rb") as f:
        if not f.read(64).lstrip().lower().startswith((b"<!doctype html", b"<html")):
            return [f"{os.path.basename(path)} is not an HTML page"]
    return []


# --- nodes that are not regular files ---------------------------------------------------------

def release_reader(reader, fifo):
    """Ends the FIFO's reader: killed if the FIFO was replaced, else given an end of file (when
    the writer never opened it), and killed if it still runs 5 s later (it had not opened the
    FIFO yet when the end of file was given: a failed case must not leave it holding ctest's
    pipes)."""
    if reader.poll() is None and not stat.S_ISFIFO(os.lstat(fifo).st_mode):
        reader.kill()
    elif reader.poll() is None:
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass
    try:
        reader.wait(timeout=5)
    except subprocess.TimeoutExpired:
        reader.kill()
        reader.wait()


def fifo_check(write_page, expect=b"<!DOCTYPE"):
    """A FIFO given as the page stays a FIFO and receives the page."""
    def run(folder):
        fifo = os.path.join(folder, "page.html")
        os.mkfifo(fifo)
        received_path = os.path.join(folder, "received")
        with open(received_path, "wb") as received_file:  # (a pipe would fill and block)
            reader = subprocess.Popen(["cat", fifo], stdout=received_file)
            try:
                done = write_page(folder, fifo)
            finally:
                release_reader(reader, fifo)
        with open(received_path, "rb") as f:
            received = f.read(64)
        problems = []
        if done.returncode != 0:
            problems.append(f"status {done.returncode}: {done.stderr[-300:]!r}")
        if not stat.S_ISFIFO(os.lstat(fifo).st_mode):
            problems.append("the FIFO was replaced")
        if not received.startswith(expect):
            problems.append(f"the FIFO received {received[:40]!r}")
        return problems
    return run


def device_check(write_page):
    """A character device (/dev/null's numbers) given as the page stays a device (as root; not
    root: nothing to check, the FIFO cases stand for devices)."""
    def run(folder):
        node = os.path.join(folder, "null.html")
        try:
            os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        except PermissionError:
            return []
        done = write_page(folder, node)
        problems = []
        if done.returncode != 0:
            problems.append(f"status {done.returncode}: {done.stderr[-300:]!r}")
        if not stat.S_ISCHR(os.lstat(node).st_mode):
            problems.append("the device was replaced by a regular file")
        return problems
    return run


def mesh_page(folder, page):
    return run_nsdkit(["mesh", "--output", "m.off", "--html", page], folder, timeout_s=60)


def python_body_page(folder, page):
    return python_run(folder, f"nsdkit.stability_body_html({TETRAHEDRON}, {page!r})")


def python_report_page(folder, page):
    report_folder()(folder)
    return python_run(folder, f"nsdkit.validation_report_html('rep', {page!r})")


def node_cases():
    mesh = BASES["mesh"]
    return [
        Check(TAG + "mesh --html onto a FIFO", fifo_check(mesh_page)),
        Check(TAG + "mesh --html onto a character device", device_check(mesh_page)),
        Check(TAG + "stability_body_html onto a FIFO", fifo_check(python_body_page),
              needs=["python"]),
        Check(TAG + "stability_body_html onto a character device",
              device_check(python_body_page), needs=["python"]),
        Check(TAG + "validation_report_html onto a FIFO", fifo_check(python_report_page),
              needs=["python"]),
        Check(TAG + "validation_report_html onto a character device",
              device_check(python_report_page), needs=["python"]),
        Check(TAG + "mesh --output onto a FIFO",
              fifo_check(lambda folder, fifo: run_nsdkit(["mesh", "--output", fifo, "--format",
                                                          "off"], folder, 60), expect=b"OFF")),
        Case(TAG + "mesh --html onto a symbolic link", mesh + ["--html", "link.html"], "--html",
             symlink(SENTINEL, "link.html")),
        Case(TAG + "mesh --output onto a symbolic link",
             with_option(mesh, "--output", "link.off"), "--output", symlink(SENTINEL, "link.off")),
        Case(TAG + "mesh --html onto a dangling symbolic link", mesh + ["--html", "link.html"],
             "--html", symlink("nowhere.html", "link.html")),
        py(TAG + "stability_body_html onto a symbolic link",
                    f"nsdkit.stability_body_html({TETRAHEDRON}, 'link.html')", "link.html",
                    symlink(SENTINEL, "link.html")),
        py(TAG + "stability_body_html onto a dangling symbolic link",
                    f"nsdkit.stability_body_html({TETRAHEDRON}, 'link.html')", "link.html",
                    symlink("nowhere.html", "link.html")),
        py(TAG + "stability_body_html onto a folder",
                    f"nsdkit.stability_body_html({TETRAHEDRON}, 'sub')",
                    "sub", lambda folder: os.mkdir(os.path.join(folder, "sub"))),
        py(TAG + "stability_body_html into a missing folder",
                    f"nsdkit.stability_body_html({TETRAHEDRON}, 'nofolder/p.html')",
                    "nofolder/p.html"),
        py(TAG + "stability_body_html with a path that is not a name",
                    f"nsdkit.stability_body_html({TETRAHEDRON}, 123)", "path"),
        py(TAG + "validation_report_html onto a symbolic link",
                    "nsdkit.validation_report_html('rep', 'link.html')", "link.html",
                    lambda folder: (report_folder()(folder),
                                    symlink(SENTINEL, "link.html")(folder))),
        py(TAG + "validation_report_html onto a folder",
                    "nsdkit.validation_report_html('rep', 'rep')", "rep", report_folder()),
        py(TAG + "validation_report_html into a missing folder",
                    "nsdkit.validation_report_html('rep', 'nofolder/r.html')", "nofolder/r.html",
                    report_folder()),
    ]


# --- temporaries ----------------------------------------------------------------------------

def planted_output_check(folder):
    """Links at `out.csv.tmp-nsdkit-<pid>` for the next process ids: the output is written, no
    link followed (the old temporary was opened by name and followed a link there)."""
    links = plant_links(folder, [f"out.csv.tmp-nsdkit-{pid}" for pid in next_pids()])
    done = run_nsdkit(BASES["rattleback"], folder)
    problems = victim_problems(folder, links)
    if done.returncode != 0:
        problems.append(f"status {done.returncode}: {done.stderr[-300:]!r}")
    if os.path.islink(os.path.join(folder, "out.csv")) or \
            not os.path.isfile(os.path.join(folder, "out.csv")):
        problems.append("out.csv is not a regular file")
    return problems


def planted_page_check(folder):
    """Links at the page's old temporaries (the triangles CSV's fixed name and pages.py's
    `<page>.tmp-nsdkit-<pid>`): the page is written, no link followed."""
    names = ["page.html.tmp-nsdkit-triangles.csv"]
    names += [f"page.html.tmp-nsdkit-{pid}" for pid in next_pids()]
    links = plant_links(folder, names)
    done = run_nsdkit(["mesh", "--output", "m.off", "--html", "page.html"], folder, 60)
    problems = victim_problems(folder, links)
    if done.returncode != 0:
        problems.append(f"status {done.returncode}: {done.stderr[-300:]!r}")
    return problems + regular_page(os.path.join(folder, "page.html"))


def planted_python_check(folder):
    """A link at `p.html.tmp-nsdkit-<pid>` of the very process calling stability_body_html."""
    snippet = (f"import os\nos.symlink({VICTIM!r}, f'p.html.tmp-nsdkit-{{os.getpid()}}')\n"
               f"nsdkit.stability_body_html({TETRAHEDRON}, 'p.html')")
    write(os.path.join(folder, VICTIM), VICTIM_TEXT)
    done = python_run(folder, snippet)
    problems = []
    with open(os.path.join(folder, VICTIM), encoding="utf-8", errors="replace") as f:
        if f.read() != VICTIM_TEXT:
            problems.append("the target of the planted link was overwritten")
    if done.returncode != 0:
        problems.append(f"status {done.returncode}: {done.stderr[-300:]!r}")
    return problems + regular_page(os.path.join(folder, "p.html"))


def leftover_check(folder):
    """A mesh with a page leaves no temporary beside its outputs."""
    done = run_nsdkit(["mesh", "--output", "m.off", "--html", "page.html"], folder, 60)
    left = [name for name in os.listdir(folder) if ".tmp-nsdkit-" in name]
    problems = [f"temporaries left: {left[:3]}"] if left else []
    if done.returncode != 0:
        problems.append(f"status {done.returncode}: {done.stderr[-300:]!r}")
    return problems


def temporary_cases():
    return [
        Check(TAG + "links planted at the output's old temporary names", planted_output_check),
        Check(TAG + "links planted at the page's old temporary names", planted_page_check),
        Check(TAG + "a link planted at the Python writer's temporary name",
              planted_python_check, needs=["python"]),
        Check(TAG + "no temporary left beside the mesh and its page", leftover_check),
    ]


# --- collisions -----------------------------------------------------------------------------

def collision_cases():
    mesh = BASES["mesh"]
    hoop = body_copy()
    ball = body_copy(source="ball_trough.json")  # meshed in 2 s: a clobbered body is seen
    ball_mesh = ["mesh", "--body", "body.json", "--axes", "mx,my,mz"]
    return [
        Case(TAG + "mesh --html equal to --output", mesh + ["--html", "out.off"], "--html"),
        Case(TAG + "mesh --html equal to --output through ./", mesh + ["--html", "./out.off"],
             "--html"),
        Case(TAG + "mesh --html a hard link of --output", mesh + ["--html", "page.html"],
             "--html", hard_link("out.off", "page.html",
                                 lambda d: write(os.path.join(d, "out.off"), "OFF\n0 0 0\n"))),
        Case(TAG + "mesh --output equal to --body", ball_mesh + ["--output", "body.json",
                                                                  "--format", "off"],
             "--body", ball),
        Case(TAG + "mesh --output equal to --body through ./",
             ball_mesh + ["--output", "./body.json", "--format", "off"], "--body", ball),
        Case(TAG + "mesh --output a hard link of --body",
             ball_mesh + ["--output", "other.off"], "--body",
             hard_link("body.json", "other.off", ball)),
        Case(TAG + "mesh --html equal to --body", ball_mesh + ["--output", "m.off", "--html",
                                                               "body.json"], "--body", ball),
        Case(TAG + "classify --output equal to --input",
             with_option(BASES["classify"], "--output", "in.csv"), "--input"),
        Case(TAG + "classify --output equal to --body",
             ["classify", "--body", "body.json", "--input", "in.csv", "--output", "body.json"],
             "--body", ball),
        Case(TAG + "region --output equal to --body",
             ["region", "--body", "body.json", "--axis", "fz:-1:1:3", "--axis",
              "omega_x:0:1:3", "--output", "body.json", "--format", "csv"], "--body", hoop),
        Case(TAG + "region --checkpoint equal to --output",
             BASES["region"] + ["--checkpoint", "out.csv"], "--checkpoint"),
        Case(TAG + "body --body is the summary.json it writes",
             ["body", "--body", "outdir/summary.json", "--output-dir", "outdir"], "--body",
             lambda d: (os.mkdir(os.path.join(d, "outdir")),
                        body_copy("outdir/summary.json")(d))),
    ]


# --- failed pages, page paths -----------------------------------------------------------------

def dash_page_check(folder):
    """`--html -x.html` is a page path, not an option of pages.py: the page is written."""
    done = run_nsdkit(["mesh", "--output", "m.off", "--html", "-x.html"], folder, 60)
    problems = []
    if done.returncode != 0:
        problems.append(f"status {done.returncode}: {done.stderr[-300:]!r}")
    return problems + regular_page(os.path.join(folder, "-x.html"))


def failed_page_check(folder):
    """The page of ball-trough cannot be written (a link where it goes): status 2, one line
    naming the page; the link and its target unchanged. The folder's name is long, so that the
    page's path is longer than a quoted text's limit (80) wherever the suite runs: the message
    must still show the page's file name."""
    out = "bt_" + "deep" * 25
    os.mkdir(os.path.join(folder, out))
    os.symlink(os.path.join("..", SENTINEL), os.path.join(folder, out, "stability_body.html"))
    done = run_nsdkit(["ball-trough", "--grid", "3", "--output-dir", out], folder, 120)
    problems = []
    lines = [line for line in done.stderr.decode("utf-8", "replace").splitlines() if line]
    if done.returncode != 2:
        problems.append(f"status {done.returncode}, not 2")
    if len(lines) != 1 or not lines[0].startswith("nsdkit: error: ") or \
            "stability_body.html" not in lines[0]:
        problems.append(f"stderr is not one error line naming the page: {lines[-3:]!r}")
    if not os.path.islink(os.path.join(folder, out, "stability_body.html")):
        problems.append("the link was replaced")
    with open(os.path.join(folder, SENTINEL), encoding="utf-8") as f:
        if f.read() != "the previous output\n":
            problems.append("the link's target was overwritten")
    return problems


def page_cases():
    return [
        Check(TAG + "mesh --html -x.html is a path", dash_page_check),
        Check(TAG + "a failed page of ball-trough is an error", failed_page_check),
        Case(TAG + "mesh --html into a missing folder through a dash path",
             BASES["mesh"] + ["--html", "-nofolder/p.html"], "--html"),
    ]


# --- script injection -------------------------------------------------------------------------

def raw_injection(path, needles=(INJECTION, "<script>alert", "<img src=x")):
    """Problems: `path` missing or holding text from the input raw."""
    problems = regular_page(path)
    if problems:
        return problems
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    found = [n for n in needles if n in text]
    if "\u2028" in text or "\u2029" in text:
        found.append("a raw U+2028/2029")
    return [f"the page holds input text raw: {found}"] if found else []


def body_load_injection_check(folder):
    """A body file whose load is named `</script><script>...` (legal), meshed with a page."""
    with open(os.path.join(suite_common.BODIES, "ball_trough.json"), encoding="utf-8") as f:
        body = json.load(f)
    for load in body["loads"]:
        if load["name"] == "mx":
            load["name"] = INJECTION
    write(os.path.join(folder, "inj.json"), json.dumps(body))
    done = run_nsdkit(["mesh", "--body", "inj.json", "--axes", INJECTION + ",my,mz", "--output",
                       "m.off", "--html", "page.html"], folder, 60)
    problems = [f"status {done.returncode}: {done.stderr[-300:]!r}"] if done.returncode else []
    return problems + raw_injection(os.path.join(folder, "page.html"))


def python_injection_check(arguments):
    """stability_body_html with `arguments` (Python source) holding the injection."""
    def run(folder):
        done = python_run(folder, f"nsdkit.stability_body_html({TETRAHEDRON}, 'p.html', "
                                  f"{arguments})")
        problems = [f"status {done.returncode}: {done.stderr[-300:]!r}"] if done.returncode \
            else []
        return problems + raw_injection(os.path.join(folder, "p.html"))
    return run


def report_injection_check(rows=None, extra=None):
    """validation_report_html of a report.json holding the injection."""
    def run(folder):
        report_folder(rows, extra)(folder)
        if extra and extra.get("maps"):
            os.makedirs(os.path.join(folder, "rep", "maps"))
            write(os.path.join(folder, "rep", "maps", "m.csv"),
                  "m_x,m_y,agrees,expected,observed\n0,0,1," + INJECTION + ",x\n")
        done = python_run(folder, "nsdkit.validation_report_html('rep', 'r.html')")
        problems = [f"status {done.returncode}: {done.stderr[-300:]!r}"] if done.returncode \
            else []
        return problems + raw_injection(os.path.join(folder, "r.html"))
    return run


def injection_cases():
    python = ["python"]
    row = {"case": INJECTION, "solver": "<img src=x onerror=alert(1)>", "status": "pass",
           INJECTION: "key"}
    solver = {"solver": INJECTION, "rows": "<img src=x onerror=alert(1)>", "passed": 1,
              "pass_rate": 1.0, "not_representable": 0}
    a_map = {"file": "maps/m.csv", "solver": INJECTION, "section": "<img src=x>", "m_z": 0.0,
             "agreement": 1.0}
    return [
        Check(TAG + "a body's load named </script><script> in mesh --html",
              body_load_injection_check),
        Check(TAG + "stability_body_html title with </script>",
              python_injection_check(f"title={INJECTION!r}"), needs=python),
        Check(TAG + "stability_body_html axis names with </script>",
              python_injection_check(f"axis_names=({INJECTION!r}, 'b', 'c')"), needs=python),
        Check(TAG + "stability_body_html point label with </script>",
              python_injection_check(f"points={{{INJECTION!r}: (0, 0, 0)}}"), needs=python),
        Check(TAG + "stability_body_html edge label with </script>",
              python_injection_check(f"edges={{{INJECTION!r}: [(0, 0, 0), (1, 0, 0)]}}"),
              needs=python),
        Check(TAG + "stability_body_html condition with </script>",
              python_injection_check(f"conditions=[{INJECTION!r}] * 4"), needs=python),
        Check(TAG + "stability_body_html title with U+2028",
              python_injection_check("title='a\\u2028b\\u2029c'"), needs=python),
        Check(TAG + "validation report rows with </script> and <img>",
              report_injection_check(rows=[row]), needs=python),
        Check(TAG + "validation report solver summary with </script> and <img>",
              report_injection_check(extra={"solvers": [solver]}), needs=python),
        Check(TAG + "validation report map with </script>",
              report_injection_check(extra={"maps": [a_map]}), needs=python),
        py(TAG + "validation report map file outside the folder",
                    "nsdkit.validation_report_html('rep', 'r.html')", "../../etc/passwd",
                    report_folder(report_extra={"maps": [dict(a_map, file="../../etc/passwd")]})),
        py(TAG + "stability_body_html with two axis names",
                    f"nsdkit.stability_body_html({TETRAHEDRON}, 'p.html', axis_names=('a', 'b'))",
                    "axis_names"),
    ]


# --- mesh --mu 1e-300 -------------------------------------------------------------------------

def mesh_seconds_check(folder):
    """`seconds` of mesh measures the whole run: here the Monte Carlo volume, which the old
    `seconds` (the meshing routine's own clock) left out."""
    start = time.monotonic()
    done = run_nsdkit(["mesh", "--output", "m.off", "--mc-samples", "400000", "--threads", "1"],
                      folder, 120)
    wall = time.monotonic() - start
    if done.returncode != 0:
        return [f"status {done.returncode}: {done.stderr[-300:]!r}"]
    seconds = json.loads(done.stdout.decode().splitlines()[-1])["seconds"]
    return [] if seconds >= 0.8 * wall else [f"seconds {seconds:.2f} for a run of {wall:.2f} s"]


def mu_cases():
    mesh = BASES["mesh"]
    return [
        Case(TAG + "mesh --mu 1e-300 answers within 20 s", mesh + ["--mu", "1e-300"], "--mu",
             timeout_s=20),
        Case(TAG + "mesh --mu 1e-30 answers within 20 s", mesh + ["--mu", "1e-30"], "--mu",
             timeout_s=20),
        Case(TAG + "mesh --mu-plus 1e-300 answers within 20 s", mesh + ["--mu-plus", "1e-300"],
             "--mu-plus", timeout_s=20),
        Check(TAG + "mesh seconds measure the whole run", mesh_seconds_check),
    ]


def cases():
    return (node_cases() + temporary_cases() + collision_cases() + page_cases() +
            injection_cases() + mu_cases())
