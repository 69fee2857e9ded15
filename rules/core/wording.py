"""Small wording helpers for log lines and prompts, so no player reads "1 card(s)"."""

from __future__ import annotations

#: nouns whose plural is not noun + "s"
IRREGULAR = {"mercenary": "mercenaries", "cavalry": "cavalry", "die": "dice", "ally": "allies",
             "army": "armies", "casualty": "casualties", "VP": "VP", "IP": "IP", "OPS": "OPS", "CP": "CP",
             "box": "boxes", "pass": "passes"}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun in the right number: ``plural(1, "card")`` → "1 card", ``plural(3, "card")`` →
    "3 cards"."""
    if n == 1:
        return f"{n} {noun}"
    return f"{n} {many or IRREGULAR.get(noun) or noun + 's'}"
