"""The mail transport's own rows (tables made by storage._v9_mail): incoming Message-IDs already handled,
the mail to send with its stable Message-ID and threading headers, and how far the outbox has been read.
Writes happen inside the caller's transaction (TableService.transaction) unless said otherwise."""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass
from typing import Any

CURSOR = "fanout"


@dataclass(frozen=True)
class Outgoing:
    id: int
    message_id: str
    game_id: int | None
    address: str
    kind: str
    private: bool
    subject: str
    body: str
    images: list[dict[str, Any]]
    choices: dict[str, Any]
    reply_to: str | None
    in_reply_to: str | None
    references: tuple[str, ...]
    attempts: int
    created_at: float


def seen(db, message_id: str) -> bool:
    return db.execute("SELECT 1 FROM mail_incoming WHERE message_id = ?", [message_id]).fetchone() is not None


def record_incoming(db, message_id: str, sender: str, game_id: int | None, outcome: str, now: float) -> None:
    db.execute("INSERT INTO mail_incoming (message_id, sender, game_id, outcome, received_at) VALUES (?,?,?,?,?)",
               [message_id, sender, game_id, outcome[:500], now])


def set_outcome(db, message_id: str, game_id: int | None, outcome: str) -> None:
    db.execute("UPDATE mail_incoming SET game_id = ?, outcome = ? WHERE message_id = ?",
               [game_id, outcome[:500], message_id])


def cursor(db) -> int:
    row = db.execute("SELECT outbox_id FROM mail_cursor WHERE name = ?", [CURSOR]).fetchone()
    return row[0] if row else 0


def set_cursor(db, outbox_id: int) -> None:
    db.execute("INSERT INTO mail_cursor (name, outbox_id) VALUES (?,?) ON CONFLICT(name) DO UPDATE SET "
               "outbox_id = excluded.outbox_id", [CURSOR, outbox_id])


def thread(db, game_id: int | None, address: str) -> tuple[str | None, str | None]:
    """(first, latest) Message-ID of the mail sent to ``address`` about a game: its thread."""
    if game_id is None:
        return None, None
    first = db.execute("SELECT message_id FROM mail_outgoing WHERE game_id = ? AND address = ? ORDER BY id LIMIT 1",
                       [game_id, address]).fetchone()
    last = db.execute("SELECT message_id FROM mail_outgoing WHERE game_id = ? AND address = ? ORDER BY id DESC "
                      "LIMIT 1", [game_id, address]).fetchone()
    return (first[0] if first else None), (last[0] if last else None)


def queue(db, *, domain: str, game_id: int | None, address: str, kind: str, private: bool, subject: str,
          body: str, now: float, images: list[dict[str, Any]] | None = None,
          choices: dict[str, Any] | None = None, answering: str | None = None, reply_to: str | None = None) -> str:
    """Queue one mail; returns its Message-ID (fixed now, so every retry carries the same). It joins the
    game's thread for that address: In-Reply-To the mail it answers (``answering``), else the latest of
    the thread; References the thread's first mail and that parent."""
    first, latest = thread(db, game_id, address)
    parent = answering or latest
    references = [r for r in dict.fromkeys([first, parent]) if r]
    message_id = f"<herald.{game_id or 0}.{uuid.uuid4().hex}@{domain}>"
    db.execute("INSERT INTO mail_outgoing (message_id, game_id, address, kind, private, subject, body, images, "
               "choices, reply_to, in_reply_to, refs, created_at, next_attempt_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
               [message_id, game_id, address, kind, int(private), subject, body, json.dumps(images or []),
                json.dumps(choices or {}), reply_to, parent, " ".join(references), now, now])
    return message_id


def thread_subject(db, game_id: int | None, address: str) -> str | None:
    """The subject of the first mail sent to ``address`` about a game (its thread's subject, without a
    seat's key), or None before the first."""
    if game_id is None:
        return None
    row = db.execute("SELECT subject FROM mail_outgoing WHERE game_id = ? AND address = ? ORDER BY id LIMIT 1",
                     [game_id, address]).fetchone()
    return _KEY_IN_SUBJECT.sub("", row[0]).removeprefix("Re: ").strip() if row else None


_KEY_IN_SUBJECT = re.compile(r"\s*\[key [^\]]*\]")


# ---- quiet mode: one mail per moment a player is asked, and a daily digest ----------------------------

def quiet(db, address: str, default: bool = True) -> bool:
    """Whether ``address`` reads only the mails that ask it something (and a daily digest): its own
    choice, else ``default`` (the ``quiet`` setting)."""
    row = db.execute("SELECT quiet FROM mail_readers WHERE address = ?", [address.lower()]).fetchone()
    return bool(row[0]) if row else default


