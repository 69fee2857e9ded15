"""/order carries the version of the position its suggestion was offered at (issue 12, item 1): the same
pick sent twice (a retry, a double Enter) is answered as already recorded, never played again in a new
round where it would mean something else; a typed order is judged against the suggestions last shown."""

from __future__ import annotations


def _bids(t):
    return [r[0] for r in t.service.db.execute("SELECT action FROM actions WHERE role = 'red' AND undone = 0 "
                                               "ORDER BY pos")]


def test_a_picked_suggestion_sent_twice_is_recorded_once(table):
    t = table
    t.start_game()
    version = t.service.status(1).version
    typed = t.ac("autocomplete_order", t.alice, str(version), game=None)  # matched on labels, not versions
    assert typed and all(str(version) in c.name for c in typed)
    pick = [c.value for c in t.ac("autocomplete_order", t.alice, "bid", game=None)][1]  # "Bid 2"
    first = t.cmd("order", t.alice, order=pick)
    assert "Bid 2" in first.recorded[0].content
    t.cmd("order", t.bob, order="bid:1")            # round 2 begins: red may bid 2 again
    again = t.cmd("order", t.alice, order=pick)      # the same pick, sent again
    assert "already recorded" in again.recorded[0].content
    assert _bids(t) == ["bid:2"]
    assert t.client.all_answered_once() == []


def test_a_typed_order_is_judged_against_the_suggestions_shown(table):
    t = table
    t.start_game()
    t.ac("autocomplete_order", t.alice, "bid 2", game=None)   # alice is shown round 1's orders
    t.cmd("order", t.alice, order="Bid 2")
    t.cmd("order", t.bob, order="bid:1")
    again = t.cmd("order", t.alice, order="Bid 2")             # Enter pressed twice
    assert "already recorded" in again.recorded[0].content
    assert _bids(t) == ["bid:2"]
    t.ac("autocomplete_order", t.alice, "bid", game=None)      # suggestions of round 2: a new order
    t.cmd("order", t.alice, order="Bid 2")
    assert _bids(t) == ["bid:2", "bid:2"]
