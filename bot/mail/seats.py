"""Mail players and their seats' secrets.

A mail player is a table-service user whose id is ``mail:`` and their address (lower-case), so a game's
seats may be held by Discord users and by addresses in any mix. A From header can be forged, so an order
by mail counts only with the secret of its seat: made when a mail player takes (or is given) a seat, sent
only to that seat's address, and void as soon as the seat changes hands.
"""

from __future__ import annotations

import json
import secrets as random_source
from dataclasses import dataclass

PREFIX = "mail:"
_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"   # no 0/o, 1/l: read back from a phone without mistakes


def user_id(address: str) -> str:
    return PREFIX + address.strip().lower()


def address_of(user: str | None) -> str | None:
    """The address of a mail player's id, None for anyone else (a Discord user, the console)."""
    if user and user.startswith(PREFIX):
        return user[len(PREFIX):]
    return None


@dataclass(frozen=True)
class SeatKey:
    game_id: int
    seat: int
    user_id: str
    secret: str

    @property
    def address(self) -> str:
        return address_of(self.user_id) or ""


def secret_for(db, game_id: int, seat: int, user: str, now: float) -> str:
    """The secret of ``user``'s seat in a game, made on first use (inside the caller's transaction)."""
    row = db.execute("SELECT secret FROM mail_secrets WHERE game_id = ? AND seat = ? AND user_id = ?",
                     [game_id, seat, user]).fetchone()
    if row:
        return row[0]
    secret = f"{game_id}-" + "".join(random_source.choice(_ALPHABET) for _ in range(10))
    db.execute("INSERT INTO mail_secrets (game_id, seat, user_id, secret, created_at) VALUES (?,?,?,?,?)",
               [game_id, seat, user, secret, now])
    return secret


def seat_of(db, game_id: int, user: str) -> int | None:
    row = db.execute("SELECT seat FROM seats WHERE game_id = ? AND user_id = ? ORDER BY seat LIMIT 1",
                     [game_id, user]).fetchone()
    return row[0] if row else None


def key_for(db, game_id: int, user: str, now: float) -> str | None:
    """The secret of the seat ``user`` holds in the game now (None when they hold none)."""
    seat = seat_of(db, game_id, user)
    return secret_for(db, game_id, seat, user, now) if seat is not None else None


def check(db, secret: str | None) -> SeatKey | None:
    """The seat a secret opens: only while the user it was made for still holds that seat."""
    if not secret:
        return None
    row = db.execute("SELECT k.game_id, k.seat, k.user_id FROM mail_secrets k JOIN seats s ON s.game_id = k.game_id "
                     "AND s.seat = k.seat AND s.user_id = k.user_id WHERE k.secret = ?",
                     [secret.strip().lower()]).fetchone()
    return SeatKey(row[0], row[1], row[2], secret.strip().lower()) if row else None


def mail_players(db, game_id: int) -> list[tuple[str, tuple[str, ...]]]:
    """(user id, roles) of the seats of a game held by mail players, in seat order."""
    return [(user, tuple(json.loads(roles))) for user, roles in db.execute(
        "SELECT user_id, roles FROM seats WHERE game_id = ? AND user_id LIKE 'mail:%' ORDER BY seat", [game_id])]
