"""Issue 26: mail as mail users expect. Two players play the first game turns of a Richard III game by
mail (the real SMTP and IMAP servers of tests/mail/servers.py), each answering the latest mail that asks
them something. Counted per player and game turn: the mails received and the moments the player was
asked (mails listing choices). Printed (the measurement of the issue) and checked: every mail asks, or
answers the player's own mail; every picture is attached under its own name; the thread keeps its
subject.

    /work/main/.venv/bin/python -m pytest tests/mail/test_mails_per_turn.py -q -s
"""

from __future__ import annotations

import random
import re
from collections import Counter

from bot.mail.transport import MailTransport
from tests.mail.conftest import make_service
from tests.mail.servers import pictures_of, text_of

CHOICES = re.compile(r"^Your choices as (\w+) \((\d+)\):", re.MULTILINE)
TURNS = 3


def play(tmp_path, servers, clock, alice, bob, monkeypatch) -> dict:
    import bot.service

    monkeypatch.setattr(bot.service, "_draw", lambda game, view, picture: b"\x89PNG\r\n\x1a\n" + picture.encode())
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: 1483)
    service = make_service(tmp_path / "herald.db", clock)
    transport = MailTransport(service, servers.settings(quiet=True))
    alice.send("new richard3 scenario 1483 as york")
    transport.run_once()
    [opened] = alice.new_mail()
    bob.send("join #1")
    transport.run_once()
    bob.new_mail(), alice.new_mail()
    alice.send("start #1", answering=opened)
    rng = random.Random(1483)
    mails: Counter = Counter()
    asked: Counter = Counter()
    names: list[list[str]] = []
    subjects: dict[str, set[str]] = {alice.address: set(), bob.address: set()}
    latest: dict[str, object] = {}
    sent: set[str] = set()
    unasked = 0   # mails that neither ask nor answer the player's own mail
    rounds = 0
    while True:
        transport.run_once()
        turn = service.status(1).turn_label
        for player in (alice, bob):
            for mail in player.new_mail():
                text = text_of(mail)
                mails[player.address, turn] += 1
                subjects[player.address].add(str(mail["Subject"]).removeprefix("Re: "))
                names.append([name for name, _ in pictures_of(mail)])
                if CHOICES.search(text):
                    asked[player.address, turn] += 1
                    latest[player.address] = mail
                elif str(mail["In-Reply-To"]) not in sent and rounds:
                    unasked += 1
        if service.status(1).status != "active" or len({t for _, t in mails}) > TURNS:
            break
        rounds += 1
        assert rounds < 600
        waiting = [p for p in (alice, bob) if p.address in latest]
        assert waiting, "nobody has a mail to answer, yet the game goes on"
        player = waiting[rounds % len(waiting)]
        mail = latest.pop(player.address)
        total = int(CHOICES.search(text_of(mail)).group(2))
        sent.add(player.send(str(rng.randint(1, total)), answering=mail))
    service.close()
    return {"mails": mails, "asked": asked, "names": names, "subjects": subjects, "unasked": unasked}


def test_mails_per_player_per_turn(tmp_path, servers, frozen_clock, alice, bob, monkeypatch):
    seen = play(tmp_path, servers, frozen_clock, alice, bob, monkeypatch)
    turns = sorted({t for _, t in seen["mails"]})
    for address in (alice.address, bob.address):
        per_turn = {t: (seen["mails"][address, t], seen["asked"][address, t]) for t in turns}
        print(f"{address}: mails (asked) per game turn: "
              + ", ".join(f"{t}: {m} ({a})" for t, (m, a) in per_turn.items()))
    print(f"mails that neither ask nor answer: {seen['unasked']}")
    assert seen["unasked"] == 0   # quiet by default: the news waits for the player's next question
    for pictures in seen["names"]:   # every picture under its own name
        assert len(pictures) == len(set(pictures)), pictures
    for address, subjects in seen["subjects"].items():   # one thread, one subject
        assert len(subjects) == 1, subjects
