"""A Duel game opened, joined and started by mail (alice: Red, game master; bob: Blue)."""

from __future__ import annotations

import re

from tests.mail.servers import text_of

SECRET = re.compile(r"Your seat's secret is (\d+-[a-z0-9]{10})")


def start_duel(transport, alice, bob) -> dict:
    """Returns each player's latest mail listing their choices and their secrets."""
    alice.send("new duel")
    transport.run_once()
    [opened] = alice.new_mail()
    bob.send("join #1")
    transport.run_once()
    [joined] = bob.new_mail()
    alice.new_mail()
    alice.send("start", answering=opened)
    transport.run_once()
    return {"alice": alice.new_mail()[-1], "bob": bob.new_mail()[-1],
            "alice_secret": SECRET.search(text_of(opened)).group(1),
            "bob_secret": SECRET.search(text_of(joined)).group(1)}


def answers_to(player, message_id: str) -> list:
    return [m for m in player.inbox() if str(m["In-Reply-To"]) == message_id]
