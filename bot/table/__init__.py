"""The table service's parts, one capability each, assembled into :class:`bot.service.TableService`:

- :mod:`.records`   errors, the answers the service gives, a stored game's row, parse_game_id
- :mod:`.base`      connection and transactions, engine lookup, loading state, seats and users, permissions
- :mod:`.seating`   catalogue, create_game, join, leave, swap, spectators, start
- :mod:`.play`      submit and undo, and what an order sets off (automatic passes, next deadlines, messages)
- :mod:`.slowplay`  tick (deadlines, reminders, defaults), vacation, auto-pass, extend_deadline
- :mod:`.reading`   status, choices, view, log, digest, history, pictures and their manifest
- :mod:`.messages`  send, negotiation side channels
- :mod:`.admin`     end, concede, abort, pause, resume, replace_seat, replay
- :mod:`.settings`  a game's own settings: game_settings, change_settings, check_settings
- :mod:`.archive`   archive (the game as one HTML page), replay_picture (the public map, animated)
- :mod:`.results`   results: finished games and each player's standing per game

Import the service from :mod:`bot.service`; these modules are its rooms, not separate services.
"""
