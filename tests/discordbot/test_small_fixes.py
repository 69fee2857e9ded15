"""Embed and attachment limits of what the layer builds, and the smaller review items: page edits within
2000 characters, option suggestions never cut inside a key=value pair, "#n" orders with several roles,
/game history's hint kept, and the [discord] dm_turn_map setting."""

from __future__ import annotations

import re

import discord
import pytest

from bot.discordbot import limits as L
from bot.table import settings as game_settings
from bot.discordbot.replies import png_file
from bot.service import TurnInfo
from rules.core import Action, Engine, OptionSpec, Prompt, Result, Scenario, Summary
from tests.discordbot.conftest import make_table
from tests.discordbot.fakes import click
from tests.discordbot.test_delivery_and_pages import Wide
from tests.discordbot.test_game import choices_for

HUGE = 11 * 1024 * 1024


class Crowded(Engine):
    """Thirty seats with very long role names, a very long title and options: for embed and suggestion
    limits. Anyone may pass; the game ends at once with a very long reason."""

    id = "crowded"
    title = "A game with a title far longer than anything Discord shows in one line " * 5
    ROLES = [f"r{i}" for i in range(30)]

    def scenarios(self):
        return [Scenario("all", "All", "Everyone.", 30, 30)]

    def options(self):
        return [OptionSpec(f"a_rather_long_option_name_number_{i}", f"Option {i}", "An option.", "choice",
                           "first_long_value", (("first_long_value", "First"), ("second_long_value", "Second")))
                for i in range(6)] + [OptionSpec("fast", "Fast", "Quick game.", "bool", False)]

    def roles(self, scenario):
        return list(self.ROLES)

    def role_name(self, role):
        return f"The Most Honourable House of {role.upper()} " + "and its many cousins " * 6

    def _setup(self, scenario, seats, options):
        return {"done": False}

    def _active_roles(self, state):
        return [] if state["done"] else ["r0"]

    def _prompt(self, state, role):
        return Prompt("Pass.")

    def _legal_actions(self, state, role):
        return [Action("pass", "Pass")]

    def _apply(self, state, role, action, ctx):
        state["done"] = True

    def view(self, state, role):
        return {"done": state["done"]}

    def result(self, state):
        return Result(("r0",), "a reason that goes on and on " * 150) if state["done"] else None

    def summary(self, state):
        return Summary("t", "Turn " + "very long label " * 20, "Phase")


def test_fit_embed_respects_every_limit():
    embed = discord.Embed(title="T" * 400, description="D" * 5000)
    for i in range(30):
        embed.add_field(name="N" * 300, value="V" * 2000)
    assert L.embed_problems(embed)  # the checker sees what is wrong
    fitted = L.fit_embed(embed)
    assert L.embed_problems(fitted) == []
    data = fitted.to_dict()
    assert len(data["title"]) <= 256 and len(data["description"]) <= 4096 and len(data["fields"]) <= 25
    assert sum(len(f["name"]) + len(f["value"]) for f in data["fields"]) + len(data["title"]) \
        + len(data["description"]) <= 6000


def test_status_of_a_crowded_game_is_a_valid_embed(tmp_path, frozen):
    t = make_table(tmp_path, engines={"crowded": Crowded()})
    t.cmd("game new", t.alice, game="crowded")
    users = [t.client.add_user(f"player{i}") for i in range(30)]
    for u in users:
        t.cmd("game join", u)
    t.cmd("game start", t.alice)
    status = t.cmd("game status", t.alice)
    embed = status.recorded[-1].embeds[0]
    assert L.embed_problems(embed) == []  # the fake also checks every embed sent
    t.cmd("order", users[0], order="Pass")
    finished = t.cmd("game status", t.alice, game="1")
    assert L.embed_problems(finished.recorded[-1].embeds[0]) == []
    assert any(f["name"] == "Result" for f in finished.recorded[-1].embeds[0]["fields"])
    assert t.client.all_answered_once() == []
    t.service.close()


