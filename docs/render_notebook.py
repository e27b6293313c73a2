"""Renders the tour notebook into the documentation site (docs/tour.md includes the result).

    render_notebook.py [--no-execute] [NOTEBOOK [OUTPUT_DIR]]

Defaults: examples/nsdkit_tour.ipynb into docs/_generated (from the checkout's root). The
notebook is executed first (nbconvert's ExecutePreprocessor, in a scratch folder so its files
stay out of the checkout, at most TIMEOUT_S per cell; 4 to 7 s in all on 2 cores), with the
Python module from PYTHONPATH (the build's: build/release/src/python) and the shipped bodies;
a failing cell is an error, so the site never shows a broken tour. --no-execute renders the
cells as stored, without outputs. Writes OUTPUT_DIR/tour_notebook.myst (MyST Markdown, not a
page of its own: its suffix is not a source suffix) and its figures in OUTPUT_DIR/tour_files/.
"""
import os
import pathlib
import re
import shutil
import sys
import tempfile
import time

import nbformat
from nbconvert import MarkdownExporter
from nbconvert.preprocessors import ExecutePreprocessor

TIMEOUT_S = 60  # per cell; the slowest cell (the ball's exact mesh) takes about 5 s


def execute(notebook, checkout):
    """Runs every cell in a scratch folder; raises nbconvert's CellExecutionError on a failure."""
    # The kernel runs in the scratch folder: a relative PYTHONPATH (build/release/src/python, as
    # nsdkit.sh passes it) is made absolute first.
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    os.environ["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in paths if p)
    os.environ.setdefault("NSDKIT_BODIES_DIR", str(checkout / "examples" / "bodies"))
    os.environ.setdefault("MPLBACKEND", "Agg")
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    with tempfile.TemporaryDirectory(prefix="nsdkit-tour-") as scratch:
        start = time.monotonic()
        ExecutePreprocessor(timeout=TIMEOUT_S, kernel_name="python3").preprocess(
            notebook, {"metadata": {"path": scratch}})
        return time.monotonic() - start


def page_note(match):
    """An interactive page a cell wrote (shown in an iframe in Jupyter) is not part of the site:
    a note instead, with the site's screenshot of such a page when there is one
    (docs/<name>_html.png, relative to docs/_generated)."""
    name = match[1]
    note = f"*The cell writes `{name}`, an interactive 3-D page (open it in a browser).*"
    screenshot = pathlib.Path(__file__).resolve().parent / (name.replace(".html", "_html.png"))
    if screenshot.is_file():
        note += f"\n\n![{name}](../{screenshot.name})"
    return note


def render(notebook, output_dir):
    body, resources = MarkdownExporter().from_notebook_node(
        notebook, resources={"output_files_dir": "tour_files"})
    # Code cells as Python (the exporter names the kernel's lexer, ipython3).
    body = re.sub(r"^```ipython3?$", "```python", body, flags=re.M)
    # The notebook's own title: the including page (docs/tour.md) has the page's title.
    body = re.sub(r"\A\s*# [^\n]*\n", "", body)
    body = re.sub(r"<iframe[^>]*?src=\"([\w.-]+\.html)\"[^>]*>\s*</iframe>", page_note, body)
    shutil.rmtree(output_dir / "tour_files", ignore_errors=True)
    for name, data in resources.get("outputs", {}).items():
        target = output_dir / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    (output_dir / "tour_notebook.myst").write_text(body, encoding="utf-8")


def main(argv):
    run = "--no-execute" not in argv
    args = [a for a in argv[1:] if a != "--no-execute"]
    checkout = pathlib.Path(__file__).resolve().parent.parent
    source = pathlib.Path(args[0]) if args else checkout / "examples" / "nsdkit_tour.ipynb"
    output_dir = pathlib.Path(args[1]) if len(args) > 1 else checkout / "docs" / "_generated"
    output_dir.mkdir(parents=True, exist_ok=True)
    notebook = nbformat.read(source, as_version=4)
    if run:
        seconds = execute(notebook, checkout)
        print(f"render_notebook: {source.name} executed in {seconds:.1f} s")
    render(notebook, output_dir)
    print(f"render_notebook: {output_dir / 'tour_notebook.myst'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
