"""The table service with the Duel test game: lifecycle, errors that change nothing, undo, log audience,
history, replay, admin powers, listings."""

import json

import pytest

from bot.service import (BadOption, BadState, CannotUndo, Forbidden, GameFull, IllegalOrder, NotFound,
                         NotYourSeat, NotYourTurn, SeatTaken, ServiceError, StaleVersion, TableService)
from bot.config import Config
from rules.richard3 import ENGINE as RICHARD3
from tests.service.conftest import dump, started_game
from tests.support.duel import ENGINE as DUEL


def play_round(svc, game, red="bid:2", blue="bid:1"):
    svc.submit(game, "alice", red)
    svc.submit(game, "bob", blue)


def test_a_game_runs_from_creation_to_the_end(service):
    created = service.create_game("duel", channel="chan", creator_id="alice", creator_name="Alice")
    assert created.status == "open" and created.gm == "alice" and len(created.seats) == 2
    service.join(created.game_id, "alice", "Alice")
    service.join(created.game_id, "bob", "Bob", seat="blue")
    status = service.start(created.game_id, "alice")
    assert status.status == "active" and status.turn_label == "Round 1"
    assert {w.role for w in status.waiting} == {"red", "blue"}
    assert all(w.deadline is not None for w in status.waiting)
    for _ in range(10):
        if service.status(created.game_id).status == "finished":
            break
        play_round(service, created.game_id, "bid:3", "bid:1")
    final = service.status(created.game_id)
    assert final.status == "finished" and final.result.winners == ("red",)
    assert final.waiting == ()
    assert service.replay(created.game_id).ok


def test_choices_list_prompt_and_legal_actions_per_role(service):
    game = started_game(service)
    (rc,) = service.choices(game, "alice")
    assert rc.role == "red" and rc.kind == "secret" and [a.id for a in rc.actions] == ["bid:1", "bid:2", "bid:3"]
    service.submit(game, "alice", "bid:1")
    assert service.choices(game, "alice") == []
    assert service.choices(game, "carol") == []


@pytest.mark.parametrize("call, error", [
    (lambda s, g: s.submit(999, "alice", "bid:1"), NotFound),
    (lambda s, g: s.submit("abc", "alice", "bid:1"), NotFound),
    (lambda s, g: s.submit(g, "carol", "bid:1"), NotYourSeat),
    (lambda s, g: s.submit(g, "alice", "bid:1", role="blue"), NotYourSeat),
    (lambda s, g: s.submit(g, "alice", "bid:9"), IllegalOrder),
    (lambda s, g: s.submit(g, "alice", ""), IllegalOrder),
    (lambda s, g: s.submit(g, "alice", "bid:1; DROP TABLE games"), IllegalOrder),
    (lambda s, g: s.submit(g, "alice", "bid:1", expected_version=0), StaleVersion),
    (lambda s, g: s.submit(g, "alice", "bid:1", expected_version=5), StaleVersion),
    (lambda s, g: s.pause(g, "bob"), Forbidden),
    (lambda s, g: s.abort(g, "bob"), Forbidden),
    (lambda s, g: s.replace_seat(g, "bob", 1, "mallory"), Forbidden),
    (lambda s, g: s.extend_deadline(g, "bob", 3600), Forbidden),
    (lambda s, g: s.end(g, "bob", ["blue"]), Forbidden),
    (lambda s, g: s.join(g, "carol", "Carol"), BadState),
    (lambda s, g: s.leave(g, "carol"), NotYourSeat),   # after the start a player may leave (issue 32)
    (lambda s, g: s.start(g, "alice"), BadState),
    (lambda s, g: s.view(g, "alice", role="blue"), NotYourSeat),
    (lambda s, g: s.history(g, "alice", 99), NotFound),
    (lambda s, g: s.undo(g, "alice"), CannotUndo),
    (lambda s, g: s.resume(g, "alice"), BadState),
    (lambda s, g: s.end(g, "alice", ["green"]), BadOption),
])
def test_bad_input_gets_a_specific_error_and_changes_nothing(service, call, error):
    game = started_game(service)
    before = dump(service)
    with pytest.raises(error) as raised:
        call(service, game)
    assert raised.value.code == error.code and raised.value.message
    assert dump(service) == before


