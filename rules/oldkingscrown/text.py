"""Names for log lines and prompts."""

from .data import FACTION_NAMES, LOCATIONS, REGION_NAMES


def fname(f: str) -> str:
    return FACTION_NAMES[f]


def lname(loc: str) -> str:
    return LOCATIONS[loc]["name"]


def rname(region: str) -> str:
    return REGION_NAMES[region]


def cards(n: int) -> str:
    """``1 card``, ``2 cards``, ``0 cards``."""
    return f"{n} card" if n == 1 else f"{n} cards"


def herald_mark(text: str, source: str | None) -> str:
    """A card's text where it is chosen, marked when Herald wrote the card (no public source gives it)."""
    return f"Herald's own card: {text}" if source == "herald" else text
