"""Discord's published limits for application commands and message components, in one place.

The command tree and every view Herald builds are checked against these in the tests
(tests/discordbot/test_limits.py); the component builders use them to truncate and paginate.
Sources: Discord developer documentation, "Application Commands" and "Message Components".
"""

from __future__ import annotations

import re
from typing import Any, Iterable

# ---- application commands ----------------------------------------------------------------------
#: ``^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`` — Python's ``re`` has no \p classes; ``[\w-]``
#: with re.UNICODE covers letters, digits and underscore, which is what we use (and lowercase only).
NAME_RE = re.compile(r"^[-_\w]{1,32}$", re.UNICODE)
NAME_MAX = 32
DESCRIPTION_MAX = 100
OPTIONS_PER_COMMAND = 25
SUBCOMMANDS_PER_GROUP = 25
CHOICES_PER_OPTION = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100
GLOBAL_COMMANDS_MAX = 100
COMMAND_TOTAL_CHARS = 4000
AUTOCOMPLETE_CHOICES = 25

# ---- messages and components -------------------------------------------------------------------
MESSAGE_CONTENT_MAX = 2000
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
#: the upload limit of a server without boosts and of DMs (discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES);
#: a boosted server allows more (``guild.filesize_limit``)
ATTACHMENT_MAX = 10 * 1024 * 1024
ROWS_PER_MESSAGE = 5
BUTTONS_PER_ROW = 5
BUTTON_LABEL_MAX = 80
CUSTOM_ID_MAX = 100
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_LABEL_MAX = 100
SELECT_OPTION_VALUE_MAX = 100
SELECT_OPTION_DESCRIPTION_MAX = 100
SELECT_PLACEHOLDER_MAX = 150


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending with an ellipsis when cut."""
    text = "\n".join(" ".join(line.split()) for line in str(text).splitlines())
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + "…"


# ---- checkers (used by the tests; each returns readable problems, empty when all is well) ------
def command_problems(payloads: Iterable[dict[str, Any]]) -> list[str]:
    """Problems with a list of command payloads (``Command.to_dict(tree)`` of every top-level command)."""
    payloads = list(payloads)
    problems: list[str] = []
    if len(payloads) > GLOBAL_COMMANDS_MAX:
        problems.append(f"{len(payloads)} global commands (max {GLOBAL_COMMANDS_MAX})")
    names = [p["name"] for p in payloads]
    if len(set(names)) != len(names):
        problems.append(f"duplicate command names: {names}")
    for payload in payloads:
        problems += _check_command(payload, payload["name"], depth=0)
        total = _characters(payload)
        if total > COMMAND_TOTAL_CHARS:
            problems.append(f"/{payload['name']}: {total} characters in names, descriptions and choices "
                            f"(max {COMMAND_TOTAL_CHARS})")
    return problems


def _characters(payload: dict[str, Any]) -> int:
    """Discord counts the name, description and choice names/values of a command and all its options."""
    total = len(payload.get("name", "")) + len(payload.get("description", ""))
    for choice in payload.get("choices") or []:
        total += len(choice["name"]) + len(str(choice["value"]))
    for option in payload.get("options") or []:
        total += _characters(option)
    return total


def _check_name(name: str, where: str) -> list[str]:
    problems = []
    if not NAME_RE.match(name) or name != name.lower():
        problems.append(f"{where}: bad name {name!r} (1-32 lowercase letters, digits, - or _)")
    return problems


def _check_command(payload: dict[str, Any], where: str, depth: int) -> list[str]:
    problems = _check_name(payload["name"], where)
    description = payload.get("description", "")
    if not 1 <= len(description) <= DESCRIPTION_MAX:
        problems.append(f"{where}: description has {len(description)} characters (1-{DESCRIPTION_MAX})")
    options = payload.get("options") or []
    subcommands = [o for o in options if o.get("type") in (1, 2)]
    if subcommands and len(subcommands) != len(options):
        problems.append(f"{where}: mixes subcommands and plain options")
    limit = SUBCOMMANDS_PER_GROUP if subcommands else OPTIONS_PER_COMMAND
    if len(options) > limit:
        problems.append(f"{where}: {len(options)} options (max {limit})")
    seen_optional = False
    for option in options:
        sub_where = f"{where} {option['name']}"
        if option.get("type") in (1, 2):
            if depth >= 2 or (option["type"] == 2 and depth >= 1):
                problems.append(f"{sub_where}: nested too deeply")
            problems += _check_command(option, sub_where, depth + 1)
            continue
        problems += _check_name(option["name"], sub_where)
        desc = option.get("description", "")
        if not 1 <= len(desc) <= DESCRIPTION_MAX:
            problems.append(f"{sub_where}: description has {len(desc)} characters (1-{DESCRIPTION_MAX})")
        if option.get("required"):
            if seen_optional:
                problems.append(f"{sub_where}: required option after an optional one")
        else:
            seen_optional = True
        choices = option.get("choices") or []
        if len(choices) > CHOICES_PER_OPTION:
            problems.append(f"{sub_where}: {len(choices)} choices (max {CHOICES_PER_OPTION})")
        if choices and option.get("autocomplete"):
            problems.append(f"{sub_where}: both choices and autocomplete")
        for choice in choices:
            if not 1 <= len(choice["name"]) <= CHOICE_NAME_MAX:
                problems.append(f"{sub_where}: choice name {choice['name']!r} too long")
            if isinstance(choice["value"], str) and len(choice["value"]) > CHOICE_VALUE_MAX:
                problems.append(f"{sub_where}: choice value {choice['value']!r} too long")
    return problems


def view_problems(view: Any) -> list[str]:
    """Problems with a ``discord.ui.View`` (its ``to_components()`` payload)."""
    problems: list[str] = []
    rows = view.to_components()
    if len(rows) > ROWS_PER_MESSAGE:
        problems.append(f"{len(rows)} rows (max {ROWS_PER_MESSAGE})")
    custom_ids: list[str] = []
    for r, row in enumerate(rows):
        components = row.get("components", [])
        buttons = [c for c in components if c["type"] == 2]
        selects = [c for c in components if c["type"] in (3, 5, 6, 7, 8)]
        if len(buttons) > BUTTONS_PER_ROW:
            problems.append(f"row {r}: {len(buttons)} buttons (max {BUTTONS_PER_ROW})")
        if selects and len(components) > 1:
            problems.append(f"row {r}: a select menu must be alone in its row")
        for c in buttons:
            label = c.get("label") or ""
            if len(label) > BUTTON_LABEL_MAX:
                problems.append(f"row {r}: button label {label!r} over {BUTTON_LABEL_MAX}")
            if "custom_id" in c:
                custom_ids.append(c["custom_id"])
        for c in selects:
            custom_ids.append(c["custom_id"])
            options = c.get("options", [])
            if not 1 <= len(options) <= SELECT_OPTIONS_MAX and c["type"] == 3:
                problems.append(f"row {r}: select has {len(options)} options (1-{SELECT_OPTIONS_MAX})")
            if len(c.get("placeholder") or "") > SELECT_PLACEHOLDER_MAX:
                problems.append(f"row {r}: placeholder over {SELECT_PLACEHOLDER_MAX}")
            values = [o["value"] for o in options]
            if len(set(values)) != len(values):
                problems.append(f"row {r}: duplicate option values")
            for o in options:
                for key, limit in (("label", SELECT_OPTION_LABEL_MAX), ("value", SELECT_OPTION_VALUE_MAX),
                                   ("description", SELECT_OPTION_DESCRIPTION_MAX)):
                    if len(o.get(key) or "") > limit:
                        problems.append(f"row {r}: option {key} {o.get(key)!r} over {limit}")
                if not o.get("label"):
                    problems.append(f"row {r}: option without a label")
    for cid in custom_ids:
        if not 1 <= len(cid) <= CUSTOM_ID_MAX:
            problems.append(f"custom_id {cid!r} has {len(cid)} characters (1-{CUSTOM_ID_MAX})")
    if len(set(custom_ids)) != len(custom_ids):
        problems.append("duplicate custom_ids in one message")
    return problems


def clip_message(text: str, limit: int = MESSAGE_CONTENT_MAX) -> str:
    """Message content cut to Discord's 2000 characters (keeping line breaks)."""
    text = str(text)
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)] + "…"


