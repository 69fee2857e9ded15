"""A game's own settings: its deadlines per kind of step, the reaction-window length, the deadline policy,
its reminder times and whether spectators may follow it. Given at creation (``/game new options:``, the
console's ``new … deadline.turn=1d``) and changed later by the game master (``/admin set``); the config
file keeps the server's defaults, which every setting not given here follows.

Stored in the game row's ``settings`` JSON: ``deadlines`` (raw overrides, as in config [deadlines]),
``reminders`` (seconds before a deadline, longest first) and ``spectators`` (a yes/no)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.wording import plural

from .. import clock
from ..config import POLICIES, ConfigError, parse_duration
from .records import BadOption, _Game, _dumps


@dataclass(frozen=True)
class Setting:
    """One setting as players name it: its key, what it is in words, values to suggest, and its short name
    (for the channel's notice of a change)."""

    key: str
    label: str
    suggestions: tuple[str, ...]
    noun: str


DURATIONS = ("12h", "1d", "2d", "3d", "1w", "none")
SETTINGS: tuple[Setting, ...] = (
    Setting("deadline.turn", "Deadline for a turn's orders", DURATIONS, "turn deadline"),
    Setting("deadline.secret", "Deadline for a secret choice (a card, a bid)", DURATIONS, "secret-choice deadline"),
    Setting("deadline.reaction", "Reaction window length (an interrupt others may answer)",
            ("1h", "6h", "12h", "1d", "none"), "reaction window"),
    Setting("deadline.negotiation", "Deadline to answer a proposed deal", DURATIONS, "negotiation deadline"),
    Setting("deadline.policy", "When a deadline passes: wait, default, substitute or robot", POLICIES,
            "deadline policy"),
    Setting("deadline.reaction_policy", "When a reaction window's deadline passes", POLICIES,
            "reaction-window policy"),
    Setting("deadline.robot_after", "Policy robot: missed deadlines before the computer stands in",
            ("1", "2", "3"), "missed deadlines before the computer stands in"),
    Setting("deadline.robot_level", "Policy robot: how strongly the computer plays",
            ("novice", "veteran", "random", "rival"), "computer player's level"),   # one the game lacks: its own
    Setting("reminders", "Reminders this long before a deadline (comma-separated)",
            ("1d,2h", "2h", "1d", "none"), "reminders"),
    Setting("spectators", "Whether anyone may follow the game as a spectator", ("on", "off"), "spectators"),
)
BY_KEY = {s.key: s for s in SETTINGS}
ON, OFF = ("on", "yes", "true", "1"), ("off", "no", "false", "0")
#: a reminder further ahead than this is refused (the tick looks this far ahead for every game)
LONGEST_REMINDER = 14 * 86400.0


def is_setting(key: str) -> bool:
    """Whether an option given at creation (``key=value``) is one of these settings, not a game option."""
    return key in BY_KEY or key.startswith("deadline.")


def checked(raw: dict[str, Any], base: dict[str, Any] | None = None, defaults: Any = None) -> dict[str, Any]:
    """``base`` (a game's stored settings) with the settings ``raw`` (key -> text) applied, each checked:
    BadOption naming the key and what it accepts. ``defaults``: the DeadlineSettings they override."""
    out = {"deadlines": dict((base or {}).get("deadlines") or {})}
    for name in ("reminders", "spectators"):
        if name in (base or {}):
            out[name] = base[name]
    for key, value in raw.items():
        text = str(value).strip()
        if key.startswith("deadline."):
            name = key.removeprefix("deadline.")
            if key not in BY_KEY and key != "deadline.substitute":
                raise BadOption(f"There is no setting '{key}'. Settings: {', '.join(BY_KEY)}.")
            out["deadlines"][name] = text
        elif key == "reminders":
            out["reminders"] = _reminders(text)
        elif key == "spectators":
            if text.lower() not in ON + OFF:
                raise BadOption(f"spectators: write on or off, not '{text[:40]}'.")
            out["spectators"] = text.lower() in ON
        else:
            raise BadOption(f"There is no setting '{key}'. Settings: {', '.join(BY_KEY)}.")
    if defaults is not None:
        try:
            defaults.merged(out["deadlines"], "deadline")
        except ConfigError as error:
            raise BadOption(str(error)) from None
    return out


def _reminders(text: str) -> list[float]:
    if text.lower() in ("none", "off", "0", ""):
        return []
    try:
        offsets = sorted({parse_duration(part, "reminders") for part in text.split(",") if part.strip()},
                         reverse=True)
    except ConfigError as error:
        raise BadOption(f"{error} (several: 1d,2h)") from None
    if any(o <= 0 or o > LONGEST_REMINDER for o in offsets):
        raise BadOption("reminders: each must be more than 0 and at most 14 days before the deadline "
                        "(for example 1d,2h), or none.")
    return offsets


def describe(settings: dict[str, Any], deadlines: Any, server_reminders: tuple[float, ...]) -> list[str]:
    """The game's settings in words, one line each, as shown on its status."""
    def span(seconds: float) -> str:
        return clock.format_duration(seconds) if seconds else "no deadline"
    reminders = reminders_of(settings, server_reminders)
    lines = [f"Deadlines: turn {span(deadlines.turn)}, secret choice {span(deadlines.secret)}, "
             f"negotiation {span(deadlines.negotiation)}",
             f"Reaction window: {span(deadlines.reaction)}",
             f"When a deadline passes: {POLICY_WORDS[deadlines.policy]}; in a reaction window: "
             f"{POLICY_WORDS[deadlines.reaction_policy]}"
             + (f" (after {deadlines.robot_after} missed, {deadlines.robot_level})"
                if "robot" in (deadlines.policy, deadlines.reaction_policy) else ""),
             "Reminders: " + (", ".join(clock.format_duration(r) for r in reminders) + " before"
                              if reminders else "none"),
             "Spectators: " + ("welcome" if spectators_allowed(settings) else "not allowed")]
    return lines


POLICY_WORDS = {"wait": "wait for the player", "default": "play the default",
                "substitute": "the substitute plays", "robot": "Herald's computer player stands in"}


def reminders_of(settings: dict[str, Any], server_reminders: tuple[float, ...]) -> tuple[float, ...]:
    """The game's reminder offsets (longest first): its own, or the server's."""
    own = settings.get("reminders")
    return tuple(own) if own is not None else tuple(server_reminders)


def spectators_allowed(settings: dict[str, Any]) -> bool:
    return bool(settings.get("spectators", True))


class SettingsMixin:
    """A game's settings (a part of :class:`bot.service.TableService`)."""

    def game_settings(self, game_id: int | str) -> list[str]:
        """The game's settings in words (its own, or the server's defaults), one line each."""
        with self._lock:
            game = self._game(game_id)
            return describe(game.settings, self._deadline_settings(game), self.config.reminders_before)

    def check_settings(self, game: str, raw: dict[str, str]) -> None:
        """Check the settings of a game about to be created (BadOption naming the bad one), creating nothing."""
        self._engine(game)
        checked(raw, None, self.config.deadlines_for(game))

    def change_settings(self, game_id: int | str, by: str, changes: dict[str, str],
                        actor_name: str | None = None) -> list[str]:
        """Change some of the game's settings (game master or admin); the channel is told. A deadline
        setting counts from the next step (a running deadline keeps its time: ``/admin extend-deadline``
        moves it); turning spectators off stops every follower's messages. Returns the settings in words."""
        if not changes:
            raise BadOption(f"Name a setting and its value, e.g. deadline.turn=1d. Settings: {', '.join(BY_KEY)}.")
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "change the game's settings")
            if game.status in ("finished", "aborted"):
                raise BadOption(f"Game #{game.id} is {game.status}: its settings no longer matter.")
            new = checked(changes, game.settings, self.config.deadlines_for(game.game))
            self.db.execute("UPDATE games SET settings = ? WHERE id = ?", [_dumps(new), game.id])
            game.settings = new
            dropped = 0
            if not spectators_allowed(new):
                dropped = self.db.execute("DELETE FROM spectators WHERE game_id = ?", [game.id]).rowcount
            said = ", ".join(f"{BY_KEY[k].noun if k in BY_KEY else k} → {v}" for k, v in changes.items())
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._acting(game, by, actor_name)} changes the settings of game #{game.id}: "
                                 f"{said}." + (f" ({plural(dropped, 'spectator')} no longer "
                                               f"{'follows' if dropped == 1 else 'follow'} it.)" if dropped else ""))
            return describe(new, self._deadline_settings(game), self.config.reminders_before)

    def _reminders_for(self, game: _Game) -> tuple[float, ...]:
        return reminders_of(game.settings, self.config.reminders_before)
