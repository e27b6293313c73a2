"""What every module of the bad-input suite shares: the case types, the paths of the programs
under test and small helpers for building a case's folder.

A case module (``cases_*.py`` beside this file) defines ``cases()`` returning a list of
``Case`` and ``Check`` values; ``bad_input_suite.py`` runs them all.

- ``Case``: one run refused as the brief promises (exit status 2, one line on stderr
  ``nsdkit: error: ...`` naming ``field``, nothing on stdout, the folder unchanged, the existing
  output untouched, within ``timeout_s`` and ``memory_bytes``). ``argv`` runs the CLI, or
  ``program`` names another one ("nsdkit-mpi" runs ``mpirun -np 2 nsdkit-mpi``); ``python`` is
  a snippet run with the ``nsdkit`` module importable, where a ``ValueError`` counts as the
  refusal (its message is the line) and anything else, a crash included, is a failure.
- ``Check``: a case with its own verdict: ``run(folder)`` returns the list of problems (empty
  when handled), for what a refusal does not describe (a device written in place, a run that
  must succeed without replacing a node).
"""
import os
import subprocess
import sys
from dataclasses import dataclass, field as dataclass_field
from typing import Callable, List, Optional

NSDKIT = os.environ.get("NSDKIT_CLI", "")
NSDKIT_MPI = os.environ.get("NSDKIT_MPI", "")
BODIES = os.environ.get("NSDKIT_BODIES_DIR", "")
PYTHONPATH = os.environ.get("NSDKIT_PYTHONPATH", "")
PYTHON = sys.executable
TIME_LIMIT_S = 10.0
MEMORY_LIMIT_BYTES = 2 << 30
SENTINEL = "existing-output"  # a file each case's folder holds before the run


@dataclass
class Case:
    name: str
    argv: List[str]
    field: str
    setup: Optional[Callable[[str], None]] = None
    program: str = "nsdkit"          # "nsdkit", "nsdkit-mpi" (2 ranks) or "python"
    python: Optional[str] = None     # the snippet, when program == "python"
    timeout_s: float = TIME_LIMIT_S
    memory_bytes: int = MEMORY_LIMIT_BYTES
    needs: List[str] = dataclass_field(default_factory=list)  # "mpi", "python": skipped if absent


@dataclass
class Check:
    name: str
    run: Callable[[str], List[str]]
    needs: List[str] = dataclass_field(default_factory=list)


def python_case(name, snippet, field, setup=None, **kw):
    """A Case running `snippet` in Python with the nsdkit module importable."""
    return Case(name, [], field, setup, program="python", python=snippet, needs=["python"], **kw)


def mpi_case(name, argv, field, setup=None, **kw):
    """A Case running `mpirun -np 2 nsdkit-mpi argv`."""
    return Case(name, argv, field, setup, program="nsdkit-mpi", needs=["mpi"], **kw)


def write(path, text):
    mode = "wb" if isinstance(text, bytes) else "w"
    with open(path, mode, **({} if mode == "wb" else {"encoding": "utf-8"})) as f:
        f.write(text)


def with_option(base, option, value):
    """The base command with `option value` (replacing the base's own value of it)."""
    args = list(base)
    if option in args:
        i = args.index(option)
        args[i + 1] = value
    else:
        args += [option, value]
    return args


def run_nsdkit(argv, cwd, timeout_s=TIME_LIMIT_S):
    """Runs the CLI (for Check cases); returns the CompletedProcess."""
    return subprocess.run([NSDKIT] + argv, cwd=cwd, capture_output=True, timeout=timeout_s)


# A command each bad value is put into: the other arguments make a valid run.
BASES = {
    "classify": ["classify", "--model", "ball-trough", "--input", "in.csv", "--output",
                 "out.csv"],
    "ball-trough": ["ball-trough", "--output-dir", "outdir", "--grid", "5"],
    "region": ["region", "--axis", "mx:-1:1:5", "--axis", "my:-1:1:5", "--fix", "mz=0",
               "--output", "out.csv"],
    "mesh": ["mesh", "--output", "out.off"],
    "body": ["body", "--body", os.path.join(BODIES, "hoop_on_plane.json"), "--output-dir",
             "outdir"],
    "validate": ["validate", "--output", "outdir", "--quick"],
    "rattleback": ["rattleback", "--t-end", "0.01", "--output", "out.csv"],
    "rolling-friction": ["rolling-friction", "--case", "plate", "--output", "outdir"],
    "friction": ["friction", "--model", "exact", "--v", "1", "--u", "1"],
    "friction-map": ["friction-map", "--output-dir", "outdir", "--grid", "3"],
    "heavy-ball": ["heavy-ball", "--t-end", "0.1", "--output", "out.csv"],
}
