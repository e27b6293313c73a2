# Sphinx configuration of nsdkit's documentation site (./nsdkit.sh docs builds it with -W: every
# warning is an error). Markdown pages through MyST, the C++ API from the headers' doc comments
# through Doxygen and Breathe (one page per namespace and per class, written from Doxygen's XML
# by generate_api_pages.py when Sphinx starts), the Python API through autodoc (the built module
# must be on PYTHONPATH: nsdkit.sh sets it).
import os
import re
import sys

DOCS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(DOCS, ".."))
with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
    release = re.search(r"project\(nsdkit VERSION ([0-9.]+)", f.read()).group(1)

project = "nsdkit"
author = "the nsdkit developers"
copyright = "2026, the nsdkit developers"
version = release
extensions = ["myst_parser", "breathe", "sphinx.ext.autodoc", "sphinx.ext.mathjax"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
master_doc = "index"
exclude_patterns = ["_build", "_doxygen", "Doxyfile"]
html_theme = "sphinx_rtd_theme"
html_static_path = []
myst_heading_anchors = 3
DOXYGEN_XML = os.environ.get("NSDKIT_DOXYGEN_XML",
                             os.path.join(ROOT, "build", "docs", "doxygen", "xml"))
breathe_projects = {"nsdkit": DOXYGEN_XML}
breathe_default_project = "nsdkit"
breathe_default_members = ("members",)
autodoc_default_options = {"members": True, "undoc-members": True}
# A pybind11 module's functions carry their signatures in the first docstring line.
autodoc_docstring_signature = True
nitpicky = False


def cmake_internal_headers(src):
    """Headers a component's CMakeLists.txt names in nsdkit_install_component(... INTERNAL_HEADERS
    ...): not installed, so not public (paths nsdkit/<component>/<file>)."""
    internal = set()
    for folder, _, files in os.walk(os.path.join(src, "nsdkit")):
        if "CMakeLists.txt" not in files:
            continue
        with open(os.path.join(folder, "CMakeLists.txt"), encoding="utf-8") as f:
            text = f.read()
        for call in re.findall(r"nsdkit_install_component\((.*?)\)", text, re.S):
            listed = re.search(r"INTERNAL_HEADERS(.*)", call, re.S)
            for name in listed.group(1).split() if listed else []:
                path = os.path.relpath(os.path.join(folder, name), src)
                internal.add(path.replace(os.sep, "/"))
    return internal


def says_internal(path):
    """Whether the header's file comment (its leading comment lines) says Internal."""
    opening = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            stripped = line.strip()
            if stripped.startswith(("#pragma", "//", "/*", "*")) or not stripped:
                opening.append(stripped)
                continue
            break
    return re.search(r"\bInternal\b", " ".join(opening)) is not None


def public_headers(src=os.path.join(ROOT, "src")):
    """Every header of src/nsdkit (paths nsdkit/<component>/<file>) but the CLI's, those whose
    file comment says Internal and those a CMakeLists.txt lists as INTERNAL_HEADERS."""
    internal = cmake_internal_headers(src)
    headers = []
    for folder, _, files in os.walk(os.path.join(src, "nsdkit")):
        for name in sorted(files):
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, src).replace(os.sep, "/")
            if not name.endswith(".hpp") or relative.startswith("nsdkit/cli/"):
                continue
            if relative not in internal and not says_internal(path):
                headers.append(relative)
    return sorted(headers)


def setup(app):
    """Writes the C++ reference pages (_generated/api_cpp.rst and _generated/api/) before Sphinx
    looks for its sources."""
    sys.path.insert(0, DOCS)
    import generate_api_pages  # noqa: E402 (docs/ is on the path only now)
    generate_api_pages.write_pages(DOXYGEN_XML, public_headers(),
                                   os.path.join(DOCS, "_generated"))


if __name__ == "__main__":  # the Doxygen input list for nsdkit.sh docs
    print(" ".join("src/" + h for h in public_headers()))
