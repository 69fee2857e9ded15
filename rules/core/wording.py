"""Small wording helpers for log lines and prompts, so no player reads "1 card(s)"."""

from __future__ import annotations

#: nouns whose plural is not noun + "s"
IRREGULAR = {"mercenary": "mercenaries", "cavalry": "cavalry", "die": "dice", "ally": "allies",
             "army": "armies", "casualty": "casualties", "VP": "VP", "IP": "IP", "OPS": "OPS", "CP": "CP",
             "box": "boxes", "pass": "passes"}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun in the right number: ``plural(1, "card")`` → "1 card", ``plural(3, "card")`` →
    "3 cards"."""
    return f"{n} {noun if n == 1 else many or plural_of(noun)}"


def plural_of(noun: str) -> str:
    """The plural of ``noun`` ("cavalry" stays "cavalry", "mercenary" becomes "mercenaries")."""
    return IRREGULAR.get(noun) or noun + "s"


class Section(tuple):
    """One part of a text view (:meth:`rules.core.contract.Engine.describe`): a heading, its lines, and
    whether it is the reader's own (their hand, hidden pieces, own board) — what `hand` prints."""

    def __new__(cls, title: str, lines: list[str], private: bool = False):
        return super().__new__(cls, (title, tuple(lines), private))

    @property
    def title(self) -> str:
        return self[0]

    @property
    def lines(self) -> tuple[str, ...]:
        return self[1]

    @property
    def private(self) -> bool:
        return self[2]


def table(rows: list[list[str]], head: list[str] | None = None) -> list[str]:
    """A small table of plain text: columns padded to their widest cell, two spaces apart."""
    rows = ([head] if head else []) + [[str(c) for c in r] for r in rows]
    if not rows:
        return []
    widths = [max(len(r[i]) for r in rows if i < len(r)) for i in range(max(len(r) for r in rows))]
    return ["  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip() for r in rows]


def listing(names: list[str], empty: str = "none") -> str:
    """``a, b and c`` (or ``empty``)."""
    names = [n for n in names if n]
    if not names:
        return empty
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def possessive(name: str) -> str:
    """``York's``, ``Clans'``: a name that ends in s takes the apostrophe alone."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
