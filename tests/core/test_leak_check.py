"""The fuzzer's string check (rules/core/fuzz.py ``_leaks``) reads each view as its shared part, encoded
once, and each reader's own part (issue 28): a secret in the shared part is seen by every other reader,
one in a reader's own part by that reader only, and the owner's own view is never a leak."""

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
