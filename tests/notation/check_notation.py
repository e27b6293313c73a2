#!/usr/bin/env python3
"""The notation page as a test: every frame, point and unit suffix of a src/ identifier is
defined in docs/notation.md, the page defines the four contact modes, and no docs page uses a
name that the page's "Names" table lists as not to use.

    check_notation.py SRC_DIR DOCS_DIR [--notation FILE] [--list]

What is read:
- Identifiers of code in SRC_DIR: C++ files (.h .hh .hpp .hxx .ipp .tpp .inl .c .cc .cpp .cxx,
  and templates such as version.hpp.in) with comments, string and character literals, raw strings
  and preprocessor lines blanked first; Python files through their syntax tree (names,
  attributes, arguments, definitions). Comments are prose and are not read; a string literal is
  read only when it is one suffixed word, i.e. a field name of a file ("inertia_kg_m2").
- A suffix is read off an identifier that has an underscore after its first segment. Its first
  segment is the quantity (`position`, `omega`, `kUp`); the rest, split at '_', is read as
    * a unit tail: the longest run of final segments that are unit atoms (UNIT_ATOMS below,
      with an optional exponent digit: m2, s2) or the word `per`, e.g. `_m_s2`, `_N_m_s`,
      `_per_mm`; the tail must appear on the notation page in backquotes, exactly;
    * monogram tokens: every other segment that begins with a capital letter (points and
      frames: `_C`, `_W`, `_CPplus`, `_WB`); each must appear on the page in backquotes, alone
      (`_W`) or inside a defined suffix (`_G_B` defines G and B).
  Names from other libraries (FOREIGN) and all-capital macro names are skipped.
- The modes: a table row under the heading "Contact modes" begins with each of RR, RS, SR, SS.
- The names: the table under the heading "Names" has the columns concept | name | not to use;
  every phrase in double quotes in the last column is a name not to use. Each docs/*.md page
  (not docs/_generated) is searched for those phrases in its prose: fenced code blocks, inline
  code, link targets, HTML comments and generated blocks (between `<!-- NAME:begin -->` and
  `<!-- NAME:end -->`) are left out, hyphens and line breaks count as spaces,
  case is ignored. Two pages are not searched: the notation page itself (it defines the names
  and quotes the ones replaced, e.g. the paper's "centre of gravity") and docs/changelog.md
  (a record of what changed, in the words of its day).

Prints one line per problem and exits 1 if there is any (0 otherwise); `--list` also prints the
suffixes found and where each is first used.
"""
import argparse
import ast
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                "architecture"))
import cpp_text  # noqa: E402  (the C++ scanner shared with check_sizes.py)

CPP_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".ipp", ".tpp", ".inl", ".c", ".cc", ".cpp", ".cxx")
MODES = ("RR", "RS", "SR", "SS")

# Unit atoms that may end an identifier. Letters that are more often a symbol or a frame than a
# unit (g: gravity, h: a height or step, W: the world frame, not the watt; K, A, V) are left out
# on purpose: such a segment is read as a word or, capitalised, as a frame or point token.
UNIT_ATOMS = {
    "m", "mm", "cm", "km", "um", "nm", "ft",   # length
    "s", "ms", "us", "ns", "seconds",          # time (not "min": a minimum, more often)
    "kg", "lb",                                # mass
    "N", "kN", "J", "kJ", "Pa", "kPa", "MPa", "GPa",  # force, energy, pressure ("psi" is an angle)
    "rad", "deg", "Hz", "kHz", "rpm",          # angle, frequency
    "bytes", "KiB", "MiB", "GiB",              # size
}
UNIT_ATOM = re.compile(r"^(%s)[0-9]?$" % "|".join(sorted(UNIT_ATOMS, key=len, reverse=True)))

