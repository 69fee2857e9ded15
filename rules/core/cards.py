"""Cards: zones kept in the JSON state, seeded shuffles, card effects by id, and lasting modifiers.

``state["zones"]`` maps a zone name to a list of card ids; the **top** of a zone is its last element.
Conventional names: ``deck``, ``discard``, ``removed``, ``in_play``, ``aside`` and ``hand:<role>``
(a game may add its own, e.g. ``bid:<role>``). :func:`zone_view` shows each zone as a list or only as a
count, so views hide what they must with one call.

``state["modifiers"]`` holds effects that last "until the end of the impulse / turn / round": each is a
dict with a ``name`` and an ``until`` scope. A flow frame registered with that scope
(``flow.procedure("turn", ..., scope="turn")``) expires them when it ends, so no game forgets to.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from . import rng
from .contract import copy_state

State = dict[str, Any]


class CardError(RuntimeError):
    """A card is not where the rules code says it is: a bug in the game, not a player's mistake."""


def hand(role: str) -> str:
    """The zone name of ``role``'s hand."""
    return f"hand:{role}"


def zone(state: State, name: str) -> list[str]:
    """The cards in zone ``name`` (created empty on first use), bottom first."""
    return state.setdefault("zones", {}).setdefault(name, [])


def where(state: State, card: str) -> str | None:
    for name, cards in state.get("zones", {}).items():
        if card in cards:
            return name
    return None


def move(state: State, card: str, source: str, target: str, *, bottom: bool = False) -> None:
    """Move ``card`` from zone ``source`` to the top (or bottom) of zone ``target``."""
    cards = zone(state, source)
    if card not in cards:
        raise CardError(f"Card {card!r} is not in {source} (it is in {where(state, card)}).")
    cards.remove(card)
    if bottom:
        zone(state, target).insert(0, card)
    else:
        zone(state, target).append(card)


def shuffle(state: State, name: str) -> None:
    """Shuffle zone ``name`` with the state's seeded generator."""
    rng.shuffle(state, zone(state, name))


def draw(g: Any, target: str, count: int = 1, *, deck: str = "deck",
         refill: str | None = "discard") -> list[str]:
    """Move up to ``count`` cards from the top of ``deck`` to ``target``. An empty deck is first refilled
    by shuffling ``refill`` into it (when given); returns the cards drawn (fewer if both ran out).
    Takes the game handle ``g`` (a :class:`rules.core.flow.Game`), not the state: a draw shows someone
    what was hidden in the deck, so it marks the action irreversible (``g.reveal()``)."""
    state = g.state
    if count > 0:
        g.reveal()
    drawn = []
    for _ in range(count):
        cards = zone(state, deck)
        if not cards and refill and zone(state, refill):
            cards.extend(zone(state, refill))
            zone(state, refill).clear()
            shuffle(state, deck)
        if not cards:
            break
        card = cards.pop()
        zone(state, target).append(card)
        drawn.append(card)
    return drawn


def zone_view(state: State, reader: str | None, *, counted: Iterable[str] = ("deck", "aside"),
              owned: Callable[[str], str | None] | None = None) -> dict[str, Any]:
    """Every zone as ``reader`` sees it: ``counted`` zones (and zones owned by another role) as a card
    count, the rest as lists. ``owned`` names a zone's owner; by default ``hand:<role>`` belongs to role."""
    owned = owned or _hand_owner
    counted = set(counted)
    seen: dict[str, Any] = {}
    for name, cards in sorted(state.get("zones", {}).items()):
        owner = owned(name)
        hidden = name in counted or (owner is not None and owner != reader)
        seen[name] = len(cards) if hidden else list(cards)
    return seen


def zone_views(state: State, readers: Iterable[str | None], *, counted: Iterable[str] = ("deck", "aside"),
               owned: Callable[[str], str | None] | None = None) -> dict[str | None, dict[str, Any]]:
    """:func:`zone_view` for several readers at once: the spectator's, with each reader's own zones shown.
    One pass over the zones (the secrecy check builds views for every hidden variant)."""
    owned, counted = owned or _hand_owner, set(counted)
    public: dict[str, Any] = {}
    own: dict[str, list[str]] = {}
    for name, cards in sorted(state.get("zones", {}).items()):
        owner = owned(name)
        if owner is None and name not in counted:
            public[name] = list(cards)
            continue
        public[name] = len(cards)
        if owner is not None and name not in counted:
            own.setdefault(owner, []).append(name)
    zones = state.get("zones", {})
    return {r: {**public, **{name: list(zones[name]) for name in own[r]}} if r in own else dict(public)
            for r in readers}


