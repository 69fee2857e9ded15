"""Seeded, counter-based randomness kept inside the game state.

The generator's whole state is two integers stored in ``state["rng"]`` (the seed and how many
draws were made), so a state is plain JSON and replaying the action log reproduces every roll.
Each draw hashes (seed, draw number) with BLAKE2b; rejection sampling keeps results unbiased.
"""

from __future__ import annotations

import hashlib
from typing import Any, MutableSequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def new_rng(seed: int) -> dict[str, int]:
    """The generator's initial state for a seed."""
    return {"seed": int(seed) & _MASK, "draws": 0}


def _next64(state: dict[str, Any]) -> int:
    rng = state["rng"]
    digest = hashlib.blake2b(
        rng["seed"].to_bytes(8, "little") + rng["draws"].to_bytes(8, "little"), digest_size=8
    ).digest()
    rng["draws"] += 1
    return int.from_bytes(digest, "little")


def randbelow(state: dict[str, Any], n: int) -> int:
    """A uniform integer in [0, n), drawn from the state's generator."""
    if n <= 0:
        raise ValueError("randbelow needs a positive bound")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value = _next64(state)
        if value < limit:
            return value % n


def roll(state: dict[str, Any], dice: int, sides: int = 6) -> list[int]:
    """Roll ``dice`` dice with ``sides`` faces each."""
    return [randbelow(state, sides) + 1 for _ in range(dice)]


def shuffle(state: dict[str, Any], items: MutableSequence[T]) -> None:
    """Fisher-Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(state: dict[str, Any], items: list[T]) -> T:
    return items[randbelow(state, len(items))]


def draws(state: dict[str, Any]) -> int:
    """How many draws the generator has made; a change means randomness was used."""
    return state["rng"]["draws"]
