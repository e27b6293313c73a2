"""check_test_partition.py reports a GoogleTest test that no ctest filter selects, one that two
select and a filter that selects nothing, and reads --gtest_list_tests' output (parametrized
tests' comments included). Run by ctest (architecture_selftest)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_test_partition as partition  # noqa: E402

LISTING = """Codim3.
  FindsTheDirections
  CountsThem
Families/OnePlaneFamily.
  Integrates/0  # GetParam() = 4-byte object <00-00 00-00>
  Integrates/1  # GetParam() = 4-byte object <01-00 00-00>
"""


def test_listing_gives_full_names():
    assert partition.listed_tests(LISTING) == [
        "Codim3.FindsTheDirections", "Codim3.CountsThem",
        "Families/OnePlaneFamily.Integrates/0", "Families/OnePlaneFamily.Integrates/1"]


def test_a_partition_has_no_problem():
    names = partition.listed_tests(LISTING)
    filters = {"codim3_test": ["Codim3.*"], "one_plane_test": ["*/OnePlaneFamily.*"]}
    assert partition.partition_problems(filters, names) == []


def test_an_unselected_test_is_reported():
    names = partition.listed_tests(LISTING)
    problems = partition.partition_problems({"codim3_test": ["Codim3.*"]}, names)
    assert problems == ["Families/OnePlaneFamily.Integrates/0 is run by no ctest test",
                        "Families/OnePlaneFamily.Integrates/1 is run by no ctest test"]


def test_a_test_selected_twice_is_reported():
    names = ["Codim3.FindsTheDirections"]
    problems = partition.partition_problems({"a": ["Codim3.*"], "b": ["Codim*.*"]}, names)
    assert problems == ["Codim3.FindsTheDirections is run by 2 ctest tests: a, b"]


def test_a_filter_selecting_nothing_is_reported():
    names = ["Codim3.FindsTheDirections"]
    problems = partition.partition_problems({"a": ["Codim3.*"], "b": ["Codim2.*"]}, names)
    assert problems == ["ctest test b selects no test"]


def test_filters_are_read_from_the_commands():
    commands = {"x_test": ["/b/tests/x_unit_tests", "--gtest_filter=A.*:*/B.*"],
                "script_test": ["/usr/bin/bash", "s.sh"]}
    assert partition.gtest_filters(commands) == {
        "/b/tests/x_unit_tests": {"x_test": ["A.*", "*/B.*"]}}


def test_commands_are_read_from_ctest_files_whether_built_or_not(tmp_path):
    # The lines CMake writes; the executables do not exist (a tree configured, not built).
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "CTestTestfile.cmake").write_text(
        '# comment\n'
        'add_test([=[x_test]=] "/b/tests/x_unit_tests" "--gtest_filter=A.*:*/B.*")\n'
        'set_tests_properties([=[x_test]=] PROPERTIES  LABELS "unit")\n'
        'add_test([=[quoted_test]=] "/usr/bin/cmake" "-DX=a \\"b\\"" "-P" "s.cmake")\n')
    assert partition.ctest_targets.test_commands(tmp_path) == {
        "x_test": ["/b/tests/x_unit_tests", "--gtest_filter=A.*:*/B.*"],
        "quoted_test": ["/usr/bin/cmake", '-DX=a "b"', "-P", "s.cmake"]}
