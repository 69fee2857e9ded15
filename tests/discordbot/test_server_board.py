"""Issue 32 on Discord (items 1–3), with the fake Discord: /games (the board, its filters and its page
buttons), /nudge, /admin lateness, /game leave after the start, /sub volunteer, /sub accept and /admin
substitutes. Every answer is private; every refusal is clear and changes nothing. A substitute's first
/hand shows the seat's earlier private lines, and nobody else is sent anything new in private."""

from __future__ import annotations

from datetime import timedelta

from tests.discordbot.fakes import dispatch
from tests.service.conftest import dump


def said(interaction) -> str:
    return interaction.recorded[-1].content or ""


def all_private(t) -> bool:
    return all(s.where == "ephemeral" for i in t.client.interactions for s in i.recorded)


def test_the_board_lists_the_games_of_this_server_with_whose_move_and_who_is_late(table, frozen):
    t = table
    t.start_game()
    t.cmd("play", t.alice, game=None, role=None)
    t.service.submit(1, "%d" % t.alice.id, "bid:2")
    frozen.tick(timedelta(days=3))
    shown = said(t.cmd("games", t.carol, filter=None, page=None))
    assert "**#1 Duel**" in shown and f"<#{t.channel.id}>" in shown and "Red: Alice · Blue: Bob" in shown
    assert "Waiting for Blue (Bob) for 3d" in shown and "late" in shown and "Waiting for Red" not in shown
    waiting = said(t.cmd("games", t.bob, filter="waiting", page=None))
    assert "#1 Duel" in waiting
    assert "#1 Duel" not in said(t.cmd("games", t.alice, filter="waiting", page=None))   # her bid is made
    refused = t.cmd("games", t.alice, filter="newest", page=None)
    assert "no filter 'newest'" in said(refused) and "waiting" in said(refused)
    assert "has 1 page, not 4" in said(t.cmd("games", t.alice, filter=None, page=4))
    assert all_private(t) and t.client.all_answered_once() == []


def test_the_board_hides_games_in_channels_the_reader_cannot_see(table):
    t = table
    t.start_game()
    hidden = t.client.add_channel("staff")
    hidden.hidden_from.add(t.bob.id)
    t.cmd("game new", t.carol, channel=hidden, game="duel")
    assert "#2" not in said(t.cmd("games", t.bob, filter=None, page=None))
    assert "#2" in said(t.cmd("games", t.carol, filter=None, page=None))
    in_dm = said(t.cmd("games", t.bob, channel=None, filter=None, page=None))   # by DM: only one's own games
    assert in_dm.startswith("**Your games**") and "#1 Duel" in in_dm and "#2" not in in_dm
    assert "Nothing here" in said(t.cmd("games", t.client.add_user("zed"), channel=None, filter=None, page=None))


def test_the_board_is_paged_with_buttons(table):
    t = table
    for n in range(7):
        t.cmd("game new", t.alice, channel=t.client.add_channel(f"c{n}"), game="duel")
    first = t.cmd("games", t.bob, filter=None, page=None).recorded[-1]
    assert "page 1 of 2 · 7 games" in first.content and "#7 Duel" in first.content and "#1 Duel" not in first.content
    assert "hd:b:all:2" in first.custom_ids()
    click = t.run(dispatch(t.client, t.bob, first, "hd:b:all:2", channel=t.channel))   # as Discord routes it
    edited = click.recorded[-1]
    assert edited.edit and edited.where == "ephemeral" and "page 2 of 2" in edited.content and "#1 Duel" in edited.content
    assert t.client.all_answered_once() == []


def test_nudge_once_per_step_and_the_game_masters_lateness(table, frozen):
    t = table
    t.start_game()
    t.service.submit(1, str(t.alice.id), "bid:2")
    frozen.tick(timedelta(hours=6))
    t.deliver()
    before = len(t.client.recorder.to_user(t.bob.id))
    assert "Nudged in game #1: Bob" in said(t.cmd("nudge", t.alice, game=None))
    t.deliver()
    nudges = t.client.recorder.to_user(t.bob.id)[before:]
    assert any("Alice nudges you" in (s.content or "") for s in nudges)
    state = dump(t.service)
    again = t.cmd("nudge", t.alice, game=None)
    assert "already nudged for this step" in said(again)
    assert "only for you" in said(t.cmd("nudge", t.bob, game=None))
    assert dump(t.service) == state
    t.service.submit(1, str(t.bob.id), "bid:1")
    record = said(t.cmd("admin lateness", t.alice, game=None))
    assert "Bob (Blue): 1 move after a reminder or nudge" in record and "nudged 1 time" in record
    refused = t.cmd("admin lateness", t.bob, game=None)
    assert "Only the game master" in said(refused)
    assert all_private(t) and t.client.all_answered_once() == []


