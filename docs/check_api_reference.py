#!/usr/bin/env python3
"""Checks the API reference of the built site and fails (status 1) listing every problem:

- C++, from Doxygen's XML (doxygen_xml.py says what counts): every public declaration of every
  public header (docs/conf.py's list) has a brief or detailed description; each undocumented one
  is listed as `header:line: kind name`, with a count per header; a declaration outside
  namespace nsd is refused;
- C++, in the site: the index page, one page per namespace and per class, every public
  declaration rendered (its Doxygen id is an anchor of a page), and no name in the search index
  with its namespace written twice (`nsd::nsd::...`);
- Python: every public function and class of nsdkit, nsdkit.validation and nsdkit.pages appears
  in the Python API reference.

    check_api_reference.py SITE_DIR [--xml XML_DIR] [--report-only] [--no-python]

XML_DIR: $NSDKIT_DOXYGEN_XML, else SITE_DIR/../doxygen/xml (nsdkit.sh docs's layout). With
--report-only the undocumented declarations are listed but do not fail the check (the other
problems still do). --no-python skips the Python part (nsdkit need not be importable).
"""
import argparse
import collections
import importlib.util
import inspect
import json
import os
import re
import sys

DOCS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, DOCS)
import doxygen_xml  # noqa: E402
import generate_api_pages  # noqa: E402


def load_conf():
    spec = importlib.util.spec_from_file_location("nsdkit_docs_conf", os.path.join(DOCS, "conf.py"))
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    return conf


def undocumented_report(declarations):
    """The lines listing the undocumented declarations, each then a count per header."""
    missing = sorted((d for d in declarations if not d.documented),
                     key=lambda d: (d.header, d.line, d.name))
    lines = [f"undocumented: {d.where()}: {d.kind} {d.name}" for d in missing]
    per_header = collections.Counter(d.header for d in missing)
    lines += [f"undocumented in {header}: {count}" for header, count in sorted(per_header.items())]
    return missing, lines


def doubled_namespaces(names, namespaces):
    """The search-index names in which a namespace appears again after the start, e.g.
    nsd::filippov::nsd::filippov::Codim2Result."""
    tops = {n.split("::")[0] for n in namespaces}
    return sorted({n for n in names if any(part in tops for part in n.split("::")[1:])})


def site_problems(site, namespaces):
    problems = []
    generated = os.path.join(site, "_generated")
    pages = [os.path.join(generated, "api_cpp.html")]
    for namespace in namespaces:
        names = [namespace.name] + [c.decl.name for c in namespace.classes]
        pages += [os.path.join(generated, "api", generate_api_pages.page_name(name) + ".html")
                  for name in names]
    anchors = set()
    for page in pages:
        if not os.path.isfile(page):
            problems.append(f"C++ page missing: {os.path.relpath(page, site)}")
            continue
        with open(page, encoding="utf-8") as f:
            anchors |= set(re.findall(r'id="([^"]+)"', f.read()))
    for namespace in namespaces:
        for decl in namespace.declarations():
            if decl.refid not in anchors:
                problems.append(f"C++ declaration not in the site: {decl.where()}: {decl.kind} "
                                f"{decl.name}")
    index_path = os.path.join(site, "searchindex.js")
    if not os.path.isfile(index_path):
        return problems + ["no searchindex.js in the site"]
    with open(index_path, encoding="utf-8") as f:
        text = f.read()
    index = json.loads(text[text.index("(") + 1:text.rindex(")")])
    names = [entry[4] for entries in index["objects"].values() for entry in entries]
    for name in doubled_namespaces(names, [n.name for n in namespaces]):
        problems.append(f"search index: namespace written twice in {name}")
    return problems


def python_problems(site):
    import nsdkit  # the built module: PYTHONPATH=build/release/src/python
    problems = []
    with open(os.path.join(site, "api_python.html"), encoding="utf-8") as f:
        python = f.read()
    modules = {"nsdkit": nsdkit, "nsdkit.validation": nsdkit.validation,
               "nsdkit.pages": nsdkit.pages}
    for prefix, module in modules.items():
        for name, value in vars(module).items():
            if name.startswith("_") or not (callable(value) or inspect.isclass(value)):
                continue
            if getattr(value, "__module__", "").startswith(("builtins", "importlib")):
                continue
            if prefix == "nsdkit.pages" and name not in ("stability_body_html",
                                                          "validation_report_html"):
                continue
            if f'id="{prefix}.{name}"' not in python and f'id="nsdkit.{name}"' not in python:
                problems.append(f"Python: {prefix}.{name} missing from the API reference")
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site")
    parser.add_argument("--xml", default=None)
    parser.add_argument("--report-only", action="store_true")
    parser.add_argument("--no-python", action="store_true")
    args = parser.parse_args(argv)
    xml_dir = args.xml or os.environ.get("NSDKIT_DOXYGEN_XML") or \
        os.path.join(args.site, os.pardir, "doxygen", "xml")
    conf = load_conf()
    headers = conf.public_headers()
    namespaces = doxygen_xml.DoxygenXml(xml_dir).namespaces(set(headers))
    declarations = [d for n in namespaces for d in n.declarations()]
    missing, lines = undocumented_report(declarations)
    problems = [f"C++ declaration outside namespace nsd: {d.where()}: {d.kind} {d.name}"
                for d in doxygen_xml.global_declarations(xml_dir, headers)]
    problems += site_problems(args.site, namespaces)
    if not args.no_python:
        problems += python_problems(args.site)
    for line in lines + problems:
        print(line)
    print(f"API reference: {len(headers)} public headers, {len(namespaces)} namespaces, "
          f"{len(declarations)} public C++ declarations, {len(missing)} undocumented"
          f"{' (reported only)' if args.report_only else ''}, {len(problems)} other problems")
    return 1 if problems or (missing and not args.report_only) else 0


if __name__ == "__main__":
    sys.exit(main())
