"""Names for log lines and prompts."""

from .data import FACTION_NAMES, LOCATIONS, REGION_NAMES


def fname(f: str) -> str:
    return FACTION_NAMES[f]


def lname(loc: str) -> str:
    return LOCATIONS[loc]["name"]


def rname(region: str) -> str:
    return REGION_NAMES[region]
