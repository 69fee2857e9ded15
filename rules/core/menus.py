"""Menus of at most 25 choices a level (issue 33, item 4): Discord's limit for a select menu, kept by every
front end so the console, mail and Discord show the same groups under the same headings.

:func:`arrange` puts a role's legal actions in display order: each group (``Action.group``) together where
its first action stands, actions without a group where they stand. A group of more than :data:`LIMIT`
actions gets a second level, written into the group as ``"Group › Part"``: the engine's own second level
when its groups already read that way (``"Place IP › Wales"``: a region, then its spaces), else runs of
labels in alphabetical order headed by their first and last initials (``"Place IP › A–G"``). When the
first level itself (groups plus actions without a group) would exceed the limit, the actions without a
group are gathered under "Other choices". Front ends number the arranged list in order, so the numbers a
player reads are the numbers they type.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from .contract import Action

LIMIT = 25
SEP = " › "
OTHER = "Other choices"


def _head(group: str) -> str:
    return group.split(SEP, 1)[0]


def _in_order(actions: list[Action]) -> list[list[Action]]:
    """Runs of the list: each group once, where its first action is; each ungrouped action on its own."""
    runs: list[list[Action]] = []
    where: dict[str, list[Action]] = {}
    for a in actions:
        if not a.group:
            runs.append([a])
        elif a.group in where:
            where[a.group].append(a)
        else:
            where[a.group] = [a]
            runs.append(where[a.group])
    return runs


def _alphabetical(group: str, members: list[Action]) -> list[Action]:
    """Split a large group into even runs of at most LIMIT labels, alphabetically, each headed by the
    initials of its first and last label (past the words every label of the group shares)."""
    ordered = sorted(members, key=lambda a: a.label.casefold())
    parts = -(-len(ordered) // LIMIT)
    size = -(-len(ordered) // parts)          # even parts: 44 become 22 + 22, not 25 + 19
    shared = _shared_words(ordered)
    out: list[Action] = []
    seen: dict[str, int] = {}
    for i in range(0, len(ordered), size):
        chunk = ordered[i:i + size]
        first, last = _initial(chunk[0], shared), _initial(chunk[-1], shared)
        part = first if first == last else f"{first}–{last}"
        seen[part] = seen.get(part, 0) + 1
        if seen[part] > 1:                    # the same initials twice: number the later runs
            part = f"{part} ({seen[part]})"
        out += [replace(a, group=f"{group}{SEP}{part}") for a in chunk]
    return out


def _shared_words(actions: list[Action]) -> int:
    """How many leading words every label shares ("Place IP on Kent", "Place IP on Wales": 3)."""
    words = [a.label.split() for a in actions]
    count = 0
    while all(len(w) > count + 1 and w[count] == words[0][count] for w in words):
        count += 1
    return count


def _initial(action: Action, shared: int) -> str:
    rest = " ".join(action.label.split()[shared:])
    return (rest[:1] or "?").upper()


def _gather(actions: list[Action], heads: list[str]) -> list[Action]:
    """Too many groups for one level: runs of groups in alphabetical order (each run at most LIMIT
    actions) become the first level, headed "First–Last"; the groups become the second."""
    size = {h: sum(1 for a in actions if a.group and _head(a.group) == h) for h in heads}
    runs: list[list[str]] = []
    for head in sorted(heads, key=str.casefold):
        if runs and sum(size[h] for h in runs[-1]) + size[head] <= LIMIT:
            runs[-1].append(head)
        else:
            runs.append([head])
    name = {h: f"{run[0]}–{run[-1]}" for run in runs if len(run) > 1 for h in run}
    return [replace(a, group=f"{name[_head(a.group)]}{SEP}{a.group}") if _head(a.group) in name else a
            for a in actions]


def _split(group: str, members: list[Action]) -> list[Action]:
    if len(members) <= LIMIT:
        return members
    if all(SEP in a.group for a in members):          # the engine's own second level: keep each part
        return [x for run in _in_order(members) for x in (_alphabetical(run[0].group, run)
                                                           if len(run) > LIMIT else run)]
    return _alphabetical(group, members)


def arrange(actions: Iterable[Action]) -> list[Action]:
    """The actions in display order, a large group split into a second level (see the module)."""
    actions = list(actions)
    if len(actions) <= LIMIT:
        return [a for run in _in_order(actions) for a in run]
    heads = list(dict.fromkeys(_head(a.group) for a in actions if a.group))
    loose = [a for a in actions if not a.group]
    if len(heads) + len(loose) > LIMIT and len(loose) > LIMIT // 5:   # many loose ones: a heading of their own
        actions = [a if a.group else replace(a, group=OTHER) for a in actions]
        heads, loose = heads + [OTHER], []
    if len(heads) + len(loose) > LIMIT:
        actions = _gather(actions, heads)
    by_head: dict[str, list[Action]] = {}
    order: list[str | Action] = []
    for a in actions:
        if not a.group:
            order.append(a)
            continue
        head = _head(a.group)
        if head not in by_head:
            by_head[head] = []
            order.append(head)
        by_head[head].append(a)
    out: list[Action] = []
    for item in order:
        if isinstance(item, Action):
            out.append(item)
        else:
            out += _split(item, [x for run in _in_order(by_head[item]) for x in run])
    return out


def menu_levels(actions: Iterable[Action]) -> list[list[str]]:
    """What a player chooses among at each level once arranged: the first level (group headings and the
    actions without a group), then each group's parts or actions. Every list is at most LIMIT long."""
    arranged = arrange(actions)
    first = list(dict.fromkeys(_head(a.group) if a.group else a.id for a in arranged))
    levels = [first]
    heads = dict.fromkeys(_head(a.group) for a in arranged if a.group)
    for head in heads:
        members = [a for a in arranged if a.group and _head(a.group) == head]
        parts = list(dict.fromkeys(a.group for a in members))
        if len(parts) > 1 or SEP in parts[0]:
            levels.append(parts)
            levels += [[a.id for a in members if a.group == p] for p in parts]
        else:
            levels.append([a.id for a in members])
    return levels
