"""The picture manifest (issue 11 item 5): each game's picture kinds and their parameters, so the table
service, the console and the Discord layer read one list instead of knowing "map" and "hand".

A game's render module may define ``MANIFEST`` (a list of :class:`PictureKind`); without it each name in
``PICTURES`` is a plain kind, the first one being the game's main picture (its map).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class BadPictureParam(ValueError):
    """A picture parameter the manifest does not list, or a value it does not allow."""


@dataclass(frozen=True)
class PictureParam:
    """A parameter of a picture kind: ``choices`` lists the allowed values (e.g. the regions a large map
    can be cropped to); ``default`` is used when it is left out."""

    id: str
    label: str
    choices: tuple[str, ...] = ()
    default: str | None = None


@dataclass(frozen=True)
class PictureKind:
    """One picture a game can draw.

    - ``private``: drawn from a role's own view only (a hand); never posted in a channel.
    - ``with_prompt``: sent with every "your move" prompt, beside the main picture (the hand).
    - ``shows``: a view key; when the view holds something truthy there, the picture has something to
      draw and a decision taken then needs it (a battle picture while ``view["battle"]`` is set): it goes
      with the prompt and with the channel's post when it starts.
    - ``ignores``: view keys this picture never draws (read only by other kinds): views that differ only
      there give the same picture, so the picture cache (render.api.draw_png) leaves them out of its key
      and draws it once (tests/render/test_picture_cache.py draws each kind without them to check).
    """

    id: str
    label: str
    description: str = ""
    params: tuple[PictureParam, ...] = ()
    private: bool = False
    with_prompt: bool = False
    shows: str | None = None
    ignores: tuple[str, ...] = ()

    def needed_by(self, view: dict[str, Any]) -> bool:
        """Whether this picture belongs with a decision taken in ``view`` (see ``shows``)."""
        return self.shows is not None and bool(view.get(self.shows))

    def check_params(self, params: dict[str, Any] | None) -> dict[str, Any]:
        """``params`` with defaults filled in; BadPictureParam naming the bad one."""
        known = {p.id: p for p in self.params}
        params = dict(params or {})
        unknown = sorted(set(params) - set(known))
        if unknown:
            raise BadPictureParam(f"The {self.id} picture has no parameter {', '.join(unknown)}"
                             + (f" (it has {', '.join(known)})." if known else " (it takes none)."))
        clean = {}
        for p in self.params:
            value = params.get(p.id, p.default)
            if value is not None and p.choices and value not in p.choices:
                raise BadPictureParam(f"{p.label} must be one of {', '.join(p.choices)}, not {value!r}.")
            if value is not None:
                clean[p.id] = value
        return clean


def from_module(module: Any) -> list[PictureKind]:
    """The module's ``MANIFEST``, or one plain kind per name in its ``PICTURES``."""
    declared = getattr(module, "MANIFEST", None)
    if declared is not None:
        return list(declared)
    return [PictureKind(name, name.replace("_", " ").title()) for name in module.PICTURES]
