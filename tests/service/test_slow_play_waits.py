"""Deadlines that run from when the game started waiting for a role (its own sub-steps do not restart
them), reminders at most once per offset and wait, the "default" policy finishing a role's turn in a
bounded way, and what a passed deadline says in public (never the action taken: it can be a secret)."""

from datetime import timedelta

import pytest

from bot import scheduling
from bot.config import Config, DeadlineSettings
from bot.service import TableService
from tests.service.conftest import ENGINES, make_service, started_game
from tests.service.engines import Marches

HOUR, DAY = 3600, 86400


@pytest.fixture
def svc_factory(tmp_path, frozen):
    made = []

    def make(engines=None, reminders=(DAY, 2 * HOUR), **deadlines):
        config = Config(deadlines=DeadlineSettings().merged(deadlines), reminders_before=tuple(reminders))
        svc = TableService(str(tmp_path / f"w{len(made)}.db"), config, engines=engines or ENGINES)
        made.append(svc)
        return svc
    yield make
    for svc in made:
        svc.close()


def messages(svc, kind=None, target=None):
    return [m for m in svc.outbox.pending(5000)
            if (kind is None or m.kind == kind) and (target is None or m.target == target)]


def deadline_of(svc, game, role):
    return [w for w in svc.status(game).waiting if w.role == role][0].deadline


def test_a_players_own_sub_steps_do_not_restart_the_deadline_or_send_reminders(svc_factory, frozen):
    svc = svc_factory(turn="1d", policy="wait", reminders=(DAY, 2 * HOUR))
    game = started_game(svc, "marches")
    due = deadline_of(svc, game, "north")
    for _ in range(3):                      # each click is a sub-step of the same turn
        frozen.tick(timedelta(minutes=30))
        svc.submit(game, "alice", "march")
        svc.tick()
        assert deadline_of(svc, game, "north") == due
    assert messages(svc, "reminder") == []  # the 1d offset is not shorter than the 1d deadline: skipped
    assert len(messages(svc, "your_move", "alice")) == 1
    frozen.tick(timedelta(hours=20, minutes=30, seconds=1))  # under 2h left: one reminder, once
    svc.tick()
    svc.tick()
    assert len(messages(svc, "reminder", "alice")) == 1
    svc.submit(game, "alice", "end")        # a new turn for the other role: its own fresh deadline
    assert deadline_of(svc, game, "south") == pytest.approx(frozen().timestamp() + DAY)


def test_reminders_fire_once_per_offset_in_a_wait():
    before = (DAY, 2 * HOUR)
    due = 10 * DAY
    assert scheduling.reminders_due(before, due, due - DAY, 0, whole=DAY) is None       # skipped offset
    assert scheduling.reminders_due(before, due, due - DAY, 0, whole=2 * DAY) == 1
    assert scheduling.reminders_due(before, due, due - HOUR, 1, whole=2 * DAY) == 2
    assert scheduling.reminders_due(before, due, due - HOUR, 2, whole=2 * DAY) is None
    assert scheduling.reminders_due(before, due, due - HOUR, 0, whole=DAY) == 2          # 2h, collapsed
    assert scheduling.reminders_due(before, due, due - HOUR, 0, whole=HOUR) is None      # both skipped


def test_a_new_game_turn_or_kind_of_decision_starts_a_new_wait():
    assert scheduling.continues_wait("turn", "turn", False, False)
    assert not scheduling.continues_wait("turn", "turn", True, False)
    assert not scheduling.continues_wait("turn", "turn", False, True)
    assert not scheduling.continues_wait("secret", "turn", False, False)
    assert not scheduling.continues_wait(None, "turn", False, False)


