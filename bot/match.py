"""`herald match GAME --players A,B --games N --seed S`: Herald's players against each other (issue 31).

Each game seats the named players (``random`` or a level the game offers, rules.core.players.levels); with
fewer names than seats the last name fills the rest. The scenarios take turns (unless ``--scenario`` names
one) and the seats rotate once per round of them (:func:`schedule`), so every player plays every role of
every scenario equally often; ``--role ROLE`` seats the first named player in that role in every game
instead (the others fill the rest in order), to measure one seat. The printout gives each player's wins with a 95% Wilson interval, and the
wins by the role it held, and the time each level takes per decision (median, 99th percentile, most),
measured on the clock of the process that decides.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from contextlib import nullcontext
from dataclasses import dataclass, field

from rules.core import get_engine
from rules.core.contract import SetupArgs
from rules.core.driver import player_counts
from rules.core.players import decide, levels, make_player, waited_for


@dataclass
class MatchGame:
    seats: dict[str, str]            # role -> player name
    winners: tuple[str, ...] = ()
    finished: bool = False
    actions: int = 0
    seconds: dict[str, list[float]] = field(default_factory=dict)   # player name -> decision times (wall)
    cpu: dict[str, list[float]] = field(default_factory=dict)       # the same, on the process's own CPU clock


def seat_players(names: list[str], roles: list[str], shift: int, first_role: str | None = None) -> dict[str, str]:
    """Role -> player name: the names in order (the last repeated), rotated by ``shift`` seats; with
    ``first_role``, the first name holds that role and the rest fill the other roles in order."""
    filled = (names + [names[-1]] * len(roles))[:len(roles)]
    if first_role is not None:
        others = [r for r in roles if r != first_role]
        return {first_role: filled[0], **dict(zip(others, filled[1:]))}
    return {role: filled[(i - shift) % len(roles)] for i, role in enumerate(roles)}


def play_match_game(game: str, scenario: str, seats_count: int, names: list[str], seed: int,
                    shift: int, first_role: str | None = None) -> MatchGame:
    engine = get_engine(game)
    seatings = engine.seatings(scenario, seats_count)
    roles = [r for seat in seatings for r in seat]
    record = MatchGame(seat_players(names, roles, shift, first_role))
    players = {name: make_player(game, name) for name in set(record.seats.values())}
    state = engine.setup(SetupArgs(scenario, tuple(tuple(s) for s in seatings), seed))
    while engine.result(state) is None and record.actions < engine.runaway_actions:
        waited = waited_for(engine, state)
        if not waited:
            break
        # the roles asked at once answer in seat order; each sees the position as it then stands
        role = waited[0]
        name = record.seats[role]
        started, used = time.perf_counter(), time.process_time()
        action = decide(engine, game, state, role, players[name], f"{seed}:{record.actions}:{role}")
        record.seconds.setdefault(name, []).append(time.perf_counter() - started)
        record.cpu.setdefault(name, []).append(time.process_time() - used)
        state = engine.apply(state, role, action).state
        record.actions += 1
    result = engine.result(state)
    if result is not None:
        record.finished, record.winners = True, tuple(result.winners)
    return record


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def report(names: list[str], games: list[MatchGame], out=None) -> None:
    out = out or sys.stdout
    total = len(games)
    unfinished = sum(not g.finished for g in games)
    print(f"{total} games ({unfinished} unfinished), {sum(g.actions for g in games)} actions", file=out)
    for name in dict.fromkeys(names):
        played = [g for g in games if name in g.seats.values()]
        wins = sum(1 for g in played if any(g.seats[w] == name for w in g.winners))
        low, high = wilson(wins, len(played))
        print(f"  {name:<10} won {wins}/{len(played)} = {wins / max(1, len(played)):.1%} "
              f"(95% CI {low:.1%}–{high:.1%})", file=out)
        if len(names) > 1:
            print(f"  {'':<10} by role: {_by_role(name, played)}", file=out)
    for name in dict.fromkeys(names):
        for clock, key in (("wall", "seconds"), ("cpu", "cpu")):
            times = [t for g in games for t in getattr(g, key).get(name, [])]
            if times:
                print(f"  {name:<10} {len(times)} decisions ({clock}): median "
                      f"{statistics.median(times) * 1000:.1f} ms, p99 {_percentile(times, 0.99) * 1000:.1f} ms, "
                      f"most {max(times) * 1000:.1f} ms", file=out)


def _by_role(name: str, played: list[MatchGame]) -> str:
    """``name``'s wins out of games by the role it held (a player holding several roles counts each)."""
    held: dict[str, list[int]] = {}
    for g in played:
        for role, who in g.seats.items():
            if who == name:
                tally = held.setdefault(role, [0, 0])
                tally[0] += role in g.winners
                tally[1] += 1
    return ", ".join(f"{role} {won}/{total}" for role, (won, total) in sorted(held.items()))


