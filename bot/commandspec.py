"""The one list of Herald's commands, read by both front ends so that they cannot drift apart.

Each :class:`Command` names its Discord slash command (``path``: "game new", "play"; None for a command
only the terminal has), its one-line description (Discord's, and the console's help line), its options
(name, type, required, description, what suggests values) and the console's form of it (``console``:
"join [SEAT|ROLE]"; its first word, or "admin WORD", is the console command). bot/discordbot/commands.py
registers every command with a path exactly as described here; bot/console.py builds its ``help`` from
this list and has a handler for each console form (tests/discordbot/test_command_spec.py checks both).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

#: option types, as Discord knows them: text, whole number, yes/no, a Discord user
TEXT, INTEGER, BOOLEAN, USER = "text", "integer", "boolean", "user"
#: what suggests an option's values as the player types (a Layer.autocomplete_* method each)
SUGGESTERS = ("game", "role", "my_role", "scenario", "seating", "options", "order", "picture", "turn",
              "board_filter", "setting", "setting_value")


@dataclass(frozen=True)
class Option:
    name: str
    kind: str                          # TEXT, INTEGER, BOOLEAN or USER
    description: str
    required: bool = False
    suggest: str | None = None         # one of SUGGESTERS: values suggested as the player types
    choices: str | None = None         # "games": a fixed list, the games on offer
    min_value: int | None = None
    max_value: int | None = None

    @property
    def default(self) -> bool | None:
        """The value a command gets when the option is left out (a yes/no option: no)."""
        return False if self.kind == BOOLEAN else None


@dataclass(frozen=True)
class Command:
    path: str | None                   # the Discord command ("game new"), None when only the console has it
    description: str                   # one line, at most 100 characters (Discord's limit)
    console: str                       # the console's form ("join [SEAT|ROLE]")
    section: str                       # the console help's section
    options: tuple[Option, ...] = ()
    console_note: str = ""             # what the console's help adds (its own syntax, its own behaviour)
    console_description: str = ""      # the console's own words where Discord's speak of channels or menus

    @property
    def console_words(self) -> tuple[str, ...]:
        """The console command: its first word, or two for a subcommand ("admin pause")."""
        words = self.console.split()
        return tuple(words[:2]) if words[0] == "admin" else (words[0],)


#: Discord command groups and their descriptions
GROUPS = {"game": "Create, join, start and follow games",
          "admin": "Game master tools (game master or Manage Server)",
          "sub": "Substitutes: volunteer for a seat its player left, or accept a volunteer"}

GAME_DESC = "Game id (default: the game of this channel, or your only game)"
CONFIRM_DESC = "True to do it (without it Herald only says what would happen)"
GAME = Option("game", TEXT, GAME_DESC, suggest="game")
MY_ROLE = Option("role", TEXT, "Which of your roles (when you hold several)", suggest="my_role")
DM = Option("dm", BOOLEAN, "Send it to you by direct message instead")
CONFIRM = Option("confirm", BOOLEAN, CONFIRM_DESC)
REASON = Option("reason", TEXT, "Why (shown to the players)")
REQUESTER = Option("requester", USER, "Whose request (only needed when several wait)")
PICTURE = Option("picture", TEXT, "Which picture, and its choice if it has one (pick a suggestion)", suggest="picture")

PLAYERS, PLAYING, SLOW, RECORDS, SCRIPTS = ("Players and games", "Playing", "Slow play and admin", "Records",
                                           "Scripts")

COMMANDS: tuple[Command, ...] = (
    # ---- players and games -------------------------------------------------------------------------
    Command(None, "Become local player NAME (ids are the names)", "as NAME", PLAYERS),
    Command("game new", "Create a game in this channel (you become its game master)",
            "new GAME [SCENARIO] [players=N] [seating=ID] [OPTION=VALUE ...] [deadline.KEY=VALUE ...]", PLAYERS,
            (Option("game", TEXT, "Which game", required=True, choices="games"),
             Option("scenario", TEXT, "Scenario (default: the game's first)", suggest="scenario"),
             Option("options", TEXT, "Setup options as key=value, separated by spaces", suggest="options"),
             Option("role", TEXT, "Take this seat at once (default: choose later with /game join)", suggest="role"),
             Option("thread", BOOLEAN, "Open a new thread for the game instead of using this channel"),
             Option("players", INTEGER, "Number of players (default: the most)", min_value=1, max_value=12),
             Option("seating", TEXT, "How the roles are shared among fewer players", suggest="seating"),
             Option("bots", INTEGER, "Seats for the computer player", min_value=0, max_value=11)),
            console_note="The game's own settings go with the options: deadline.turn=1d deadline.secret=1d "
                         "deadline.reaction=6h deadline.negotiation=1d deadline.policy=wait|default|substitute|robot "
                         "deadline.reaction_policy=... reminders=1d,2h spectators=on|off (see admin set)"),
    Command(None, "The named ways to share the roles among N players (seating=ID)",
            "seatings GAME [SCENARIO] [players=N]", PLAYERS),
    Command(None, "Games, scenarios and options on offer", "catalogue", PLAYERS),
    Command("game list", "Games in this channel and games you play", "games [all]", PLAYERS),
    Command(None, "Your games", "mine", PLAYERS),
    Command(None, "Make game ID (12 or #12) the current one", "use ID", PLAYERS),
    Command("game join", "Take a seat in a game that has not started", "join [SEAT|ROLE]", PLAYERS,
            (Option("role", TEXT, "The seat (role) you want; default: any free seat", suggest="role"), GAME)),
    Command("game leave", "Give up your seat (once started, a substitute may take it)", "leave", PLAYERS, (GAME,),
            console_note="After the start the seat is offered to substitutes; the deadline policy says who "
                         "holds it meanwhile (the computer, the substitute, or nobody)"),
    Command("game swap", "Move to another seat before the start (a taken seat: its player must accept)",
            "swap SEAT|ROLE", PLAYERS,
            (Option("role", TEXT, "The seat (role) you want", required=True, suggest="role"), GAME)),
    Command("game accept-swap", "Agree to exchange seats with a player who asked for yours", "accept [NAME]",
            PLAYERS, (REQUESTER, GAME)),
    Command("game decline-swap", "Refuse a request for your seat, or withdraw your own", "decline [NAME]",
            PLAYERS, (REQUESTER, GAME)),
    Command("games", "The server's board: its games, whose move, who is late, open seats", "board [FILTER] [PAGE]",
            PLAYERS, (Option("filter", TEXT, "all (default), mine, waiting (for you), open (seats) or finished",
                             suggest="board_filter"),
                      Option("page", INTEGER, "Which page (default 1)", min_value=1, max_value=999)),
            console_note="Filters: all mine waiting open finished"),
    Command("sub ask", "Ask to be replaced: you play on until a substitute is accepted", "replaceme [off]",
            PLAYERS, (Option("withdraw", BOOLEAN, "True to take your request back"), GAME),
            console_note="off takes the request back"),
    Command("sub volunteer", "Offer to take a seat its player left", "volunteer [SEAT|ROLE]", PLAYERS,
            (Option("role", TEXT, "The seat left (default: the only one)", suggest="role"), GAME)),
    Command("sub accept", "Accept a volunteer (game master; or a player's vote under majority)",
            "substitute [NAME] [SEAT|ROLE]", PLAYERS,
            (Option("volunteer", USER, "Whom you accept (needed when several offered)"),
             Option("role", TEXT, "Which seat (when several were left)", suggest="role"), GAME)),
    Command("game follow", "Follow a game as a spectator (public information only)", "follow", PLAYERS, (GAME,),
            console_note="A direct message with the public log and map at each new turn and at the end "
                         "(spectate = follow)"),
    Command("game unfollow", "Stop following a game as a spectator", "unfollow", PLAYERS, (GAME,)),
    Command("game start", "Start the game once the seats are filled (game master)", "start [--seed N]", PLAYERS,
            (GAME,)),
    # ---- playing -----------------------------------------------------------------------------------
    Command("game status", "Seats, turn, whose move it is and the deadline", "status", PLAYING, (GAME,),
            console_note="And the seat requests"),
    Command("play", "Your current choices as buttons and menus (only you see them)", "choices", PLAYING,
            (GAME, MY_ROLE), console_note="Numbered legal actions, for all your roles (play = choices)",
            console_description="Your current choices, numbered, each card's effect under it (only you see them)"),
    Command("order", "Type an order; suggestions come from your legal actions", "do N|ACTION_ID [ROLE]", PLAYING,
            (Option("order", TEXT, "The order (pick a suggestion)", required=True, suggest="order"), GAME,
             MY_ROLE), console_note="An action by its number in choices, or by its id"),
    Command("undo", "Take back your last order, if nothing was revealed since", "undo [ROLE]", PLAYING,
            (GAME, Option("role", TEXT, "Which of your roles", suggest="my_role")),
            console_note="Later actions of others stay if still legal"),
    Command("run", "Answer a run of your own questions in one go (markers, pickups, losses); alone: its defaults",
            "run [ID ...|confirm]", PLAYING,
            (Option("answers", TEXT, "The answers in order (e.g. ip:3 ip:1 done), or confirm for the defaults"),
             GAME, MY_ROLE), console_note="Without answers: the run's defaults, which run confirm plays"),
    Command(None, "Say TEXT privately to the others of your open negotiation (@ROLE: the one with that role, "
                  "when several are open)", "talk [@ROLE] TEXT", PLAYING),
    Command("view", "Your private map: what only you can see (only you see it)", "view [ROLE|public] [PICTURE [CHOICE]] [json [full]]",
            PLAYING, (GAME, Option("role", TEXT, "Which of your roles", suggest="my_role"), PICTURE, DM),
            console_note="A short summary, and your map picture (or the PICTURE named, e.g. view power france) in "
                         "--out (and the battle picture while one is fought); json: the raw view (without the "
                         "static board unless full)"),
    Command("hand", "Your private hand and hidden pieces (only you see them)", "hand", PLAYING, (GAME, MY_ROLE, DM)),
    Command("map", "The public map of a game, posted here", "map [PICTURE [CHOICE]] [public]", PLAYING,
            (GAME, PICTURE), console_note="Written to --out (needs the renderer; e.g. map battle, map region italy "
                                          "or map region:italy)"),
    Command(None, "The game's picture kinds and their choices (the renderer's manifest)", "pictures", PLAYING),
    Command("log", "The game log as you may read it (only you see it)", "log [N]", PLAYING,
            (GAME, Option("lines", INTEGER, "How many recent lines (default 20)", min_value=1, max_value=200),
             Option("new", BOOLEAN, "Only what happened since you last looked"))),
    Command(None, "What happened since you last looked", "digest", PLAYING),
    Command("game history", "Turns played so far, or the map at the start of one turn", "history [TURN [json]]",
            PLAYING, (Option("turn", TEXT, "Show this turn's map (default: list the turns)", suggest="turn"), GAME)),
    Command("game autopass", "Pass at once in response windows when you hold nothing to play", "autopass on|off",
            PLAYING,
            (Option("on", BOOLEAN, "On: pass automatically (it tells the others you hold nothing); off: always ask",
                    required=True), GAME)),
    Command("standing", "Standing answers for this game (pass every window, never intercept...)",
            "standing [ID [on|off [unless CONDITION ...]]]", PLAYING,
            (Option("answer", TEXT, "Which standing answer (leave out to list them)"),
             Option("on", BOOLEAN, "On: answer so for me whenever it fits; off: ask me"),
             GAME,
             Option("unless", TEXT, "Conditions, e.g. op71 op74: ask me instead when one holds")),
            console_note="Without ID: the list, with what you set; with ID alone: its conditions"),
    # ---- slow play and admin -----------------------------------------------------------------------
    Command("deadline", "When the current step must be played, and what happens then", "deadline", SLOW, (GAME,)),
    Command("vacation", "Pause your deadlines while away (0 days ends the vacation)", "vacation DURATION|off", SLOW,
            (Option("days", INTEGER, "Days away, in all your games (0 to come back)", required=True, min_value=0,
                    max_value=60),), console_note="For example vacation 3d"),
    Command("admin seat-bot", "Give a free seat to Herald's computer player before the start",
            "computer SEAT|ROLE [LEVEL]", PLAYERS,
            (Option("role", TEXT, "The seat (role) it takes", required=True, suggest="role"),
             Option("level", TEXT, "How strongly it plays: one of the game's levels (blank: its strongest)"), GAME)),
    Command("nudge", "Remind the players the game waits for (once per step)", "nudge", SLOW, (GAME,)),
    Command("admin lateness", "Each player's late moves, missed deadlines and nudges", "admin lateness", SLOW,
            (GAME,)),
    Command("admin substitutes", "Who accepts substitutes: you, or the other players by majority",
            "admin substitutes gm|majority", SLOW,
            (Option("by", TEXT, "gm (you, the default) or majority (the other players vote)", required=True),
             GAME)),
    Command("admin pause", "Pause the game (no deadlines run)", "admin pause", SLOW, (GAME,)),
    Command("admin resume", "Resume a paused game", "admin resume", SLOW, (GAME,)),
    Command("admin abort", "End the game without a result", "admin abort [REASON] [confirm]", SLOW,
            (GAME, REASON, CONFIRM), console_note="First says what it would do: add confirm to do it"),
    Command("admin end", "Finish the game with a result (a concession, an agreed result)",
            "admin end [WINNER ...] [confirm]", SLOW,
            (Option("winner", TEXT, "The winning role (empty: a draw)", suggest="role"), REASON, GAME, CONFIRM),
            console_note="First says what it would do: add confirm to do it"),
    Command("admin replace-seat", "Give a seat to another player", "admin replace SEAT|ROLE USER", SLOW,
            (Option("role", TEXT, "The seat to hand over", required=True, suggest="role"),
             Option("user", USER, "The new player", required=True), GAME)),
    Command("admin extend-deadline", "Push the current deadline back", "admin extend DURATION [ROLE]", SLOW,
            (Option("hours", INTEGER, "Hours to add", required=True, min_value=1, max_value=24 * 30), GAME)),
    Command("admin set", "Change a game setting: deadlines, window length, policy, reminders, spectators",
            "admin set KEY=VALUE ...", SLOW,
            (Option("setting", TEXT, "Which setting (pick a suggestion)", required=True, suggest="setting"),
             Option("value", TEXT, "Its new value, such as 2d, 6h, none, default, on", required=True,
                    suggest="setting_value"), GAME),
            console_note="Keys: deadline.turn deadline.secret deadline.reaction deadline.negotiation "
                         "deadline.policy deadline.reaction_policy deadline.robot_after deadline.robot_level "
                         "reminders spectators; status shows them all"),
    Command("game abort", "End the game without a result (game master)", "admin abort [REASON] [confirm]", SLOW,
            (GAME, REASON, CONFIRM)),
    Command("game concede", "Give up the game: the other side wins", "concede [confirm]", SLOW, (GAME, CONFIRM),
            console_note="First says what it would do: add confirm to do it"),
    Command(None, "Process deadlines and reminders now", "tick", SLOW),
    Command(None, "Move the clock forward, then tick", "advance DURATION", SLOW,
            console_note="The offset lasts for this session only: it is lost when the console exits (stored "
                         "deadlines keep their dates, so a later session sees them on the real clock)"),
    Command(None, "Print waiting messages (the channel's and yours)", "messages", SLOW,
            console_note="Other players' direct messages wait until they take the terminal with as NAME"),
    Command(None, "Check the stored game against its log", "replay", SLOW),
    # ---- records -----------------------------------------------------------------------------------
    Command("archive", "The whole game as one web page: its log turn by turn with each turn's map",
            "archive [FILE]", RECORDS, (GAME, DM),
            console_note="Written to --out (FILE: its name there); public facts only, under 10 MiB"),
    Command("replay-picture", "The game's story as one animated picture: the public map turn by turn",
            "replay-picture [FILE]", RECORDS, (GAME,), console_note="An animated WebP written to --out"),
    Command("results", "Finished games here and each player's standing (wins, games, average place)",
            "results [GAME]", RECORDS, (Option("game", TEXT, "Only this game", choices="games"),),
            console_description="Finished games and each player's standing (wins, games, average place)"),
    Command("help", "How to play with Herald", "help", SCRIPTS),
    Command(None, "Leave the console (exit too)", "quit", SCRIPTS),
)


def discord_commands() -> list[Command]:
    """The commands Discord registers, in order."""
    return [c for c in COMMANDS if c.path is not None]


def by_path(path: str) -> Command:
    for command in COMMANDS:
        if command.path == path:
            return command
    raise KeyError(path)


#: the console's own words where Discord's speak of channels, buttons and posts (issue 26)
CONSOLE_WORDS = {
    "game new": "Create a game (you become its game master)",
    "game list": "The games here and the games you play",
    "play": "Your prompt and your choices, numbered",
    "view": "The game in words as you see it, and your map picture",
    "hand": "Your hand with each card's effect, your hidden pieces and your own board",
    "map": "A picture of the game, written to the out folder",
    "log": "The game log as you may read it",
}
COMMANDS = tuple(replace(c, console_description=CONSOLE_WORDS[c.path]) if c.path in CONSOLE_WORDS else c
                 for c in COMMANDS)
