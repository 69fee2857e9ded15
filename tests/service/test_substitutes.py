"""Leaving a started game and substitutes (issue 32, item 3): the deadline policy decides who holds a seat
given up, anyone who does not play may volunteer, the game master (or the players by majority, where the
game master chose so) accepts, and the new player gets the seat's private history and nobody else's."""

from datetime import timedelta

import pytest

from bot.service import BadOption, BadState, Forbidden, NotFound, NotYourSeat, SeatTaken
from tests.service.conftest import dump, make_service, started_game


def outbox_since(svc, after):
    return svc.db.execute("SELECT kind, target_kind, target, private, text FROM outbox WHERE id > ? ORDER BY id",
                          [after]).fetchall()


def last_id(svc):
    return svc.db.execute("SELECT COALESCE(MAX(id), 0) FROM outbox").fetchone()[0]


def test_under_the_wait_policy_a_seat_left_is_empty_and_offered(service):
    game = started_game(service)
    said = service.leave(game, "bob")
    assert "You left seat 2 (Blue)" in said and "the game waits" in said
    status = service.status(game)
    assert status.seats[1].user_id is None and status.status == "active"
    (entry,) = service.board(which="open").entries
    assert entry.open_seats[0].seat == 2 and entry.open_seats[0].stand_in is None
    assert service.log(game, "bob") == service.log(game, None)   # bob reads only public lines now


def test_under_the_robot_policy_the_computer_holds_the_seat(tmp_path, frozen):
    svc = make_service(tmp_path / "h.db", policy="robot")
    game = started_game(svc)
    assert "Herald's computer player holds it" in svc.leave(game, "bob")
    assert svc.status(game).seats[1].user_id.startswith("system:robot:")
    assert svc.board(which="open").entries[0].open_seats[0].stand_in.startswith("Herald's computer player")
    svc.tick()                                             # the computer answers for the seat at the next tick
    assert [w.role for w in svc.status(game).waiting if not w.committed] == ["red"]
    svc.close()


def test_under_the_default_policy_the_deadline_plays_the_default_for_an_empty_seat(tmp_path, frozen):
    svc = make_service(tmp_path / "h.db", policy="default")
    game = started_game(svc)
    svc.submit(game, "alice", "bid:1")
    svc.leave(game, "bob")
    frozen.tick(timedelta(days=2, minutes=1))
    assert svc.tick().defaulted == 1
    svc.close()


def test_volunteering_and_the_game_masters_acceptance(service):
    game = started_game(service)
    service.submit(game, "bob", "bid:3")             # a private line to Blue: "You bid 3."
    service.leave(game, "bob")
    before = dump(service)
    with pytest.raises(BadState, match="already play Red"):
        service.volunteer(game, "alice")
    with pytest.raises(SeatTaken, match="played by Alice and was not given up"):
        service.volunteer(game, "carol", "Carol", seat="red")   # a seat already taken
    with pytest.raises(NotFound, match="Nobody has volunteered"):
        service.accept_substitute(game, "alice")
    assert dump(service) == before
    service.volunteer(game, "carol", "Carol")
    with pytest.raises(BadState, match="already volunteered"):
        service.volunteer(game, "carol", "Carol")
    other = service.create_game("duel", channel="c2", creator_id="dave", creator_name="Dave").game_id
    before = dump(service)
    with pytest.raises(Forbidden, match=r"Only the game master \(Alice\)"):
        service.accept_substitute(game, "dave", "carol")      # the game master of another game
    assert dump(service) == before and other != game
    mark = last_id(service)
    alice_reads = (service.log(game, "alice", None), service.describe(game, "alice"))
    said = service.accept_substitute(game, "alice", "Carol")
    # secrecy: the others read exactly what they read before; the old player only the public log
    assert (service.log(game, "alice", None), service.describe(game, "alice")) == alice_reads
    assert service.log(game, "bob", None) == service.log(game, None, None)
    assert service.describe(game, "bob") == service.describe(game, None)
    assert "Carol now plays seat 2 (Blue)" in said
    assert service.status(game).seats[1].user_id == "carol"
    sent = outbox_since(service, mark)
    private = [row for row in sent if row[3]]
    assert private and all(row[1:3] == ("user", "carol") for row in private if row[0] == "notice")
    assert "You bid 3." in private[-1][4] and "Blue" in private[-1][4]
    assert all("You bid" not in row[4] for row in sent if not (row[1:3] == ("user", "carol")))
    assert [line.text for line in service.seat_history(game, "carol", once=True)] == ["You bid 3."]
    assert service.seat_history(game, "carol", once=True) == []    # shown once
    assert [e.game_id for e in service.board(which="open").entries] == [other]   # only the lobby of game 2


def test_a_spectator_cannot_leave_and_nobody_volunteers_for_a_seat_not_given_up(service):
    game = started_game(service)
    service.spectate(game, "erin", "Erin")
    before = dump(service)
    with pytest.raises(NotYourSeat, match="as a spectator"):
        service.leave(game, "erin")
    with pytest.raises(NotFound, match="No seat of game #1 is waiting for a substitute"):
        service.volunteer(game, "erin")
    assert dump(service) == before