# Names of other libraries that look like suffixed names; they are not nsdkit's notation.
FOREIGN = {
    "quiet_NaN",                                              # std::numeric_limits
    "write_STL", "write_PLY", "write_OFF", "write_OBJ",       # CGAL::IO
    "read_STL", "read_PLY", "read_OFF", "read_OBJ",
    "F_OK", "R_OK", "W_OK", "X_OK",                           # POSIX access()
}
# MuJoCo, MPI, HDF5, CPython, CGAL and Boost macros; POSIX open() flags and stat() macros.
FOREIGN_PREFIXES = ("mj", "MPI_", "H5", "Py", "CGAL_", "BOOST_", "O_", "S_IS", "S_I")

IDENTIFIER = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b")


FIELD_NAME = re.compile(r'"([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)"')


def cpp_identifiers(text):
    """(identifier, line) for every suffixed identifier in the C++ code, and for every string
    literal that is one suffixed word (a field name of a file, "inertia_kg_m2")."""
    spans = cpp_text.cpp_non_code_spans(text)
    code = cpp_text.blank_non_code(text, spans)
    found = []
    for line_number, line in enumerate(code.split("\n"), start=1):
        for m in IDENTIFIER.finditer(line):
            found.append((m.group(0), line_number))
    for start, end, kind in spans:
        m = FIELD_NAME.fullmatch(text[start:end]) if kind == "string" else None
        if m:
            found.append((m.group(1), text.count("\n", 0, start) + 1))
    return found


def python_identifiers(text, path):
    """(identifier, line) for the names of Python code (syntax tree; strings are not code)."""
    try:
        tree = ast.parse(text, filename=path)
    except SyntaxError as error:
        raise SystemExit(f"{path}: cannot parse: {error}")
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, ast.arg):
            names = [node.arg]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.keyword) and node.arg:
            names = [node.arg]
        elif isinstance(node, ast.alias):
            names = [node.asname or node.name.split(".")[-1]]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names = [node.value]  # a field name of a file when it is one suffixed word
        line = getattr(node, "lineno", 0)
        found.extend((name, line) for name in names if IDENTIFIER.fullmatch(name))
    return found


GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
         "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "phi", "chi", "psi", "omega"}


def is_foreign(identifier):
    """Macros (all capitals, a first word of two letters or more: `NSDKIT_BUILD`; `R_WP` is a
    name), names of other libraries, and type names in the style of CGAL and Boost
    (`Constrained_Delaunay_triangulation_2`, `Point_2`: a capitalised word of three or more
    letters, not a Greek letter, then underscores; nsdkit's types have no underscore)."""
    first = identifier.split("_")[0]
    if identifier.upper() == identifier and len(first) > 1:
        return True
    if re.fullmatch(r"[A-Z][a-z]{2,}", first) and first.lower() not in GREEK:
        return True
    return identifier in FOREIGN or identifier.startswith(FOREIGN_PREFIXES)


def split_suffix(identifier):
    """(monogram tokens, unit tail) of an identifier: tokens like 'CPplus', 'W'; the tail like
    '_m_s2' or '' when the identifier ends in no unit."""
    segments = identifier.split("_")[1:]
    tail_start = len(segments)
    while tail_start > 0 and (UNIT_ATOM.match(segments[tail_start - 1]) or
                              segments[tail_start - 1] == "per"):
        tail_start -= 1
    tail = "".join("_" + s for s in segments[tail_start:])
    tokens = [s for s in segments[:tail_start] if s[:1].isupper()]
    return tokens, tail


def source_files(src_dir):
    """Every C++ and Python file under src_dir, sorted."""
    for root, dirs, files in os.walk(src_dir):
        dirs.sort()
        for name in sorted(files):
            base = name[:-3] if name.endswith(".in") else name
            if base.endswith(CPP_SUFFIXES) or name.endswith(".py"):
                yield os.path.join(root, name)


