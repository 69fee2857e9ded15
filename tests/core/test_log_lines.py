"""The secrecy check compares each reader's log lines as JSON (rules/core/secrecy.py ``_lines_of``); an
entry's JSON is kept by the entry's exact bytes, so the variants of one move, which log the same entries
over and over, encode each once (issue 28). Kept or not, the text is ``json.dumps`` of the entry."""

from __future__ import annotations

import json

from rules.core.contract import LogEntry
from rules.core.secrecy import _lines_of


def _plain(entries, reader):
    return json.dumps([e.to_dict() for e in entries if e.visible_to(reader)], sort_keys=True, default=str)


def test_lines_are_the_json_of_the_entries_each_reader_may_read():
    entries = (LogEntry("York bids.", None, "secret", {"role": "york", "n": 2}),
               LogEntry("You bid 5.", ("york",), "secret", {"bid": 5}))
    for _ in range(2):   # the second time from the kept texts
        lines = _lines_of(entries, ["york", "lancaster", None])
        assert lines == {r: _plain(entries, r) for r in ("york", "lancaster", None)}


def test_values_equal_in_python_but_not_in_json_are_told_apart():
    """1, 1.0 and True are equal in Python but not as JSON (nor a tuple and a list): none takes another's text."""
    variants = [{"n": 1}, {"n": 1.0}, {"n": True}, {"n": (1,)}, {"n": [1]}]
    texts = [_lines_of((LogEntry("x", None, "info", data),), [None])[None] for data in variants]
    assert texts == [_plain((LogEntry("x", None, "info", data),), None) for data in variants]
    assert len(set(texts)) == 4   # a tuple and a list are the same JSON


def test_an_entry_that_is_not_plain_data_is_encoded_as_before():
    class Thing:
        def __str__(self):
            return "a thing"
    entry = LogEntry("x", None, "info", {"what": Thing()})
    assert _lines_of((entry,), [None])[None] == _plain((entry,), None)
