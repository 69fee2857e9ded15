"""The application-command tree: thin declarations that hand every call to the :class:`~.layer.Layer`.

Commands (all names lowercase, checked against Discord's limits by tests/discordbot/test_limits.py):

    /game new|join|leave|swap|autopass|start|status|list|follow|unfollow|abort|history
    /play  /order  /hand  /view  /map  /log  /undo  /deadline  /vacation  /help
    /admin replace-seat|extend-deadline|pause|resume|end|abort  (game master or Manage Server)

Most commands take an optional ``game``: without it the game is the one bound to the channel or thread
where the command is used, or (in a DM, or when the channel has none) the user's only game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import discord
from discord import app_commands

from . import limits as L

if TYPE_CHECKING:  # pragma: no cover
    from .layer import Layer

GAME_DESC = "Game id (default: the game of this channel, or your only game)"


def _game_choices(catalogue: list[dict[str, Any]]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=L.clip(str(g.get("title") or g["id"]), 50), value=str(g["id"])[:100])
            for g in catalogue][:25]


def build_tree(client: discord.Client, layer: "Layer", tree: app_commands.CommandTree | None = None
               ) -> app_commands.CommandTree:
    """Every Herald command added to ``tree`` (a new CommandTree for ``client`` when None)."""
    tree = tree or app_commands.CommandTree(client)
    game_choices = _game_choices(layer.catalogue())

    async def ac_game(interaction: discord.Interaction, current: str):
        return await layer.autocomplete_game(interaction, current)

    async def ac_role(interaction: discord.Interaction, current: str):
        return await layer.autocomplete_role(interaction, current)

    async def ac_my_role(interaction: discord.Interaction, current: str):
        return await layer.autocomplete_role(interaction, current, mine=True)

    async def ac_scenario(interaction: discord.Interaction, current: str):
        return await layer.autocomplete_scenario(interaction, current)

    async def ac_seating(interaction: discord.Interaction, current: str):
        return await layer.autocomplete_seating(interaction, current)

    async def ac_options(interaction: discord.Interaction, current: str):
        return await layer.autocomplete_options(interaction, current)

    async def ac_order(interaction: discord.Interaction, current: str):
        return await layer.autocomplete_order(interaction, current)

    async def ac_picture(interaction: discord.Interaction, current: str):
        return await layer.autocomplete_picture(interaction, current)

    async def ac_turn(interaction: discord.Interaction, current: str):
        return await layer.autocomplete_turn(interaction, current)

    # ---- /game ---------------------------------------------------------------------------------
    game = app_commands.Group(name="game", description="Create, join, start and follow games")

    @game.command(name="new", description="Create a game in this channel (you become its game master)")
    @app_commands.describe(game="Which game", scenario="Scenario (default: the game's first)",
                           options="Setup options as key=value, separated by spaces",
                           role="Take this seat at once (default: choose later with /game join)",
                           thread="Open a new thread for the game instead of using this channel",
                           players="Number of players (default: the most)",
                           seating="How the roles are shared among fewer players")
    @app_commands.choices(game=game_choices)
    @app_commands.autocomplete(scenario=ac_scenario, options=ac_options, role=ac_role, seating=ac_seating)
    async def game_new(interaction: discord.Interaction, game: str, scenario: Optional[str] = None,
                       options: Optional[str] = None, role: Optional[str] = None, thread: bool = False,
                       players: Optional[app_commands.Range[int, 1, 12]] = None, seating: Optional[str] = None):
        await layer.game_new(interaction, game, scenario, options, role, thread, players, seating)

    @game.command(name="join", description="Take a seat in a game that has not started")
    @app_commands.describe(role="The seat (role) you want; default: any free seat", game=GAME_DESC)
    @app_commands.autocomplete(role=ac_role, game=ac_game)
    async def game_join(interaction: discord.Interaction, role: Optional[str] = None, game: Optional[str] = None):
        await layer.game_join(interaction, game, role)

    @game.command(name="leave", description="Give up your seat in a game that has not started")
    @app_commands.describe(game=GAME_DESC)
    @app_commands.autocomplete(game=ac_game)
    async def game_leave(interaction: discord.Interaction, game: Optional[str] = None):
        await layer.game_leave(interaction, game)

    @game.command(name="swap", description="Move to another seat before the start (a taken seat: its player must accept)")
    @app_commands.describe(role="The seat (role) you want", game=GAME_DESC)
    @app_commands.autocomplete(role=ac_role, game=ac_game)
    async def game_swap(interaction: discord.Interaction, role: str, game: Optional[str] = None):
        await layer.game_swap(interaction, game, role)

    @game.command(name="accept-swap", description="Agree to exchange seats with a player who asked for yours")
    @app_commands.describe(requester="Whose request (only needed when several wait)", game=GAME_DESC)
    @app_commands.autocomplete(game=ac_game)
    async def game_accept_swap(interaction: discord.Interaction, requester: Optional[discord.User] = None,
                               game: Optional[str] = None):
        await layer.game_swap_answer(interaction, game, True, requester)

    @game.command(name="decline-swap", description="Refuse a request for your seat, or withdraw your own")
    @app_commands.describe(requester="Whose request (only needed when several wait)", game=GAME_DESC)
    @app_commands.autocomplete(game=ac_game)
    async def game_decline_swap(interaction: discord.Interaction, requester: Optional[discord.User] = None,
                                game: Optional[str] = None):
        await layer.game_swap_answer(interaction, game, False, requester)

    @game.command(name="autopass", description="Pass at once in response windows when you hold nothing to play")
    @app_commands.describe(on="On: pass automatically (it tells the others you hold nothing); off: always ask",
                           game=GAME_DESC)
    @app_commands.autocomplete(game=ac_game)
    async def game_autopass(interaction: discord.Interaction, on: bool, game: Optional[str] = None):
        await layer.game_autopass(interaction, game, on)

    @game.command(name="start", description="Start the game once the seats are filled (game master)")
    @app_commands.describe(game=GAME_DESC)
    @app_commands.autocomplete(game=ac_game)
    async def game_start(interaction: discord.Interaction, game: Optional[str] = None):
        await layer.game_start(interaction, game)

    @game.command(name="status", description="Seats, turn, whose move it is and the deadline")
    @app_commands.describe(game=GAME_DESC)
    @app_commands.autocomplete(game=ac_game)
    async def game_status(interaction: discord.Interaction, game: Optional[str] = None):
        await layer.game_status(interaction, game)

    @game.command(name="list", description="Games in this channel and games you play")
    async def game_list(interaction: discord.Interaction):
        await layer.game_list(interaction)

    @game.command(name="follow", description="Follow a game as a spectator (public information only)")
    @app_commands.describe(game=GAME_DESC)
    @app_commands.autocomplete(game=ac_game)
    async def game_follow(interaction: discord.Interaction, game: Optional[str] = None):
        await layer.game_follow(interaction, game, True)

    @game.command(name="unfollow", description="Stop following a game as a spectator")
    @app_commands.describe(game=GAME_DESC)
    @app_commands.autocomplete(game=ac_game)
    async def game_unfollow(interaction: discord.Interaction, game: Optional[str] = None):
        await layer.game_follow(interaction, game, False)

    @game.command(name="abort", description="End the game without a result (game master)")
    @app_commands.describe(game=GAME_DESC, reason="Why (shown to the players)", confirm="True to do it (without it Herald only says what would happen)")
    @app_commands.autocomplete(game=ac_game)
    async def game_abort(interaction: discord.Interaction, game: Optional[str] = None, reason: Optional[str] = None,
                         confirm: bool = False):
        await layer.admin_abort(interaction, game, reason, confirm)

    @game.command(name="concede", description="Give up the game: the other side wins")
    @app_commands.describe(game=GAME_DESC, confirm="True to do it (without it Herald only says what would happen)")
    @app_commands.autocomplete(game=ac_game)
    async def game_concede(interaction: discord.Interaction, game: Optional[str] = None, confirm: bool = False):
        await layer.game_concede(interaction, game, confirm)

    @game.command(name="history", description="Turns played so far, or the map at the start of one turn")
    @app_commands.describe(turn="Show this turn's map (default: list the turns)", game=GAME_DESC)
    @app_commands.autocomplete(turn=ac_turn, game=ac_game)
    async def game_history(interaction: discord.Interaction, turn: Optional[str] = None, game: Optional[str] = None):
        await layer.game_history(interaction, game, turn)

    tree.add_command(game)

    # ---- playing -------------------------------------------------------------------------------
    @tree.command(name="play", description="Your current choices as buttons and menus (only you see them)")
    @app_commands.describe(game=GAME_DESC, role="Which of your roles (when you hold several)")
    @app_commands.autocomplete(game=ac_game, role=ac_my_role)
    async def play(interaction: discord.Interaction, game: Optional[str] = None, role: Optional[str] = None):
        await layer.play(interaction, game, role)

    @tree.command(name="order", description="Type an order; suggestions come from your legal actions")
    @app_commands.describe(order="The order (pick a suggestion)", game=GAME_DESC,
                           role="Which of your roles (when you hold several)")
    @app_commands.autocomplete(order=ac_order, game=ac_game, role=ac_my_role)
    async def order(interaction: discord.Interaction, order: str, game: Optional[str] = None,
                    role: Optional[str] = None):
        await layer.order(interaction, game, role, order)

    @tree.command(name="hand", description="Your private hand and hidden pieces (only you see them)")
    @app_commands.describe(game=GAME_DESC, role="Which of your roles (when you hold several)",
                           dm="Send it to you by direct message instead")
    @app_commands.autocomplete(game=ac_game, role=ac_my_role)
    async def hand(interaction: discord.Interaction, game: Optional[str] = None, role: Optional[str] = None,
                   dm: bool = False):
        await layer.private_look(interaction, game, role, with_picture=False, dm=dm)

    @tree.command(name="view", description="Your private map: what only you can see (only you see it)")
    @app_commands.describe(game=GAME_DESC, role="Which of your roles", picture="Which picture",
                           dm="Send it to you by direct message instead")
    @app_commands.autocomplete(game=ac_game, role=ac_my_role, picture=ac_picture)
    async def view(interaction: discord.Interaction, game: Optional[str] = None, role: Optional[str] = None,
                   picture: Optional[str] = None, dm: bool = False):
        await layer.private_look(interaction, game, role, with_picture=True, picture=picture, dm=dm)

    @tree.command(name="map", description="The public map of a game, posted here")
    @app_commands.describe(game=GAME_DESC, picture="Which picture")
    @app_commands.autocomplete(game=ac_game, picture=ac_picture)
    async def map_(interaction: discord.Interaction, game: Optional[str] = None, picture: Optional[str] = None):
        await layer.public_map(interaction, game, picture)

    @tree.command(name="log", description="The game log as you may read it (only you see it)")
    @app_commands.describe(game=GAME_DESC, lines="How many recent lines (default 20)",
                           new="Only what happened since you last looked")
    @app_commands.autocomplete(game=ac_game)
    async def log(interaction: discord.Interaction, game: Optional[str] = None,
                  lines: Optional[app_commands.Range[int, 1, 200]] = None, new: bool = False):
        await layer.show_log(interaction, game, lines or 20, new)

    @tree.command(name="undo", description="Take back your last order, if nothing was revealed since")
    @app_commands.describe(game=GAME_DESC, role="Which of your roles")
    @app_commands.autocomplete(game=ac_game, role=ac_my_role)
    async def undo(interaction: discord.Interaction, game: Optional[str] = None, role: Optional[str] = None):
        await layer.undo(interaction, game, role)

    @tree.command(name="deadline", description="When the current step must be played, and what happens then")
    @app_commands.describe(game=GAME_DESC)
    @app_commands.autocomplete(game=ac_game)
    async def deadline(interaction: discord.Interaction, game: Optional[str] = None):
        await layer.show_deadline(interaction, game)

    @tree.command(name="vacation", description="Pause your deadlines while away (0 days ends the vacation)")
    @app_commands.describe(days="Days away, in all your games (0 to come back)")
    async def vacation(interaction: discord.Interaction, days: app_commands.Range[int, 0, 60]):
        await layer.vacation(interaction, days)

    @tree.command(name="help", description="How to play with Herald")
    async def help_(interaction: discord.Interaction):
        await layer.help(interaction)

    # ---- /admin --------------------------------------------------------------------------------
    admin = app_commands.Group(name="admin", description="Game master tools (game master or Manage Server)")

    @admin.command(name="replace-seat", description="Give a seat to another player")
    @app_commands.describe(role="The seat to hand over", user="The new player", game=GAME_DESC)
    @app_commands.autocomplete(role=ac_role, game=ac_game)
    async def admin_replace(interaction: discord.Interaction, role: str, user: discord.User,
                            game: Optional[str] = None):
        await layer.admin_replace_seat(interaction, game, role, user)

    @admin.command(name="extend-deadline", description="Push the current deadline back")
    @app_commands.describe(hours="Hours to add", game=GAME_DESC)
    @app_commands.autocomplete(game=ac_game)
    async def admin_extend(interaction: discord.Interaction, hours: app_commands.Range[int, 1, 24 * 30],
                           game: Optional[str] = None):
        await layer.admin_extend_deadline(interaction, game, hours)

    @admin.command(name="pause", description="Pause the game (no deadlines run)")
    @app_commands.describe(game=GAME_DESC)
    @app_commands.autocomplete(game=ac_game)
    async def admin_pause(interaction: discord.Interaction, game: Optional[str] = None):
        await layer.admin_pause(interaction, game)

    @admin.command(name="resume", description="Resume a paused game")
    @app_commands.describe(game=GAME_DESC)
    @app_commands.autocomplete(game=ac_game)
    async def admin_resume(interaction: discord.Interaction, game: Optional[str] = None):
        await layer.admin_resume(interaction, game)

    @admin.command(name="end", description="Finish the game with a result (a concession, an agreed result)")
    @app_commands.describe(winner="The winning role (empty: a draw)", reason="Why (shown to the players)",
                           game=GAME_DESC, confirm="True to do it (without it Herald only says what would happen)")
    @app_commands.autocomplete(winner=ac_role, game=ac_game)
    async def admin_end(interaction: discord.Interaction, winner: Optional[str] = None, reason: Optional[str] = None,
                        game: Optional[str] = None, confirm: bool = False):
        await layer.admin_end(interaction, game, winner, reason, confirm)

    @admin.command(name="abort", description="End the game without a result")
    @app_commands.describe(game=GAME_DESC, reason="Why (shown to the players)", confirm="True to do it (without it Herald only says what would happen)")
    @app_commands.autocomplete(game=ac_game)
    async def admin_abort(interaction: discord.Interaction, game: Optional[str] = None, reason: Optional[str] = None,
                          confirm: bool = False):
        await layer.admin_abort(interaction, game, reason, confirm)

    tree.add_command(admin)
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