def test_acceptance_by_majority_where_the_game_master_chooses_so(tmp_path, frozen):
    from bot.config import Config
    from bot.service import TableService
    from tests.support.harbours import ENGINE as HARBOURS
    svc = TableService(str(tmp_path / "h.db"), Config(), engines={"harbours": HARBOURS})
    game = svc.create_game("harbours", channel="chan", creator_id="gm", creator_name="Gm").game_id
    for p in ("alice", "bob", "carol", "dave"):
        svc.join(game, p, p.title())
    svc.start(game, "gm")
    before = dump(svc)
    with pytest.raises(BadOption, match="majority"):
        svc.set_substitute_acceptance(game, "gm", "vote")
    with pytest.raises(Forbidden, match="choose who accepts substitutes"):
        svc.set_substitute_acceptance(game, "bob", "majority")
    svc.leave(game, "dave")
    svc.volunteer(game, "zoe", "Zoe")
    with pytest.raises(Forbidden, match=r"Only the game master \(Gm\)"):
        svc.accept_substitute(game, "alice", "zoe")          # the game master decides alone by default
    svc.set_substitute_acceptance(game, "gm", "majority")
    assert "Your vote for Zoe is counted: 1 of the 2 needed (3 players vote)" in svc.accept_substitute(game, "alice")
    svc.accept_substitute(game, "alice")                      # voting twice counts once
    assert svc.status(game).seats[3].user_id is None
    with pytest.raises(Forbidden, match="do not play in this game"):
        svc.accept_substitute(game, "mallory", "zoe")
    assert "Zoe now plays seat 4" in svc.accept_substitute(game, "carol", "zoe")
    assert svc.status(game).seats[3].user_id == "zoe"
    svc.close()


def test_a_seat_left_during_a_vacation_gets_its_clock_back(service, frozen):
    """Vacations and substitutes: the clock a vacation stopped runs again once its player has left."""
    game = started_game(service)
    service.submit(game, "alice", "bid:1")
    frozen.tick(timedelta(days=1))                         # bob has a day left
    service.set_vacation("bob", frozen.time_to_freeze.timestamp() + 10 * 86400)
    paused = service.status(game).waiting
    assert [w.paused for w in paused if w.role == "blue"] == [True]
    service.leave(game, "bob")
    service.tick()
    (blue,) = [w for w in service.status(game).waiting if w.role == "blue"]
    assert not blue.paused and blue.deadline == pytest.approx(frozen.time_to_freeze.timestamp() + 86400, abs=2)
    service.volunteer(game, "carol", "Carol")
    service.set_vacation("carol", frozen.time_to_freeze.timestamp() + 3 * 86400)
    service.accept_substitute(game, "alice", "carol")      # the substitute brings their own vacation
    service.tick()
    assert [w.paused for w in service.status(game).waiting if w.role == "blue"] == [True]


def test_the_game_masters_replace_seat_takes_a_seat_off_the_board(service):
    game = started_game(service)
    service.leave(game, "bob")
    service.volunteer(game, "carol", "Carol")
    service.replace_seat(game, "alice", "blue", "dave", "Dave")
    assert service.board(which="open").total == 0
    with pytest.raises(NotFound, match="No seat of game #1 is waiting"):
        service.accept_substitute(game, "alice", "carol")


def test_asking_to_be_replaced_keeps_the_seat_until_a_substitute_is_accepted(service):
    game = started_game(service)
    assert "you play it until a substitute is accepted" in service.ask_substitute(game, "bob")
    before = dump(service)
    with pytest.raises(BadState, match="already asked"):
        service.ask_substitute(game, "bob")
    with pytest.raises(NotYourSeat):
        service.ask_substitute(game, "carol")
    with pytest.raises(BadState, match="have not asked"):
        service.ask_substitute(game, "alice", withdraw=True)
    assert dump(service) == before
    (seat,) = service.board(which="open").entries[0].open_seats
    assert seat.staying and seat.stand_in == "Bob" and service.status(game).seats[1].user_id == "bob"
    service.submit(game, "bob", "bid:2")                   # bob plays on meanwhile
    service.volunteer(game, "carol", "Carol")
    service.leave(game, "bob")                             # leaving after asking keeps the volunteers
    assert service.board(which="open").entries[0].open_seats[0].volunteers == ("Carol",)
    service.accept_substitute(game, "alice")
    assert service.status(game).seats[1].user_id == "carol"


def test_a_request_to_be_replaced_can_be_withdrawn(service):
    game = started_game(service)
    service.ask_substitute(game, "bob")
    service.volunteer(game, "carol", "Carol")
    assert "your request is withdrawn" in service.ask_substitute(game, "bob", withdraw=True)
    assert service.board(which="open").total == 0
    with pytest.raises(NotFound):
        service.volunteer(game, "dave", "Dave")
