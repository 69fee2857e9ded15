"""`herald local` and `herald replay`: the table service from a terminal (DESIGN.md §4).

Several local players share one terminal (`as alice` switches who you are); the commands mirror the
Discord ones. Outbox messages are printed as they would be delivered (`>> #local` for the channel,
`>> @alice` for a direct message; a player's direct messages are printed only while they are the current
player, so that hot-seat players do not read each other's private lines). With --script, commands come
from a file; `expect ...` lines check the previous command, and the run stops with exit status 1 at the
first failed expectation or at an error that no `expect error` line accepts.

The console keeps its games in its own database (default herald-local.db, or [database] local_path),
apart from the bot's herald.db. Even when given the bot's database with --db, it opens and delivers only
the messages of console games (those bound to its channel, "local"): messages for Discord channels and
players are left for the bot.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
import textwrap
import traceback
from pathlib import Path
from typing import Callable, Mapping, TextIO

from rules.core import Engine

from . import clock
from .commandspec import COMMANDS
from .config import Config, ConfigError, load_config, parse_duration
from .logview import with_headings
from .outbox import ImageRequest
from .service import (BadState, Forbidden, NotFound, NotYourSeat, RenderUnavailable, ServiceError,
                      StaleVersion, TableService, TurnDetail)
from .storage import StorageError

CHANNEL = "local"
MAX_ADVANCE = 3650 * 86400   # ten years: far past any deadline, and within the calendar

#: the console's own lines of its help, after the commands (bot/commandspec.py lists those)
HELP_SCRIPTS = """\
  expect ok | expect error [CODE] | expect text TEXT | expect status STATUS | expect turn TEXT
  # starts a comment (a word such as #12 is a game number, not a comment)
Database: the console uses its own file (--db, else [database] local_path, else herald-local.db) and
only ever delivers the messages of console games, so it never takes a Discord game's messages."""
#: the subcommands of `admin`, as the command list names them
ADMIN_WORDS = tuple(dict.fromkeys(c.console_words[1] for c in COMMANDS if c.console_words[0] == "admin"))


def _help_text(width: int = 104) -> str:
    """The console's help: every command of bot/commandspec.py in its console form, by section."""
    lines: list[str] = []
    section, listed = None, set()
    for command in COMMANDS:
        if command.console in listed:   # two Discord commands, one console form (/game abort, /admin abort)
            continue
        listed.add(command.console)
        if command.section != section:
            section = command.section
            lines.append(section)
        what = command.description
        usage = f"  {command.console}"
        if len(usage) <= 28:
            first, rest = usage.ljust(30) + what, [command.console_note] if command.console_note else []
        else:
            lines.append(usage)
            first, rest = " " * 30 + what, [command.console_note] if command.console_note else []
        lines.append(first)
        for note in rest:
            lines += textwrap.wrap(note, width, initial_indent=" " * 30, subsequent_indent=" " * 30)
    return "\n".join(lines) + "\n" + HELP_SCRIPTS + "\n"


HELP = _help_text()


class ScriptFailure(Exception):
    pass


