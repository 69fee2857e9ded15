"""What the parts of the Discord layer share: constants, the refusals, and small helpers (choice
tokens, times, a view's private facts as text)."""

from __future__ import annotations

import contextvars
import hashlib
import json
import logging
import re
from typing import Any

import discord

from . import limits as L

log = logging.getLogger("herald.discord")

#: Discord error codes that no retry can cure: the message is given up and the game master told
PERMANENT_ERRORS = {10003: "Unknown Channel", 10013: "Unknown User", 50001: "Missing Access",
                    50013: "Missing Permissions"}
THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                discord.ChannelType.news_thread)

#: service calls that change something: a failure after one of them must not claim "nothing changed"
MUTATING = {"submit", "undo", "create_game", "join", "leave", "swap", "accept_swap", "decline_swap",
            "set_autopass", "set_standing", "start", "end", "abort", "pause", "resume", "replace_seat", "extend_deadline", "set_vacation", "spectate", "unspectate",
            "send", "change_settings"}
#: the mutating service calls made while handling the current interaction (see Layer._guarded)
_CHANGED: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("herald_changed", default=None)

#: an order reference offered by autocomplete when an action id is too long for it: n-th action of a role
#: at a game version ("#3", "#3:york", "#3:york:17")
ORDER_REF = re.compile(r"^#([0-9]{1,4})(?::([A-Za-z0-9_.-]{1,32}))?(?::([0-9]{1,12}))?$")
#: an order as autocomplete offers it: the version it was offered at, the role and the action id
#: ("@17:york:home:calais"), so the same pick sent twice is recognised as the same order
VERSIONED_ORDER = re.compile(r"^@([0-9]{1,12}):([A-Za-z0-9_.-]{1,32}):(\S.*)$")

HELP = """**Herald** hosts slow board games here, with every rule enforced.
• `/game new` creates a game in this channel (or a thread); others `/game join`; the game master `/game start`s.
  `/game swap` to a taken seat asks its player, who answers with `/game accept-swap` or `/game decline-swap`.
• When it is your move the channel mentions you once, with a **My choices** button, and you get a DM with your
  private map and your choices as buttons; `/play` shows them here too (only you see them), `/order` lets
  you type an order with suggestions, `/run` several answers to your own questions in one go.
• `/hand` shows your hand with each card's effect and your hidden pieces; `/view` the game in words beside your
  private map; only to you (`dm:True` sends them by DM). In a menu, each card's effect is under its name.
  `/map` posts the public map; `/log` the log you may read (🔒 lines are yours alone).
• `/undo` takes back your last order until something is revealed; `/deadline`, `/vacation` for slow play;
  `/game follow` to follow a game as a spectator.
• `/games` is the server's board: every game, whose move it is, who is late, seats to take. `/nudge` reminds
  the players a game waits for (once per step). `/game leave` after the start offers your seat to a substitute
  (`/sub ask` too, while you play on); anyone may `/sub volunteer`; the game master `/sub accept`s (or the
  players, by majority).
• Game masters (or anyone with Manage Server): `/admin replace-seat`, `extend-deadline`, `pause`, `resume`, `abort`,
  `lateness` (each player's late moves and missed deadlines), `substitutes` (who accepts substitutes);
  `/admin set` changes the game's deadlines, reaction window, policy, reminders or spectators.
• `/archive` gives you the whole game as one web page; `/replay-picture` posts its story as one animated map;
  `/results` lists the server's finished games and each player's standing.
Secret choices (card plays, bids) are made privately and announced only when everyone has chosen."""


#: user flag: the user was told (privately) that their DMs are closed
DM_CLOSED_FLAG = "discord:dm-closed-hint"
#: a delivery problem already reported to a game master is reported again after this many seconds
ALERT_AGAIN_AFTER = 7 * 86400

