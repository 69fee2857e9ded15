"""Acceptance: a COMPLETE Richard III game (scenario 1483, the shortest) driven through the Discord layer
with fake interactions only: slash-command callbacks (/play, /order with its autocomplete suggestions, now
and then /hand, /view, /map, /log, /game status) and clicks on the buttons and menus the layer offers (in
/play replies, in "your move" DMs, behind the channel's My choices button), chosen with a seeded
random.Random until the game ends. Every outgoing message and every picture drawn is recorded, and:

(a) no public message shows a secret of either role as the engine defines them (ENGINE.secrets at each
    step, and the display names of the blocks hidden at that moment), apart from the lines the engine itself
    logs publicly (their fog of war is the engine's, tested in tests/richard3); every public picture was
    drawn from the public view (role None);
(b) every private message (DM or ephemeral) goes only to the player whose role it concerns: the choices it
    carries, the picture drawn for it, and no secret of a role that player does not hold;
(c) every interaction is answered exactly once, and "thinking…" always gets its followup.

Pictures are drawn by a stand-in that records whose view it was given (the real renderer is tested in
tests/render and costs half a second a picture), which keeps the whole game to a few seconds."""

from __future__ import annotations

import itertools
import json
import random
import re
import time


from tests.discordbot.fakes import CHOICE_PREFIXES, Sent, choice_components, dispatch

try:  # freezegun stops time.perf_counter too; the time guard needs the real one (kept in a tuple: freezegun
    from freezegun.api import real_perf_counter  # replaces module attributes that are real clock functions)
    _REAL = (real_perf_counter,)
except ImportError:  # pragma: no cover
    _REAL = (time.perf_counter,)


def clock() -> float:
    return _REAL[0]()

import rules.richard3 as richard3  # noqa: E402
from rules.richard3.data import BLOCKS, DISPLAY  # noqa: E402

ENGINE = richard3.ENGINE
ROLES = ("york", "lancaster")
QUOTED = re.compile(r"^(`\s*\d+` )?(🔒 )?(Game #\d+: )?")


def _roles_in(sent: Sent) -> set[str]:
    return {cid.split(":")[4] for cid in sent.custom_ids() if cid.startswith(CHOICE_PREFIXES)}


class Watch:
    """Checks (a) and (b) on every message sent since the last look."""

    def __init__(self, t, drawn: dict[bytes, str | None]) -> None:
        self.t, self.drawn = t, drawn
        self.seen = 0
        self.public_messages = self.private_messages = self.public_pictures = 0
        self.holder = {"york": t.alice.id, "lancaster": t.bob.id}

    def state(self) -> dict:
        return json.loads(self.t.service.db.execute("SELECT state FROM games WHERE id = 1").fetchone()[0])

    @staticmethod
    def hidden(before: dict, after: dict) -> dict[str, set[str]]:
        """Per role: its secret ids, secret before and after the step (what the step itself revealed may
        be named)."""
        return {owner: ENGINE.secrets(before, owner) & ENGINE.secrets(after, owner) for owner in ROLES}

    @staticmethod
    def names(hidden: dict[str, set[str]], owner: str, known: set[str]) -> set[str]:
        """Display names of ``owner``'s hidden blocks, except a name also borne by a block the reader may
        know of (``known``: nobody's secret, or the reader's own; both sides have a "Bombard")."""
        known_names = {DISPLAY[b] for b in BLOCKS if b in known}
        return {DISPLAY[s] for s in hidden[owner] if s in DISPLAY and not any(DISPLAY[s] in k for k in known_names)}

    def look(self, before: dict, after: dict) -> None:
        hidden = self.hidden(before, after)
        public_lines = {l.text for l in self.t.service.log(1, None, None)}
        readable = {uid: {l.text for l in self.t.service.log(1, str(uid), None)} for uid in self.holder.values()}
        sent = self.t.client.recorder.sent
        for s in sent[self.seen:]:
            if s.where == "channel":
                self.public_messages += 1
                self._public(s, hidden, public_lines)
            else:
                self.private_messages += 1
                self._private(s, hidden, readable.get(s.target, set()) | public_lines)
        self.seen = len(sent)

    def _leaks(self, text: str, owners, hidden, exempt: set[str], reader_roles=()) -> list[str]:
        # a log line is exempt however the layer quotes it: "`123` 🔒 line" in /log, "Game #1: line" in a DM
        rest = "\n".join(line for line in text.split("\n") if QUOTED.sub("", line) not in exempt)
        every = set().union(*hidden.values())
        known = {b for b in BLOCKS if b not in every} | {b for r in reader_roles for b in hidden[r]}
        found = []
        for owner in owners:
            found += [f"{owner}:{x}" for x in hidden[owner] if x in rest]
            found += [f"{owner}:{x}" for x in self.names(hidden, owner, known) if x in rest]
        return found

    def _public(self, s: Sent, hidden, public_lines) -> None:
        leaks = self._leaks(s.text(), ROLES, hidden, public_lines)
        assert not leaks, (leaks, s.text())
        assert not _roles_in(s), s.custom_ids()  # nobody's choices in a public message
        for data in s.file_bytes():
            assert data in self.drawn and self.drawn[data] is None, "a public picture not drawn for the public"
            self.public_pictures += 1

    def _private(self, s: Sent, hidden, readable) -> None:
        assert s.target in self.holder.values(), s  # only the two players get private messages here
        held = {r for r, uid in self.holder.items() if uid == s.target}
        for role in _roles_in(s):
            assert role in held, (role, s.target)
        for data in s.file_bytes():
            assert data in self.drawn and self.drawn[data] in held, (self.drawn.get(data), held)
        others = [r for r in ROLES if r not in held]
        leaks = self._leaks(s.text(), others, hidden, readable, held)
        assert not leaks, (leaks, s.where, s.text())


