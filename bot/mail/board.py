"""Mail commands for the server's board and its substitutes: games, nudge, replaceme, volunteer,
substitute."""

from __future__ import annotations

from bot import clock
from rules.core.wording import plural

from . import seats
from .fanout import MAIL_CHANNEL
from .session import GAME, Refused, maybe_game


class BoardCommands:
    """The board of games played by mail, reminders, and seats changing hands (a part of the mail session)."""

    def do_games(self, line: str) -> None:
        """The board (issue 32): the games played by mail and the sender's own, filtered and paged."""
        which, page = "all", 1
        for word in line.split()[1:]:
            if word.isdigit() and len(word) <= 4:
                page = int(word)
            else:
                which = word.lower()
        board = self.service.board(channels=[MAIL_CHANNEL], user_id=self.sender_id, which=which, page=page)
        lines = [f"The board ({board.which}): page {board.page} of {board.pages}, {plural(board.total, 'game')}."]
        for entry in board.entries:
            lines.append(f"#{entry.game_id} {entry.title}, {entry.status}, {entry.turn_label}; game master "
                         f"{entry.gm_name}.")
            lines.append(f"  {' · '.join(entry.players)}")
            for w in entry.waiting:
                due = (", clock stopped" if w.paused else
                       f", deadline {clock.format_time(w.deadline)}" if w.deadline is not None else "")
                lines.append(f"  Waiting for {w.role_name} ({w.user_name or 'nobody'}) since "
                             f"{clock.format_time(w.since)}{due}{' (late)' if w.late else ''}.")
            for seat in entry.open_seats:
                lines.append(f"  Open seat {seat.seat} ({', '.join(seat.role_names)}).")
            if entry.result:
                lines.append(f"  Result: {entry.result}.")
        if board.page < board.pages:
            lines.append(f"More: \"games {board.which} {board.page + 1}\".")
        self.say(*lines)

    def do_nudge(self, line: str) -> None:
        key = self._require_key(maybe_game(line))
        names = self.service.nudge(key.game_id, key.user_id)
        self.say(f"Nudged in game #{key.game_id}: {', '.join(names)}.")

    def do_replaceme(self, line: str) -> None:
        key = self._require_key(maybe_game(line))
        words = GAME.sub("", line).split()[1:]
        if words not in ([], ["off"]):
            raise Refused("Write \"replaceme\" to ask for a substitute, or \"replaceme off\" to take it back.")
        self.say(self.service.ask_substitute(key.game_id, key.user_id, withdraw=bool(words)))

    def do_volunteer(self, line: str) -> None:
        """Anyone may offer (no seat, so no secret); only the game master's acceptance seats them, and
        the seat's secret then goes to this address alone."""
        game_id = self._game_named(line)
        words = GAME.sub("", line).split()[1:]
        if len(words) > 1:
            raise Refused("Write \"volunteer #12\", or \"volunteer #12 SEAT\" when several seats wait.")
        seat = self.service.volunteer(game_id, self.sender_id, self.name, words[0] if words else None)
        self.answer.game_id, self.answer.address = game_id, self.incoming.sender
        self.say(f"You volunteer for seat {seat.seat} ({', '.join(seat.role_names)}) in game #{game_id}. When "
                 "you are accepted, Herald mails you the seat's hand, its history and its secret.")

    def do_substitute(self, line: str) -> None:
        key = self._require_key(maybe_game(line))
        words = GAME.sub("", line).split()[1:]
        if len(words) > 2:
            raise Refused("Write \"substitute ADDRESS\" (and the seat, when several wait).")
        who = seats.user_id(words[0]) if words and "@" in words[0] else (words[0] if words else None)
        self.say(self.service.accept_substitute(key.game_id, key.user_id, who, words[1] if len(words) > 1 else None))
