"""The fuzzer's string check (rules/core/fuzz.py ``_leaks``) reads each view as its shared part, encoded
once, and each reader's own part (issue 28): a secret in the shared part is seen by every other reader,
one in a reader's own part by that reader only (also deep in a part that differs from the spectator's), and
the owner's own view is never a leak."""

from __future__ import annotations

from rules.core.fuzz import _leaks


class Secrets:
    def secrets(self, state, role):
        return {"card-7"} if role == "york" else set()


STATE = {"seats": [["york"], ["lancaster"]]}


def test_a_secret_in_the_shared_part_is_seen_by_every_other_reader():
    parts = ({"discards": ["card-7"]}, {"york": {}, "lancaster": {}, None: {}})
    problems = _leaks(Secrets(), STATE, parts)
    assert sorted(problems) == ['york\'s secret "card-7" is visible to lancaster',
                                'york\'s secret "card-7" is visible to spectators']


def test_a_secret_in_one_readers_own_part_is_seen_by_that_reader_only():
    parts = ({}, {"york": {"hand": ["card-7"]}, "lancaster": {"seen": "card-7"}, None: {}})
    assert _leaks(Secrets(), STATE, parts) == ['york\'s secret "card-7" is visible to lancaster']


def test_the_owners_own_view_is_no_leak():
    parts = ({"turn": 1}, {"york": {"hand": ["card-7"]}, "lancaster": {}, None: {}})
    assert _leaks(Secrets(), STATE, parts) == []


def test_a_secret_deep_in_a_part_that_differs_from_the_spectators_is_found():
    """A role's own part is read where it differs from the spectator's: here one entry of one area."""
    public = {"areas": {"kent": [{"hidden": True}, {"id": "b1"}], "essex": []}}
    mine = {"areas": {"kent": [{"id": "card-7"}, {"id": "b1"}], "essex": []}}
    parts = ({}, {"york": {}, "lancaster": mine, None: public})
    assert _leaks(Secrets(), STATE, parts) == ['york\'s secret "card-7" is visible to lancaster']


def test_a_secret_the_spectator_sees_is_named_for_each_reader_who_sees_it():
    state = {"seats": [["york"], ["lancaster"], ["tudor"]]}
    own = {"york": {}, "lancaster": {"seen": ["card-7"]}, "tudor": {"seen": []},
           None: {"seen": ["card-7"], "more": 1}}
    assert _leaks(Secrets(), state, ({}, own)) == ['york\'s secret "card-7" is visible to lancaster',
                                                   'york\'s secret "card-7" is visible to spectators']


def test_a_shared_value_kept_along_a_game_is_read_again_once_it_changes():
    """The strings of a shared key are kept between positions (``known``) only while its value stays equal:
    a secret that appears later in a key read earlier (the same dict, changed in place) is still found."""
    known: dict = {}
    board = {"areas": {"kent": ["b1"]}}
    parts = ({"map": board}, {"york": {}, "lancaster": {}, None: {}})
    assert _leaks(Secrets(), STATE, parts, known) == []
    assert _leaks(Secrets(), STATE, parts, known) == []   # equal: its strings were kept
    board["areas"]["kent"].append("card-7")
    assert sorted(_leaks(Secrets(), STATE, parts, known)) == ['york\'s secret "card-7" is visible to lancaster',
                                                              'york\'s secret "card-7" is visible to spectators']


def test_kept_strings_name_the_keys_too():
    known: dict = {}
    parts = ({"card-7": 1}, {"york": {}, "lancaster": {}, None: {}})
    first = _leaks(Secrets(), STATE, parts, known)
    assert first == _leaks(Secrets(), STATE, parts, known) == _leaks(Secrets(), STATE, parts)
    assert len(first) == 2


