"""C++ text without its comments, literals and preprocessor lines: the one scanner of the
architecture checks (check_sizes.py counts braces in what is left) and of the notation check
(tests/notation/check_notation.py reads identifiers in it, and field names in its strings)."""
import re


def skip_quoted(text, i, quote):
    """Index just past the literal opening at i (a newline ends a broken literal)."""
    j = i + 1
    while j < len(text) and text[j] != quote:
        if text[j] == "\\":
            j += 1
        elif text[j] == "\n":
            return j
        j += 1
    return j + 1


def cpp_non_code_spans(text):
    """(start, end, kind) of every comment, literal and preprocessor line of C++ text; kind is
    'comment', 'string' (an ordinary string literal), 'literal' (raw string, character) or
    'directive'."""
    spans, i, n = [], 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        end, kind = None, None
        if at_line_start and c == "#":
            j = i
            while True:  # a directive with its continuation lines
                j = text.find("\n", j)
                if j < 0:
                    j = n
                    break
                if text[j - 1] != "\\":
                    break
                j += 1
            end, kind = j, "directive"
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end, kind = (n if end < 0 else end), "comment"
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end, kind = (n if end < 0 else end + 2), "comment"
        elif c == "R" and text.startswith('R"', i) and not (i and (text[i - 1].isalnum() or
                                                                   text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if m:
                close = text.find(")" + m.group(1) + '"', i + m.end())
                end = n if close < 0 else close + len(m.group(1)) + 2
                kind = "literal"
        elif c == '"':
            end, kind = skip_quoted(text, i, '"'), "string"
        elif c == "'" and not (i and text[i - 1].isdigit() and i + 1 < n and
                               text[i + 1].isalnum()):
            end, kind = skip_quoted(text, i, "'"), "literal"  # not a digit separator 1'000
        if end is None:
            if c == "\n":
                at_line_start = True
            elif not c.isspace():
                at_line_start = False
            i += 1
            continue
        spans.append((i, end, kind))
        if "\n" in text[i:end]:
            at_line_start = text[i:end].endswith("\n")
        i = end
    return spans


def blank_non_code(text, spans=None):
    """C++ text with comments, literals and preprocessor lines replaced by spaces (line breaks
    kept), so that the words left are the code's identifiers and keywords."""
    out, last = [], 0
    for start, end, _ in spans if spans is not None else cpp_non_code_spans(text):
        out.append(text[last:start])
        out.append(re.sub(r"[^\n]", " ", text[start:end]))
        last = end
    out.append(text[last:])
    return "".join(out)