def test_a_complete_richard3_game_through_discord(tmp_path, frozen, monkeypatch):
    import bot.service
    from tests.discordbot.conftest import make_table

    drawn: dict[bytes, str | None] = {}
    counter = itertools.count()

    def draw(game, view, picture):
        data = b"\x89PNG\r\n\x1a\n" + f"{picture}:{next(counter)}".encode()
        drawn[data] = view.get("role")
        return data
    monkeypatch.setattr(bot.service, "_draw", draw)
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: 1483)  # the game's seed: reproducible

    t = make_table(tmp_path, engines={"richard3": ENGINE})
    watch = Watch(t, drawn)
    t.cmd("game new", t.alice, game="richard3", scenario="1483", role="york")
    t.cmd("game join", t.bob)
    t.cmd("game start", t.alice)
    status = t.service.status(1)
    assert status.status == "active" and status.scenario == "1483"
    users = {"york": t.alice, "lancaster": t.bob}
    state = watch.state()
    watch.look(state, state)

    rng = random.Random(1483)
    started = clock()
    ways: dict[str, int] = {}
    actions = steps = 0

    def pick_from(user, menu: Sent | None) -> bool:
        """Click choices in ``menu`` (turning pages as they come) until an order is played."""
        for _ in range(6):
            options = choice_components(menu) if menu is not None else []
            if not options:
                return False
            custom_id, value = rng.choice(options)
            version = t.service.status(1).version
            inter = t.run(dispatch(t.client, user, menu, custom_id, value=value))
            if t.service.status(1).version > version:
                return True
            # a page turn edits the menu; a stale menu is answered with fresh choices
            fresh = [s for s in inter.recorded if choice_components(s)]
            menu = fresh[-1] if fresh else None
        return False

    while t.service.status(1).status == "active":
        steps += 1
        assert steps < 3000 and clock() - started < 240, (steps, actions)
        status = t.service.status(1)
        role = rng.choice([w.role for w in status.waiting])
        user = users[role]
        before = watch.state()
        way = rng.choices(["play", "order", "dm", "open", "look"], [45, 20, 20, 10, 5])[0]
        played = False
        if way == "play":
            menus = [s for s in t.cmd("play", user).recorded if role in _roles_in(s)]
            played = pick_from(user, menus[0] if menus else None)
        elif way == "order":
            suggestions = t.ac("autocomplete_order", user, "", game=None)
            if suggestions:
                version = t.service.status(1).version
                t.cmd("order", user, order=rng.choice(suggestions).value)
                played = t.service.status(1).version > version
        elif way == "dm":
            dms = [s for s in t.client.recorder.to_user(user.id) if s.where == "dm" and role in _roles_in(s)]
            played = pick_from(user, dms[-1] if dms else None)
        elif way == "open":
            posts = [s for s in t.client.recorder.public() if "hd:o:1" in s.custom_ids()]
            if posts:
                inter = t.run(dispatch(t.client, user, posts[-1], "hd:o:1"))
                menus = [s for s in inter.recorded if role in _roles_in(s)]
                played = pick_from(user, menus[0] if menus else None)
        else:
            look = rng.choice(["hand", "view", "map", "log", "game status"])
            t.cmd(look, rng.choice([t.alice, t.bob]))
        t.deliver()
        after = watch.state()
        watch.look(before, after)
        if played:
            actions += 1
            ways[way] = ways.get(way, 0) + 1

    status = t.service.status(1)
    assert status.status == "finished" and status.result is not None
    assert any("is over" in s.text() for s in t.client.recorder.public())
    assert actions > 60 and len(ways) >= 4, (actions, ways)
    assert watch.public_messages > 20 and watch.private_messages > 100 and watch.public_pictures >= 5
    # (c): every interaction answered exactly once; "thinking…" always replaced by a followup
    assert t.client.all_answered_once() == []
    thinking = [i for i in t.client.interactions if i.thinking_shown]
    assert thinking and all(i.followups for i in thinking)
    assert t.service.outbox.stats()["waiting"] == 0 and t.service.outbox.stats()["dead"] == 0
    print(f"complete game: {actions} actions in {steps} steps {ways}, {watch.public_messages} public and "
          f"{watch.private_messages} private messages, {watch.public_pictures} public pictures, "
          f"{len(t.client.interactions)} interactions, {clock() - started:.1f}s")
    t.service.close()