def test_acting_out_of_turn_is_refused_and_changes_nothing(service):
    game = started_game(service)
    service.submit(game, "alice", "bid:2")
    before = dump(service)
    with pytest.raises(NotYourTurn, match="not your turn"):
        service.submit(game, "alice", "bid:3")
    assert dump(service) == before


def test_joining_errors(service):
    created = service.create_game("duel", channel="chan", creator_id="alice")
    game = created.game_id
    service.join(game, "alice")
    before = dump(service)
    with pytest.raises(BadState, match="already sit"):
        service.join(game, "alice")
    with pytest.raises(SeatTaken):
        service.join(game, "bob", seat=1)
    with pytest.raises(NotFound, match="seats 1 to 2"):
        service.join(game, "bob", seat=7)
    with pytest.raises(NotFound, match="no seat 'green'"):
        service.join(game, "bob", seat="green")
    with pytest.raises(BadState, match="Seat 2"):
        service.start(game, "alice")
    assert dump(service) == before
    service.join(game, "bob")
    before = dump(service)
    with pytest.raises(GameFull, match="full") as raised:
        service.join(game, "carol")
    assert raised.value.code == "game_full"
    assert dump(service) == before


def test_create_game_errors(service):
    before = dump(service)
    with pytest.raises(NotFound, match="Unknown game"):
        service.create_game("chess", channel="c", creator_id="a")
    with pytest.raises(BadOption, match="no scenario"):
        service.create_game("duel", channel="c", creator_id="a", scenario="epic")
    with pytest.raises(BadOption, match="Unknown option"):
        service.create_game("duel", channel="c", creator_id="a", options={"speed": 3})
    with pytest.raises(BadOption, match="players"):
        service.create_game("duel", channel="c", creator_id="a", players=3)
    with pytest.raises(BadOption, match="policy"):
        service.create_game("duel", channel="c", creator_id="a", deadlines={"policy": "sulk"})
    with pytest.raises(BadOption, match="duration"):
        service.create_game("duel", channel="c", creator_id="a", deadlines={"turn": "soon"})
    assert dump(service) == before


def test_leave_and_swap_before_start(service):
    game = service.create_game("duel", channel="chan", creator_id="alice").game_id
    service.join(game, "alice")
    service.join(game, "bob")
    asked = service.swap(game, "alice", "blue")         # bob's seat: only a request
    assert asked.roles == ("blue",) and asked.user_id == "bob" and asked.swap_requests == ("alice",)
    assert [s.user_id for s in service.status(game).seats] == ["alice", "bob"]
    seat = service.swap(game, "bob", "red")             # bob swaps back: he agrees
    assert seat.roles == ("red",) and seat.user_id == "bob"
    assert [s.user_id for s in service.status(game).seats] == ["bob", "alice"]
    assert all(s.swap_requests == () for s in service.status(game).seats)
    service.leave(game, "bob")
    assert service.status(game).seats[0].user_id is None
    with pytest.raises(NotYourSeat):
        service.leave(game, "bob")
    moved = service.swap(game, "alice", "red")          # a free seat is taken at once
    assert moved.user_id == "alice" and service.status(game).seats[1].user_id is None


def test_undo_takes_back_only_ones_own_reversible_last_action(service):
    game = started_game(service)
    service.submit(game, "alice", "bid:3")
    version = service.status(game).version
    undone = service.undo(game, "alice")
    assert undone.action == "bid:3" and undone.version == version + 1
    assert [rc.role for rc in service.choices(game, "alice")] == ["red"]
    assert service.view(game, "alice")["my_bid"] is None
    assert all("bid 3" not in l.text for l in service.log(game, "alice"))
    service.submit(game, "alice", "bid:1")
    with pytest.raises(CannotUndo, match="nothing to take back"):
        service.undo(game, "bob")
    service.submit(game, "bob", "bid:2")  # reveal and dice: irreversible
    with pytest.raises(CannotUndo, match="cannot be taken back"):
        service.undo(game, "bob")
    with pytest.raises(CannotUndo):
        service.undo(game, "alice")
    assert service.replay(game).ok


