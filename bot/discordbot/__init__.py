"""Herald on Discord (DESIGN.md §3): a thin layer over :class:`bot.service.TableService`.

- :mod:`.app`         `herald run`: the client (default intents only), command sync, delivery and tick loops
- :mod:`.commands`    the application-command tree (/game, /play, /order, /hand, /view, /map, /log, ...)
- :mod:`.layer`       what every command, button and menu does; outbox delivery with the DM fallback
- :mod:`.components`  legal actions -> paginated buttons and select menus, as restart-proof dynamic items
- :mod:`.replies`     answering interactions exactly once; DM with an ephemeral fallback
- :mod:`.settings`    the [discord] config section, bot permissions, invite URL, no-token help
- :mod:`.limits`      Discord's published limits, and checkers used by the tests
"""
