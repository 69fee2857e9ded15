"""Acceptance: a whole Richard III game (scenario 1483, the shortest) played by mail between two addresses,
through real SMTP and IMAP servers on the loopback address. Each player reads their inbox as a person
would and answers the latest mail that lists their choices with a number (chosen with a seeded
generator), quoting it below the answer as Gmail does. Every mail each address received is checked:

(a) it went to a player about their own seat only: choices listed are their role's, the pictures were
    drawn for the public or for their own role, "(only you)" lines are log lines that player may read;
(b) no secret of the other role (its hidden blocks and cards, as ENGINE.secrets defines them, and the
    names of its hidden blocks) appears, apart from log lines the reader may read;
(c) every order mail got exactly one answer (In-Reply-To it), saying applied or why not;
(d) every mail of the game to one address is in one thread (the player's own subject, References to the
    first mail).

Pictures are drawn by a stand-in that records whose view it was given (the renderer has its own tests)."""

from __future__ import annotations

import itertools
import json
import random
import re
import time

import pytest

import rules.richard3 as richard3
from bot.mail import seats
from bot.mail.transport import MailTransport
from rules.richard3.data import BLOCKS, DISPLAY
from tests.mail.conftest import make_service
from tests.mail.servers import pictures_of, text_of

ENGINE = richard3.ENGINE
ROLES = ("york", "lancaster")
CHOICES = re.compile(r"^Your choices as (\w+) \((\d+)\):", re.MULTILINE)


def hidden_of(before: dict, after: dict) -> dict[str, set[str]]:
    """Per role: its secrets (ids) both before and after the step: what the step revealed may be named."""
    return {owner: ENGINE.secrets(before, owner) & ENGINE.secrets(after, owner) for owner in ROLES}


def leaks(text: str, owner: str, hidden: dict[str, set[str]], readable: set[str], reader: str) -> list[str]:
    rest = "\n".join(line for line in text.split("\n")
                     if line.removeprefix("(only you) ").strip() not in readable)
    every = set().union(*hidden.values())
    known = {b for b in BLOCKS if b not in every} | hidden[reader]
    known_names = {DISPLAY[b] for b in BLOCKS if b in known}
    names = {DISPLAY[s] for s in hidden[owner] if s in DISPLAY and not any(DISPLAY[s] in k for k in known_names)}
    found = [f"{owner}:{x}" for x in hidden[owner] if re.search(rf"\b{re.escape(x)}\b", rest)]
    return found + [f"{owner}:{x}" for x in names if x in rest]


@pytest.fixture
def drawn(monkeypatch):
    import bot.service

    pictures: dict[bytes, str | None] = {}
    counter = itertools.count()

    def draw(game, view, picture):
        data = b"\x89PNG\r\n\x1a\n" + f"{picture}:{next(counter)}".encode()
        pictures[data] = view.get("role")
        return data
    monkeypatch.setattr(bot.service, "_draw", draw)
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: 1483)  # the game's seed
    return pictures


def test_a_whole_richard3_game_by_mail(tmp_path, servers, frozen_clock, alice, bob, drawn):
    started = time.perf_counter()
    service = make_service(tmp_path / "herald.db", frozen_clock)
    transport = MailTransport(service, servers.settings())
    role_of = {alice.address: "york", bob.address: "lancaster"}
    alice.send("new richard3 scenario 1483 as york")
    transport.run_once()
    [opened] = alice.new_mail()
    bob.send("join #1")
    transport.run_once()
    bob.new_mail(), alice.new_mail()
    alice.send("start #1", answering=opened)

    def state() -> dict | None:
        text = service.db.execute("SELECT state FROM games WHERE id = 1").fetchone()[0]
        return json.loads(text) if text else None

    rng = random.Random(1483)
    latest: dict[str, object] = {}            # address -> latest mail listing its choices, not yet answered
    sent_orders: dict[str, str] = {}          # Message-ID of each order mail -> its address
    answers: dict[str, list] = {}             # Message-ID answered -> answers
    threads: dict[str, tuple[str, str]] = {}  # address -> (subject, first Message-ID)
    counts = {"mails": 0, "pictures": 0, "orders": 0, "public_maps": 0}
    before = state()
    rounds = 0
    while True:
        transport.run_once()
        after = state()
        hidden = hidden_of(before or after, after)
        for player in (alice, bob):
            mine = role_of[player.address]
            other = next(r for r in ROLES if r != mine)
            readable = {l.text for l in service.log(1, seats.user_id(player.address), None)}
            for mail in player.new_mail():
                counts["mails"] += 1
                text = text_of(mail)
                assert str(mail["To"]) == player.address
                # (d) one thread per game and address
                subject = str(mail["Subject"]).removeprefix("Re: ")
                first = threads.setdefault(player.address, (subject, str(player.inbox()[0]["Message-ID"])))
                assert subject == first[0] == "Herald", subject   # the player's own subject (issue 26)
                if str(mail["Message-ID"]) != first[1]:
                    assert first[1] in str(mail["References"]).split(), (mail["References"], first)
                # (a) own choices, own pictures, own private lines
                for role_name, _ in CHOICES.findall(text):
                    assert role_name == ENGINE.role_name(mine), (player.address, role_name)
                for name, data in pictures_of(mail):
                    counts["pictures"] += 1
                    assert data in drawn, name
                    assert drawn[data] in (None, mine), (name, drawn[data], mine)
                    assert name.startswith("my-") == (drawn[data] is not None)
                    counts["public_maps"] += drawn[data] is None
                for line in text.split("\n"):
                    if line.startswith("(only you) "):
                        assert line.removeprefix("(only you) ") in readable, line
                # (b) no secret of the other role
                found = leaks(text, other, hidden, readable, mine)
                assert not found, (found, player.address, text)
                # (c) answers
                if mail["In-Reply-To"] and str(mail["In-Reply-To"]) in sent_orders:
                    answers.setdefault(str(mail["In-Reply-To"]), []).append(mail)
                    assert sent_orders[str(mail["In-Reply-To"])] == player.address
                    assert "— applied:" in text or "— not applied:" in text, text
                if CHOICES.search(text):
                    latest[player.address] = mail
                elif mail["In-Reply-To"] and str(mail["In-Reply-To"]) in sent_orders:
                    latest.pop(player.address, None)   # answered, and nothing more to choose
        before = after
        if service.status(1).status != "active":
            break
        rounds += 1
        assert rounds < 1500 and time.perf_counter() - started < 170, (rounds, counts)
        # one order a round (the step checks of (b) are per action): whoever has choices, in turn
        waiting = [p for p in (alice, bob) if p.address in latest]
        assert waiting, "nobody has a mail to answer, yet the game goes on"
        player = waiting[rounds % len(waiting)]
        mail = latest.pop(player.address)
        total = int(CHOICES.search(text_of(mail)).group(2))
        message_id = player.send(str(rng.randint(1, total)), answering=mail)
        sent_orders[message_id] = player.address
        counts["orders"] += 1

    status = service.status(1)
    assert status.status == "finished" and status.result is not None
    for player in (alice, bob):
        assert any("is over" in text_of(m) for m in player.inbox()), player.address
    # (c) every order answered exactly once
    assert set(answers) == set(sent_orders)
    assert all(len(a) == 1 for a in answers.values())
    assert counts["orders"] > 60 and counts["public_maps"] >= 5, counts
    assert service.replay(1).ok
    print(f"by mail: {counts} in {rounds} rounds, {time.perf_counter() - started:.1f}s")
    service.close()
