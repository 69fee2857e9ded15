"""Legal actions -> buttons and select menus, and the persistent (dynamic) items that carry them.

Every component's ``custom_id`` encodes what it needs to be re-resolved against the table service after
a restart: the game id, a *choice token* (which changes whenever the role's choices change), the role
and an index into that role's list of legal actions. Nothing is kept in memory between a message being
sent and its button being clicked, so buttons keep working after a restart; a click whose token no
longer matches gets "that choice is no longer current".

Layout rules (Discord's limits in :mod:`bot.discordbot.limits`):
- actions without a group become buttons, five to a row;
- each group becomes one select menu (split into several menus of at most 25 options when larger);
- a message has at most five rows; when the choices need more, they are paginated: four rows of
  choices and a fifth row with ◀ / ▶ buttons; a single row of buttons (end, pass, cancel) is on every page;
- when any choice carries a text (a card's effect, or why it cannot be used now), a "Card texts" button
  shows every such text in full, privately (a menu option's description holds only 100 characters); it
  takes the last row, so such choices are paginated from five rows on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import discord

from . import limits as L

#: ids that may appear inside a custom_id (game ids, roles, tokens)
ID = r"[A-Za-z0-9_.-]{1,32}"
TOKEN = r"[A-Za-z0-9]{1,16}"
PREFIX = "hd"
CHOICE_ROWS_WHEN_PAGED = L.ROWS_PER_MESSAGE - 1


@dataclass(frozen=True)
class Choice:
    """One legal action, as the Discord layer sees it (built from an engine ``Action`` or its dict)."""

    index: int
    id: str
    label: str
    group: str = ""
    hint: str = ""


def as_choices(actions: Iterable[Any]) -> list[Choice]:
    out = []
    for i, a in enumerate(actions):
        if isinstance(a, dict):
            out.append(Choice(i, str(a["id"]), str(a.get("label") or a["id"]), str(a.get("group") or ""),
                              str(a.get("hint") or "")))
        else:
            out.append(Choice(i, str(a.id), str(getattr(a, "label", "") or a.id),
                              str(getattr(a, "group", "") or ""), str(getattr(a, "hint", "") or "")))
    return out


@dataclass(frozen=True)
class Row:
    """One row of a choices message: a row of buttons, or one select menu (``group`` names it)."""

    kind: str  # "buttons" | "select"
    choices: tuple[Choice, ...]
    group: str = ""
    part: int = 0   # 1-based part number when a group is split over several menus, else 0
    parts: int = 0


def layout(choices: Sequence[Choice]) -> list[Row]:
    """The rows every choice needs, in the engine's order (groups appear where their first action is)."""
    ungrouped = [c for c in choices if not c.group]
    groups: dict[str, list[Choice]] = {}
    order: list[str] = []
    for c in choices:
        if c.group:
            if c.group not in groups:
                groups[c.group] = []
                order.append(c.group)
            groups[c.group].append(c)
    rows: list[Row] = []
    for group in order:
        members = groups[group]
        chunks = [members[i:i + L.SELECT_OPTIONS_MAX] for i in range(0, len(members), L.SELECT_OPTIONS_MAX)]
        for n, chunk in enumerate(chunks, 1):
            rows.append(Row("select", tuple(chunk), group, n if len(chunks) > 1 else 0,
                            len(chunks) if len(chunks) > 1 else 0))
    for i in range(0, len(ungrouped), L.BUTTONS_PER_ROW):
        rows.append(Row("buttons", tuple(ungrouped[i:i + L.BUTTONS_PER_ROW])))
    return rows


def paginate(rows: Sequence[Row], fit: int = L.ROWS_PER_MESSAGE) -> list[list[Row]]:
    """Rows split into pages: all on one page when at most ``fit`` rows, else four rows a page (the fifth
    row is the page navigation)."""
    if len(rows) <= fit:
        return [list(rows)]
    buttons = [r for r in rows if r.kind == "buttons"]
    if len(buttons) == 1:
        # one row of buttons (end the turn, pass, cancel): on every page, first, so that the way out of
        # a long list of menus is never pages away
        menus = [r for r in rows if r.kind != "buttons"]
        per_page = CHOICE_ROWS_WHEN_PAGED - 1
        return [[buttons[0], *menus[i:i + per_page]] for i in range(0, len(menus), per_page)]
    return [list(rows[i:i + CHOICE_ROWS_WHEN_PAGED]) for i in range(0, len(rows), CHOICE_ROWS_WHEN_PAGED)]


def has_texts(choices: Sequence[Choice]) -> bool:
    """Whether the choices carry texts to read in full (then a "Card texts" button is shown)."""
    return any(c.hint for c in choices)


