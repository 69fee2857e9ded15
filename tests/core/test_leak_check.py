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
