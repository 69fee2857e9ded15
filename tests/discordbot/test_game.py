"""A complete Duel game played through the Discord layer (slash-command callbacks, buttons and menus
dispatched as Discord would), with every outgoing message recorded and checked: nothing hidden appears in
a public message, private messages reach only their player, every interaction is answered exactly once."""

from __future__ import annotations

import re

from bot.discordbot.replies import DM_HELP
from tests.discordbot.fakes import Sent, click

BID = re.compile(r"\bbid(s)? ?\d|bid:\d", re.IGNORECASE)


def choices_for(sent: list[Sent], role: str) -> Sent:
    """The newest message carrying ``role``'s choices."""
    for s in reversed(sent):
        if any(re.match(rf"^hd:[as]:\d+:\w+:{role}:", cid) for cid in s.custom_ids()):
            return s
    raise AssertionError(f"no choices for {role}")


def check_privacy(table) -> None:
    """Every message with a role's choices went privately to that role's player; no private log line
    ("You bid ...") was ever public; every interaction was answered exactly once."""
    holders = {"red": table.alice.id, "blue": table.bob.id}
    for s in table.client.recorder.sent:
        for cid in s.custom_ids():
            m = re.match(r"^hd:[asp]:\d+:\w+:(\w+):", cid)
            if m:
                assert s.where in ("dm", "ephemeral"), s
                assert s.target == holders[m[1]], (s.target, m[1])
        if s.where == "channel":
            assert "You bid" not in s.text()
            assert "only you can see" not in s.text().lower()
    assert table.client.all_answered_once() == []


def test_full_duel_game_through_discord(table):
    t = table
    i = t.cmd("game new", t.alice, game="duel", role="red")
    assert i.response.kind == "defer" and i.recorded[-1].where == "ephemeral"
    assert "Game #1" in i.recorded[-1].content
    t.cmd("game join", t.bob)
    public = t.client.recorder.public()
    assert any("opened game #1" in s.text() for s in public)
    assert any("takes seat 2" in s.text() for s in public)

    t.cmd("game start", t.alice)
    # the channel learns the game began and whose move it is (both: a simultaneous secret bid)
    start = [s for s in t.client.recorder.public() if "begins" in s.text()][-1]
    assert f"<@{t.alice.id}>" in start.text() and f"<@{t.bob.id}>" in start.text()
    assert any(cid.startswith("hd:o:1") for cid in start.custom_ids())  # the "My choices" button
    # each player got a DM with their own choices
    red_dm = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    blue_dm = choices_for(t.client.recorder.to_user(t.bob.id), "blue")
    assert red_dm.where == "dm" and blue_dm.where == "dm"
    check_privacy(t)

    rounds = 0
    while t.service.status(1).status == "active":
        rounds += 1
        red_bid, blue_bid = 3 if rounds % 2 else 1, 2
        public_before = len(t.client.recorder.public())
        # red bids with the select menu of their DM (value = index of "bid:N" in the legal list)
        red_dm = choices_for(t.client.recorder.to_user(t.alice.id), "red")
        inter = t.run(click(t.client, t.alice, red_dm, r"^hd:s:1:", value=str(red_bid - 1)))
        assert inter.response.kind == "defer"
        assert any(f"You bid {red_bid}." in s.text() for s in inter.recorded)
        t.deliver()
        # between the two bids, the channel hears only that red has chosen
        between = t.client.recorder.public()[public_before:]
        assert any("Red has chosen a bid" in s.text() for s in between)
        for s in between:
            assert not BID.search(s.text()), s.text()
        # blue bids: alternately with /play in the channel (ephemeral buttons) and a typed /order
        if rounds % 2:
            play = t.cmd("play", t.bob)
            assert all(s.where == "ephemeral" for s in play.recorded)
            menu = choices_for(play.recorded, "blue")
            t.run(click(t.client, t.bob, menu, r"^hd:s:1:", value=str(blue_bid - 1)))
        else:
            t.cmd("order", t.bob, order=f"Bid {blue_bid}")
        t.deliver()
        reveal = [s for s in t.client.recorder.public()[public_before:] if "red bid" in s.text()]
        assert reveal and f"red bid {red_bid}, blue bid {blue_bid}" in reveal[-1].text()
        check_privacy(t)
        assert rounds <= 6

    status = t.service.status(1)
    assert status.status == "finished" and status.result is not None
    full = t.cmd("log", t.alice, lines=200)
    assert "You bid" in full.recorded[-1].content and "🔒" in full.recorded[-1].content
    assert "red bid" in full.recorded[-1].content
    t.cmd("log", t.bob, new=True)
    again = t.cmd("log", t.bob, new=True, game="1")
    assert "new since you last looked: 0 lines" in again.recorded[-1].content
    assert any("is over" in s.text() for s in t.client.recorder.public())
    check_privacy(t)


