"""The application-command tree, built from bot/commandspec.py (the list the console reads too): each
command with the spec's options, descriptions and suggestions, handing its call to the :class:`~.layer.Layer`.

Commands (all names lowercase, checked against Discord's limits by tests/discordbot/test_limits.py):

    /game new|join|leave|swap|accept-swap|decline-swap|autopass|start|status|list|follow|unfollow|abort|
          concede|history
    /play  /order  /run  /hand  /view  /map  /log  /undo  /deadline  /vacation  /help
    /admin replace-seat|extend-deadline|pause|resume|end|abort|set|lateness|substitutes  (game master or Manage
           Server)
    /games  /nudge  /sub ask|volunteer|accept  (the server's board, nudges and substitutes: bot/discordbot/board.py,
    substitutes.py)
    /archive  /replay-picture  /results

Most commands take an optional ``game``: without it the game is the one bound to the channel or thread
where the command is used, or (in a DM, or when the channel has none) the user's only game.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Optional

import discord
from discord import app_commands

from ..commandspec import BOOLEAN, GROUPS, INTEGER, SUGGESTERS, TEXT, USER, Command, Option, discord_commands
from . import limits as L

if TYPE_CHECKING:  # pragma: no cover
    from .layer import Layer

KINDS = {TEXT: str, INTEGER: int, BOOLEAN: bool, USER: discord.User}

#: what each command does: the Layer call for the spec's options (by name, as bot/commandspec.py lists them)
HANDLERS: dict[str, Callable[..., Awaitable[None]]] = {
    "game new": lambda layer, i, game, scenario, options, role, thread, players, seating, bots:
        layer.game_new(i, game, scenario, options, role, thread, players, seating, bots),
    "game list": lambda layer, i: layer.game_list(i),
    "game join": lambda layer, i, role, game: layer.game_join(i, game, role),
    "game leave": lambda layer, i, game: layer.game_leave(i, game),
    "game swap": lambda layer, i, role, game: layer.game_swap(i, game, role),
    "game accept-swap": lambda layer, i, requester, game: layer.game_swap_answer(i, game, True, requester),
    "game decline-swap": lambda layer, i, requester, game: layer.game_swap_answer(i, game, False, requester),
    "game follow": lambda layer, i, game: layer.game_follow(i, game, True),
    "game unfollow": lambda layer, i, game: layer.game_follow(i, game, False),
    "game start": lambda layer, i, game: layer.game_start(i, game),
    "admin seat-bot": lambda layer, i, role, level, game: layer.game_seat_bot(i, game, role, level),
    "game status": lambda layer, i, game: layer.game_status(i, game),
    "play": lambda layer, i, game, role: layer.play(i, game, role),
    "order": lambda layer, i, order, game, role: layer.order(i, game, role, order),
    "undo": lambda layer, i, game, role: layer.undo(i, game, role),
    "run": lambda layer, i, answers, game, role: layer.run_answers(i, game, role, answers),
    "view": lambda layer, i, game, role, picture, dm:
        layer.private_look(i, game, role, with_picture=True, picture=picture, dm=dm),
    "hand": lambda layer, i, game, role, dm: layer.private_look(i, game, role, with_picture=False, dm=dm),
    "map": lambda layer, i, game, picture: layer.public_map(i, game, picture),
    "log": lambda layer, i, game, lines, new: layer.show_log(i, game, lines or 20, new),
    "game history": lambda layer, i, turn, game: layer.game_history(i, game, turn),
    "game autopass": lambda layer, i, on, game: layer.game_autopass(i, game, on),
    "standing": lambda layer, i, answer, on, game, unless: layer.game_standing(i, game, answer, on, unless),
    "deadline": lambda layer, i, game: layer.show_deadline(i, game),
    "vacation": lambda layer, i, days: layer.vacation(i, days),
    "admin pause": lambda layer, i, game: layer.admin_pause(i, game),
    "admin resume": lambda layer, i, game: layer.admin_resume(i, game),
    "admin replace-seat": lambda layer, i, role, user, game: layer.admin_replace_seat(i, game, role, user),
    "admin extend-deadline": lambda layer, i, hours, game: layer.admin_extend_deadline(i, game, hours),
    "admin end": lambda layer, i, winner, reason, game, confirm: layer.admin_end(i, game, winner, reason, confirm),
    "admin abort": lambda layer, i, game, reason, confirm: layer.admin_abort(i, game, reason, confirm),
    "game abort": lambda layer, i, game, reason, confirm: layer.admin_abort(i, game, reason, confirm),
    "game concede": lambda layer, i, game, confirm: layer.game_concede(i, game, confirm),
    "admin set": lambda layer, i, setting, value, game: layer.admin_set(i, game, setting, value),
    "archive": lambda layer, i, game, dm: layer.archive(i, game, dm),
    "replay-picture": lambda layer, i, game: layer.replay_picture(i, game),
    "results": lambda layer, i, game: layer.results(i, game),
    "help": lambda layer, i: layer.help(i),
    "games": lambda layer, i, filter, page: layer.games_board(i, filter, page),
    "nudge": lambda layer, i, game: layer.nudge(i, game),
    "admin lateness": lambda layer, i, game: layer.admin_lateness(i, game),
    "admin substitutes": lambda layer, i, by, game: layer.admin_substitutes(i, by, game),
    "sub ask": lambda layer, i, withdraw, game: layer.sub_ask(i, game, withdraw),
    "sub volunteer": lambda layer, i, role, game: layer.sub_volunteer(i, game, role),
    "sub accept": lambda layer, i, volunteer, role, game: layer.sub_accept(i, game, volunteer, role),
}


def _game_choices(catalogue: list[dict[str, Any]]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=L.clip(str(g.get("title") or g["id"]), 50), value=str(g["id"])[:100])
            for g in catalogue][:25]


def _annotation(option: Option) -> Any:
    kind = KINDS[option.kind]
    if option.min_value is not None or option.max_value is not None:
        kind = app_commands.Range[kind, option.min_value, option.max_value]
    return kind if option.required else Optional[kind]


def _suggester(layer: "Layer", kind: str):
    """The autocomplete callback for one suggester of the spec (``my_role``: only the user's own roles)."""
    if kind == "my_role":
        async def suggest(interaction: discord.Interaction, current: str):
            return await layer.autocomplete_role(interaction, current, mine=True)
    else:
        async def suggest(interaction: discord.Interaction, current: str):
            return await getattr(layer, f"autocomplete_{kind}")(interaction, current)
    return suggest


def _callback(layer: "Layer", spec: Command):
    """A coroutine with the spec's options as its parameters (discord.py reads them from its signature)
    that hands them to the command's Layer call. Options left out take their defaults (tests and
    Discord alike)."""
    handler = HANDLERS[spec.path]

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        given = {option.name: values.get(option.name, option.default) for option in spec.options}
        await handler(layer, interaction, **given)

    first = inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                              annotation=discord.Interaction)
    params = [inspect.Parameter(o.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=_annotation(o),
                                **({} if o.required else {"default": o.default})) for o in spec.options]
    callback.__signature__ = inspect.Signature([first, *params])
    callback.__name__ = callback.__qualname__ = spec.path.replace(" ", "_").replace("-", "_")
    return callback


