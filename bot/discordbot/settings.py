"""The ``[discord]`` section of config.toml (documented in config.example.toml), and the token lookup."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import discord

TOKEN_ENV = "HERALD_DISCORD_TOKEN"

#: What the bot needs in a game channel, and nothing more (least privilege): see the channel, post the
#: map, log and "whose move" messages there and in the threads it opens for games, attach the map
#: pictures, show link embeds (the /game status card), and open, fill and lock the private threads where
#: players of a negotiation talk (Create Private Threads; Manage Threads to remove a replaced player and
#: to lock the thread when the game closes the talk). Not asked for: Use Application Commands (a *member*
#: permission: it decides who may use slash commands, the bot needs none to receive them) and Read Message
#: History (Herald never reads messages).
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    manage_threads=True,
    embed_links=True,
    attach_files=True,
)
#: Names as Discord's server settings show them, with what each is for (README "Running on Discord").
PERMISSION_NAMES = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "create_public_threads": "Create Public Threads",
    "create_private_threads": "Create Private Threads",
    "manage_threads": "Manage Threads",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
}
SCOPES = ("bot", "applications.commands")
INVITE_PATTERN = ("https://discord.com/oauth2/authorize?client_id=YOUR_APPLICATION_ID"
                  f"&scope=bot+applications.commands&permissions={BOT_PERMISSIONS.value}")


def _seconds(value: Any, key: str) -> float:
    from bot.config import parse_duration

    return parse_duration(value, f"discord.{key}")


@dataclass(frozen=True)
class DiscordSettings:
    token: str = ""
    application_id: int | None = None
    #: guilds to copy the commands into at start-up (they appear at once there); empty: global only
    guild_ids: tuple[int, ...] = ()
    sync_commands: bool = True
    delivery_interval: float = 5.0
    tick_interval: float = 60.0
    #: attach the private map and hand picture to the "your move" direct message (the DM is always sent)
    dm_turn_map: bool = True
    delivery_batch: int = 25
    #: how many gateway shards this process opens (all of them; None: as many as Discord recommends)
    shard_count: int | None = None

    @property
    def invite_url(self) -> str:
        return invite_url(self.application_id)


def invite_url(application_id: int | None) -> str:
    """The invite URL for an application id (the pattern with a placeholder when unknown)."""
    if application_id:
        return discord.utils.oauth_url(application_id, permissions=BOT_PERMISSIONS, scopes=SCOPES)
    return INVITE_PATTERN


KNOWN_KEYS = {"token", "application_id", "guild_ids", "sync_commands", "delivery_interval", "delivery_batch",
              "tick_interval", "dm_turn_map", "shard_count"}
#: older names still read: ``dm_turn_prompts`` (it only ever decided whether the map is attached)
LEGACY_KEYS = {"dm_turn_prompts": "dm_turn_map"}


def discord_settings(raw: dict[str, Any] | None, environ: dict[str, str] | None = None) -> DiscordSettings:
    """Settings from the parsed ``[discord]`` table; the token from ``HERALD_DISCORD_TOKEN`` wins."""
    raw = dict(raw or {})
    for old, new in LEGACY_KEYS.items():
        if old in raw:
            raw.setdefault(new, raw.pop(old))
    unknown = sorted(set(raw) - KNOWN_KEYS)
    if unknown:
        from bot.config import ConfigError

        raise ConfigError(f"discord: unknown setting(s) {', '.join(unknown)} (known: {', '.join(sorted(KNOWN_KEYS))})")
    env = os.environ if environ is None else environ
    token = raw.get("token") or ""
    if not isinstance(token, str):
        _refuse("token", "expected the token as text in quotes (better: the HERALD_DISCORD_TOKEN variable)")
    token = (env.get(TOKEN_ENV) or token).strip()
    app_id = raw.get("application_id")
    guilds = raw.get("guild_ids", [])
    if not isinstance(guilds, list):
        _refuse("guild_ids", f"expected a list of server ids such as [\"123\"], not {str(guilds)[:40]!r}")
    return DiscordSettings(
        token=token,
        application_id=_snowflake(app_id, "application_id") if app_id not in (None, "", 0) else None,
        guild_ids=tuple(_snowflake(g, "guild_ids") for g in guilds),
        sync_commands=_flag(raw.get("sync_commands", True), "sync_commands"),
        delivery_interval=_at_least(raw.get("delivery_interval", "5s"), "delivery_interval", 1.0),
        tick_interval=_at_least(raw.get("tick_interval", "60s"), "tick_interval", 5.0),
        dm_turn_map=_flag(raw.get("dm_turn_map", True), "dm_turn_map"),
        delivery_batch=_count(raw.get("delivery_batch", 25), "delivery_batch", 1, 100),
        shard_count=(_count(raw["shard_count"], "shard_count", 1, 10_000)
                     if raw.get("shard_count") not in (None, 0) else None),
    )


def _refuse(key: str, why: str):
    from bot.config import ConfigError

    raise ConfigError(f"discord.{key}: {why}")


def _snowflake(value: Any, key: str) -> int:
    """A Discord id: a positive whole number below 2**64, as a number or in quotes."""
    text = str(value).strip()
    if isinstance(value, bool) or not (text.isascii() and text.isdigit()) or not 0 < int(text) < 2 ** 64:
        _refuse(key, f"{text[:40]!r} is not a Discord id (a number such as 123456789012345678)")
    return int(text)


def _flag(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        _refuse(key, f"expected true or false, not {str(value)[:40]!r}")
    return value


def _count(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _refuse(key, f"expected a whole number from {low} to {high}, not {str(value)[:40]!r}")
    return value


def _at_least(value: Any, key: str, low: float) -> float:
    seconds = _seconds(value, key)
    if seconds < low:
        _refuse(key, f"must be at least {low:g}s, not {str(value)[:40]!r}")
    return seconds


def no_token_help(config_path: str) -> str:
    return f"""Herald needs a Discord bot token to run, and none was found.

1. Create an application: https://discord.com/developers/applications > New Application.
2. In its "Bot" page, press "Reset Token" and copy the token. (No privileged intents are needed.)
3. Give the token to Herald, either
     export {TOKEN_ENV}=your-token          (recommended: keep secrets out of files)
   or in {config_path}:
     [discord]
     token = "your-token"
4. Invite the bot to your server (replace YOUR_APPLICATION_ID with the id on the "General Information" page):
     {INVITE_PATTERN}
5. Run `herald run` again (or `make run`).

(This is not an error: `herald run` exits with status 0 here because nothing failed, there is just no
token yet; a real problem, such as a refused token, exits with a non-zero status.)

README.md ("Running on Discord") explains each step. To play without Discord at all, use `herald local`
(or `make local`): the same games in the terminal, with maps written to files.
"""
