"""check_notation.py fails on the defects it exists to catch, each planted in a temporary copy of
src/ and docs/*.md: an undefined unit suffix (C++ and Python), an undefined frame token, a
field name with an undefined unit, a missing mode row, a missing Names table, and a name not to
use in a page's prose (across a line break, hyphenated); and it does not fail on the same words
in comments, code blocks or inline code. Run by ctest (notation_selftest)."""
import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.realpath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CHECK = os.path.join(HERE, "check_notation.py")
sys.path.insert(0, HERE)
import check_notation  # noqa: E402


@pytest.fixture()
def tree(tmp_path):
    """A copy of the checkout's src/ and of docs/*.md (the pages the check reads)."""
    shutil.copytree(os.path.join(ROOT, "src"), tmp_path / "src")
    (tmp_path / "docs").mkdir()
    for name in os.listdir(os.path.join(ROOT, "docs")):
        if name.endswith(".md"):
            shutil.copy(os.path.join(ROOT, "docs", name), tmp_path / "docs" / name)
    return tmp_path


def run(tree):
    out = subprocess.run([sys.executable, CHECK, str(tree / "src"), str(tree / "docs")],
                         capture_output=True, text=True)
    return out.returncode, out.stdout + out.stderr


def append(path, text):
    with open(path, "a", encoding="utf-8") as f:
        f.write(text)


def replace(path, old, new):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert old in text, (path, old)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))


def test_the_unplanted_copy_passes(tree):
    status, out = run(tree)
    assert status == 0, out


def test_an_undefined_unit_suffix_fails(tree):
    append(tree / "src/nsdkit/core/statistics.hpp", "\ninline double timeout_ms = 0.0;\n")
    status, out = run(tree)
    assert status == 1
    assert "unit suffix _ms of timeout_ms is not defined" in out, out
    assert "nsdkit/core/statistics.hpp" in out


def test_an_undefined_compound_unit_fails(tree):
    append(tree / "src/nsdkit/core/statistics.hpp", "\ninline double torque_kN_m = 0.0;\n")
    status, out = run(tree)
    assert status == 1 and "unit suffix _kN_m of torque_kN_m" in out, out


def test_an_undefined_frame_token_fails(tree):
    append(tree / "src/nsdkit/contact/friction_law.cpp",
           "\nnamespace { [[maybe_unused]] const double* force_CQ_V = nullptr; }\n")
    status, out = run(tree)
    assert status == 1
    assert "frame/point token _CQ of force_CQ_V" in out, out
    assert "frame/point token _V of force_CQ_V" in out, out


def test_a_python_name_and_a_field_name_are_read(tree):
    append(tree / "src/python/nsdkit/page_io.py", "\ndelay_us = 0\n")
    append(tree / "src/nsdkit/core/errors.cpp", '\nstatic const char* kField = "span_km";\n')
    status, out = run(tree)
    assert status == 1
    assert "unit suffix _us of delay_us" in out and "unit suffix _km of span_km" in out, out


def test_comments_and_prose_strings_are_not_names(tree):
    append(tree / "src/nsdkit/core/errors.cpp",
           '\n// timeout_ms and force_CQ_V in a comment\n/* span_km */\n'
           'static const char* kProse = "see timeout_ms here";\n#define X_ms 1\n')
    status, out = run(tree)
    assert status == 0, out


def test_a_missing_mode_fails(tree):
    replace(tree / "docs/notation.md", "| SR | slipping at P+", "| S-R | slipping at P+")
    status, out = run(tree)
    assert status == 1 and "the mode SR has no table row" in out, out


def test_a_missing_names_table_fails(tree):
    replace(tree / "docs/notation.md", "## Names", "## Words")
    status, out = run(tree)
    assert status == 1 and "no heading 'Names'" in out, out


def test_a_name_not_to_use_in_prose_fails(tree):
    append(tree / "docs/meshes.md",
           "\nThe Realizable\nRegion of the ball, and its realizable-rolling region.\n")
    status, out = run(tree)
    assert status == 1
    assert '"realizable region" is a name not to use' in out, out
    assert '"realizable-rolling region" is a name not to use' in out, out
    assert '"rolling region" is a name not to use' in out, out  # inside the longer name
    lines = [line for line in out.splitlines() if line.startswith("docs/meshes.md:")]
    assert len(lines) == 3, out


def test_a_name_in_code_is_not_prose(tree):
    append(tree / "docs/meshes.md",
           "\n```text\nthe realizable region\n```\n\nInline `realizable region` and "
           "[a link](realizable-region.md).\n<!-- the realizable region -->\n"
           "<!-- x:begin -->\nthe realizable region\n<!-- x:end -->\n")
    status, out = run(tree)
    assert status == 0, out


def test_split_suffix_reads_points_frames_and_units():
    assert check_notation.split_suffix("r_CPplus_W") == (["CPplus", "W"], "")
    assert check_notation.split_suffix("drilling_torque_N_m") == ([], "_N_m")
    assert check_notation.split_suffix("b3_per_mm") == ([], "_per_mm")
    assert check_notation.split_suffix("rolling_acceleration_of_C_m_s2") == (["C"], "_m_s2")
    assert check_notation.split_suffix("get_expected_min") == ([], "")
    assert check_notation.split_suffix("cos_psi") == ([], "")
    assert check_notation.is_foreign("Constrained_Delaunay_triangulation_2")
    assert check_notation.is_foreign("MPI_Comm_rank") and check_notation.is_foreign("NSDKIT_X")
    assert not check_notation.is_foreign("Omega_W") and not check_notation.is_foreign("R_WP")


def test_missing_paths_are_refused(tmp_path):
    out = subprocess.run([sys.executable, CHECK, str(tmp_path / "no_src"), str(tmp_path)],
                         capture_output=True, text=True)
    assert out.returncode == 2 and "no such file or folder" in out.stderr
