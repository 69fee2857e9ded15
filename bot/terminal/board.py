"""Console commands for a server of many games (issue 32): board, nudge, replaceme, volunteer, substitute, and the
game master's admin lateness and admin substitutes. The console's database is one server: its board is
every game in it."""

from __future__ import annotations

from .. import clock
from ..table.board import FILTERS
from .session import UsageError, _whole


class BoardCommands:
    """The board, nudges and substitutes at the console (a part of :class:`bot.console.Console`)."""

    def cmd_board(self, args: list[str]) -> None:
        which, page = "all", 1
        for word in args:
            if _whole(word):
                page = int(word)
            elif word.lower() in FILTERS:
                which = word.lower()
            else:
                raise UsageError(f"Usage: board [FILTER] [PAGE]; filters: {', '.join(FILTERS)} (not '{word[:40]}').")
        board = self.service.board(user_id=self.user, which=which, page=page)
        self.say(f"Board — {FILTERS[board.which]}: page {board.page} of {board.pages}, {board.total} "
                 f"game{'s' if board.total != 1 else ''}" + (" (board NEXT_PAGE for more)" if board.page < board.pages
                                                             else ""))
        now = clock.timestamp()
        for e in board.entries:
            self.say(f"#{e.game_id} {e.title} [{e.status}] {e.turn_label} — game master {e.gm_name}")
            self.say(f"  {' · '.join(e.players)}")
            for w in e.waiting:
                line = f"  waiting for {w.role_name} ({w.user_name or 'nobody'}) for {clock.format_duration(now - w.since)}"
                if w.paused:
                    line += ", clock stopped"
                elif w.deadline is not None:
                    line += f", deadline {clock.format_time(w.deadline)}"
                self.say(line + (", LATE" if w.late else ""))
            for s in e.open_seats:
                held = ("" if e.status == "open" else f", {s.stand_in} plays it until replaced" if s.staying else
                        f", held by {s.stand_in} meanwhile" if s.stand_in else ", empty")
                offered = f"; volunteers: {', '.join(s.volunteers)}" if s.volunteers else ""
                self.say(f"  open seat {s.seat} ({', '.join(s.role_names)}){held}{offered}")
            if e.result:
                self.say(f"  result: {e.result}")

    def cmd_nudge(self, args: list[str]) -> None:
        names = self.service.nudge(self._current(), self._me())
        self.say(f"Nudged: {', '.join(names)}.")

    def cmd_replaceme(self, args: list[str]) -> None:
        if args not in ([], ["off"]):
            raise UsageError("Usage: replaceme [off] (off takes the request back)")
        self.say(self.service.ask_substitute(self._current(), self._me(), withdraw=bool(args)))

    def cmd_volunteer(self, args: list[str]) -> None:
        if len(args) > 1:
            raise UsageError("Usage: volunteer [SEAT|ROLE]")
        me = self._me()
        seat = self.service.volunteer(self._current(), me, me, args[0] if args else None)
        self.say(f"You volunteer for seat {seat.seat} ({', '.join(seat.role_names)}); the game master accepts.")

    def cmd_substitute(self, args: list[str]) -> None:
        if len(args) > 2:
            raise UsageError("Usage: substitute [NAME] [SEAT|ROLE]")
        self.say(self.service.accept_substitute(self._current(), self._me(), args[0] if args else None,
                                                args[1] if len(args) > 1 else None))

    def admin_lateness(self, me: str, game: int, rest: list[str]) -> None:
        for r in self.service.lateness(game, me):
            plays = ", ".join(r.roles) if r.roles else "no longer seated"
            self.say(f"{r.user_name} ({plays}): {r.after_reminder} after a reminder or nudge, {r.after_deadline} "
                     f"after the deadline, {r.missed} missed, nudged {r.nudged}")

    def admin_substitutes(self, me: str, game: int, rest: list[str]) -> None:
        if len(rest) != 1:
            raise UsageError("Usage: admin substitutes gm|majority")
        self.say(f"In game #{game}, {self.service.set_substitute_acceptance(game, me, rest[0])}.")
