"""Herald on Discord (DESIGN.md §3): a thin layer over :class:`bot.service.TableService`.

- :mod:`.app`         `herald run`: the client (default intents only), command sync, delivery and tick loops
- :mod:`.commands`    the application-command tree, built from bot/commandspec.py (the console reads it too)
- :mod:`.layer`       what every command, button and menu does: the façade over its parts, one mixin each:
  :mod:`.lobby` (/game new, join, swap, start, status), :mod:`.playing` (choices, /play, /order, /undo,
  deadlines), :mod:`.looks` (/hand, /view, /map, /log, history), :mod:`.admin` (/admin, concede, abort),
  :mod:`.autocomplete`, :mod:`.delivery` (the outbox, exactly once; DM fallback), :mod:`.undeliverable`
  (given up, the game master told), on :mod:`.core` (service calls, resolving the game) and :mod:`.common`
- :mod:`.talk`        negotiation side channels as private threads
- :mod:`.components`  legal actions -> paginated buttons and select menus, as restart-proof dynamic items
- :mod:`.replies`     answering interactions exactly once; DM with an ephemeral fallback
- :mod:`.settings`    the [discord] config section, bot permissions, invite URL, no-token help
- :mod:`.limits`      Discord's published limits, and checkers used by the tests
"""