def suffixes_in_source(src_dir):
    """{('token'|'unit', suffix): [(path, line, identifier), ...]} over src_dir."""
    used = {}
    for path in source_files(src_dir):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if path.endswith(".py"):
            names = python_identifiers(text, path)
        else:
            names = cpp_identifiers(text)
        for identifier, line in names:
            if is_foreign(identifier):
                continue
            tokens, tail = split_suffix(identifier)
            where = (os.path.relpath(path, src_dir), line, identifier)
            for token in tokens:
                used.setdefault(("token", "_" + token), []).append(where)
            if tail:
                used.setdefault(("unit", tail), []).append(where)
    return used


def defined_suffixes(notation_text):
    """(whole suffixes, monogram tokens) defined on the notation page: every `_...` in
    backquotes, and each capitalised segment of one."""
    whole, tokens = set(), set()
    for m in re.finditer(r"`(_[A-Za-z0-9_]+)`", notation_text):
        whole.add(m.group(1))
        tokens.update("_" + s for s in m.group(1).split("_")[1:] if s[:1].isupper())
    return whole, tokens


def section(notation_text, title):
    """The text under the heading `title` (any level) up to the next heading, or ''."""
    m = re.search(r"^#+\s+%s\b[^\n]*\n" % re.escape(title), notation_text, re.MULTILINE)
    if not m:
        return ""
    end = re.search(r"^#+\s", notation_text[m.end():], re.MULTILINE)
    return notation_text[m.end():m.end() + end.start()] if end else notation_text[m.end():]


def missing_modes(notation_text):
    """The modes of MODES that begin no table row under the heading 'Contact modes'."""
    modes = section(notation_text, "Contact modes")
    return [mode for mode in MODES
            if not re.search(r"^\|\s*(\*\*)?%s(\*\*)?\s*\|" % mode, modes, re.MULTILINE)]


def names_table(notation_text):
    """[(concept, name, [phrases not to use])] of the table under the heading 'Names'; raises
    ValueError when the page has none."""
    lines = notation_text.split("\n")
    heading = next((k for k, line in enumerate(lines)
                    if re.match(r"^#+\s+Names\b", line)), None)
    if heading is None:
        raise ValueError("no heading 'Names'")
    k = heading + 1
    while k < len(lines) and not lines[k].startswith("|"):
        if lines[k].startswith("#"):
            raise ValueError("the section 'Names' has no table")
        k += 1
    first, rows = k, []
    while k < len(lines) and lines[k].startswith("|"):
        cells = [c.strip() for c in lines[k].strip().strip("|").split("|")]
        if len(cells) >= 3 and not re.fullmatch(r"[-: ]+", cells[0]) and k > first:
            rows.append((cells[0], cells[1], re.findall(r'"([^"]+)"', cells[-1])))
        k += 1
    if not rows:
        raise ValueError("the table under 'Names' has no rows")
    return rows


def prose_of(markdown):
    """The page's prose, line breaks kept: fenced code blocks, inline code, link and image
    targets, HTML comments and generated blocks (between `<!-- NAME:begin -->` and
    `<!-- NAME:end -->`, e.g. the case-schema table made from the schema) blanked."""
    lines = markdown.split("\n")
    fence, generated = None, None
    for k, line in enumerate(lines):
        m = re.match(r"^\s*(`{3,}|~{3,})", line)
        marker = re.match(r"^\s*<!--\s*(\S+):(begin|end)\s*-->", line)
        if generated is not None:
            if marker and marker.group(1) == generated and marker.group(2) == "end":
                generated = None
            lines[k] = ""
        elif fence is None and marker and marker.group(2) == "begin":
            generated = marker.group(1)
            lines[k] = ""
        elif fence is None and m:
            fence = m.group(1)[0] * len(m.group(1))
            lines[k] = ""
        elif fence is not None:
            if line.strip().startswith(fence) and line.strip().strip(fence[0]) == "":
                fence = None
            lines[k] = ""
    text = "\n".join(lines)
    blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))  # noqa: E731
    text = re.sub(r"<!--.*?-->", blank, text, flags=re.DOTALL)
    text = re.sub(r"(`+)(?:(?!\1).)+?\1", blank, text, flags=re.DOTALL)
    text = re.sub(r"\]\([^)]*\)", blank, text)
    return text