def test_option_suggestions_never_cut_a_pair(tmp_path, frozen):
    t = make_table(tmp_path, engines={"crowded": Crowded()})
    spec_values = {o.id: {c[0] for c in o.choices} | {"true", "false"} for o in Crowded().options()}
    spec_values |= {s.key: set(s.suggestions) for s in game_settings.SETTINGS}   # the table's own, after them
    typed = ""
    for _ in range(5):
        suggestions = t.ac("autocomplete_options", t.alice, typed, game="crowded")
        for choice in suggestions:
            assert len(choice.value) <= 100 and len(choice.name) <= 100
            for pair in choice.value.split():
                key, _, value = pair.partition("=")
                assert key in spec_values and value in spec_values[key], choice.value
        if not suggestions:
            break
        typed = suggestions[0].value + " "
    keys = [p.partition("=")[0] for p in typed.split()]
    assert len(keys) == len(set(keys))  # an option already given is not offered again
    assert len(typed) > 60  # several options were chained before running out of room
    one = "a_rather_long_option_name_number_0=first_long_value"
    assert [c.value for c in t.ac("autocomplete_options", t.alice, one + " fa", game="crowded")] == [
        one + " fast=true", one + " fast=false"]
    # no room for a second long option after one: left out, not cut
    assert not any("number_1" in c.value for c in t.ac("autocomplete_options", t.alice, one + " a", game="crowded"))


class Twins(Engine):
    """One player holds two roles; both choose at once among actions whose ids are too long for
    autocomplete (Discord's 100 characters)."""

    id = "twins"
    title = "Twins"

    def scenarios(self):
        return [Scenario("solo", "Solo", "One player, two hands.", 1, 1)]

    def roles(self, scenario):
        return ["left", "right"]

    def seatings(self, scenario, players):
        return [("left", "right")]

    def _setup(self, scenario, seats, options):
        return {"picked": {}}

    def _active_roles(self, state):
        return [r for r in ("left", "right") if r not in state["picked"]]

    def _prompt(self, state, role):
        return Prompt("Pick one.", "secret")

    def _legal_actions(self, state, role):
        return [Action(f"{role}:{'x' * 120}:{n}", f"{role.title()} option {n}") for n in range(3)]

    def _apply(self, state, role, action, ctx):
        state["picked"][role] = action.id[-1]
        ctx.log(f"{role} picked.")

    def view(self, state, role):
        return {"picked": sorted(state["picked"])}

    def result(self, state):
        return Result((), "both picked") if len(state["picked"]) == 2 else None

    def summary(self, state):
        return Summary("t", "Turn 1", "Picking")


def test_numbered_orders_with_several_roles(tmp_path, frozen):
    t = make_table(tmp_path, engines={"twins": Twins()})
    t.cmd("game new", t.alice, game="twins", role="left")
    t.cmd("game start", t.alice)
    suggestions = t.ac("autocomplete_order", t.alice, "", game=None)
    assert len(suggestions) == 6 and all(len(c.value) <= 100 for c in suggestions)
    values = [c.value for c in suggestions]
    assert values[0] == "#1:left:1" and values[4] == "#2:right:1"
    ambiguous = t.cmd("order", t.alice, order="#2")
    assert "any of your roles" in ambiguous.recorded[-1].content
    played = t.cmd("order", t.alice, order=values[4])
    assert "Right option 1" in played.recorded[0].content
    assert t.service.status(1).waiting[0].role == "left"
    # the suggestion was made at version 1: the game has moved on, the service re-checks it (still good:
    # left's question is unchanged), and "#n" with the role option works too
    left = t.cmd("order", t.alice, order="#3", role="left")
    assert "Left option 2" in left.recorded[0].content
    assert t.service.status(1).status == "finished"
    assert t.client.all_answered_once() == []
    t.service.close()


class Verbose(Wide):
    """Wide, with a prompt longer than a Discord message."""

    id = "verbose"

    def _prompt(self, state, role):
        return Prompt("Read this first. " * 200)