def pages_of(choices: Sequence[Choice]) -> list[list[Row]]:
    """The pages of these choices; a single page keeps its last row free for the "Card texts" button."""
    return paginate(layout(choices), L.ROWS_PER_MESSAGE - 1 if has_texts(choices) else L.ROWS_PER_MESSAGE)


def page_groups(actions: Iterable[Any]) -> list[list[str]]:
    """The menus on each page of these choices, named as their placeholders ("Move (2/3)")."""
    return [[row.group + (f" ({row.part}/{row.parts})" if row.parts else "") for row in page if row.kind == "select"]
            for page in pages_of(as_choices(actions))]


# ---- custom ids --------------------------------------------------------------------------------
def _cid(kind: str, *parts: Any) -> str:
    cid = ":".join([PREFIX, kind, *(str(p) for p in parts)])
    if len(cid) > L.CUSTOM_ID_MAX:  # pragma: no cover - ids are bounded by the ID/TOKEN patterns
        raise ValueError(f"custom_id too long: {cid}")
    return cid


def safe_id(value: Any) -> str:
    """A game id or role as it may appear in a custom_id (checked, not altered)."""
    text = str(value)
    if not re.fullmatch(ID, text):
        raise ValueError(f"{text!r} cannot be used in a custom_id")
    return text


def _layer(interaction: discord.Interaction) -> Any:
    return interaction.client.herald  # type: ignore[attr-defined]


class ActionButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=rf"^{PREFIX}:a:(?P<game>{ID}):(?P<tok>{TOKEN}):(?P<role>{ID}):(?P<idx>\d{{1,4}})$"):
    """Take the action at ``idx`` of ``role``'s legal actions, if the choices are still ``tok``."""

    def __init__(self, game: str, tok: str, role: str, idx: int, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, row: int | None = None) -> None:
        self.game, self.tok, self.role, self.idx = str(game), str(tok), str(role), int(idx)
        super().__init__(discord.ui.Button(label=L.clip(label, L.BUTTON_LABEL_MAX), style=style,
                                           custom_id=_cid("a", safe_id(game), tok, safe_id(role), idx)), row=row)

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["game"], match["tok"], match["role"], int(match["idx"]),
                   label=getattr(item, "label", None) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _layer(interaction).on_choice(interaction, self.game, self.tok, self.role, self.idx)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=rf"^{PREFIX}:s:(?P<game>{ID}):(?P<tok>{TOKEN}):(?P<role>{ID}):(?P<n>\d{{1,4}})$"):
    """A select menu of actions; each option's value is the action's index in the legal list."""

    def __init__(self, game: str, tok: str, role: str, n: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, row: int | None = None) -> None:
        self.game, self.tok, self.role, self.n = str(game), str(tok), str(role), int(n)
        select = discord.ui.Select(custom_id=_cid("s", safe_id(game), tok, safe_id(role), n),
                                   options=options or [discord.SelectOption(label="…", value="0")],
                                   placeholder=L.clip(placeholder, L.SELECT_PLACEHOLDER_MAX) if placeholder else None,
                                   min_values=1, max_values=1)
        super().__init__(select, row=row)

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["game"], match["tok"], match["role"], int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        try:
            idx = int(values[0])
        except (IndexError, ValueError, TypeError):
            idx = -1
        await _layer(interaction).on_choice(interaction, self.game, self.tok, self.role, idx)


class PageButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=rf"^{PREFIX}:p:(?P<game>{ID}):(?P<tok>{TOKEN}):(?P<role>{ID}):(?P<page>\d{{1,4}})$"):
    """Show another page of a role's choices (edits the message in place)."""

    def __init__(self, game: str, tok: str, role: str, page: int, label: str = "…", disabled: bool = False,
                 row: int | None = None) -> None:
        self.game, self.tok, self.role, self.page = str(game), str(tok), str(role), int(page)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=_cid("p", safe_id(game), tok, safe_id(role), page)), row=row)

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["game"], match["tok"], match["role"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _layer(interaction).on_page(interaction, self.game, self.tok, self.role, self.page)


class TextsButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=rf"^{PREFIX}:c:(?P<game>{ID}):(?P<tok>{TOKEN}):(?P<role>{ID})$"):
    """Show the clicking player, privately, the full text of every card (tile, office…) these choices
    offer, if the choices are still ``tok``."""

    LABEL = "Card texts"

    def __init__(self, game: str, tok: str, role: str, row: int | None = None) -> None:
        self.game, self.tok, self.role = str(game), str(tok), str(role)
        super().__init__(discord.ui.Button(label=self.LABEL, style=discord.ButtonStyle.secondary, emoji="📜",
                                           custom_id=_cid("c", safe_id(game), tok, safe_id(role))), row=row)

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["game"], match["tok"], match["role"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _layer(interaction).on_texts(interaction, self.game, self.tok, self.role)


class OpenButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"^{PREFIX}:o:(?P<game>{ID})$"):
    """On a public turn message: shows the clicking player their own choices, privately."""

    def __init__(self, game: str, label: str = "My choices") -> None:
        self.game = str(game)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=_cid("o", safe_id(game))))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _layer(interaction).on_open(interaction, self.game)


