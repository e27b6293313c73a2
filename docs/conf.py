# Sphinx configuration of nsdkit's documentation site (./nsdkit.sh docs builds it with -W: every
# warning is an error). Markdown pages through MyST, the C++ API from the headers' doc comments
# through Doxygen and Breathe, the Python API through autodoc (the built module must be on
# PYTHONPATH: nsdkit.sh sets it).
import os
import re

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
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
breathe_projects = {"nsdkit": os.environ.get("NSDKIT_DOXYGEN_XML",
                                             os.path.join(ROOT, "build", "docs", "doxygen", "xml"))}
breathe_default_project = "nsdkit"
breathe_default_members = ("members",)
autodoc_default_options = {"members": True, "undoc-members": True}
# A pybind11 module's functions carry their signatures in the first docstring line.
autodoc_docstring_signature = True
nitpicky = False


def public_headers():
    """Every header of src/nsdkit but the CLI's and those whose file comment says Internal."""
    headers = []
    src = os.path.join(ROOT, "src")
    for folder, _, files in os.walk(os.path.join(src, "nsdkit")):
        for name in sorted(files):
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, src).replace(os.sep, "/")
            if not name.endswith(".hpp") or relative.startswith("nsdkit/cli/"):
                continue
            with open(path, encoding="utf-8") as f:
                opening = "".join(f.readline() for _ in range(4))
            if "Internal" not in opening:
                headers.append(relative)
    return sorted(headers)


# The namespaces of the public API (the internal ones, detail and the searches' own, are left out
# with the internal headers).
PUBLIC_NAMESPACES = ["nsd", "nsd::filippov", "nsd::contact", "nsd::body", "nsd::models",
                     "nsd::region", "nsd::stability_body", "nsd::mesh", "nsd::eventdriven",
                     "nsd::sim", "nsd::engines", "nsd::validation", "nsd::friction",
                     "nsd::rattleback", "nsd::rolling", "nsd::hdf5", "nsd::mpi"]


def write_cpp_reference():
    """_generated/api_cpp.rst: every public header with its file comment, then every public
    namespace with the doc comments of its declarations (Doxygen runs on the public headers
    only: nsdkit.sh docs passes their list)."""
    lines = ["C++ API reference", "=================", "",
             "Every public header of ``src/nsdkit`` (include it as ``<nsdkit/...>``) and the",
             "declarations it brings, with their doc comments (Doxygen, through Breathe). Headers",
             "whose file comment says *Internal* are implementation details and are left out.", "",
             "Headers", "-------", ""]
    for header in public_headers():
        lines += [header, "~" * len(header), "", f".. doxygenfile:: {header}",
                  "   :project: nsdkit", "   :sections: briefdescription detaileddescription", ""]
    lines += ["Declarations by namespace", "-------------------------", ""]
    for namespace in PUBLIC_NAMESPACES:
        lines += [f"``{namespace}``", "~" * (len(namespace) + 4), "",
                  f".. doxygennamespace:: {namespace}", "   :project: nsdkit", "   :content-only:",
                  "   :members:", "   :undoc-members:", ""]
    os.makedirs(os.path.join(os.path.dirname(__file__), "_generated"), exist_ok=True)
    with open(os.path.join(os.path.dirname(__file__), "_generated", "api_cpp.rst"), "w",
              encoding="utf-8") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":  # the Doxygen input list for nsdkit.sh docs
    print(" ".join("src/" + h for h in public_headers()))
else:
    write_cpp_reference()