def test_the_default_policy_finishes_the_roles_turn_once_and_only_says_so_in_public(svc_factory, frozen):
    svc = svc_factory(turn="1d", policy="default")
    game = started_game(svc, "marches")
    svc.submit(game, "alice", "march")      # one march by hand, then alice goes quiet
    frozen.tick(timedelta(days=1, seconds=1))
    report = svc.tick()
    assert report.defaulted == 3            # two more marches and the end of the turn, in one tick
    actions = [tuple(r) for r in svc.db.execute("SELECT role, action, user_id FROM actions ORDER BY id")]
    assert actions == [("north", "march", "alice")] + [("north", "march", "system:deadline")] * 2 + [
        ("north", "end", "system:deadline")]
    status = svc.status(game)
    assert status.turn_label == "Turn 2" and [w.role for w in status.waiting] == ["south"]
    assert deadline_of(svc, game, "south") == pytest.approx(frozen().timestamp() + DAY)
    public = "\n".join(m.text for m in messages(svc) if m.target_kind == "channel")
    public += "\n".join(l.text for l in svc.log(game, None))
    assert public.count("The deadline for North (Alice) has passed; the default was taken for them.") == 2
    assert "secret-north" not in public and "March with" not in public and "End the turn" not in public
    private = [m.text for m in messages(svc, "private_log", "alice")]
    assert sum("'March with the secret-north banner' was played for you" in t for t in private) == 2
    assert any("'End the turn' was played for you" in t for t in private)
    assert svc.tick().defaulted == 0        # nothing more is due: applied once, not at every tick
    assert svc.replay(game).ok


def test_a_default_that_never_ends_the_turn_is_bounded(svc_factory, frozen):
    svc = svc_factory(engines={"marches": Marches(stubborn=True)}, turn="1d", policy="default")
    game = started_game(svc, "marches")
    frozen.tick(timedelta(days=1, seconds=1))
    report = svc.tick()
    assert report.defaulted == scheduling.MAX_DEFAULTS_PER_WAIT and report.waiting == 1
    assert svc.status(game).waiting[0].role == "north"
    assert any("the game waits for them" in m.text for m in messages(svc, "deadline", "chan"))
    frozen.tick(timedelta(days=3))
    assert svc.tick().defaulted == 0        # it now waits for the player, as the "wait" policy does


def test_a_secret_choice_already_made_is_not_waited_for(svc_factory, frozen):
    from rules.core import Prompt
    from tests.support.duel import Duel

    class ChangeableDuel(Duel):            # a bid made stays active (changeable) until the reveal
        def _active_roles(self, state):
            return ["red", "blue"]

        def _prompt(self, state, role):
            return Prompt("Bid.", "secret", committed=role in state["bids"])

        def _apply(self, state, role, action, ctx):
            if role in state["bids"]:
                state["bids"][role] = int(action.id.split(":")[1])
                return
            super()._apply(state, role, action, ctx)

        def default_action(self, state, role):
            return None if role in state["bids"] else "bid:1"

    svc = svc_factory(engines={"duel": ChangeableDuel()}, secret="1d", policy="default")
    game = started_game(svc)
    svc.submit(game, "alice", "bid:2")
    waiting = {w.role: w for w in svc.status(game).waiting}
    assert waiting["red"].committed and not waiting["blue"].committed
    frozen.tick(timedelta(hours=23))
    svc.tick()
    assert [m.target for m in messages(svc, "reminder")] == ["bob"]   # not alice: she has chosen
    frozen.tick(timedelta(hours=2))
    report = svc.tick()
    assert report.defaulted == 1 and report.waiting == 0              # blue's default; red not "waited for"
    assert not any("waits for them" in m.text for m in messages(svc, "deadline"))


def test_substitute_policy_never_hands_a_second_seat_to_a_seated_player(svc_factory, frozen):
    svc = svc_factory(secret="1h", policy="substitute")   # no substitute set: the game master, alice
    game = started_game(svc)
    svc.submit(game, "alice", "bid:2")
    frozen.tick(timedelta(hours=2))
    report = svc.tick()
    assert report.substituted == 0 and report.waiting == 1
    assert svc.status(game).seats[1].user_id == "bob"
    note = [m for m in messages(svc, "deadline", "alice")]
    assert note and note[0].private and "already plays Red" in note[0].text
    assert not any("already plays" in m.text for m in messages(svc) if m.target_kind == "channel")


def test_substitute_policy_hands_the_seat_to_a_game_master_who_does_not_play(svc_factory, frozen):
    svc = svc_factory(secret="1h", policy="substitute")
    game = svc.create_game("duel", channel="chan", creator_id="gm", creator_name="Gamemaster").game_id
    svc.join(game, "alice")
    svc.join(game, "bob")
    svc.start(game, "gm")
    svc.submit(game, "alice", "bid:2")
    frozen.tick(timedelta(hours=2))
    assert svc.tick().substituted == 1
    assert svc.status(game).seats[1].user_id == "gm"
    svc.submit(game, "gm", "bid:1")
    assert svc.status(game).turn_label == "Round 2"


