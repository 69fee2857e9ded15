"""Finding data where a player expects words: raw keys, ids, ``True``/``False``, Python reprs and notes
meant for the data's maintainers. The raw-text walk (tests/core/test_raw_text.py) runs every text a
player can read through :func:`findings`."""

from __future__ import annotations

import re

#: (what it is, a pattern that finds it)
PATTERNS = (
    ("a raw key (snake_case)", re.compile(r"\b[a-z]+_[a-z0-9_]+\b")),
    ("a raw key (zone:owner)", re.compile(r"\b[a-z]+:[a-z][a-z_-]*\b")),
    ("a block id", re.compile(r"\b[yl]-[a-z]+(?:-[a-z]+)*\b")),
    ("a card id", re.compile(r"\b(?:card-\d+|op\d+|k\d\d)\b")),
    ("a raw id (loan, captured)", re.compile(r"\b(?:loan|captured)[-:][a-z]+\b")),
    ("True/False", re.compile(r"\b(?:True|False)\b(?! [A-Z][a-z])")),
    ("a Python None", re.compile(r"(?<![\w.] )(?<!^)\bNone\b(?! of\b)(?!\.$)")),
    ("a Python repr", re.compile(r"[\[{(]'\w|\w'[\]})]|<\w+ object at|\bdict\(|\[\]|\{\}")),
    ("a note for the data's maintainers", re.compile(r"\(possibly\b|reconstruct|\bM-[A-Z]+\b|\bdigest\b", re.I)),
    ("a count in the wrong number", re.compile(r"\b1 (?:cards|seats|blocks|markers|dice|units|regulars)\b|\w+s's\b")),
)


def findings(text: str) -> list[str]:
    """What in ``text`` a player should not read, each as "what: the words found"; empty when clean."""
    out = []
    for what, pattern in PATTERNS:
        for match in pattern.finditer(text):
            out.append(f"{what}: {match.group(0)!r} in {text[:160]!r}")
    return out
