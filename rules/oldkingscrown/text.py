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
