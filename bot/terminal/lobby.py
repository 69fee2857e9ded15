"""Console commands for players and games: as, catalogue, new, games, mine, use, join, leave, swap,
accept, decline, follow, unfollow, start, seatings, help."""

from __future__ import annotations

from rules.core.wording import plural
from ..service import NotFound
from ..table import settings as game_settings
from .help import HELP
from .session import UsageError, _whole


class LobbyCommands:
    """Console commands for players and games (a part of :class:`bot.console.Console`)."""

    def cmd_help(self, args: list[str]) -> None:
        self.say(HELP.rstrip())

    def cmd_as(self, args: list[str]) -> None:
        if len(args) != 1:
            raise UsageError("Usage: as NAME (one word: the player's name is their id)")
        self.user = args[0]
        self.say(f"You are now {self.user}.")  # their waiting direct messages follow (execute delivers them)

    def cmd_catalogue(self, args: list[str]) -> None:
        for entry in self.service.catalogue():
            self.say(f"{entry.id}: {entry.title}")
            for s in entry.scenarios:
                players = (f"{s.min_players}" if s.min_players == s.max_players
                           else f"{s.min_players}–{s.max_players}")
                self.say(f"  scenario {s.id}: {s.name} ({players} players) — {s.description}")
            for o in entry.options:
                self.say(f"  option {o.id} ({o.kind}, default {o.default}): {o.label}")

    def cmd_new(self, args: list[str]) -> None:
        me = self._me()
        if not args:
            raise UsageError("Usage: new GAME [SCENARIO] [players=N] [OPTION=VALUE ...]")
        game, scenario, options, settings, players, seating = args[0], None, {}, {}, None, None
        seen: dict[str, str] = {}
        for word in args[1:]:
            if "=" not in word:
                if scenario is not None:
                    raise UsageError(f"'{word}': only one scenario; options are written KEY=VALUE.")
                scenario = word
                continue
            key, value = word.split("=", 1)
            if key in seen:   # which one was meant? Say so rather than keep the last
                raise UsageError(f"'{key}' is given twice ({key}={seen[key]} and {word}); give it once.")
            seen[key] = value
            if key == "players":
                if not _whole(value):
                    raise UsageError(f"players must be a number, not '{value[:40]}'.")
                players = int(value)
            elif key == "seating":
                seating = value
            elif game_settings.is_setting(key):   # the game's own deadlines, reminders, spectators
                settings[key] = value
            else:
                options[key] = value
        status = self.service.create_game(game, channel=self.channel, creator_id=me, creator_name=me,
                                          scenario=scenario, options=options, players=players,
                                          settings=settings or None, seating=seating)
        self.game = status.game_id
        self.say(f"Game #{status.game_id} opened: {status.title} ({status.scenario}), "
                 f"{plural(len(status.seats), 'seat')}. You are its game master.")

    def cmd_games(self, args: list[str]) -> None:
        if args and args != ["all"]:
            raise UsageError("Usage: games [all] (all: finished games too)")
        games = self.service.games_in_channel(self.channel, include_finished=bool(args))
        if not games:
            self.say("No games here" + ("" if args else " still running (games all: finished ones too)")
                     + ". Open one with: new GAME")
        for g in games:
            self.say(self._headline(g))

    def cmd_mine(self, args: list[str]) -> None:
        games = self.service.games_of_user(self._me(), include_finished=True)
        if not games:
            self.say(f"{self._me()} plays no game and runs none. Open one with: new GAME, or join one (games).")
        for g in games:
            self.say(self._headline(g))

    def _headline(self, g) -> str:
        players = ", ".join(f"{'/'.join(s.role_names)}: {s.user_name or '(free)'}" for s in g.seats)
        return f"#{g.game_id} {g.title} [{g.status}] {g.turn_label} — {players}"

    def cmd_use(self, args: list[str]) -> None:
        if len(args) != 1:
            raise UsageError("Usage: use ID (e.g. use 12 or use #12)")
        number = args[0].removeprefix("#")
        if number.isascii() and number.isdigit() and int(number) >= 2 ** 63:   # past what the database can even look up
            raise NotFound(f"There is no game #{number}: games lists the games here, mine yours.")
        status = self.service.status(args[0])
        self.game = status.game_id
        self.say(f"Current game: {self._headline(status)}")

    def cmd_join(self, args: list[str]) -> None:
        me = self._me()
        seat = self.service.join(self._current(), me, me, args[0] if args else None)
        self.say(f"{me} sits at seat {seat.seat} ({', '.join(seat.role_names)}).")

    def cmd_computer(self, args: list[str]) -> None:
        game = self._current()
        name = self.service.status(game).game
        if not args or len(args) > 2:   # each game has its own levels: the service names them
            levels = ", ".join(self.service.robot_levels(name))
            raise UsageError(f"Usage: computer SEAT|ROLE [LEVEL] (levels: {levels})")
        level = args[1] if len(args) > 1 else self.service.default_robot_level(name)
        seat = self.service.seat_robot(game, self._me(), level, args[0])
        self.say(f"Herald's computer player ({level}) sits at seat {seat.seat} ({', '.join(seat.role_names)}).")

    def cmd_leave(self, args: list[str]) -> None:
        self.say(self.service.leave(self._current(), self._me()))

    def cmd_swap(self, args: list[str]) -> None:
        if len(args) != 1:
            raise UsageError("Usage: swap SEAT|ROLE")
        me = self._me()
        seat = self.service.swap(self._current(), me, args[0])
        if seat.user_id == me:
            self.say(f"You now sit at seat {seat.seat} ({', '.join(seat.role_names)}).")
        else:
            self.say(f"You asked {seat.user_name} to exchange seats with you (seat {seat.seat}, "
                     f"{', '.join(seat.role_names)}); nothing changes until they agree.")

    def cmd_accept(self, args: list[str]) -> None:
        if len(args) > 1:
            raise UsageError("Usage: accept [NAME] (whose request to exchange seats)")
        seat = self.service.accept_swap(self._current(), self._me(), args[0] if args else None)
        self.say(f"You now sit at seat {seat.seat} ({', '.join(seat.role_names)}).")

    def cmd_decline(self, args: list[str]) -> None:
        if len(args) > 1:
            raise UsageError("Usage: decline [NAME] (whose request to exchange seats)")
        self.service.decline_swap(self._current(), self._me(), args[0] if args else None)
        self.say("Declined: nobody changes seats.")

    def cmd_follow(self, args: list[str]) -> None:
        if args:
            raise UsageError("Usage: follow (the current game; pick it with use ID)")
        game = self._current()
        self.service.spectate(game, self._me(), self._me())
        self.say(f"You follow game #{game}: a direct message with the public log and map at each new turn "
                 "and at the end. Stop with unfollow.")

    cmd_spectate = cmd_follow

    def cmd_unfollow(self, args: list[str]) -> None:
        if args:
            raise UsageError("Usage: unfollow")
        game = self._current()
        self.service.unspectate(game, self._me())
        self.say(f"You no longer follow game #{game}.")

    def cmd_start(self, args: list[str]) -> None:
        seed = None
        if args:  # start --seed N: a fixed seed, for scripted tests and reproducing a reported game
            if len(args) != 2 or args[0] != "--seed" or not _whole(args[1]):
                raise UsageError("Usage: start [--seed N]")
            seed = int(args[1])
        status = self.service.start(self._current(), self._me(), seed=seed)
        self.say(f"Game #{status.game_id} started: {status.turn_label}.")

    def cmd_seatings(self, args: list[str]) -> None:
        if not args or len(args) > 3:
            raise UsageError("Usage: seatings GAME [SCENARIO] [players=N]")
        scenario, players = None, None
        for word in args[1:]:
            if word.startswith("players="):
                if not word[8:].isdigit():
                    raise UsageError(f"players must be a number, not '{word[8:]}'.")
                players = int(word[8:])
            else:
                scenario = word
        engine = self.service.engine(args[0])
        for seating in self.service.seatings(args[0], scenario, players):
            seats = " / ".join("+".join(engine.role_name(r) for r in seat) for seat in seating.seats)
            self.say(f"  seating={seating.id}: {seating.name} — {seats}")
