"""A fake Discord for the Discord layer's tests: interactions, users, channels and a client that record
every outgoing message with where it went (a public channel, a DM, or an ephemeral reply) and check that
every interaction is answered exactly once (a response, or a defer followed by followups), as Discord
requires. No network, no real gateway: discord.py's data classes (Embed, File, View) are used as-is.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

_ids = itertools.count(10_000)


#: every call the layer made on a fake: (the real discord.py method it stands for, args, kwargs);
#: test_signatures.py binds each to the real method's signature, so the fakes cannot hide a mismatch
CALLS: list[tuple[str, tuple, dict]] = []


def stands_for(real: str):
    """Record each call of the decorated fake method as a call of ``real`` (a dotted discord.py path)."""
    def wrap(fn):
        async def recorded(self, *args, **kwargs):
            CALLS.append((real, args, dict(kwargs)))
            return await fn(self, *args, **kwargs)
        recorded.__name__ = fn.__name__
        recorded.__doc__ = fn.__doc__
        return recorded
    return wrap


def _forbidden(text: str = "Cannot send messages to this user", code: int = 50007) -> discord.Forbidden:
    response = SimpleNamespace(status=403, reason="Forbidden")
    return discord.Forbidden(response, {"code": code, "message": text})


def _not_found(text: str, code: int) -> discord.NotFound:
    return discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), {"code": code, "message": text})


@dataclass
class Sent:
    """One outgoing message. ``where`` is "channel" (public), "dm" or "ephemeral"; ``target`` is the
    channel id for "channel" and the user id otherwise."""

    where: str
    target: int
    content: str | None = None
    embeds: list[dict] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    via: str = "send"
    interaction: int | None = None
    edit: bool = False
    allowed_mentions: discord.AllowedMentions | None = None

    def file_bytes(self) -> list[bytes]:
        return [f.fp.getvalue() for f in self.files]

    def pinged(self) -> set[int]:
        """User ids this message may ping: those mentioned in its text that its allowed_mentions permit
        (discord.py merges it with the client's default, which Herald sets to "nobody")."""
        am = self.allowed_mentions
        if am is None or am.users is False:
            return set()
        mentioned = {int(x) for x in re.findall(r"<@!?(\d+)>", self.text())}
        if am.users is True:
            return mentioned
        return mentioned & {int(u.id) for u in am.users}

    def text(self) -> str:
        """Everything a reader can see as text: content, embeds, component labels and option texts."""
        parts = [self.content or ""]
        parts += [json.dumps(e, ensure_ascii=False) for e in self.embeds]
        if self.view is not None:
            parts.append(json.dumps(self.view.to_components(), ensure_ascii=False))
        parts += [f.filename or "" for f in self.files]
        return "\n".join(parts)

    def custom_ids(self) -> list[str]:
        if self.view is None:
            return []
        return [c["custom_id"] for row in self.view.to_components() for c in row["components"] if "custom_id" in c]


class Recorder:
    def __init__(self) -> None:
        self.sent: list[Sent] = []

    def add(self, sent: Sent) -> Sent:
        self.sent.append(sent)
        return sent

    def public(self) -> list[Sent]:
        return [s for s in self.sent if s.where == "channel"]

    def private(self) -> list[Sent]:
        return [s for s in self.sent if s.where != "channel"]

    def to_user(self, user_id: int) -> list[Sent]:
        return [s for s in self.sent if s.where != "channel" and s.target == user_id]

    def clear(self) -> None:
        self.sent.clear()


def _payload(content=None, *, embed=None, embeds=None, file=None, files=None, view=None, allowed_mentions=None,
             **_):
    """What Discord would accept, checked: at most 2000 characters, embeds within their limits, files
    within the upload limit, a view within the component limits, something to show."""
    from bot.discordbot import limits as L

    assert embed is None or embeds is None, "both embed and embeds"
    assert file is None or files is None, "both file and files"
    all_embeds = ([embed] if embed is not None else []) + list(embeds or [])
    all_files = ([file] if file is not None else []) + list(files or [])
    assert len(all_embeds) <= 10 and len(all_files) <= 10
    for e in all_embeds:
        assert isinstance(e, discord.Embed), e
        assert L.embed_problems(e) == [], L.embed_problems(e)
    total = 0
    for f in all_files:
        assert isinstance(f, discord.File), f
        size = len(f.fp.getvalue())
        total += size
        assert size <= L.ATTACHMENT_MAX, f"attachment of {size} bytes"
    assert total <= L.ATTACHMENT_MAX, f"attachments of {total} bytes in all"
    if view is not None:
        assert isinstance(view, discord.ui.View), view
        assert L.view_problems(view) == [], L.view_problems(view)
    if content is not None:
        assert len(str(content)) <= 2000, f"message over 2000 characters: {len(str(content))}"
    assert (content is not None and str(content).strip()) or all_embeds or all_files, "an empty message"
    if allowed_mentions is not None:
        assert isinstance(allowed_mentions, discord.AllowedMentions), allowed_mentions
    return dict(content=None if content is None else str(content), embeds=[e.to_dict() for e in all_embeds],
                files=all_files, view=view, allowed_mentions=allowed_mentions)


class FakeMessage:
    def __init__(self, sent: Sent, channel: Any = None) -> None:
        self.id = next(_ids)
        self.sent = sent
        self.channel = channel
        self.jump_url = f"https://discord.com/channels/0/0/{self.id}"

    async def edit(self, **kwargs):
        return self


class FakeUser:
    def __init__(self, recorder: Recorder, user_id: int, name: str, dm_open: bool = True, manage_guild: bool = False):
        self.recorder = recorder
        self.id = user_id
        self.name = name
        self.display_name = name.title()
        self.global_name = self.display_name
        self.mention = f"<@{user_id}>"
        self.bot = False
        self.dm_open = dm_open
        self.guild_permissions = discord.Permissions(manage_guild=manage_guild)

    def __str__(self) -> str:
        return self.name

    @stands_for("discord.abc.Messageable.send")
    async def send(self, content=None, **kwargs):
        if not self.dm_open:
            raise _forbidden()
        sent = self.recorder.add(Sent("dm", self.id, **_payload(content, **kwargs)))
        return FakeMessage(sent)

    async def create_dm(self):
        return self


class FakeGuild:
    def __init__(self, guild_id: int = 1, name: str = "Test Guild"):
        self.id = guild_id
        self.name = name
        self.me = SimpleNamespace(id=999, bot=True)  # Herald's own member


class FakeChannel:
    """A text channel (or, with ``type``, an announcement channel or a thread). ``hidden_from``: users
    who cannot see it; ``bot_permissions``: what Herald may do in it; ``error_code``: a Discord error
    every send raises (10003 Unknown Channel, 50013 Missing Permissions...)."""

    def __init__(self, recorder: Recorder, channel_id: int, guild: FakeGuild | None, name: str = "games",
                 type: discord.ChannelType = discord.ChannelType.text):
        from bot.discordbot.settings import BOT_PERMISSIONS

        self.recorder = recorder
        self.id = channel_id
        self.guild = guild
        self.name = name
        self.type = type
        self.mention = f"<#{channel_id}>"
        self.threads: list[FakeChannel] = []
        self.hidden_from: set[int] = set()
        self.bot_permissions = discord.Permissions(BOT_PERMISSIONS.value)
        self.error_code: int | None = None
        self.deleted = False

    def permissions_for(self, member) -> discord.Permissions:
        if getattr(member, "id", None) == 999:
            return discord.Permissions(self.bot_permissions.value)
        if getattr(member, "id", None) in self.hidden_from:
            return discord.Permissions.none()
        return discord.Permissions(view_channel=True, send_messages=True, read_message_history=True)

    @stands_for("discord.abc.Messageable.send")
    async def send(self, content=None, **kwargs):
        if self.error_code in (10003,):
            raise _not_found("Unknown Channel", 10003)
        if self.error_code in (50001, 50013):
            raise _forbidden("Missing Permissions" if self.error_code == 50013 else "Missing Access",
                             self.error_code)
        sent = self.recorder.add(Sent("channel", self.id, **_payload(content, **kwargs)))
        return FakeMessage(sent, self)

    @stands_for("discord.TextChannel.create_thread")
    async def create_thread(self, *, name: str, type: discord.ChannelType | None = None, **kwargs):
        assert len(name) <= 100
        if self.type == discord.ChannelType.news:
            assert type == discord.ChannelType.news_thread, f"{type} in an announcement channel"
        elif type == discord.ChannelType.private_thread:
            assert self.type == discord.ChannelType.text, "a private thread opens only in a text channel"
            assert self.bot_permissions.create_private_threads, "Create Private Threads is needed"
        else:
            assert type == discord.ChannelType.public_thread, type
        thread = FakeChannel(self.recorder, next(_ids), self.guild, name, type=type)
        thread.parent = self
        thread.parent_id = self.id
        thread.invitable = kwargs.get("invitable", True)
        if type == discord.ChannelType.private_thread:
            thread.members = {999}   # Herald, its creator; the others only once added
        self.threads.append(thread)
        return thread

    # ---- a thread's members and state (private negotiation threads) -----------------------------
    members: set[int] | None = None
    locked = False
    archived = False

    def permissions_for_thread(self, member) -> bool:
        """Whether ``member`` can read this thread: a private thread's members only."""
        return self.members is None or getattr(member, "id", None) in self.members

    @stands_for("discord.Thread.add_user")
    async def add_user(self, user, /):
        assert self.type == discord.ChannelType.private_thread and not self.archived
        self.members.add(int(user.id))

    @stands_for("discord.Thread.remove_user")
    async def remove_user(self, user, /):
        assert self.parent.bot_permissions.manage_threads, "Manage Threads is needed to remove a member"
        self.members.discard(int(user.id))

    @stands_for("discord.Thread.fetch_members")
    async def fetch_members(self):
        return [SimpleNamespace(id=m, thread_id=self.id) for m in sorted(self.members or ())]

    @stands_for("discord.Thread.edit")
    async def edit(self, *, archived=None, locked=None, reason=None, **kwargs):
        if locked is not None:
            assert self.parent.bot_permissions.manage_threads, "Manage Threads is needed to lock a thread"
            self.locked = locked
        if archived is not None:
            self.archived = archived
        return self

    @stands_for("discord.Thread.delete")
    async def delete(self, *, reason=None):
        self.deleted = True


class InteractionError(AssertionError):
    pass


class FakeResponse:
    def __init__(self, interaction: "FakeInteraction") -> None:
        self.i = interaction
        self.kind: str | None = None      # "message" | "defer" | "edit" | "autocomplete"
        self.deferred_ephemeral = False
        self.calls = 0

    def is_done(self) -> bool:
        return self.kind is not None

    def _claim(self, kind: str) -> None:
        self.calls += 1
        if self.kind is not None:
            raise InteractionError(f"interaction {self.i.id} answered twice ({self.kind}, then {kind})")
        self.kind = kind

    @stands_for("discord.InteractionResponse.defer")
    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._claim("defer")
        self.deferred_ephemeral = ephemeral
        # discord.py: a command's deferral always shows "thinking…"; a component's only with thinking=True
        # (else it is a deferred update of the clicked message)
        self.i.deferred_thinking = thinking or self.i.type != "component"
        self.i.thinking_shown = self.i.deferred_thinking

    @stands_for("discord.InteractionResponse.send_message")
    async def send_message(self, content=None, *, ephemeral: bool = False, **kwargs) -> None:
        self._claim("message")
        self.i._record(ephemeral, "response", content, **kwargs)

    @stands_for("discord.InteractionResponse.edit_message")
    async def edit_message(self, content=None, **kwargs) -> None:
        self._claim("edit")
        assert self.i.message is not None, "edit_message without a message"
        sent = self.i._record(self.i.message_ephemeral, "edit", content, **kwargs)
        sent.edit = True

    @stands_for("discord.InteractionResponse.autocomplete")
    async def autocomplete(self, choices) -> None:
        self._claim("autocomplete")
        assert len(choices) <= 25, f"{len(choices)} autocomplete choices"
        for c in choices:
            assert 1 <= len(c.name) <= 100 and len(str(c.value)) <= 100, c
        self.i.autocomplete_choices = list(choices)


class FakeFollowup:
    def __init__(self, interaction: "FakeInteraction") -> None:
        self.i = interaction

    @stands_for("discord.Webhook.send")
    async def send(self, content=None, *, ephemeral: bool = False, wait: bool = False, **kwargs):
        r = self.i.response
        if r.kind not in ("defer", "message", "edit"):
            raise InteractionError(f"followup on interaction {self.i.id} before any response")
        if r.kind == "defer" and not self.i.followups and self.i.deferred_thinking:
            ephemeral = r.deferred_ephemeral   # the first followup replaces the "thinking…" message
        sent = self.i._record(ephemeral, "followup", content, **kwargs)
        self.i.followups.append(sent)
        return FakeMessage(sent)


class FakeInteraction:
    """Enough of ``discord.Interaction`` for the Discord layer; ``type`` is "command", "component" or
    "autocomplete"."""

    def __init__(self, client: "FakeClient", user: FakeUser, channel: FakeChannel | None, *, type: str = "command",
                 data: dict | None = None, namespace: dict | None = None, message: Any = None,
                 message_ephemeral: bool = False) -> None:
        self.id = next(_ids)
        self.client = client
        self.user = user
        self.channel = channel if channel is not None else user  # a DM: the channel is the user's DM
        self.channel_id = channel.id if channel is not None else user.id + 1
        self.guild = channel.guild if channel is not None else None
        self.guild_id = self.guild.id if self.guild is not None else None
        self.type = type
        self.data = data or {}
        self.namespace = SimpleNamespace(**(namespace or {}))
        self.message = message
        self.message_ephemeral = message_ephemeral
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
        self.followups: list[Sent] = []
        self.deferred_thinking = False
        self.thinking_shown = False
        self.autocomplete_choices: list = []
        from bot.discordbot.settings import BOT_PERMISSIONS

        self.app_permissions = (channel.bot_permissions if isinstance(channel, FakeChannel)
                                else discord.Permissions(BOT_PERMISSIONS.value))
        self.recorded: list[Sent] = []
        client.interactions.append(self)

    def _record(self, ephemeral: bool, via: str, content=None, **kwargs) -> Sent:
        if ephemeral:
            where, target = "ephemeral", self.user.id
        elif self.guild is None:
            where, target = "dm", self.user.id
        else:
            where, target = "channel", self.channel.id
        sent = self.client.recorder.add(Sent(where, target, via=via, interaction=self.id, **_payload(content, **kwargs)))
        self.recorded.append(sent)
        return sent

    @stands_for("discord.Interaction.edit_original_response")
    async def edit_original_response(self, *, content=None, **kwargs):
        r = self.response
        if r.kind is None:
            raise InteractionError(f"edit_original_response on interaction {self.id} before any response")
        if self.type == "component" and r.kind == "defer" and not self.deferred_thinking:
            ephemeral = self.message_ephemeral  # a deferred update edits the clicked message itself
        else:
            ephemeral = r.deferred_ephemeral
        sent = self._record(ephemeral, "edit", content, **kwargs)
        sent.edit = True
        self.followups.append(sent)
        return FakeMessage(sent)

    @stands_for("discord.Interaction.delete_original_response")
    async def delete_original_response(self) -> None:
        if self.response.kind is None:
            raise InteractionError("delete_original_response before any response")
        self.deferred_thinking = False  # later followups are new messages with their own visibility
        self.original_deleted = True

    def answered(self) -> bool:
        """Answered exactly once, as a user would see it: a deferral that showed "thinking…" got a
        followup (or an edit) that replaced it; a deleted original was followed by a new message; a
        component's deferred update needs nothing more."""
        if self.response.calls != 1:
            return False
        if self.response.kind == "defer" and self.thinking_shown and not self.followups:
            return False
        return not getattr(self, "original_deleted", False) or bool(self.followups)


class FakeClient:
    """Stands in for the ``discord.Client``: knows users and channels, records everything sent."""

    def __init__(self) -> None:
        self.recorder = Recorder()
        self.guild = FakeGuild()
        self.users: dict[int, FakeUser] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.interactions: list[FakeInteraction] = []
        self.herald: Any = None
        self.user = SimpleNamespace(id=999, name="Herald", mention="<@999>")
        self.application_id = 999

    def add_user(self, name: str, *, dm_open: bool = True, manage_guild: bool = False) -> FakeUser:
        user = FakeUser(self.recorder, next(_ids), name, dm_open, manage_guild)
        self.users[user.id] = user
        return user

    def add_channel(self, name: str = "games", *, guild: FakeGuild | None = None,
                    type: discord.ChannelType = discord.ChannelType.text) -> FakeChannel:
        channel = FakeChannel(self.recorder, next(_ids), guild or self.guild, name, type=type)
        self.channels[channel.id] = channel
        return channel

    def get_user(self, user_id: int):
        return self.users.get(int(user_id))

    async def fetch_user(self, user_id: int):
        user = self.users.get(int(user_id))
        if user is None:
            raise _not_found("Unknown User", 10013)
        return user

    def get_channel(self, channel_id: int):
        cid = int(channel_id)
        if cid in self.channels:
            return self.channels[cid]
        for channel in self.channels.values():
            for thread in channel.threads:
                if thread.id == cid:
                    return thread
        return None

    async def fetch_channel(self, channel_id: int):
        channel = self.get_channel(channel_id)
        if channel is None:
            raise _not_found("Unknown Channel", 10003)
        return channel

    def all_answered_once(self) -> list[str]:
        """Problems: interactions not answered, or answered more than once."""
        return [f"interaction {i.id} ({i.type}) response calls={i.response.calls} kind={i.response.kind} "
                f"followups={len(i.followups)}" for i in self.interactions if not i.answered()]


#: custom_id prefixes of the components that are a player's choices (actions, secret picks, pages)
CHOICE_PREFIXES = ("hd:a:", "hd:s:", "hd:p:")


def choice_components(sent: Sent) -> list[tuple[str, str | None]]:
    """The enabled choices of a message: (custom_id, select value or None)."""
    out: list[tuple[str, str | None]] = []
    if sent.view is None:
        return out
    for row in sent.view.to_components():
        for c in row["components"]:
            if c.get("disabled") or not c.get("custom_id", "").startswith(CHOICE_PREFIXES):
                continue
            if c["type"] == 3:
                out += [(c["custom_id"], o["value"]) for o in c["options"]]
            else:
                out.append((c["custom_id"], None))
    return out


async def click(client: FakeClient, user: FakeUser, sent: Sent, custom_id_pattern: str, *, value: str | None = None,
                channel: FakeChannel | None = None):
    """Click the component of ``sent`` whose custom_id matches ``custom_id_pattern`` (a regex), as Discord
    would dispatch it to a dynamic item: the item class is found by its template, rebuilt with
    ``from_custom_id`` and its callback called. ``value`` is the select-menu option chosen."""
    for row in sent.view.to_components():
        for comp in row["components"]:
            cid = comp.get("custom_id", "")
            if re.search(custom_id_pattern, cid):
                return await dispatch(client, user, sent, cid, value=value, channel=channel)
    raise AssertionError(f"no component matching {custom_id_pattern!r} in {sent.custom_ids()}")


async def dispatch(client: FakeClient, user: FakeUser, sent: Sent | None, custom_id: str, *, value: str | None = None,
                   channel: FakeChannel | None = None):
    from bot.discordbot.components import DYNAMIC_ITEMS

    if channel is None and sent is not None and sent.where == "channel":
        channel = client.get_channel(sent.target)
    data = {"custom_id": custom_id, "component_type": 3 if value is not None else 2}
    if value is not None:
        data["values"] = [value]
    message = FakeMessage(sent) if sent is not None else None
    interaction = FakeInteraction(client, user, channel, type="component", data=data, message=message,
                                  message_ephemeral=sent is not None and sent.where == "ephemeral")
    for cls in DYNAMIC_ITEMS:
        match = cls.__discord_ui_compiled_template__.match(custom_id)
        if match:
            item = await cls.from_custom_id(interaction, None, match)
            await item.callback(interaction)
            return interaction
    raise AssertionError(f"no dynamic item for {custom_id!r}")
