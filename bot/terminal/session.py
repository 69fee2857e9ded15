"""A console session: who is playing, the current game, running a command line or a script (with
its expectations), and printing the outbox's messages as they would be delivered."""

from __future__ import annotations

import re
import shlex
import traceback
from pathlib import Path
from typing import Callable, TextIO

from .. import clock
from ..config import ConfigError
from ..service import ServiceError, TableService


CHANNEL = "local"


class ScriptFailure(Exception):
    pass


class UsageError(ValueError):
    """A command was typed wrongly; the message shows the right form."""


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


class Session:
    """One terminal session over a :class:`TableService` (the commands are in the other parts
    of :class:`bot.console.Console`)."""

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
