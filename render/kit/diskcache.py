"""Results that take long to compute and change only with the code or data that makes them, kept on disk
between processes (issue 28: a board's static layer, drawn afresh at every start).

A result is stored under a name and the SHA-256 of everything it is computed from (the source files and
data files given, Pillow's and Python's versions), so an edit to any of them computes it afresh (and the
old file is removed when the new one is written). Files are pickles written by this same program into Herald's own cache
directory (``HERALD_CACHE_DIR``, else ``$XDG_CACHE_HOME/herald``, else ``~/.cache/herald``); a file that
cannot be read or written is ignored and the result computed as if there were no cache. Because a pickle
can run code when read, the folder is made private to Herald's user (mode 700) and a file is read only
when that user owns it and nobody else may write to it or its folder.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Callable, Iterable, TypeVar

import PIL

T = TypeVar("T")


def cache_dir() -> Path:
    chosen = os.environ.get("HERALD_CACHE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "herald"


def digest(sources: Iterable[Path]) -> str:
    """The key of a result computed from ``sources`` (their bytes, in the order given) by this Python and
    Pillow."""
    h = hashlib.sha256(f"{sys.version}|{PIL.__version__}|{pickle.HIGHEST_PROTOCOL}".encode())
    for path in sources:
        h.update(str(path.name).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:32]


def _trusted(path: Path) -> bool:
    """The file and its folder belong to this user, and nobody else may write to either."""
    if not hasattr(os, "getuid"):
        return True
    for p in (path.parent, path):
        st = p.stat()
        if st.st_uid != os.getuid() or st.st_mode & 0o022:
            return False
    return True


def load_or_build(name: str, sources: Iterable[Path], build: Callable[[], T]) -> T:
    """The stored result of ``build`` for these ``sources``, or ``build()`` (then stored for the next
    process). Concurrent processes may both build; each writes a whole file and renames it into place."""
    try:
        path = cache_dir() / f"{name}-{digest(sources)}.pickle"
    except OSError:   # a source unreadable: nothing to key on
        return build()
    try:
        if not _trusted(path):
            raise OSError("not written by this user alone")
        with path.open("rb") as f:
            return pickle.load(f)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        pass   # absent, or written by an older layout of the same code: build afresh
    result = build()
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=f".{name}-", delete=False) as f:
            try:
                pickle.dump(result, f, protocol=pickle.HIGHEST_PROTOCOL)
            except BaseException:
                os.unlink(f.name)
                raise
        os.replace(f.name, path)
        for stale in path.parent.glob(f"{name}-*.pickle"):   # computed by code or data since changed
            if stale != path:
                stale.unlink(missing_ok=True)
    except OSError:
        pass   # a read-only home: the result is still returned, just not kept
    return result