def build_tree(client: discord.Client, layer: "Layer", tree: app_commands.CommandTree | None = None
               ) -> app_commands.CommandTree:
    """Every Herald command of bot/commandspec.py added to ``tree`` (a new CommandTree for ``client`` when
    None), with the spec's options, descriptions and suggestions."""
    tree = tree or app_commands.CommandTree(client)
    choices = {"games": _game_choices(layer.catalogue())}
    suggesters = {kind: _suggester(layer, kind) for kind in SUGGESTERS}
    groups = {name: app_commands.Group(name=name, description=description) for name, description in GROUPS.items()}
    for spec in discord_commands():
        callback = _callback(layer, spec)
        described = {o.name: o.description for o in spec.options}
        suggested = {o.name: suggesters[o.suggest] for o in spec.options if o.suggest}
        fixed = {o.name: choices[o.choices] for o in spec.options if o.choices}
        if described:
            callback = app_commands.describe(**described)(callback)
        if fixed:
            callback = app_commands.choices(**fixed)(callback)
        if suggested:
            callback = app_commands.autocomplete(**suggested)(callback)
        group, _, name = spec.path.rpartition(" ")
        parent = groups[group].command if group else tree.command
        parent(name=name, description=spec.description)(callback)
    for group in groups.values():
        tree.add_command(group)
    return tree


def command(tree: app_commands.CommandTree, path: str) -> app_commands.Command:
    """The command at ``path`` ("game new", "play"), for tests and the console."""
    first, *rest = path.split()
    cmd: Any = tree.get_command(first)
    for name in rest:
        cmd = cmd.get_command(name)
    if cmd is None:
        raise KeyError(path)
    return cmd
