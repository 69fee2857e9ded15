"""The setup options: the rulebook's optional rules (RB 20.5.5, 23.1.2, 26.2), the playbook's (PB 1.1–1.7),
the scenarios' own (PB 3.1.9 #5 short game, PB 3.3.9 #6 what-if, PB 3.4.9 #4 draft); which scenarios and
player counts allow each, and the teams of PB 1.5."""

from __future__ import annotations

from typing import Any

from rules.core.contract import BadSetup, OptionSpec

#: PB 1.5: a team is named by the house Buckingham plays with; the other houses form the other side.
TEAMS = {"lancaster_buckingham": ("lancaster", "buckingham"), "york_buckingham": ("york", "buckingham")}

SPECS = (
    OptionSpec("short", "Short game", "PB 3.1.9 #5: the game ends after turn 5 (PB 3.1 only).", "bool", False),
    OptionSpec("seats_ip", "Seats IP", "RB 23.1.2: +1 IP for each noble standing in one of its own seats.", "bool",
               False),
    OptionSpec("where_art_thou", "Where Art Thou?", "RB 20.5.5: when an engagement is won with nobody retreating and "
               "the loser still has reinforcements waiting, either side may fight on with them.", "bool", False),
    OptionSpec("bid_without_noble", "Bidding without an eligible noble", "RB 26.2: bids for every office but the "
               "Chancellor and the King may name a house with no eligible noble; its winner leaves the office "
               "vacant or gives it to any eligible attending noble.", "bool", False),
    OptionSpec("exhaustion", "Exhaustion", "PB 1.1: a combat round where nobody scores a hit ends the battle; the "
               "attacker retreats, else the defender may, else the attacker goes to its Undeclared pool.", "bool",
               False),
    OptionSpec("woodville", "The Woodville rule", "PB 1.2: while March is York's Senior heir, York without Rivers "
               "loses 1 support at the Royal phase; with Rivers, York's bids on Warwick's nobles lose the turn "
               "number.", "bool", False),
    OptionSpec("suspicious_margaret", "Suspicious Margaret", "PB 1.3: while Margaret is in England, Exeter "
               "commands no block but office blocks.", "bool", False),
    OptionSpec("shared_seats", "Shared seats", "PB 1.4: Henry VI, Margaret, their hosts and the Lancaster block "
               "share seats; so do Salisbury, Warwick and Montague under one player.", "bool", False),
    OptionSpec("teams", "Team play", "PB 1.5: two teams (3 or 4 players; never Lancaster with York nor Buckingham "
               "with Warwick): partners are friends, win together by one more Kingship or 50% more VP.", "choice",
               "none", (("none", "No teams"), ("lancaster_buckingham", "Lancaster and Buckingham against the rest"),
                        ("york_buckingham", "York and Buckingham against the rest"))),
    OptionSpec("vote_ip", "Vote IP", "PB 1.6: income is collected after the Offices phase; office bids are paid "
               "with vote IP, as many as the house's votes.", "bool", False),
    OptionSpec("london_occupation", "Occupation of London", "PB 1.7: mercenaries entering London cost their "
               "controller 1 support per die.", "bool", False),
    OptionSpec("draft", "Random draft", "PB 3.4.9 #4: at the end of the Royal phase each house draws one Inactive "
               "noble at random (PB 3.4 only).", "bool", False),
    OptionSpec("stafford_joins", "What if: Stafford joins Lancaster", "PB 3.3.9 #6: Stafford starts with "
               "Lancaster (PB 3.3 only).", "bool", False),
)

#: option -> the scenarios that allow it (absent: every scenario)
ONLY_IN = {"short": ("seeds_of_enmity",), "draft": ("kingmaker",), "stafford_joins": ("cruel_thorns",)}
#: option -> (scenarios where it can never apply, why)
NEVER_IN = {"woodville": (("cruel_thorns",), "March is out of play in PB 3.3"),
            "suspicious_margaret": (("cruel_thorns",), "Margaret and Exeter are out of play in PB 3.3")}


def scenario_name(scenario: str) -> str:
    from rules.crownofroses.board import data
    s = data().scenario(scenario)
    return f"{s.section} {s.name}"


def check(scenario: str, houses: list[str], options: dict[str, Any]) -> None:
    """BadSetup for an option the scenario or the table does not allow."""
    by_id = {o.id: o for o in SPECS}
    for option, allowed in ONLY_IN.items():
        if options.get(option) and scenario not in allowed:
            raise BadSetup(f"Option '{option}' ({by_id[option].label}) is for "
                           f"{' and '.join(scenario_name(s) for s in allowed)} only, not {scenario_name(scenario)}.")
    for option, (barred, why) in NEVER_IN.items():
        if options.get(option) and scenario in barred:
            raise BadSetup(f"Option '{option}' ({by_id[option].label}) cannot be used in {scenario_name(scenario)}: "
                           f"{why}.")
    team = options.get("teams", "none")
    if team != "none":
        if len(houses) < 3:
            raise BadSetup(f"Team play (PB 1.5) needs 3 or 4 players, not {len(houses)}.")
        missing = [h for h in TEAMS[team] if h not in houses]
        if missing:
            raise BadSetup(f"Team '{team}' names a house not in play: {', '.join(missing)}.")


def choices(scenario: str, players: int) -> dict[str, list[Any]]:
    """Every value each option may take here (the engine's option_choices hook)."""
    found: dict[str, list[Any]] = {}
    for spec in SPECS:
        if spec.id in ONLY_IN and scenario not in ONLY_IN[spec.id]:
            found[spec.id] = [False]
        elif spec.id in NEVER_IN and scenario in NEVER_IN[spec.id][0]:
            found[spec.id] = [False]
        elif spec.id == "teams":
            found[spec.id] = ["none"] + (list(TEAMS) if players >= 3 else [])
        else:
            found[spec.id] = [False, True]
    return found


def teams_of(houses: list[str], team: str) -> list[list[str]]:
    """PB 1.5: the two sides (the named pair, and the other houses in play)."""
    if team == "none":
        return []
    pair = [h for h in houses if h in TEAMS[team]]
    return [pair, [h for h in houses if h not in pair]]


def on(state, option: str) -> bool:
    return bool(state["options"].get(option)) and state["options"].get(option) != "none"


def exeter_suspected(state, leader: str) -> bool:
    """PB 1.3: Exeter leads no block but office blocks while Margaret of his own house is in England (on the
    map, not in exile)."""
    if leader != "exeter" or not state["options"].get("suspicious_margaret"):
        return False
    m, e = state["blocks"]["margaret"], state["blocks"]["exeter"]
    return m["status"] == "map" and not m["at"].startswith("exile/") and m["house"] == e["house"]
