"""Undo per role (issue 11 item 1) with Four Harbours: the log is replayed without the player's own last
action; later actions of other roles stand while they are still legal."""

import pytest

from bot.service import CannotUndo
from tests.table.conftest import bid_all, first_bid, harbours_game, holder


def test_role_one_undoes_its_bid_after_roles_two_and_three_bid_and_their_bids_stand(service):
    game = harbours_game(service)
    for role, user in (("north", "ann"), ("east", "ben"), ("south", "cat")):
        service.submit(game, user, first_bid(service, game, role))
    undone = service.undo(game, "ann")
    assert undone.role == "north" and undone.action.startswith("bid:")
    waiting = service.engine("harbours").waiting(service._state(service._game(game)))
    assert waiting["committed"] == ["east", "south"]                # their secret steps stand
    assert [rc.prompt for rc in service.choices(game, "ann")] == ["Bid one card from your hand, face down."]
    assert "You chose" not in " ".join(l.text for l in service.log(game, "ann")[-3:])
    assert service.replay(game).ok
    # the game goes on from there: north bids again, west bids, the reveal follows
    service.submit(game, "ann", first_bid(service, game, "north"))
    service.submit(game, "dan", first_bid(service, game, "west"))
    assert any(l.kind == "reveal" for l in service.log(game, None))
    assert service.replay(game).ok


def test_undo_is_refused_after_a_reveal_with_the_reason(service):
    game = harbours_game(service)
    bid_all(service, game)                                        # the last bid reveals all four
    with pytest.raises(CannotUndo, match="revealed"):
        service.undo(game, "dan")
    with pytest.raises(CannotUndo, match="since then something was revealed"):
        service.undo(game, "ann")


def test_undo_is_refused_when_another_players_later_step_depended_on_it(service):
    game = harbours_game(service)
    bid_all(service, game)
    mover = service.status(game).waiting[0].role
    user = holder(service, game, mover)
    target = next(r for r in ("north", "east", "south", "west") if r != mover)
    service.submit(game, user, f"raid:{target}")
    responder = next(w for w in service.status(game).waiting)
    service.submit(game, responder.user_id, "pass", role=responder.role)   # answers the raid's window
    before = service.status(game).version
    with pytest.raises(CannotUndo, match="has acted since"):
        service.undo(game, user)
    assert service.status(game).version == before


def test_the_mover_undoes_a_raid_after_an_automatic_pass(service):
    game = harbours_game(service)
    bid_all(service, game)
    mover = service.status(game).waiting[0].role
    user = holder(service, game, mover)
    engine = service.engine("harbours")
    # someone who holds nothing to answer a raid with asked to pass at once
    state = service._state(service._game(game))
    others = [r for r in ("north", "east", "south", "west") if r != mover]
    target = others[0]
    quiet = next(r for r in others[1:] if not any(c.startswith("ambush") for c in state["zones"][f"hand:{r}"]))
    service.set_autopass(game, holder(service, game, quiet))
    service.submit(game, user, f"raid:{target}")
    actions = service.db.execute("SELECT role, user_id FROM actions WHERE game_id = ? AND undone = 0 ORDER BY pos",
                                 [game]).fetchall()
    assert actions[-1] == (quiet, "system:autopass")
    undone = service.undo(game, user)
    assert undone.action == f"raid:{target}"
    state = service._state(service._game(game))
    assert engine.active_roles(state) == [mover] and state["flow"][-1]["name"] == "act"
    assert service.replay(game).ok
    # the raid can be made again, and the automatic pass comes again
    service.submit(game, user, f"raid:{target}")
    assert service.db.execute("SELECT role FROM actions WHERE game_id = ? AND undone = 0 ORDER BY pos DESC LIMIT 1",
                              [game]).fetchone()[0] == quiet


def test_a_player_with_two_roles_names_which_to_undo(service):
    game = harbours_game(service, players=2, seating="across")     # ann: north+south, ben: east+west
    service.submit(game, "ann", first_bid(service, game, "north"), role="north")
    service.submit(game, "ben", first_bid(service, game, "east"), role="east")
    service.submit(game, "ann", first_bid(service, game, "south"), role="south")
    undone = service.undo(game, "ann", role="north")               # not her last action, but north's
    assert undone.role == "north"
    waiting = service.engine("harbours").waiting(service._state(service._game(game)))
    assert waiting["committed"] == ["east", "south"]
    with pytest.raises(CannotUndo, match="nothing to take back"):
        service.undo(game, "ann", role="north")
    assert service.replay(game).ok