def schedule(scenarios: list[str], games: int) -> list[tuple[str, int]]:
    """(scenario, seat shift) of each game: the scenarios in turn, the seats turned once per round of them,
    so every scenario is played from every seat (turning both at every game would tie a scenario to the
    same seats whenever the seats divide the number of scenarios)."""
    return [(scenarios[i % len(scenarios)], i // len(scenarios)) for i in range(games)]


def match_command(args) -> int:
    from concurrent.futures import ProcessPoolExecutor

    engine = get_engine(args.game)
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    known = levels(args.game)
    unknown = [n for n in names if n not in known]
    if len(names) < 1 or unknown:
        print(f"herald match: unknown player(s) {', '.join(unknown) or '(none named)'}; "
              f"{engine.title} offers: {', '.join(known)}.", file=sys.stderr)
        return 2
    scenarios = [args.scenario] if args.scenario else [s.id for s in engine.scenarios()]
    seats_count = args.seats or len(engine.roles(scenarios[0]))
    scenarios = [s for s in scenarios if seats_count in player_counts(engine, s)]
    if not scenarios:
        print(f"herald match: no scenario of {engine.title} seats {seats_count} players.", file=sys.stderr)
        return 2
    role = getattr(args, "role", None)
    if role is not None:
        missing = [s for s in scenarios if role not in
                   [r for seat in engine.seatings(s, seats_count) for r in seat]]
        if missing:
            print(f"herald match: {role} is not a role of {', '.join(missing)} at {seats_count} seats.",
                  file=sys.stderr)
            return 2
    first = getattr(args, "first_game", 1)
    if not 1 <= first <= args.games:
        print(f"herald match: --first-game must be from 1 to --games ({args.games}).", file=sys.stderr)
        return 2
    # the whole run's schedule, started later: a run split across processes or resumed plays the same games
    jobs = [(args.game, scenario, seats_count, names, args.seed + i, shift, role)
            for i, (scenario, shift) in enumerate(schedule(scenarios, args.games))][first - 1:]
    started = time.perf_counter()
    games: list[MatchGame] = []
    with ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else nullcontext() as pool:
        played = (pool.map if pool else map)(play_match_game, *zip(*jobs))   # lazily: lines as games end
        # one line per game as it ends (in order), so a long run shows where it stands
        for number, (job, game) in enumerate(zip(jobs, played), start=first):
            games.append(game)
            won = ", ".join(f"{game.seats[w]} ({w})" for w in game.winners) or "nobody"
            print(f"game {number} (seed {job[4]}, {job[1]}): won by {won}, {game.actions} actions", flush=True)
    print(f"{engine.title}: {', '.join(names)} at {seats_count} seats, scenarios {', '.join(scenarios)}, "
          f"games {first}–{args.games} (seeds {args.seed + first - 1}–{args.seed + args.games - 1}), "
          f"{time.perf_counter() - started:.0f}s")
    report(names, games)
    return 0
