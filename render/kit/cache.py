"""The static-layer cache: what does not change during a game is drawn once per process and copied."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Callable

from PIL import Image


class LayerCache:
    """Static board layers (everything that does not change during a game), keyed by
    (game, scenario, size, ...). A turn's picture copies the cached layer and draws only the pieces.
    Bounded LRU; thread-safe; can be switched off to measure the gain."""

    def __init__(self, capacity: int = 16) -> None:
        self.capacity = capacity
        self.enabled = True
        self.hits = 0
        self.misses = 0
        self.build_seconds = 0.0
        self._items: OrderedDict[tuple, Image.Image] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple, build: Callable[[], Image.Image]) -> Image.Image:
        """A fresh copy (safe to draw on) of the layer for ``key``, built on first use."""
        if not self.enabled:
            self.misses += 1
            return build()
        with self._lock:
            layer = self._items.get(key)
            if layer is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return layer.copy()
        started = time.perf_counter()
        layer = build()
        self.build_seconds += time.perf_counter() - started
        with self._lock:
            self.misses += 1
            self._items[key] = layer
            self._items.move_to_end(key)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)
        return layer.copy()

    def keep_only(self, keep: Callable[[Image.Image], bool]) -> None:
        """Drop the layers ``keep`` refuses (the layout recorder drops those drawn unrecorded)."""
        with self._lock:
            for key in [k for k, layer in self._items.items() if not keep(layer)]:
                del self._items[key]

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0
            self.build_seconds = 0.0


CACHE = LayerCache()


class PictureCache:
    """Finished PNGs keyed by (game, picture, parameters, digest of the view): a view drawn again (the
    same "your move" picture for several players, a map asked twice) is encoded once. Bounded by total
    bytes (least recently used first out); thread-safe; can be switched off to measure the gain."""

    def __init__(self, max_bytes: int = 16 * 1024 * 1024) -> None:   # several orders of up to 17 pictures
        self.max_bytes = max_bytes
        self.enabled = True
        self.hits = 0
        self.misses = 0
        self._bytes = 0
        self._items: OrderedDict[tuple, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple, build: Callable[[], bytes]) -> bytes:
        """The PNG for ``key``, drawn by ``build`` on first use."""
        if not self.enabled:
            self.misses += 1
            return build()
        with self._lock:
            png = self._items.get(key)
            if png is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return png
        png = build()
        with self._lock:
            self.misses += 1
            if key not in self._items and len(png) <= self.max_bytes:
                self._items[key] = png
                self._bytes += len(png)
            while self._bytes > self.max_bytes:
                self._bytes -= len(self._items.popitem(last=False)[1])
        return png

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = self.hits = self.misses = 0


PICTURES = PictureCache()
