"""Reading provenance-tagged values ({"value": V, "stated"|"inferred"|"reconstructed": basis}) from the data files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

TAGS = ("stated", "inferred", "reconstructed")


class DataError(ValueError):
    """A data file breaks the format or names something that does not exist; the message says where."""


@dataclass(frozen=True)
class Provenance:
    """Where a value comes from: the tag, and the section (stated), reasoning (inferred) or method id (reconstructed)."""

    tag: str
    basis: str
    note: str = ""


@dataclass(frozen=True)
class SourcedValue:
    """One game value as read from the data, with its address (file and dotted path) and provenance."""

    file: str
    path: str
    value: Any
    provenance: Provenance

    def describe(self) -> str:
        """A line for a player: the value and why we believe it (a method id is explained in the file's methods)."""
        p = self.provenance
        text = f"{self.file} {self.path} = {self.value!r} ({p.tag}: {p.basis})"
        return text + (f" — {p.note}" if p.note else "")


class Reader:
    """Reads the tagged values of one file, checking the format and recording every value read."""

    def __init__(self, file: str, raw: dict, sink: list[SourcedValue]):
        self.file = file
        self.raw = raw
        self.methods: dict[str, str] = raw.get("methods", {}) or {}
        self.sink = sink

    def fail(self, path: str, message: str) -> DataError:
        return DataError(f"{self.file}: {path}: {message}")

    def node(self, parent: Any, key: str | int, path: str) -> Any:
        """A structural (untagged) child: a mapping of ids or a list."""
        try:
            return parent[key]
        except (KeyError, IndexError, TypeError):
            raise self.fail(path, "missing") from None

    def tagged(self, node: Any, path: str) -> Any:
        """The value of a tagged entry, after checking it carries exactly one provenance tag."""
        if not isinstance(node, dict) or "value" not in node:
            raise self.fail(path, 'expected {"value": ..., "stated"|"inferred"|"reconstructed": ...}')
        tags = [t for t in TAGS if t in node]
        if len(tags) != 1:
            raise self.fail(path, f"needs exactly one provenance tag of {', '.join(TAGS)}; found {tags or 'none'}")
        unknown = set(node) - {"value", "note", *TAGS}
        if unknown:
            raise self.fail(path, f"unknown keys {sorted(unknown)}")
        tag = tags[0]
        basis = node[tag]
        if not isinstance(basis, str) or not basis.strip():
            raise self.fail(path, f"'{tag}' must say why (a section, reasoning or method id)")
        if tag == "reconstructed" and basis not in self.methods:
            raise self.fail(path, f"reconstructed by unknown method {basis!r} (define it under 'methods')")
        value = node["value"]
        self.sink.append(SourcedValue(self.file, path, value, Provenance(tag, basis, node.get("note", ""))))
        return value

    def get(self, parent: dict, key: str, path: str, kind: type | tuple | None = None,
            optional: bool = False, default: Any = None) -> Any:
        """The tagged value parent[key]; `kind` checks its type (None allowed only if listed)."""
        full = f"{path}.{key}"
        if key not in parent:
            if optional:
                return default
            raise self.fail(full, "missing")
        value = self.tagged(parent[key], full)
        if kind is not None and not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(full, f"expected {names}, got {value!r}")
        return value

    def tagged_list(self, parent: dict, key: str, path: str) -> tuple:
        """A list whose items are each tagged (e.g. a shire's seats)."""
        items = self.node(parent, key, f"{path}.{key}")
        if not isinstance(items, list):
            raise self.fail(f"{path}.{key}", "expected a list")
        return tuple(self.tagged(item, f"{path}.{key}[{i}]") for i, item in enumerate(items))


def read_ids(r: Reader, node: dict, key: str, path: str, known, what: str, optional: bool = False) -> tuple:
    """A tagged list of ids, each of which must exist in `known`."""
    values = r.get(node, key, path, list, optional=optional, default=[])
    for v in values:
        if v not in known:
            raise r.fail(f"{path}.{key}", f"unknown {what} {v!r}")
    return tuple(values)


def one_of(r: Reader, path: str, value, allowed, what: str):
    if value not in allowed:
        raise r.fail(path, f"{what} must be one of {sorted(str(a) for a in allowed)}, got {value!r}")
    return value
