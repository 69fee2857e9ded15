"""The table service's parts, one capability each, assembled into :class:`bot.service.TableService`:

- :mod:`.records`   errors, the answers the service gives, a stored game's row, parse_game_id
- :mod:`.base`      connection and transactions, engine lookup, loading state, seats and users, permissions
- :mod:`.seating`   catalogue, create_game, join, leave, swap, spectators, start
- :mod:`.play`      submit and undo, and what an order sets off (automatic passes, next deadlines, messages)
- :mod:`.slowplay`  tick (deadlines, reminders, defaults), vacation, auto-pass, extend_deadline
- :mod:`.reading`   status, choices, view, log, digest, history, pictures and their manifest
- :mod:`.messages`  send, negotiation side channels
- :mod:`.admin`     end, concede, abort, pause, resume, replace_seat, replay

Import the service from :mod:`bot.service`; these modules are its rooms, not separate services.
"""
