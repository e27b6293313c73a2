#!/usr/bin/env python3
"""Writes the C++ API reference from Doxygen's XML: an index page (_generated/api_cpp.rst, in the
site's Reference toctree), one page per namespace (_generated/api/<namespace>.rst: its headers
with their file comments, every declaration briefly, then its free functions, enums, type aliases
and variables in full) and one page per class, struct or union (_generated/api/<class>.rst,
Breathe's doxygenclass with the public members).

Every declaration is rendered by a directive naming it fully qualified, outside any
doxygennamespace: the C++ domain then indexes it once, under its own name (Breathe's
doxygennamespace of `nsd` qualified nsd's classes twice, `nsd::nsd::InvalidInput`, in the search).

docs/conf.py runs write_pages() when Sphinx starts; by hand:
    generate_api_pages.py XML_DIR OUT_DIR      (OUT_DIR: docs/_generated)
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import doxygen_xml  # noqa: E402

# One line per component folder of src/nsdkit: what its namespace holds.
COMPONENTS = {
    "nsd": ("core", "errors, files written atomically, checksums, bisection, angles, statistics, "
                    "subprocesses: the toolkit's foundations."),
    "nsd::filippov": ("filippov", "limit vector fields of Filippov systems: limit directions on "
                                  "codimension-1, -2 and -3 switching manifolds and their types."),
    "nsd::contact": ("contact", "rigid bodies with one or two frictional contacts: contact shapes, "
                                "the friction law, the two-contact dynamics and the escape set."),
    "nsd::body": ("body", "rigid bodies described by files: mass properties, contact geometry, "
                          "parameters, the body report."),
    "nsd::models": ("models", "the paper's ball in the trough and the rattleback realizability "
                              "model."),
    "nsd::region": ("region", "regions of parameter space swept at scale: predicates, "
                              "checkpoints, streamed sweeps, Monte Carlo."),
    "nsd::stability_body": ("stability_body", "the faces of the stability body."),
    "nsd::mesh": ("mesh", "meshes of stability bodies."),
    "nsd::eventdriven": ("eventdriven", "event-driven integration with stick-slip mode "
                                        "switching."),
    "nsd::sim": ("sim", "the Siconos time-stepping adapters."),
    "nsd::engines": ("engines", "the engine-neutral sphere scene and the MuJoCo, Bullet, ODE and "
                                "DART adapters."),
    "nsd::validation": ("validation", "solver validation against analytic references: cases, "
                                      "judges, maps, reports."),
    "nsd::friction": ("friction", "combined sliding, rolling and spinning friction; the heavy "
                                  "ball."),
    "nsd::rattleback": ("rattleback", "the rattleback (Kane and Levinson) and its Pade contact."),
    "nsd::rolling": ("rolling", "rolling friction: brush contact and the rolling cases."),
    "nsd::hdf5": ("hdf5", "sweep files in HDF5."),
    "nsd::mpi": ("mpi", "work sharing between MPI ranks."),
    "nsd::jobs": ("jobs", "the command-line commands as library functions (one job each)."),
}

DIRECTIVE = {"class": "doxygenclass", "struct": "doxygenstruct", "union": "doxygenunion",
             "function": "doxygenfunction", "variable": "doxygenvariable",
             "typedef": "doxygentypedef", "enum": "doxygenenum"}
ROLE = {"class": "cpp:class", "struct": "cpp:struct", "union": "cpp:union",
        "function": "cpp:func", "variable": "cpp:var", "typedef": "cpp:type", "enum": "cpp:enum"}
KIND_WORD = {"class": "class", "struct": "struct", "union": "union", "function": "function",
             "variable": "variable", "typedef": "type", "enum": "enum"}


def page_name(qualified: str) -> str:
    return qualified.replace("::", "_")


def heading(text: str, underline: str) -> list:
    return [text, underline * len(text), ""]


def escape(text: str) -> str:
    """Plain text safe in reStructuredText."""
    for special in ("\\", "*", "`", "|", "_"):
        text = text.replace(special, "\\" + special)
    return text


def summary_line(decl) -> str:
    word = KIND_WORD[decl.kind]
    link = f":{ROLE[decl.kind]}:`{decl.short_name} <{decl.name}>`"
    brief = f" -- {escape(decl.brief)}" if decl.brief else ""
    return f"- {word} {link}{brief}"


def member_directive(decl, overloaded: bool) -> list:
    target = decl.name
    if decl.kind == "function" and overloaded:
        target += "(" + ", ".join(decl.params) + ")"
        if decl.args.replace(" ", "").rstrip(";").endswith(")const"):
            target += " const"
    return [f".. {DIRECTIVE[decl.kind]}:: {target}", "   :project: nsdkit", ""]


def class_page(doc, namespace) -> list:
    decl = doc.decl
    lines = heading(decl.name, "=")
    lines += [f"{KIND_WORD[decl.kind].capitalize()} of namespace "
              f":doc:`{namespace.name} <{page_name(namespace.name)}>`, declared in "
              f"``#include <{decl.header}>``.", ""]
    lines += [f".. {DIRECTIVE[decl.kind]}:: {decl.name}", "   :project: nsdkit", "   :members:",
              "   :undoc-members:", ""]
    return lines


def namespace_page(namespace, headers) -> list:
    folder, what = COMPONENTS.get(namespace.name, (None, ""))
    lines = heading(namespace.name, "=")
    intro = f"Namespace ``{namespace.name}``"
    if folder:
        intro += f", the component ``src/nsdkit/{folder}`` (CMake target ``nsdkit::{folder}``)"
    lines += [intro + (f": {what}" if what else "."), ""]
    if namespace.brief:
        lines += [escape(namespace.brief), ""]
    if namespace.classes:
        lines += [".. toctree::", "   :hidden:", ""]
        lines += [f"   {page_name(c.decl.name)}" for c in namespace.classes] + [""]
    by_header = {}
    for decl in [c.decl for c in namespace.classes] + namespace.members:
        if decl.kind != "enumerator":
            by_header.setdefault(decl.header, []).append(decl)
    lines += heading("Headers", "-")
    for header in sorted(by_header):
        lines += heading(f"<{header}>", "~")
        lines += [f".. doxygenfile:: {header}", "   :project: nsdkit",
                  "   :sections: briefdescription detaileddescription", ""]
        lines += [summary_line(d) for d in sorted(by_header[header], key=lambda d: d.line)] + [""]
    free = [m for m in namespace.members if m.kind != "enumerator"]
    if free:
        counts = {}
        for decl in free:
            counts[decl.name] = counts.get(decl.name, 0) + 1
        lines += heading("Functions, types and variables", "-")
        for header in sorted({d.header for d in free}):
            lines += heading(f"From <{header}>", "~")
            for decl in sorted((d for d in free if d.header == header), key=lambda d: d.line):
                lines += member_directive(decl, counts[decl.name] > 1)
    return lines


def index_page(namespaces) -> list:
    lines = heading("C++ API reference", "=")
    lines += ["Every public header of ``src/nsdkit`` (include it as ``<nsdkit/...>``) and every "
              "declaration it brings, with its doc comment (Doxygen, through Breathe): one page "
              "per namespace (one namespace per component folder) with its headers and every "
              "declaration in brief, one page per class or struct with its public members. "
              "Headers whose file comment says *Internal*, or that a component's "
              "``CMakeLists.txt`` lists as ``INTERNAL_HEADERS``, are implementation details and "
              "are left out. ``docs/check_api_reference.py`` fails the documentation build on a "
              "public declaration without a description.", ""]
    lines += [".. toctree::", "   :maxdepth: 1", ""]
    lines += [f"   api/{page_name(n.name)}" for n in namespaces] + [""]
    lines += heading("Namespaces", "-")
    for n in namespaces:
        folder, what = COMPONENTS.get(n.name, (None, n.brief))
        functions = sum(1 for m in n.members if m.kind == "function")
        lines += [f"- :doc:`{n.name} <api/{page_name(n.name)}>` -- {escape(what)} "
                  f"({len(n.classes)} classes and structs, {functions} functions)"]
    return lines + [""]


def write_if_changed(path: str, lines: list) -> None:
    text = "\n".join(lines) + "\n"
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def write_pages(xml_dir: str, headers, out_dir: str) -> list:
    """Writes out_dir/api_cpp.rst and out_dir/api/*.rst; returns the namespaces written."""
    namespaces = doxygen_xml.DoxygenXml(xml_dir).namespaces(set(headers))
    api_dir = os.path.join(out_dir, "api")
    expected = {page_name(n.name) + ".rst" for n in namespaces}
    expected |= {page_name(c.decl.name) + ".rst" for n in namespaces for c in n.classes}
    if os.path.isdir(api_dir):
        for stale in set(os.listdir(api_dir)) - expected:
            path = os.path.join(api_dir, stale)
            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    os.makedirs(api_dir, exist_ok=True)
    for namespace in namespaces:
        write_if_changed(os.path.join(api_dir, page_name(namespace.name) + ".rst"),
                         namespace_page(namespace, headers))
        for doc in namespace.classes:
            write_if_changed(os.path.join(api_dir, page_name(doc.decl.name) + ".rst"),
                             class_page(doc, namespace))
    write_if_changed(os.path.join(out_dir, "api_cpp.rst"), index_page(namespaces))
    return namespaces


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    import conf  # noqa: E402
    written = write_pages(sys.argv[1], conf.public_headers(), sys.argv[2])
    print(f"{len(written)} namespace pages, {sum(len(n.classes) for n in written)} class pages")
