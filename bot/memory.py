"""What a front end must remember about a user across a restart (issue 12, item 6), kept in the database:

* notes waiting to be shown privately with the answer to the user's next interaction (such as "your DMs
  are closed"), each with the user flag to set once it has been shown;
* the private log lines a user already read in the reply to their order, so that the same lines are not
  sent again by DM.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Callable

import sqlite_utils

from . import storage

#: notes kept per user (the oldest go first); lines kept per user and game
NOTES_KEPT = 5
LINES_KEPT = 100


class FrontEndMemory:
    def __init__(self, db: sqlite_utils.Database, now: Callable[[], float], lock: threading.RLock) -> None:
        self._db = db
        self._now = now
        self._lock = lock

    def _write(self):
        return contextlib.nullcontext() if self._db.conn.in_transaction else storage.transaction(self._db)

    # ---- notes ---------------------------------------------------------------------------------
    def add_note(self, user_id: str, text: str, flag: tuple[str, str] | None = None) -> bool:
        """Keep ``text`` for ``user_id`` (once: a note already waiting is not added again); returns
        whether it was added."""
        with self._lock, self._write():
            if self._db.execute("SELECT 1 FROM user_notes WHERE user_id = ? AND text = ?",
                                [str(user_id), text]).fetchone():
                return False
            self._db.execute("INSERT INTO user_notes (user_id, text, flag_key, flag_value, created_at) "
                             "VALUES (?,?,?,?,?)", [str(user_id), text, flag[0] if flag else None,
                                                    flag[1] if flag else None, self._now()])
            self._db.execute("DELETE FROM user_notes WHERE user_id = ? AND id NOT IN (SELECT id FROM user_notes "
                             "WHERE user_id = ? ORDER BY id DESC LIMIT ?)", [str(user_id), str(user_id), NOTES_KEPT])
        return True

    def has_note(self, user_id: str, text: str) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM user_notes WHERE user_id = ? AND text = ?",
                                    [str(user_id), text]).fetchone() is not None

    def notes(self, user_id: str) -> list[tuple[int, str]]:
        """(id, text) of the notes waiting for a user, oldest first."""
        with self._lock:
            return [(r[0], r[1]) for r in self._db.execute(
                "SELECT id, text FROM user_notes WHERE user_id = ? ORDER BY id", [str(user_id)])]

    def notes_shown(self, user_id: str, note_ids: list[int]) -> None:
        """The notes were shown: forget them and set their flags, in one transaction."""
        if not note_ids:
            return
        marks = ",".join("?" * len(note_ids))
        with self._lock, self._write():
            for key, value in list(self._db.execute(
                    f"SELECT flag_key, flag_value FROM user_notes WHERE user_id = ? AND id IN ({marks}) "
                    "AND flag_key IS NOT NULL", [str(user_id), *note_ids])):
                self._db.execute("INSERT INTO user_flags (user_id, key, value, updated_at) VALUES (?,?,?,?) "
                                 "ON CONFLICT(user_id, key) DO UPDATE SET value = excluded.value, "
                                 "updated_at = excluded.updated_at", [str(user_id), key, value, self._now()])
            self._db.execute(f"DELETE FROM user_notes WHERE user_id = ? AND id IN ({marks})",
                             [str(user_id), *note_ids])

    # ---- lines already shown in a reply ------------------------------------------------------------
    def lines_shown(self, user_id: str, game_id: int, lines: list[str]) -> None:
        if not lines:
            return
        with self._lock, self._write():
            now = self._now()
            self._db.conn.executemany("INSERT INTO shown_lines (user_id, game_id, text, shown_at) VALUES (?,?,?,?)",
                                      [(str(user_id), int(game_id), line, now) for line in lines])
            self._db.execute("DELETE FROM shown_lines WHERE user_id = ? AND game_id = ? AND id NOT IN (SELECT id "
                             "FROM shown_lines WHERE user_id = ? AND game_id = ? ORDER BY id DESC LIMIT ?)",
                             [str(user_id), int(game_id), str(user_id), int(game_id), LINES_KEPT])

    def take_shown(self, user_id: str, game_id: int, lines: list[str]) -> bool:
        """Whether every one of ``lines`` was shown to the user in a reply; if so they are used up (each
        shown line answers for one message)."""
        if not lines:
            return False
        with self._lock, self._write():
            rows = list(self._db.execute("SELECT id, text FROM shown_lines WHERE user_id = ? AND game_id = ? "
                                         "ORDER BY id", [str(user_id), int(game_id)]))
            used: list[int] = []
            for line in lines:
                match = next((i for i, text in rows if text == line and i not in used), None)
                if match is None:
                    return False
                used.append(match)
            self._db.execute(f"DELETE FROM shown_lines WHERE id IN ({','.join('?' * len(used))})", used)
        return True
