"""The commands a mail may carry, and the help that lists them (answered to "help" or an empty mail)."""

COMMANDS = ("help", "new", "join", "leave", "start", "status", "choices", "undo", "follow", "unfollow", "map",
            "standing", "run", "view", "hand", "quiet", "vacation", "concede", "pause", "resume", "end", "replace",
            "games", "nudge", "replaceme", "volunteer", "substitute", "archive", "computer")

HELP = """Herald hosts slow board games by mail (and on Discord), with every rule enforced.

Commands, one per line, in the body of a mail to Herald (or in its subject):
  new GAME [scenario ID] [as ROLE]   open a game (you are its game master and take a seat)
  join #12 [ROLE]                    take a seat in game #12; Herald answers with your seat's secret
  start #12                          the game master deals the game once every seat is taken
  status #12                         seats, turn, whom the game waits for
  games [mine|waiting|open|finished] [PAGE]   the board: the games played by mail and yours, whose move,
                                     who is late, seats to take
  nudge                              remind the players your game waits for (once per step)
  replaceme / replaceme off          ask to be replaced: you play on until a substitute is accepted
  volunteer #12 [SEAT]               offer to take a seat its player left (or asked to be replaced in)
  follow #12 / unfollow #12          get (or stop) the public map and log of a game you do not play
  map #12 [PICTURE [CHOICE]]         a public picture of the game, e.g. "map #12 region italy"
  archive #12                        the whole game as one web page (its log turn by turn, each turn's
                                     map, the final position), attached; public facts only
  choices                            your choices again
  undo                               take back your last order (until something is revealed)
  run ID ID ... / run confirm        answer a run of your own questions in one go (markers, pickups, losses)
  standing [ID on|off]               your standing answers for the game (e.g. "standing pass-windows on";
                                     "standing ID" lists its conditions: "... on unless op71")
  leave                              give up your seat (after the start, a substitute may take it)
  view / hand                        the game in words as you see it / only what is yours (your hand)
  quiet on / quiet off               quiet (the default): a mail only when you are asked something, with
                                     everything since your last mail, and a daily digest; off: every update
  vacation 7d / vacation off         your deadlines stop running for that long (or start again now)
  concede                            give up: the game ends and the other seats win

For the game master (with your seat's secret, as for orders):
  pause / resume                     stop every clock of the game, and start them again
  end [REASON]                       end the game now, with no winner
  replace SEAT ADDRESS               give a seat (its number or a role) to the player at ADDRESS
  substitute ADDRESS [SEAT]          accept a volunteer (under "majority", a player's vote)
  computer SEAT [LEVEL]              before the start: Herald's computer player takes a free seat (its
                                     number or a role); LEVEL is how strongly it plays ("computer"
                                     alone lists the game's levels)

When it is your move, Herald's mail lists your choices, numbered, with their ids. Reply with a number,
an id, or several orders one per line. Every order must carry your seat's secret: replying to Herald's
mail does it (the reply address carries it), or write "key YOUR-SECRET" in the subject. Quoted text and
signatures in your reply are ignored."""
