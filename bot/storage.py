"""SQLite storage for the table service: connection settings, transactions and the versioned schema.

The database runs in WAL mode. Every write goes through :func:`transaction` (``BEGIN IMMEDIATE``), so a
writer holds the lock from the moment it reads the state it will change until it commits: two
writers for one game are serialised, and a crash leaves either the old or the new state.

Durability: ``synchronous=FULL`` (:data:`SYNCHRONOUS`). With WAL, NORMAL syncs only at checkpoints, so a
power loss or an OS crash could drop the last commits, orders whose players had already been told
"applied". FULL syncs the write-ahead log at every commit, before the commit returns and so before any
answer is given: a commit acknowledged is on disk. It costs one fsync of the (appended) log per commit;
``python -m benchmarks service`` measures the commit p99 under both settings, side by side, at 1,000
games. What FULL cannot cover: a disk or virtual machine that acknowledges an fsync it has not done.

Schema changes are ordered migration functions; ``schema_version`` records how many have run.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from typing import Callable, Iterator

import sqlite_utils


#: the SQLite ``synchronous`` setting of every connection that writes (see the module docstring)
SYNCHRONOUS = "FULL"

#: WAL pages after which a commit checkpoints by itself (SQLite's default is 1000). The table service
#: checkpoints from its tick() instead, off the path of orders; this only bounds the WAL of a process
#: that never ticks.
BACKSTOP_CHECKPOINT_PAGES = 20000


class StorageError(Exception):
    """The database cannot be used (cannot be opened, or was written by a newer Herald). The message is
    written for the person running Herald."""


class SchemaTooNew(StorageError):
    """The database's schema is newer than this Herald knows: opening it could corrupt it."""


class NotHerald(StorageError):
    """The file is a database of another program: Herald will not change it."""


def connect(path: str, read_only: bool = False) -> sqlite_utils.Database:
    """Open (creating if needed) and configure a database; does not migrate. Raises :class:`StorageError`
    with a readable message when the file cannot be opened, is not a database, or is another program's
    database (recognised before anything is written to it). ``read_only``: open it for reading only
    (the file and its folder may be read-only; nothing is created or changed)."""
    try:
        if read_only:
            conn = _connect_read_only(path)
        else:
            # isolation_level=None: no implicit transactions; :func:`transaction` opens them explicitly.
            conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
        db = sqlite_utils.Database(conn, execute_plugins=False)
        db.execute("PRAGMA busy_timeout=30000")
        _check_ours(db, path)
        if read_only:
            return db
        if path != ":memory:":
            db.execute("PRAGMA journal_mode=WAL")
        # FULL: an acknowledged commit survives a power loss or an OS crash too (module docstring)
        db.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
        db.execute("PRAGMA foreign_keys=ON")
    except sqlite3.Error as error:
        folder = os.path.dirname(os.path.abspath(path))
        hint = f" (the folder {folder} does not exist)" if not os.path.isdir(folder) else ""
        text = str(error).lower()
        if not hint and not read_only and ("readonly" in text or "unable to open" in text):
            hint = (f" (Herald needs to write to the file and to its folder {folder}, for its journal; "
                    "`herald replay` only reads)")
        raise StorageError(f"Cannot open the database {path}: {error}{hint}.") from None
    return db


def _connect_read_only(path: str) -> sqlite3.Connection:
    """A connection that never writes: mode=ro; when even that needs to write (a WAL database in a
    read-only folder has no shared-memory file), the file is read as immutable."""
    from urllib.parse import quote

    if not os.path.isfile(path):
        raise sqlite3.OperationalError("no such file")
    uri = "file:" + quote(os.path.abspath(path))
    try:
        conn = sqlite3.connect(uri + "?mode=ro", uri=True, timeout=30, isolation_level=None,
                               check_same_thread=False)
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:
        return sqlite3.connect(uri + "?immutable=1", uri=True, timeout=30, isolation_level=None,
                               check_same_thread=False)