def test_the_console_advance_help_says_the_offset_is_lost_at_exit():
    from bot.console import HELP
    assert "lost when the console exits" in HELP


def test_engines_with_sub_steps_replay(svc_factory):
    svc = svc_factory()
    game = started_game(svc, "marches")
    svc.submit(game, "alice", "march")
    svc.submit(game, "alice", "end")
    assert svc.replay(game).ok


def test_make_service_still_builds_a_default_service(tmp_path, frozen):
    svc = make_service(tmp_path / "d.db")
    assert svc.config.reminders_before == (DAY, 2 * HOUR)
    svc.close()


def test_an_engine_bug_in_one_game_does_not_stop_the_others_deadlines(svc_factory, frozen):
    class Broken(Marches):
        def default_action(self, state, role):
            raise RuntimeError("no default here")

    class Crashing(Marches):
        def _apply(self, state, role, action, ctx):
            raise KeyError("boom")

    svc = svc_factory(engines={"broken": Broken(), "crashing": Crashing(), "marches": Marches()},
                      turn="1d", policy="default")
    broken = started_game(svc, "broken")
    crashing = started_game(svc, "crashing")
    fine = started_game(svc, "marches")
    frozen.tick(timedelta(days=1, seconds=1))
    report = svc.tick()
    assert svc.status(fine).turn_label == "Turn 2"       # played by default despite the others
    assert any("no default here" in n for n in report.notes)
    assert any(f"game #{crashing}" in n and "failed" in n for n in report.notes)
    assert report.waiting == 1                           # the crashing game waits for its player instead
    assert svc.status(broken).version == svc.status(crashing).version == 1


def test_a_player_who_missed_a_deadline_is_not_waited_for_again_in_that_game_turn(svc_factory, frozen):
    """Under the default policy an absent player costs one deadline a game turn, not one for every phase or
    battle step they are asked about again: later waits that turn are due at once, until they act."""
    from rules.richard3 import ENGINE as RICHARD3
    svc = svc_factory(engines={"richard3": RICHARD3}, turn="1d", secret="1d", policy="default")
    game = svc.create_game("richard3", channel="chan", creator_id="alice", scenario="1483").game_id
    svc.join(game, "alice", seat="york")
    svc.join(game, "bob", seat="lancaster")
    svc.start(game, "alice", seed=3)
    turn = svc.status(game).turn_label
    frozen.tick(timedelta(days=1, seconds=1))
    for _ in range(40):                     # ticks a minute apart: nobody ever gives an order
        svc.tick()
        frozen.tick(timedelta(minutes=1))
    assert svc.status(game).turn_label != turn   # the whole game turn was played by defaults
    notices = [m.text for m in messages(svc, "your_move")]
    assert any("You missed a deadline this game turn" in t for t in notices)
    # a new game turn gives each player a full deadline again
    assert all(w.deadline > frozen().timestamp() + DAY - 3600 for w in svc.status(game).waiting)


def test_an_order_of_ones_own_ends_the_missed_deadline_rule(svc_factory, frozen):
    from rules.richard3 import ENGINE as RICHARD3
    svc = svc_factory(engines={"richard3": RICHARD3}, turn="1d", secret="1d", policy="default")
    game = svc.create_game("richard3", channel="chan", creator_id="alice", scenario="1483").game_id
    svc.join(game, "alice", seat="york")
    svc.join(game, "bob", seat="lancaster")
    svc.start(game, "alice", seed=3)
    frozen.tick(timedelta(days=1, seconds=1))
    svc.tick()                              # both card plays defaulted
    assert svc.db.execute("SELECT COUNT(*) FROM preferences WHERE key = 'missed_deadline_turn'").fetchone()[0] == 2
    mover = svc.status(game).waiting[0]
    if mover.deadline <= frozen().timestamp():   # due at once: the player acts before the next tick
        choice = svc.choices(game, mover.user_id)[0]
        svc.submit(game, mover.user_id, choice.actions[0].id, role=choice.role)
    assert svc.db.execute("SELECT COUNT(*) FROM preferences WHERE key = 'missed_deadline_turn' AND user_id = ?",
                          [mover.user_id]).fetchone()[0] == 0