class BoardPageButton(discord.ui.DynamicItem[discord.ui.Button],
                      template=rf"^{PREFIX}:b:(?P<which>[a-z]{{1,12}}):(?P<page>\d{{1,4}})$"):
    """Show another page of the board, for whoever clicks (edits the private message in place)."""

    def __init__(self, which: str, page: int, label: str = "…", disabled: bool = False) -> None:
        self.which, self.page = str(which), int(page)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=_cid("b", self.which, self.page)))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["which"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _layer(interaction).on_board_page(interaction, self.which, self.page)


DYNAMIC_ITEMS = (ActionButton, ActionSelect, PageButton, TextsButton, OpenButton, BoardPageButton)


class DynamicView(discord.ui.View):
    """A view made only of dynamic items, sent but never tracked by discord.py.

    Clicks reach the item classes registered once with ``client.add_dynamic_items`` (they rebuild
    themselves from the custom_id), so discord.py has no need to remember the message's view, and it is
    safer that it does not: every view sent ephemerally gets a 15-minute timeout, and when a tracked view
    times out or stops, ``ViewStore.remove_view`` can unregister the dynamic item *classes* it holds
    (it does as soon as the view also has an ordinary item or shares the message-less slot), silently
    breaking the buttons of every other message. Reporting the view as finished makes discord.py send
    its components without tracking it; nothing accumulates in the store either."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True


def _option(c: Choice) -> discord.SelectOption:
    return discord.SelectOption(label=L.clip(c.label, L.SELECT_OPTION_LABEL_MAX) or c.id[:L.SELECT_OPTION_LABEL_MAX],
                                value=str(c.index),
                                description=L.clip(c.hint, L.SELECT_OPTION_DESCRIPTION_MAX) if c.hint else None)


def choices_view(game: str, tok: str, role: str, actions: Iterable[Any], page: int = 0) -> tuple[discord.ui.View, int, int]:
    """A view with page ``page`` of ``role``'s choices; returns (view, page actually shown, page count).
    The view never times out; its items are dynamic, so they also work after a restart."""
    choices = as_choices(actions)
    pages = pages_of(choices)
    page = max(0, min(page, len(pages) - 1))
    view = DynamicView()
    select_number = sum(1 for p in pages[:page] for r in p if r.kind == "select")
    for r, row in enumerate(pages[page]):
        if row.kind == "buttons":
            for c in row.choices:
                view.add_item(ActionButton(game, tok, role, c.index, c.label, row=r))
        else:
            placeholder = row.group + (f" ({row.part}/{row.parts})" if row.parts else "")
            view.add_item(ActionSelect(game, tok, role, select_number, [_option(c) for c in row.choices],
                                       placeholder=placeholder, row=r))
            select_number += 1
    if len(pages) > 1:
        nav = L.ROWS_PER_MESSAGE - 1
        view.add_item(PageButton(game, tok, role, max(page - 1, 0), "◀ Previous", disabled=page == 0, row=nav))
        # the middle button shows the page number; it re-shows the current page, so it has its own id
        view.add_item(PageButton(game, tok, role, len(pages) + page, f"Page {page + 1}/{len(pages)}",
                                 disabled=True, row=nav))
        view.add_item(PageButton(game, tok, role, min(page + 1, len(pages) - 1), "Next ▶",
                                 disabled=page == len(pages) - 1, row=nav))
    if has_texts(choices):   # the navigation row has room for it; a single page keeps its last row free
        view.add_item(TextsButton(game, tok, role, row=L.ROWS_PER_MESSAGE - 1))
    return view, page, len(pages)


def texts_message(choices: Sequence[Choice], limit: int = L.MESSAGE_CONTENT_MAX) -> str:
    """Every choice that carries a text, its label in bold and the text in full, under its group's
    heading, while they fit in one message (those left out are counted)."""
    lines: list[str] = []
    group = None
    shown = 0
    with_text = [c for c in choices if c.hint]
    for c in with_text:
        block = ([f"__{c.group or 'Other choices'}__"] if c.group != group else []) + [f"**{c.label}**", f"> {c.hint}"]
        if len("\n".join(lines + block)) > limit - 80:
            break
        lines += block
        group = c.group
        shown += 1
    if shown < len(with_text):
        left = len(with_text) - shown
        lines.append(f"*…and {left} more {'choice' if left == 1 else 'choices'}: "
                     "their texts are too long for one message (`/hand` lists your cards).*")
    return "\n".join(lines)


def open_view(game: str) -> discord.ui.View:
    view = DynamicView()
    view.add_item(OpenButton(game))
    return view
