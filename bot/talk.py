"""Negotiation side channels (issue 11 item 4): while the engine lists a talk segment
(``Engine.negotiations(state)``: roles the rules let talk in private), the service tells the front ends to
open a side channel for the players holding those roles, to re-sync its members when a seat changes
hands, and to close it when the engine no longer lists the segment. Talk binds nobody: binding deals are
engine actions.

The service queues channel messages of three kinds, each naming the segment's roles (comma-separated)
in ``role``: ``talk_open``, ``talk_sync`` and ``talk_close``. The Discord layer turns them into a private
thread in the game's parent channel (bot/discordbot/talk.py); the console prints them and offers the
``talk`` command, which sends the line privately to the other members through the outbox.

Front ends remember their side channel (a Discord thread id) in ``talk_channels``, one row per game,
segment and front end. The table is created here if missing (it is not part of any game's state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from rules.core import Engine

if TYPE_CHECKING:  # pragma: no cover
    from .service import TableService, _Game

KINDS = ("talk_open", "talk_sync", "talk_close")


def key(roles: Iterable[str]) -> str:
    return ",".join(roles)


def segments(engine: Engine, state: dict | None) -> list[tuple[str, ...]]:
    """The talk segments open in ``state`` (none before the start or once the game is over)."""
    if state is None or engine.result(state) is not None:
        return []
    return [tuple(s) for s in engine.negotiations(state)]


def _names(engine: Engine, roles: Iterable[str]) -> str:
    return ", ".join(engine.role_name(r) for r in roles)


def announce(service: "TableService", game: "_Game", engine: Engine, before: dict | None,
             after: dict | None) -> None:
    """Queue ``talk_close`` for segments that ended and ``talk_open`` for new ones (inside the caller's
    transaction)."""
    old, new = segments(engine, before), segments(engine, after)
    for roles in old:
        if roles not in new:
            service.outbox.add(kind="talk_close", game_id=game.id, channel=game.channel, role=key(roles),
                               text=f"Game #{game.id}: the private talk of {_names(engine, roles)} is closed.")
    for roles in new:
        if roles not in old:
            service.outbox.add(kind="talk_open", game_id=game.id, channel=game.channel, role=key(roles),
                               text=f"Game #{game.id}: {_names(engine, roles)} may now talk in private "
                                    "(nothing said there binds; deals are made with game actions).")


def resync(service: "TableService", game: "_Game", engine: Engine, state: dict, changed: Iterable[str]) -> None:
    """A seat holding ``changed`` roles has a new player: the open segments with one of them re-sync."""
    changed = set(changed)
    for roles in segments(engine, state):
        if changed & set(roles):
            service.outbox.add(kind="talk_sync", game_id=game.id, channel=game.channel, role=key(roles),
                               text=f"Game #{game.id}: the private talk of {_names(engine, roles)} has a new "
                                    "member.")


def members(service: "TableService", game: "_Game", roles: Iterable[str]) -> list[str]:
    """The distinct users holding the segment's roles, in seat order."""
    wanted = set(roles)
    out: list[str] = []
    for seat in service._seats(game):
        if seat.user_id and wanted & set(seat.roles) and seat.user_id not in out:
            out.append(seat.user_id)
    return out
