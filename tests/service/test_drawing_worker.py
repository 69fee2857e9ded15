"""Pictures off the order's path (issue 28, bot/drawing.py): an order is stored and answered without
drawing anything, its pictures are outbox requests drawn afterwards in the outbox's order, and with the
worker started they are drawn in another process with the same bytes and the same refusals."""

from __future__ import annotations

import os
import signal

import pytest

from bot import drawing, service as service_module
from bot.config import ConfigError, config_from_dict
from bot.table.records import NoPicture
from rules.core.driver import setup_args
from rules.core.registry import get_engine
from tests.service.conftest import started_game


@pytest.fixture(scope="module")
def worker():
    w = drawing.DrawingWorker(1)
    yield w
    w.close()


def _richard3_view():
    engine = get_engine("richard3")
    return engine.view(engine.setup(setup_args(engine, "1483", 1)), None)


def test_the_worker_draws_in_another_process_the_same_bytes(worker):
    view = _richard3_view()
    assert worker.pid() != os.getpid()
    assert worker.draw("richard3", view, "map") == drawing.draw_here("richard3", view, "map")


def test_the_worker_refuses_as_the_service_does(worker):
    view = _richard3_view()   # no battle at the start of a campaign
    with pytest.raises(NoPicture) as here:
        drawing.draw_here("richard3", view, "battle")
    with pytest.raises(NoPicture) as there:
        worker.draw("richard3", view, "battle")
    assert str(there.value) == str(here.value)


def test_a_killed_drawing_process_is_replaced():
    w = drawing.DrawingWorker(1)
    try:
        view = _richard3_view()
        first = w.draw("richard3", view, "map")
        os.kill(w.pid(), signal.SIGKILL)
        assert w.draw("richard3", view, "map") == first
    finally:
        w.close()


def test_an_order_draws_nothing_and_its_pictures_follow_in_the_outbox_order(service, monkeypatch):
    drawn = []
    monkeypatch.setattr(service_module, "_draw",
                        lambda game, view, picture, params=None: drawn.append((view["round"], picture)) or b"PNG")
    game = started_game(service)
    service.submit(game, "alice", "bid:3")
    service.submit(game, "bob", "bid:1")
    assert drawn == []   # stored and answered: no picture drawn on the order's path
    requests = [m.image for m in service.outbox.pending(500) if m.image]
    assert len(requests) >= 2
    for request in requests:
        assert service.render_image(request) == b"PNG"
    rounds = [r for r, _ in drawn]
    assert len(drawn) == len(requests) and rounds == sorted(rounds)   # drawn once each, in order


def test_the_setting_is_checked_at_start():
    assert drawing.processes_setting(None) == 1
    assert drawing.processes_setting({"processes": 0}) == 0
    for bad in (-1, 9, "2", True):
        with pytest.raises(ConfigError, match="processes"):
            config_from_dict({"pictures": {"processes": bad}})
    with pytest.raises(ConfigError, match="unknown setting"):
        config_from_dict({"pictures": {"workers": 2}})


def test_draw_uses_the_started_worker_and_stops_with_it(monkeypatch):
    calls = []

    class Fake:
        def draw(self, *args):
            calls.append(args)
            return b"FROM-WORKER"

        def close(self):
            calls.append("closed")

    monkeypatch.setattr(drawing, "_worker", Fake())
    assert drawing.draw("richard3", {}, "map") == b"FROM-WORKER"
    drawing.stop_worker()
    assert calls == [("richard3", {}, "map", None), "closed"] and drawing._worker is None
    assert drawing.start_worker(0) is None
