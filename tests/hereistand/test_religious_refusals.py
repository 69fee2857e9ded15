"""Bad input in the religious struggle (issue 23 acceptance): a space that is not a legal target, a debater
who is committed, a card whose prerequisites fail, a religious action its power may not take — each refused
with its specific reason, and the game unchanged (the state and every view as before)."""

from __future__ import annotations

import copy
import re

import pytest

from rules.core import cards
from rules.core.contract import IllegalAction
from rules.hereistand import debaters as dbt
from rules.hereistand.engine import ENGINE

from .test_debate import after_theses, give, ids, play, setup, to_impulse
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)


def refused(s, role, action, reason):
    """`action` is refused naming `reason`, and nothing of the game changes."""
    before, views = copy.deepcopy(s), {r: ENGINE.view(s, r) for r in (None, role)}
    with pytest.raises(IllegalAction) as error:
        ENGINE.apply(s, role, action)
    assert reason in str(error.value), str(error.value)
    assert "is not a legal action" not in str(error.value)          # the specific reason, not the generic one
    assert s == before and all(ENGINE.view(s, r) == v for r, v in views.items())


# ---- targets (18.3 / 18.4 step 1) ----------------------------------------------------------------------------
def test_18_3_no_legal_target_each_with_its_reason():
    s = setup()                                   # the 95 Theses: the Protestant picks the first target
    assert ENGINE.waiting(s)["decision"] == "attempt_target"
    refused(s, "protestant", "target:vienna",
            "Not a legal target: Vienna has no reformer, no adjacent Protestant space and no Protestant port")
    refused(s, "protestant", "target:wittenberg", "Wittenberg is already Protestant")
    refused(s, "protestant", "target:istanbul", "Istanbul never changes religion")
    refused(s, "protestant", "target:atlantis", "There is no space 'atlantis'")
    refused(s, "papacy", "target:leipzig", "")    # not the Papacy's decision: refused, nothing changes


def test_18_3_a_space_failed_this_impulse_is_not_targeted_again(dice):
    s = setup()
    offered = {a.id: a.label for a in ENGINE.legal_actions(s, "protestant")}
    mine, theirs = map(int, re.search(r"(\d+) dice against (\d+)", offered["target:brandenburg"]).groups())
    dice += [[1] * mine, [6] * theirs]                 # the attempt fails: Brandenburg stays Catholic
    s = ENGINE.apply(s, "protestant", "target:brandenburg").state
    assert "brandenburg" not in s["religion"] and ENGINE.waiting(s)["decision"] == "attempt_target"
    refused(s, "protestant", "target:brandenburg", "Brandenburg has already been targeted this impulse (rule 18.3)")


# ---- debaters who are committed (18.2, 18.5) --------------------------------------------------------------------
def test_18_2_a_committed_debaters_ability_is_refused():
    s = play(to_impulse(setup(), "papacy"), "papacy", "cp:5")        # Papal Bull for 4 CP: the spend segment
    assert "religious:burn_cajetan" in ids(s, "papacy")
    dbt.set_status(s, "cajetan", dbt.COMMITTED)
    refused(s, "papacy", "religious:burn_cajetan",
            "Thomas Cajetan is committed: only an uncommitted debater uses his ability (rule 18.2)")
    dbt.set_status(s, "tetzel", dbt.BURNED)
    refused(s, "papacy", "religious:burn_tetzel", "Johann Tetzel is burned")
    refused(s, "papacy", "religious:burn_caraffa", "Carlo Caraffa has not arrived yet (rule 8.2)")


def test_18_2_one_debaters_ability_a_side_each_impulse():
    s = play(to_impulse(setup(), "papacy"), "papacy", "cp:5")
    s["abilities_used"] = ["papacy"]
    refused(s, "papacy", "religious:burn_cajetan",
            "The Papacy has already used a debater's ability this impulse: one an impulse (rule 18.2)")


def test_18_5_a_debate_with_every_debater_committed_is_refused():
    s = play(to_impulse(setup(), "papacy"), "papacy", "cp:5")
    for d in dbt.of_side(s, "papacy"):
        dbt.set_status(s, d, dbt.COMMITTED)
    refused(s, "papacy", "debate:german", "every Papal debater is committed")
    refused(s, "papacy", "debate:english", "the Protestant has no debater in the English zone")


# ---- cards whose prerequisites fail (6.1) ------------------------------------------------------------------------
def test_6_1_events_whose_prerequisites_fail_are_refused_with_the_reason():
    s = after_theses(to_impulse(setup(), "protestant"))
    give(s, "protestant", 85)                                          # Katharina Bora needs Luther uncommitted
    dbt.set_status(s, "luther", dbt.COMMITTED)
    assert "event:85" not in ids(s, "protestant")
    refused(s, "protestant", "event:85", "Martin Luther is committed")
    give(s, "protestant", 41)                                          # Marburg Colloquy
    refused(s, "protestant", "event:41", "Zwingli or Oekolampadius uncommitted")
    for card in list(cards.zone(s, "discard")):                        # Here I Stand takes from the discard pile
        cards.move(s, card, "discard", "removed")
    refused(s, "protestant", "event:7", "the discard pile holds no card it may take")


# ---- religious actions of the wrong power, over budget or finished (18.1) -----------------------------------------
def test_18_1_religious_actions_refused_with_their_reason():
    s = play(to_impulse(setup(), "papacy"), "papacy", "cp:5")
    refused(s, "papacy", "religious:translate:german", "Translating scripture is for the Protestant only (rule 18.1)")
    refused(s, "papacy", "religious:treatise", "A Protestant treatise is for the Protestant only")
    refused(s, "papacy", "religious:university",
            "Jesuit universities are founded only after the Society of Jesus (#15) is played")
    s["tracks"]["st_peters_vp"] = 5
    refused(s, "papacy", "religious:st_peters", "St. Peter's is finished (5 VP)")
    s["impulse"]["cp"] = 1
    refused(s, "papacy", "religious:burn", "Burning books costs 2 CP; 1 is left")
