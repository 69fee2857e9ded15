"""The game master's powers and the ends of a game: end, concede, abort, pause, resume, replace a
seat, and replay (rebuild a stored game from its log and compare)."""

from __future__ import annotations

import copy
import json
from typing import Any, Iterable

from rules.core import Engine, RulesError, SetupArgs

from ..outbox import ImageRequest
from . import replaylog
from .records import (NO_DEADLINE, NotFound, NotYourSeat, Forbidden, BadOption, BadState, SeatInfo, Status,
                      ReplayReport, _Game, _dumps, _json_object, damage_named, parse_game_id)


class AdminMixin:
    """The game master's powers and the ends of a game (a part of :class:`bot.service.TableService`)."""

    def end(self, game_id: int | str, by: str, winners: Iterable[str] = (),
            reason: str = "ended by the game master", *, actor_name: str | None = None) -> Status:
        """Finish a started game by decision (a concession, an agreed result). Game master or admin.
        ``actor_name`` (here and in the other game-master actions): who really acted, when a front end
        lets someone act for ``by`` (a server admin for the game master); the public notice names them."""
        with self._write():
            game = self._game(game_id)
            engine, winners = self._end_checked(game, by, winners, actor_name is None)
            self._finish(game, "finished", {"winners": list(winners), "reason": reason})
            names = ", ".join(engine.role_name(w) for w in winners) or "nobody"
            text = f"Game #{game.id} is over: {reason}. Winner: {names}." + self._computer_note(game, engine)
            if actor_name:
                text += f" Ended by {self._acting(game, by, actor_name)}."
            self.outbox.add(kind="result", game_id=game.id, channel=game.channel, text=text)
            self._tell_followers(game, engine, f"it is over: {reason}. Winner: {names}.",
                                 ImageRequest(game.id, game.version, game.log_length, None,
                                              self._main_picture(game.game)))
        return self.status(game.id)

    def end_preview(self, game_id: int | str, by: str, winners: Iterable[str] = (), *,
                    stand_in: bool = False) -> tuple[str, ...]:
        """What :meth:`end` would do, checked as it checks (who may, the game's state, the winners named)
        but changing nothing: the names of the winners (empty: a draw). ``stand_in``: someone else acts for
        ``by`` (a server admin for the game master)."""
        with self._lock:
            game = self._game(game_id)
            engine, known = self._end_checked(game, by, winners, not stand_in)
            return tuple(engine.role_name(w) for w in known)

    def _end_checked(self, game: _Game, by: str, winners: Iterable[str], in_person: bool) -> tuple[Engine, tuple]:
        self._require_admin(game, by, "end the game")
        if game.status not in ("active", "paused"):
            raise BadState(f"Game #{game.id} is {game.status}; only a running game can be ended.")
        engine = self._engine(game.game)
        try:
            known = tuple(dict.fromkeys(self._known_role(game, w) for w in winners))
        except NotFound as error:
            raise BadOption(error.message) from None
        if in_person:   # the game master in person (a stand-in admin holds no seat here)
            self._refuse_own_victory(game, engine, by, known)
        return engine, known

    def _refuse_own_victory(self, game: _Game, engine: Engine, by: str, winners: tuple[str, ...]) -> None:
        """A game master who also plays may not name their own side the winner over another player: that
        player concedes instead (:meth:`concede`), which is their agreement."""
        mine = set(self._roles_of(game, by)) & set(winners)
        losers = [s for s in self._seats(game) if s.user_id and s.user_id != by
                  and not s.user_id.startswith("system:") and not set(s.roles) <= set(winners)]
        if mine and losers:
            raise Forbidden(f"You play {', '.join(engine.role_name(r) for r in sorted(mine))} in game #{game.id}: "
                            "you cannot declare your own side the winner. The other player agrees by "
                            "conceding (concede); or end it as a draw or with them as the winner.")

    def concede(self, game_id: int | str, user_id: str) -> Status:
        """A player gives up: the game ends at once and every other seat's roles win."""
        with self._write():
            game = self._game(game_id)
            if game.status not in ("active", "paused"):
                raise BadState(f"Game #{game.id} is {game.status}; only a running game can be conceded.")
            mine = self._roles_of(game, user_id)
            if not mine:
                raise NotYourSeat(f"You hold no seat in game #{game.id}, so there is nothing to concede.")
            engine = self._engine(game.game)
            winners = [r for s in self._seats(game) for r in s.roles if r not in mine]
            names = ", ".join(engine.role_name(r) for r in mine)
            reason = f"{names} conceded"
            self._finish(game, "finished", {"winners": winners, "reason": reason})
            won = ", ".join(engine.role_name(w) for w in winners) or "nobody"
            text = f"Game #{game.id} is over: {reason}. Winner: {won}." + self._computer_note(game, engine)
            self.outbox.add(kind="result", game_id=game.id, channel=game.channel, text=text)
            self._tell_followers(game, engine, f"it is over: {reason}. Winner: {won}.",
                                 ImageRequest(game.id, game.version, game.log_length, None, "map"))
        return self.status(game.id)

    def abort(self, game_id: int | str, by: str, reason: str = "aborted", *,
              actor_name: str | None = None) -> Status:
        """Cancel a game at any point before it is over. Game master or admin."""
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "abort the game")
            if game.status in ("finished", "aborted"):
                raise BadState(f"Game #{game.id} is already {game.status}.")
            self._finish(game, "aborted", None)
            who = self._acting(game, by, actor_name)
            text = f"Game #{game.id} was aborted by {who}: {reason}."
            self.outbox.add(kind="result", game_id=game.id, channel=game.channel, text=text)
            self._tell_followers(game, self._engine(game.game), f"it was aborted by {who}: {reason}.", None)
        return self.status(game.id)

    def pause(self, game_id: int | str, by: str, *, actor_name: str | None = None) -> Status:
        """Stop the clocks: no deadline runs and nobody may play until :meth:`resume`."""
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "pause the game")
            self._require(game, "active", f"Only a running game can be paused (game #{game.id} is {game.status}).")
            self.db.execute("UPDATE games SET status = 'paused', paused_at = ? WHERE id = ?", [self._now(), game.id])
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"Game #{game.id} is paused by {self._acting(game, by, actor_name)}.")
        return self.status(game.id)

    def resume(self, game_id: int | str, by: str, *, actor_name: str | None = None) -> Status:
        """Restart a paused game; every running deadline moves later by the length of the pause."""
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "resume the game")
            self._require(game, "paused", f"Game #{game.id} is not paused.")
            now = self._now()
            self.db.execute("UPDATE deadlines SET due_at = due_at + ? WHERE game_id = ? AND due_at < ?",
                            [max(0.0, now - (game.paused_at or now)), game.id, NO_DEADLINE])
            self.db.execute("UPDATE games SET status = 'active', paused_at = NULL WHERE id = ?", [game.id])
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"Game #{game.id} resumes" + (f" ({self._acting(game, by, actor_name)})."
                                                               if actor_name else "."))
        return self.status(game.id)

    def replace_seat(self, game_id: int | str, by: str, seat: int | str, user_id: str,
                     user_name: str | None = None, *, actor_name: str | None = None) -> SeatInfo:
        """Give a seat (number or one of its roles) to another user, at any time before the end. Game
        master or admin. Refused for a user who already holds a seat in the game: one player holding
        several roles is a seating the engine offers (a seat with several roles), not a replacement."""
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "replace a player")
            if game.status in ("finished", "aborted"):
                raise BadState(f"Game #{game.id} is over.")
            seats = self._seats(game)
            target = self._find_seat(game, seats, seat)
            held = next((s for s in seats if s.user_id == user_id), None)
            if held is not None:
                if held.seat == target.seat:
                    raise BadState(f"{held.user_name} already plays seat {held.seat} ({', '.join(held.role_names)}) "
                                   f"in game #{game.id}.")
                raise BadState(f"{held.user_name} already plays seat {held.seat} ({', '.join(held.role_names)}) in "
                               f"game #{game.id} and cannot take a second seat. One player for several roles is "
                               "chosen when the game is opened (the engine's seatings), not by replacing.")
            self._touch_user(user_id, user_name)
            self._give_seat(game, target, user_id, f"by {self._acting(game, by, actor_name)}")
            self._close_offer(game, target.seat)   # a seat left and offered (substitutes.py) is taken now
            return self._seats(game)[target.seat - 1]

    def is_admin(self, game_id: int | str, user_id: str) -> bool:
        """Game master of that game, or a configured admin."""
        with self._lock:
            return self._is_admin(self._game(game_id), user_id)

    def replay(self, game_id: int | str) -> ReplayReport:
        """Rebuild the game from its setup and action log (rules.core.replay) and compare every stored
        snapshot and the current state with the rebuilt positions."""
        with self._lock:
            gid = parse_game_id(game_id)
            with damage_named(gid, "its row in the games table"):
                game = self._game(gid)
            self._require_started(game)
            engine = self._engine(game.game)
            with damage_named(gid, "its setup"):
                args = SetupArgs.from_dict(game.setup)
            with damage_named(gid, "its action log"):
                actions = [(r[0], r[1], r[2]) for r in self.db.execute(
                    "SELECT pos, role, action FROM actions WHERE game_id = ? AND undone = 0 ORDER BY pos",
                    [game.id])]
            logged: dict[int, list[tuple[str, Any]]] = {}
            with damage_named(gid, "its game log"):
                for pos, text, audience, data in self.db.execute(
                        "SELECT l.pos, l.text, l.audience, l.data FROM log l JOIN actions a ON a.id = l.action_row "
                        "WHERE l.game_id = ? AND a.undone = 0 ORDER BY l.id", [game.id]):
                    if not (data and json.loads(data).get("by") == "herald"):  # the service's own notes
                        logged.setdefault(pos, []).append((text, json.loads(audience) if audience else None))
            with damage_named(gid, "one of its turn snapshots"):
                snapshots = {r[0]: _json_object(r[1]) for r in self.db.execute(
                    "SELECT pos, state FROM snapshots WHERE game_id = ?", [game.id])}
            with damage_named(gid, "its stored state"):
                stored = _json_object(self.db.execute("SELECT state FROM games WHERE id = ?", [game.id]).fetchone()[0])
        report = ReplayReport(game.id, True, len(actions), 0)
        try:
            with damage_named(gid, "its setup"):
                state = _setup_as_played(engine, args, snapshots.get(0))
            positions = [p for p, _, _ in actions]
            if positions != list(range(1, len(actions) + 1)):
                report.problems.append("the action log has gaps or repeats")
            if 0 in snapshots:
                self._compare(report, snapshots[0], state, "snapshot at the start")
            differences = []
            for pos, role, action in actions:
                outcome = engine.apply(state, role, action)
                state = outcome.state
                rebuilt = [(e.text, list(e.to) if e.to is not None else None) for e in outcome.log]
                found = replaylog.difference(pos, logged.get(pos, []), rebuilt)
                if found:
                    differences.append((found, role, action))
                if pos in snapshots:
                    self._compare(report, snapshots[pos], state, f"snapshot after action {pos}")
            self._compare(report, stored, state, "current state", snapshot=False)
            if game.log_length != len(actions):
                report.problems.append(f"log length {game.log_length} but {len(actions)} live actions")
            # every position matches: a log worded otherwise is a change of wording, not of the game
            if report.problems or any(d.kind != "wording" for d, _, _ in differences):
                report.problems += [replaylog.as_problem(d, role, action) for d, role, action in differences[:10]]
            else:
                report.reworded = [d for d, _, _ in differences]
        except RulesError as error:
            report.problems.append(f"the log no longer replays: {error}")
        report.ok = not report.problems
        return report

    @staticmethod
    def _compare(report: ReplayReport, stored: dict, rebuilt: dict, what: str, snapshot: bool = True) -> None:
        if snapshot:
            report.snapshots_checked += 1
        if json.loads(_dumps(rebuilt)) != stored:
            keys = sorted(k for k in set(stored) | set(rebuilt) if stored.get(k) != rebuilt.get(k))
            report.problems.append(f"{what} differs from the replay (keys: {', '.join(keys)})")


def _setup_as_played(engine: Engine, args: SetupArgs, first: dict | None) -> dict:
    """The setup a stored game was played from: a game begun before the engine answered one-answer
    questions itself (its first snapshot has no ``answers_forced``) replays as it was played."""
    if engine.answers_forced and first is not None and "answers_forced" not in first:
        as_before = copy.copy(engine)
        as_before.answers_forced = False
        return as_before.setup(args)
    return engine.setup(args)
