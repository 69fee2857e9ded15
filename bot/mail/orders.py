"""What an incoming mail asks, done in ONE transaction with its Message-ID and its answer.

The Message-ID is recorded in the same transaction as the orders the mail carries and the answer it
gets, so a mail is applied once and answered once whatever crashes: read again after a crash (before the
IMAP server was told it was handled) it is recognised and skipped. Each order runs in a savepoint: a
refused order changes nothing, the orders before it stand, and the orders after it are not tried.

Every command that changes a seat's play (orders, undo, start, leave, choices) needs that seat's secret,
from the reply address's +tag or "key ..." in the subject; without it nothing changes and the answer goes
to the sender's own address, never to a Reply-To, so a forged From reaches only the real player. The
answer to a seat always goes to the address holding the seat.

Where the code lives (this module handles a mail and assembles its session; the parts are beside it):
    session.py  the lines of the mail run one by one, the seat's secret, the answer
    help.py     the commands and the help that lists them
    lobby.py    help, new, join, leave, follow, unfollow, quiet, vacation, concede
    playing.py  orders (a number, an id or words), choices, undo, run, standing
    looks.py    status, view, hand, map, archive
    master.py   the game master's start, pause, resume, end, replace, computer
    board.py    games, nudge, replaceme, volunteer, substitute
"""

from __future__ import annotations

import logging

from . import store
from .board import BoardCommands
from .inbound import Incoming
from .lobby import LobbyCommands
from .looks import LookCommands
from .master import MasterCommands
from .playing import PlayingCommands
from .session import Session, reply_subject
from .settings import MailSettings

log = logging.getLogger("herald.mail")


class _Session(Session, LobbyCommands, PlayingCommands, LookCommands, MasterCommands, BoardCommands):
    """One incoming mail being handled, inside the transaction, with every command it may carry."""


def handle(service, settings: MailSettings, incoming: Incoming) -> str:
    """Handle one incoming mail exactly once; returns what happened (for the log)."""
    db = service.db
    if (not incoming.sender or incoming.sender == settings.address or incoming.automatic
            or incoming.sender.partition("@")[0].startswith(settings.address.partition("@")[0] + "+")
            and incoming.sender.endswith("@" + settings.domain)):
        with service.transaction():
            if not store.seen(db, incoming.message_id):
                store.record_incoming(db, incoming.message_id, incoming.sender or "?", None,
                                      "ignored: automatic mail (auto-reply, bounce, list) or Herald's own",
                                      service._now())
        return "ignored"
    try:
        with service.transaction():
            if store.seen(db, incoming.message_id):
                return "duplicate"
            store.record_incoming(db, incoming.message_id, incoming.sender, None, "handling", service._now())
            session = _Session(service, settings, incoming)
            outcome = session.run()
            store.set_outcome(db, incoming.message_id, session.answer.game_id, outcome)
            return outcome
    except Exception as error:  # a bug must neither crash the transport nor bring the mail back for ever
        log.exception("Mail %s from %s could not be handled", incoming.message_id, incoming.sender)
        with service.transaction():
            if store.seen(db, incoming.message_id):
                return "duplicate"
            store.record_incoming(db, incoming.message_id, incoming.sender, None,
                                  f"failed: {type(error).__name__}: {error}", service._now())
            store.queue(db, domain=settings.domain, game_id=None, address=incoming.sender, kind="answer",
                        private=True, subject=reply_subject(incoming.subject), now=service._now(),
                        body="Herald could not handle your mail because of an internal error; nothing was "
                             "changed. Please try again later, or tell the person running Herald.\n",
                        answering=incoming.message_id)
        return "failed"

