"""Seats holding several roles (issue 11 item 3): named seatings at creation, replace_seat and seat
exchange move every role of the seat together."""

import pytest

from bot.service import BadOption
from tests.table.conftest import harbours_game


def test_named_seatings_are_listed_and_chosen_at_creation(service):
    assert [s.id for s in service.seatings("harbours", players=2)] == ["across", "neighbours"]
    assert [s.id for s in service.seatings("harbours", players=4)] == ["one-each"]
    with pytest.raises(BadOption, match="not 5"):
        service.seatings("harbours", players=5)
    with pytest.raises(BadOption, match="No seating 'round'"):
        service.create_game("harbours", channel="c", creator_id="ann", players=2, seating="round")
    status = service.create_game("harbours", channel="c", creator_id="ann", players=2, seating="neighbours")
    assert [s.roles for s in status.seats] == [("north", "east"), ("south", "west")]


def test_replace_seat_by_any_of_its_roles_hands_over_all_of_them(service):
    game = harbours_game(service, players=2, seating="across")     # ann: north+south, ben: east+west
    seat = service.replace_seat(game, "ann", "south", "eve", "Eve")
    assert seat.roles == ("north", "south") and seat.user_id == "eve"
    assert {rc.role for rc in service.choices(game, "eve")} == {"north", "south"}
    assert service.choices(game, "ann") == []
    assert "hand:north" in service.view(game, "eve")["zones"] and isinstance(
        service.view(game, "eve")["zones"]["hand:south"], list)
    # a your-move notice for both roles reaches eve in one message
    last = service.db.execute("SELECT text FROM outbox WHERE kind = 'your_move' ORDER BY id DESC LIMIT 1").fetchone()
    assert "for 2 of your roles" in last[0]


def test_seat_exchange_before_the_start_moves_both_roles(service):
    status = service.create_game("harbours", channel="c", creator_id="ann", players=3, seating="east-west")
    service.join(status.game_id, "ann", seat=1)
    service.join(status.game_id, "ben", seat="west")                # the seat holding east and west
    service.swap(status.game_id, "ann", "east")                     # asks ben for his seat
    moved = service.swap(status.game_id, "ben", 1)                  # ben agrees by asking back
    seats = service.status(status.game_id).seats
    assert moved.user_id == "ben" and seats[1].roles == ("east", "west") and seats[1].user_id == "ann"
