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
