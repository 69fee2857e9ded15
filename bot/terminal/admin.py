"""Console commands for slow play and the game master: concede, deadline, vacation, admin ..., tick,
advance, messages, replay, quit."""

from __future__ import annotations

from .. import clock
from ..config import parse_duration
from ..service import BadState, Forbidden, NotYourSeat, ServiceError
from .help import ADMIN_WORDS
from .session import UsageError


MAX_ADVANCE = 3650 * 86400   # ten years: far past any deadline, and within the calendar


class AdminCommands:
    """Console commands for slow play and the game master (a part of :class:`bot.console.Console`)."""

    def cmd_concede(self, args: list[str]) -> None:
        me, game = self._me(), self._current()
        if args != ["confirm"]:   # the preview refuses what the real concede would refuse
            status = self.service.status(game)
            if status.status not in ("active", "paused"):
                raise BadState(f"Game #{game} is {status.status}; only a running game can be conceded.")
            if not any(seat.user_id == me for seat in status.seats):
                raise NotYourSeat(f"You hold no seat in game #{game}, so there is nothing to concede.")
            self.say(f"Conceding ends game #{game} at once and the other side wins. Nothing is changed yet: "
                     "to do it, type concede confirm")
            return
        status = self.service.concede(game, me)
        self.say(f"You conceded: {status.result.reason if status.result else 'the game is over'}.")

    def cmd_deadline(self, args: list[str]) -> None:
        s = self.service.status(self._current())
        if not s.waiting:
            self.say("No running deadline.")
        for w in s.waiting:
            if w.committed:
                self.say(f"{w.role_name} ({w.user_name}): secret choice made; nobody waits for it")
                continue
            self.say(f"{w.role_name} ({w.user_name}): {self._deadline(s, w)}")
        d = s.deadlines
        self.say(f"Policy when a deadline passes: {d.policy} (reactions: {d.reaction_policy}).")

    def cmd_vacation(self, args: list[str]) -> None:
        me = self._me()
        if not args:
            raise UsageError("Usage: vacation DURATION|off")
        if args[0] == "off":
            self.service.set_vacation(me, None)
            self.say("Welcome back: your deadlines run again.")
            return
        seconds = parse_duration(args[0], "vacation")
        if seconds <= 0:
            raise UsageError("A vacation needs a positive duration, such as 3d.")
        self.service.set_vacation(me, clock.timestamp() + seconds, me)
        self.say(f"On vacation until {clock.format_time(clock.timestamp() + seconds)}: your deadlines wait.")

    def cmd_admin(self, args: list[str]) -> None:
        me, game = self._me(), self._current()
        if not args:
            raise UsageError(f"Usage: admin {'|'.join(ADMIN_WORDS)} ...")
        what, rest = args[0], args[1:]
        if what not in ADMIN_WORDS:
            raise UsageError(f"Unknown admin command '{what}' ({', '.join(ADMIN_WORDS)}).")
        getattr(self, f"admin_{what}")(me, game, rest)

    def admin_pause(self, me: str, game: int, rest: list[str]) -> None:
        self.service.pause(game, me)
        self.say("Paused.")

    def admin_resume(self, me: str, game: int, rest: list[str]) -> None:
        self.service.resume(game, me)
        self.say("Resumed.")

    def admin_abort(self, me: str, game: int, rest: list[str]) -> None:
        self._admin_finish("abort", me, game, rest)

    def admin_end(self, me: str, game: int, rest: list[str]) -> None:
        self._admin_finish("end", me, game, rest)

    def _admin_finish(self, what: str, me: str, game: int, rest: list[str]) -> None:
        confirmed = bool(rest) and rest[-1].lower() == "confirm"
        rest = rest[:-1] if confirmed else rest
        if not confirmed:   # the game ends for everyone at once: say what would happen, change nothing
            status = self.service.status(game)
            if status.status not in ("active", "paused", "open"):
                raise UsageError(f"Game #{game} is already {status.status}.")
            if not self.service.is_admin(game, me):   # as the confirmed command would answer
                raise Forbidden(f"Only the game master ({status.gm}) or an admin can {what} the game.")
            # checked as the real command checks it: an unknown winner is refused, not previewed
            named = self.service.end_preview(game, me, [self._role(w) for w in rest]) if what == "end" else ()
            outcome = ("without a result" if what == "abort" else
                       f"with {', '.join(named)} as the winner" if named else "as a draw (no winner)")
            self.say(f"This {'aborts' if what == 'abort' else 'ends'} game #{game} at once, {outcome}, "
                     f"for every player. Nothing is changed yet: to do it, type "
                     f"admin {' '.join([what, *rest, 'confirm'])}")
            return
        if what == "abort":
            self.service.abort(game, me, " ".join(rest) or "aborted")
            self.say("Aborted.")
        else:
            self.service.end(game, me, [self._role(w) for w in rest])
            self.say("Ended.")

    def admin_replace(self, me: str, game: int, rest: list[str]) -> None:
        if len(rest) != 2:
            raise UsageError("Usage: admin replace SEAT|ROLE USER")
        seat = self.service.replace_seat(game, me, self._role(rest[0]), rest[1], rest[1])
        self.say(f"Seat {seat.seat} ({', '.join(seat.role_names)}) is now played by {seat.user_name}.")

    def admin_extend(self, me: str, game: int, rest: list[str]) -> None:
        if not rest:
            raise UsageError("Usage: admin extend DURATION [ROLE]")
        if len(rest) > 2:
            raise UsageError("Usage: admin extend DURATION [ROLE]")
        seconds = parse_duration(rest[0], "extend")
        self.service.extend_deadline(game, me, seconds, rest[1] if len(rest) > 1 else None)
        self.say("Deadline extended.")

    def cmd_tick(self, args: list[str]) -> None:
        report = self.service.tick()
        self.say(f"Tick: {report.reminders} reminder(s), {report.expired} deadline(s) passed "
                 f"({report.defaulted} played by default, {report.substituted} seat(s) handed over, "
                 f"{report.waiting} waiting).")

    def cmd_advance(self, args: list[str]) -> None:
        if not args:
            raise UsageError("Usage: advance DURATION (e.g. 2d, 12h)")
        seconds = parse_duration(args[0], "advance")
        if seconds > MAX_ADVANCE:
            raise UsageError(f"advance moves the clock at most {MAX_ADVANCE // 86400} days at a time.")
        clock.advance(seconds)
        self.say(f"The clock moves forward {clock.format_duration(seconds)}: now {clock.format_time(clock.timestamp())}.")
        self.cmd_tick([])

    def cmd_messages(self, args: list[str]) -> None:
        self._deliver()

    def cmd_replay(self, args: list[str]) -> None:
        report = self.service.replay(args[0] if args else self._current())
        self.say(report.verdict())
        if not report.ok:
            raise ServiceError("The stored game does not match its replay.")

    def cmd_quit(self, args: list[str]) -> None:
        pass

    cmd_exit = cmd_quit
