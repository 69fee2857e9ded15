"""One incoming mail being handled: its lines run one by one (each a command or an order), and the answer
that tells the sender what was done. The commands themselves are in the other parts of the session
(bot/mail/orders.py assembles them)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.service import ServiceError

from . import seats, store
from .fanout import Bundle, collect, queue_bundle
from .help import COMMANDS, HELP
from .inbound import Incoming
from .settings import MailSettings

GAME = re.compile(r"#(\d{1,9})\b")
SUBJECT_PREFIX = re.compile(r"^\s*((re|aw|sv|fw|fwd|tr|wg)\s*:\s*)+", re.IGNORECASE)


class Refused(Exception):
    """A command or an order the session will not do; its message tells the sender why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class Answer:
    """What the mail's answer says and where it goes."""

    address: str
    game_id: int | None = None
    user_id: str | None = None
    lines: list[str] = field(default_factory=list)
    pictures: list[dict] = field(default_factory=list)   # asked for with "map": {"request", "name"}


def reply_subject(subject: str) -> str:
    rest = SUBJECT_PREFIX.sub("", subject or "").strip()
    return f"Re: {rest}" if rest else "Herald"


def maybe_game(line: str) -> int | None:
    found = GAME.search(line)
    return int(found.group(1)) if found else None


class Session:
    """One incoming mail being handled, inside the transaction (the commands are in the other parts)."""

    def __init__(self, service, settings: MailSettings, incoming: Incoming) -> None:
        self.service, self.settings, self.incoming = service, settings, incoming
        self.db = service.db
        self.key = seats.check(self.db, incoming.secret)
        self.sender_id = seats.user_id(incoming.sender)
        self.name = incoming.sender_name.strip() or incoming.sender.partition("@")[0]
        # the answer goes to the seat's own address when the mail opened a seat; else to the sender
        self.answer = Answer(self.key.address if self.key else incoming.sender,
                             self.key.game_id if self.key else None, self.key.user_id if self.key else None)
        self.applied = 0
        self.answered: int | None = None   # the game version the last order of this mail left
        self.stopped = False
        self.refused = False   # something in the mail was refused
        self.changed = False   # something in the mail changed the table

    # ---- the lines of the mail ---------------------------------------------------------------
    def run(self) -> str:
        lines = list(self.incoming.lines)
        subject = SUBJECT_PREFIX.sub("", self.incoming.subject or "").strip()
        if subject.split(" ", 1)[0].lower() in COMMANDS and not (lines and lines[0].split(" ", 1)[0].lower()
                                                                  in COMMANDS):
            lines.insert(0, subject)
        if self.incoming.secret and self.key is None:
            self.say("The secret in this mail does not open any seat (a mistyped key, or a seat that has "
                     "changed hands since).")
            self.stopped = self.refused = True
        elif not lines:
            self.say("Herald found no order or command in your mail (quoted text and signatures are left "
                     "out). Nothing was changed.", "", HELP)
        order_number = 0
        for line in lines if not self.stopped else []:
            word = line.split(" ", 1)[0].lower()
            if word in COMMANDS:
                self.command(word, line)
            else:
                order_number += 1
                self.order(order_number, line)
        self.finish()
        return f"applied {self.applied}" if self.applied else "answered"

    def say(self, *lines: str) -> None:
        self.answer.lines.extend(lines)

    def command(self, word: str, line: str) -> None:
        try:
            with self.service.savepoint():
                getattr(self, f"do_{word}")(line)
        except (ServiceError, Refused) as error:
            self.refused = True
            self.say(f"“{line}” — not done: {error.message}")
        else:
            self.changed = self.changed or word not in ("help", "status", "choices", "map", "games", "archive")

    def _game_named(self, line: str) -> int:
        found = GAME.search(line) or GAME.search(self.incoming.subject or "")
        if found:
            return int(found.group(1))
        if self.key:
            return self.key.game_id
        raise Refused("Say which game, with its number, such as #12.")

    def _require_key(self, game_id: int | None = None) -> seats.SeatKey:
        if self.key is None:
            raise Refused(self._no_secret())
        if game_id is not None and game_id != self.key.game_id:
            raise Refused(f"This mail carries the secret of your seat in game #{self.key.game_id}, not #{game_id}.")
        return self.key

    def _no_secret(self) -> str:
        return ("This mail does not carry your seat's secret, so Herald cannot tell it is really from you "
                "(the sender of a mail can be forged). Reply to a mail from Herald about the game (its reply "
                "address carries the secret), or write \"key YOUR-SECRET\" in the subject.")

    # ---- the answer --------------------------------------------------------------------------
    def finish(self) -> None:
        """Turn the outbox into mail; the sender's own mail about the game carries the answer first."""
        service, settings, answer = self.service, self.settings, self.answer
        if self.refused and not self.changed:
            answer.lines.append("Nothing was changed.")
        bundles = collect(service, settings)
        mine = None
        for bundle in bundles:
            if answer.game_id is not None and (bundle.game_id, bundle.address) == (answer.game_id, answer.address):
                mine = bundle
                continue
            queue_bundle(service, settings, bundle)
        if answer.game_id is not None and (answer.user_id or mine is not None):
            mine = mine or Bundle(answer.game_id, answer.address, answer.user_id or seats.user_id(answer.address))
            # the answer shows what the player may do next, even when nothing new was asked
            mine.your_move = [rc.role for rc in service.choices(answer.game_id, mine.user_id)]
            theirs = SUBJECT_PREFIX.sub("", self.incoming.subject or "").strip() or None
            queue_bundle(service, settings, mine, answer=["Your mail:", *answer.lines] if answer.lines else None,
                         answering=self.incoming.message_id, kind="answer", pictures=answer.pictures,
                         subject=theirs)
        else:
            store.queue(self.db, domain=settings.domain, game_id=answer.game_id, address=answer.address,
                        kind="answer", private=True, now=service._now(), answering=self.incoming.message_id,
                        images=answer.pictures,
                        subject=reply_subject(self.incoming.subject) if answer.game_id is None else
                        f"[Herald #{answer.game_id}]", body="\n".join(answer.lines) + "\n")

