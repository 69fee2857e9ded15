"""`herald run`: the Discord client, its command tree, the outbox delivery loop and the deadline tick."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

import aiohttp
import discord
from discord import app_commands
from discord.ext import tasks

from bot.settle import settle

from .commands import build_tree
from .components import DYNAMIC_ITEMS
from .layer import Layer
from .replies import NO_MENTIONS, answer
from .settings import TOKEN_ENV, DiscordSettings, discord_settings, invite_url, no_token_help

log = logging.getLogger("herald.discord")


class HeraldClient(discord.AutoShardedClient):
    """A Discord client with Herald's commands. Default intents only: slash commands, buttons and
    menus arrive as interactions, which need no privileged intent (no message content, no members).

    Sharded: Discord refuses a single gateway connection past 2,500 servers, so the client opens as many
    shards as Discord recommends (``[discord] shard_count`` pins the number), all in this one process;
    everything else (the outbox, the tick, the database) is shared by the shards and needs no change."""

    def __init__(self, service, settings: DiscordSettings) -> None:
        # nothing Herald sends pings anyone unless a message says exactly whom (the "Now: …" posts)
        super().__init__(intents=discord.Intents.default(), application_id=settings.application_id,
                         allowed_mentions=NO_MENTIONS, shard_count=settings.shard_count)
        self.settings = settings
        self.service = service
        self.tree = app_commands.CommandTree(self)
        self.herald = Layer(service, self, settings)
        build_tree(self, self.herald, self.tree)
        self.tree.on_error = self._on_command_error
        self.delivery_loop = tasks.loop(seconds=settings.delivery_interval)(self._deliver)
        self.tick_loop = tasks.loop(seconds=settings.tick_interval)(self._tick)
        self.delivery_loop.error(self._loop_error)  # type: ignore[arg-type]
        self.tick_loop.error(self._loop_error)  # type: ignore[arg-type]
        # the loops send messages and look channels up in the cache: only once the gateway is ready
        self.delivery_loop.before_loop(self._wait_ready)
        self.tick_loop.before_loop(self._wait_ready)

    async def _wait_ready(self) -> None:
        await self.wait_until_ready()

    async def setup_hook(self) -> None:
        # buttons and menus of messages sent before a restart are re-resolved from their custom_id
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.settings.sync_commands:
            await self.sync_commands()
        self.delivery_loop.start()
        self.tick_loop.start()
        self._warming = asyncio.create_task(self._warm_pictures())

    async def _warm_pictures(self) -> None:
        """Build the renderer's board layers in a worker thread while the bot connects, then settle the
        memory (the active games' states loaded, then frozen: bot/settle.py)."""
        try:
            warmed = await asyncio.to_thread(self.service.warm_pictures)
            log.info("Pictures ready for: %s", ", ".join(warmed) or "no game")
        except Exception:  # only a speed-up: a failure here is logged, never fatal
            log.exception("Warming the renderer failed")
        try:   # the active games loaded and frozen out of the collector's full passes (bot/settle.py)
            done = await asyncio.to_thread(settle, self.service)
            log.info("Memory settled: %d games loaded, %d objects frozen in %.1f s", done["games"],
                     done["frozen"], done["seconds"])
        except Exception:
            log.exception("Settling the memory failed")

    async def sync_commands(self) -> bool:
        """Register the slash commands with Discord. A refusal is explained in the log (the bot keeps
        running: commands registered earlier still work); returns whether every sync succeeded."""
        ok = True
        if self.settings.guild_ids:
            # development: the commands only in these servers, where they appear at once (syncing
            # them globally as well would show every command twice there)
            for guild_id in self.settings.guild_ids:
                guild = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=guild)
                ok = await self._sync(guild) and ok
        else:
            ok = await self._sync(None)
        return ok

    async def _sync(self, guild: discord.abc.Snowflake | None) -> bool:
        where = f"server {guild.id}" if guild is not None else "Discord (global commands)"
        try:
            commands = await self.tree.sync(guild=guild)
            log.info("Registered %d slash commands in %s.", len(commands), where)
            return True
        except discord.Forbidden as error:
            hint = (f"Is Herald in server {guild.id}, invited with the scopes `bot applications.commands`? "
                    f"Invite it with {invite_url(self.application_id)} (or remove that id from [discord] "
                    "guild_ids)." if guild is not None else
                    "Check that the token belongs to this application.")
            log.error("Could not register the slash commands in %s: Discord answered %s %s (%s). %s",
                      where, error.status, error.text or "Forbidden", error.code, hint)
        except app_commands.CommandSyncFailure as error:
            log.error("Discord refused the slash commands for %s: %s", where, error)
        except discord.HTTPException as error:
            log.error("Could not register the slash commands in %s: %s. They are registered again at the "
                      "next start.", where, error)
        return False

    async def on_ready(self) -> None:
        log.info("Herald is connected as %s (%s) to %d server(s).", self.user, getattr(self.user, "id", "?"),
                 len(self.guilds))
        if self.application_id:
            log.info("Invite URL: %s", invite_url(self.application_id))

    async def close(self) -> None:
        self.delivery_loop.cancel()
        self.tick_loop.cancel()
        await super().close()

    async def _deliver(self) -> None:
        try:
            await self.herald.deliver_pending()
        except Exception:  # one bad round must not stop delivery for good; the outbox keeps the messages
            log.exception("Outbox delivery round failed; retrying at the next round")

    async def _tick(self) -> None:
        try:
            await self.herald.tick()
        except Exception:
            log.exception("Deadline tick failed; retrying at the next tick")
        await self._deliver()

    async def _loop_error(self, error: BaseException) -> None:  # pragma: no cover - logging only
        log.exception("Background loop stopped", exc_info=error)

    async def _on_command_error(self, interaction: discord.Interaction,
                                error: app_commands.AppCommandError) -> None:  # pragma: no cover
        log.exception("Command failed", exc_info=error)
        if isinstance(error, app_commands.CommandInvokeError):
            # the layer answers every failure of its own; this is a failure around it: claim nothing
            text = ("Something went wrong on Herald's side. `/game status` and `/play` show where the game "
                    "stands; please try again, or tell the game master.")
        else:  # the options could not be read (a bad value, a missing channel): the command did not run
            text = f"Herald could not run that command ({error}); nothing was done. Please check its options."
        try:
            await answer(interaction, text, ephemeral=True)
        except discord.HTTPException:
            pass


