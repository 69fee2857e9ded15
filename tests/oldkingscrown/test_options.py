"""SKIRMISHES & ADVANCED SETUP and the 2025 edition option (DECISIONS: Sequence of Play, Councils)."""

import random

import pytest

from rules.core import BadSetup, SetupArgs
from rules.oldkingscrown import ENGINE
from rules.oldkingscrown import state as S

from .helpers import blank, cid, do, ids, new_game, pending, run


def test_game_length_by_edition_and_skirmish():
    assert new_game()["rounds"] == 6
    assert new_game(edition="2025")["rounds"] == 5
    assert new_game(rounds="4")["rounds"] == 4


def test_solo_adds_a_rival_and_seats_are_checked():
    state = new_game(("gathering",))
    rivals = [f for f, p in state["factions"].items() if p["rival"]]
    assert len(rivals) == 1 and len(state["order"]) == 2
    assert ENGINE.active_roles(state) == ["gathering"]
    with pytest.raises(BadSetup):
        new_game(("gathering",), rivals="0")
    with pytest.raises(BadSetup):
        new_game(("clans", "nobility", "gathering"), rivals="2")
    assert len(new_game(("clans", "nobility"), rivals="2")["order"]) == 4


def test_advanced_setup_keeps_a_secret_kingdom_card_then_reveals_all():
    state = new_game(("clans", "nobility"), advanced_setup=True)
    assert pending(state) == "advanced"
    dealt = S.fx(state, "clans")["dealt"]
    assert len(dealt) == 5 and not set(dealt) & set(str(ENGINE.view(state, "nobility")).split("'"))
    state, _ = do(state, "clans", f"keep:{dealt[0]}")
    state, _ = do(state, "clans", "occupy:clans.heir")
    keep = S.fx(state, "nobility")["dealt"][1]
    state, _ = do(state, "nobility", f"keep:{keep}")
    state, log = do(state, "nobility", "occupy:nobility.heir")
    assert S.fx(state, "clans")["spaces"][0] == {"card": dealt[0], "occupier": "clans.heir"} \
        or dealt[0] in S.fx(state, "clans")["kingdom_supply"]
    assert len(S.fx(state, "clans")["hand"]) == 6 and pending(state) == "bid"
    assert len(state["kdeck"]) + 4 + 2 == 51


def test_2025_secrets_is_a_spring_action_with_four_tokens():
    state = blank(("clans", "nobility"), edition="2025")
    state["councils"]["secrets"].append({"kind": "card", "id": cid("clans", "agent"), "owner": "clans"})
    S.fx(state, "clans")["deck"].remove(cid("clans", "agent"))
    state["locations"]["battlefield"]["tokens"]["clans"] = 2
    run(state, {"task": "action_step", "step": "spring"})
    state, _ = do(state, "clans", "secrets")
    state, _ = do(state, "clans", "token:battlefield")
    state, log = do(state, "clans", "token:battlefield")
    assert state["locations"]["battlefield"]["tokens"]["clans"] == 0
    assert S.fx(state, "clans")["influence"] == 0          # 2025: the location's influence is ignored


def test_2024_secrets_is_an_autumn_action_with_five_tokens():
    state = blank(("clans", "nobility"))
    state["councils"]["secrets"].append({"kind": "card", "id": cid("clans", "agent"), "owner": "clans"})
    S.fx(state, "clans")["deck"].remove(cid("clans", "agent"))
    state["locations"]["battlefield"]["tokens"]["clans"] = 3
    run(state, {"task": "action_step", "step": "spring"})
    assert "secrets" not in ids(state, "clans")
    state["flow"] = []
    run(state, {"task": "action_step", "step": "autumn"})
    state, _ = do(state, "clans", "secrets")
    state, _ = do(state, "clans", "token:battlefield")
    state, _ = do(state, "clans", "token:battlefield")
    assert S.fx(state, "clans")["influence"] == 2 and state["locations"]["battlefield"]["tokens"]["clans"] == 0


@pytest.mark.parametrize("options", [{"advanced_setup": True}, {"edition": "2025", "rounds": "4"}])
def test_random_games_with_options_end_cleanly(options):
    for seed in range(2):
        state = ENGINE.setup(SetupArgs("standard", (("clans",), ("uprising",), ("nobility",)), seed, options))
        chooser = random.Random(seed)
        while not ENGINE.result(state):
            assert not ENGINE.invariant_errors(state)
            role = chooser.choice(ENGINE.active_roles(state))
            state = ENGINE.apply(state, role, chooser.choice(ENGINE.legal_actions(state, role)).id).state
        assert len(ENGINE.result(state).ranks) == 3
