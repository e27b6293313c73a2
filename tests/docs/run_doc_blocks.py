"""Every code block of the documentation runs (issue 48): the shell, Python and C++ blocks of
every page docs/*.md and README.md, in order, per page, as a reader would type them.

    run_doc_blocks.py SOURCE_DIR BUILD_DIR WORK_DIR [PAGE ...]

Conventions (what a block may assume; the pages are written to them):
- Each page runs in its own scratch folder WORK_DIR/<page> (emptied first) that looks like the
  checkout's root: `examples`, `analysis`, `engines` and `docs` are links to the checkout's
  folders (read them; write outputs into the current folder, never into those), and
  `build/release` is a link to BUILD_DIR, the build under test. So a block runs exactly as
  written from the checkout's root after `./nsdkit.sh run`.
- The environment is the one README.md's PATH block gives (the block with `export PATH`, right
  after the first block), run in the scratch folder: the build's `nsdkit` and `nsdkit-mpi` on
  PATH and its Python module on PYTHONPATH. The test checks that `nsdkit` then is the build's.
- HOME is WORK_DIR/<page>/home (a block that installs into $HOME writes there, not into the
  real home); MPLBACKEND=Agg; mpirun may run as root (the CI's user: OMPI_ALLOW_RUN_AS_ROOT
  and its confirmation, as command_line.md tells a reader who is root).
- Shell blocks (sh, bash, shell; the "$ " lines of console blocks) run in a new bash each with
  `set -e -o pipefail` (a block's own `cd`/`export` do not carry over to the next block).
- Python blocks of one page run in one interpreter session (tests/docs/python_session.py), in
  order, state carried over; shell and Python blocks keep their order on the page.
- C++: a program is an example under examples/ shown with {literalinclude}, which the build
  compiles and runs (the quick start by tests/docs/quickstart_test.cmake); the include must name
  an existing file compiled by its folder's CMakeLists.txt. Unmarked inline C++ is refused.
- json blocks must parse; text and cmake blocks are shown only; "fragment" and "driver" blocks
  are not run (doc_blocks.py says what each is and what is checked instead). Any other block is
  refused. A page stops at its first failing block (later ones depend on it); all pages run.
Each failure names the page, the block's line and the error. Exit status: 0 when every block ran.
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import doc_blocks  # noqa: E402

BLOCK_TIMEOUT_S = 150  # the slowest block today takes about 40 s on 2 cores
LINKED = ("examples", "analysis", "engines", "docs")


class BlockFailure(Exception):
    pass


def pages_of(source):
    return sorted((source / "docs").glob("*.md")) + [source / "README.md"]


def path_block(source):
    """README.md's block that puts nsdkit on the PATH (the one with `export PATH`)."""
    for block in doc_blocks.blocks_of(source / "README.md", source)[1:]:
        if "export PATH" in block.code and block.language in doc_blocks.RUN_SHELL:
            return block
    raise SystemExit("README.md: no sh block with `export PATH` (nsdkit on the PATH)")


def scratch_folder(work, page, source, build):
    folder = work / page.stem
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "build").mkdir(parents=True)
    for name in LINKED:
        (folder / name).symlink_to(source / name)
    (folder / "build" / "release").symlink_to(build)
    return folder


def page_environment(folder, prelude, build):
    """The environment after README's PATH block, run in the page's folder."""
    home = folder / "home"  # a block that installs into $HOME installs here
    home.mkdir()
    env = dict(os.environ, HOME=str(home), MPLBACKEND="Agg", OPENBLAS_NUM_THREADS="1",
               OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    out = subprocess.run(["bash", "-c", "set -e\n" + prelude.code + "\nenv -0"], cwd=folder,
                         env=env, capture_output=True, timeout=60)
    if out.returncode != 0:
        raise BlockFailure(f"{prelude.where}: the PATH block failed: {out.stderr.decode()}")
    env = dict(item.split("=", 1) for item in out.stdout.decode().split("\0") if "=" in item)
    found = shutil.which("nsdkit", path=env.get("PATH"))
    if not found or pathlib.Path(found).resolve() != (build / "src/cli/nsdkit").resolve():
        raise BlockFailure(f"{prelude.where}: after it, nsdkit is {found}, not the build's")
    return env


def run_shell(block, code, folder, env):
    out = subprocess.run(["bash", "-c", "set -e -o pipefail\n" + code], cwd=folder, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         timeout=BLOCK_TIMEOUT_S)
    if out.returncode != 0:
        tail = "\n".join(out.stdout.decode(errors="replace").splitlines()[-25:])
        raise BlockFailure(f"{block.where}: exit status {out.returncode}\n{tail}")


def driver_commands(source):
    """The commands ./nsdkit.sh handles (the labels of its case statement)."""
    text = (source / "nsdkit.sh").read_text()
    return {name for labels in re.findall(r"^  ([a-z|-]+)\)", text, flags=re.M)
            for name in labels.split("|")}


def check_driver(block, source):
    known = driver_commands(source)
    for line in block.code.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"\./nsdkit\.sh(?:\s+(\S+))?(\s.*)?", line)
        if not match or (match[1] or "help") not in known | {"help"}:
            raise BlockFailure(f"{block.where}: not a ./nsdkit.sh command: {line!r}")