def _check_ours(db: sqlite_utils.Database, path: str) -> None:
    """Refuse (NotHerald) a database with tables but without Herald's schema_version, and a
    schema_version that does not hold one whole number."""
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                       "AND name NOT LIKE 'sqlite_%'")}
    if not tables:
        return  # empty: a new database, Herald's to create
    if "schema_version" not in tables:
        raise NotHerald(f"The database {path} belongs to another program (it has tables but no Herald "
                        "schema_version); Herald has not changed it. Give Herald a new file or its own "
                        "database.")
    rows = db.execute("SELECT version FROM schema_version").fetchall()
    if len(rows) > 1 or (rows and not (isinstance(rows[0][0], int) and rows[0][0] >= 0)):
        shown = ", ".join(repr(r[0])[:20] for r in rows[:3])
        raise NotHerald(f"The database {path} has a damaged schema_version ({shown}, not one whole number); "
                        "Herald has not changed it. Restore it from a backup.")


@contextlib.contextmanager
def transaction(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One write transaction, taking the write lock at once; commits on success, else rolls back."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise
    else:
        db.conn.execute("COMMIT")


# ---- migrations ---------------------------------------------------------------------------------

def _v1_core(db: sqlite_utils.Database) -> None:
    """Games, seats, the action log, the game log, snapshots, deadlines and the outbox."""
    db.execute("""CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game TEXT NOT NULL, scenario TEXT NOT NULL, options TEXT NOT NULL, settings TEXT NOT NULL,
        channel TEXT NOT NULL, creator TEXT NOT NULL, gm TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open','active','paused','finished','aborted')),
        seed INTEGER, setup TEXT, state TEXT,
        version INTEGER NOT NULL DEFAULT 0, log_length INTEGER NOT NULL DEFAULT 0,
        turn_key TEXT, turn_label TEXT, phase TEXT, result TEXT,
        created_at REAL NOT NULL, started_at REAL, ended_at REAL, paused_at REAL)""")
    db.execute("CREATE INDEX games_channel ON games(channel, status)")
    db["seats"].create({"game_id": int, "seat": int, "roles": str, "user_id": str},
                       pk=("game_id", "seat"), foreign_keys=[("game_id", "games", "id")])
    db.execute("CREATE INDEX seats_user ON seats(user_id)")
    db["users"].create({"id": str, "name": str}, pk="id")
    db["spectators"].create({"game_id": int, "user_id": str}, pk=("game_id", "user_id"),
                            foreign_keys=[("game_id", "games", "id")])
    db.execute("""CREATE TABLE actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT, game_id INTEGER NOT NULL REFERENCES games(id),
        pos INTEGER NOT NULL, version INTEGER NOT NULL, role TEXT NOT NULL, action TEXT NOT NULL,
        label TEXT NOT NULL, user_id TEXT NOT NULL, request_id TEXT, irreversible INTEGER NOT NULL,
        undone INTEGER NOT NULL DEFAULT 0, at REAL NOT NULL)""")
    db.execute("CREATE INDEX actions_game ON actions(game_id, undone, pos)")
    db.execute("CREATE UNIQUE INDEX actions_request ON actions(game_id, request_id) WHERE request_id IS NOT NULL")
    db.execute("""CREATE TABLE log (
        id INTEGER PRIMARY KEY AUTOINCREMENT, game_id INTEGER NOT NULL REFERENCES games(id),
        action_row INTEGER REFERENCES actions(id), pos INTEGER NOT NULL, audience TEXT,
        text TEXT NOT NULL, kind TEXT NOT NULL, data TEXT, undone INTEGER NOT NULL DEFAULT 0,
        at REAL NOT NULL)""")
    db.execute("CREATE INDEX log_game ON log(game_id, id)")
    db.execute("""CREATE TABLE snapshots (
        game_id INTEGER NOT NULL REFERENCES games(id), pos INTEGER NOT NULL, version INTEGER NOT NULL,
        turn_key TEXT NOT NULL, turn_label TEXT NOT NULL, phase TEXT NOT NULL, state TEXT NOT NULL,
        at REAL NOT NULL, PRIMARY KEY (game_id, pos))""")
    db.execute("""CREATE TABLE deadlines (
        game_id INTEGER NOT NULL REFERENCES games(id), role TEXT NOT NULL, kind TEXT NOT NULL,
        started_at REAL NOT NULL, due_at REAL NOT NULL, reminders_sent INTEGER NOT NULL DEFAULT 0,
        expired INTEGER NOT NULL DEFAULT 0, paused_at REAL, PRIMARY KEY (game_id, role))""")
    db.execute("CREATE INDEX deadlines_due ON deadlines(due_at)")
    # A private message can never go to a public target: enforced here as well as in code.
    db.execute("""CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT, delivery_id TEXT NOT NULL UNIQUE, game_id INTEGER,
        kind TEXT NOT NULL, target_kind TEXT NOT NULL CHECK (target_kind IN ('channel','user')),
        target TEXT NOT NULL, private INTEGER NOT NULL, role TEXT, text TEXT NOT NULL, image TEXT,
        created_at REAL NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at REAL NOT NULL,
        delivered_at REAL, external_ref TEXT, last_error TEXT,
        CHECK (NOT (private = 1 AND target_kind = 'channel')))""")
    db.execute("CREATE INDEX outbox_pending ON outbox(delivered_at, next_attempt_at)")
    db["readers"].create({"game_id": int, "user_id": str, "last_seen": int}, pk=("game_id", "user_id"))


def _v2_slow_play(db: sqlite_utils.Database) -> None:
    """Vacations, per-player preferences, and giving up on undeliverable messages."""
    db["vacations"].create({"user_id": str, "starts_at": float, "ends_at": float}, pk="user_id")
    db["preferences"].create({"game_id": int, "user_id": str, "key": str, "value": str},
                             pk=("game_id", "user_id", "key"))
    db.execute("ALTER TABLE outbox ADD COLUMN dead INTEGER NOT NULL DEFAULT 0")


def _v3_role_targets(db: sqlite_utils.Database) -> None:
    """Outbox messages addressed to a role, resolved to the seat's holder when they are delivered; an
    index for the "earlier message to the same destination still waiting" check of pending()."""
    db.execute("""CREATE TABLE outbox_v3 (
        id INTEGER PRIMARY KEY AUTOINCREMENT, delivery_id TEXT NOT NULL UNIQUE, game_id INTEGER,
        kind TEXT NOT NULL, target_kind TEXT NOT NULL CHECK (target_kind IN ('channel','user','role')),
        target TEXT NOT NULL, private INTEGER NOT NULL, role TEXT, text TEXT NOT NULL, image TEXT,
        created_at REAL NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at REAL NOT NULL,
        delivered_at REAL, external_ref TEXT, last_error TEXT, dead INTEGER NOT NULL DEFAULT 0,
        CHECK (NOT (private = 1 AND target_kind = 'channel')),
        CHECK (target_kind != 'role' OR game_id IS NOT NULL))""")
    db.execute("INSERT INTO outbox_v3 (id, delivery_id, game_id, kind, target_kind, target, private, role, text, "
               "image, created_at, attempts, next_attempt_at, delivered_at, external_ref, last_error, dead) "
               "SELECT id, delivery_id, game_id, kind, target_kind, target, private, role, text, image, "
               "created_at, attempts, next_attempt_at, delivered_at, external_ref, last_error, dead FROM outbox")
    db.execute("DROP TABLE outbox")
    db.execute("ALTER TABLE outbox_v3 RENAME TO outbox")
    db.execute("CREATE INDEX outbox_pending ON outbox(delivered_at, next_attempt_at)")
    # pending()'s NOT EXISTS looks up earlier undelivered messages to the same destination
    db.execute("CREATE INDEX outbox_destination ON outbox(target_kind, target, id) "
               "WHERE delivered_at IS NULL AND dead = 0")


def _v4_seat_requests(db: sqlite_utils.Database) -> None:
    """Requests to swap into an occupied seat (the other player must accept); how many default actions a
    passed deadline has played in the current wait (bounded)."""
    db.execute("""CREATE TABLE swap_requests (
        game_id INTEGER NOT NULL REFERENCES games(id), user_id TEXT NOT NULL, from_seat INTEGER NOT NULL,
        to_seat INTEGER NOT NULL, created_at REAL NOT NULL, PRIMARY KEY (game_id, user_id))""")
    db.execute("ALTER TABLE deadlines ADD COLUMN defaults INTEGER NOT NULL DEFAULT 0")


def _v5_user_flags(db: sqlite_utils.Database) -> None:
    """Small per-user facts a front end keeps across restarts (a hint already given, a warning already
    sent): key -> text, per user."""
    db.execute("""CREATE TABLE user_flags (
        user_id TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, updated_at REAL NOT NULL,
        PRIMARY KEY (user_id, key))""")


def _v6_game_guild(db: sqlite_utils.Database) -> None:
    """The server (Discord guild) a game belongs to, when its front end has one (NULL for older games and
    for the console)."""
    db.execute("ALTER TABLE games ADD COLUMN guild TEXT")


#: SQL: the destination an outbox row is delivered to, one text for the hold-back check of pending(): a
#: channel, a user, or a role of one game (role names repeat across games, so the game is part of it)
DESTINATION_SQL = ("CASE WHEN target_kind = 'role' THEN 'role:' || game_id || ':' || target "
                   "ELSE target_kind || ':' || target END")


def _v7_outbox_units(db: sqlite_utils.Database) -> None:
    """Delivery units and a flat pick of the next batch. ``unit``: the nonce of the post a message was
    claimed into (set once, before the post, so a retry after a crash posts exactly the same messages
    under the same nonce); ``unit_at``: when it was claimed. ``destination``: see DESTINATION_SQL; the
    pick walks the undelivered rows in id order and asks the hold index only about its own destination."""
    db.execute("ALTER TABLE outbox ADD COLUMN destination TEXT")
    db.execute("ALTER TABLE outbox ADD COLUMN unit TEXT")
    db.execute("ALTER TABLE outbox ADD COLUMN unit_at REAL")
    db.execute(f"UPDATE outbox SET destination = {DESTINATION_SQL}")
    db.execute("DROP INDEX IF EXISTS outbox_destination")
    db.execute("DROP INDEX IF EXISTS outbox_pending")
    db.execute("CREATE INDEX outbox_undelivered ON outbox(id) WHERE delivered_at IS NULL AND dead = 0")
    db.execute("CREATE INDEX outbox_hold ON outbox(destination, next_attempt_at) "
               "WHERE delivered_at IS NULL AND dead = 0")
    db.execute("CREATE INDEX outbox_unit ON outbox(unit) WHERE unit IS NOT NULL")
    db.execute("CREATE INDEX outbox_delivered ON outbox(delivered_at) WHERE delivered_at IS NOT NULL")


def _v8_front_end_memory(db: sqlite_utils.Database) -> None:
    """What a front end must remember across a restart: notes waiting to be shown to a user with the
    answer to their next interaction (with the flag to set once shown), and the private lines a user
    already read in a reply (so the same line is not sent again by DM)."""
    db.execute("""CREATE TABLE user_notes (
        id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, text TEXT NOT NULL,
        flag_key TEXT, flag_value TEXT, created_at REAL NOT NULL)""")
    db.execute("CREATE INDEX user_notes_user ON user_notes(user_id, id)")
    db.execute("""CREATE TABLE shown_lines (
        id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, game_id INTEGER NOT NULL,
        text TEXT NOT NULL, shown_at REAL NOT NULL)""")
    db.execute("CREATE INDEX shown_lines_user ON shown_lines(user_id, game_id, id)")


def _v9_mail(db: sqlite_utils.Database) -> None:
    """The email transport (bot/mail): each seat's secret for mail orders, the incoming messages already
    handled (by Message-ID), the mail to send (each with its stable Message-ID), and how far the outbox
    has been turned into mail."""
    db.execute("""CREATE TABLE mail_secrets (
        game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, user_id TEXT NOT NULL,
        secret TEXT NOT NULL UNIQUE, created_at REAL NOT NULL, PRIMARY KEY (game_id, seat, user_id))""")
    db.execute("""CREATE TABLE mail_incoming (
        message_id TEXT PRIMARY KEY, sender TEXT NOT NULL, game_id INTEGER, outcome TEXT NOT NULL,
        received_at REAL NOT NULL)""")
    db.execute("""CREATE TABLE mail_outgoing (
        id INTEGER PRIMARY KEY AUTOINCREMENT, message_id TEXT NOT NULL UNIQUE, game_id INTEGER,
        address TEXT NOT NULL, kind TEXT NOT NULL, private INTEGER NOT NULL, subject TEXT NOT NULL,
        body TEXT NOT NULL, images TEXT, choices TEXT, reply_to TEXT, in_reply_to TEXT, refs TEXT,
        created_at REAL NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at REAL NOT NULL,
        sent_at REAL, dead INTEGER NOT NULL DEFAULT 0, last_error TEXT)""")
    db.execute("CREATE INDEX mail_outgoing_pending ON mail_outgoing(sent_at, dead, next_attempt_at)")
    db.execute("CREATE INDEX mail_outgoing_thread ON mail_outgoing(game_id, address, id)")
    db.execute("CREATE TABLE mail_cursor (name TEXT PRIMARY KEY, outbox_id INTEGER NOT NULL)")
    # mail starts from here: no mail player can be waiting for an older message
    db.execute("INSERT INTO mail_cursor (name, outbox_id) SELECT 'fanout', COALESCE(MAX(id), 0) FROM outbox")


def _v10_talk_channels(db: sqlite_utils.Database) -> None:
    """Negotiation side channels (bot/talk.py): the front end's own channel (a Discord thread id) for
    each game's set of talking roles."""
    db.execute("CREATE TABLE IF NOT EXISTS talk_channels (game_id INTEGER NOT NULL, roles TEXT NOT NULL, "
               "front TEXT NOT NULL, ref TEXT NOT NULL, PRIMARY KEY (game_id, roles, front))")


def _v11_questions(db: sqlite_utils.Database) -> None:
    """Orders tied to the question they answer: ``actions.question`` is the game version the order was
    given against (the position its choices were shown at); ``questions`` is the position a front end
    last offered a user's role its choices at, for an order that names none (typed), so a repeat is
    recognised after a restart."""
    db.execute("ALTER TABLE actions ADD COLUMN question INTEGER")
    db.execute("""CREATE TABLE questions (
        game_id INTEGER NOT NULL REFERENCES games(id), user_id TEXT NOT NULL, role TEXT NOT NULL,
        version INTEGER NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, user_id, role))""")


def _v12_delivery_attempts(db: sqlite_utils.Database) -> None:
    """``outbox.posting_at``: when the first attempt at posting a delivery unit that may have reached the
    front end began (NULL: no attempt did); see bot/outbox.py."""
    db.execute("ALTER TABLE outbox ADD COLUMN posting_at REAL")


def _v13_mail_quiet(db: sqlite_utils.Database) -> None:
    """Mail as mail users expect (issue 26): what a quiet player has not been sent yet (``mail_held``: the
    lines and pictures of a game since their last mail, sent with their next question or in the daily
    digest), and each address's choice of quiet or every update (``mail_readers``)."""
    db.execute("""CREATE TABLE mail_held (
        id INTEGER PRIMARY KEY AUTOINCREMENT, game_id INTEGER NOT NULL, address TEXT NOT NULL,
        lines TEXT NOT NULL, images TEXT NOT NULL, private INTEGER NOT NULL, held_at REAL NOT NULL)""")
    db.execute("CREATE INDEX mail_held_thread ON mail_held(game_id, address, id)")
    db.execute("CREATE TABLE mail_readers (address TEXT PRIMARY KEY, quiet INTEGER NOT NULL)")


def _v14_board(db: sqlite_utils.Database) -> None:
    """A server that runs many games (issue 32): nudges sent (one per role's wait), each player's record of
    lateness, seats given up after the start and offered to volunteers, the volunteers and the players'
    votes on them, and the seats taken over (whose private history the new player is shown once)."""
    db.execute("""CREATE TABLE nudges (
        game_id INTEGER NOT NULL REFERENCES games(id), role TEXT NOT NULL, wait_started REAL NOT NULL,
        user_id TEXT NOT NULL, by TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, role, wait_started))""")
    db.execute("""CREATE TABLE lateness (
        id INTEGER PRIMARY KEY AUTOINCREMENT, game_id INTEGER NOT NULL REFERENCES games(id),
        user_id TEXT NOT NULL, role TEXT NOT NULL, kind TEXT NOT NULL
        CHECK (kind IN ('after_reminder','after_deadline','missed')), wait_started REAL NOT NULL,
        mark REAL NOT NULL, turn_label TEXT, at REAL NOT NULL,
        UNIQUE (game_id, role, wait_started, kind, mark))""")
    db.execute("CREATE INDEX lateness_player ON lateness(game_id, user_id)")
    db.execute("""CREATE TABLE seat_offers (
        game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, left_by TEXT NOT NULL,
        left_at REAL NOT NULL, PRIMARY KEY (game_id, seat))""")
    db.execute("""CREATE TABLE volunteers (
        game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, user_id TEXT NOT NULL,
        at REAL NOT NULL, PRIMARY KEY (game_id, seat, user_id))""")
    db.execute("""CREATE TABLE substitute_votes (
        game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, volunteer TEXT NOT NULL,
        voter TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, seat, volunteer, voter))""")
    db.execute("""CREATE TABLE seat_takeovers (
        game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, user_id TEXT NOT NULL,
        log_id INTEGER NOT NULL, at REAL NOT NULL, shown INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat, user_id))""")
    db.execute("CREATE INDEX games_guild ON games(guild, status)")


#: Ordered; never edit a released entry, append a new one.
MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [_v1_core, _v2_slow_play, _v3_role_targets,
                                                             _v4_seat_requests, _v5_user_flags, _v6_game_guild,
                                                             _v7_outbox_units, _v8_front_end_memory,
                                                             _v9_mail, _v10_talk_channels, _v11_questions,
                                                             _v12_delivery_attempts, _v13_mail_quiet,
                                                             _v14_board]
LATEST = len(MIGRATIONS)


def schema_version(db: sqlite_utils.Database) -> int:
    if "schema_version" not in db.table_names():
        return 0
    row = db.execute("SELECT version FROM schema_version").fetchone()
    return row[0] if row else 0


def migrate(db: sqlite_utils.Database, target: int = LATEST) -> list[int]:
    """Run the migrations after the database's version up to ``target``; each in its own transaction.
    Raises :class:`SchemaTooNew` (changing nothing) for a database written by a newer Herald."""
    current = schema_version(db)
    if current > LATEST:
        raise SchemaTooNew(_too_new(db, current))
    applied = []
    with transaction(db):
        db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        if db.execute("SELECT COUNT(*) FROM schema_version").fetchone()[0] == 0:
            db.execute("INSERT INTO schema_version (version) VALUES (0)")
    while True:
        with transaction(db):
            current = schema_version(db)  # re-read under the lock: another process may have migrated
            if current > LATEST:
                raise SchemaTooNew(_too_new(db, current))
            if current >= target:
                break
            MIGRATIONS[current](db)
            db.execute("UPDATE schema_version SET version = ?", [current + 1])
            applied.append(current + 1)
    return applied


def require_latest(db: sqlite_utils.Database) -> None:
    """For a read-only use: the database must be at this Herald's schema (it cannot be migrated)."""
    version = schema_version(db)
    if version > LATEST:
        raise SchemaTooNew(_too_new(db, version))
    if version < LATEST:
        raise StorageError(f"The database has schema version {version}, older than this Herald's ({LATEST}); "
                           "open it once with `herald local` or `herald run` to upgrade it, then try again.")


def _too_new(db: sqlite_utils.Database, version: int) -> str:
    row = db.execute("PRAGMA database_list").fetchone()
    where = row[2] if row and row[2] else "this database"
    return (f"The database {where} has schema version {version}, newer than this Herald understands "
            f"(up to {LATEST}): it was written by a newer Herald. Upgrade Herald, or open another database; "
            "Herald will not change it.")
