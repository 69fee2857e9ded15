"""Mail commands anyone may send about their own seat: help, new, join, leave, follow, unfollow, quiet,
vacation, concede."""

from __future__ import annotations

from bot import clock
from rules.core.wording import plural

from . import seats, store
from .fanout import MAIL_CHANNEL
from .help import HELP
from .session import Refused, maybe_game


class LobbyCommands:
    """Joining, leaving and following games, and the player's own settings (a part of the mail session)."""

    def do_help(self, line: str) -> None:
        self.say(HELP)

    def do_new(self, line: str) -> None:
        if not self.settings.open_games:
            raise Refused("Opening games by mail is switched off here; ask the person running Herald.")
        words = line.split()[1:]
        if not words:
            ids = ", ".join(entry.id for entry in self.service.catalogue())
            raise Refused(f"Say which game: new GAME [scenario ID] [as ROLE]. Games: {ids}.")
        game, scenario, role = words[0].lower(), None, None
        rest = words[1:]
        while rest:
            word = rest.pop(0).lower()
            if word in ("scenario", "as", "seat") and rest:
                value = rest.pop(0)
                scenario, role = (value, role) if word == "scenario" else (scenario, value)
            else:
                raise Refused(f"'{word}' is not understood here: new GAME [scenario ID] [as ROLE].")
        status = self.service.create_game(game, channel=MAIL_CHANNEL, creator_id=self.sender_id,
                                          creator_name=self.name, scenario=scenario)
        self.say(f"You opened game #{status.game_id}: {status.title} ({status.scenario}), "
                 f"{plural(len(status.seats), 'seat')}. You are its game master. Others join by mailing Herald "
                 f"\"join #{status.game_id}\"; when every seat is taken, send \"start #{status.game_id}\".")
        self._join(status.game_id, role)

    def do_join(self, line: str) -> None:
        words = [w for w in line.split()[1:] if not w.startswith("#")]
        self._join(self._game_named(line), words[0] if words else None)

    def _join(self, game_id: int, role: str | None) -> None:
        seat = self.service.join(game_id, self.sender_id, self.name, role)
        secret = seats.secret_for(self.db, game_id, seat.seat, self.sender_id, self.service._now())
        self.answer.game_id, self.answer.user_id, self.answer.address = game_id, self.sender_id, self.incoming.sender
        self.say(f"You take seat {seat.seat} ({', '.join(seat.role_names)}) in game #{game_id}.",
                 f"Your seat's secret is {secret}. Every order must carry it: reply to Herald's mails about "
                 f"the game (their reply address, {self.settings.reply_address(secret)}, carries it), or write "
                 f"\"key {secret}\" in the subject. Keep it to yourself: whoever has it can play your seat.")

    def do_leave(self, line: str) -> None:
        key = self._require_key(maybe_game(line))
        self.say(self.service.leave(key.game_id, key.user_id))

    def do_quiet(self, line: str) -> None:
        words = line.split()[1:]
        if words not in (["on"], ["off"]):
            raise Refused("Say \"quiet on\" (a mail only when you are asked something, and a daily digest) "
                          "or \"quiet off\" (every update).")
        store.set_quiet(self.db, self.answer.address, words[0] == "on")
        self.say("Quiet: you get a mail when you are asked something, with everything since your last mail, "
                 "and a daily digest." if words[0] == "on" else "Every update of your games comes by mail.")

    def do_vacation(self, line: str) -> None:
        from bot.config import ConfigError, parse_duration

        key = self._require_key()
        words = line.split()[1:]
        if len(words) != 1:
            raise Refused("Say how long, such as \"vacation 7d\" (or \"vacation off\").")
        try:
            seconds = parse_duration(words[0], "vacation")
        except ConfigError:
            raise Refused(f"“{words[0]}” is not a length of time; say 3d, 12h or 1w (or off).") from None
        now = self.service._now()
        self.service.set_vacation(key.user_id, now + seconds if seconds else None, self.name)
        self.say(f"On vacation until {clock.format_time(now + seconds)}: your deadlines wait."
                 if seconds else "Your vacation is over: your deadlines run again.")

    def do_concede(self, line: str) -> None:
        key = self._require_key(maybe_game(line))
        status = self.service.concede(key.game_id, key.user_id)
        self.say(f"You conceded game #{key.game_id}: {status.result.reason if status.result else 'it is over'}.")

    def do_follow(self, line: str) -> None:
        game_id = self._game_named(line)
        self.service.spectate(game_id, self.sender_id, self.name)
        self.answer.game_id, self.answer.address = game_id, self.incoming.sender
        self.say(f"You follow game #{game_id}: Herald mails you its public map and log at every new turn.")

    def do_unfollow(self, line: str) -> None:
        game_id = self._game_named(line)
        self.service.unspectate(game_id, self.sender_id)
        self.say(f"You no longer follow game #{game_id}.")

