"""Where pictures are drawn: in a worker process when one is started, else in the calling thread.

Pictures are already drawn off an order's path: the order is stored and answered first, and its pictures
are outbox requests (``bot.outbox.ImageRequest``) drawn when the messages are delivered, one after the
other, in the outbox's order, each unit exactly once (bot/discordbot/delivery.py, bot/mail/transport.py).
What the worker adds (issue 28): the drawing itself leaves the service's process, so the next order's
service call never waits on the renderer's Python code for the interpreter lock, and the renderer's
static layers (tens of MB a game) live in the worker, not beside the games the service holds. The
caller's thread waits on the worker without holding the lock; the process is started with ``spawn``
(the bot's threads make ``fork`` unsafe), and one that dies is replaced at the next picture.

Settings: ``[pictures] processes`` in config.toml (default 1; 0 draws in the service's process).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .table.records import BadOption, NoPicture, RenderUnavailable


def draw_here(game: str, view: dict[str, Any], picture: str, params: dict[str, Any] | None = None) -> bytes:
    """Draw in this process: the renderer's PNG, or the service's refusal (a bad parameter, nothing to
    draw now, no renderer, a drawing bug)."""
    try:
        import render
        draw_png = render.draw_png
    except (ImportError, AttributeError):
        raise RenderUnavailable("Pictures are not available: the renderer (render.draw_png) is not "
                                "installed yet.") from None
    try:
        return draw_png(game, view, picture, params) if params else draw_png(game, view, picture)
    except Exception as error:  # a drawing bug must not take the table down
        if type(error).__name__ == "BadPictureParam":  # a parameter the manifest does not list
            raise BadOption(str(error)) from None
        if type(error).__name__ == "NoPicture":
            raise NoPicture(f"Nothing to draw as '{picture}' now: {error}") from None
        raise RenderUnavailable(f"The {picture} picture could not be drawn: {error}") from None


def _worker_pid() -> int:
    return os.getpid()


class DrawingWorker:
    """A small pool of drawing processes (``processes`` of them) with :func:`draw_here`'s answers."""

    def __init__(self, processes: int = 1) -> None:
        self.processes = processes
        self._lock = threading.Lock()
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=self.processes, mp_context=multiprocessing.get_context("spawn"))

    def _run(self, fn, *args):
        with self._lock:
            pool = self._pool
        try:
            return pool.submit(fn, *args).result()
        except BrokenProcessPool:   # the process died (killed, out of memory): a fresh one, once
            with self._lock:
                if self._pool is pool:
                    self._pool = self._new_pool()
                pool = self._pool
            try:
                return pool.submit(fn, *args).result()
            except BrokenProcessPool:
                raise RenderUnavailable("The picture could not be drawn: the drawing process stopped.") from None

    def draw(self, game: str, view: dict[str, Any], picture: str, params: dict[str, Any] | None = None) -> bytes:
        return self._run(draw_here, game, view, picture, params)

    def pid(self) -> int:
        """A drawing process's id (for tests and the benchmark)."""
        return self._run(_worker_pid)

    def close(self) -> None:
        with self._lock:
            self._pool.shutdown(wait=True, cancel_futures=True)


_worker: DrawingWorker | None = None


def start_worker(processes: int = 1) -> DrawingWorker | None:
    """Draw every later picture of this process in ``processes`` worker processes (0: here)."""
    global _worker
    stop_worker()
    _worker = DrawingWorker(processes) if processes > 0 else None
    return _worker


def stop_worker() -> None:
    global _worker
    if _worker is not None:
        _worker.close()
    _worker = None


def draw(game: str, view: dict[str, Any], picture: str, params: dict[str, Any] | None = None) -> bytes:
    """A picture, drawn by the worker when one is started."""
    worker = _worker
    if worker is not None:
        return worker.draw(game, view, picture, params)
    return draw_here(game, view, picture, params)


def processes_setting(raw: dict[str, Any] | None) -> int:
    """``[pictures] processes`` (default 1): how many drawing processes; 0 draws in the service's."""
    value = (raw or {}).get("processes", 1)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 8:
        raise ValueError(f"[pictures] processes must be a whole number from 0 to 8, not {value!r}")
    return value
