"""Try Herald by mail on this machine, end to end, with no account anywhere: real SMTP and IMAP servers
on the loopback address (those of the mail tests), Herald's mail transport over a fresh database, and two
players, Alice and Bob, who open, join and start a Richard III game and answer the first questions with
the first choice. Every mail each player receives is printed as their mail program would show it.

    .venv/bin/python -m tests.mail.try_locally [--rounds 6] [--db herald-mail-try.db]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bot.mail.transport import MailTransport
from bot.service import TableService
from tests.mail.servers import MailServers, Player, pictures_of, text_of


def show(player: Player) -> object | None:
    """Print a player's new mail; returns the latest one that asks them something."""
    asking = None
    for mail in player.new_mail():
        names = ", ".join(name for name, _ in pictures_of(mail)) or "none"
        print(f"\n=== To {player.address} · Subject: {mail['Subject']} · attached: {names}")
        print(text_of(mail).rstrip())
        if "Your choices as" in text_of(mail):
            asking = mail
    return asking


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6, help="orders to play after the start")
    parser.add_argument("--db", default=str(Path(tempfile.mkdtemp()) / "herald-mail-try.db"))
    args = parser.parse_args()
    servers = MailServers()
    try:
        service = TableService(args.db)
        transport = MailTransport(service, servers.settings(quiet=True))
        alice, bob = Player(servers, "alice@example.net", "Alice"), Player(servers, "bob@example.com", "Bob")
        alice.send("new richard3 scenario 1483 as york", subject="Richard III, anyone?")
        transport.run_once()
        opened = show(alice) or alice.inbox()[-1]
        bob.send("join #1 lancaster", subject="Count me in")
        transport.run_once()
        show(bob)
        alice.send("start\nhand", answering=opened)
        asking = {}
        for _ in range(args.rounds + 1):
            transport.run_once()
            time.sleep(0.2)
            for player in (alice, bob):
                latest = show(player)
                if latest is not None:
                    asking[player.address] = (player, latest)
            if not asking:
                break
            player, mail = asking.pop(next(iter(asking)))
            player.send("1", answering=mail)
        print(f"\nThe game is in {args.db}; `herald local --db {args.db}` shows it at the console.")
    finally:
        servers.stop()


if __name__ == "__main__":
    main()
