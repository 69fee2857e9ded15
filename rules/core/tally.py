"""Counts over many random games (`herald fuzz --report`): how the games ended, and what each engine
tallied at the end of a game (`Engine.tallies`: VP by source, events played, ...). A rule that makes a
victory, a VP source or an event unreachable shows up as a line that never occurs."""

from __future__ import annotations

from collections import Counter
from statistics import median
from typing import Callable, Iterable

from .fuzz import GameReport


def _share(count: int, games: int) -> str:
    return f"{count}/{games} games ({100 * count / games:.0f}%)" if games else f"{count} games"


def report_lines(reports: Iterable[GameReport], role_name: Callable[[str], str] = str) -> list[str]:
    """The report as lines of text: each way a game ended with how often, who won (`role_name` names the
    roles); then, per tally heading, each name with the number of games in which it counted and its total;
    the names that never counted last."""
    reports = list(reports)
    finished = [r for r in reports if r.finished]
    played = len(finished)
    lines = [f"Report over {len(reports)} random games ({played} with a result)."]
    if finished:
        lengths = sorted(r.actions for r in finished)
        lines.append(f"Actions a game: median {median(lengths):g}, longest {lengths[-1]}.")
    lines.append("How the games ended:")
    ends = Counter(r.reason for r in finished)
    for reason, count in sorted(ends.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"  {reason}: {_share(count, played)}")
    if len(reports) > played:
        lines.append(f"  no result (a problem was found): {len(reports) - played} games")
    lines.append("Who won (shared wins count for each winner):")
    wins = Counter(w for r in finished for w in r.winners)
    for winner, count in sorted(wins.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"  {role_name(winner)}: {_share(count, played)}")
    headings: list[str] = []
    for report in finished:
        headings += [h for h in report.tallies if h not in headings]
    for heading in headings:
        games: Counter[str] = Counter()
        totals: Counter[str] = Counter()
        names: list[str] = []
        for report in finished:
            for name, value in report.tallies.get(heading, {}).items():
                if name not in names:
                    names.append(name)
                if value:
                    games[name] += 1
                    totals[name] += value
        lines.append(f"{heading} (in how many games, and the total):")
        for name in sorted(games, key=lambda n: (-games[n], names.index(n))):
            lines.append(f"  {name}: {_share(games[name], played)}, total {totals[name]}")
        never = [n for n in names if not games[n]]
        if never:
            lines.append(f"  never: {', '.join(never)}")
    return lines