def set_quiet(db, address: str, on: bool) -> None:
    db.execute("INSERT INTO mail_readers (address, quiet) VALUES (?, ?) ON CONFLICT(address) DO UPDATE SET "
               "quiet = excluded.quiet", [address.lower(), int(on)])


def hold(db, game_id: int, address: str, lines: list[str], images: list[dict[str, Any]], private: bool,
         now: float) -> None:
    """Keep what happened for a quiet player's next mail."""
    db.execute("INSERT INTO mail_held (game_id, address, lines, images, private, held_at) VALUES (?,?,?,?,?,?)",
               [game_id, address, json.dumps(lines), json.dumps(images), int(private), now])


def take_held(db, game_id: int, address: str) -> tuple[list[str], list[dict[str, Any]], bool]:
    """What was held for ``address`` in a game, oldest first (lines, images, private), and forget it."""
    rows = db.execute("SELECT lines, images, private FROM mail_held WHERE game_id = ? AND address = ? ORDER BY id",
                      [game_id, address]).fetchall()
    db.execute("DELETE FROM mail_held WHERE game_id = ? AND address = ?", [game_id, address])
    lines = [line for row in rows for line in json.loads(row[0])]
    images = [image for row in rows for image in json.loads(row[1])]
    return lines, images, any(row[2] for row in rows)


def held_since(db, before: float) -> list[tuple[int, str]]:
    """(game, address) whose oldest held line is older than ``before``: their digest is due."""
    return [(g, a) for g, a in db.execute("SELECT game_id, address FROM mail_held GROUP BY game_id, address "
                                          "HAVING MIN(held_at) <= ?", [before]).fetchall()]


def pending(db, now: float, limit: int) -> list[Outgoing]:
    """Mail due for (re)sending, oldest first; one address's mail waits behind its earlier mail that
    waits for a retry, so each player reads the game in order (within a round, the sender stops an
    address at its first failure)."""
    rows = db.execute(
        "SELECT id, message_id, game_id, address, kind, private, subject, body, images, choices, reply_to, in_reply_to, refs, "
        "attempts, created_at FROM mail_outgoing AS m WHERE sent_at IS NULL AND dead = 0 AND next_attempt_at <= ? "
        "AND NOT EXISTS (SELECT 1 FROM mail_outgoing AS e WHERE e.address = m.address AND e.id < m.id "
        "AND e.sent_at IS NULL AND e.dead = 0 AND e.next_attempt_at > ?) ORDER BY id LIMIT ?", [now, now, limit]).fetchall()
    return [Outgoing(r[0], r[1], r[2], r[3], r[4], bool(r[5]), r[6], r[7], json.loads(r[8] or "[]"),
                     json.loads(r[9] or "{}"), r[10], r[11], tuple((r[12] or "").split()), r[13], r[14]) for r in rows]


def choices_of(db, message_ids: list[str]) -> dict[str, Any] | None:
    """The choices listed in the newest of these mails that listed any (what a reply's number means)."""
    for message_id in reversed(message_ids):
        row = db.execute("SELECT choices FROM mail_outgoing WHERE message_id = ?", [message_id]).fetchone()
        if row and row[0] and json.loads(row[0]):
            return json.loads(row[0])
    return None


def mark_sent(db, mail_id: int, now: float) -> None:
    db.execute("UPDATE mail_outgoing SET sent_at = ?, attempts = attempts + 1 WHERE id = ? AND sent_at IS NULL",
               [now, mail_id])


def mark_failed(db, mail_id: int, error: str, now: float, base: float, ceiling: float, max_attempts: int) -> None:
    row = db.execute("SELECT attempts FROM mail_outgoing WHERE id = ?", [mail_id]).fetchone()
    attempts = (row[0] if row else 0) + 1
    dead = 0 < max_attempts <= attempts
    db.execute("UPDATE mail_outgoing SET attempts = ?, next_attempt_at = ?, last_error = ?, dead = ? WHERE id = ? "
               "AND sent_at IS NULL", [attempts, now + min(base * 2 ** (attempts - 1), ceiling), error[:2000],
                                       int(dead), mail_id])


def give_up(db, mail_id: int, error: str) -> None:
    db.execute("UPDATE mail_outgoing SET attempts = attempts + 1, dead = 1, last_error = ? WHERE id = ? AND "
               "sent_at IS NULL", [error[:2000], mail_id])
