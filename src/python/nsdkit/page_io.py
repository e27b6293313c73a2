"""The pages' checked file writer and text escaping (shared by pages.py and report_page.py).

Outputs are written to a temporary file and renamed, so a target holds a whole page or nothing;
text from inputs is escaped for HTML, for plotly's labels and for <script> elements."""
import html
import json
import os
import stat


class _PlotlyMissing(ValueError):
    """plotly (Debian's python3-plotly) is not installed: the pages are skipped, not failed."""


def _quote(text, limit=80):
    """`text` in single quotes, control bytes, non-ASCII, quotes and backslashes as \\xNN (as
    nsd::quoteInput): safe to print whatever the input holds. A text longer than `limit`
    characters shows its first and last limit/2 around "...", so a long path keeps its name."""
    text = str(text)

    def escaped(part):
        return "".join(c if 0x20 <= ord(c) < 0x7f and c not in "'\\" else
                       "".join(f"\\x{b:02x}" for b in c.encode("utf-8", "surrogateescape"))
                       for c in part)
    if len(text) <= limit:
        return f"'{escaped(text)}'"
    tail = limit // 2
    return (f"'{escaped(text[:limit - tail])}...{escaped(text[len(text) - tail:])}'"
            f" ({len(text)} characters)")


def _write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _checked_target(path):
    """(path, its lstat or None) for a page's target, or ValueError naming it: not a name, a
    symbolic link, a folder, or a missing folder. Callers that write more than one file check
    the page's target first, so that a refused target leaves everything as it was."""
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise ValueError(f"path must be a file name (str), got {type(path).__name__}")
    path = os.fspath(path)
    if not isinstance(path, str) or not path:
        raise ValueError("path: an empty file name")
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        status = None
    except OSError as e:
        raise ValueError(f"path {_quote(path)}: {e.strerror}") from None
    if status is not None:
        if stat.S_ISLNK(status.st_mode):
            raise ValueError(f"path {_quote(path)} is a symbolic link; give the file it points to")
        if stat.S_ISDIR(status.st_mode):
            raise ValueError(f"path {_quote(path)} is a folder, not a file")
    if not os.path.isdir(os.path.dirname(os.path.abspath(path))):
        raise ValueError(f"path {_quote(path)}: its folder does not exist")
    return path, status


def _write_output(path, text):
    """The one checked writer of the pages (as nsd::writeFileAtomically): a device or FIFO is
    written in place (never replaced), a symbolic link or folder is refused, and a regular file
    is replaced atomically through a temporary created with O_EXCL | O_NOFOLLOW under an
    unguessable name in the target's folder; on failure only that temporary is removed.
    Raises ValueError naming the path."""
    path, status = _checked_target(path)
    data = text.encode("utf-8")
    if status is not None and not stat.S_ISREG(status.st_mode):
        _write_in_place(path, data)
        return
    folder = os.path.dirname(os.path.abspath(path))
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    for _ in range(16):
        temporary = os.path.join(folder, f"{os.path.basename(path)}.tmp-nsdkit-{os.getpid()}-"
                                         f"{os.urandom(8).hex()}")
        try:
            fd = os.open(temporary, flags, 0o644)
            break
        except FileExistsError:
            continue
        except OSError as e:
            raise ValueError(f"path {_quote(path)}: cannot write beside it: {e.strerror}") \
                from None
    else:
        raise ValueError(f"path {_quote(path)}: no free temporary name beside it")
    try:
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except BaseException as e:
        os.unlink(temporary)  # our own temporary, created exclusively above
        if isinstance(e, OSError):
            raise ValueError(f"path {_quote(path)}: cannot be written: {e.strerror}") from None
        raise


def _write_in_place(path, data):
    """A device, FIFO or socket written in place: opened without creating or following
    anything."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NOCTTY)
    except OSError as e:
        raise ValueError(f"path {_quote(path)}: cannot be written: {e.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
            raise ValueError(f"path {_quote(path)} changed while the page was made")
        _write_all(fd, data)
    except OSError as e:
        raise ValueError(f"path {_quote(path)}: cannot be written: {e.strerror}") from None
    finally:
        os.close(fd)


def _text(value):
    """Text from an input for plotly's labels (titles, names, hover text), which plotly renders
    as a small subset of HTML: every <, > and & escaped (plotly shows the entities as the
    characters)."""
    return html.escape(str(value), quote=False)


def _html_text(value):
    """Text from an input as HTML text or attribute value (html.escape; the line separators
    U+2028/2029 as character references too)."""
    return html.escape(str(value)).replace("\u2028", "&#x2028;").replace("\u2029", "&#x2029;")


def _script_json(value):
    """`value` as JSON that is safe inside a <script> element: <, >, & and the line separators
    U+2028/2029 as \\u escapes (no '</script>' or '<!--' can appear)."""
    text = json.dumps(value, cls=_json_encoder(), allow_nan=True)
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(raw, escaped)
    return text


def _json_encoder():
    try:
        from plotly.utils import PlotlyJSONEncoder
    except ImportError:  # pragma: no cover - Debian's python3-plotly is a dependency
        return json.JSONEncoder
    return PlotlyJSONEncoder
