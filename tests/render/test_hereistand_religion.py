"""Here I Stand's ``religion`` picture (issue 23 item 7): drawn from the public view only, readable on a phone,
changing with the religious map, tracks and debaters; sent while a religious procedure runs or after an
attempt this impulse (``religious_now``), not in a quiet position; golden digests of fixed positions
(``HERALD_GOLDEN_WRITE=1`` re-records them, see golden_support.py)."""

from __future__ import annotations

import copy
import hashlib
import json
import os

import pytest

from render import draw, draw_layout, needed
from render.api import encode
from render.kit.legibility import findings
from rules.core import get_engine
from rules.core.driver import random_moves, setup_args
from rules.hereistand.data import load

from .golden_support import GOLDEN_DIR, raster_digest

GAME = "hereistand"
ENGINE = get_engine(GAME)
GOLDEN = GOLDEN_DIR / "hereistand-religion.json"


def _start(scenario: str, seed: int = 1):
    return ENGINE.setup(setup_args(ENGINE, scenario, seed, 6))


def _played(scenario: str, seed: int, steps: int):
    args = setup_args(ENGINE, scenario, seed, None)
    state = ENGINE.setup(args)
    for _, _, outcome in random_moves(ENGINE, args, steps, state):
        state = outcome.state
    return state


def _worked_view():
    """The 1532 start with a busy religious struggle written into the view: Protestant spaces in three zones
    (one in unrest), translations under way, St. Peter's, debaters of every status, a reformer away,
    universities and both card effects in force."""
    view = copy.deepcopy(ENGINE.view(_start("1532"), None))
    view["religion"] = sorted(set(view["religion"]) | {"paris", "lyon", "london", "bristol", "milan"})
    view["unrest"] = sorted(set(view["unrest"]) | {"lyon"})
    view["translations"] = {"german": {"new_testament": 6, "full_bible": 10},
                            "french": {"new_testament": 6, "full_bible": 3},
                            "english": {"new_testament": 2, "full_bible": 0}}
    view["tracks"] = {**view["tracks"], "st_peters_vp": 2, "st_peters_cp": 3}
    statuses = ["committed", "burned", "disgraced", "excommunicated", "expelled"]
    for debater, status in zip(sorted(view["debaters"]), statuses):
        view["debaters"][debater]["status"] = status
    view["reformers_away"] = {"calvin": "geneva"}
    view["universities"] = ["rome", "naples"]
    view["modifiers"] = [{"name": "printing_press", "until": "turn"},
                         {"name": "augsburg_confession", "until": "turn"}]
    view["targeted"] = ["paris"]
    return view


POSITIONS = {"1517 start": lambda: ENGINE.view(_start("1517"), None),
             "1532 start": lambda: ENGINE.view(_start("1532"), None),
             "1532 worked": _worked_view}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_religion_picture_reads_on_a_phone_and_fits(name):
    image, layout = draw_layout(GAME, POSITIONS[name](), "religion", {})
    assert findings(layout) == []
    assert image.width == 1200 and image.height <= 2400
    assert len(encode(GAME, image)) < 1_500_000
    texts = " | ".join(t.text for t in layout.texts)
    assert "Protestant spaces" in texts and "Electorates" in texts and "St. Peter's" in texts


def test_the_picture_shows_the_worked_struggle_in_words():
    """Counts by zone, a translation's stage, St. Peter's, every debater status, the reformer away, the
    effects in force and the religious VP are all written (colour is never alone)."""
    view = _worked_view()
    _, layout = draw_layout(GAME, view, "religion", {})
    texts = " ".join(t.text for t in layout.texts)          # wrapped lines read on
    french_at_start = sum(1 for sp in ENGINE.view(_start("1532"), None)["religion"]
                          if load().spaces[sp].language_zone == "french")
    for words in (f"French {french_at_start + 2} of 24", "English 2 of 14", "Italian 1 of 19", "full Bible done", "Bible 3 of 10",
                  "New Testament 2 of 6", "2 of 5 VP built", "3 of 5 command points", "committed", "burned",
                  "disgraced", "excommunicated", "expelled", "John Calvin away until the next card draw",
                  "Printing Press", "Augsburg Confession", "Targeted this impulse", "Religious Struggle",
                  "Jesuit universities"):
        assert words in texts, words
    protestant = len(view["religion"])
    assert f"Protestant spaces: {protestant} ({protestant - 1} without unrest)" in texts


