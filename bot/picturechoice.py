"""Asking for a picture with its parameters, the same way on every front end.

A game's picture manifest (render/manifest.py) lists kinds, some with a choice parameter (a region of a
large map, a power's card). A player names one as ``kind``, ``kind:value``, ``kind value`` or
``kind param=value`` (several ``param=value`` pairs for several parameters); case, spaces and the
choice's label ("Low Countries" for ``low_countries``) do not matter, and a value alone ("italy") is
enough when exactly one kind offers it. Discord's suggestions carry the ``kind:value`` form.

Nothing here knows a game: it reads the kinds it is given. A refusal names what is allowed and never
quotes the text back (it may be anything a user typed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from .table.records import BadOption

@dataclass(frozen=True)
class PictureChoice:
    """A picture kind of the manifest and its parameters, checked against the manifest."""

    kind: Any                      # render.manifest.PictureKind (or a stand-in with the same fields)
    params: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.kind.id

    @property
    def value(self) -> str:
        """The choice written back in its short form (``region:italy``), as suggestions carry it."""
        return choice_value(self.kind, self.params)

    @property
    def label(self) -> str:
        """What a reader sees: ``Region: Italy``."""
        shown = [choice_label(p, self.params[p.id]) for p in self.kind.params if p.id in self.params]
        return f"{self.kind.label}: {', '.join(shown)}" if shown else self.kind.label

    @property
    def filename(self) -> str:
        return "-".join([self.kind.id, *(slug(v) for v in self.params.values())]) + ".png"


def choice_label(param: Any, value: str) -> str:
    """A parameter value as a reader sees it: ``low_countries`` -> ``Low Countries``."""
    return value.replace("_", " ").replace("-", " ").title()


def choice_value(kind: Any, params: dict[str, str]) -> str:
    if not params:
        return kind.id
    if len(kind.params) == 1 and len(params) == 1:
        return f"{kind.id}:{next(iter(params.values()))}"
    return kind.id + " " + " ".join(f"{k}={v}" for k, v in params.items())


def offers(kinds: Sequence[Any], private: bool = True) -> list[tuple[str, str]]:
    """(what a reader sees, the value to give back) for each kind, then each choice of its first choice
    parameter: ``("Region: Italy", "region:italy")``; private kinds left out unless ``private``."""
    out: list[tuple[str, str]] = []
    for kind in kinds:
        if kind.private and not private:
            continue
        out.append((f"{kind.label}: {kind.description}" if kind.description else kind.label, kind.id))
        param = next((p for p in kind.params if p.choices), None)
        if param is not None:
            for value in param.choices:
                out.append((f"{kind.label}: {choice_label(param, value)}", f"{kind.id}:{value}"))
    return out


def describe(kind: Any) -> str:
    """One kind with its parameters' choices, for a listing or a refusal: ``region (region: italy, …)``."""
    params = "; ".join(f"{p.id}: {', '.join(p.choices)}" if p.choices else f"{p.id}=…" for p in kind.params)
    return f"{kind.id} ({params})" if params else kind.id


def parse(text: str | Sequence[str] | None, kinds: Sequence[Any]) -> PictureChoice:
    """The picture asked for by ``text`` (a string or the words of a console line); None or empty: the
    main picture (the first kind). BadOption, naming what is allowed, for a kind or value the manifest
    does not have."""
    if not kinds:
        raise BadOption("That is not a picture of this game: it has none (pictures are not available).")
    words = _words(text)
    if not words:
        return _checked(kinds[0], {})
    by_id = {_norm(k.id): k for k in kinds} | {_norm(k.label): k for k in kinds}
    head, rest = words[0], words[1:]
    first, sep, tail = head.partition(":")
    if sep and tail:                     # kind:value or kind:param=value
        rest = [tail, *rest]
    kind = by_id.get(_norm(first))
    if kind is None:
        if not sep and "=" not in head:
            alone = _kind_offering(" ".join(words), kinds)   # "italy" (or "low countries") alone
            if alone is not None:
                return alone
        raise BadOption("That is not a picture of this game; pick one of: "
                        + "; ".join(describe(k) for k in kinds) + ".")
    return _checked(kind, _params(kind, rest))


def _params(kind: Any, words: list[str]) -> dict[str, str]:
    if not words:
        return {}
    known = {_norm(p.id): p for p in kind.params}
    if not known:
        raise BadOption(f"The {kind.id} picture takes no parameter; ask for `{kind.id}` alone.")
    params: dict[str, str] = {}
    loose: list[str] = []
    for word in words:
        name, eq, value = word.partition("=")
        if eq:
            param = known.get(_norm(name))
            if param is None:
                raise BadOption(f"That is not a parameter of the {kind.id} picture; it has "
                                + ", ".join(p.id for p in kind.params) + ".")
            params[param.id] = _value(kind, param, value)
        else:
            loose.append(word)
    if loose:                             # values without names: the first parameter not given yet
        free = [p for p in kind.params if p.id not in params]
        if not free:
            raise BadOption(f"Too many values for the {kind.id} picture: " + describe(kind) + ".")
        param = free[0]
        params[param.id] = _value(kind, param, " ".join(loose))
    return params


def _value(kind: Any, param: Any, given: str) -> str:
    if not param.choices:
        return given.strip()
    wanted = _norm(given)
    for value in param.choices:
        if wanted in (_norm(value), _norm(choice_label(param, value))):
            return value
    raise BadOption(f"{param.label} for the {kind.id} picture must be one of: {', '.join(param.choices)} "
                    f"(e.g. `{kind.id}:{param.choices[0]}`).")


def _kind_offering(text: str, kinds: Sequence[Any]) -> PictureChoice | None:
    """The one kind whose first choice parameter offers ``text``; None when none or several do."""
    found = []
    for kind in kinds:
        param = next((p for p in kind.params if p.choices), None)
        if param is None:
            continue
        for value in param.choices:
            if _norm(text) in (_norm(value), _norm(choice_label(param, value))):
                found.append((kind, param, value))
    if len(found) != 1:
        return None
    kind, param, value = found[0]
    return _checked(kind, {param.id: value})


def _checked(kind: Any, params: dict[str, str]) -> PictureChoice:
    try:
        return PictureChoice(kind, dict(kind.check_params(params)) if hasattr(kind, "check_params") else params)
    except ValueError as error:          # render.manifest.BadPictureParam
        raise BadOption(str(error)) from None


def _words(text: str | Sequence[str] | None) -> list[str]:
    if text is None:
        return []
    joined = text if isinstance(text, str) else " ".join(text)
    # "kind : value", "param = value" typed with spaces count as one word
    joined = re.sub(r"\s*([:=])\s*", r"\1", joined.strip())
    return joined.split()


def _norm(word: str) -> str:
    return re.sub(r"[\s_\-]+", "_", word.strip().lower())


def slug(value: Any) -> str:
    """A value safe in a file name."""
    return re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-") or "x"
