"""Smoke test: Richard III played through the Discord layer by random clicks on the real buttons and menus
its legal actions become, checking Discord's limits on every choices message, that private log lines never
reach the channel and that every interaction is answered exactly once."""

from __future__ import annotations

import random


from bot.discordbot import limits as L
from tests.discordbot.fakes import dispatch
from tests.discordbot.test_richard3_complete import clock  # the real clock (freezegun stops perf_counter)

import rules.richard3 as richard3  # noqa: E402


def _pick(rng: random.Random, sent):
    """A random choice among a message's components: (custom_id, select value or None)."""
    options = []
    for row in sent.view.to_components():
        for c in row["components"]:
            if c.get("disabled"):
                continue
            if c["type"] == 3:
                options += [(c["custom_id"], o["value"]) for o in c["options"]]
            elif c["type"] == 2 and c["custom_id"].startswith(("hd:a:", "hd:p:")):
                options.append((c["custom_id"], None))
    return rng.choice(options)


def test_richard3_through_discord(tmp_path, frozen):
    from tests.discordbot.conftest import make_table

    t = make_table(tmp_path, engines={"richard3": richard3.ENGINE})
    t.cmd("game new", t.alice, game="richard3", role="york")
    t.cmd("game join", t.bob)
    t.cmd("game start", t.alice)
    assert t.service.status(1).status == "active"
    users = {t.alice.id: t.alice, t.bob.id: t.bob}
    rng = random.Random(5)
    started = clock()
    actions = pages = 0
    while actions < 60 and clock() - started < 20:
        status = t.service.status(1)
        if status.status != "active":
            break
        waiting = [w for w in status.waiting if w.user_id]
        user = users[int(rng.choice(waiting).user_id)]
        play = t.cmd("play", user)
        menus = [s for s in play.recorded if s.view is not None]
        assert menus, [s.content for s in play.recorded]
        for menu in menus:
            assert L.view_problems(menu.view) == []
        custom_id, value = _pick(rng, menus[0])
        version = t.service.status(1).version
        inter = t.run(dispatch(t.client, user, menus[0], custom_id, value=value))
        if custom_id.startswith("hd:p:"):
            pages += 1
            assert inter.recorded[-1].edit and L.view_problems(inter.recorded[-1].view) == []
            continue
        assert t.service.status(1).version > version, [s.content for s in inter.recorded]
        actions += 1
        t.deliver()
    assert actions >= 10
    private_lines = {l.text for u in ("alice", "bob") for l in t.service.log(1, str(users[t.alice.id if u == "alice" else t.bob.id].id), None)
                     if l.private}
    public_text = "\n".join(s.text() for s in t.client.recorder.public())
    leaked = [line for line in private_lines if line in public_text]
    assert leaked == []
    for s in t.client.recorder.sent:
        if s.view is not None:
            assert L.view_problems(s.view) == []
        if any(cid.startswith(("hd:a:", "hd:s:", "hd:p:")) for cid in s.custom_ids()):
            assert s.where in ("dm", "ephemeral")
    assert t.client.all_answered_once() == []
    t.service.close()