def split_message(text: str, limit: int = MESSAGE_CONTENT_MAX) -> list[str]:
    """``text`` as consecutive messages of at most ``limit`` characters, cut between lines (a single line
    longer than ``limit`` is cut inside it). Nothing is lost, unlike :func:`clip_message`."""
    chunks: list[str] = []
    current = ""
    for line in str(text).split("\n"):
        while len(line) > limit:
            if current:
                chunks.append(current)
                current = ""
            chunks.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            chunks.append(current)
            current = line
        else:
            current = candidate
    if current or not chunks:
        chunks.append(current)
    return chunks


def fit_embed(embed: Any) -> Any:
    """``embed`` (a ``discord.Embed``) cut to Discord's limits: title, description, field names and values,
    at most 25 fields, and 6000 characters in all (the last fields are shortened, then dropped)."""
    if embed.title:
        embed.title = clip(embed.title, EMBED_TITLE_MAX)
    if embed.description:
        embed.description = clip_message(embed.description, EMBED_DESCRIPTION_MAX)
    fields = [(clip(f.name or "-", EMBED_FIELD_NAME_MAX) or "-", clip_message(f.value or "-", EMBED_FIELD_VALUE_MAX),
               f.inline) for f in embed.fields][:EMBED_FIELDS_MAX]
    embed.clear_fields()
    used = len(embed.title or "") + len(embed.description or "") + len(getattr(embed.footer, "text", None) or "") \
        + len(getattr(embed.author, "name", None) or "")
    for name, value, inline in fields:
        room = EMBED_TOTAL_MAX - used - len(name)
        if room < 2:
            break
        value = clip_message(value, room)
        embed.add_field(name=name, value=value, inline=inline)
        used += len(name) + len(value)
    return embed


