"""The public rendering API (re-exported by ``render/__init__.py``; see its docstring)."""

from __future__ import annotations

import hashlib
import importlib
import json
import re
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

from PIL import Image

from .core import CACHE, WIDTH, NoPicture, to_png
from .kit.cache import PICTURES
from .kit import palette as fixed_palette
from .kit.layout import PictureLayout, forget_unnoted, layout_of, recording
from .manifest import PictureKind, from_module

_GAME_ID = re.compile(r"^[a-z][a-z0-9_]*$")
#: picture modules of games outside render/ (test games), by game id: see :func:`register`
_REGISTERED: dict[str, ModuleType] = {}


def register(game: str, module: ModuleType) -> None:
    """Draw ``game`` with ``module`` (``PICTURES`` or ``MANIFEST``, and ``draw(view, picture, **params)``)
    instead of ``render/<game>``: for games whose rules live outside ``rules/`` (test games)."""
    _REGISTERED[game] = module
    _palette.cache_clear()
    PICTURES.clear()   # the same view may now draw differently


def _module(game: str) -> ModuleType:
    if game in _REGISTERED:
        return _REGISTERED[game]
    if not _GAME_ID.match(game or ""):
        raise ValueError(f"Not a game id: {game!r}")
    try:
        return importlib.import_module(f"render.{game}")
    except ModuleNotFoundError as exc:
        if exc.name == f"render.{game}":
            raise ValueError(f"No pictures for game '{game}'.") from None
        raise


def manifest(game: str) -> list[PictureKind]:
    """The picture kinds ``game`` can draw, with their parameters (the first is the main picture)."""
    return from_module(_module(game))


def pictures(game: str) -> list[str]:
    """The names of the picture kinds ``game`` can draw (the first is the map)."""
    return [kind.id for kind in manifest(game)]


def needed(game: str, view: dict[str, Any]) -> list[str]:
    """The pictures a decision taken in ``view`` needs besides the main one (a battle under way)."""
    return [kind.id for kind in manifest(game) if kind.needed_by(view)]


def draw(game: str, view: dict[str, Any], picture: str = "map", params: dict[str, Any] | None = None
         ) -> Image.Image:
    """Draw ``picture`` from a role's ``view``. Raises :class:`NoPicture` if the view has nothing for it,
    ValueError for a parameter the manifest does not list."""
    module = _module(game)
    kinds = {kind.id: kind for kind in from_module(module)}
    if picture not in kinds:
        raise NoPicture(f"{game} has no '{picture}' picture; it has {', '.join(kinds)}.")
    clean = kinds[picture].check_params(params)
    return module.draw(view, picture, **clean) if clean else module.draw(view, picture)


def draw_layout(game: str, view: dict[str, Any], picture: str = "map", params: dict[str, Any] | None = None
                ) -> tuple[Image.Image, PictureLayout]:
    """:func:`draw`, and where its text and marks went (for the legibility rule, render/kit/legibility.py).
    Layers cached before are drawn again so that their text is noted too."""
    with recording():
        forget_unnoted(CACHE)
        image = draw(game, view, picture, params)
    return image, layout_of(image)


def draw_png(game: str, view: dict[str, Any], picture: str = "map", params: dict[str, Any] | None = None
             ) -> bytes:
    """:func:`draw` encoded as PNG bytes (equal views give equal bytes, so an equal view drawn again comes
    from the picture cache, ``render.kit.cache.PICTURES``; keys the kind ``ignores`` are left out)."""
    ignored = next((kind.ignores for kind in manifest(game) if kind.id == picture), ())
    drawn = {k: v for k, v in view.items() if k not in ignored} if ignored else view
    digest = hashlib.sha256(json.dumps(drawn, sort_keys=True, default=str).encode()).hexdigest()
    key = (game, picture, json.dumps(params or {}, sort_keys=True, default=str), digest)
    return PICTURES.get(key, lambda: encode(game, draw(game, view, picture, params)))


def palette_path(game: str) -> Path:
    """Where ``game``'s fixed palette is kept: ``palette.json`` beside its renderer (render/palettes.py
    builds it)."""
    return Path(_module(game).__file__).with_name("palette.json")


@lru_cache(maxsize=None)
def _palette(game: str) -> Image.Image | None:
    if game in _REGISTERED:
        return None
    path = palette_path(game)
    return fixed_palette.palette_image(fixed_palette.read(path)) if path.exists() else None


def encode(game: str, image: Image.Image) -> bytes:
    """PNG bytes of ``image`` as ``draw_png`` gives them: mapped to the game's fixed palette when it has one
    (render/kit/palette.py), else quantised adaptively."""
    return to_png(image, palette=_palette(game))
