"""The disk cache of slow static results (render.kit.diskcache; issue 28: Richard III's board layer at a
cold start): computed once per change of its sources, read back identical, never trusted when damaged."""

from __future__ import annotations

import pickle

from render.kit import diskcache
from render.richard3 import geometry as geo_module


class Counter:
    def __init__(self, value):
        self.calls, self.value = 0, value

    def __call__(self):
        self.calls += 1
        return self.value


def test_a_result_is_computed_once_then_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("HERALD_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "source.py"
    source.write_text("x = 1\n")
    build = Counter({"rows": [1, 2, 3]})
    assert diskcache.load_or_build("thing", [source], build) == {"rows": [1, 2, 3]}
    assert diskcache.load_or_build("thing", [source], build) == {"rows": [1, 2, 3]}
    assert build.calls == 1
    assert len(list((tmp_path / "cache").glob("thing-*.pickle"))) == 1


def test_a_changed_source_computes_afresh_and_drops_the_old_file(tmp_path, monkeypatch):
    monkeypatch.setenv("HERALD_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "source.py"
    source.write_text("x = 1\n")
    diskcache.load_or_build("thing", [source], Counter("old"))
    source.write_text("x = 2\n")
    build = Counter("new")
    assert diskcache.load_or_build("thing", [source], build) == "new"
    assert build.calls == 1
    assert len(list((tmp_path / "cache").glob("thing-*.pickle"))) == 1


def test_a_damaged_file_is_computed_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("HERALD_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "source.py"
    source.write_text("x = 1\n")
    diskcache.load_or_build("thing", [source], Counter("first"))
    (stored,) = (tmp_path / "cache").glob("thing-*.pickle")
    stored.write_bytes(b"\x80\x05not a pickle")
    build = Counter("again")
    assert diskcache.load_or_build("thing", [source], build) == "again"
    assert build.calls == 1


def test_an_unwritable_cache_still_gives_the_result(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("HERALD_CACHE_DIR", str(blocker / "cache"))   # under a file: cannot be made
    source = tmp_path / "source.py"
    source.write_text("x = 1\n")
    build = Counter(42)
    assert diskcache.load_or_build("thing", [source], build) == 42
    assert diskcache.load_or_build("thing", [source], build) == 42
    assert build.calls == 2


def test_richard3_board_layer_from_the_disk_cache_is_the_drawn_one(tmp_path, monkeypatch):
    from render.richard3 import mapview

    monkeypatch.setenv("HERALD_CACHE_DIR", str(tmp_path))
    first = mapview._stored_board()                 # drawn, then stored
    again = mapview._stored_board()                 # read back
    assert len(list(tmp_path.glob("richard3-board-*.pickle"))) == 1
    assert again.tobytes() == first.tobytes() == mapview.draw_static(geo_module.MAP_BOTTOM).tobytes()


def test_a_file_others_may_write_is_never_read(tmp_path, monkeypatch):
    """A pickle runs code when read: a file (or folder) anyone but Herald's user may write is built afresh."""
    monkeypatch.setenv("HERALD_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "source.py"
    source.write_text("x = 1\n")
    diskcache.load_or_build("thing", [source], Counter("mine"))
    stored = next((tmp_path / "cache").glob("thing-*.pickle"))
    assert (tmp_path / "cache").stat().st_mode & 0o077 == 0          # the folder is private
    stored.write_bytes(pickle.dumps("planted"))
    stored.chmod(0o666)
    build = Counter("rebuilt")
    assert diskcache.load_or_build("thing", [source], build) == "rebuilt" and build.calls == 1