def test_log_respects_the_audience(service):
    game = started_game(service)
    service.submit(game, "alice", "bid:3")
    alice = [l.text for l in service.log(game, "alice")]
    bob = [l.text for l in service.log(game, "bob")]
    public = [l.text for l in service.log(game, None)]
    assert "You bid 3." in alice
    assert "You bid 3." not in bob and "You bid 3." not in public
    assert "Red has chosen a bid." in bob and "Red has chosen a bid." in public
    assert service.view(game, "bob")["my_bid"] is None and service.view(game, None)["my_bid"] is None
    assert service.view(game, "alice")["my_bid"] == 3


def test_spectators_see_only_public_things(service):
    game = started_game(service)
    service.spectate(game, "sam", "Sam")
    assert service.spectators(game) == ["sam"]
    service.submit(game, "alice", "bid:3")
    assert service.view(game, "sam") == service.view(game, None)
    assert not any(l.private for l in service.log(game, "sam"))
    with pytest.raises(NotYourSeat):
        service.submit(game, "sam", "bid:1")


def test_digest_shows_what_is_new_since_the_last_look(service):
    game = started_game(service)
    assert service.digest(game, "bob") == []
    service.submit(game, "alice", "bid:2")
    assert [l.text for l in service.digest(game, "bob")] == ["Red has chosen a bid."]
    assert service.digest(game, "bob") == []
    service.submit(game, "bob", "bid:1")  # acting counts as looking
    assert service.digest(game, "bob") == []
    texts = [l.text for l in service.digest(game, "alice")]
    assert any("red bid 2, blue bid 1" in t for t in texts) and "You bid 1." not in texts


def test_your_move_notice_carries_what_happened_since_the_last_look(service):
    game = started_game(service)
    service.submit(game, "alice", "bid:2")
    service.submit(game, "bob", "bid:1")
    notice = [m for m in service.outbox.pending(500) if m.kind == "your_move" and m.target == "alice"][-1]
    assert "Since you last looked:" in notice.text and "red bid 2, blue bid 1" in notice.text
    assert "You bid 1." not in notice.text


def test_history_keeps_one_snapshot_per_turn(service):
    game = started_game(service)
    play_round(service, game, "bid:3", "bid:1")
    service.submit(game, "alice", "bid:2")
    turns = service.history(game)
    assert [t.turn_label for t in turns] == ["Round 1", "Round 2"]
    assert [t.pos for t in turns] == [0, 2]
    detail = service.history(game, "bob", 1)
    assert detail.view["round"] == 1
    assert "Round 1: red bid 3, blue bid 1." in detail.log[-1].text


def test_replay_detects_a_tampered_state(service):
    game = started_game(service)
    play_round(service, game)
    assert service.replay(game).ok
    state = json.loads(service.db.execute("SELECT state FROM games WHERE id = ?", [game]).fetchone()[0])
    state["score"]["blue"] += 5
    service.db.execute("UPDATE games SET state = ? WHERE id = ?", [json.dumps(state), game])
    report = service.replay(game)
    assert not report.ok and "current state differs" in report.verdict()
    service.db.execute("UPDATE log SET text = 'Blue bid 3.' WHERE text = 'You bid 1.'")
    assert "the log of action 2" in service.replay(game).verdict()


def test_an_engine_crash_refuses_the_order_and_changes_nothing(tmp_path):
    from tests.support.duel import Duel

    class BrokenDuel(Duel):
        def _apply(self, state, role, action, ctx):
            if action.id == "bid:3":
                raise KeyError("oops")
            super()._apply(state, role, action, ctx)

    svc = TableService(str(tmp_path / "b.db"), engines={"duel": BrokenDuel()})
    game = started_game(svc)
    before = dump(svc)
    with pytest.raises(ServiceError) as raised:
        svc.submit(game, "alice", "bid:3")
    assert raised.value.code == "engine_error" and "nothing was changed" in raised.value.message
    assert dump(svc) == before
    svc.submit(game, "alice", "bid:2")
    svc.close()


def test_request_ids_make_submission_idempotent(service):
    game = started_game(service)
    first = service.submit(game, "alice", "bid:2", request_id="r-1")
    again = service.submit(game, "alice", "bid:2", request_id="r-1")
    assert again.duplicate and again.version == first.version
    assert service.status(game).version == first.version
    assert service.db.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 1


