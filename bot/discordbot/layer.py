"""The Discord layer proper: what each command, button and menu does, over the table service.

Thin by design: every rule and every stored fact lives in :class:`bot.service.TableService`; this module
only resolves which game and which seat a Discord user means, calls the service in a worker thread
(``asyncio.to_thread``: SQLite and rendering never block the event loop), and turns the answers into
messages. Replies to commands are private (ephemeral); what the table should see (seats taken, turns,
the map, whose move) arrives through the service's outbox, delivered by :meth:`Layer.deliver_pending`.

Every interaction is answered exactly once: slow handlers defer first (within Discord's 3 seconds) and
then send followups; quick ones (autocomplete, page turns) answer directly.

Access: a game named by its id is shown only in its own server, to someone who can see its channel (or
in DMs, to its players and game master). Mentions: the channel pings a player only on the post that says
a role of theirs is newly waited for, and exactly that player (no name or reason can ping anyone).

Where the code lives (this module is the façade; each part is a mixin of :class:`Layer`):
    common.py         constants, Refusal, choice tokens, times, a view's private facts as text
    core.py           service calls off the event loop, one answer per interaction, resolving game and seat
    lobby.py          /game new, join, leave, swap, follow, start, status, list; /help
    playing.py        choices as buttons and menus, /play, /order, /undo, /game autopass, /deadline, /vacation
    looks.py          /hand, /view, /map, /log, /game history
    admin.py          /admin ..., /game concede, /game abort
    board.py          /games (the server's board, paged), /nudge, /admin lateness
    substitutes.py    /sub ask, /sub volunteer, /sub accept, /admin substitutes
    records.py        /admin set, /archive, /replay-picture, /results
    autocomplete.py   suggestions for command options
    delivery.py       the outbox delivered exactly once: posts, DMs, pictures, pings
    undeliverable.py  messages given up, and the game master told why
"""

from __future__ import annotations

from .admin import AdminMixin
from .autocomplete import AutocompleteMixin
from .board import BoardMixin
from .common import (  # noqa: F401  (importable from here as before)
    _CHANGED, ALERT_AGAIN_AFTER, DM_CLOSED_FLAG, HELP, MUTATING, NONCE_MEMORY, ORDER_REF, PERMANENT_ERRORS, STALE,
    THREAD_TYPES, VERSIONED_ORDER, NotDiscord, Refusal, Undeliverable, _split_token, choice_token, format_facts,
    humanize, log, private_facts, when)
from .core import LayerCore
from .delivery import DeliveryMixin
from .lobby import LobbyMixin
from .looks import LooksMixin
from .playing import PlayingMixin
from .records import RecordsMixin
from .substitutes import SubstitutesMixin
from .undeliverable import UndeliverableMixin


class Layer(BoardMixin, SubstitutesMixin, LobbyMixin, PlayingMixin, LooksMixin, AdminMixin, RecordsMixin,
            AutocompleteMixin, DeliveryMixin, UndeliverableMixin, LayerCore):
    """Everything the commands and components do. ``client`` is the ``discord.Client`` (or, in tests, a
    fake with ``get_user/fetch_user/get_channel/fetch_channel``)."""