def test_leaving_volunteering_and_accepting_with_the_refusals(table):
    t = table
    dave = t.client.add_user("dave")
    erin = t.client.add_user("erin")
    t.start_game()
    t.cmd("game follow", erin, game=None)
    state = dump(t.service)
    assert "spectator" in said(t.cmd("game leave", erin, game="1"))           # a spectator asking to leave
    assert "not given up" in said(t.cmd("sub volunteer", dave, game="1", role="red"))   # a seat already taken
    assert dump(t.service) == state
    left = said(t.cmd("game leave", t.bob, game=None))
    assert "You left seat 2 (Blue)" in left and "until a substitute is accepted" in left
    assert "Open seat 2 (Blue): empty" in said(t.cmd("games", dave, filter="open", page=None))
    assert "You volunteer for seat 2 (Blue)" in said(t.cmd("sub volunteer", dave, game="1", role=None))
    other = t.client.add_channel("other")
    t.cmd("game new", erin, channel=other, game="duel")                        # erin: game master of game 2
    state = dump(t.service)
    refused = t.cmd("sub accept", erin, game="1", volunteer=dave, role=None)
    assert "Only the game master (Alice)" in said(refused)
    assert dump(t.service) == state
    assert "Dave now plays seat 2 (Blue)" in said(t.cmd("sub accept", t.alice, game="1", volunteer=None, role=None))
    assert t.service.status(1).seats[1].user_id == str(dave.id)
    assert all_private(t) and t.client.all_answered_once() == []


def test_a_substitutes_first_hand_shows_the_seats_history_and_nobody_else_gets_anything_new(table):
    t = table
    dave = t.client.add_user("dave")
    t.start_game()
    t.cmd("order", t.bob, order="bid:3", game=None, role=None)           # Blue's private line: "You bid 3."
    t.cmd("game leave", t.bob, game=None)
    t.cmd("sub volunteer", dave, game=None, role=None)
    t.deliver()
    mark = len(t.client.recorder.sent)
    t.cmd("sub accept", t.alice, game="1", volunteer=dave, role=None)
    t.deliver()
    new = t.client.recorder.sent[mark:]
    private_new = [s for s in new if s.where != "channel"]
    assert all(s.target in (dave.id, t.alice.id) for s in private_new)
    assert not [s for s in private_new if s.target == t.alice.id and s.interaction is None]   # no DM to alice
    assert not [s for s in new if s.target == t.bob.id]                     # the old player: nothing at all
    assert all("You bid 3" not in (s.content or "") for s in new if s.target != dave.id)
    welcome = [s for s in private_new if s.target == dave.id and s.where == "dm"]
    assert welcome and "What this seat was told before you took it" in welcome[0].content
    assert "You bid 3." in welcome[0].content
    first = said(t.cmd("hand", dave, game=None, role=None))
    assert "Before you took this seat" in first and "You bid 3." in first
    assert "Before you took this seat" not in said(t.cmd("hand", dave, game=None, role=None))   # once
    assert "no seat" in said(t.cmd("hand", t.bob, game="1", role=None))
    assert t.client.all_answered_once() == []


def test_majority_acceptance_is_the_game_masters_choice(table):
    t = table
    t.start_game()
    state = dump(t.service)
    refused = t.cmd("admin substitutes", t.bob, by="majority", game=None)
    assert "Only the game master" in said(refused)
    assert "say who accepts substitutes" in said(t.cmd("admin substitutes", t.alice, by="everyone", game=None)).lower()
    assert dump(t.service) == state
    assert "majority" in said(t.cmd("admin substitutes", t.alice, by="majority", game=None))
    assert t.service.db.execute("SELECT json_extract(settings, '$.substitutes') FROM games").fetchone()[0] == "majority"
    assert t.service.status(1).status == "active" and all_private(t)


def test_asking_to_be_replaced_on_discord(table):
    t = table
    dave = t.client.add_user("dave")
    t.start_game()
    assert "you play it until a substitute is accepted" in said(t.cmd("sub ask", t.bob, withdraw=False, game=None))
    state = dump(t.service)
    assert "already asked" in said(t.cmd("sub ask", t.bob, withdraw=False, game=None))
    assert "do not hold a seat" in said(t.cmd("sub ask", dave, withdraw=False, game="1"))
    assert dump(t.service) == state
    assert "Bob plays it until replaced" in said(t.cmd("games", dave, filter="open", page=None))
    assert "withdrawn" in said(t.cmd("sub ask", t.bob, withdraw=True, game=None))
    assert all_private(t) and t.client.all_answered_once() == []
