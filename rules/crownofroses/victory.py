"""Victory beyond RB 6.1–6.3: the scenarios' military targets (RB 6.4, PB 3.2.3, 3.3.3) and team victory
(PB 1.5: military unchanged, political one Kingship more, economic 50% more VP than the other team)."""

from __future__ import annotations

from math import ceil

from rules.crownofroses.board import data


def target_winners(state) -> list[str]:
    """Houses whose scenario targets are all removed from the game (Out of Play)."""
    targets = data().scenario(state["scenario"]).victory.military_targets or {}
    return [h for h, blocks in targets.items() if h in state["houses"] and h not in state.get("left", [])
            and blocks and all(state["blocks"][b]["status"] == "out" for b in blocks)]


def team_of(state, house: str) -> list[str]:
    for team in state.get("teams", ()):
        if house in team:
            return list(team)
    return [house]


def team_heirs_winner(state, with_heirs: list[str]) -> list[str] | None:
    """PB 1.5 military: when every house still holding heirs is on one team, that team wins."""
    if not state.get("teams") or not with_heirs:
        return None
    team = team_of(state, with_heirs[0])
    if all(h in team for h in with_heirs) and len(team) < len(state["houses"]):
        return team
    return None


def team_political(state, needed: int) -> list[str] | None:
    """PB 1.5: a team needs one turn as King more than the scenario's number, either partner counting."""
    for team in state.get("teams", ()):
        if len(team) > 1 and sum(state["kingships"][h] for h in team) >= needed + 1:
            return list(team)
    return None


def team_margin(other: int) -> int:
    """PB 1.5: the VP a team needs against ``other``: 50% more, rounded up (23 → 35)."""
    return ceil(other * 3 / 2)


def team_economic(state) -> list[str] | None:
    """PB 1.5: a team whose VP exceed the other team's by 50% (rounded up) wins at the end."""
    teams = state.get("teams", ())
    if len(teams) != 2:
        return None
    totals = [sum(state["vp"][h] for h in team) for team in teams]
    for i, team in enumerate(teams):
        mine, other = totals[i], totals[1 - i]
        if len(team) > 1 and mine > other and mine >= team_margin(other):
            return list(team)
    return None
