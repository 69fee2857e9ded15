"""The outbox: messages waiting to be delivered (DESIGN.md §2).

Messages are written in the same transaction as the change that caused them, then delivered by the
Discord layer (or printed by the console): ``pending`` lists what is due, the deliverer calls
``mark_delivered`` or ``mark_failed`` (retried later with exponential backoff). Each message has a
``delivery_id`` that stays the same on every retry.

Exactly once (the Discord layer): the messages of one post are first ``claim``ed as a delivery unit,
whose nonce is derived from exactly their delivery ids; the post goes out under that nonce, and
``mark_unit_delivered`` records the whole unit in one statement. A retry after a crash posts the same
unit under the same nonce (nothing joins it). Delivered messages are pruned after ``[outbox]
keep_delivered`` (``prune``, from the service's tick).

Deliveries recorded before they are posted (``begin_attempt``): just before the first request of a
post leaves, ``posting_at`` is committed for its unit; an attempt known not to have reached Discord (a
refusal, no connection) clears it again (``attempt_not_made``). So after a crash or restart, however
long, each unit is in one of three states, and the layer acts on what it knows, never on a guess:

* never attempted (``posting_at`` NULL): posted now; it cannot be out already;
* attempted less than Discord's nonce memory ago (two minutes): posted again under the same nonce, and
  Discord answers with the post it already made, if it made one;
* attempted longer ago ("in doubt"): Discord has forgotten the nonce. The layer reads back the
  destination's history (its DMs with a player, a channel where it may Read Message History) and
  records the post it finds, or posts when the history shows none: all of it since the attempt, for a
  busy destination may hold many posts before the unit's own. Where it may not read, or the history is
  too long to read through (the layer's ``READ_BACK_MAX``), the unit is given up (``give_up_unit``,
  dead, "in doubt" in ``last_error``) and not posted.

Limits: a post is never shown twice, but a post in doubt that cannot be read back is given up though
it may never have reached Discord: at most once, in the narrow window between the commit of
``posting_at`` and the record of the delivery (one request's round trip), and only when the bot then
stays down longer than the nonce memory where it cannot read history. Its content is not lost to the
players: the log lines are in ``/log``, a "your move" in ``/play`` and the next reminder.

A message goes to a channel (public) or to a user (private). A role is resolved to the user in its seat
when the message is created. A private message can never be addressed to a channel.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import threading
import uuid
from dataclasses import dataclass
from typing import Any, Callable

import sqlite_utils

from . import storage
from .config import Config


class PublicTargetError(ValueError):
    """A private message was addressed to a public channel."""


@dataclass(frozen=True)
class ImageRequest:
    """A picture to draw at delivery time: the game, its position (version and log position), whose view
    (None: the public one), which picture ("map", "battle", "hand") and its parameters, as (name, value)
    pairs (a region of a large map)."""

    game_id: int
    version: int
    pos: int
    role: str | None
    picture: str = "map"
    params: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = {"game_id": self.game_id, "version": self.version, "pos": self.pos, "role": self.role,
               "picture": self.picture}
        if self.params:
            out["params"] = dict(self.params)
        return out

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "ImageRequest":
        return cls(int(raw["game_id"]), int(raw["version"]), int(raw["pos"]), raw.get("role"),
                   raw.get("picture", "map"), tuple(sorted((raw.get("params") or {}).items())))


@dataclass(frozen=True)
class OutboxMessage:
    id: int
    delivery_id: str
    game_id: int | None
    kind: str                 # log, private_log, your_move, waiting, reminder, deadline, result, notice, follow
    target_kind: str          # "channel" or "user" (a message to a role is returned resolved to its user)
    target: str               # channel id or user id
    private: bool
    role: str | None          # the role it was addressed to, if any
    text: str
    image: ImageRequest | None
    attempts: int
    created_at: float
    #: the nonce of the delivery unit (one post) this message was claimed into, None before its first try
    unit: str | None = None


def unit_nonce(delivery_ids: list[str]) -> str:
    """The nonce of a delivery unit: derived from exactly the messages it carries (25 characters, the
    most Discord takes), so another set of messages never shares it."""
    return "u" + hashlib.sha256("\n".join(delivery_ids).encode()).hexdigest()[:24]


class Outbox:
    """Reads and delivery bookkeeping; :meth:`add` is called by the service inside its transactions."""

    def __init__(self, db: sqlite_utils.Database, config: Config, now: Callable[[], float],
                 lock: threading.RLock) -> None:
        self._db = db
        self._config = config
        self._now = now
        self._lock = lock

    def add(self, *, kind: str, text: str, game_id: int | None = None, channel: str | None = None,
            user: str | None = None, private: bool = False, role: str | None = None,
            to_role: bool = False, image: ImageRequest | None = None) -> int:
        """Queue one message for a channel (public), a user, or (``to_role=True``) the player holding
        ``role`` in ``game_id`` when it is delivered. Call inside a transaction to tie it to the change
        that produced it."""
        if to_role:
            if channel is not None or user is not None or role is None or game_id is None:
                raise ValueError("a message to a role names the role and its game, and no channel or user")
            target_kind, target = "role", role
        else:
            if (channel is None) == (user is None):
                raise ValueError("a message goes to exactly one of: a channel, a user, a role")
            if private and channel is not None:
                raise PublicTargetError(f"a private message cannot be sent to channel {channel}")
            target_kind, target = ("channel", channel) if channel is not None else ("user", user)
        now = self._now()
        destination = f"role:{game_id}:{target}" if target_kind == "role" else f"{target_kind}:{target}"
        cursor = self._db.execute(
            "INSERT INTO outbox (delivery_id, game_id, kind, target_kind, target, private, role, text, image,"
            " created_at, next_attempt_at, destination) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            [uuid.uuid4().hex, game_id, kind, target_kind, str(target), int(private), role, text,
             json.dumps(image.to_dict()) if image else None, now, now, destination])
        return cursor.lastrowid

    #: SQL: the user holding a role message's role now (NULL for other messages or an empty seat)
    _HOLDER = ("CASE WHEN m.target_kind = 'role' THEN (SELECT s.user_id FROM seats AS s, json_each(s.roles) AS r "
               "WHERE s.game_id = m.game_id AND r.value = m.target LIMIT 1) END")

    def pending(self, limit: int = 50, channel: str | None = None) -> list[OutboxMessage]:
        """Messages due for (re)delivery, oldest first. Not claimed: deliver, then mark.

        A message waits while an earlier message to the same channel, user or role waits for its retry, so
        each destination gets its messages in order; and such held messages never fill the batch, so one
        unreachable channel cannot stop delivery to every other. A message to a role comes back as a
        message to the user holding that role now (``target_kind`` "user"); one whose role nobody holds
        is given up. ``channel``: only messages of games bound to that channel (the local console)."""
        now = self._now()
        where, args = "", [now, now]
        if channel is not None:
            where = " AND m.game_id IN (SELECT id FROM games WHERE channel = ?)"
            args.append(str(channel))
        # Walk the undelivered rows in id order (their own index) and stop at ``limit``; each row asks the
        # hold index only about its own destination: the cost does not grow with the backlog.
        with self._lock:
            rows = list(self._db.query(
                f"SELECT m.*, {self._HOLDER} AS holder FROM outbox AS m INDEXED BY outbox_undelivered"
                " WHERE m.delivered_at IS NULL AND m.dead = 0 AND m.next_attempt_at <= ?"
                " AND NOT EXISTS (SELECT 1 FROM outbox AS e INDEXED BY outbox_hold"
                " WHERE e.destination = m.destination AND e.next_attempt_at > ? AND e.id < m.id"
                " AND e.delivered_at IS NULL AND e.dead = 0)"
                f"{where} ORDER BY m.id LIMIT ?", [*args, limit]))
            out = []
            for row in rows:
                if row["target_kind"] == "role":
                    if not row["holder"]:
                        self._db.execute("UPDATE outbox SET dead = 1, last_error = ? WHERE id = ?",
                                         [f"nobody holds the role {row['target']}", row["id"]])
                        continue
                    row = dict(row, target_kind="user", target=row["holder"])
                out.append(self._message(row))
            return out

    def get(self, message_id: int) -> OutboxMessage:
        """One message; a message to a role is shown resolved to the role's holder now (when it has one)."""
        with self._lock:
            rows = list(self._db.query(f"SELECT m.*, {self._HOLDER} AS holder FROM outbox AS m WHERE m.id = ?",
                                       [message_id]))
        if not rows:
            from .service import NotFound
            raise NotFound(f"There is no outbox message {message_id}.")
        row = rows[0]
        if row["target_kind"] == "role" and row["holder"]:
            row = dict(row, target_kind="user", target=row["holder"])
        return self._message(row)

    def mark_delivered(self, message_id: int, external_ref: str | None = None) -> None:
        """Record a delivery. Repeating it is harmless (the first reference is kept)."""
        self.get(message_id)
        with self._lock:
            self._db.execute("UPDATE outbox SET delivered_at = ?, external_ref = ? "
                             "WHERE id = ? AND delivered_at IS NULL", [self._now(), external_ref, message_id])

    def claim(self, message_ids: list[int]) -> str:
        """Make these undelivered messages (to one destination, in order) one delivery unit, before it is
        posted, and return its nonce. Claiming the same messages again returns the same nonce; a message
        already in another unit is refused (ValueError): after a crash the unit is retried as it was, and
        no message joins or leaves a post that may already be out."""
        if not message_ids:
            raise ValueError("a delivery unit holds at least one message")
        with self._lock, self._transaction():
            marks = ",".join("?" * len(message_ids))
            rows = {r[0]: r for r in self._db.execute(
                f"SELECT id, delivery_id, unit, delivered_at, destination FROM outbox WHERE id IN ({marks})",
                list(message_ids))}
            if len(rows) != len(set(message_ids)):
                raise ValueError("no such outbox message")
            nonce = unit_nonce([rows[i][1] for i in message_ids])
            if any(rows[i][2] not in (None, nonce) for i in message_ids):
                raise ValueError("a message of that unit was already claimed into another one")
            if len({rows[i][4] for i in message_ids}) != 1:
                raise ValueError("a delivery unit goes to one destination")
            self._db.execute(f"UPDATE outbox SET unit = ?, unit_at = ? WHERE unit IS NULL AND id IN ({marks})",
                             [nonce, self._now(), *message_ids])
        return nonce

    def unit_members(self, unit: str) -> list[OutboxMessage]:
        """The messages of a claimed unit still to deliver, in order (resolved like pending())."""
        with self._lock:
            rows = list(self._db.query(f"SELECT m.*, {self._HOLDER} AS holder FROM outbox AS m WHERE m.unit = ? "
                                       "AND m.delivered_at IS NULL AND m.dead = 0 ORDER BY m.id", [unit]))
        return [self._message(dict(r, target_kind="user", target=r["holder"]) if r["target_kind"] == "role"
                              and r["holder"] else r) for r in rows]

    def begin_attempt(self, unit: str) -> float | None:
        """Record, in a transaction of its own, that a post of ``unit`` is about to leave (before the
        request): returns when an earlier attempt that may have reached the front end began, None when
        none did (then this attempt is the first that may)."""
        with self._lock, self._transaction():
            row = self._db.execute("SELECT MIN(posting_at) FROM outbox WHERE unit = ?", [unit]).fetchone()
            self._db.execute("UPDATE outbox SET posting_at = ? WHERE unit = ? AND posting_at IS NULL",
                             [row[0] if row[0] is not None else self._now(), unit])
        return row[0]

    def attempt_not_made(self, unit: str) -> None:
        """The attempt that began the unit's doubt is known not to have reached the front end (refused, no
        connection): the unit is once more one that was never posted."""
        with self._lock, self._transaction():
            self._db.execute("UPDATE outbox SET posting_at = NULL WHERE unit = ? AND delivered_at IS NULL", [unit])

    def unit_posting_at(self, unit: str) -> float | None:
        """When the first attempt at ``unit`` that may have reached the front end began (None: none did)."""
        with self._lock:
            return self._db.execute("SELECT MIN(posting_at) FROM outbox WHERE unit = ?", [unit]).fetchone()[0]

    def retry_before(self, unit: str, when: float) -> None:
        """Bring the next attempt at ``unit`` forward to ``when`` if it is due later (a post in doubt is
        retried while the front end still deduplicates it); nothing when ``when`` has passed."""
        if when <= self._now():
            return
        with self._lock, self._transaction():
            self._db.execute("UPDATE outbox SET next_attempt_at = ? WHERE unit = ? AND next_attempt_at > ? "
                             "AND delivered_at IS NULL", [when, unit, when])

    def give_up_unit(self, unit: str, error: str) -> int:
        """Give up every undelivered message of ``unit`` (a post in doubt that cannot be read back)."""
        with self._lock, self._transaction():
            cursor = self._db.execute("UPDATE outbox SET attempts = attempts + 1, last_error = ?, dead = 1 "
                                      "WHERE unit = ? AND delivered_at IS NULL", [str(error)[:2000], unit])
        return cursor.rowcount

    def is_recorded_ref(self, external_ref: str) -> bool:
        """Whether a delivered message already records ``external_ref`` (a post it was delivered as)."""
        with self._lock:
            return self._db.execute("SELECT 1 FROM outbox WHERE external_ref = ? AND delivered_at IS NOT NULL "
                                    "LIMIT 1", [str(external_ref)]).fetchone() is not None

    def mark_unit_delivered(self, unit: str, external_ref: str | None = None) -> int:
        """Record the delivery of a whole unit in one statement (all its messages or none); returns how
        many were marked now. Repeating it is harmless."""
        with self._lock:
            cursor = self._db.execute("UPDATE outbox SET delivered_at = ?, external_ref = ? "
                                      "WHERE unit = ? AND delivered_at IS NULL", [self._now(), external_ref, unit])
        return cursor.rowcount

    def prune(self, keep_seconds: float, batch: int = 5000) -> int:
        """Delete messages delivered more than ``keep_seconds`` ago (replay and history read the action
        log, the game log and the snapshots, never the outbox). Undelivered and given-up messages stay.
        Deletes in small transactions so orders are never held up long. Returns how many went."""
        if keep_seconds <= 0:
            return 0
        cutoff = self._now() - keep_seconds
        removed = 0
        while True:
            with self._lock, self._transaction():
                cursor = self._db.execute(
                    "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox INDEXED BY outbox_delivered "
                    "WHERE delivered_at IS NOT NULL AND delivered_at < ? LIMIT ?)", [cutoff, batch])
            removed += cursor.rowcount
            if cursor.rowcount < batch:
                return removed

    def _transaction(self):
        """A write transaction of its own, or the caller's when one is open."""
        return contextlib.nullcontext() if self._db.conn.in_transaction else storage.transaction(self._db)

    def mark_failed(self, message_id: int, error: str) -> float | None:
        """Record a failed attempt; the message is retried after an exponential backoff. Returns when the
        next attempt is due, or None when ``max_attempts`` is reached and the message is given up."""
        message = self.get(message_id)
        attempts = message.attempts + 1
        delay = min(self._config.outbox_backoff_base * 2 ** (attempts - 1), self._config.outbox_backoff_max)
        dead = 0 < self._config.outbox_max_attempts <= attempts
        next_at = self._now() + delay
        with self._lock:
            self._db.execute("UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ?, dead = ? "
                             "WHERE id = ? AND delivered_at IS NULL",
                             [attempts, next_at, str(error)[:2000], int(dead), message_id])
        return None if dead else next_at

    def give_up(self, message_id: int, error: str) -> None:
        """Stop trying a message that can never be delivered (a deleted channel, a user who blocked the
        bot): it is kept, marked dead with the reason, and no longer holds back later messages."""
        self.get(message_id)
        with self._lock:
            self._db.execute("UPDATE outbox SET attempts = attempts + 1, last_error = ?, dead = 1 "
                             "WHERE id = ? AND delivered_at IS NULL", [str(error)[:2000], message_id])

    def stats(self) -> dict[str, int]:
        with self._lock:
            row = self._db.execute(
                "SELECT COUNT(*), SUM(delivered_at IS NOT NULL), SUM(dead) FROM outbox").fetchone()
        return {"total": row[0], "delivered": row[1] or 0, "dead": row[2] or 0,
                "waiting": row[0] - (row[1] or 0) - (row[2] or 0)}

    @staticmethod
    def _message(row: dict[str, Any]) -> OutboxMessage:
        return OutboxMessage(row["id"], row["delivery_id"], row["game_id"], row["kind"], row["target_kind"],
                             row["target"], bool(row["private"]), row["role"], row["text"],
                             ImageRequest.from_dict(json.loads(row["image"])) if row["image"] else None,
                             row["attempts"], row["created_at"], row.get("unit"))