#: Seconds Herald relies on Discord to remember a nonce (Discord says "a few minutes"). A unit retried
#: later than this after its first attempt began may have been posted already: the destination's recent
#: messages are read to find out, instead of trusting the nonce.
NONCE_MEMORY = 120.0

STALE = "That choice is no longer current: the game has moved on. Here are your choices now."


class Refusal(Exception):
    """Something the Discord layer refuses (ambiguous game, not your seat...), with a message for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Undeliverable(Exception):
    """An outbox message that no retry can deliver (a private message addressed to a channel)."""


class NotDiscord(Undeliverable):
    """An outbox message addressed to a channel or user that is not Discord's (not a snowflake), such as
    the local console's channel "local": given up, never retried."""


def choice_token(rc: Any) -> str:
    """``<version>x<fingerprint>``: the game version the choices were shown at, and a short hash of the
    role's prompt and legal action ids. See :meth:`Layer._current` for how a click is matched."""
    digest = hashlib.sha1(json.dumps([rc.role, rc.prompt, [a.id for a in rc.actions]]).encode()).hexdigest()[:6]
    return f"{rc.version}x{digest}"


def _split_token(token: str) -> tuple[int, str]:
    version, _, digest = token.partition("x")
    return (int(version) if version.isascii() and version.isdigit() and len(version) <= 18 else -1), digest


def when(ts: float, relative: bool = True) -> str:
    """A time as a Discord timestamp: each reader sees it in their own time zone and language (a plain
    UTC time confuses players spread over the world); with ``relative``, "in 5 hours" after it."""
    stamp = int(ts)
    return f"<t:{stamp}:f> (<t:{stamp}:R>)" if relative else f"<t:{stamp}:f>"


def private_facts(mine: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """What a role's view shows beyond the public view (its hand, hidden blocks, its secret choice):
    within a mapping, only the entries that differ (a player's own hand, not every zone's count)."""
    out = {}
    for key, value in mine.items():
        other = public.get(key) if isinstance(public, dict) else None
        if other == value:
            continue
        if isinstance(value, dict) and isinstance(other, dict):
            value = private_facts(value, other)
            if not value:
                continue
        out[key] = value
    return out


def humanize(value: Any, depth: int = 0) -> str:
    """A view fragment as short readable text: things with a name by their name, lists joined by commas,
    mappings as "key: value" pairs."""
    if isinstance(value, dict):
        for key in ("name", "title", "label"):
            if isinstance(value.get(key), str):
                return value[key]
        if depth >= 2:
            return "…"
        parts = ((k, humanize(v, depth + 1)) for k, v in value.items() if v not in (None, [], {}, ""))
        return "; ".join(f"{k.replace('_', ' ')}: {text}" for k, text in parts if text)
    if isinstance(value, (list, tuple)):
        return ", ".join(humanize(v, depth + 1) for v in value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def format_sections(sections: list, limit: int = 1700) -> str:
    """A text view (Engine.describe) for one Discord message: whole sections, in order, while they fit;
    the headings of those left out are named at the end."""
    out: list[str] = []
    left: list[str] = []
    used = 0
    for section in sections:
        text = "\n".join([f"**{section.title}**", *section.lines])
        if left or used + len(text) + 1 > limit - 120:
            left.append(section.title)
            continue
        out.append(text)
        used += len(text) + 1
    if left:
        out.append(L.clip("*Not shown here (too long for one message; see the picture or the console):* "
                          + "; ".join(left) + ".", 118))
    return "\n".join(out)


def format_facts(facts: dict[str, Any], limit: int = 1500) -> str:
    """The private part of a view, for reading (the pictures show it properly when there are any)."""
    shown = ((key, humanize(value)) for key, value in facts.items() if key not in ("role",))
    lines = [f"**{key.replace('_', ' ')}**: {L.clip(text, 400)}" for key, text in shown if text]
    if not lines:   # nothing, or only empty things (no secret choice made yet)
        return "Nothing hidden from the others right now."
    return L.clip("\n".join(lines), limit)