def phrase_pattern(phrase):
    """A regex for a phrase with any hyphens and white space (line breaks too) between its
    words, whole words only, ignoring case and emphasis marks."""
    words = re.split(r"[\s\-]+", phrase.strip())
    joint = r"[\s\-*_]+"
    return re.compile(r"(?<![A-Za-z0-9_])" + joint.join(re.escape(w) for w in words) +
                      r"(?![A-Za-z0-9_])", re.IGNORECASE)


NOT_SEARCHED = ("changelog.md",)


def banned_names_in_docs(docs_dir, notation_path, rows):
    """Problems: (page, line, phrase, the name to use) for every name not to use in prose."""
    problems = []
    patterns = [(phrase_pattern(p), p, name) for _, name, phrases in rows for p in phrases]
    for page in sorted(os.listdir(docs_dir)):
        path = os.path.join(docs_dir, page)
        if (not page.endswith(".md") or not os.path.isfile(path) or page in NOT_SEARCHED or
                os.path.abspath(path) == os.path.abspath(notation_path)):
            continue
        with open(path, encoding="utf-8") as f:
            prose = prose_of(f.read())
        for pattern, phrase, name in patterns:
            for m in pattern.finditer(prose):
                line = prose.count("\n", 0, m.start()) + 1
                problems.append((page, line, phrase, name))
    return sorted(problems)


def check(src_dir, docs_dir, notation_path, listing=False):
    """All problems as printable lines (empty when the notation holds)."""
    with open(notation_path, encoding="utf-8") as f:
        notation = f.read()
    problems = []
    whole, tokens = defined_suffixes(notation)
    used = suffixes_in_source(src_dir)
    for (kind, suffix), places in sorted(used.items()):
        defined = suffix in tokens or suffix in whole if kind == "token" else suffix in whole
        path, line, identifier = places[0]
        if listing:
            print(f"  {kind:5} {suffix:14} {len(places):4}x  e.g. {identifier} ({path}:{line})")
        if not defined:
            what = "frame/point token" if kind == "token" else "unit suffix"
            problems.append(f"src/{path}:{line}: {what} {suffix} of {identifier} is not defined "
                            f"in {os.path.basename(notation_path)} ({len(places)} "
                            f"{'use' if len(places) == 1 else 'uses'})")
    for mode in missing_modes(notation):
        problems.append(f"{os.path.basename(notation_path)}: the mode {mode} has no table row")
    try:
        rows = names_table(notation)
    except ValueError as error:
        problems.append(f"{os.path.basename(notation_path)}: {error}")
        return problems
    for page, line, phrase, name in banned_names_in_docs(docs_dir, notation_path, rows):
        problems.append(f"docs/{page}:{line}: \"{phrase}\" is a name not to use; "
                        f"the name is \"{name}\"")
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("src_dir")
    parser.add_argument("docs_dir")
    parser.add_argument("--notation", help="the notation page (default DOCS_DIR/notation.md)")
    parser.add_argument("--list", action="store_true", help="print every suffix found")
    args = parser.parse_args(argv)
    notation = args.notation or os.path.join(args.docs_dir, "notation.md")
    for path in (args.src_dir, args.docs_dir, notation):
        if not os.path.exists(path):
            print(f"check_notation: error: no such file or folder: {path}", file=sys.stderr)
            return 2
    problems = check(args.src_dir, args.docs_dir, notation, args.list)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} notation problem(s)")
        return 1
    print("notation: every suffix of src/ defined, modes RR RS SR SS present, "
          "no name-not-to-use in docs/*.md prose")
    return 0


if __name__ == "__main__":
    sys.exit(main())