def test_stale_and_foreign_clicks_are_refused(table):
    t = table
    t.start_game()
    red_dm = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    # bob clicks alice's menu (say, she forwarded a screenshot... or a crafted id): refused, nothing played
    intruder = t.run(click(t.client, t.bob, red_dm, r"^hd:s:1:", value="0"))
    assert "not yours" in intruder.recorded[-1].content
    assert t.service.status(1).version == 1
    # blue bids first: red's DM choices stay valid within the same round (same prompt and actions)
    blue_dm = choices_for(t.client.recorder.to_user(t.bob.id), "blue")
    t.run(click(t.client, t.bob, blue_dm, r"^hd:s:1:", value="1"))
    ok = t.run(click(t.client, t.alice, red_dm, r"^hd:s:1:", value="0"))
    assert any("You bid 1." in s.text() for s in ok.recorded)
    # round 2: the round-1 menu is stale even though it looks the same
    again = t.run(click(t.client, t.alice, red_dm, r"^hd:s:1:", value="2"))
    assert "no longer current" in again.recorded[0].content
    assert any(s.custom_ids() for s in again.recorded[1:])  # fresh choices offered at once
    assert t.service.status(1).waiting and {w.role for w in t.service.status(1).waiting} == {"red", "blue"}
    # a typed order that is not legal
    bad = t.cmd("order", t.alice, order="Bid 9")
    assert "not one of your orders" in bad.recorded[-1].content
    assert t.client.all_answered_once() == []


def test_buttons_survive_a_restart(table, tmp_path):
    """A new Layer and client over the same database resolve the old message's custom_id."""
    from bot.discordbot.layer import Layer
    from bot.discordbot.settings import DiscordSettings

    t = table
    t.start_game()
    red_dm = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    t.client.herald = Layer(t.service, t.client, DiscordSettings())  # "restart": nothing kept in memory
    inter = t.run(click(t.client, t.alice, red_dm, r"^hd:s:1:", value="1"))
    assert any("You bid 2." in s.text() for s in inter.recorded)


def test_closed_dms_fall_back_to_ephemeral_and_a_private_hint(tmp_path, frozen):
    from tests.discordbot.conftest import make_table

    t = make_table(tmp_path, bob_dms=False)
    t.start_game()
    assert not any(s.where == "dm" and s.target == t.bob.id for s in t.client.recorder.sent)
    # the channel never says that bob's DMs are closed; it mentions him once, in the "Now:" line
    public = t.client.recorder.public()
    assert not any("DM" in s.text() or "Privacy Settings" in s.text() for s in public)
    now = [s for s in public if "**Now:**" in s.text()]
    assert len(now) == 1 and t.bob.id in now[0].pinged()
    # bob presses My choices: his choices, and (once) how to open DMs, both only to him
    opened = t.run(click(t.client, t.bob, now[0], r"^hd:o:1$", channel=t.channel))
    assert all(s.where == "ephemeral" and s.target == t.bob.id for s in opened.recorded)
    hints = [s for s in opened.recorded if DM_HELP in s.text()]
    assert len(hints) == 1 and "/log" in hints[0].text() and "Privacy Settings" in hints[0].text()
    menu = choices_for(opened.recorded, "blue")
    bid = t.run(click(t.client, t.bob, menu, r"^hd:s:1:", value="2"))
    assert not any(DM_HELP in s.text() for s in bid.recorded)  # told once
    t.deliver()
    # bob's private log line could not be DMed; it is not posted publicly either, and /log has it
    assert not any("You bid 3" in s.text() for s in t.client.recorder.public())
    log = t.cmd("log", t.bob)
    assert "🔒 You bid 3." in log.recorded[-1].content and log.recorded[-1].where == "ephemeral"
    # /hand is ephemeral; with dm:True it tries a DM and falls back to the ephemeral reply with the hint
    hand = t.cmd("hand", t.bob)
    assert [s.where for s in hand.recorded] == ["ephemeral"] and "only you can see this" in hand.recorded[-1].content
    assert "my bid" in hand.recorded[-1].content and "3" in hand.recorded[-1].content
    by_dm = t.cmd("hand", t.bob, dm=True)
    assert [s.where for s in by_dm.recorded] == ["ephemeral"] and DM_HELP in by_dm.recorded[-1].content
    assert "my bid" in by_dm.recorded[-1].content
    # alice's DMs are open: dm:True sends her view by DM, with a short private note in the channel
    view = t.cmd("view", t.alice, dm=True)
    assert [s.where for s in view.recorded] == ["ephemeral"] and "direct message" in view.recorded[-1].content
    dms = [s for s in t.client.recorder.to_user(t.alice.id) if s.where == "dm"]
    assert "only you can see this" in dms[-1].content
    plain = t.cmd("view", t.alice)
    assert [s.where for s in plain.recorded] == ["ephemeral"]
    red_dm = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    t.run(click(t.client, t.alice, red_dm, r"^hd:s:1:", value="0"))
    t.deliver()
    assert not any("DM" in s.text() for s in t.client.recorder.public())
    assert t.client.all_answered_once() == []
    t.service.close()


