"""A fake Discord whose messages live in a SQLite file, so that it outlives the bot processes the crash
tests kill. It enforces nonces as Discord does: a message sent again with a nonce the same channel saw
within ``nonce_window`` seconds is not posted again; the first message is returned instead. Each post is
one transaction: a kill leaves it made or not made, like a request that did or did not reach Discord.
"""

from __future__ import annotations

import sqlite3
import time
from types import SimpleNamespace
from typing import Any, Callable


class DiscordStore:
    def __init__(self, path: str, nonce_window: float = 300.0, clock: Callable[[], float] = time.time) -> None:
        self.conn = sqlite3.connect(path, timeout=30, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("CREATE TABLE IF NOT EXISTS posts (id INTEGER PRIMARY KEY AUTOINCREMENT, place TEXT NOT NULL, "
                          "target INTEGER NOT NULL, content TEXT, nonce TEXT, at REAL NOT NULL)")
        self.conn.execute("CREATE TABLE IF NOT EXISTS threads (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL, "
                          "name TEXT NOT NULL, members TEXT NOT NULL DEFAULT '', locked INTEGER NOT NULL DEFAULT 0)")
        self.nonce_window = nonce_window
        self.clock = clock

    def post(self, place: str, target: int, content: str | None, nonce: str | None) -> int:
        now = self.clock()
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            if nonce is not None:
                row = self.conn.execute("SELECT id FROM posts WHERE place = ? AND target = ? AND nonce = ? AND at >= ?",
                                        [place, target, nonce, now - self.nonce_window]).fetchone()
                if row:
                    self.conn.execute("COMMIT")
                    return row[0]
            cursor = self.conn.execute("INSERT INTO posts (place, target, content, nonce, at) VALUES (?,?,?,?,?)",
                                       [place, target, content, nonce, now])
            self.conn.execute("COMMIT")
            return cursor.lastrowid
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise

    def since(self, place: str, target: int, after: float) -> list[dict[str, Any]]:
        cursor = self.conn.execute("SELECT id, content, at FROM posts WHERE place = ? AND target = ? AND at > ? "
                                   "ORDER BY id", [place, target, after])
        return [dict(zip(("id", "content", "at"), r)) for r in cursor]

    def posts(self) -> list[dict[str, Any]]:
        cursor = self.conn.execute("SELECT id, place, target, content, nonce, at FROM posts ORDER BY id")
        return [dict(zip(("id", "place", "target", "content", "nonce", "at"), r)) for r in cursor]

    def create_thread(self, parent: int, name: str) -> int:
        """A private thread opened in ``parent`` (one transaction: made or not made)."""
        row = self.conn.execute("SELECT COALESCE(MAX(id), 900000) + 1 FROM threads").fetchone()
        self.conn.execute("INSERT INTO threads (id, parent, name) VALUES (?,?,?)", [row[0], parent, name])
        return row[0]

    def threads(self, parent: int | None = None) -> list[dict[str, Any]]:
        where, args = ("WHERE parent = ?", [parent]) if parent is not None else ("", [])
        cursor = self.conn.execute(f"SELECT id, parent, name, members, locked FROM threads {where} ORDER BY id", args)
        return [dict(zip(("id", "parent", "name", "members", "locked"), r)) for r in cursor]

    def set_thread(self, thread: int, **values: Any) -> None:
        for key, value in values.items():
            self.conn.execute(f"UPDATE threads SET {key} = ? WHERE id = ?", [value, thread])

    def close(self) -> None:
        self.conn.close()


class _Destination:
    def __init__(self, store: DiscordStore, place: str, target_id: int) -> None:
        self.store = store
        self.place = place
        self.id = target_id
        self.guild = None
        self.mention = f"<#{target_id}>" if place == "channel" else f"<@{target_id}>"
        self.type = None

    async def send(self, content=None, *, nonce=None, **_: Any) -> Any:
        return SimpleNamespace(id=self.store.post(self.place, self.id, content, None if nonce is None else str(nonce)))

    async def create_dm(self):
        return self

    async def history(self, *, limit: int = 100, after: Any = None, **_: Any):
        """The bot's posts here, oldest first (every post in the store is the bot's)."""
        import datetime

        since = after.timestamp() if isinstance(after, datetime.datetime) else 0.0
        for row in self.store.since(self.place, self.id, since)[:limit]:
            yield SimpleNamespace(id=row["id"], content=row["content"], author=SimpleNamespace(id=BOT_ID),
                                  created_at=datetime.datetime.fromtimestamp(row["at"], datetime.timezone.utc))

    async def create_thread(self, *, name: str, **_: Any) -> "_Thread":
        return _Thread(self.store, self.store.create_thread(self.id, name))

    @property
    def threads(self) -> list["_Thread"]:
        return [_Thread(self.store, t["id"]) for t in self.store.threads(self.id)]


class _Thread(_Destination):
    """A private thread of the store: its posts, name, members and lock."""

    def __init__(self, store: DiscordStore, thread_id: int) -> None:
        super().__init__(store, "thread", thread_id)
        row = next(t for t in store.threads() if t["id"] == thread_id)
        self.name, self.parent_id, self.owner_id = row["name"], row["parent"], BOT_ID
        self.type = None
        self.locked = self.archived = bool(row["locked"])
        self._members = [m for m in row["members"].split(",") if m]

    async def fetch_members(self) -> list[Any]:
        return [SimpleNamespace(id=int(m)) for m in self._members]

    async def add_user(self, user: Any) -> None:
        self._members.append(str(user.id))
        self.store.set_thread(self.id, members=",".join(self._members))

    async def remove_user(self, user: Any) -> None:
        self._members = [m for m in self._members if m != str(user.id)]
        self.store.set_thread(self.id, members=",".join(self._members))

    async def edit(self, *, locked: bool | None = None, **_: Any) -> "_Thread":
        if locked is not None:
            self.locked = self.archived = locked
            self.store.set_thread(self.id, locked=int(locked))
        return self


BOT_ID = 999


class StoreClient:
    """The few client methods the layer's delivery uses."""

    def __init__(self, store: DiscordStore) -> None:
        self.store = store
        self.user = SimpleNamespace(id=BOT_ID)

    def get_channel(self, channel_id: int) -> _Destination:
        if any(t["id"] == int(channel_id) for t in self.store.threads()):
            return _Thread(self.store, int(channel_id))
        return _Destination(self.store, "channel", int(channel_id))

    def get_user(self, user_id: int) -> _Destination:
        return _Destination(self.store, "dm", int(user_id))

    async def fetch_channel(self, channel_id: int) -> _Destination:
        return self.get_channel(channel_id)

    async def fetch_user(self, user_id: int) -> _Destination:
        return self.get_user(user_id)
