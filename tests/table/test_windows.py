"""Reaction windows at the table (issue 11 item 2) with Four Harbours: one private message per player for
a batch of windows (all their roles together), never a mention in the channel; the timing kinds' deadlines."""

from bot.config import DeadlineSettings
from tests.table.conftest import bid_all, harbours_game, holder


def _new_messages(service, after: int):
    return list(service.db.query("SELECT * FROM outbox WHERE id > ? ORDER BY id", [after]))


def _last_id(service) -> int:
    return service.db.execute("SELECT COALESCE(MAX(id), 0) FROM outbox").fetchone()[0]


def test_a_raid_window_reaches_each_player_once_with_all_their_roles_and_is_never_mentioned(service):
    game = harbours_game(service, players=2, seating="across")      # ann: north+south, ben: east+west
    bid_all(service, game)
    mover = service.status(game).waiting[0].role
    raider = holder(service, game, mover)
    target = next(r for r in ("east", "west", "north", "south") if holder(service, game, r) != raider)
    mark = _last_id(service)
    service.submit(game, raider, f"raid:{target}", role=mover)
    messages = _new_messages(service, mark)
    moves = [m for m in messages if m["kind"] == "your_move"]
    by_player = {}
    for m in moves:
        by_player.setdefault(holder(service, game, m["target"]), []).append(m)
    other = "ben" if raider == "ann" else "ann"
    assert len(by_player[other]) == 1                       # two harbours asked, one message
    assert "for 2 of your roles" in by_player[other][0]["text"]
    assert len(by_player.get(raider, [])) == 1              # the raider's partner harbour is asked too
    # the channel hears of the raid but nobody is mentioned for the window
    assert not [m for m in messages if m["kind"] == "waiting"]
    public = " ".join(m["text"] for m in messages if m["target_kind"] == "channel")
    assert "raids" in public and "Now:" not in public
    assert all(m["private"] for m in moves)


def test_an_automatic_pass_sends_nothing_to_the_passer_and_reads_like_any_pass(service):
    game = harbours_game(service)
    bid_all(service, game)
    mover = service.status(game).waiting[0].role
    state = service._state(service._game(game))
    others = [r for r in ("north", "east", "south", "west") if r != mover]
    target = others[0]
    quiet = next(r for r in others[1:] if not any(c.startswith("ambush") for c in state["zones"][f"hand:{r}"]))
    service.set_autopass(game, holder(service, game, quiet))
    mark = _last_id(service)
    service.submit(game, holder(service, game, mover), f"raid:{target}")
    messages = _new_messages(service, mark)
    assert not [m for m in messages if m["kind"] == "your_move" and m["target"] == quiet]
    # what the others read of the automatic pass is what a pass by hand shows: nothing at all (issue 33: who
    # has answered a window is not told), and the status still names the quiet harbour with the window
    lines = [l.text for l in service.log(game, holder(service, game, target))[-3:]]
    assert not any(quiet.title() in line for line in lines[-1:]), lines
    assert not any("automatic" in line.lower() or "nothing" in line.lower() or "has chosen" in line
                   for line in lines)
    assert quiet in [w.role for w in service.status(game).waiting]


def test_each_timing_kind_has_its_own_default_deadline_overridable_per_game(service):
    settings = DeadlineSettings()
    assert [settings.for_kind(k) for k in ("turn", "secret", "reaction", "negotiation")] == [
        2 * 86400, 2 * 86400, 6 * 3600, 86400]
    assert settings.merged({"negotiation": "3h"}).for_kind("negotiation") == 3 * 3600
    status = service.create_game("harbours", channel="c2", creator_id="ann", players=4,
                                 deadlines={"secret": "1h", "reaction": "10m"})
    for user in ("ann", "ben", "cat", "dan"):
        service.join(status.game_id, user)
    service.start(status.game_id, "ann", seed=1)
    waiting = service.status(status.game_id).waiting
    assert {w.kind for w in waiting} == {"secret"}
    assert all(w.deadline == waiting[0].deadline for w in waiting)
    assert waiting[0].deadline - service.status(status.game_id).started_at == 3600
