"""The views a turn needs are built once per position and reader (issue 28, item 3): an order and the
delivery of everything it sets off (the channel's map, the "your move" DMs with their map, battle picture
and hand) ask for the same views several times; each is built once."""

from __future__ import annotations

import collections
import hashlib
import marshal
import random

import rules.richard3 as richard3
from tests.discordbot.conftest import make_table


def test_one_order_and_its_delivery_build_each_view_once(tmp_path, frozen, monkeypatch):
    t = make_table(tmp_path, engines={"richard3": richard3.ENGINE})
    t.start_game("richard3", "york")
    t.deliver()
    real = richard3.ENGINE.view
    built: collections.Counter = collections.Counter()

    def counting(state, role=None):
        built[hashlib.sha1(marshal.dumps(state)).hexdigest(), role] += 1
        return real(state, role)
    monkeypatch.setattr(richard3.ENGINE, "view", counting)
    cache = t.service._views
    asked_for = []
    monkeypatch.setattr(cache, "view", lambda *args: asked_for.append(args[1:]) or type(cache).view(cache, *args))
    users = {"york": str(t.alice.id), "lancaster": str(t.bob.id)}
    rng = random.Random(3)
    built_total = 0
    for _ in range(40):
        built.clear()
        role = rng.choice([w.role for w in t.service.status(1).waiting])
        choices = [rc for rc in t.service.choices(1, users[role]) if rc.role == role]
        t.service.submit(1, users[role], rng.choice(choices[0].actions).id, role=role)
        t.deliver()
        assert all(n == 1 for n in built.values()), {k[1]: n for k, n in built.items() if n > 1}
        built_total += sum(built.values())
    assert built_total > 20 and len(asked_for) > 2 * built_total   # views asked for again were not built again
    t.service.close()