def test_the_picture_changes_with_the_religious_map_and_nothing_else_of_the_view():
    view = ENGINE.view(_start("1517"), None)
    base = draw(GAME, view, "religion").tobytes()
    flipped = copy.deepcopy(view)
    flipped["religion"] = sorted(flipped["religion"] + ["erfurt"])
    assert draw(GAME, flipped, "religion").tobytes() != base
    translated = copy.deepcopy(view)
    translated["translations"]["german"]["new_testament"] = 1
    assert draw(GAME, translated, "religion").tobytes() != base
    elsewhere = copy.deepcopy(view)
    elsewhere["units"] = {}                               # the armies are not this picture's business
    assert draw(GAME, elsewhere, "religion").tobytes() == base


def test_the_picture_is_the_same_for_every_viewer_and_does_not_depend_on_hidden_facts():
    """Secrecy: drawn from the public part of a view only, so every seat's view and every hidden variant
    (another hand, another deck order) give the same picture."""
    state = _played("1517", 3, 400)
    public = draw(GAME, ENGINE.view(state, None), "religion").tobytes()
    for role in ("protestant", "papacy", "hapsburg"):
        view = ENGINE.view(state, role)
        view["waiting"] = ENGINE.view(state, None)["waiting"]
        assert draw(GAME, view, "religion").tobytes() == public, role
    variants = list(ENGINE.hidden_variants(state))
    assert variants
    for _, _, variant in variants:
        assert draw(GAME, ENGINE.view(variant, None), "religion").tobytes() == public


def test_the_table_sends_it_while_the_religious_struggle_is_under_way():
    """Needed (with prompts, and with the channel's post when it begins) during the 95 Theses and after an
    attempt this impulse; not in a quiet position."""
    theses = ENGINE.view(_start("1517"), None)
    assert theses["waiting"]["decision"] in ("religious_zone", "attempt_target")
    assert "religion" in needed(GAME, theses)
    quiet = ENGINE.view(_start("1532"), None)
    assert quiet["waiting"]["decision"] == "announce" and "religion" not in needed(GAME, quiet)
    after_attempt = _start("1532")
    after_attempt["targeted"] = ["erfurt"]
    assert "religion" in needed(GAME, ENGINE.view(after_attempt, None))


def _digests() -> dict[str, dict[str, str]]:
    out = {}
    for name, make in POSITIONS.items():
        image = draw(GAME, make(), "religion")
        out[name] = {"raster": raster_digest(image), "png": hashlib.sha256(encode(GAME, image)).hexdigest()}
    return out


def test_religion_pictures_match_their_golden_digests():
    got = _digests()
    if os.environ.get("HERALD_GOLDEN_WRITE") == "1":
        GOLDEN.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
        return
    want = json.loads(GOLDEN.read_text())
    changed = [name for name in want if got.get(name) != want[name]]
    assert sorted(got) == sorted(want) and not changed, f"religion pictures changed: {changed}"


def test_a_crowded_struggle_still_fits_keeping_every_count():
    """Most of France and England Protestant, every electorate Protestant, in unrest and with regulars
    waiting: the names by zone give way, the counts, squares and every electorate's words stay."""
    view = _worked_view()
    for electorate in load().electorates:
        view["control"][electorate] = "protestant"
        view["electorate_display"][electorate] = 2
    view["unrest"] = sorted(set(view["unrest"]) | set(load().electorates))
    view["religion"] = sorted(set(view["religion"]) | set(load().electorates)
                              | {s for s, info in load().spaces.items() if info.faith == "catholic"
                                 and info.language_zone in ("french", "english")})
    image, layout = draw_layout(GAME, view, "religion", {})
    assert image.height <= 2400 and findings(layout) == []
    texts = " ".join(t.text for t in layout.texts)
    assert "French 24 of 24" in texts and "English 14 of 14" in texts
    assert texts.count(", in unrest") == 6 and texts.count("2 Protestant regulars waiting") == 6
