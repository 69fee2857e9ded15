"""The table service (DESIGN.md §2): games, seats, orders, undo, history, slow play and the outbox.

No Discord here: users are opaque string ids with display names, channels are opaque string ids. The
Discord layer and the local console both drive this class. Every change is one SQLite transaction that
holds the action, the new state version and the messages it produces (see :mod:`bot.storage`).

    service = TableService("herald.db", load_config())
    game = service.create_game("richard3", channel="123", creator_id="u1", creator_name="Alice")
    service.join(game.game_id, "u1", "Alice"); service.join(game.game_id, "u2", "Bob"); service.start(...)
    for rc in service.choices(game_id, "u1"): ...                # prompt + numbered legal actions
    service.submit(game_id, "u1", "card:3", request_id="interaction-id")
    service.tick()                                                # deadlines and reminders, on a timer
    for message in service.outbox.pending(): ...; service.outbox.mark_delivered(message.id, ref)

Errors are :class:`ServiceError` subclasses with a ``code`` and a message written for the user.

API (game ids are ints; "12" and "#12" are accepted too; users are opaque string ids):
    catalogue() engine(game) roles(game, scenario) seatings(game, scenario, players)
    create_game(game, channel=, creator_id=, players=, seating=, ...)  join  leave  swap  accept_swap  decline_swap
    spectate  unspectate  spectators  start
    status  choices  view  log  digest  history  games_in_channel  games_of_user  is_admin
    submit(game, user, action, role=, expected_version=, request_id=)  undo(game, user, role=)  set_autopass
    end  abort  pause  resume  replace_seat  extend_deadline  set_vacation  vacation
    tick()  send(game, text, role=|user=, picture=)  render_image(ImageRequest)  picture  pictures
    picture_manifest  picture_choice  talks  talk_members  talk_channel  set_talk_channel  say_in_talk
    board(guild=, channels=, user_id=, which=, page=)  nudge  lateness  volunteer  accept_substitute
    set_substitute_acceptance  seat_history  game_settings  change_settings  archive  replay_picture  results
    replay(game)  outbox.pending(limit)  outbox.mark_delivered(id, ref)  outbox.mark_failed(id, error)

Secrecy: a message to the channel carries only what the engine logs publicly and what the service says
about seats, turns and deadlines; an action's label (which may name a secret card or a hidden block) is
only ever sent to the player whose role took it.

Where the code lives (this module is the façade; each capability is a mixin in bot/table/):
    records.py   errors, the answers (SeatInfo, Status, RoleChoices...), a game's row, parse_game_id
    base.py      connection, transactions, engine lookup, loading state, seats and users, permissions
    seating.py   catalogue, create_game, join, leave, swap, spectators, start
    play.py      submit, undo, and what an order sets off (automatic passes, the next deadlines)
    slowplay.py  tick: deadlines, reminders and defaults; vacation, auto-pass, extend_deadline
    reading.py   status, choices, view, log, digest, history, pictures and their manifest
    messages.py  send, negotiation side channels (talks, say_in_talk)
    admin.py     end, concede, abort, pause, resume, replace_seat, replay
    board.py     the server's board: its games, whom they wait for, who is late, open seats (filtered, paged)
    lateness.py  nudge, and each player's record of lateness (for the game master)
    substitutes.py  leaving a started game, volunteers, accepting a substitute, the seat's history
    settings.py  game_settings, change_settings: a game's deadlines, reminders, spectators
    archive.py   archive (the HTML record), replay_picture (the animated public map)
    results.py   results: finished games and each player's standing per game
"""

from __future__ import annotations

import secrets
from typing import Any

from . import drawing
from .table.admin import AdminMixin
from .table.archive import ArchiveMixin
from .table.board import BoardMixin
from .table.lateness import LatenessMixin
from .table.base import TableBase, _clock_timestamp, _import_engine  # noqa: F401  (re-exported)
from .table.messages import MessagesMixin
from .table.play import PlayMixin
from .table.reading import ReadingMixin, _manifest  # noqa: F401  (re-exported)
from .table.robots import RobotsMixin
from .table.records import (  # noqa: F401  (the service's public names, importable from here as before)
    _GAME_COLUMNS, _MAX_AUTOMATIC_ACTIONS, CHECKPOINT_EVERY, MISSED_TURN, NO_DEADLINE, PRUNE_EVERY, SYSTEM_AUTOPASS,
    SYSTEM_DEADLINE, BadOption, BadState, CannotUndo, Damaged, CatalogueEntry, EngineFailure, Forbidden, GameFull,
    GameResult, IllegalOrder, LogLine, NoPicture, NotFound, NotYourSeat, NotYourTurn, RenderUnavailable,
    ReplayReport, RoleChoices, SeatInfo, SeatTaken, ServiceError, StaleVersion, Status, SubmitResult, TurnDetail,
    TurnInfo, Waiting, _dumps, _Game, parse_game_id)
from .table.results import ResultsMixin
from .table.seating import SeatingMixin
from .table.settings import SettingsMixin
from .table.slowplay import SlowPlayMixin
from .table.substitutes import SubstitutesMixin


class TableService(BoardMixin, LatenessMixin, SubstitutesMixin, RobotsMixin, SeatingMixin, PlayMixin, SlowPlayMixin,
                   ReadingMixin, MessagesMixin, AdminMixin, SettingsMixin, ArchiveMixin, ResultsMixin, TableBase):
    """All table operations. Thread-safe within a process (one lock around its connection); several
    processes may share one database file (SQLite's write lock serialises them)."""


def new_seed() -> int:
    """A game's seed when none is given: from a secure random source (the tests fix it)."""
    return secrets.randbits(63)


def _draw(game: str, view: dict[str, Any], picture: str, params: dict[str, Any] | None = None) -> bytes:
    """A picture, by the drawing worker when one is started (bot.drawing); tests replace this."""
    return drawing.draw(game, view, picture, params)
