"""Settings from config.toml (see config.example.toml for every key). A missing file means defaults."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

POLICIES = ("wait", "default", "substitute", "robot")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


class ConfigError(ValueError):
    """A setting has a value Herald cannot use; the message names the key."""


#: The longest duration Herald accepts (ten years): a longer one would put a deadline past any date the
#: service can store and show (it would silently mean "no deadline").
MAX_DURATION = 3650 * 86400.0


def parse_duration(value: Any, key: str = "duration") -> float:
    """Seconds from '90s', '30m', '48h', '2d', '1w', '1d12h', a number of seconds, or 'none'/0 (= no limit).
    Negative, non-ASCII ("²") and absurdly long durations (over ten years) are refused."""
    if isinstance(value, bool):
        raise ConfigError(f"{key}: expected a duration such as '48h', not {value!r}")
    if isinstance(value, (int, float)):
        seconds = float(value)
    else:
        text = str(value).strip().lower().replace(" ", "")
        if text in ("none", "never", "off", "0", ""):
            return 0.0
        parts = re.findall(r"([0-9]{1,30}(?:\.[0-9]{1,6})?)([smhdw])", text, re.ASCII)
        if not parts or "".join(n + u for n, u in parts) != text:
            raise ConfigError(f"{key}: '{str(value)[:40]}' is not a duration; write e.g. 90s, 30m, 48h, 2d or 1d12h")
        seconds = float(sum(float(n) * _UNITS[u] for n, u in parts))
    if not 0 <= seconds <= MAX_DURATION:  # also NaN
        raise ConfigError(f"{key}: {str(value)[:40]} is not a duration from 0 to ten years (3650d)")
    return seconds


@dataclass(frozen=True)
class DeadlineSettings:
    """How long each kind of step may take (seconds; 0 = no deadline) and what happens when it passes."""

    turn: float = 2 * 86400
    secret: float = 2 * 86400
    reaction: float = 6 * 3600
    #: a binding deal another role proposed, to accept or refuse
    negotiation: float = 86400
    policy: str = "wait"            # wait | default | substitute | robot
    reaction_policy: str = "default"
    substitute: str = ""            # user id; empty means the game master
    #: policy "robot": Herald's computer player (this level) stands in after this many missed deadlines
    robot_after: int = 1
    robot_level: str = "veteran"

    def for_kind(self, kind: str) -> float:
        return {"turn": self.turn, "secret": self.secret, "reaction": self.reaction,
                "negotiation": self.negotiation}.get(kind, self.turn)

    def policy_for(self, kind: str) -> str:
        return self.reaction_policy if kind == "reaction" else self.policy

    def merged(self, overrides: dict[str, Any] | None, where: str = "deadlines") -> "DeadlineSettings":
        """These settings with ``overrides`` (raw values from TOML or a command) applied and checked."""
        if not overrides:
            return self
        changes: dict[str, Any] = {}
        for key, value in overrides.items():
            if key in ("turn", "secret", "reaction", "negotiation"):
                changes[key] = parse_duration(value, f"{where}.{key}")
            elif key in ("policy", "reaction_policy"):
                if value not in POLICIES:
                    raise ConfigError(f"{where}.{key}: '{value}' is not one of {', '.join(POLICIES)}")
                changes[key] = value
            elif key == "substitute":
                changes[key] = str(value or "")
            elif key == "robot_after":
                try:
                    changes[key] = int(value)
                except (TypeError, ValueError):
                    changes[key] = 0
                if not 1 <= changes[key] <= 100:
                    raise ConfigError(f"{where}.robot_after: '{value}' is not a number of deadlines from 1 to 100")
            elif key == "robot_level":
                changes[key] = str(value)
            else:
                raise ConfigError(f"{where}: unknown setting '{key}' (known: turn, secret, reaction, "
                                  "negotiation, policy, reaction_policy, substitute, robot_after, robot_level)")
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "secret": self.secret, "reaction": self.reaction,
                "negotiation": self.negotiation, "policy": self.policy,
                "reaction_policy": self.reaction_policy, "substitute": self.substitute,
                "robot_after": self.robot_after, "robot_level": self.robot_level}


#: The sections of config.toml and the keys each may hold ([discord] is checked by bot/discordbot,
#: [email] by bot/mail/settings.py).
SECTIONS: dict[str, tuple[str, ...] | None] = {
    "database": ("path", "local_path"),
    "deadlines": ("turn", "secret", "reaction", "negotiation", "policy", "reaction_policy", "substitute",
                  "robot_after", "robot_level"),
    "reminders": ("before",),
    "outbox": ("backoff_base", "backoff_max", "max_attempts", "keep_delivered"),
    "admin": ("users",),
    "service": ("state_cache_games",),
    "engines": ("modules",),
    "pictures": ("processes",),
    "discord": None,
    "email": None,
}


def _check_sections(raw: dict[str, Any]) -> None:
    """Refuse a misspelt section or key instead of silently ignoring it (the defaults would apply)."""
    sections = ", ".join(f"[{n}]" for n in SECTIONS)
    for name, value in raw.items():
        if name not in SECTIONS:
            if isinstance(value, dict):
                raise ConfigError(f"unknown section [{name}] (known sections: {sections})")
            raise ConfigError(f"unknown setting '{name}' outside any section (settings belong in one of: "
                              f"{sections})")
        if not isinstance(value, dict):
            raise ConfigError(f"'{name}' must be a section ([{name}] followed by its settings), not a value")
        known = SECTIONS[name]
        if known is None or name == "deadlines":  # [deadlines] is checked key by key (with [deadlines.GAME])
            continue
        unknown = sorted(set(value) - set(known))
        if unknown:
            raise ConfigError(f"{name}: unknown setting(s) {', '.join(unknown)} (known: {', '.join(known)})")


def _int(value: Any, key: str, minimum: int = 0, maximum: int = 10**9) -> int:
    text = str(value).strip()
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not (text.isascii() and text.isdigit()) \
            or not minimum <= int(text) <= maximum:
        raise ConfigError(f"{key}: expected a whole number from {minimum} to {maximum}, not {str(value)[:40]!r}")
    return int(text)


@dataclass(frozen=True)
class Config:
    database_path: str = "herald.db"
    #: the database of `herald local` (the console), kept apart from the bot's so that the console never
    #: delivers (and so swallows) the bot's messages
    local_database_path: str = "herald-local.db"
    deadlines: DeadlineSettings = field(default_factory=DeadlineSettings)
    #: game id -> raw [deadlines.<game>] overrides
    game_deadlines: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: send a reminder this many seconds before a deadline (one per entry)
    reminders_before: tuple[float, ...] = (86400.0, 7200.0)
    outbox_max_attempts: int = 0        # 0 = retry for ever
    outbox_backoff_base: float = 5.0
    outbox_backoff_max: float = 3600.0
    #: delivered outbox messages are deleted this long after delivery (0 = kept for ever)
    outbox_keep_delivered: float = 14 * 86400.0
    admins: tuple[str, ...] = ()
    #: extra engines outside the registry: game id -> module with ENGINE (development and tests)
    engine_modules: dict[str, str] = field(default_factory=dict)
    state_cache_games: int = 2000
    raw: dict[str, Any] = field(default_factory=dict)

    def deadlines_for(self, game: str) -> DeadlineSettings:
        return self.deadlines.merged(self.game_deadlines.get(game), f"deadlines.{game}")


def config_from_dict(raw: dict[str, Any]) -> Config:
    """Build (and check) a :class:`Config` from parsed TOML."""
    _check_sections(raw)
    from .drawing import processes_setting
    try:
        processes_setting(raw.get("pictures"))   # checked at start, read by the bot and the mail
    except ValueError as error:
        raise ConfigError(str(error)) from None
    database = raw.get("database", {})
    deadlines_raw = dict(raw.get("deadlines", {}))
    per_game = {k: v for k, v in deadlines_raw.items() if isinstance(v, dict)}
    base = {k: v for k, v in deadlines_raw.items() if not isinstance(v, dict)}
    deadlines = DeadlineSettings().merged(base)
    engines = raw.get("engines", {})
    if not isinstance(engines.get("modules", {}), dict):
        raise ConfigError("engines.modules: expected a table such as { duel = \"tests.support.duel\" }")
    from rules.core import registry
    games = [*registry.game_ids(), *(str(g) for g in engines.get("modules", {}) if str(g) not in registry.game_ids())]
    for game, overrides in per_game.items():
        if game not in games:   # a misspelt game would have its deadlines silently ignored
            raise ConfigError(f"[deadlines.{game}]: there is no game '{game}' (games: {', '.join(games)})")
        deadlines.merged(overrides, f"deadlines.{game}")  # check now, not at the first game
    reminders = raw.get("reminders", {})
    before = reminders.get("before", ["1d", "2h"])
    if not isinstance(before, list):
        raise ConfigError("reminders.before: expected a list such as [\"1d\", \"2h\"]")
    outbox = raw.get("outbox", {})
    admin = raw.get("admin", {})
    if not isinstance(admin.get("users", []), list):
        raise ConfigError("admin.users: expected a list of user ids such as [\"123\"]")
    service = raw.get("service", {})
    backoff_base = parse_duration(outbox.get("backoff_base", "5s"), "outbox.backoff_base")
    backoff_max = parse_duration(outbox.get("backoff_max", "1h"), "outbox.backoff_max")
    if backoff_base <= 0:
        raise ConfigError("outbox.backoff_base: must be longer than 0 (a failed delivery would be retried at once, "
                          "for ever); e.g. 5s")
    if backoff_max < backoff_base:
        raise ConfigError(f"outbox.backoff_max: must be at least outbox.backoff_base ({backoff_base:g}s)")
    modules = {str(k): str(v) for k, v in engines.get("modules", {}).items()}
    for game, module in modules.items():
        _check_engine_module(game, module)
    if "discord" in raw:  # checked here too, so a malformed [discord] is refused even without a token
        from bot.discordbot.settings import discord_settings
        discord_settings(raw["discord"], environ={})
    if "email" in raw:  # checked now, so a broken [email] is refused by every command
        from .mail.settings import mail_settings
        mail_settings(raw["email"], environ={}, require_servers=False)
    return Config(
        database_path=str(database.get("path", "herald.db")),
        local_database_path=str(database.get("local_path", "herald-local.db")),
        deadlines=deadlines,
        game_deadlines=per_game,
        reminders_before=tuple(sorted((parse_duration(b, "reminders.before") for b in before), reverse=True)),
        outbox_max_attempts=_int(outbox.get("max_attempts", 0), "outbox.max_attempts"),
        outbox_backoff_base=backoff_base,
        outbox_backoff_max=backoff_max,
        outbox_keep_delivered=parse_duration(outbox.get("keep_delivered", "14d"), "outbox.keep_delivered"),
        admins=tuple(str(a) for a in admin.get("users", [])),
        engine_modules=modules,
        state_cache_games=_int(service.get("state_cache_games", 2000), "service.state_cache_games", 1),
        raw=raw,
    )


def _check_engine_module(game: str, module: str) -> None:
    """An [engines] module must exist and hold an ENGINE (refused at start, not at the first game)."""
    import importlib
    import os
    import sys

    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*", module):
        raise ConfigError(f"engines.modules.{game}: '{module[:80]}' is not a Python module name")
    if os.getcwd() not in sys.path:  # as the service imports it (bot.service._import_engine)
        sys.path.append(os.getcwd())
    try:
        loaded = importlib.import_module(module)
    except Exception as error:
        raise ConfigError(f"engines.modules.{game}: cannot import {module} ({type(error).__name__}: "
                          f"{' '.join(str(error).split())[:160]})") from None
    if not hasattr(loaded, "ENGINE"):
        raise ConfigError(f"engines.modules.{game}: the module {module} has no ENGINE")


def load_config(path: str | Path | None = "config.toml") -> Config:
    """Read ``path``; a missing file gives the defaults. A malformed or unreadable file raises
    :class:`ConfigError` (one line, naming the file)."""
    if path is None or not Path(path).exists():
        return Config()
    if Path(path).is_dir():
        raise ConfigError(f"{path} is a folder, not a settings file")
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: not UTF-8 text (byte {data[error.start]:#04x} at offset {error.start}); "
                          "save it as UTF-8") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot be read ({error.strerror or error})") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: {error}") from None
    return config_from_dict(raw)


def command_config(args, write) -> Config | None:
    """The config a command-line tool names (``--config``, else config.toml), or None after telling
    ``write`` why it cannot be read (the tools then exit 2)."""
    try:
        return load_config(getattr(args, "config", "config.toml"))
    except ConfigError as error:
        write(f"error [config]: {error}")
        return None
