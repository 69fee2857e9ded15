"""The server's board (issue 32, item 1): a server's games with whom they wait for, since when, the
deadlines and who is late; the filters (mine, waiting on me, open seats, finished) and the pages."""

from datetime import timedelta

import pytest

from bot.service import BadOption
from tests.service.conftest import dump, started_game


def game_in(svc, guild, channel, players=("alice", "bob")):
    status = svc.create_game("duel", channel=channel, creator_id=players[0], creator_name=players[0].title(),
                             guild=guild)
    for p in players:
        svc.join(status.game_id, p, p.title())
    if len(players) == 2:
        svc.start(status.game_id, players[0])
    return status.game_id


def test_the_board_lists_the_servers_games_with_whom_they_wait_for_and_who_is_late(service, frozen):
    first = game_in(service, "g1", "c1")
    second = game_in(service, "g1", "c2", ("carol",))     # not started: seat 2 is free
    elsewhere = game_in(service, "g2", "c9")
    service.submit(first, "alice", "bid:2")
    frozen.tick(timedelta(days=3))          # the two-day deadline has passed for bob
    page = service.board(guild="g1")
    assert [e.game_id for e in page.entries] == [second, first] and elsewhere not in [e.game_id for e in page.entries]
    entry = page.entries[1]
    assert entry.channel == "c1" and entry.turn_label == "Round 1" and entry.title == "Duel"
    (wait,) = entry.waiting                  # alice's secret bid is made: the game waits for bob only
    assert wait.user_name == "Bob" and wait.role_name == "Blue" and wait.late and wait.deadline is not None
    assert page.entries[0].status == "open" and [s.seat for s in page.entries[0].open_seats] == [2]


def test_the_filters_mine_waiting_open_and_finished(service):
    mine = game_in(service, "g1", "c1")
    other = game_in(service, "g1", "c2", ("carol", "dave"))
    lobby = game_in(service, "g1", "c3", ("erin",))
    service.submit(mine, "alice", "bid:1")
    assert [e.game_id for e in service.board(guild="g1", user_id="alice", which="mine").entries] == [mine]
    assert service.board(guild="g1", user_id="alice", which="waiting").total == 0   # her bid is made
    assert [e.game_id for e in service.board(guild="g1", user_id="bob", which="waiting").entries] == [mine]
    assert [e.game_id for e in service.board(guild="g1", which="open").entries] == [lobby]
    service.concede(other, "carol")
    finished = service.board(guild="g1", which="finished").entries
    assert [e.game_id for e in finished] == [other] and "Carol" not in finished[0].result
    assert "Red conceded" in finished[0].result and "winner: Blue" in finished[0].result


def test_the_board_shows_only_the_channels_the_reader_can_see_and_their_own_games(service):
    seen = game_in(service, "g1", "c1", ("carol", "dave"))
    hidden = game_in(service, "g1", "secret", ("erin", "frank"))
    played = game_in(service, "g1", "secret2")
    ids = [e.game_id for e in service.board(guild="g1", channels=["c1"], user_id="alice").entries]
    assert seen in ids and played in ids and hidden not in ids


def test_pages_and_bad_input(service):
    for n in range(7):
        game_in(service, "g1", f"c{n}")
    first = service.board(guild="g1", page=1, page_size=5)
    second = service.board(guild="g1", page=2, page_size=5)
    assert (first.pages, first.total, len(first.entries), len(second.entries)) == (2, 7, 5, 2)
    assert not {e.game_id for e in first.entries} & {e.game_id for e in second.entries}
    before = dump(service)
    with pytest.raises(BadOption, match="has 2 pages, not 3"):
        service.board(guild="g1", page=3, page_size=5)
    with pytest.raises(BadOption, match="no filter 'latest'.*waiting"):
        service.board(guild="g1", which="latest")
    with pytest.raises(BadOption, match="numbered from 1"):
        service.board(guild="g1", page=0)
    assert dump(service) == before


def test_an_empty_board_has_one_empty_page(service):
    page = service.board(guild="nowhere")
    assert (page.page, page.pages, page.total, page.entries) == (1, 1, 0, ())
    started_game(service)   # created without a server: not on a server's board
    assert service.board(guild="nowhere").total == 0 and service.board().total == 1


def test_a_game_that_cannot_be_read_says_so_in_its_line_and_the_board_stands(tmp_path, frozen):
    from bot.config import Config
    from bot.service import TableService
    from tests.support.duel import ENGINE as DUEL
    path = tmp_path / "h.db"
    svc = TableService(str(path), Config(), engines={"duel": DUEL})
    game = started_game(svc)
    svc.close()
    svc = TableService(str(path), Config(), engines={})    # the game's engine is no longer offered
    (entry,) = svc.board().entries
    assert entry.game_id == game and "cannot be read now" in entry.turn_label and "duel" in entry.turn_label
    svc.close()