def _hand_owner(name: str) -> str | None:
    return name.split(":", 1)[1] if name.startswith("hand:") else None


# ---- hidden-data variants for the secrecy check (see rules.core.secrecy) ---------------------------
def _swap_pair(state: State, source: str, other: str, avoid: Iterable[str]) -> tuple[int, int] | None:
    avoid = set(avoid)
    mine, theirs = zone(state, source), zone(state, other)
    for i, card in enumerate(mine):
        if card in avoid:
            continue
        for j, swap in enumerate(theirs):
            if swap != card and swap not in avoid:
                return i, j
    return None


def swap_in(state: State, source: str, other: str, avoid: Iterable[str] = ()) -> bool:
    """In place (a hidden change, see ``Engine.hidden_changes``): one card of ``source`` (not in ``avoid``)
    trades places with a different card of ``other``: the same counts, different contents. False when no
    such pair exists."""
    pair = _swap_pair(state, source, other, avoid)
    if pair is None:
        return False
    i, j = pair
    zones = state["zones"]
    zones[source][i], zones[other][j] = zones[other][j], zones[source][i]
    return True


def swap_variant(state: State, source: str, other: str, avoid: Iterable[str] = ()) -> State | None:
    """A copy of ``state`` with :func:`swap_in` made, or None when no such pair exists."""
    if _swap_pair(state, source, other, avoid) is None:
        return None
    variant = copy_state(state)
    swap_in(variant, source, other, avoid)
    return variant


def reverse_in(state: State, name: str) -> bool:
    """In place: zone ``name`` in reverse order; False if that changes nothing."""
    cards = zone(state, name)
    if cards == cards[::-1]:
        return False
    state["zones"][name].reverse()
    return True


def reorder_variant(state: State, name: str) -> State | None:
    """A copy of ``state`` with zone ``name`` in reverse order (None if that changes nothing)."""
    cards = zone(state, name)
    if cards == cards[::-1]:
        return None
    variant = copy_state(state)
    variant["zones"][name].reverse()
    return variant


# ---- effects by card id and trigger point ----------------------------------------------------------
class Effects:
    """What each card does at each named trigger point (``event``, ``response``, ``combat``, ...).
    ``kind`` maps a card id to its registry key, for decks holding several copies (``ambush#2``)."""

    def __init__(self, kind: Callable[[str], str] = lambda card: card.split("#")[0]) -> None:
        self.kind = kind
        self._table: dict[str, dict[str, Callable[..., Any]]] = {}

    def on(self, card: str, point: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorator: ``@EFFECTS.on("storm", "event") def storm(g, role, card): ...``."""
        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            points = self._table.setdefault(card, {})
            if point in points:
                raise CardError(f"Card {card!r} already has an effect at {point!r}.")
            points[point] = fn
            return fn
        return register

    def has(self, card: str, point: str) -> bool:
        return point in self._table.get(self.kind(card), {})

    def run(self, card: str, point: str, *args: Any, **kwargs: Any) -> Any:
        """Carry out ``card``'s effect at ``point``."""
        fn = self._table.get(self.kind(card), {}).get(point)
        if fn is None:
            raise CardError(f"Card {card!r} has no effect at {point!r}.")
        return fn(*args, card=card, **kwargs)

    def trigger(self, point: str, cards: Iterable[str], *args: Any, **kwargs: Any) -> list[Any]:
        """Run the effect at ``point`` of every card in ``cards`` that has one, in that order."""
        return [self.run(card, point, *args, **kwargs) for card in list(cards) if self.has(card, point)]


# ---- modifiers lasting until the end of a scope ----------------------------------------------------
def add_modifier(state: State, name: str, until: str, **data: Any) -> dict[str, Any]:
    """Record a lasting effect ``name`` (e.g. ``until="turn"``) with its data (owner, card, amount)."""
    modifier = {"name": name, "until": until, **data}
    state.setdefault("modifiers", []).append(modifier)
    return modifier


def modifiers(state: State, name: str | None = None, **match: Any) -> list[dict[str, Any]]:
    """The modifiers in force, optionally only those called ``name`` whose data matches ``match``."""
    return [m for m in state.get("modifiers", ())
            if (name is None or m["name"] == name) and all(m.get(k) == v for k, v in match.items())]


def expire_modifiers(state: State, scope: str) -> list[dict[str, Any]]:
    """Remove (and return) every modifier lasting until the end of ``scope``."""
    kept, gone = [], []
    for m in state.get("modifiers", ()):
        (gone if m["until"] == scope else kept).append(m)
    if gone:
        state["modifiers"] = kept
    return gone