def test_admin_powers(service):
    game = started_game(service)
    service.pause(game, "alice")
    with pytest.raises(BadState, match="paused"):
        service.submit(game, "bob", "bid:1")
    service.resume(game, "alice")
    seat = service.replace_seat(game, "alice", "blue", "carol", "Carol")
    assert seat.user_id == "carol"
    with pytest.raises(NotYourSeat):
        service.submit(game, "bob", "bid:1")
    service.submit(game, "carol", "bid:1")
    before = service.status(game).waiting[0].deadline
    service.extend_deadline(game, "alice", 3600)
    assert service.status(game).waiting[0].deadline == before + 3600
    ended = service.end(game, "alice", ["blue"], "red conceded")
    assert ended.status == "finished" and ended.result.winners == ("blue",)
    with pytest.raises(BadState):
        service.submit(game, "alice", "bid:1")
    other = started_game(service)
    assert service.abort(other, "alice").status == "aborted"


def test_config_admins_have_game_master_powers(tmp_path, frozen):
    from bot.config import Config
    from tests.service.conftest import ENGINES
    svc = TableService(str(tmp_path / "a.db"), Config(admins=("root",)), engines=ENGINES)
    game = started_game(svc)
    assert svc.pause(game, "root").status == "paused"
    assert svc.is_admin(game, "root") and not svc.is_admin(game, "bob")


def test_listings_and_catalogue(service):
    first = started_game(service)
    second = service.create_game("duel", channel="other", creator_id="bob").game_id
    assert [g.game_id for g in service.games_in_channel("chan")] == [first]
    assert {g.game_id for g in service.games_of_user("bob")} == {first, second}
    assert [g.game_id for g in service.games_of_user("alice")] == [first]
    service.abort(first, "alice")
    assert service.games_in_channel("chan") == []
    assert [g.game_id for g in service.games_in_channel("chan", include_finished=True)] == [first]
    assert service.roles("duel") == [("red", "Red"), ("blue", "Blue")]
    assert service.engine("duel").title == "Duel"
    with pytest.raises(BadOption):
        service.roles("duel", "epic")
    with pytest.raises(NotFound):
        service.engine("chess")
    catalogue = {c.id: c for c in service.catalogue()}
    assert catalogue["duel"].title == "Duel" and catalogue["duel"].scenarios[0].id == "standard"


def test_errors_share_one_base_with_codes():
    codes = {cls.code for cls in (NotFound, NotYourSeat, NotYourTurn, IllegalOrder, StaleVersion, GameFull,
                                  Forbidden, BadOption, BadState, CannotUndo)}
    assert len(codes) == 10
    assert issubclass(SeatTaken, GameFull) and issubclass(NotFound, ServiceError)


def test_service_opens_from_config_alone(tmp_path):
    from bot.config import Config
    svc = TableService(Config(database_path=str(tmp_path / "from-config.db")))
    assert (tmp_path / "from-config.db").exists()
    svc.close()


def test_a_stale_screen_is_rechecked_against_the_fresh_state(service):
    game = started_game(service)
    service.submit(game, "bob", "bid:1")               # blue commits while red looks at version 1
    applied = service.submit(game, "alice", "bid:2", expected_version=1)
    assert applied.version == 3                         # same question, still legal: not lost
    before = dump(service)
    with pytest.raises(StaleVersion, match="moved on"):  # red acted since version 1: never twice
        service.submit(game, "alice", "bid:3", expected_version=1)
    assert dump(service) == before


def test_a_stale_screen_with_a_different_question_is_refused(tmp_path):
    from rules.core import Prompt
    from tests.support.duel import Duel

    class CountingDuel(Duel):  # the question changes when the other player commits
        def _prompt(self, state, role):
            return Prompt(f"Choose your secret bid ({len(state['bids'])} already in).", "secret")

    svc = TableService(str(tmp_path / "q.db"), engines={"duel": CountingDuel()})
    game = started_game(svc)
    svc.submit(game, "bob", "bid:1")
    with pytest.raises(StaleVersion):
        svc.submit(game, "alice", "bid:2", expected_version=1)
    assert svc.submit(game, "alice", "bid:2", expected_version=2).version == 3
    svc.close()


