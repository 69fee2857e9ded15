"""Automated play for balance figures and long fuzz runs (not part of the test suite).

    python -m rules.oldkingscrown.balance factions --players P --games N [--seed S]
        every seat played by the heuristic player: wins per faction
    python -m rules.oldkingscrown.balance rival --games N [--seed S]
        solo: the heuristic player against the rival at each difficulty: the rival's win rate

Long fuzz runs go through the common command: ``herald fuzz oldkingscrown --games 200 --players P --seed 1
--check-every 10`` (invariants, secret strings and secrecy by invariance every 10 actions).

The heuristic player is the rival's scoring procedure (rival.py) at the veteran noise, reading only its own
seat's view.

Figures at commit 409ac69 (after the balance pass on Herald's own tiles and Favour actions), seed 1:
- factions, 60 games each: 2 players Clans 55% / Uprising 45%; 3 players Clans 23%, Uprising 40%, Nobility 37%;
  4 players Clans 25%, Uprising 22%, Nobility 25%, Gathering 28%.
  (Before the pass, 100 games: 2p 58/42; 3p 46/23/31; 4p 26/16/13/45.)
- rival, 100 solo games per level: novice 32%, veteran 53%, tyrant 61%.
"""

from __future__ import annotations

from rules.core.wording import plural

import argparse
import collections

from rules.core import SetupArgs

from . import rival
from .data import FACTIONS
from .engine import ENGINE
from .procedures import pending

HEURISTIC_NOISE = rival.LEVELS["veteran"]["noise"]


def play_heuristic(players: int, seed: int, options: dict | None = None) -> tuple[list[str], dict]:
    seats = tuple((f,) for f in FACTIONS[:players])
    state = ENGINE.setup(SetupArgs("standard", seats, seed, options or {}))
    actions = 0
    while ENGINE.result(state) is None:
        role = ENGINE.active_roles(state)[0]
        legal = ENGINE.legal_actions(state, role)
        choice = rival.pick(state, pending(state)[0], legal, ENGINE.view(state, role), HEURISTIC_NOISE)
        state = ENGINE.apply(state, role, choice).state
        actions += 1
    return list(state["ranking"]), state


def factions(players, games, seed):
    wins = collections.Counter()
    seated = collections.Counter()
    for s in range(seed, seed + games):
        ranking, state = play_heuristic(players, s)
        wins[ranking[0]] += 1
        for f in ranking:
            seated[f] += 1
    print(f"{plural(players, 'player')}, {games} games: " + ", ".join(
        f"{f} {wins[f]}/{seated[f]} ({100 * wins[f] / max(seated[f], 1):.0f}%)" for f in FACTIONS if seated[f]))


def rival_rates(games, seed):
    for level in rival.LEVELS:
        won = 0
        for s in range(seed, seed + games):
            ranking, state = play_heuristic(1, s, {"rival_level": level})
            won += state["factions"][ranking[0]]["rival"] is not None
        print(f"rival {level}: wins {won}/{games} ({100 * won / games:.0f}%) against the heuristic player")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m rules.oldkingscrown.balance")
    parser.add_argument("what", choices=["factions", "rival"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.what == "factions":
        factions(args.players, args.games, args.seed)
    else:
        rival_rates(args.games, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