def run_command(args: argparse.Namespace) -> int:
    """Entry point of `herald run`; returns the exit code."""
    from bot.config import ConfigError, load_config

    config_path = getattr(args, "config", "config.toml")
    try:
        config = load_config(config_path)
        settings = discord_settings(config.raw.get("discord"))
    except (ConfigError, ValueError) as error:
        print(f"herald run: {error}", file=sys.stderr)
        return 2
    if not settings.token:
        # Not an error: nothing is broken, there is just no token yet. Exit 0 after the instructions, so
        # `make run` does not end with "make: *** Error 2" as if Herald had crashed. Real problems
        # (bad config, refused token, no network) exit with a non-zero status.
        print(no_token_help(config_path))
        return 0
    from bot import drawing
    from bot.service import TableService
    from bot.storage import StorageError

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        service = TableService(config.database_path, config)
    except StorageError as error:  # cannot open the database, or it was written by a newer Herald
        print(f"herald run: {' '.join(str(error).split())}", file=sys.stderr)
        return 5
    client = HeraldClient(service, settings)
    drawing.start_worker(drawing.processes_setting(config.raw.get("pictures")))
    try:
        client.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print("herald run: Discord refused the token. Copy a fresh one from the Developer Portal "
              f"(Bot > Reset Token) into {TOKEN_ENV} or [discord] token in {config_path}.",
              file=sys.stderr)
        return 3
    except discord.PrivilegedIntentsRequired:  # pragma: no cover - we ask for none
        print("herald run: Discord says a privileged intent is required; Herald uses none.", file=sys.stderr)
        return 3
    except (OSError, aiohttp.ClientError, asyncio.TimeoutError, discord.GatewayNotFound) as error:
        print(f"herald run: cannot reach Discord ({_describe(error)}). "
              "Check the network connection (and any proxy or firewall), then run it again.", file=sys.stderr)
        return 4
    except discord.HTTPException as error:
        print(f"herald run: Discord refused to start the bot: {error.status} {error.text or error}. "
              "Try again in a few minutes (https://discordstatus.com).", file=sys.stderr)
        return 4
    finally:
        drawing.stop_worker()
        service.close()
    return 0


def _describe(error: BaseException) -> str:
    try:
        text = str(error)
    except Exception:  # some connection errors cannot describe themselves
        text = ""
    return f"{error.__class__.__name__}: {text}" if text else f"{error.__class__.__name__} (timed out?)"


def main() -> int:  # pragma: no cover
    return run_command(argparse.Namespace(config="config.toml"))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