def test_admin_powers(table):
    t = table
    t.cmd("game new", t.alice, game="duel", role="red")
    t.cmd("game join", t.bob)
    swapped = t.cmd("game swap", t.bob, role="red")      # alice's seat: only asked
    assert "asked Alice to exchange seats" in swapped.recorded[-1].content
    t.cmd("game accept-swap", t.alice)
    assert t.service.status(1).seats[0].user_id == str(t.bob.id)
    t.cmd("game swap", t.alice, role="red")               # and back again
    t.cmd("game accept-swap", t.bob)
    assert t.service.status(1).seats[0].user_id == str(t.alice.id)
    refused = t.cmd("game start", t.bob)
    assert "Only the game master" in refused.recorded[-1].content
    t.cmd("game start", t.alice)
    refused = t.cmd("admin pause", t.bob)
    assert "Only the game master" in refused.recorded[-1].content
    from tests.discordbot.fakes import FakeChannel, FakeGuild

    elsewhere = FakeChannel(t.client.recorder, 777, FakeGuild(2, "Other"))
    t.client.channels[777] = elsewhere
    refused = t.cmd("admin pause", t.carol, channel=elsewhere, game="1")  # Manage Server, but another server
    assert "no game #1 in this server" in refused.recorded[-1].content
    assert t.service.status(1).status == "active"
    t.deliver()
    before = len(t.client.recorder.public())
    paused = t.cmd("admin pause", t.carol)  # Manage Server in this guild
    assert "paused" in paused.recorded[-1].content
    assert t.service.status(1).status == "paused"
    # the channel is told who really did it, in the service's own notice
    notice = "\n".join(s.text() for s in t.client.recorder.public()[before:])
    assert "is paused by Carol (Manage Server) for the game master" in notice and "Done by" not in notice
    t.cmd("admin resume", t.alice)
    t.cmd("admin extend-deadline", t.alice, hours=24)
    dave = t.client.add_user("dave")
    t.cmd("admin replace-seat", t.alice, role="blue", user=dave)
    assert t.service.status(1).seats[1].user_id == str(dave.id)
    # dave now gets blue's choices; bob no longer can act
    t.deliver()
    assert any(choices_for([s], "blue") for s in t.client.recorder.to_user(dave.id) if s.custom_ids())
    nothing = t.cmd("play", t.bob)
    assert "no seat" in nothing.recorded[-1].content
    t.cmd("admin end", t.carol, winner="red", reason="blue conceded", confirm=True)
    assert t.service.status(1).status == "finished" and t.service.status(1).result.winners == ("red",)
    again = t.cmd("admin abort", t.alice, reason="testing", game="1")
    assert "already finished" in again.recorded[-1].content
    assert t.client.all_answered_once() == []


def test_reading_commands(table):
    t = table
    t.start_game()
    for path in ("game status", "game list", "log", "deadline", "game history", "view", "help"):
        inter = t.cmd(path, t.alice)
        assert inter.recorded and all(s.where == "ephemeral" for s in inter.recorded), path
    m = t.cmd("map", t.alice)
    assert m.recorded[-1].where == "channel" and "Game #1" in m.recorded[-1].content
    auto = t.cmd("game autopass", t.bob, on=True)
    assert "autopass On" in auto.recorded[-1].content
    v = t.cmd("vacation", t.bob, days=3)
    assert "Vacation until" in v.recorded[-1].content
    t.cmd("vacation", t.bob, days=0)
    # a DM: the game is found through the user's games
    dm = t.cmd("play", t.alice, channel=None)
    assert choices_for(dm.recorded, "red").target == t.alice.id
    # autocomplete answers from the legal actions and the user's games
    suggestions = t.ac("autocomplete_order", t.alice, "bid", game=None)
    assert [c.value.split(":", 2)[2] for c in suggestions] == ["bid:1", "bid:2", "bid:3"]
    assert all(c.value.startswith(f"@{t.service.status(1).version}:red:") for c in suggestions)
    games = t.ac("autocomplete_game", t.alice, "")
    assert games and games[0].value == "1"
    assert [c.value for c in t.ac("autocomplete_scenario", t.alice, "", game="duel")] == ["standard"]
    assert [c.value for c in t.ac("autocomplete_role", t.alice, "", game="1", role=None)] == ["red", "blue"]
    assert [c.value for c in t.ac("autocomplete_turn", t.alice, "", game=None)] == ["1"]
    assert t.client.all_answered_once() == []
