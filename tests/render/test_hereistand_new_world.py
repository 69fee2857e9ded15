"""Here I Stand's New World picture (rule 20): drawn from the view's `new_world`, it changes with each
discovery, conquest, colony and voyage, fits the phone frame, and comes with a New World choice (view
`voyage`); the power card shows the New World VP."""

import copy

from rules.core import SetupArgs, get_engine
from render import draw, needed
from render.api import encode

GAME = "hereistand"
ENGINE = get_engine(GAME)


def _view(scenario="1532"):
    s = ENGINE.setup(SetupArgs(scenario, tuple(ENGINE.seatings(scenario, 6)), 1))
    return ENGINE.view(s, None)


def test_new_world_picture_draws_the_display_and_fits():
    view = _view()
    image = draw(GAME, view, "new_world")
    assert image.width == 1200 and 800 < image.height <= 2400 and len(encode(GAME, image)) < 1_500_000
    changes = [
        lambda n: n["discoveries"].update(amazon="france"),
        lambda n: n["conquests"].update(incas={"power": "england", "riches": True}),
        lambda n: n["colonies"]["france"].append("Montreal"),
        lambda n: n["underway"].append({"power": "england", "kind": "explore", "by": "99", "counter": "cabot"}),
        lambda n: n["raiders"].append("protestant"),
        lambda n: n["results"].append("Jacques Cartier (France) explores: dice 6 + 6, rating +3 = 15."),
    ]
    for change in changes:
        other = copy.deepcopy(view)
        change(other["new_world"])
        assert draw(GAME, other, "new_world").tobytes() != image.tobytes()


def test_new_world_picture_comes_with_a_new_world_choice():
    view = _view("1517")
    assert "new_world" not in needed(GAME, view)
    asked = copy.deepcopy(view)
    asked["voyage"] = {"power": "france", "kind": "explore", "by": "action", "counter": "cartier"}
    assert "new_world" in needed(GAME, asked)


def test_power_card_shows_new_world_vp():
    view = _view()
    before = draw(GAME, view, "power", {"power": "england"})
    other = copy.deepcopy(view)
    other["vp_sources"]["england"]["new world"] = 2
    assert draw(GAME, other, "power", {"power": "england"}).tobytes() != before.tobytes()