def check_include(block, source):
    """A {literalinclude}: the file exists; a C++ one is compiled by its folder's CMakeLists."""
    words = block.info.split(None, 1)  # ["{literalinclude}", "PATH"]
    if len(words) < 2:
        raise BlockFailure(f"{block.where}: names no file")
    target = words[1].strip()
    path = (source / block.page).parent / target
    if not path.is_file():
        raise BlockFailure(f"{block.where}: {target} does not exist")
    if path.suffix in (".cpp", ".hpp"):
        cmake = path.parent / "CMakeLists.txt"
        if not cmake.is_file() or not re.search(rf"\b({path.stem}|{path.name})\b", cmake.read_text()):
            raise BlockFailure(f"{block.where}: {target} is not compiled by {cmake}")


class PythonSession:
    def __init__(self, folder, env):
        self.process = subprocess.Popen(
            [sys.executable, str(pathlib.Path(__file__).resolve().parent / "python_session.py")],
            cwd=folder, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(self, block):
        # The code starts on the line after the fence: the session pads it with block.line lines.
        self.process.stdin.write(json.dumps(
            {"page": block.page, "line": block.line, "code": block.code}) + "\n")
        self.process.stdin.flush()
        reply = self.process.stdout.readline()
        if not reply:
            raise BlockFailure(f"{block.where}: the Python session died")
        reply = json.loads(reply)
        if not reply["ok"]:
            raise BlockFailure(f"{block.where}: {reply['error']}")

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


def run_block(block, source, folder, env, session, counts):
    language, marker = block.language, block.marker
    problem = doc_blocks.refusal(block)
    if problem:
        raise BlockFailure(f"{block.where}: refused: {problem}")
    if language == "{literalinclude}":
        check_include(block, source)
        counts["included"] += 1
    elif language.startswith("{"):
        counts["directives"] += 1
    elif marker == "driver":
        check_driver(block, source)
        counts["driver"] += 1
    elif marker == "fragment" or language in doc_blocks.SHOWN:
        counts["shown"] += 1
    elif language == "json":
        try:
            json.loads(block.code)
        except ValueError as error:
            raise BlockFailure(f"{block.where}: not valid JSON: {error}") from None
        counts["json"] += 1
    elif language in doc_blocks.RUN_PYTHON:
        if session[0] is None:
            session[0] = PythonSession(folder, env)
        session[0].run(block)
        counts["python"] += 1
    elif language == "console":
        commands = doc_blocks.console_commands(block.code)
        if commands:
            run_shell(block, commands, folder, env)
            counts["shell"] += 1
        else:
            counts["shown"] += 1
    else:
        run_shell(block, block.code, folder, env)
        counts["shell"] += 1


def run_page(page, source, build, work, prelude):
    """Runs one page's blocks; returns (summary line, failure message or None)."""
    start = time.monotonic()
    counts = dict.fromkeys(["shell", "python", "json", "included", "shown", "driver",
                            "directives"], 0)
    session = [None]
    failure = None
    blocks = []
    try:
        blocks = doc_blocks.blocks_of(page, source)
        folder = scratch_folder(work, page, source, build)
        env = page_environment(folder, prelude, build) if blocks else None
        for block in blocks:
            run_block(block, source, folder, env, session, counts)
    except (BlockFailure, ValueError) as error:
        failure = str(error)
    except subprocess.TimeoutExpired as error:
        failure = f"{page.name}: a block ran over {error.timeout} s: {error.cmd}"
    finally:
        if session[0] is not None:
            session[0].close()
    shown = ", ".join(f"{v} {k}" for k, v in counts.items() if v)
    summary = (f"{page.relative_to(source)}: {len(blocks)} blocks ({shown or 'none run'}), "
               f"{time.monotonic() - start:.1f} s")
    return summary, failure


def main(argv):
    source, build, work = (pathlib.Path(a).resolve() for a in argv[1:4])
    only = set(argv[4:])
    prelude = path_block(source)
    failures = []
    for page in pages_of(source):
        if only and page.name not in only:
            continue
        summary, failure = run_page(page, source, build, work, prelude)
        print(("FAIL " if failure else "ok   ") + summary, flush=True)
        if failure:
            failures.append(failure)
    for failure in failures:
        print("\nFAILED " + failure)
    print(f"\n{len(failures)} page(s) with a failing block")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
