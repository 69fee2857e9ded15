"""PB 1.5 team play on a fake Discord (issue 17 item 3): in a 4-house team game each pair of partners gets a
private thread holding exactly its two players (through the engine's ``negotiations``, served by the table's
talk channels); nothing about it is posted in the game's channel, and a game without teams opens none."""

import discord
import pytest

from rules.core import get_engine
from tests.discordbot.conftest import make_table

ENGINE = get_engine("crownofroses")


@pytest.fixture
def t(tmp_path, frozen):
    table = make_table(tmp_path, engines={"crownofroses": ENGINE})
    table.dave = table.client.add_user("dave")
    yield table
    table.service.close()


def _start(t, options):
    t.cmd("game new", t.alice, game="crownofroses", scenario="seeds_of_enmity", players=4, options=options)
    for user, role in ((t.alice, "lancaster"), (t.bob, "york"), (t.carol, "buckingham"), (t.dave, "warwick")):
        t.cmd("game join", user, role=role)
    t.cmd("game start", t.alice)
    assert t.service.status(1).status == "active", [s.text() for s in t.client.recorder.sent[-3:]]
    t.deliver()


def _private_threads(t):
    return [th for th in t.channel.threads if th.type == discord.ChannelType.private_thread]


def test_partners_each_get_a_private_thread_with_exactly_the_two_of_them(t):
    _start(t, "teams=lancaster_buckingham")
    members = sorted(sorted(th.members) for th in _private_threads(t))
    assert members == sorted([sorted({999, t.alice.id, t.carol.id}), sorted({999, t.bob.id, t.dave.id})])
    assert not any("talk" in s.text() for s in t.client.recorder.public() if s.target == t.channel.id)


def test_a_game_without_teams_opens_no_private_thread(t):
    _start(t, "teams=none")
    assert _private_threads(t) == []
