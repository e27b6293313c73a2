"""Self-test of the API reference check (docs/check_api_reference.py, docs/doxygen_xml.py): a tiny
planted source tree, run through Doxygen with docs/Doxyfile, whose public header has exactly one
undocumented declaration (a struct member) and one declaration outside namespace nsd, and whose
internal header has undocumented ones too. The check must report the planted ones, by header,
line and name, and nothing else.

    /usr/bin/python3 -m pytest docs/test_check_api_reference.py
"""
import os
import shutil
import subprocess
import sys

import pytest

DOCS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, DOCS)
import check_api_reference  # noqa: E402
import doxygen_xml  # noqa: E402
import generate_api_pages  # noqa: E402

PUBLIC = """#pragma once
/// @file planted.hpp
/// A planted public header.

namespace nsd::planted {

/// A documented struct.
struct Sample {
  /// Documented member [m].
  double documented_length = 0.0;
  int undocumented_count = 0;
  double trailing_documented = 0.0;  ///< Documented after the declaration [s].
  Sample(const Sample&) = delete;  // deleted: not callable, not counted
};

/// A documented enum.
enum class Mode {
  kOne,  ///< Documented enumerator.
};

/// A documented function.
double twice(double x);

}  // namespace nsd::planted

/// Documented, but outside namespace nsd.
int planted_global();
"""

INTERNAL = """#pragma once
/// @file hidden.hpp
/// Internal: not part of the public API.

namespace nsd::planted {
struct Hidden {
  int undocumented_but_internal = 0;
};
}  // namespace nsd::planted
"""


def run_doxygen(root):
    with open(os.path.join(DOCS, "Doxyfile"), encoding="utf-8") as f:
        config = f.read()
    config += "\nOUTPUT_DIRECTORY = out\nINPUT = src/nsdkit/planted/planted.hpp\n"
    subprocess.run(["doxygen", "-"], input=config, text=True, cwd=root, check=True,
                   capture_output=True)
    return os.path.join(root, "out", "xml")


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    if shutil.which("doxygen") is None:
        pytest.skip("doxygen is not installed")
    root = tmp_path_factory.mktemp("planted")
    folder = root / "src" / "nsdkit" / "planted"
    folder.mkdir(parents=True)
    (folder / "planted.hpp").write_text(PUBLIC)
    (folder / "hidden.hpp").write_text(INTERNAL)
    return root


def test_public_headers_leave_out_the_internal_one(planted):
    conf = check_api_reference.load_conf()
    assert conf.public_headers(str(planted / "src")) == ["nsdkit/planted/planted.hpp"]


def test_the_planted_undocumented_member_is_the_only_one_reported(planted):
    xml_dir = run_doxygen(str(planted))
    headers = ["nsdkit/planted/planted.hpp"]
    missing = doxygen_xml.undocumented(xml_dir, headers)
    assert [(d.kind, d.name, d.header, d.line) for d in missing] == [
        ("variable", "nsd::planted::Sample::undocumented_count", "nsdkit/planted/planted.hpp",
         11)]
    names = {d.name for d in doxygen_xml.public_declarations(xml_dir, headers)}
    assert {"nsd::planted::Sample", "nsd::planted::Sample::documented_length",
            "nsd::planted::Sample::trailing_documented", "nsd::planted::Mode",
            "nsd::planted::Mode::kOne", "nsd::planted::twice"} <= names
    _, lines = check_api_reference.undocumented_report(
        doxygen_xml.public_declarations(xml_dir, headers))
    assert lines == ["undocumented: nsdkit/planted/planted.hpp:11: variable "
                     "nsd::planted::Sample::undocumented_count",
                     "undocumented in nsdkit/planted/planted.hpp: 1"]


def test_pages_for_the_planted_namespace_and_struct(planted, tmp_path):
    xml_dir = run_doxygen(str(planted))
    generate_api_pages.write_pages(xml_dir, ["nsdkit/planted/planted.hpp"], str(tmp_path))
    assert sorted(os.listdir(tmp_path / "api")) == ["nsd_planted.rst",
                                                    "nsd_planted_Sample.rst"]
    page = (tmp_path / "api" / "nsd_planted_Sample.rst").read_text()
    assert ".. doxygenstruct:: nsd::planted::Sample" in page
    assert "api/nsd_planted" in (tmp_path / "api_cpp.rst").read_text()


def test_a_declaration_outside_the_namespace_is_found(planted):
    xml_dir = run_doxygen(str(planted))
    found = doxygen_xml.global_declarations(xml_dir, ["nsdkit/planted/planted.hpp"])
    assert [(d.kind, d.name) for d in found] == [("function", "planted_global")]


def test_doubled_namespace_in_search_names_is_found():
    names = ["nsd::planted::Sample", "nsd::planted::nsd::planted::Sample",
             "nsd::planted::Sample::Sample"]
    assert check_api_reference.doubled_namespaces(names, ["nsd", "nsd::planted"]) == [
        "nsd::planted::nsd::planted::Sample"]
