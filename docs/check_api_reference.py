#!/usr/bin/env python3
"""Checks the built site: every public header (docs/conf.py's list) has its section in the C++
API reference with at least one documented declaration, and every public function and class of
nsdkit, nsdkit.validation and nsdkit.pages appears in the Python API reference.

    check_api_reference.py SITE_DIR     (nsdkit importable: PYTHONPATH=build/release/src/python)
"""
import importlib.util
import inspect
import os
import re
import sys

import nsdkit


def main(site):
    spec = importlib.util.spec_from_file_location(
        "conf", os.path.join(os.path.dirname(os.path.abspath(__file__)), "conf.py"))
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    missing = []
    with open(os.path.join(site, "_generated", "api_cpp.html"), encoding="utf-8") as f:
        cpp = f.read()
    sections = re.split(r'<section id="', cpp)
    for header in conf.public_headers():
        anchor = re.sub(r"[^a-z0-9]+", "-", header.lower()).strip("-")
        if not any(s.startswith(anchor + '"') for s in sections):
            missing.append(f"C++ header: {header}")
    for namespace in conf.PUBLIC_NAMESPACES:
        anchor = re.sub(r"[^a-z0-9]+", "-", namespace.lower()).strip("-")
        body = next((s for s in sections if s.startswith(anchor + '"')), None)
        if body is None or body.count('class="sig') < 1:
            missing.append(f"C++ namespace without declarations: {namespace}")
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
                missing.append(f"Python: {prefix}.{name}")
    for m in missing:
        print("missing from the API reference:", m)
    print(f"API reference: {len(conf.public_headers())} headers, "
          f"{len(conf.PUBLIC_NAMESPACES)} namespaces, "
          f"{len(missing)} missing entries")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
