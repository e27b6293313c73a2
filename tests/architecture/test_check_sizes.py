"""check_sizes.py measures what the style guide limits: a function of 121 lines and a file of
601 lines are reported, 120 and 600 are not, and braces in comments, strings, raw strings,
character literals and preprocessor lines do not count. Run by ctest (architecture_selftest)."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = os.path.join(HERE, "check_sizes.py")
sys.path.insert(0, HERE)
import check_sizes  # noqa: E402


def function_of(lines, name="f"):
    """A function of exactly `lines` lines: header, body statements, closing brace."""
    body = ["  x += 1;"] * (lines - 2)
    return "\n".join([f"int {name}(int x) {{"] + body + ["}"]) + "\n"


def test_lengths_are_counted_from_header_to_closing_brace():
    text = "namespace n {\n\n" + function_of(120, "a") + "\n" + function_of(121, "b") + "}\n"
    found = {name: last - first + 1 for name, first, last in check_sizes.functions(text)}
    assert found == {"a": 120, "b": 121}


def test_braces_that_are_not_code_do_not_count():
    tricky = (
        'int g() {\n'
        '  const char* s = "}}}{";  // } in a comment\n'
        '  /* { */ char c = \'}\';\n'
        '  auto r = R"x(})x";\n'
        '#define OPEN {\n'
        '  int big = 1\'000;\n'
        '  return 0;\n'
        '}\n'
        'struct S { int h() { return 1; } };\n'
        'int table[] = {1, 2};\n'
        'auto lambda = [](int) { return 2; };\n')
    found = check_sizes.functions(tricky)
    assert [(n, a, b) for n, a, b in found] == [("g", 1, 8), ("h", 9, 9)]


def test_oversized_function_and_file_are_reported(tmp_path):
    (tmp_path / "ok.cpp").write_text(function_of(120) + "// x\n" * 479)  # 599 lines
    assert subprocess.run([sys.executable, CHECK, str(tmp_path), "--function-lines", "120"],
                          capture_output=True, text=True).stdout.count("over the limits") == 1
    (tmp_path / "long_function.cpp").write_text(function_of(121))
    (tmp_path / "long_file.hpp").write_text("// x\n" * 601)
    out = subprocess.run([sys.executable, CHECK, str(tmp_path)], capture_output=True,
                         text=True)
    assert out.returncode == 1
    reported = [line for line in out.stdout.splitlines() if "at most" in line]
    assert len(reported) == 2, out.stdout
    assert any("long_function.cpp:1-121: f has 121 lines" in r for r in reported)
    assert any("long_file.hpp: 601 lines" in r for r in reported)
