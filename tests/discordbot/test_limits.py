"""The whole command tree and the views built from legal actions, checked against Discord's limits."""

from __future__ import annotations

import json
import re

import discord
import pytest

from bot.discordbot import limits as L
from bot.discordbot.commands import build_tree
from bot.discordbot.components import DYNAMIC_ITEMS, as_choices, choices_view, layout, paginate
from rules.core import Action
from tests.support.duel import ENGINE as duel
from rules.core import SetupArgs

try:  # the full Unicode classes Discord documents, when the third-party `regex` module is around
    import regex as _regex
    DISCORD_NAME = _regex.compile(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
except ImportError:  # pragma: no cover
    DISCORD_NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


class CatalogueOnly:
    """The tree reads only the catalogue when it is built."""

    def catalogue(self):
        return [{"id": f"game{i}", "title": f"A game with a rather long title number {i} " * 3} for i in range(30)]


@pytest.fixture(scope="module")
def payloads():
    client = discord.Client(intents=discord.Intents.default())
    tree = build_tree(client, CatalogueOnly())
    return [cmd.to_dict(tree) for cmd in tree.get_commands()]


def _walk(payload, path=()):
    path = path + (payload["name"],)
    yield path, payload
    for option in payload.get("options") or []:
        yield from _walk(option, path)


def test_command_tree_within_discord_limits(payloads):
    assert L.command_problems(payloads) == []
    assert 1 <= len(payloads) <= L.GLOBAL_COMMANDS_MAX
    for payload in payloads:
        total = L._characters(payload)
        assert total <= L.COMMAND_TOTAL_CHARS, (payload["name"], total)
        for path, item in _walk(payload):
            name = item["name"]
            assert DISCORD_NAME.match(name) and name == name.lower(), path
            assert 1 <= len(item["description"]) <= L.DESCRIPTION_MAX, path
            options = item.get("options") or []
            assert len(options) <= 25, path
            choices = item.get("choices") or []
            assert len(choices) <= L.CHOICES_PER_OPTION, path
            for choice in choices:
                assert 1 <= len(choice["name"]) <= 100 and len(str(choice["value"])) <= 100, (path, choice)
        json.dumps(payload)  # serialisable as sent to Discord


def test_expected_commands_exist(payloads):
    names = {p["name"]: p for p in payloads}
    assert {"game", "play", "order", "hand", "view", "map", "log", "undo", "deadline", "vacation", "admin"} <= set(names)
    game_subs = {o["name"] for o in names["game"]["options"]}
    assert {"new", "join", "leave", "start", "status", "abort", "history"} <= game_subs
    admin_subs = {o["name"] for o in names["admin"]["options"]}
    assert {"replace-seat", "extend-deadline", "pause", "resume", "abort"} <= admin_subs
    new = next(o for o in names["game"]["options"] if o["name"] == "new")
    game_option = next(o for o in new["options"] if o["name"] == "game")
    assert len(game_option["choices"]) == 25  # capped, 30 games offered


def test_checker_catches_violations():
    bad = {"name": "Bad Name", "description": "x" * 101, "type": 1,
           "options": [{"type": 3, "name": "o", "description": "d", "choices": [{"name": "c" * 101, "value": "v"}] * 26}]}
    problems = L.command_problems([bad])
    assert any("bad name" in p for p in problems)
    assert any("description" in p for p in problems)
    assert any("26 choices" in p for p in problems)
    assert any("choice name" in p for p in problems)


def _duel_actions():
    state = duel.setup(SetupArgs("standard", (("red",), ("blue",)), seed=1))
    return duel.legal_actions(state, "red")


BIG = ([Action(f"move:area{i}:block{j}", f"Move block {j} from area {i} towards the far side of the kingdom",
               f"From area {i}", "A hint that is rather longer than Discord allows in a select option's "
               "description, to check that it is clipped properly before sending.")
        for i in range(12) for j in range(40)]
       + [Action(f"card:{k}", f"Play card {k} " + "with a long label " * 6) for k in range(37)]
       + [Action("pass", "Pass")])


@pytest.mark.parametrize("actions", [_duel_actions(), BIG[:3], BIG[:30], BIG[-38:], BIG],
                         ids=["duel", "3", "30", "buttons", "big"])
def test_views_within_component_limits(actions):
    pages = paginate(layout(as_choices(actions)))
    seen_indices: set[int] = set()
    for page in range(len(pages)):
        view, shown, count = choices_view("123", "tok42", "red", actions, page)
        assert shown == page and count == len(pages)
        assert L.view_problems(view) == [], (page, L.view_problems(view))
        components = view.to_components()
        assert len(components) <= 5
        for row in components:
            buttons = [c for c in row["components"] if c["type"] == 2]
            assert len(buttons) <= 5
            for c in row["components"]:
                assert len(c["custom_id"]) <= 100
                assert any(cls.__discord_ui_compiled_template__.match(c["custom_id"]) for cls in DYNAMIC_ITEMS)
                if c["type"] == 2:
                    assert len(c["label"]) <= 80
                    m = re.match(r"^hd:a:123:tok42:red:(\d+)$", c["custom_id"])
                    if m:
                        seen_indices.add(int(m[1]))
                else:
                    assert 1 <= len(c["options"]) <= 25 and len(c.get("placeholder", "")) <= 150
                    for o in c["options"]:
                        assert len(o["label"]) <= 100 and len(o["value"]) <= 100
                        assert len(o.get("description") or "") <= 100
                        seen_indices.add(int(o["value"]))
    # every legal action is reachable on some page, each exactly by its index
    assert seen_indices == set(range(len(actions)))


def test_layout_groups_become_selects_and_the_rest_buttons():
    rows = layout(as_choices(_duel_actions()))
    assert [r.kind for r in rows] == ["select"]
    assert rows[0].group == "Bids" and [c.id for c in rows[0].choices] == ["bid:1", "bid:2", "bid:3"]
    rows = layout(as_choices([Action("a", "A"), Action("b", "B"), Action("c", "C", "G")]))
    assert [r.kind for r in rows] == ["select", "buttons"]


def test_views_from_richard3_legal_actions_within_limits():
    """Random Richard III play: every role's legal actions at every step make valid views on every page."""
    import random

    import rules.richard3 as richard3
    engine = richard3.ENGINE
    rng = random.Random(11)
    checked = 0
    for scenario in [s.id for s in engine.scenarios()]:
        roles = engine.roles(scenario)
        state = engine.setup(SetupArgs(scenario, tuple((r,) for r in roles), seed=rng.randrange(1000)))
        for _ in range(150):
            active = engine.active_roles(state)
            if not active:
                break
            for role in active:
                actions = engine.legal_actions(state, role)
                pages = paginate(layout(as_choices(actions)))
                reached: set[int] = set()
                for page in range(len(pages)):
                    view, _, _ = choices_view("12345", "123456789x0a1b2c", role, actions, page)
                    assert L.view_problems(view) == [], (scenario, role, page)
                    for row in view.to_components():
                        for c in row["components"]:
                            if c["type"] == 3:
                                reached |= {int(o["value"]) for o in c["options"]}
                            elif c["custom_id"].startswith("hd:a:"):
                                reached.add(int(c["custom_id"].rsplit(":", 1)[1]))
                assert reached == set(range(len(actions)))
                checked += 1
            role = rng.choice(active)
            state = engine.apply(state, role, rng.choice(engine.legal_actions(state, role)).id).state
    assert checked > 100