def test_page_turns_and_long_prompts_fit_in_a_message(tmp_path, frozen):
    t = make_table(tmp_path, engines={"verbose": Verbose()})
    t.cmd("game new", t.alice, game="verbose", role="north")
    t.cmd("game join", t.bob)
    t.cmd("game start", t.alice)
    dm = choices_for(t.client.recorder.to_user(t.alice.id), "north")
    assert len(dm.content) <= 2000  # the fake refuses anything longer
    turned = t.run(click(t.client, t.alice, dm, r"^hd:p:1:\w+:north:1$"))
    assert turned.recorded[-1].edit and len(turned.recorded[-1].content) <= 2000
    play = t.cmd("play", t.alice)
    assert all(len(s.content) <= 2000 for s in play.recorded)
    assert t.client.all_answered_once() == []
    t.service.close()


def test_history_list_keeps_its_hint(table, monkeypatch):
    t = table
    t.start_game()
    real = t.service.history

    def many(game_id, user_id=None, turn=None):
        if turn is not None:
            return real(game_id, user_id, turn)
        return [TurnInfo(i, i, i, f"t{i}", f"Campaign {i // 7 + 1}, turn {i % 7 + 1}", "Action phase", 0.0)
                for i in range(1, 301)]
    monkeypatch.setattr(t.service, "history", many)
    listed = t.cmd("game history", t.alice)
    text = listed.recorded[-1].content
    assert len(text) <= 2000 and text.endswith("Show one with `/game history turn:`.")
    assert "(the last" in text and "`300` Campaign 43" in text


def test_pictures_over_the_upload_limit_are_not_attached(table, monkeypatch):
    import bot.service

    t = table
    assert png_file(b"x" * HUGE) is None and png_file(b"x" * 100) is not None
    monkeypatch.setattr(bot.service, "_draw", lambda game, view, picture: b"\x89PNG" + b"0" * HUGE)
    t.start_game()
    begins = [s for s in t.client.recorder.public() if "begins" in s.text()]
    assert begins and not begins[0].files and "too large" in begins[0].text()
    shown = t.cmd("map", t.alice)
    assert shown.recorded[-1].where == "channel" and not shown.recorded[-1].files
    assert "too large" in shown.recorded[-1].content
    view = t.cmd("view", t.alice)
    assert not view.recorded[-1].files and "too large" in view.recorded[-1].content
    # every your-move DM went without the oversized picture, never as a refused message
    assert all(len(b) <= L.ATTACHMENT_MAX for s in t.client.recorder.sent for b in s.file_bytes())
    assert t.client.all_answered_once() == []


@pytest.mark.parametrize("attach", [True, False])
def test_dm_turn_map_setting(tmp_path, frozen, monkeypatch, attach):
    import bot.service
    from bot.discordbot.settings import discord_settings

    monkeypatch.setattr(bot.service, "_draw", lambda game, view, picture: b"\x89PNG small")
    t = make_table(tmp_path)
    t.layer.settings = discord_settings({"dm_turn_prompts": attach, "delivery_batch": 100}, environ={})
    t.start_game()
    dm = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    assert bool(dm.files) is attach
    assert re.search(r"Your move in game #1", dm.content)
    t.service.close()


def test_a_bot_cannot_take_a_seat_and_deadlines_show_in_local_time(table):
    t = table
    t.start_game()
    robot = t.client.add_user("robot")
    robot.bot = True
    refused = t.cmd("admin replace-seat", t.alice, role="blue", user=robot)
    assert "is a bot" in refused.recorded[-1].content
    assert t.service.status(1).seats[1].user_id == str(t.bob.id)
    # deadlines are Discord timestamps: every reader sees their own time zone
    due = int(t.service.status(1).waiting[0].deadline)
    now = [s for s in t.client.recorder.public() if "**Now:**" in s.text()][-1]
    assert f"<t:{due}:f>" in now.content and f"<t:{due}:R>" in now.content
    assert f"<t:{due}:f>" in t.cmd("deadline", t.alice).recorded[-1].content
