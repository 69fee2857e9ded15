"""Reading a game: status, a player's choices, views, the log, digests and history, the games of a
channel or user, and the pictures (drawn by the renderer, listed by its manifest)."""

from __future__ import annotations

import json
from typing import Any

from rules.core import SetupArgs
from rules.core.contract import copy_state
from rules.core.menus import arrange
from rules.core.wording import plural

from ..outbox import ImageRequest
from ..picturechoice import PictureChoice, parse as parse_picture
from .records import (NO_DEADLINE, ServiceError, NotFound, BadOption, NotYourSeat, Waiting, GameResult, Status,
                      RoleChoices, LogLine, TurnInfo, TurnDetail, _Game)


class ReadingMixin:
    """Reading a game (a part of :class:`bot.service.TableService`)."""

    def status(self, game_id: int | str) -> Status:
        """Headline of a game: seats, who must act and by when, turn label, result."""
        with self._lock:
            game = self._game(game_id)
            engine = self._engine(game.game)
            seats = self._seats(game)
            waiting: list[Waiting] = []
            if game.status in ("active", "paused"):
                state = self._state(game)
                deadlines = {r["role"]: r for r in self.db.query(
                    "SELECT * FROM deadlines WHERE game_id = ?", [game.id])}
                # a reaction window is shown whole: who has answered it is nobody's business (issue 33)
                window = engine.window_roles(state)
                window_rows = [deadlines[r] for r in window if r in deadlines]
                for role in window or engine.active_roles(state):
                    holder = self._holder_in(seats, role)
                    prompt = engine.prompt(state, role)
                    row = deadlines.get(role) or (min(window_rows, key=lambda r: r["due_at"]) if window_rows else None)
                    due = row["due_at"] if row and row["due_at"] < NO_DEADLINE else None
                    waiting.append(Waiting(role, engine.role_name(role), holder, self._name(holder) if holder else None,
                                           "reaction" if window else prompt.kind if prompt else "turn", due,
                                           bool(row and row["paused_at"] is not None) or game.status == "paused",
                                           bool(prompt and prompt.committed)))
            result = GameResult(tuple(game.result["winners"]), game.result["reason"]) if game.result else None
            return Status(game.id, game.game, engine.title, game.scenario, game.channel, game.gm, game.status,
                          game.version, game.turn_label or "not started", game.phase or "", tuple(seats),
                          tuple(waiting), result, game.options, self._deadline_settings(game),
                          game.created_at, game.started_at, game.guild)

    def choices(self, game_id: int | str, user_id: str) -> list[RoleChoices]:
        """For each of the user's roles that must act now: the prompt and the legal actions. Empty when
        it is not the user's turn."""
        with self._lock:
            game = self._game(game_id)
            if game.status not in ("active", "paused"):
                return []
            engine = self._engine(game.game)
            state = self._state(game)
            deadlines = {r["role"]: (r["due_at"], r["paused_at"]) for r in self.db.query(
                "SELECT role, due_at, paused_at FROM deadlines WHERE game_id = ?", [game.id])}
            out = []
            for role in self._roles_of(game, user_id):
                prompt = engine.prompt(state, role)
                if prompt is None:
                    continue
                due, paused_at = deadlines.get(role, (None, None))
                out.append(RoleChoices(role, engine.role_name(role), prompt.text, prompt.kind,
                                       tuple(arrange(engine.legal_actions(state, role))),
                                       due if due is not None and due < NO_DEADLINE else None, game.version,
                                       game.status == "paused" or paused_at is not None))
            return out

    def view(self, game_id: int | str, user_id: str | None = None, role: str | None = None) -> dict[str, Any]:
        """What ``user_id`` may see: the view of ``role`` (one of theirs; default all their roles merged,
        Engine.view_for), or the public view for spectators and anyone without a seat."""
        with self._lock:
            game = self._game(game_id)
            self._require_started(game)
            engine = self._engine(game.game)
            state = self._state(game)
            return copy_state(self._reader_view(game, engine, state, user_id, role))  # callers may mutate it

    def describe(self, game_id: int | str, user_id: str | None = None, role: str | None = None) -> list:
        """The view of :meth:`view` in words (``Engine.describe``): a list of sections, each a heading, its
        lines and whether only the reader sees it."""
        with self._lock:
            game = self._game(game_id)
            self._require_started(game)
            engine = self._engine(game.game)
            state = self._state(game)
            held = self._roles_of(game, user_id)
            view = self._reader_view(game, engine, state, user_id, role)
            if role is None and len(held) > 1:
                reader = tuple(held)
            else:
                reader = self._reader_role(game, user_id, role)
            return list(engine.describe(view, reader))

    def log(self, game_id: int | str, user_id: str | None = None, limit: int | None = 50) -> list[LogLine]:
        """The game log as ``user_id`` may read it (public lines plus those addressed to their roles),
        oldest first; the last ``limit`` lines (None: all of them)."""
        if limit is not None and limit < 0:
            raise BadOption("Ask for a number of log lines of at least 0.")
        with self._lock:
            game = self._game(game_id)
            lines = self._visible_log(game, set(self._roles_of(game, user_id)) if user_id else set())
            if limit is None:
                return lines
            return lines[-limit:] if limit else []

    def digest(self, game_id: int | str, user_id: str, mark: bool = True) -> list[LogLine]:
        """Log lines the user may read and has not seen yet ("since you last looked"); ``mark`` records
        them as seen."""
        with self._lock:
            game = self._game(game_id)
            row = self.db.execute("SELECT last_seen FROM readers WHERE game_id = ? AND user_id = ?",
                                  [game.id, user_id]).fetchone()
            last_seen = row[0] if row else 0
            lines = self._visible_log(game, set(self._roles_of(game, user_id)), after=last_seen)
            if mark:
                newest = self._max_log_id(game)
                with self._write():
                    self._mark_seen(game, user_id, newest)
            return lines

    def history(self, game_id: int | str, user_id: str | None = None,
                turn: int | None = None) -> list[TurnInfo] | TurnDetail:
        """Without ``turn``: the game's turns (one stored snapshot each). With ``turn`` (1-based): that
        turn's position as ``user_id`` may see it, and the log lines of that turn."""
        with self._lock:
            game = self._game(game_id)
            self._require_started(game)
            rows = list(self.db.query("SELECT pos, version, turn_key, turn_label, phase, at FROM snapshots "
                                      "WHERE game_id = ? ORDER BY pos", [game.id]))
            turns = [TurnInfo(i, r["pos"], r["version"], r["turn_key"], r["turn_label"], r["phase"], r["at"])
                     for i, r in enumerate(rows, start=1)]
            if turn is None:
                return turns
            if not 1 <= turn <= len(turns):
                raise NotFound(f"Game #{game.id} has turns 1 to {len(turns)}, not {turn}.")
            info = turns[turn - 1]
            end = turns[turn].pos if turn < len(turns) else float("inf")
            state = json.loads(self.db.execute("SELECT state FROM snapshots WHERE game_id = ? AND pos = ?",
                                               [game.id, info.pos]).fetchone()[0])
            engine = self._engine(game.game)
            view = self._reader_view(game, engine, state, user_id, None)
            roles = set(self._roles_of(game, user_id)) if user_id else set()
            lines = [l for l in self._visible_log(game, roles) if info.pos < l.pos <= end]
            return TurnDetail(info, view, tuple(lines))

    def games_in_channel(self, channel: str, include_finished: bool = False) -> list[Status]:
        """Games bound to a channel (or thread), newest first."""
        with self._lock:
            where = "" if include_finished else " AND status IN ('open','active','paused')"
            ids = [r[0] for r in self.db.execute(
                f"SELECT id FROM games WHERE channel = ?{where} ORDER BY id DESC", [str(channel)])]
            return [self.status(i) for i in ids]

    def games_of_user(self, user_id: str, include_finished: bool = False) -> list[Status]:
        """Games where the user holds a seat or is game master, newest first."""
        with self._lock:
            where = "" if include_finished else " AND g.status IN ('open','active','paused')"
            ids = [r[0] for r in self.db.execute(
                "SELECT DISTINCT g.id FROM games g LEFT JOIN seats s ON s.game_id = g.id "
                f"WHERE (s.user_id = ? OR g.gm = ?){where} ORDER BY g.id DESC", [user_id, user_id])]
            return [self.status(i) for i in ids]

    def render_image(self, request: ImageRequest) -> bytes:
        """Draw a picture asked for by an outbox message (the position it names, the view it names)."""
        with self._lock:
            game = self._game(request.game_id)
            engine = self._engine(game.game)
            state = self._state_at(game, engine, min(request.pos, game.log_length))
            view = self._view(game, engine, state, request.role)
        if request.params:
            return _draw(engine.id or game.game, view, request.picture, dict(request.params))
        return _draw(engine.id or game.game, view, request.picture)

    def picture(self, game_id: int | str, user_id: str | None = None, picture: str | None = None,
                role: str | None = None, params: dict[str, Any] | None = None) -> bytes:
        """The current position drawn for ``user_id`` (their role's view; public for others). ``picture``:
        a kind of the game's manifest (None: its main picture); ``params``: that kind's parameters."""
        with self._lock:
            game = self._game(game_id)
            self._require_started(game)
            engine = self._engine(game.game)
            kind = picture or self._main_picture(game.game)
            role = self._private_picture_role(game, kind, params, user_id, role)
            view = self._view(game, engine, self._state(game), self._reader(game, user_id, role))
        name = engine.id or game.game
        return _draw(name, view, kind, params) if params else _draw(name, view, kind)

    def picture_choice(self, game_id: int | str, asked: str | list[str] | None, public: bool = False
                       ) -> PictureChoice:
        """The picture a player asks for in words (``region:italy``, ``region italy``, ``power
        power=france``; None: the main picture), checked against the game's manifest: BadOption naming
        the kinds and choices allowed otherwise. ``public``: for a channel, so a private kind is refused."""
        choice = parse_picture(asked, self.picture_manifest(game_id))
        if public and choice.kind.private:
            raise BadOption(f"The {choice.kind.id} picture is private: only its owner gets it (with their "
                            "prompts, or asked for privately), never posted for all to see.")
        return choice

    def _private_picture_role(self, game: _Game, kind: str, params: dict[str, Any] | None,
                              user_id: str | None, role: str | None) -> str | None:
        """A private picture whose parameter names a role (whose hand) is drawn from that role's view
        only, and only for the player holding it: nobody asks for another's hand by naming it."""
        private = next((k for k in _manifest(game.game) if k.id == kind and k.private), None)
        if private is None or not params:
            return role
        roles = {r for seat in self._seats(game) for r in seat.roles}
        named = [v for v in params.values() if v in roles]
        if not named:
            return role
        mine = self._roles_of(game, user_id) if user_id else []
        if any(r not in mine for r in named) or (role and any(r != role for r in named)):
            raise NotYourSeat(f"The {kind} picture of {', '.join(named)} is private to its holder; "
                              + (f"you hold {', '.join(mine)}." if mine else "you hold no seat in this game."))
        return named[0]

    def warm_pictures(self) -> list[str]:
        """Draw one public map of each game's first scenario, so the renderer builds its static board
        layers now (seconds, once per process) rather than when the first player waits for a picture.
        Returns the games warmed; a game without pictures is skipped."""
        from rules.core import SetupArgs

        warmed = []
        for entry in self.catalogue():
            engine = self._lookup(entry.id)
            scenario = entry.scenarios[0]
            try:
                seats = engine.seatings(scenario.id, scenario.min_players)
                state = engine.setup(SetupArgs(scenario.id, tuple(seats), 0))
                _draw(entry.id, engine.view(state, None), self._main_picture(entry.id))
            except ServiceError:
                continue
            warmed.append(entry.id)
        return warmed

    def pictures(self, game_id: int | str) -> list[str]:
        """Picture kinds the renderer offers for this game (empty when the renderer is missing)."""
        return [kind.id for kind in self.picture_manifest(game_id)]

    def picture_manifest(self, game_id: int | str) -> list[Any]:
        """The game's picture kinds (``render.PictureKind``: id, label, parameters, private, sent with
        every prompt, needed while the view shows something), the main picture first; empty when the
        renderer is missing."""
        with self._lock:
            game = self._game(game_id)
        return _manifest(game.game)

    def _main_picture(self, game: str) -> str:
        kinds = _manifest(game)
        return kinds[0].id if kinds else "map"

    def _needed_pictures(self, game: str, view: dict[str, Any]) -> list[str]:
        """Pictures a decision taken in ``view`` needs besides the main one (a battle under way)."""
        return [kind.id for kind in _manifest(game) if kind.needed_by(view)]

    def _mark_seen(self, game: _Game, user_id: str, newest: int | None = None) -> None:
        newest = self._max_log_id(game) if newest is None else newest
        self.db.execute("INSERT INTO readers (game_id, user_id, last_seen) VALUES (?,?,?) "
                        "ON CONFLICT(game_id, user_id) DO UPDATE SET last_seen = excluded.last_seen",
                        [game.id, user_id, newest])

    def _unseen_text(self, game: _Game, user_id: str, roles: set[str], limit: int = 8) -> str:
        """"Since you last looked": the newest unseen public lines for a notice (the digest has them all).
        The lines of the user's own actions count as seen, and private lines are left out (each came by
        itself as a private message); empty when nothing else is new."""
        row = self.db.execute("SELECT last_seen FROM readers WHERE game_id = ? AND user_id = ?",
                              [game.id, user_id]).fetchone()
        own = {r[0] for r in self.db.execute(
            "SELECT l.id FROM log l JOIN actions a ON a.id = l.action_row WHERE l.game_id = ? AND l.id > ? "
            "AND a.user_id = ?", [game.id, row[0] if row else 0, user_id])}
        lines = [l for l in self._visible_log(game, roles, after=row[0] if row else 0)
                 if l.id not in own and not l.private]
        if not lines:
            return ""
        shown = [l.text for l in lines[-limit:]]
        more = f"\n…and {plural(len(lines) - limit, 'earlier line')}: see the digest." if len(lines) > limit else ""
        return "\nSince you last looked:\n" + "\n".join(shown) + more

    def _max_log_id(self, game: _Game) -> int:
        return self.db.execute("SELECT COALESCE(MAX(id), 0) FROM log WHERE game_id = ?", [game.id]).fetchone()[0]

    def _turn_digest(self, game: _Game, turn_label: str | None, ending: str, limit: int = 12) -> str:
        """For followers: the public log of the turn that just ended (its last lines) and what comes now."""
        row = self.db.execute("SELECT MAX(pos) FROM snapshots WHERE game_id = ? AND pos < ?",
                              [game.id, game.log_length]).fetchone()
        since = row[0] if row and row[0] is not None else 0
        lines = [t for (t,) in self.db.execute(
            "SELECT text FROM log WHERE game_id = ? AND undone = 0 AND audience IS NULL AND pos > ? ORDER BY id",
            [game.id, since])]
        shown = lines[-limit:]
        more = [f"(…{plural(len(lines) - limit, 'earlier line')}: see the log)"] if len(lines) > limit else []
        head = f"{turn_label} is over." if turn_label else ""
        return "\n".join([head, *more, *shown, ending]).strip()

    def _visible_log(self, game: _Game, roles: set[str], after: int = 0) -> list[LogLine]:
        lines = []
        for id_, pos, audience, text, kind, at in self.db.execute(
                "SELECT id, pos, audience, text, kind, at FROM log WHERE game_id = ? AND undone = 0 AND id > ? "
                "ORDER BY id", [game.id, after]):
            if audience is None:
                lines.append(LogLine(id_, pos, text, kind, False, at))
            elif roles & set(json.loads(audience)):
                lines.append(LogLine(id_, pos, text, kind, True, at))
        return lines


def _manifest(game: str) -> list[Any]:
    """The renderer's picture kinds for ``game`` (render.manifest), or none without a renderer."""
    try:
        import render
        if hasattr(render, "manifest"):
            return list(render.manifest(game))
        # a renderer older than the manifest: plain kinds from its names (a "hand" went with prompts)
        from types import SimpleNamespace
        return [SimpleNamespace(id=name, label=name.title(), description="", params=(), private=name == "hand",
                                with_prompt=name == "hand", shows=None, needed_by=lambda view: False)
                for name in render.pictures(game)]
    except Exception:  # no renderer, or no pictures for this game
        return []


def _draw(*args):
    """bot.service._draw, looked up at each call (tests replace it there)."""
    from .. import service
    return service._draw(*args)