def test_undo_back_across_a_turn_boundary(service):
    game = started_game(service, "skirmish")
    service.submit(game, "alice", "attack")           # no dice, nothing hidden: reversible
    assert [t.turn_label for t in service.history(game)] == ["Attack 1", "Attack 2"]
    service.undo(game, "alice")
    status = service.status(game)
    assert status.turn_label == "Attack 1" and [w.role for w in status.waiting] == ["attacker"]
    assert [t.turn_label for t in service.history(game)] == ["Attack 1"]
    notices = [m for m in service.outbox.pending(500) if m.kind == "your_move" and m.target == "alice"]
    assert len(notices) == 2                           # the attacker is told to move again
    assert service.replay(game).ok


def test_log_counts_zero_as_nothing(service):
    game = started_game(service)
    service.submit(game, "alice", "bid:2")
    assert service.log(game, "alice", 0) == []
    assert len(service.log(game, "alice", None)) == len(service.log(game, "alice", 50)) == 2
    with pytest.raises(BadOption):
        service.log(game, "alice", -1)


def test_a_taken_back_action_disappears_from_the_log(service):
    game = started_game(service, "skirmish")
    before = service.log(game, "bob")
    service.submit(game, "alice", "attack")
    service.undo(game, "alice")
    lines = service.log(game, "bob")
    assert lines == before and not any("takes back" in l.text or "strikes" in l.text for l in lines)
    notices = [m.text for m in service.outbox.pending(100) if m.target_kind == "channel"]
    assert any(t.startswith("Attacker takes back: The attacker strikes.") for t in notices)   # the channel saw it


def test_your_move_leaves_out_the_players_own_actions(service):
    game = started_game(service)
    service.submit(game, "alice", "bid:2")
    service.submit(game, "bob", "bid:1")            # bob's own bid revealed the round
    round_two = [m for m in service.outbox.pending(500) if m.kind == "your_move" and "Round 2" in m.text]
    bob = [m for m in round_two if m.target == "bob"][0]
    alice = [m for m in round_two if m.target == "alice"][0]
    assert "Since you last looked" not in bob.text   # nothing new to him: no digest at all
    assert "red bid 2, blue bid 1" in alice.text


def test_errors_name_roles_as_players_know_them(service):
    game = started_game(service)
    with pytest.raises(NotFound, match="no role 'green'; its roles are Red, Blue"):
        service.submit(game, "alice", "bid:1", role="green")
    with pytest.raises(NotYourSeat, match="You do not play Blue in game #1; you play Red"):
        service.view(game, "alice", role="blue")
    with pytest.raises(BadOption, match=r"Duel \(Standard\) is for 2 players, not 3"):
        service.create_game("duel", channel="c", creator_id="a", players=3)
    assert service.submit(game, "alice", "bid:1", role="Red").role == "red"


def test_choices_say_when_the_clock_is_stopped(service):
    game = started_game(service)
    assert not service.choices(game, "alice")[0].paused
    service.pause(game, "alice")
    assert service.choices(game, "alice")[0].paused
    service.resume(game, "alice")
    service.set_vacation("alice", service._now() + 86400)
    assert service.choices(game, "alice")[0].paused and not service.choices(game, "bob")[0].paused


def test_warm_pictures_draws_each_game_with_pictures_once_and_skips_the_others(tmp_path):
    svc = TableService(str(tmp_path / "warm.db"), Config(), engines={"richard3": RICHARD3, "duel": DUEL})
    assert svc.warm_pictures() == ["richard3"]   # the test-only Duel has no renderer: skipped, no error
    svc.close()


def test_the_since_you_last_looked_notice_leaves_out_private_lines(service):
    """A private line came by itself as a private message: the "your move" notice does not repeat it."""
    game = started_game(service)
    service.submit(game, "bob", "bid:1")
    service.db.execute("INSERT INTO log (game_id, action_row, pos, audience, text, kind, at) VALUES "
                       "(?,NULL,1,?,?,'info',0)", [game, '["red"]', "Only red reads this."])
    text = service._unseen_text(service._game(game), "alice", {"red"})
    assert "Blue has chosen a bid." in text and "Only red reads this." not in text