def embed_problems(embed: Any) -> list[str]:
    """Problems with a ``discord.Embed`` (its ``to_dict()`` payload) against Discord's embed limits."""
    data = embed.to_dict() if hasattr(embed, "to_dict") else dict(embed)
    problems = []
    title, description = data.get("title") or "", data.get("description") or ""
    if len(title) > EMBED_TITLE_MAX:
        problems.append(f"title has {len(title)} characters (max {EMBED_TITLE_MAX})")
    if len(description) > EMBED_DESCRIPTION_MAX:
        problems.append(f"description has {len(description)} characters (max {EMBED_DESCRIPTION_MAX})")
    fields = data.get("fields") or []
    if len(fields) > EMBED_FIELDS_MAX:
        problems.append(f"{len(fields)} fields (max {EMBED_FIELDS_MAX})")
    total = len(title) + len(description)
    for f in fields:
        name, value = f.get("name") or "", f.get("value") or ""
        if not 1 <= len(name) <= EMBED_FIELD_NAME_MAX:
            problems.append(f"field name has {len(name)} characters (1-{EMBED_FIELD_NAME_MAX})")
        if not 1 <= len(value) <= EMBED_FIELD_VALUE_MAX:
            problems.append(f"field value has {len(value)} characters (1-{EMBED_FIELD_VALUE_MAX})")
        total += len(name) + len(value)
    footer = (data.get("footer") or {}).get("text") or ""
    author = (data.get("author") or {}).get("name") or ""
    if len(footer) > EMBED_FOOTER_MAX:
        problems.append(f"footer has {len(footer)} characters (max {EMBED_FOOTER_MAX})")
    if len(author) > EMBED_AUTHOR_MAX:
        problems.append(f"author has {len(author)} characters (max {EMBED_AUTHOR_MAX})")
    total += len(footer) + len(author)
    if total > EMBED_TOTAL_MAX:
        problems.append(f"{total} characters in all (max {EMBED_TOTAL_MAX})")
    return problems
