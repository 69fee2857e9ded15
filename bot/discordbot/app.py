"""`herald run`: the Discord client, its command tree, the outbox delivery loop and the deadline tick."""

from __future__ import annotations

import argparse
import logging
import sys

import discord
from discord import app_commands
from discord.ext import tasks

from .commands import build_tree
from .components import DYNAMIC_ITEMS
from .layer import Layer
from .replies import answer
from .settings import TOKEN_ENV, DiscordSettings, discord_settings, invite_url, no_token_help

log = logging.getLogger("herald.discord")


class HeraldClient(discord.Client):
    """A ``discord.Client`` with Herald's commands. Default intents only: slash commands, buttons and
    menus arrive as interactions, which need no privileged intent (no message content, no members)."""

    def __init__(self, service, settings: DiscordSettings) -> None:
        super().__init__(intents=discord.Intents.default(), application_id=settings.application_id)
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

    async def setup_hook(self) -> None:
        # buttons and menus of messages sent before a restart are re-resolved from their custom_id
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.settings.sync_commands:
            if self.settings.guild_ids:
                # development: the commands only in these servers, where they appear at once (syncing
                # them globally as well would show every command twice there)
                for guild_id in self.settings.guild_ids:
                    guild = discord.Object(id=guild_id)
                    self.tree.copy_global_to(guild=guild)
                    await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        self.delivery_loop.start()
        self.tick_loop.start()

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
        try:
            await answer(interaction, "Something went wrong on Herald's side; the game is unchanged. "
                                      "Please try again, or tell the game master.", ephemeral=True)
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
        print(no_token_help(config_path), file=sys.stderr)
        return 2
    from bot.service import TableService

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    service = TableService(config.database_path, config)
    client = HeraldClient(service, settings)
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
    return 0


def main() -> int:  # pragma: no cover
    return run_command(argparse.Namespace(config="config.toml"))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
