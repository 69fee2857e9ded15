"""The outbox: addressing rules, at-least-once delivery bookkeeping, retries, image requests."""

import sqlite3
import sys
import types
from datetime import timedelta

import pytest

from bot.config import Config
from bot.outbox import ImageRequest, PublicTargetError
from bot.service import NotFound, RenderUnavailable, TableService
from tests.service.conftest import ENGINES, started_game


def test_a_private_message_can_never_go_to_a_channel(service):
    with pytest.raises(PublicTargetError):
        service.outbox.add(kind="notice", text="secret", channel="chan", private=True)
    with pytest.raises(sqlite3.IntegrityError):  # and the database refuses it too
        service.db.execute("INSERT INTO outbox (delivery_id, kind, target_kind, target, private, text, "
                           "created_at, next_attempt_at) VALUES ('x','notice','channel','chan',1,'secret',0,0)")
    with pytest.raises(ValueError):
        service.outbox.add(kind="notice", text="both", channel="chan", user="alice")


def test_private_log_lines_only_reach_their_reader(service):
    game = started_game(service)
    service.submit(game, "alice", "bid:3")
    messages = service.outbox.pending(500)
    secret = [m for m in messages if "You bid 3" in m.text]
    assert len(secret) == 1 and secret[0].target_kind == "user" and secret[0].target == "alice"
    assert secret[0].private
    public = [m for m in messages if m.target_kind == "channel"]
    assert public and all("bid 3" not in m.text for m in public)


def test_role_messages_resolve_to_the_seat_holder_at_delivery(service):
    game = started_game(service)
    assert [m.target for m in service.outbox.pending(500) if m.kind == "your_move" and m.role == "blue"] == ["bob"]
    service.replace_seat(game, "alice", "blue", "carol")
    notices = [m for m in service.outbox.pending(500) if m.kind == "your_move" and m.role == "blue"]
    assert [(m.target_kind, m.target) for m in notices] == [("user", "carol")]  # queued for bob, now carol's


def test_delivery_is_idempotent_and_failures_back_off(service, frozen):
    started_game(service)
    first = service.outbox.pending(1)[0]
    assert len(first.delivery_id) == 32
    service.outbox.mark_delivered(first.id, "discord-1")
    service.outbox.mark_delivered(first.id, "discord-2")  # a repeat changes nothing
    row = service.db.execute("SELECT external_ref FROM outbox WHERE id = ?", [first.id]).fetchone()
    assert row[0] == "discord-1"
    assert first.id not in [m.id for m in service.outbox.pending(500)]

    second = service.outbox.pending(1)[0]
    next_at = service.outbox.mark_failed(second.id, "403 Forbidden")
    assert next_at == pytest.approx(frozen().timestamp() + 5)
    assert second.id not in [m.id for m in service.outbox.pending(500)]
    frozen.tick(timedelta(seconds=6))
    again = [m for m in service.outbox.pending(500) if m.id == second.id][0]
    assert again.delivery_id == second.delivery_id and again.attempts == 1
    assert service.outbox.mark_failed(second.id, "timeout") == pytest.approx(frozen().timestamp() + 10)
    with pytest.raises(NotFound):
        service.outbox.mark_delivered(999999)


def test_backoff_is_capped_and_max_attempts_gives_up(tmp_path, frozen):
    svc = TableService(str(tmp_path / "o.db"), Config(outbox_max_attempts=3, outbox_backoff_max=8),
                       engines=ENGINES)
    started_game(svc)
    message = svc.outbox.pending(1)[0]
    delays = []
    for _ in range(3):
        before = frozen().timestamp()
        next_at = svc.outbox.mark_failed(message.id, "boom")
        delays.append(None if next_at is None else next_at - before)
        frozen.tick(timedelta(seconds=10))
    assert delays == [5, 8, None]
    assert message.id not in [m.id for m in svc.outbox.pending(500)]
    assert svc.outbox.stats()["dead"] == 1
    svc.close()


def test_map_requests_ask_for_a_picture_not_bytes(service):
    game = started_game(service)
    service.submit(game, "alice", "bid:3")
    service.submit(game, "bob", "bid:1")
    images = [m.image for m in service.outbox.pending(500) if m.image]
    assert images[0] == ImageRequest(game, 1, 0, None, "map")
    assert images[-1].version == 3 and images[-1].pos == 2 and images[-1].role is None


def test_rendering_degrades_with_a_clear_message_and_uses_the_requested_position(service, monkeypatch):
    game = started_game(service)
    service.submit(game, "alice", "bid:3")
    service.submit(game, "bob", "bid:1")
    monkeypatch.setitem(sys.modules, "render", types.ModuleType("render"))  # a renderer without draw_png
    with pytest.raises(RenderUnavailable, match="not installed"):
        service.render_image(ImageRequest(game, 1, 0, None))
    seen = []
    fake = types.ModuleType("render")
    fake.draw_png = lambda game_id, view, picture="map": seen.append((game_id, view, picture)) or b"PNG"
    fake.pictures = lambda game_id: ["map"]
    monkeypatch.setitem(sys.modules, "render", fake)
    assert service.render_image(ImageRequest(game, 1, 0, None)) == b"PNG"
    assert seen[-1][0] == "duel" and seen[-1][1]["round"] == 1 and seen[-1][1]["my_bid"] is None
    service.render_image(ImageRequest(game, 2, 1, "red", "hand"))
    assert seen[-1][1]["my_bid"] == 3 and seen[-1][2] == "hand"
    assert service.picture(game, "bob")[:3] == b"PNG" and seen[-1][1]["round"] == 2
    assert service.pictures(game) == ["map"]


def test_send_resolves_roles_and_keeps_private_things_private(service):
    game = started_game(service)
    service.replace_seat(game, "alice", "blue", "carol")
    first = service.outbox.get(service.send(game, "Your hand", role="blue", picture="hand"))
    assert (first.target_kind, first.target, first.private, first.role) == ("user", "carol", True, "blue")
    assert first.image.role == "blue" and first.image.picture == "hand"
    public = service.outbox.get(service.send(game, "Map", picture="map"))
    assert public.target_kind == "channel" and not public.private and public.image.role is None
    with pytest.raises(NotFound):
        service.send(game, "x", role="green")


def test_a_failed_destination_holds_back_only_its_own_later_messages(service, frozen):
    first_game = started_game(service)
    failing = service.outbox.pending(1)[0]
    assert failing.target_kind == "channel"
    service.outbox.mark_failed(failing.id, "404 Unknown Channel")
    held = [m for m in service.outbox.pending(500) if (m.target_kind, m.target) == ("channel", failing.target)]
    assert held == []   # later messages to that channel wait behind it, in order
    other = service.create_game("duel", channel="elsewhere", creator_id="carol").game_id
    service.join(other, "carol")
    service.join(other, "dave")
    service.start(other, "carol")
    due = service.outbox.pending(500)
    assert "elsewhere" in {m.target for m in due} and failing.target not in {m.target for m in due}
    service.outbox.give_up(failing.id, "404 Unknown Channel")
    assert failing.id not in [m.id for m in service.outbox.pending(500)]
    assert [m for m in service.outbox.pending(500) if m.target == failing.target and m.game_id == first_game]
    assert service.outbox.stats()["dead"] == 1
