"""Crown of Roses: the public record of the impulse's moves and battles (record.py, VIEW.md `impulse_record`)."""

from __future__ import annotations

from rules.core.driver import random_moves, setup_args
from rules.crownofroses.engine import ENGINE


def _campaign(seed=0):
    args = setup_args(ENGINE, "seeds_of_enmity", seed, 2)
    for _role, _action, out in random_moves(ENGINE, args, steps=3000):
        yield out.state


def test_moves_show_house_places_and_count_to_all_and_block_ids_to_the_owner():
    """RB 8.0, 16: blocks move face down; the house, the places and the number moved are public."""
    state = next(s for s in _campaign() if any(e["kind"] != "battle" for e in s.get("impulse_record", [])))
    move = next(e for e in state["impulse_record"] if e["kind"] != "battle")
    owner, other = move["house"], next(h for h in state["houses"] if h != move["house"])
    public = next(e for e in ENGINE.view(state, None)["impulse_record"] if e["kind"] != "battle")
    assert public == {"kind": move["kind"], "house": owner, "from": move["from"], "to": move["to"],
                      "count": len(move["blocks"])}
    assert next(e for e in ENGINE.view(state, other)["impulse_record"] if e["kind"] != "battle") == public
    assert next(e for e in ENGINE.view(state, owner)["impulse_record"] if e["kind"] != "battle") == \
        dict(public, blocks=move["blocks"])


def test_battles_are_recorded_and_the_record_clears_when_the_next_impulse_starts():
    """RB 20.7.1: a battle's houses and winner; RB 13.0: the record holds one impulse."""
    seen_battle = cleared = False
    previous = None
    for state in _campaign():
        record = state.get("impulse_record", [])
        for e in record:
            if e["kind"] == "battle":
                seen_battle = True
                assert e["winner"] is None or e["winner"] in e["houses"]
        if previous is not None and state["phase"] == "operations" and state["impulse"] != previous["impulse"]:
            assert record == []
            cleared = cleared or bool(previous.get("impulse_record"))
        previous = state
        if seen_battle and cleared:
            break
    assert seen_battle and cleared