class Console:
    """One terminal session over a :class:`TableService`."""

    def __init__(self, service: TableService, out_dir: str = "out", write: Callable[[str], None] = print,
                 channel: str = CHANNEL) -> None:
        self.service = service
        self.out_dir = Path(out_dir)
        self.write = write
        self.channel = channel
        self.user: str | None = None
        self.game: int | None = None
        self.last_ok = True
        self.last_error: ServiceError | None = None
        self.last_output: list[str] = []
        self.deliver = True
        self.auto_tick = True
        self.write_images = True    # pictures attached to messages (the map after each turn) go to --out
        self.show_next = False      # after `do`, list the player's next choices (on in interactive play)
        self.next_choices = False
        #: the choices last listed to a player in a game, not yet acted on: (game, user) -> [(role, action
        #: id, version)] in their numbering. `do` means what was shown, judged at the version shown.
        self.listed: dict[tuple[int, str], list[tuple[str, str, int]]] = {}

    # ---- running ---------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.last_output.append(text)
        self.write(text)

    def execute(self, line: str) -> bool:
        """Run one command line; returns False on an error (already printed)."""
        self.last_output = []
        self.last_error = None
        try:
            words = _words(line)
        except ValueError as error:
            return self._fail(ServiceError(f"Cannot read that line: {error}."), "bad_input")
        if not words:
            return True
        command, rest = words[0].lower(), words[1:]
        handler = getattr(self, "cmd_" + command.replace("-", "_"), None)
        if handler is None:
            return self._fail(ServiceError(f"Unknown command '{command}'. Type help for the list."), "bad_input")
        try:
            if self.auto_tick and command not in ("tick", "advance"):
                self.service.tick()  # deadlines that passed since the last command, as the bot's timer would
            handler(rest)
            self.last_ok = True
        except ServiceError as error:
            return self._fail(error, error.code)
        except (ConfigError, UsageError) as error:
            return self._fail(ServiceError(str(error)), "bad_input")
        except ScriptFailure:
            raise
        except Exception as error:  # never a traceback at the player; a short note instead
            where = traceback.extract_tb(error.__traceback__)[-1]
            return self._fail(ServiceError(f"Internal error: {type(error).__name__}: {error} "
                                           f"({Path(where.filename).name}:{where.lineno})."), "internal")
        finally:
            if self.deliver:
                self._deliver()
        if self.next_choices:
            self.next_choices = False
            try:
                if self.user and self.game and self.service.choices(self.game, self.user):
                    self.cmd_choices([])
            except ServiceError:
                pass
        return True

    def _fail(self, error: ServiceError, code: str) -> bool:
        error.code = code
        self.last_ok = False
        self.last_error = error
        self.say(f"error [{code}]: {error.message}")
        return False

    def run_script(self, lines: list[str], name: str = "script") -> int:
        """Run commands; 0 when every line passed, 1 at the first failure (reported with its line)."""
        unexpected: tuple[int, str] | None = None
        for number, raw in enumerate(lines, start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.lower().startswith("expect"):
                try:
                    self.check_expectation(line)
                except ScriptFailure as failure:
                    self.write(f"{name}:{number}: expectation failed: {failure}")
                    return 1
                unexpected = None
                continue
            if unexpected is not None:
                self.write(f"{name}:{unexpected[0]}: command failed: {unexpected[1]}")
                return 1
            self.write(f"> {line}")
            if line.lower() in ("quit", "exit"):
                return 0
            if not self.execute(line):
                unexpected = (number, line)
        if unexpected is not None:
            self.write(f"{name}:{unexpected[0]}: command failed: {unexpected[1]}")
            return 1
        return 0

    def check_expectation(self, line: str) -> None:
        words = shlex.split(line)
        what = words[1].lower() if len(words) > 1 else "ok"
        arg = " ".join(words[2:])
        if what == "ok":
            if not self.last_ok:
                raise ScriptFailure(f"the command failed: {self.last_error.message}")
        elif what == "error":
            if self.last_ok:
                raise ScriptFailure("the command succeeded")
            if arg and self.last_error.code != arg:
                raise ScriptFailure(f"error code {self.last_error.code}, expected {arg}")
        elif what == "text":
            text = "\n".join(self.last_output)
            if arg.lower() not in text.lower():
                raise ScriptFailure(f"'{arg}' not in the output:\n{text}")
        elif what in ("status", "turn", "finished"):
            status = self.service.status(self._current())
            if what == "finished":
                what, arg = "status", "finished"
            actual = status.status if what == "status" else status.turn_label
            if (arg.lower() != actual.lower()) if what == "status" else (arg.lower() not in actual.lower()):
                raise ScriptFailure(f"{what} is '{actual}', expected '{arg}'")
        else:
            raise ScriptFailure(f"unknown expectation '{what}' (ok, error, text, status, turn, finished)")

    def interact(self, stdin: TextIO) -> int:
        self.write("Herald local console. Type help for commands, quit to leave.")
        self.show_next = True
        while True:
            prompt = f"[{self.user or '?'}{f' #{self.game}' if self.game else ''}]> "
            try:
                line = input(prompt) if stdin.isatty() else stdin.readline()
            except (EOFError, KeyboardInterrupt):
                self.write("")
                return 0
            if not stdin.isatty():
                if not line:
                    return 0
                self.write(prompt + line.rstrip())
            if line.strip().lower() in ("quit", "exit"):
                return 0
            if line.strip().lower().startswith("expect"):
                try:
                    self.check_expectation(line)
                except ScriptFailure as failure:
                    self.write(f"expectation failed: {failure}")
                continue
            self.execute(line)

    # ---- helpers ---------------------------------------------------------------------------------
    def _me(self) -> str:
        if self.user is None:
            raise UsageError("Say who you are first: as NAME")
        return self.user

    def _current(self) -> int:
        if self.game is None:
            raise UsageError("No current game: open one with new, or pick one with use ID.")
        return self.game

    def _role(self, word: str) -> str:
        """A role typed by id or by name, in any case ("lancaster", "Lancaster"); unknown words pass
        through unchanged so the service names the problem."""
        for seat in self.service.status(self._current()).seats:
            for role, name in zip(seat.roles, seat.role_names):
                if word.lower() in (role.lower(), name.lower()):
                    return role
        return word

    def _deliver(self, everyone: bool = False) -> None:
        """Print channel messages and the current player's direct messages. Direct messages to the
        other local players wait until they take the terminal (`as NAME`): several players share one
        screen, and one player's private lines (a hand, a card played face down) must not scroll past
        the other's eyes."""
        for message in self.service.outbox.pending(limit=5000, channel=self.channel):
            if message.target_kind != "channel" and message.target != self.user and not everyone:
                continue
            target = f"#{message.target}" if message.target_kind == "channel" else f"@{message.target}"
            picture = f" [{self._image_file(message.image)}]" if message.image else ""
            for i, text in enumerate((message.text or "").splitlines() or [""]):
                self.say(f"  >> {target}: {text}{picture if i == 0 else ''}")
            self.service.outbox.mark_delivered(message.id, f"console-{message.delivery_id[:8]}")

    def _image_file(self, image) -> str:
        """Draw a message's picture into --out (as Discord would attach it); its path, or why not."""
        who = image.role or "public"
        path = self.out_dir / f"game{image.game_id}-v{image.version}-{who}-{image.picture}.png"
        if not self.write_images:
            return f"{image.picture} of version {image.version}"
        try:
            png = self.service.render_image(image)
        except ServiceError as error:
            return f"{image.picture} of version {image.version}: no picture ({error.message})"
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
        return f"{image.picture}: {path}"

    def _time(self, ts: float | None) -> str:
        if ts is None:
            return "no deadline"
        left = ts - clock.timestamp()
        if left < 0:
            return f"{clock.format_time(ts)} (passed {clock.format_duration(-left)} ago)"
        return f"{clock.format_time(ts)} (in {clock.format_duration(left)})"

    def _deadline(self, status, waiting) -> str:
        """A waiting role's deadline; while it is paused the stored time is stale, so say why instead."""
        if status.status == "paused":
            return "clock stopped: the game is paused"
        if waiting.paused:
            return f"clock stopped: {waiting.user_name} is on vacation"
        return self._time(waiting.deadline)

    # ---- commands: players and games -------------------------------------------------------------
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
        game, scenario, options, deadlines, players, seating = args[0], None, {}, {}, None, None
        for word in args[1:]:
            if "=" not in word:
                if scenario is not None:
                    raise UsageError(f"'{word}': only one scenario; options are written KEY=VALUE.")
                scenario = word
                continue
            key, value = word.split("=", 1)
            if key == "players":
                if not _whole(value):
                    raise UsageError(f"players must be a number, not '{value[:40]}'.")
                players = int(value)
            elif key == "seating":
                seating = value
            elif key.startswith("deadline."):
                deadlines[key.removeprefix("deadline.")] = value
            else:
                options[key] = value
        status = self.service.create_game(game, channel=self.channel, creator_id=me, creator_name=me,
                                          scenario=scenario, options=options, players=players,
                                          deadlines=deadlines or None, seating=seating)
        self.game = status.game_id
        self.say(f"Game #{status.game_id} opened: {status.title} ({status.scenario}), "
                 f"{len(status.seats)} seats. You are its game master.")

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

    def cmd_leave(self, args: list[str]) -> None:
        self.service.leave(self._current(), self._me())
        self.say("You left your seat.")

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

    # ---- commands: playing -----------------------------------------------------------------------
    def cmd_status(self, args: list[str]) -> None:
        s = self.service.status(self._current())
        self.say(f"Game #{s.game_id}: {s.title} ({s.scenario}) — {s.status}, {s.turn_label}"
                 f"{f' / {s.phase}' if s.phase else ''}, version {s.version}. Game master: {s.gm}.")
        names = {seat.user_id: seat.user_name for seat in s.seats if seat.user_id}
        for seat in s.seats:
            asks = "".join(f"; {names.get(u, u)} asks to exchange seats with {seat.user_name}"
                           for u in seat.swap_requests)
            self.say(f"  seat {seat.seat}: {', '.join(seat.role_names)} — {seat.user_name or '(free)'}{asks}")
        for w in s.waiting:
            if w.committed:
                self.say(f"  {w.role_name} ({w.user_name}) has made a secret choice (may change it until the reveal)")
                continue
            self.say(f"  waiting for {w.role_name} ({w.user_name}), {w.kind}: {self._deadline(s, w)}")
        followers = self.service.spectators(s.game_id)
        if followers:
            self.say(f"  followed by: {', '.join(followers)}")
        if s.result:
            names = {role: name for seat in s.seats for role, name in zip(seat.roles, seat.role_names)}
            winners = ", ".join(names.get(w, w) for w in s.result.winners)
            self.say(f"  result: {winners or 'no winner'} — {s.result.reason}")

    def cmd_choices(self, args: list[str]) -> None:
        me = self._me()
        choices = self.service.choices(self._current(), me)
        if not choices:
            status = self.service.status(self._current())
            waiting = ", ".join(f"{w.role_name} ({w.user_name})" for w in status.waiting)
            self.say(f"Nothing for {me} to do now" + (f"; waiting for {waiting}." if waiting else f" ({status.status})."))
            return
        number = 0
        self.listed[(self._current(), me)] = [(rc.role, a.id, rc.version) for rc in choices for a in rc.actions]
        status = self.service.status(self._current()) if any(rc.paused for rc in choices) else None
        for rc in choices:
            if rc.paused:
                why = "the game is paused" if status.status == "paused" else f"{me} is on vacation"
                when = f"clock stopped: {why}"
            else:
                when = self._time(rc.deadline)
            self.say(f"{rc.role_name} — {rc.prompt} [{rc.kind}; {when}]")
            group = None
            for action in rc.actions:
                number += 1
                if action.group and action.group != group:
                    group = action.group
                    self.say(f"  {group}:")
                hint = f" — {action.hint}" if action.hint else ""
                self.say(f"    {number}. {action.label}  [{action.id}]{hint}")

    cmd_play = cmd_choices

    def cmd_do(self, args: list[str]) -> None:
        me, game = self._me(), self._current()
        if not args:
            raise UsageError("Usage: do N|ACTION_ID [ROLE]")
        choice, role = args[0], (self._role(args[1]) if len(args) > 1 else None)
        # the list this player was shown (by choices), else the current one: an order means what was seen
        shown = self.listed.get((game, me))
        version = None
        if _whole(choice):
            numbered = shown if shown is not None else [(rc.role, a.id, rc.version)
                                                        for rc in self.service.choices(game, me) for a in rc.actions]
            if not numbered:
                self.service.submit(game, me, "?", role=role)  # the precise reason (turn, seat, state)
            if not 1 <= int(choice) <= len(numbered):
                raise UsageError(f"Choose a number from 1 to {len(numbered)} (see choices).")
            numbered_role, choice, version = numbered[int(choice) - 1]
            role = role or numbered_role  # a role typed after the number must agree with it (service checks)
        elif shown is not None:  # an id from the list shown means it as shown; any other id is simply typed
            version = next((v for r, a, v in shown if a == choice and role in (None, r)), None)
        try:
            result = self.service.submit(game, me, choice, role=role, expected_version=version)
        except StaleVersion:  # the list shown is out of date (the service says so): forget it
            self.listed.pop((game, me), None)
            raise
        self.listed.pop((game, me), None)
        self.say(f"{me} ({result.role}): {result.label}" + (" (already recorded: that order was sent twice)."
                                                             if result.duplicate else "."))
        if result.duplicate:
            return
        for line in result.log:
            self.say(f"  {'(private) ' if line.private else ''}{line.text}")
        if result.automatic:
            self.say(f"  ({result.automatic} automatic pass(es) followed)")
        self.next_choices = self.show_next  # listed after the messages this order produced

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

    def cmd_talk(self, args: list[str]) -> None:
        if not args:
            raise UsageError("Usage: talk TEXT")
        others = self.service.say_in_talk(self._current(), self._me(), " ".join(args))
        self.say(f"Said privately to {', '.join(others) or 'nobody (you hold every role of this talk)'}.")

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

    def cmd_undo(self, args: list[str]) -> None:
        if len(args) > 1:
            raise UsageError("Usage: undo [ROLE]")
        result = self.service.undo(self._current(), self._me(), self._role(args[0]) if args else None)
        self.say(f"Taken back: {result.label}.")

    def cmd_view(self, args: list[str]) -> None:
        """A readable summary of the view (any game: its headline facts, and what this player sees that
        the public does not), with the map picture; `view json [full]` prints the raw view."""
        me = self._me()
        words = list(args)
        raw = "json" in words
        full = "full" in words
        if full and not raw:
            raise UsageError("Usage: view [ROLE|public] [json [full]]")
        words = [w for w in words if w not in ("json", "full")]
        if len(words) > 1:
            raise UsageError("Usage: view [ROLE|public] [json [full]]")
        game = self._current()
        public = bool(words) and words[0].lower() == "public"
        role = None if public or not words else self._role(words[0])
        view = self.service.view(game, None if public else me, role)
        if raw:
            shown = view if full else {k: v for k, v in view.items() if k != "map"}
            self.say(json.dumps(shown, indent=1, sort_keys=True))
            if not full and "map" in view:
                self.say("(the static board, key \"map\", is left out: view json full shows it)")
            return
        status = self.service.status(game)
        self.say(f"Game #{status.game_id}: {status.title} — {status.turn_label}"
                 f"{f' / {status.phase}' if status.phase else ''} ({status.status})")
        waiting = [f"{w.role_name} ({w.user_name})" for w in status.waiting if not w.committed]
        if waiting:
            self.say(f"  to act: {', '.join(waiting)}")
        if status.result:
            self.say(f"  result: {', '.join(status.result.winners) or 'no winner'} — {status.result.reason}")
        line = ""
        for fact in _facts(view):  # a few lines of headline facts, wrapped
            if line and len(line) + len(fact) > 96:
                self.say("  " + line)
                line = ""
            line = f"{line} · {fact}" if line else fact
        if line:
            self.say("  " + line)
        mine = [] if public else _private_lines(view, self.service.view(game, None))
        if mine:
            self.say("Only you see:")
            for line in mine:
                self.say(f"  {line}")
        elif not public and any(seat.user_id == me for seat in status.seats):
            self.say("(nothing that the public view does not show)")
        self._write_picture(game, None if public else me, self._main_picture(game), role,
                            "public" if public else me)
        for kind in self.service.picture_manifest(game):   # a picture that shows something now (a battle)
            if not kind.shows:
                continue
            try:
                png = self.service.picture(game, None if public else me, kind.id, role)
            except RenderUnavailable:
                png = None   # nothing to show now (or no renderer: said above)
            if png is not None:
                self._save_picture(game, png, kind.id, "public" if public else me)
                self.say(f"{kind.label} under way: see the {kind.id} picture above (again: map {kind.id}).")
        self.say("More: view json (the raw view), map, hand, log.")

    def cmd_hand(self, args: list[str]) -> None:
        me, game = self._me(), self._current()
        if not any(seat.user_id == me for seat in self.service.status(game).seats):
            raise NotYourSeat(f"{me} holds no seat in game #{game}, so has no hand; try view public.")
        mine = _private_lines(self.service.view(game, me), self.service.view(game, None))
        for line in mine or ["(nothing that the public view does not show)"]:
            self.say(line)
        for kind in self.service.picture_manifest(game):   # the private pictures (a hand)
            if kind.private:
                self.cmd_map([kind.id])

    def _write_picture(self, game: int, user: str | None, picture: str, role: str | None, who: str) -> None:
        try:
            png = self.service.picture(game, user, picture, role)
        except RenderUnavailable as error:
            self.say(f"(no picture: {error.message})")
            return
        self._save_picture(game, png, picture, who)

    def _save_picture(self, game: int, png: bytes, picture: str, who: str) -> None:
        version = self.service.status(game).version
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"game{game}-v{version}-{who}-{picture}.png"
        path.write_bytes(png)
        self.say(f"Wrote {path} ({len(png)} bytes).")

    def cmd_map(self, args: list[str]) -> None:
        me = self._me()
        public = "public" in args
        pictures = [a for a in args if a != "public"]
        if len(pictures) > 1:
            raise UsageError("Usage: map [PICTURE] [public]")
        picture = pictures[0] if pictures else self._main_picture(self._current())
        self._write_picture(self._current(), None if public else me, picture, None, "public" if public else me)

    def _main_picture(self, game: int) -> str:
        kinds = self.service.picture_manifest(game)
        return kinds[0].id if kinds else "map"

    def cmd_pictures(self, args: list[str]) -> None:
        """The game's picture kinds, from the renderer's manifest."""
        kinds = self.service.picture_manifest(self._current())
        if not kinds:
            self.say("(no pictures for this game)")
        for kind in kinds:
            notes = [n for n, on in (("private", kind.private), ("with every prompt", kind.with_prompt),
                                     (f"while the view shows {kind.shows}", kind.shows)) if on]
            params = ", ".join(f"{p.id}={'|'.join(p.choices) or '…'}" for p in kind.params)
            self.say(f"  {kind.id}: {kind.label}{f' ({params})' if params else ''}"
                     f"{' — ' + '; '.join(notes) if notes else ''}")

    def cmd_log(self, args: list[str]) -> None:
        if len(args) > 1 or (args and (not _whole(args[0]) or int(args[0]) < 1)):
            raise UsageError("Usage: log [N] (the last N lines, N at least 1; 20 when left out)")
        limit = int(args[0]) if args else 20
        lines = self.service.log(self._current(), self.user, limit)
        if not lines:   # an empty answer looked like a command that did nothing
            self.say(f"The log of game #{self._current()} is empty so far.")
        self._say_log(lines)

    def _say_log(self, lines) -> None:
        """Log lines under their turn headings (no internal numbers)."""
        game = self._current()
        turns = self.service.history(game, self.user) if self.service.status(game).status != "open" else []
        for heading, line in with_headings(lines, turns):
            if heading:
                self.say(f"  — {heading} —")
            self.say(f"    {'(private) ' if line.private else ''}{line.text}")

    def cmd_digest(self, args: list[str]) -> None:
        lines = self.service.digest(self._current(), self._me())
        self.say(f"{len(lines)} new line(s) since you last looked.")
        self._say_log(lines)

    def cmd_history(self, args: list[str]) -> None:
        if args:
            if not _whole(args[0]) or len(args) > 2 or (len(args) == 2 and args[1] != "json"):
                raise UsageError("Usage: history [TURN NUMBER [json]]")
            game = self._current()
            detail = self.service.history(game, self.user, int(args[0]))
            assert isinstance(detail, TurnDetail)
            self.say(f"Turn {detail.turn.index}: {detail.turn.turn_label} (after {detail.turn.pos} actions)")
            if len(args) == 2:  # the raw position, as the engine describes it to this reader
                self.say(json.dumps(detail.view, indent=1, sort_keys=True))
            else:  # the map at the start of that turn, as this reader may see it
                roles = [r for seat in self.service.status(game).seats if seat.user_id == self.user
                         for r in seat.roles]
                image = ImageRequest(game, detail.turn.version, detail.turn.pos, roles[0] if roles else None)
                self.say(f"  map at the start of the turn: {self._image_file(image)}")
            for line in detail.log:
                self.say(f"    {'(private) ' if line.private else ''}{line.text}")
            return
        for turn in self.service.history(self._current(), self.user):
            self.say(f"  {turn.index}. {turn.turn_label} ({turn.phase}) — after {turn.pos} actions, "
                     f"{clock.format_time(turn.at)}")

    def cmd_autopass(self, args: list[str]) -> None:
        if not args or args[0] not in ("on", "off"):
            raise UsageError("Usage: autopass on|off")
        self.service.set_autopass(self._current(), self._me(), args[0] == "on")
        self.say(f"Auto-pass in reaction windows is {args[0]}.")

    # ---- commands: slow play and admin -----------------------------------------------------------
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
            names = {r: n for seat in status.seats for r, n in zip(seat.roles, seat.role_names)}
            outcome = ("without a result" if what == "abort" else
                       f"with {', '.join(names.get(self._role(w), w) for w in rest)} as the winner" if rest
                       else "as a draw (no winner)")
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


class UsageError(ValueError):
    """A command was typed wrongly; the message shows the right form."""


_SKIPPED = ("map", "game", "role")


def _brief(value, width: int = 160) -> str:
    """A value of a view in a few words: names of named things, hidden things as "hidden"."""
    if isinstance(value, dict):
        if "name" in value and isinstance(value["name"], (str, int)):
            return str(value["name"])
        if value.get("hidden"):
            return "hidden"
        text = ", ".join(f"{k}: {_brief(v, width)}" for k, v in value.items() if v not in (None, [], {}))
    elif isinstance(value, list):
        text = ", ".join(_brief(v, width) for v in value) or "none"
    elif value is None:
        text = "—"
    else:
        text = str(value)
    return text if len(text) <= width else text[:width - 1] + "…"


def _facts(view: dict) -> list[str]:
    """The view's headline facts: its top-level plain values and short lists of plain values."""
    out = []
    for key, value in view.items():
        if key in _SKIPPED or value is None:
            continue
        if isinstance(value, (str, int, float)) and not isinstance(value, bool) and len(str(value)) <= 40:
            out.append(f"{key}: {value}")
        elif isinstance(value, list) and value and all(isinstance(v, (str, int)) for v in value) and len(value) <= 8:
            out.append(f"{key}: {', '.join(map(str, value))}")
    return out


def _private_lines(mine, public, path: str = "", limit: int = 40) -> list[str]:
    """Where a player's view differs from the public one (their hand, their hidden pieces...), one line
    per differing entry, for any game's view."""
    out: list[str] = []

    def walk(a, b, where):
        if len(out) >= limit or a == b:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for key in a:
                if not where and key in _SKIPPED:
                    continue
                walk(a[key], b.get(key), f"{where}.{key}" if where else str(key))
            return
        if a in (None, [], {}):
            return
        out.append(f"{where}: {_brief(a)}")
    walk(mine, public, path)
    return out


def _words(line: str) -> list[str]:
    """The words of a command line. ``#`` starts a comment, except in a game number such as ``#12``."""
    if line.lstrip().startswith("#") and not re.match(r"#\d+\b", line.lstrip()):
        return []
    words = shlex.split(line, comments=False)
    for i, word in enumerate(words):
        if word.startswith("#") and not re.fullmatch(r"#\d+", word):
            return words[:i]
    return words


def _whole(text: str) -> bool:
    """A whole number as a player types it: ASCII digits ("²" is not one), and within 64 bits."""
    return text.isascii() and text.isdigit() and len(text) <= 18


def _script_lines(path: Path, write: Callable[[str], None]) -> list[str] | None:
    """The lines of a script file, or None (the reason written) when it cannot be read as UTF-8 text."""
    if not path.exists():
        write(f"error [not_found]: no script file {path}")
        return None
    if path.is_dir():
        write(f"error [bad_input]: {path} is a folder, not a script file")
        return None
    try:
        data = path.read_bytes()
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        write(f"error [bad_input]: {path.name}:{line}: not UTF-8 text (byte {data[error.start]:#04x}); "
              "save the script as UTF-8")
    except OSError as error:
        write(f"error [bad_input]: cannot read {path} ({error.strerror or error})")
    return None


def _open_service(args, engines: Mapping[str, Engine] | None) -> tuple[TableService, Config]:
    config = load_config(getattr(args, "config", "config.toml"))
    db = args.db or config.local_database_path
    return TableService(db, config, engines=engines), config


def local_command(args, *, engines: Mapping[str, Engine] | None = None, stdin: TextIO | None = None,
                  write: Callable[[str], None] = print) -> int:
    """`herald local [--script FILE] [--db PATH] [--out DIR]`. The database defaults to the console's own
    ([database] local_path, herald-local.db), not the bot's."""
    try:
        service, _ = _open_service(args, engines)
    except ConfigError as error:
        write(f"error [config]: {error}")
        return 2
    except StorageError as error:
        write(f"error [database]: {error}")
        return 2
    console = Console(service, args.out, write)
    try:
        if args.script:
            lines = _script_lines(Path(args.script), write)
            if lines is None:
                return 2
            return console.run_script(lines, Path(args.script).name)
        return console.interact(stdin or sys.stdin)
    finally:
        service.close()


def _console_hint(config: Config, game_id: str) -> str:
    """When the game asked for is in the console's database: how to replay it there."""
    import sqlite3
    path = Path(config.local_database_path)
    number = str(game_id).removeprefix("#")
    if not path.exists() or not (number.isascii() and number.isdigit()) or int(number) >= 2 ** 63:
        return ""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            found = db.execute("SELECT 1 FROM games WHERE id = ?", [int(number)]).fetchone()
    except sqlite3.Error:
        return ""
    return (f". Game #{number} is in the console's database: herald replay {number} --db {path}"
            if found else "")


def replay_command(args, *, engines: Mapping[str, Engine] | None = None,
                   write: Callable[[str], None] = print) -> int:
    """`herald replay GAME_ID [--db PATH]`: rebuild a stored game from its log and check it (the bot's
    database by default; --db herald-local.db for a console game). Exit 0 when it matches."""
    try:
        config = load_config(getattr(args, "config", "config.toml"))
    except ConfigError as error:
        write(f"error [config]: {error}")
        return 2
    db = args.db or config.database_path
    hint = "" if args.db else _console_hint(config, args.game_id)
    if not Path(db).exists():
        write(f"error [not_found]: no database at {db}{hint}")
        return 2
    try:
        service = TableService(db, config, engines=engines, read_only=True)  # replay only reads
    except StorageError as error:
        write(f"error [database]: {error}")
        return 2
    try:
        report = service.replay(args.game_id)
    except ServiceError as error:
        write(f"error [{error.code}]: {error.message}{hint if error.code == 'not_found' else ''}")
        return 2
    finally:
        service.close()
    write(report.verdict())
    return 0 if report.ok else 1
