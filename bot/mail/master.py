"""Mail commands for the game master (with their seat's secret): start, pause, resume, end, replace,
computer."""

from __future__ import annotations

from bot.table.robots import robot_level

from . import seats
from .session import GAME, Refused, maybe_game


class MasterCommands:
    """What the game master may do to the whole game (a part of the mail session)."""

    def do_start(self, line: str) -> None:
        key = self._require_key(maybe_game(line))
        status = self.service.start(key.game_id, key.user_id)
        self.say(f"You started game #{key.game_id} ({status.turn_label}).")

    def do_pause(self, line: str) -> None:
        key = self._require_key(maybe_game(line))
        self.service.pause(key.game_id, key.user_id, actor_name=self.name)
        self.say(f"Game #{key.game_id} is paused: no clock runs and nobody may play until you resume it.")

    def do_resume(self, line: str) -> None:
        key = self._require_key(maybe_game(line))
        self.service.resume(key.game_id, key.user_id, actor_name=self.name)
        self.say(f"Game #{key.game_id} goes on; every deadline moved later by the length of the pause.")

    def do_end(self, line: str) -> None:
        key = self._require_key(maybe_game(line))
        reason = GAME.sub("", line.partition(" ")[2]).strip() or "ended by the game master"
        self.service.end(key.game_id, key.user_id, (), reason, actor_name=self.name)
        self.say(f"Game #{key.game_id} is over: {reason}.")

    def do_replace(self, line: str) -> None:
        key = self._require_key(maybe_game(line))
        words = GAME.sub("", line).split()[1:]
        if len(words) != 2 or "@" not in words[1]:
            raise Refused("Say which seat and who takes it, such as \"replace 2 carol@example.org\".")
        seat, address = words
        info = self.service.replace_seat(key.game_id, key.user_id, int(seat) if seat.isdigit() else seat,
                                         seats.user_id(address), address.partition("@")[0], actor_name=self.name)
        self.say(f"Seat {info.seat} of game #{key.game_id} now belongs to {address}; Herald sends them their "
                 "seat's secret with their next mail.")

    def do_computer(self, line: str) -> None:
        """Issue 31: the game master gives a free seat to Herald's computer player before the start."""
        key = self._require_key(maybe_game(line))
        words = GAME.sub("", line).split()[1:]
        if not 1 <= len(words) <= 2:
            raise Refused("Say which seat and, if you like, how strongly it plays, such as \"computer 2 veteran\" "
                          f"(levels: {', '.join(self.service.robot_levels(self.service.status(key.game_id).game))}).")
        seat = int(words[0]) if words[0].isdigit() else words[0]
        level = words[1].lower() if len(words) > 1 else None
        info = self.service.seat_robot(key.game_id, key.user_id, level, seat)
        self.say(f"Herald's computer player ({robot_level(info.user_id)}) takes seat {info.seat} "
                 f"({', '.join(info.role_names)}) in game #{key.game_id}.")

