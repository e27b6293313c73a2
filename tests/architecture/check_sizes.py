#!/usr/bin/env python3
"""The sizes the style guide sets, as a test: no C++ function longer than 120 lines and no file
longer than 600 lines under src/.

    check_sizes.py SRC_DIR [--function-lines N] [--file-lines N]

A function is a brace block opened at file, namespace or class scope whose header (the text since
the previous ';', '{' or '}' at that scope) has a '(' and is neither a type or namespace
(class, struct, union, enum, namespace) nor an initializer ('=' before the first '('). Its length
counts the lines from the header's first non-blank line to the closing brace; lambdas and local
classes inside it count towards it. Comments, string and character literals, raw strings and
preprocessor lines are blanked first (keeping line breaks), so their braces do not count.
Prints one line per oversized function or file and exits 1 if there is any.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cpp_text  # noqa: E402

CPP_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".ipp", ".tpp", ".inl", ".c", ".cc", ".cpp", ".cxx")
TYPE_HEADER = re.compile(r"\b(class|struct|union|enum|namespace)\b")


def blank_non_code(text):
    """The text with comments, literals and preprocessor lines replaced by spaces (line breaks
    kept), so that every remaining brace, parenthesis and semicolon is code (cpp_text.py)."""
    return cpp_text.blank_non_code(text)


def functions(text):
    """(name, first line, last line) of every function body in the C++ text (1-based lines)."""
    code = blank_non_code(text)
    line_of = lambda offset: code.count("\n", 0, offset) + 1
    found, scopes = [], 0
    header_start = 0
    current, inner = None, 0  # the function being read: (header offset, name); braces inside
    for k, c in enumerate(code):
        if current is not None:
            if c == "{":
                inner += 1
            elif c == "}" and inner:
                inner -= 1
            elif c == "}":
                found.append((current[1], line_of(current[0]), line_of(k)))
                current, header_start = None, k + 1
            continue
        if c == "{":
            header = code[header_start:k]
            paren = header.find("(")
            if paren >= 0 and not TYPE_HEADER.search(header[:paren]) and "=" not in header[:paren]:
                names = re.findall(r"[A-Za-z_~][A-Za-z0-9_:~]*", header[:paren])
                current = (header_start + len(header) - len(header.lstrip()),
                           names[-1] if names else "?")
                inner = 0
            else:
                scopes += 1
            header_start = k + 1
        elif c in ";}":
            if c == "}" and scopes:
                scopes -= 1
            header_start = k + 1
    return found


def check(src, function_lines, file_lines):
    problems, scanned = [], 0
    for root, _, files in os.walk(src):
        for name in sorted(files):
            if not name.endswith(CPP_SUFFIXES):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
            if lines > file_lines:
                problems.append(f"{path}: {lines} lines (at most {file_lines})")
            for function, first, last in functions(text):
                scanned += 1
                if last - first + 1 > function_lines:
                    problems.append(f"{path}:{first}-{last}: {function} has {last - first + 1} "
                                    f"lines (at most {function_lines})")
    return problems, scanned


def main(argv):
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src")
    parser.add_argument("--function-lines", type=int, default=120)
    parser.add_argument("--file-lines", type=int, default=600)
    args = parser.parse_args(argv[1:])
    problems, scanned = check(args.src, args.function_lines, args.file_lines)
    for p in problems:
        print(p)
    print(f"{scanned} functions scanned, {len(problems)} over the limits")
    return 1 if problems or scanned < 500 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
