"""Answering interactions exactly once, and sending private things by DM with an ephemeral fallback."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from . import limits as L

log = logging.getLogger("herald.discord")

DM_HELP = ("I could not send you a direct message: your DMs are closed for this server. "
           "To receive your hand, private map and turn prompts by DM, open them in "
           "**Server name ▸ Privacy Settings ▸ Direct Messages** (turn it on). "
           "Until then nothing is lost: `/play`, `/hand`, `/view` and `/log` (your private log lines, marked 🔒) "
           "show the same things here, visible only to you.")

#: replies never ping anyone: a name or a reason containing "<@id>" or "@everyone" stays plain text
NO_MENTIONS = discord.AllowedMentions.none()


def png_file(data: bytes | None, filename: str = "map.png", limit: int = L.ATTACHMENT_MAX) -> discord.File | None:
    """A picture as an attachment; None without data or when it is over the upload ``limit`` (Discord
    would refuse the whole message)."""
    if not data:
        return None
    if len(data) > limit:
        log.warning("Picture %s not attached: %d bytes, over the %d-byte upload limit", filename, len(data), limit)
        return None
    return discord.File(io.BytesIO(data), filename=filename)


def too_big(data: bytes | None, limit: int = L.ATTACHMENT_MAX) -> bool:
    return bool(data) and len(data) > limit


def _kwargs(content: str | None, embed: discord.Embed | None, file: discord.File | None,
            view: discord.ui.View | None) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    if content:
        kwargs["content"] = L.clip_message(content)
    if embed is not None:
        kwargs["embed"] = L.fit_embed(embed)
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def answer(interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool = True,
                 embed: discord.Embed | None = None, file: discord.File | None = None,
                 view: discord.ui.View | None = None) -> None:
    """Reply to ``interaction``: the response when it has none yet, else a followup. (After a deferral
    the first followup takes the place of the "thinking…" message and keeps the deferral's visibility.)"""
    kwargs = _kwargs(content, embed, file, view)
    if not kwargs:
        kwargs["content"] = "Done."
    kwargs["allowed_mentions"] = NO_MENTIONS
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(ephemeral=ephemeral, **kwargs)


async def defer(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
    """Acknowledge now (within Discord's 3 seconds) when slow work follows."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def send_dm(user: Any, content: str | None = None, *, embed: discord.Embed | None = None,
                  file: discord.File | None = None, view: discord.ui.View | None = None) -> bool:
    """Send a DM; False when the user's DMs are closed (discord.Forbidden)."""
    try:
        await user.send(allowed_mentions=NO_MENTIONS, **_kwargs(content, embed, file, view))
        return True
    except discord.Forbidden:
        return False


async def send_private(interaction: discord.Interaction, content: str | None = None, *,
                       embed: discord.Embed | None = None, file_bytes: bytes | None = None,
                       filename: str = "map.png", view: discord.ui.View | None = None,
                       prefer_dm: bool = True) -> str:
    """Private content for the user behind ``interaction``: by DM when ``prefer_dm`` and the DMs are open
    (the interaction gets a short ephemeral note), else as an ephemeral reply that says how to open DMs
    (to that user only). Returns "dm" or "ephemeral". Used in a DM channel itself, it simply replies
    there."""
    if interaction.guild is None:
        await answer(interaction, content, ephemeral=False, embed=embed, file=png_file(file_bytes, filename), view=view)
        return "dm"
    if prefer_dm:
        if await send_dm(interaction.user, content, embed=embed, file=png_file(file_bytes, filename), view=view):
            await answer(interaction, "Sent to you by direct message.", ephemeral=True)
            return "dm"
        hint = f"*{DM_HELP}*"
        content = f"{L.clip_message(content, L.MESSAGE_CONTENT_MAX - len(hint) - 2)}\n\n{hint}" if content else hint
    await answer(interaction, content, ephemeral=True, embed=embed, file=png_file(file_bytes, filename), view=view)
    return "ephemeral"
