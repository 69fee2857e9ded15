"""Pagination of long choice lists, outbox delivery retries, deadlines through the tick, undo, threads."""

from __future__ import annotations

import datetime as dt
import re
from types import SimpleNamespace

import discord

from bot.discordbot import limits as L
from rules.core import Action, Engine, Prompt, Result, Scenario, Summary
from tests.discordbot.conftest import make_table
from tests.discordbot.fakes import click, dispatch
from tests.discordbot.test_game import choices_for


class Wide(Engine):
    """Each turn the mover picks one of 12 ungrouped actions or 300 grouped ones (12 groups of 25)."""

    id = "wide"
    title = "Wide"

    def scenarios(self):
        return [Scenario("basic", "Basic", "Many choices.", 2, 2)]

    def roles(self, scenario):
        return ["north", "south"]

    def _setup(self, scenario, seats, options):
        return {"turn": 1, "picked": []}

    def _active_roles(self, state):
        return ["north" if state["turn"] % 2 else "south"]

    def _prompt(self, state, role):
        return Prompt("Pick anything.")

    def _legal_actions(self, state, role):
        grouped = [Action(f"g{g}:{i}", f"Option {i} of group {g}", f"Group {g}", "a hint") for g in range(12)
                   for i in range(25)]
        return [Action(f"plain:{i}", f"Plain {i}") for i in range(12)] + grouped

    def _apply(self, state, role, action, ctx):
        state["picked"].append(action.id)
        state["turn"] += 1
        ctx.log(f"{role} picks {action.label}.")

    def view(self, state, role):
        return {"turn": state["turn"], "picked": list(state["picked"])}

    def result(self, state):
        return Result((), "done") if state["turn"] > 4 else None

    def summary(self, state):
        return Summary(f"t{state['turn']}", f"Turn {state['turn']}", "Picking")


def test_long_choice_lists_are_paged_and_every_page_works(tmp_path, frozen):
    t = make_table(tmp_path, engines={"wide": Wide()})
    t.start_game("wide", "north")
    dm = choices_for(t.client.recorder.to_user(t.alice.id), "north")
    assert "Page 1 of" in dm.content and L.view_problems(dm.view) == []
    pages = int(re.search(r"Page 1 of (\d+)", dm.content)[1])
    assert pages == 4  # 12 selects + 3 button rows = 15 rows, four a page
    # turn to the last page (edits the message in place), then pick from a select there
    current = dm
    for n in range(1, pages):
        turn = t.run(click(t.client, t.alice, current, r"^hd:p:1:\w+:north:%d$" % n))
        assert turn.response.kind == "defer" and turn.recorded[-1].edit and f"Page {n + 1} of {pages}" in turn.recorded[-1].content
        assert L.view_problems(turn.recorded[-1].view) == []
        current = turn.recorded[-1]
    last_select = [cid for cid in current.custom_ids() if cid.startswith("hd:s:")]
    buttons = [cid for cid in current.custom_ids() if cid.startswith("hd:a:")]
    assert buttons  # the plain actions come last, as buttons
    picked = t.run(dispatch(t.client, t.alice, current, buttons[-1]))
    assert "Plain 11" in picked.recorded[0].content
    t.deliver()
    assert any("north picks Plain 11." in s.text() for s in t.client.recorder.public())
    # south picks from a select menu on page 1 (a grouped action, by its index in the legal list)
    south = choices_for(t.client.recorder.to_user(t.bob.id), "south")
    sel = [cid for cid in south.custom_ids() if cid.startswith("hd:s:")][0]
    t.run(dispatch(t.client, t.bob, south, sel, value="12"))
    assert t.service.status(1).turn_label == "Turn 3"
    assert last_select is not None
    assert t.client.all_answered_once() == []
    t.service.close()


class FlakyChannel:
    """Wraps a fake channel: the first ``fail`` sends raise a Discord server error."""

    def __init__(self, channel, fail=1):
        self.channel, self.fail, self.nonces = channel, fail, []
        self.id, self.guild, self.mention = channel.id, channel.guild, channel.mention

    async def send(self, content=None, **kwargs):
        self.nonces.append(kwargs.get("nonce"))
        if self.fail:
            self.fail -= 1
            raise discord.HTTPException(SimpleNamespace(status=503, reason="Service Unavailable"), "try later")
        return await self.channel.send(content, **kwargs)


def test_failed_delivery_is_retried_in_order_with_the_same_nonce(table, frozen):
    t = table
    flaky = FlakyChannel(t.channel, fail=1)
    t.client.channels[t.channel.id] = flaky
    t.cmd("game new", t.alice, game="duel", role="red")
    assert not t.client.recorder.public()  # the first attempt failed
    t.cmd("game join", t.bob)
    assert not t.client.recorder.public()  # bob's seat waits behind the failed message: order is kept
    assert len(flaky.nonces) == 1
    frozen.tick(dt.timedelta(minutes=5))  # past the backoff
    t.deliver()
    public = t.client.recorder.public()
    # the failed post is retried as it was (it may have gone out: nothing may join it), then what queued
    # behind it, in order
    assert len(public) == 2
    text = "\n".join(p.text() for p in public)
    assert text.index("opened game #1") < text.index("takes seat 1") < text.index("takes seat 2")
    assert flaky.nonces[0] == flaky.nonces[1] and len(flaky.nonces[0]) <= 25  # Discord deduplicates by nonce
    assert flaky.nonces[2] != flaky.nonces[0]
    t.deliver()
    assert len(t.client.recorder.public()) == 2
    assert t.service.outbox.stats()["waiting"] == 0


def test_deadlines_pass_through_the_tick(table, frozen):
    t = table
    t.start_game(game="duel", role="red")
    frozen.tick(dt.timedelta(days=3))
    t.run(t.layer.tick())
    t.deliver()
    assert any("has passed" in s.text() for s in t.client.recorder.public())
    assert any("deadline" in s.text().lower() and s.where == "dm" for s in t.client.recorder.to_user(t.alice.id))


def test_undo_takes_back_a_secret_bid(table):
    t = table
    t.start_game(game="duel", role="red")
    red = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    t.run(click(t.client, t.alice, red, r"^hd:s:1:", value="2"))
    undo = t.cmd("undo", t.alice)
    assert "Taken back" in undo.recorded[0].content and choices_for(undo.recorded, "red")
    t.deliver()
    assert any("takes back" in s.text() for s in t.client.recorder.public())
    assert not any(re.search(r"bid \d", s.text(), re.I) for s in t.client.recorder.public())
    assert t.client.all_answered_once() == []


def test_game_in_a_new_thread(table):
    t = table
    t.cmd("game new", t.alice, game="duel", role="red", thread=True)
    thread = t.channel.threads[0]
    assert t.service.status(1).channel == str(thread.id)
    t.cmd("game join", t.bob, channel=thread)
    t.cmd("game start", t.alice, channel=thread)
    assert any("begins" in s.text() for s in t.client.recorder.public() if s.target == thread.id)
    joined_late = t.cmd("game join", t.carol, channel=thread)
    assert "before it starts" in joined_late.recorded[-1].content