def test_an_own_part_kept_along_a_game_is_read_again_once_it_or_the_spectators_changes():
    """A reader's own keys are kept between positions too (with the spectator's counterpart): a secret
    that appears later in a key read earlier, or shows once the spectator's counterpart differs, is found."""
    known: dict = {}
    seen = {"hand": ["b1"]}
    public = {"hand": ["b1"], "mine": {}}
    own = {"york": {}, "lancaster": {"hand": seen["hand"], "mine": {"notes": ["x"]}}, None: public}
    parts = ({}, own)
    assert _leaks(Secrets(), STATE, parts, known) == []
    assert _leaks(Secrets(), STATE, parts, known) == []   # equal: its strings were kept
    own["lancaster"]["mine"]["notes"].append("card-7")     # the same dict, changed in place
    assert _leaks(Secrets(), STATE, parts, known) == ['york\'s secret "card-7" is visible to lancaster']
    own["lancaster"]["mine"]["notes"].pop()
    assert _leaks(Secrets(), STATE, parts, known) == []
    seen["hand"].append("card-7")                          # equal to the spectator's, then not
    public["hand"] = ["b1", "card-7"]
    assert sorted(_leaks(Secrets(), STATE, parts, known)) == ['york\'s secret "card-7" is visible to lancaster',
                                                              'york\'s secret "card-7" is visible to spectators']
    public["hand"] = ["b1"]
    assert _leaks(Secrets(), STATE, parts, known) == ['york\'s secret "card-7" is visible to lancaster']


def test_strings_kept_along_a_game_find_what_reading_every_view_finds():
    """Along a Crown of Roses game, with a secret planted in each position's views: the same problems
    with strings kept between positions as without."""
    from rules.core.registry import get_engine
    from rules.core.driver import random_moves
    from rules.core.contract import SetupArgs

    class Planted:
        """Each house's "secrets" are what the other's own part shows as the game goes: its hand, its
        blocks on the map, its IP stock (and a shire everyone sees)."""

        def secrets(self, state, role):
            other = next(r for seat in state["seats"] for r in seat if r != role)
            blocks = {b for b, s in state["blocks"].items() if s["house"] == other and s["status"] == "map"}
            return set(state["zones"][f"hand:{other}"]) | blocks | {"kent"}

    engine = get_engine("crownofroses")
    known: dict = {}
    found: set = set()
    for _, _, outcome in random_moves(engine, SetupArgs("seeds_of_enmity", (("york",), ("lancaster",)), 2, {}), 250):
        state = outcome.state
        parts = engine.view_parts(state, [r for seat in state["seats"] for r in seat] + [None])
        problems = sorted(_leaks(Planted(), state, parts, known))
        assert problems == sorted(_leaks(Planted(), state, parts))
        found |= set(problems)
    assert len(found) > 20   # hands and blocks change along the game: many secrets, found in own parts


def test_strings_kept_along_a_game_find_what_reading_every_view_finds_in_every_game():
    """Every registered game (its shared parts read per key and entry, its own parts per key and, for a dict,
    per entry against the spectator's): along a random game with each role's "secrets" planted in the next
    role's own part, the strings kept between positions find the same problems as reading every view."""
    from rules.core.driver import random_moves, setup_args
    from rules.core.fuzz import _strings
    from rules.core.registry import game_ids, get_engine

    for game in game_ids():
        engine = get_engine(game)
        scenario = engine.scenarios()[0].id
        args = setup_args(engine, scenario, 3)
        roles = [r for seat in args.seats for r in seat]
        if len(roles) < 2:
            continue
        views: dict = {}

        class Planted:
            """A role's secrets: some strings of the next role's own part and of the shared part."""

            def secrets(self, state, role):
                other = roles[(roles.index(role) + 1) % len(roles)]
                return set(sorted(_strings(views[other], set()))[::7]) | set(sorted(views["shared"])[::50])

        known: dict = {}
        found: set = set()
        for i, (_, _, outcome) in enumerate(random_moves(engine, args, 150)):
            state = outcome.state
            readers = [r for seat in state["seats"] for r in seat] + [None]
            parts = engine.view_parts(state, readers)
            views.clear()
            views.update(parts[1], shared=_strings(parts[0], set()))
            problems = sorted(_leaks(Planted(), state, parts, known))
            assert problems == sorted(_leaks(Planted(), state, parts)), (game, i)
            found |= set(problems)
        assert found, game
