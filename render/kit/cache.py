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
