"""The table service's foundation: the database connection and its transactions, the engine lookup,
loading a game and its state, seats and users, and the permission checks every capability uses."""

from __future__ import annotations

import contextlib
import importlib
import json
import sqlite3
import threading
import time
from typing import Any, Callable, Mapping

from rules.core import BadSetup, Engine
from rules.core import registry

from .. import clock, storage
from ..config import Config, DeadlineSettings
from ..memory import FrontEndMemory
from ..outbox import ImageRequest, Outbox
from .records import (NotFound, NotYourSeat, Forbidden, BadOption, BadState, SeatInfo, _Game, _GAME_COLUMNS,
                      _json_object, damage_named, parse_game_id)
from .statecache import StateCache
from .views import PositionCache, Reader, ViewCache


class TableBase:
    """What every capability of the table service stands on (see :class:`bot.service.TableService`)."""

    def __init__(self, db_path: str | Config | None = None, config: Config | None = None, *,
                 engines: Callable[[str], Engine] | Mapping[str, Engine] | None = None,
                 clock: Callable[[], float] | None = None, read_only: bool = False) -> None:
        """``db_path``: the SQLite file (default: config ``[database] path``); ``TableService(config)``
        works too. ``engines``: a game id -> engine lookup (default: rules.core.registry plus config
        ``[engines] modules``), or a mapping of the only games offered. ``clock``: POSIX seconds now
        (default :func:`bot.clock.timestamp`). ``read_only``: only read the database (`herald replay`):
        nothing is migrated or written, and the file and its folder may be read-only."""
        if isinstance(db_path, Config):
            db_path, config = None, db_path
        self.config = config or Config()
        db_path = str(db_path) if db_path is not None else self.config.database_path
        self._now = clock or _clock_timestamp
        self._lock = threading.RLock()
        self._engine_ids, self._lookup = self._make_lookup(engines)
        self.db = storage.connect(db_path, read_only=read_only)
        try:
            if read_only:
                storage.require_latest(self.db)
            else:
                storage.migrate(self.db)
        except sqlite3.DatabaseError as error:   # a damaged file: one line, and what to run
            self.db.conn.close()
            raise storage.StorageError(f"The database {db_path} is damaged ({error}); `herald check-db --db "
                                       f"{db_path}` says what is wrong. Restore it from a backup.") from None
        self._db_path = db_path
        # Checkpoints (copying the WAL into the database, with an fsync) run from tick() on a connection
        # of their own, not inside the commit of whichever order happens to cross the WAL's size limit;
        # the automatic checkpoint stays as a backstop for a process that never ticks.
        self.db.execute(f"PRAGMA wal_autocheckpoint={storage.BACKSTOP_CHECKPOINT_PAGES}")
        self._checkpointer = None
        self._checkpoint_lock = threading.Lock()
        self._last_checkpoint = time.monotonic()
        self._last_prune: float | None = None
        self.outbox = Outbox(self.db, self.config, self._now, self._lock)
        #: a front end's memory of its users that must survive a restart (notes to show, lines shown)
        self.memory = FrontEndMemory(self.db, self._now, self._lock)
        #: the games' states between orders, the recent ones as objects, the others marshalled
        self._cache = StateCache(self.config.state_cache_games)
        self._staged: dict[int, tuple[int, dict[str, Any]]] = {}
        #: views built once per position and reader, and past positions drawn for the outbox (views.py)
        self._views = ViewCache()
        self._positions = PositionCache()
        #: Test hook: called inside every write transaction just before COMMIT.
        self.before_commit: Callable[[], None] | None = None

    def close(self) -> None:
        with self._lock:
            self.db.conn.close()
        with self._checkpoint_lock:
            if self._checkpointer is not None:
                self._checkpointer.close()
                self._checkpointer = None

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database file (a passive checkpoint: it waits for nobody and
        orders go on meanwhile). tick() does it every :data:`CHECKPOINT_EVERY` seconds."""
        if self._db_path == ":memory:":
            return
        with self._checkpoint_lock:
            if self._checkpointer is None:
                self._checkpointer = storage.connect(self._db_path)
            self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            self._last_checkpoint = time.monotonic()

    #: longest key and value a flag may have (flags are small facts, not a document store)
    FLAG_KEY_MAX = 200

    FLAG_VALUE_MAX = 2000

    def user_flag(self, user_id: str, key: str) -> str | None:
        """A small persistent fact about a user kept for a front end (a hint already shown, a warning
        already sent), or None when unset. Survives restarts."""
        with self._lock:
            row = self.db.execute("SELECT value FROM user_flags WHERE user_id = ? AND key = ?",
                                  [str(user_id), str(key)]).fetchone()
        return row[0] if row else None

    def set_user_flag(self, user_id: str, key: str, value: str | None) -> None:
        """Set (or, with None, clear) a user's flag ``key``."""
        key = str(key)
        if not key or len(key) > self.FLAG_KEY_MAX:
            raise BadOption(f"A flag's key must be 1 to {self.FLAG_KEY_MAX} characters long.")
        if value is not None and len(str(value)) > self.FLAG_VALUE_MAX:
            raise BadOption(f"A flag's value must be at most {self.FLAG_VALUE_MAX} characters long.")
        with self._write():
            if value is None:
                self.db.execute("DELETE FROM user_flags WHERE user_id = ? AND key = ?", [str(user_id), key])
            else:
                self.db.execute("INSERT INTO user_flags (user_id, key, value, updated_at) VALUES (?,?,?,?) "
                                "ON CONFLICT(user_id, key) DO UPDATE SET value = excluded.value, "
                                "updated_at = excluded.updated_at", [str(user_id), key, str(value), self._now()])

    @contextlib.contextmanager
    def transaction(self):
        """One write transaction around several service calls and a front end's own rows (the email
        transport records an incoming Message-ID with the orders it carries and their answer): all commit
        together or none does. Yields the database connection."""
        with self._write():
            yield self.db

    @contextlib.contextmanager
    def savepoint(self):
        """Inside :meth:`transaction`: if the block raises, what it changed is undone alone (and the
        error re-raised); the rest of the transaction stands."""
        if not self.db.conn.in_transaction:
            raise RuntimeError("savepoint() is for use inside transaction()")
        staged = dict(self._staged)
        self.db.execute("SAVEPOINT herald_step")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK TO herald_step")
            self.db.execute("RELEASE herald_step")
            for game_id in set(self._staged) | set(staged):  # states staged by the undone part are void
                self._cache.pop(game_id)
            self._staged = staged
            raise
        self.db.execute("RELEASE herald_step")

    @contextlib.contextmanager
    def _write(self):
        """A write transaction; state-cache updates staged inside it take effect only after COMMIT."""
        with self._lock:
            if self.db.conn.in_transaction:  # nested: part of the outer transaction
                yield
                return
            self._staged = {}
            try:
                with storage.transaction(self.db):
                    yield
                    if self.before_commit is not None:
                        self.before_commit()
            except BaseException:
                for game_id in self._staged:
                    self._cache.pop(game_id)
                self._staged = {}
                raise
            for game_id, (version, state) in self._staged.items():
                self._cache.put(game_id, version, state)
            self._staged = {}

    def _make_lookup(self, engines):
        if engines is None:
            extra = dict(self.config.engine_modules)

            def lookup(game_id: str) -> Engine:
                if game_id in extra:
                    return _import_engine(extra[game_id])
                return registry.get_engine(game_id)
            return registry.game_ids() + [g for g in extra if g not in registry.GAME_MODULES], lookup
        if isinstance(engines, Mapping):
            table = dict(engines)

            def lookup(game_id: str) -> Engine:
                if game_id not in table:
                    raise BadSetup(f"Unknown game '{game_id}'. Known games: {', '.join(table)}.")
                return table[game_id]
            return list(table), lookup
        return registry.game_ids(), engines

    def _engine(self, game: str) -> Engine:
        try:
            return self._lookup(game)
        except BadSetup as error:
            raise NotFound(str(error)) from None
        except (ImportError, AttributeError) as error:
            raise NotFound(f"The game '{game}' cannot be loaded right now ({error}).") from None

    def _game(self, game_id: int | str) -> _Game:
        gid = parse_game_id(game_id)
        with damage_named(gid, "its row in the games table"):   # one line, not a traceback
            row = list(self.db.query(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", [gid]))
            if not row:
                raise NotFound(f"There is no game #{gid}.")
            return _Game.from_row(row[0])

    def _state(self, game: _Game) -> dict[str, Any]:
        staged = self._staged.get(game.id)
        if staged is not None and staged[0] == game.version:
            return staged[1]
        cached = self._cache.get(game.id, game.version) if staged is None else None
        if cached is not None:
            return cached
        with damage_named(game.id, "its stored state"):
            state = _json_object(self.db.execute("SELECT state FROM games WHERE id = ?", [game.id]).fetchone()[0])
        if not self.db.conn.in_transaction:
            self._cache.put(game.id, game.version, state)
        return state

    def _state_at(self, game: _Game, engine: Engine, pos: int) -> dict[str, Any]:
        """The position after ``pos`` live actions: the nearest snapshot, then the log replayed."""
        if pos == game.log_length:
            return self._state(game)
        reusable = not self.db.conn.in_transaction   # inside one, the log may be half rewritten (undo)
        kept = self._positions.get(game.id, game.version, pos) if reusable else None
        if kept is not None:
            return kept
        snap_pos, text = self.db.execute("SELECT pos, state FROM snapshots WHERE game_id = ? AND pos <= ? "
                                         "ORDER BY pos DESC LIMIT 1", [game.id, pos]).fetchone()
        state = json.loads(text)
        for role, action in self.db.execute("SELECT role, action FROM actions WHERE game_id = ? AND undone = 0 "
                                            "AND pos > ? AND pos <= ? ORDER BY pos", [game.id, snap_pos, pos]):
            state = engine.apply(state, role, action).state
        if reusable:
            self._positions.put(game.id, game.version, pos, state)
        return state

    def _view(self, game: _Game, engine: Engine, state: dict[str, Any], reader: Reader) -> dict[str, Any]:
        """``reader``'s view of ``state``, built once (views.py); shared: the caller never changes it."""
        with self._lock:
            return self._views.view(engine, game.id, state, reader)

    def _deadline_settings(self, game: _Game) -> DeadlineSettings:
        return self.config.deadlines_for(game.game).merged(game.settings.get("deadlines"), "deadlines")

    def _touch_user(self, user_id: str, name: str | None) -> None:
        if name:
            self.db.execute("INSERT INTO users (id, name) VALUES (?,?) ON CONFLICT(id) DO UPDATE SET name = "
                            "excluded.name", [user_id, name])
        else:
            self.db.execute("INSERT OR IGNORE INTO users (id, name) VALUES (?,?)", [user_id, user_id])

    def _name(self, user_id: str | None) -> str:
        if user_id is None:
            return "nobody"
        if user_id.startswith("system:"):
            return "Herald"
        row = self.db.execute("SELECT name FROM users WHERE id = ?", [user_id]).fetchone()
        return row[0] if row and row[0] else user_id

    def _seats(self, game: _Game) -> list[SeatInfo]:
        engine = self._engine(game.game)
        requests: dict[int, list[str]] = {}
        if game.status == "open":
            for user, to_seat in self.db.execute("SELECT user_id, to_seat FROM swap_requests WHERE game_id = ? "
                                                 "ORDER BY created_at", [game.id]):
                requests.setdefault(to_seat, []).append(user)
        out = []
        for seat, roles, user in self.db.execute("SELECT seat, roles, user_id FROM seats WHERE game_id = ? "
                                                 "ORDER BY seat", [game.id]):
            roles = tuple(json.loads(roles))
            out.append(SeatInfo(seat, roles, tuple(engine.role_name(r) for r in roles), user,
                                self._name(user) if user else None, tuple(requests.get(seat, ()))))
        return out

    def _roles_of(self, game: _Game, user_id: str | None) -> list[str]:
        if user_id is None:
            return []
        return [r for (roles,) in self.db.execute("SELECT roles FROM seats WHERE game_id = ? AND user_id = ? "
                                                  "ORDER BY seat", [game.id, user_id])
                for r in json.loads(roles)]

    def _seated_roles(self, game: _Game, user_id: str | None) -> list[str]:
        """The roles ``user_id`` holds in ``game`` (seat order); refused when they hold no seat."""
        held = self._roles_of(game, user_id)
        if not held:
            raise NotYourSeat(f"You do not hold a seat in game #{game.id}.")
        return held

    def _seat_of(self, game: _Game, user_id: str) -> SeatInfo:
        for seat in self._seats(game):
            if seat.user_id == user_id:
                return seat
        raise NotYourSeat(f"You do not hold a seat in game #{game.id}.")

    @staticmethod
    def _holder_in(seats: list[SeatInfo], role: str) -> str | None:
        for seat in seats:
            if role in seat.roles:
                return seat.user_id
        return None

    def _find_seat(self, game: _Game, seats: list[SeatInfo], seat: int | str) -> SeatInfo:
        text = str(seat).strip().lower()
        if text.isascii() and text.isdigit():
            if len(text) > 9:
                raise NotFound(f"Game #{game.id} has seats 1 to {len(seats)}.")
            number = int(text)
            if not 1 <= number <= len(seats):
                raise NotFound(f"Game #{game.id} has seats 1 to {len(seats)}, not {number}.")
            return seats[number - 1]
        for s in seats:
            if text in s.roles or text in (n.lower() for n in s.role_names):
                return s
        roles = ", ".join(n for s in seats for n in s.role_names)
        raise NotFound(f"Game #{game.id} has no seat '{str(seat)[:40]}'. Seats hold: {roles}.")

    def _known_role(self, game: _Game, role: str) -> str:
        """``role`` (an id, or a name in any case) as a role id of the game; NotFound listing the roles."""
        engine = self._engine(game.game)
        roles = [r for s in self._seats(game) for r in s.roles]
        for r in roles:
            if str(role).strip().lower() in (r.lower(), engine.role_name(r).lower()):
                return r
        raise NotFound(f"Game #{game.id} has no role '{role}'; its roles are "
                       f"{', '.join(engine.role_name(r) for r in roles)}.")

    def _reader_role(self, game: _Game, user_id: str | None, role: str | None) -> str | None:
        held = self._roles_of(game, user_id)
        if role is not None:
            role = self._known_role(game, role)
            if role not in held:
                engine = self._engine(game.game)
                mine = f"; you play {', '.join(engine.role_name(r) for r in held)}" if held else ""
                raise NotYourSeat(f"You do not play {engine.role_name(role)} in game #{game.id}{mine}.")
            return role
        return held[0] if held else None

    def _reader(self, game: _Game, user_id: str | None, role: str | None) -> Reader:
        """Whose view the user reads: ``role`` (one of theirs), else all their roles together when they
        hold several, else their one role, else the public's (None)."""
        held = self._roles_of(game, user_id)
        if role is None and len(held) > 1:
            return tuple(held)
        return self._reader_role(game, user_id, role)

    def _reader_view(self, game: _Game, engine: Engine, state: dict, user_id: str | None,
                     role: str | None) -> dict[str, Any]:
        """The view of ``role`` (one of the user's), else what the user sees holding all their roles
        (``Engine.view_for``: a player with two powers sees both hands), else the public view. Built
        afresh: the caller may keep or change it."""
        reader = self._reader(game, user_id, role)
        return engine.view_for(state, list(reader)) if isinstance(reader, tuple) else engine.view(state, reader)

    def _tell_followers(self, game: _Game, engine: Engine, text: str, image: ImageRequest | None) -> None:
        """A direct message to each spectator: public facts only (the public log and map)."""
        for (user,) in self.db.execute("SELECT user_id FROM spectators WHERE game_id = ? ORDER BY rowid",
                                       [game.id]).fetchall():
            self.outbox.add(kind="follow", game_id=game.id, user=user, private=False,
                            text=f"Game #{game.id} ({engine.title}), which you follow: {text}", image=image)

    def _is_admin(self, game: _Game, user_id: str) -> bool:
        return user_id == game.gm or user_id in self.config.admins

    def _acting(self, game: _Game, by: str, actor_name: str | None) -> str:
        """Who did a game-master action, for its notice: ``by``'s name, or "Carol (Manage Server) for the
        game master" when a front end says someone else acted for ``by``."""
        if not actor_name:
            return self._name(by)
        actor = " ".join(str(actor_name).split())[:100]
        return f"{actor} for {'the game master' if by == game.gm else self._name(by)}"

    def _require_admin(self, game: _Game, user_id: str, what: str) -> None:
        if not self._is_admin(game, user_id):
            raise Forbidden(f"Only the game master ({self._name(game.gm)}) or an admin can {what}.")

    @staticmethod
    def _require(game: _Game, status: str, message: str) -> None:
        if game.status != status:
            raise BadState(message)

    @staticmethod
    def _require_started(game: _Game) -> None:
        if game.status == "open":
            raise BadState(f"Game #{game.id} has not started yet.")

    def _require_playing(self, game: _Game, allow_paused: bool = False) -> None:
        if game.status == "active" or (allow_paused and game.status == "paused"):
            return
        if game.status == "paused":
            raise BadState(f"Game #{game.id} is paused; the game master can resume it.")
        if game.status == "open":
            raise BadState(f"Game #{game.id} has not started yet.")
        raise BadState(f"Game #{game.id} is {game.status}.")

    def _set_preference(self, game_id: int, user_id: str, key: str, value: str) -> None:
        """A player's setting in one game (inside the caller's transaction)."""
        self.db.execute("INSERT INTO preferences (game_id, user_id, key, value) VALUES (?,?,?,?) "
                        "ON CONFLICT(game_id, user_id, key) DO UPDATE SET value = excluded.value",
                        [game_id, user_id, key, value])


def _import_engine(module: str) -> Engine:
    """ENGINE of a module named in config; the working directory counts as a source folder too (the
    `herald` script does not put it on sys.path, python -m does)."""
    import os
    import sys
    try:
        return importlib.import_module(module).ENGINE
    except ModuleNotFoundError:
        if os.getcwd() in sys.path:
            raise
        sys.path.append(os.getcwd())
        return importlib.import_module(module).ENGINE


def _clock_timestamp() -> float:
    return clock.timestamp()  # looked up at call time so freezegun and clock.advance apply
