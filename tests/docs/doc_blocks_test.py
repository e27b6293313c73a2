"""The block parser of the docs test: fences, console transcripts, and the blocks it refuses."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import doc_blocks  # noqa: E402


def parse(tmp_path, text):
    (tmp_path / "page.md").write_text(text)
    return doc_blocks.blocks_of(tmp_path / "page.md", tmp_path)


def test_blocks_keep_their_line_info_and_code(tmp_path):
    blocks = parse(tmp_path, "# t\n\n```sh\nnsdkit --help\n```\ntext\n````python\nx = 1\n```\n````\n")
    assert [(b.line, b.info, b.code) for b in blocks] == [
        (3, "sh", "nsdkit --help\n"), (7, "python", "x = 1\n```\n")]


def test_unclosed_fence_is_an_error(tmp_path):
    try:
        parse(tmp_path, "```sh\nls\n")
    except ValueError as error:
        assert "page.md:1" in str(error)
    else:
        raise AssertionError("an unclosed fence was accepted")


def test_console_runs_only_prompted_lines_and_their_continuations():
    code = "$ nsdkit mesh \\\n    --output a.off\nwrote a.off\n$ ls\na.off\n"
    assert doc_blocks.console_commands(code) == "nsdkit mesh \\\n    --output a.off\nls\n"
    assert doc_blocks.console_commands("just output\n") == ""


def block(info):
    return doc_blocks.Block("page.md", 1, info, "code\n")


def test_unmarked_and_unknown_blocks_are_refused():
    for info in ("", "cpp", "c++", "sh maybe", "text fragment", "python driver", "rust"):
        assert doc_blocks.refusal(block(info)), info


def test_runnable_shown_and_marked_blocks_are_accepted():
    for info in ("sh", "bash", "console", "python", "json", "text", "cmake", "cpp fragment",
                 "python fragment", "sh driver", "{literalinclude} ../examples/a.cpp"):
        assert doc_blocks.refusal(block(info)) == "", info
