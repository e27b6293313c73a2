"""nsdkit.pages: the one checked writer (_write_output) and the escaping of input text (run by
ctest with the other Python tests)."""
import os
import stat
import threading

import pytest

from nsdkit import pages

TETRAHEDRON = {"vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
               "faces": [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]}
INJECTION = "</script><script>alert(document.domain)</script>"


def test_link_planted_at_the_old_temporary_name_is_not_followed(tmp_path):
    # The temporary used to be <path>.tmp-nsdkit-<pid>: a link there was followed.
    victim = tmp_path / "victim"
    victim.write_text("victim\n")
    planted = tmp_path / f"p.html.tmp-nsdkit-{os.getpid()}"
    planted.symlink_to(victim)
    pages._write_output(str(tmp_path / "p.html"), "page")
    assert victim.read_text() == "victim\n"
    assert planted.is_symlink()
    assert (tmp_path / "p.html").read_text() == "page"
    assert not (tmp_path / "p.html").is_symlink()


def test_temporaries_are_random_and_none_is_left(tmp_path):
    names = set()
    real_replace = os.replace

    def spy(source, target):
        names.add(os.path.basename(source))
        real_replace(source, target)
    os.replace = spy
    try:
        for _ in range(3):
            pages._write_output(str(tmp_path / "p.html"), "page")
    finally:
        os.replace = real_replace
    assert len(names) == 3
    assert all(n.startswith(f"p.html.tmp-nsdkit-{os.getpid()}-") for n in names)
    assert os.listdir(tmp_path) == ["p.html"]


@pytest.mark.parametrize("make", ["link", "dangling link", "folder", "missing folder"])
def test_links_folders_and_missing_folders_are_refused_naming_the_path(tmp_path, make):
    target = tmp_path / "target"
    target.write_text("kept\n")
    path = tmp_path / "out.html"
    if make == "link":
        path.symlink_to(target)
    elif make == "dangling link":
        path.symlink_to(tmp_path / "nowhere")
    elif make == "folder":
        path.mkdir()
    else:
        path = tmp_path / "nofolder" / "out.html"
    with pytest.raises(ValueError, match="out.html"):
        pages._write_output(str(path), "page")
    assert target.read_text() == "kept\n"


def test_fifo_is_written_in_place(tmp_path):
    fifo = tmp_path / "fifo.html"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()))
    reader.start()
    pages._write_output(str(fifo), "through the FIFO")
    reader.join(timeout=30)
    assert received == ["through the FIFO"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_script_json_cannot_close_the_script_element():
    text = pages._script_json({"name": INJECTION + "<!--\u2028\u2029&"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert "\u2028" not in text and "\u2029" not in text


@pytest.mark.parametrize("argument", ["title", "axis_names", "points", "edges", "conditions"])
def test_body_page_holds_no_input_text_raw(tmp_path, argument):
    values = {"title": INJECTION, "axis_names": (INJECTION, "b", "c"),
              "points": {INJECTION: (0, 0, 0)}, "edges": {INJECTION: [(0, 0, 0), (1, 0, 0)]},
              "conditions": [INJECTION] * 4}
    path = tmp_path / "p.html"
    pages.stability_body_html(TETRAHEDRON, str(path), **{argument: values[argument]})
    assert INJECTION not in path.read_text(encoding="utf-8")
