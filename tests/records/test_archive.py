"""The archive of a finished game (issue 32, item 5): one HTML page with the log turn by turn, the public
map at each turn's end and the final position, within Discord's 10 MiB, public facts only; and the
replay picture, the public map turn by turn as one animated WebP under the same limit."""

from __future__ import annotations

import base64
import html
import io
import re

import pytest
from PIL import Image

from bot.table.archive import FILE_LIMIT
from bot.service import BadOption, Forbidden


def _pictures(page: str) -> list[Image.Image]:
    return [Image.open(io.BytesIO(base64.b64decode(data)))
            for data in re.findall(r'src="data:image/webp;base64,([A-Za-z0-9+/=]+)"', page)]


@pytest.mark.parametrize("name", ["richard3", "crownofroses"])
def test_the_archive_holds_every_turn_with_its_picture_and_the_final_position(finished, archives, name):
    service, ids = finished
    made = archives[name]
    page = made.data.decode("utf-8")
    turns = service.history(ids[name])
    assert made.turns == len(turns) >= 2 and made.pictured == len(turns)
    assert len(made.data) <= FILE_LIMIT
    assert "<script" not in page.lower()                     # opens anywhere, runs nothing
    for turn in turns:
        assert f'id="turn-{turn.index}"' in page and html.escape(turn.turn_label) in page
    assert 'id="final"' in page and "Result:" in page
    pictures = _pictures(page)
    assert len(pictures) == len(turns) + 1                      # each turn's end, and the final position
    assert all(p.format == "WEBP" and p.width == made.width for p in pictures)


@pytest.mark.parametrize("name", ["richard3", "crownofroses"])
def test_the_archive_is_the_public_record_only(finished, archives, name):
    """Every public log line is in it, and no line addressed to one role (a hand, a secret choice)."""
    service, ids = finished
    page = html.unescape(archives[name].data.decode("utf-8"))
    public = service.log(ids[name], None, limit=None)
    assert public and all(line.text in page for line in public)
    everyone = {line.text for line in public}
    private = [l.text for user in ("alice", "bob") for l in service.log(ids[name], user, limit=None)
               if l.private and l.text not in everyone]
    assert private, "the game logged private lines"
    assert not [text for text in private if f"<li>{text}</li>" in page]


def test_a_long_game_gets_smaller_pictures_then_fewer_to_fit(finished, archives):
    service, ids = finished
    full = archives["richard3"]
    smaller = service.archive(ids["richard3"], limit=len(full.data) * 2 // 3)
    assert len(smaller.data) <= len(full.data) * 2 // 3 and smaller.width < full.width
    assert "pictures are" in smaller.data.decode() and "pixels wide" in smaller.data.decode()
    tiny = service.archive(ids["richard3"], limit=400_000)
    assert len(tiny.data) <= 400_000 and tiny.pictured < tiny.turns
    assert "only every" in tiny.data.decode() and len(_pictures(tiny.data.decode())) == tiny.pictured + 1
    with pytest.raises(BadOption, match="does not fit"):
        service.archive(ids["richard3"], limit=20_000)


def test_the_replay_picture_animates_the_public_map_turn_by_turn(finished):
    service, ids = finished
    data = service.replay_picture(ids["richard3"])
    assert len(data) <= FILE_LIMIT
    picture = Image.open(io.BytesIO(data))
    assert picture.format == "WEBP" and picture.is_animated
    assert picture.n_frames == len(service.history(ids["richard3"])) + 1     # the start, then each turn's end
    small = service.replay_picture(ids["richard3"], limit=len(data) // 2)
    assert len(small) <= len(data) // 2 and Image.open(io.BytesIO(small)).width < picture.width


def test_results_and_standings_of_the_finished_games(finished):
    service, ids = finished
    games, standings = service.results("g1")
    assert [g.game_id for g in games] == sorted(ids.values(), reverse=True)
    r3 = next(g for g in games if g.game == "richard3")
    assert r3.winners and r3.reason and r3.players == ("Alice", "Bob")
    by_player = {(s.game, s.user_id): s for s in standings}
    for game in ("richard3", "crownofroses"):
        alice, bob = by_player[(game, "alice")], by_player[(game, "bob")]
        assert alice.games == bob.games == 1 and alice.wins + bob.wins == 1
        winner, loser = (alice, bob) if alice.wins else (bob, alice)
        assert (winner.average_place, loser.average_place) == (1.0, 2.0)
    assert service.results("another server") == ([], [])
    only = service.results("g1", "crownofroses")[0]
    assert [g.game for g in only] == ["crownofroses"]


def test_the_archive_of_an_unstarted_game_is_refused(finished):
    service, _ = finished
    status = service.create_game("richard3", channel="c2", creator_id="carol", creator_name="Carol")
    with pytest.raises(Exception, match="not started"):
        service.archive(status.game_id)
    with pytest.raises(Forbidden):
        service.change_settings(status.game_id, "dave", {"deadline.turn": "1d"})


def test_frames_of_different_heights_share_one_size(finished, monkeypatch):
    """A map whose legend grows during the game is drawn taller: every frame is padded to the tallest."""
    from bot.table import archive as module

    service, ids = finished
    drawn = iter(range(1000))
    real = module.ArchiveMixin._draw_public

    def taller_each_time(self, name, view, kind):
        png = real(self, name, view, kind)
        image = Image.open(io.BytesIO(png))
        grown = Image.new("RGB", (image.width, image.height + 7 * next(drawn)), "white")
        grown.paste(image, (0, 0))
        out = io.BytesIO()
        grown.save(out, format="PNG")
        return out.getvalue()

    monkeypatch.setattr(module.ArchiveMixin, "_draw_public", taller_each_time)
    picture = Image.open(io.BytesIO(service.replay_picture(ids["richard3"])))
    assert picture.is_animated and picture.n_frames == len(service.history(ids["richard3"])) + 1
