"""Acceptance (issue 15 item 7): a solo game of The Old King's Crown on a fake Discord, one player against the
automated rival (RIVAL.md), played to its ranked end by clicking the choices `/play` offers (or typing an
order from /order's suggestions). After every step: no public message names a card only a faction may know
(its hand, its face-down cards, its unrevealed bid: ENGINE.secrets, before and after the step), no message to
the player names one only the rival may know, every public picture is drawn from the public view, and the reveals (bids, each region's clash) are announced in the
channel, each clash with the board."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest

import bot.service
from rules.oldkingscrown import ENGINE
from rules.oldkingscrown.data import card_name
from tests.discordbot.conftest import make_table
from tests.discordbot.fakes import choice_components, dispatch


@pytest.fixture
def drawn(monkeypatch):
    """A stand-in renderer recording whose view each picture was drawn from (tests/render draws for real)."""
    seen: dict[bytes, str | None] = {}
    counter = itertools.count()

    def draw(game, view, picture):
        data = b"\x89PNG\r\n\x1a\n" + f"{picture}:{next(counter)}".encode()
        seen[data] = view.get("role")
        return data
    monkeypatch.setattr(bot.service, "_draw", draw)
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: 15)   # the game's seed
    return seen


def _state(t) -> dict:
    return json.loads(t.service.db.execute("SELECT state FROM games WHERE id = 1").fetchone()[0])


def _secret_names(state: dict, factions=None) -> set[str]:
    return {card_name(c) for f in factions or state["factions"] for c in ENGINE.secrets(state, f)}


def test_a_solo_game_against_the_rival_plays_to_its_end_without_a_public_secret(tmp_path, frozen, drawn):
    t = make_table(tmp_path, engines={"oldkingscrown": ENGINE})
    try:
        t.cmd("game new", t.alice, game="oldkingscrown", players=1, options="rounds=4", role="clans")
        t.cmd("game start", t.alice)
        status = t.service.status(1)
        assert status.status == "active", t.client.recorder.to_user(t.alice.id)[-1].text()
        assert [s.roles for s in status.seats] == [("clans",)]
        state = _state(t)
        rivals = [f for f, p in state["factions"].items() if p["rival"]]
        assert len(rivals) == 1 and "clans" not in rivals
        t.deliver()
        rng = random.Random(15)
        seen = len(t.client.recorder.sent)
        steps = 0
        while t.service.status(1).status == "active":
            steps += 1
            assert steps < 1500
            before = _state(t)
            version = t.service.status(1).version
            if rng.random() < 0.8:
                menu = next((s for s in t.cmd("play", t.alice).recorded if choice_components(s)), None)
                for _ in range(6):   # page turns edit the menu; stop once an order is played
                    custom_id, value = rng.choice(choice_components(menu))
                    inter = t.run(dispatch(t.client, t.alice, menu, custom_id, value=value))
                    if t.service.status(1).version > version:
                        break
                    menu = next((s for s in reversed(inter.recorded) if choice_components(s)), None)
                    assert menu is not None, [s.text() for s in inter.recorded]
            else:
                suggestions = t.ac("autocomplete_order", t.alice, "", game=None)
                t.cmd("order", t.alice, order=rng.choice(suggestions).value)
            assert t.service.status(1).version > version, "each step plays an order"
            t.deliver()
            hidden = _secret_names(before) & _secret_names(_state(t))
            rivals_hidden = _secret_names(before, rivals) & _secret_names(_state(t), rivals)
            for sent in t.client.recorder.sent[seen:]:
                text = sent.text()
                if sent.where != "channel":   # alice's own messages never show the rival's secrets
                    assert not [n for n in rivals_hidden if re.search(rf"\b{re.escape(n)}\b", text)], text
                    continue
                assert not [n for n in hidden if re.search(rf"\b{re.escape(n)}\b", text)], text
                assert all(drawn[data] is None for data in sent.file_bytes()), text
            seen = len(t.client.recorder.sent)

        status = t.service.status(1)
        assert status.status == "finished" and status.result
        assert steps > 40
        public = [s for s in t.client.recorder.public() if s.target == t.channel.id]
        text = "\n".join(s.text() for s in public)
        assert "Bids revealed:" in text
        assert "The game ends." in text and "Ranking: 1." in text
        clashes = [s for s in public if ", clash in " in s.text()]
        assert clashes and all(s.file_bytes() for s in clashes)
        assert any(" reveals " in s.text() for s in clashes)
        # the private hand went to alice alone, drawn from her view
        hands = [s for s in t.client.recorder.private() if any(drawn.get(d) == "clans" for d in s.file_bytes())]
        assert hands and all(s.target == t.alice.id for s in hands)
    finally:
        t.service.close()
