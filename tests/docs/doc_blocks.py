"""The code blocks of the documentation's pages (docs/*.md and README.md), as a reader sees them.

Parsing only (no running): fenced blocks with their info string and line, and what the runner
(run_doc_blocks.py) does with each kind. A block's info string is its language, optionally
followed by one marker word:

  sh, bash, shell   commands, run with `set -e` (the whole block fails on its first error)
  console           a transcript: the lines starting with "$ " (and their "\\" continuations)
                    are commands, run as above; the other lines are output, not run
  python, py        run in the page's one interpreter session, in order (state carries over)
  cpp, c++          a complete program must be an example in examples/, shown with
                    {literalinclude} (the build compiles and runs it); an inline program is
                    refused, so is any fragment not marked as one
  json              parsed (it must be valid JSON), not run
  text, cmake       shown, not run (outputs, synopses with placeholders, CMake snippets)
  {directive}       MyST directives; {literalinclude} must name an existing file, and a C++ one
                    must be a program the build compiles (see literal_include_problem)
Markers: "fragment" (a piece of a program, not run: only for cpp/python/sh), "driver" (sh: every
line is `./nsdkit.sh COMMAND`, the checkout's driver that installs packages and builds
build/release, i.e. the build under test itself; checked to be a command nsdkit.sh handles, not
run). Any other info string, or none, is refused.
"""
import dataclasses
import pathlib
import re

RUN_SHELL = {"sh", "bash", "shell"}
RUN_PYTHON = {"python", "py"}
CPP = {"cpp", "c++"}
SHOWN = {"text", "cmake"}
MARKERS = {"fragment", "driver"}

_FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


@dataclasses.dataclass
class Block:
    page: str  # path relative to the checkout, e.g. "docs/python.md"
    line: int  # line of the opening fence (1-based)
    info: str
    code: str

    @property
    def language(self):
        return self.info.split()[0].lower() if self.info.split() else ""

    @property
    def marker(self):
        words = self.info.split()
        return words[1] if len(words) > 1 else ""

    @property
    def where(self):
        return f"{self.page}:{self.line} ({self.info or 'no info string'})"


def blocks_of(path, root):
    """The fenced blocks of one Markdown page, in order."""
    lines = pathlib.Path(path).read_text(encoding="utf-8").split("\n")
    page = str(pathlib.Path(path).resolve().relative_to(pathlib.Path(root).resolve()))
    found, open_fence, start, info, body = [], None, 0, "", []
    for number, line in enumerate(lines, 1):
        match = _FENCE.match(line)
        if open_fence is None:
            if match:
                open_fence, start, info, body = match["fence"], number, match["info"].strip(), []
        elif match and match["fence"].startswith(open_fence) and not match["info"].strip():
            found.append(Block(page, start, info, "\n".join(body) + "\n"))
            open_fence = None
        else:
            body.append(line)
    if open_fence is not None:
        raise ValueError(f"{page}:{start}: code fence never closed")
    return found


def console_commands(code):
    """The commands of a console transcript: "$ " lines with their backslash continuations."""
    commands, continuing = [], False
    for line in code.split("\n"):
        if continuing:
            commands.append(line)
        elif line.startswith("$ "):
            commands.append(line[2:])
        else:
            continue
        continuing = line.rstrip().endswith("\\")
    return "\n".join(commands) + "\n" if commands else ""


def refusal(block):
    """Why the runner cannot accept this block as written, or '' when it can."""
    language, marker = block.language, block.marker
    if not language:
        return "no language: mark it (sh, python, text, ...; see tests/docs/doc_blocks.py)"
    if language.startswith("{"):
        return ""
    if marker and marker not in MARKERS:
        return f"unknown marker {marker!r} (known: {', '.join(sorted(MARKERS))})"
    if marker == "driver" and language not in RUN_SHELL:
        return "the driver marker is for sh blocks of ./nsdkit.sh commands"
    if marker == "fragment" and language not in RUN_SHELL | RUN_PYTHON | CPP:
        return "the fragment marker is for sh, python and cpp blocks"
    if language in CPP and marker != "fragment":
        return ("a C++ program must be an example in examples/ shown with {literalinclude} "
                "(the build compiles and runs it); a piece of one is marked 'cpp fragment'")
    if language in RUN_SHELL | RUN_PYTHON | CPP | SHOWN | {"json", "console"}:
        return ""
    return f"unknown language {language!r}"
