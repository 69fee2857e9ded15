"""Team play (PB 1.5): two teams of houses; partners may confer in private. This module gives the setup
option naming the teams and the engine's ``negotiations`` hook, which opens one private talk segment per team
of two houses for the whole game (the table turns each into a private thread). Talk binds nobody.

PB 1.5: any two houses may form a team, except Lancaster with York and Buckingham with Warwick; with three
players one house stands alone against a team of two. So the teams are fixed by Lancaster's partner:
Buckingham (York with Warwick) or Warwick (York with Buckingham); in a 3-player game (no Warwick) the second
choice leaves Lancaster alone against York and Buckingham."""

from __future__ import annotations

from rules.core.contract import OptionSpec

NO_TEAMS = "none"
#: option value -> the two teams (houses not in the game drop out)
PAIRINGS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "lancaster_buckingham": (("lancaster", "buckingham"), ("york", "warwick")),
    "lancaster_warwick": (("lancaster", "warwick"), ("york", "buckingham")),
}
OPTION = OptionSpec(
    "teams", "Teams (PB 1.5)",
    "Team play: partners confer in a private thread for the whole game. Lancaster and York are never partners, "
    "nor Buckingham and Warwick.", "choice", NO_TEAMS,
    choices=((NO_TEAMS, "No teams"),
             ("lancaster_buckingham", "Lancaster & Buckingham against York & Warwick"),
             ("lancaster_warwick", "Lancaster & Warwick against York & Buckingham")))


def teams(state) -> list[tuple[str, ...]]:
    """The teams in play (houses in seat order), each team with at least one house; none without the option."""
    pairing = PAIRINGS.get(state.get("options", {}).get("teams") or NO_TEAMS)
    if pairing is None:
        return []
    houses = list(state["houses"])
    found = []
    for team in pairing:
        members = tuple(sorted((h for h in team if h in houses), key=houses.index))
        if members:
            found.append(members)
    return found


def partners(state, house: str) -> list[str]:
    return [h for team in teams(state) for h in team if house in team and h != house]


def negotiations(engine, state) -> list[tuple[str, ...]]:
    """One talk segment per team of two houses still in the game (public facts only: the option and the
    houses that left)."""
    left = set(state.get("left", ()))
    found = []
    for team in teams(state):
        members = tuple(h for h in team if h not in left)
        if len(members) >= 2:
            found.append(members)
    return found
