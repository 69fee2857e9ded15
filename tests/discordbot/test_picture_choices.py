"""Players ask for a picture with its parameter on Discord (issue 11 item 5, issue 19: a regional crop of a
large map): `/map picture:region:italy` posts Italy in a Here I Stand game, a bad region is refused
privately naming the regions, the suggestions list every kind and every region, and a private kind is
never posted in the channel."""

import pytest

import render
from bot.picturechoice import parse
from rules.hereistand import ENGINE as HERE_I_STAND
from tests.discordbot.conftest import make_table


@pytest.fixture
def t(tmp_path, frozen):
    table = make_table(tmp_path, engines={"hereistand": HERE_I_STAND})
    table.cmd("game new", table.alice, game="hereistand", scenario="1517", players=3,
              role="england")
    table.cmd("game join", table.bob)
    table.cmd("game join", table.carol)
    table.cmd("game start", table.alice)
    table.game = table.service.games_in_channel(str(table.channel.id))[0].game_id
    table.deliver()
    table.client.recorder.clear()
    yield table
    table.service.close()


def test_map_picture_region_italy_posts_the_italy_picture(t):
    t.cmd("map", t.bob, picture="region:italy")
    posted = t.client.recorder.public()
    assert len(posted) == 1 and "Region: Italy" in posted[0].content
    italy = t.service.picture(t.game, None, "region", params={"region": "italy"})
    assert posted[0].file_bytes() == [italy]
    assert italy != t.service.picture(t.game, None, "region", params={"region": "iberia"})


def test_a_bad_region_is_refused_privately_with_the_regions(t):
    inter = t.cmd("map", t.bob, picture="region:atlantis")
    assert t.client.recorder.public() == []
    refusal = inter.recorded[-1]
    assert refusal.where == "ephemeral" and "atlantis" not in refusal.content
    assert "must be one of: balkans, british_isles, france" in refusal.content and "italy" in refusal.content


def test_a_private_picture_is_never_posted_in_the_channel_but_view_sends_it_to_its_owner(t):
    inter = t.cmd("map", t.bob, picture="hand")
    assert t.client.recorder.public() == [] and "private" in inter.recorded[-1].content
    inter = t.cmd("view", t.bob, picture="power:france")
    shown = inter.recorded[-1]
    assert shown.where == "ephemeral" and "Power: France" in shown.content and shown.file_bytes()
    inter = t.cmd("view", t.bob, picture="region:atlantis")
    assert inter.recorded[-1].where == "ephemeral" and "must be one of" in inter.recorded[-1].content


def test_the_suggestions_list_each_kind_and_each_region_and_power(t):
    names = {c.value: c.name for c in t.ac("autocomplete_picture", t.bob, "", game=str(t.game))}
    assert names["region:italy"] == "Region: Italy" and names["power:france"] == "Power: France"
    assert "map" in names and "region" in names and "hand" in names          # /view offers the hand too
    typed = [c.value for c in t.ac("autocomplete_picture", t.bob, "ital", game=str(t.game))]
    assert typed == ["region:italy"]
    # each suggestion, given back, is understood by the parser
    kinds = render.manifest("hereistand")
    for value in names:
        kind, _, choice = value.partition(":")
        assert parse(value, kinds).id == kind and (not choice or parse(value, kinds).value == value)
    # /map posts in the channel: the private hand is not offered there
    from types import SimpleNamespace
    from tests.discordbot.fakes import FakeInteraction
    inter = FakeInteraction(t.client, t.bob, t.channel, type="autocomplete", namespace={"game": str(t.game)})
    inter.command = SimpleNamespace(name="map")
    offered = [c.value for c in t.run(t.layer.autocomplete_picture(inter, ""))]
    assert "region:italy" in offered and "hand" not in offered
