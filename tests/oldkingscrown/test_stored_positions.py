"""Positions stored before the game ran on core procedures directly (its old flow stack of task sequences)
still load and play on exactly as before: data/stored_positions.json.gz holds, for every decision of the game,
a position saved by the engine at commit 090cdbf (random games at 1-4 players, with advanced setup and the
2025 edition too) and the next moves it played from there, with their legal lists and log lines."""

import gzip
from collections import Counter
import json
import re
from pathlib import Path

import pytest

from rules.core import copy_state
from rules.core.wording import listing, plural
from rules.oldkingscrown import stored
from rules.oldkingscrown.data import KINGDOM
from rules.oldkingscrown.engine import ENGINE

STORED = json.loads(gzip.open(Path(__file__).parent / "data" / "stored_positions.json.gz").read())


def reworded(line: str) -> str:
    """A stored log line in today's wording: "3 supporter(s)" became "3 supporters" (rules/core/wording);
    Ritual of the Tooth copies the text too since issue 24 (DECISIONS: Sites of Power); "Clans's" became
    "Clans'" (issue 26)."""
    line = line.replace("Clans's", "Clans'")
    line = line.replace("gains its printed strength, traits and commands.",
                        "gains its printed strength, traits, commands and text.")
    return re.sub(r"(\d+) ((?:\w+ ){0,2}?\w+)\(s\)", lambda m: plural(int(m.group(1)), m.group(2)), line)


def with_road_discards(road_before: list, lines: list[str]) -> list[str]:
    """The stored lines with the line added since issue 26 before each "The Great Road: …" line: the cards
    that left the road for the discard pile, rightmost first, found from the stored facts alone (the road
    before the move, less the cards taken in it and those the stored line still lists)."""
    out = []
    taken = [m.group(1) for line in lines for m in [re.search(r" takes (.+?) from the Great Road", line)] if m]
    for line in lines:
        if line.startswith("The Great Road: "):   # a Kingdom card may have copies: count, not a set
            left = Counter(line[len("The Great Road: "):-1].split(", ")) + Counter(taken)
            gone = []
            for name in (KINGDOM[k]["name"] for k in reversed(road_before) if k):
                if left[name]:
                    left[name] -= 1
                else:
                    gone.append(name)
            if gone:
                out.append(f"{listing(gone)} {'leaves' if len(gone) == 1 else 'leave'} the Great Road for the "
                           "Kingdom discard pile.")
        out.append(line)
    return out


def test_the_stored_positions_have_the_old_stack_and_cover_every_kind_of_decision():
    assert all(stored.is_old(p["state"]["flow"]) for p in STORED)
    assert len({p["decision"] for p in STORED}) >= 30


OATHS = re.compile(r"^(\w+) returns (\d+) supporters? from .+ to its board \(Council of Oaths\)\.$")


def oaths_as_one_line(lines: list[str]) -> list[str]:
    """Since issue 24 the Council of Oaths says where each supporter came back from, a line per source; the
    stored games said the total in one line."""
    out: list[str] = []
    run: tuple[str, int] | None = None
    for line in lines + [""]:
        m = OATHS.match(line)
        if m and (run is None or run[0] == m.group(1)):
            run = (m.group(1), (run[1] if run else 0) + int(m.group(2)))
            continue
        if run:
            out.append(f"{run[0]} returns {plural(run[1], 'supporter')} to its board (Council of Oaths).")
            run = None
        if m:
            run = (m.group(1), int(m.group(2)))
        elif line:
            out.append(line)
    return out


TAKEN_BACK = re.compile(r"^\w+ takes (.+) into hand \(Wandering Embassy\)\.$")


def embassy_as_before(lines: list[str]) -> list[str]:
    """Since issue 24 Wandering Embassy asks before taking a removed card into a hand with room: the card
    first goes to the discard pile, then "… takes X into hand"; the stored games said it in one line."""
    out: list[str] = []
    for line in lines:
        m = TAKEN_BACK.match(line)
        if m:
            left = next(i for i in range(len(out) - 1, -1, -1)
                        if out[i].startswith(f"{m.group(1)} leaves the ") and out[i].endswith(" discard pile."))
            out[left] = out[left][:-len(" discard pile.")] + " hand (Wandering Embassy)."
            continue
        out.append(line)
    return out


def new_question(state) -> str | None:
    """The answer the engine used to give itself to a question new since issue 24: the Council of Oaths
    (the Lost Pile first, then the regions in board order), Wandering Embassy with room in hand (into it)."""
    waiting = ENGINE.waiting(state)["decision"]
    if waiting not in ("oaths", "council_removed"):
        return None
    who = ENGINE.active_roles(state)[0]
    ids = [a.id for a in ENGINE.legal_actions(state, who)]
    if waiting == "oaths":
        return "lost" if "lost" in ids else ids[0]
    p = state["factions"][who]
    return "hand" if "hand" in ids and len(p["hand"]) < p["hand_size"] else None


def play_as_stored(state, role, action):
    """Apply a stored move, then answer the questions new since issue 24 as the engine used to settle them."""
    outcome = ENGINE.apply(state, role, action)
    log = list(outcome.log)
    state = outcome.state
    while (answer := new_question(state)) is not None:
        outcome = ENGINE.apply(state, ENGINE.active_roles(state)[0], answer)
        log += outcome.log
        state = outcome.state
    return state, embassy_as_before([e.text for e in log if ", strength in detail: " not in e.text])


@pytest.mark.parametrize("position", STORED, ids=[f"{p['decision']}-{len(p['state']['flow'])}" for p in STORED])
def test_a_stored_position_plays_on_as_before(position):
    state = copy_state(position["state"])
    for move in position["moves"]:
        assert move["role"] in ENGINE.active_roles(state)
        assert [a.id for a in ENGINE.legal_actions(state, move["role"])] == move["legal"]
        road = state["road"]
        state, log = play_as_stored(state, move["role"], move["action"])
        # the clash's strength in detail is a line added since (issue 26)
        assert oaths_as_one_line(log) == with_road_discards(road, [reworded(line) for line in move["log"]])
    assert not stored.is_old(state["flow"])
    assert {k: v for k, v in state.items() if k != "flow"} == position["end"]


def test_a_stored_position_is_read_without_being_changed():
    position = next(p for p in STORED if p["decision"] == "actions")
    state = copy_state(position["state"])
    ENGINE.view(state, ENGINE.active_roles(state)[0])
    ENGINE.prompt(state, ENGINE.active_roles(state)[0])
    assert state == position["state"]
