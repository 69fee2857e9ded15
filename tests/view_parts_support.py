"""A shared check for engines whose ``view_parts`` keeps the shared part for hidden variants (issue 28)."""

from __future__ import annotations


def readers(state) -> list:
    return [r for seat in state["seats"] for r in seat] + [None]


def check_variant_views(engine, positions, ownerless_alike: bool = True) -> tuple[int, int]:
    """For every hidden variant of every position: each reader's view from the parts is the view built afresh
    for the variant, and a reader other than the owner sees what it saw before (``ownerless_alike``: for a
    change owned by nobody, such as the deck's order, too). Returns how often the variant took the position's
    shared part and how often the owner saw a change."""
    taken = owner_saw_change = 0
    for state in positions:
        seen_by = readers(state)
        shared, own = engine.view_parts(state, seen_by)
        for owner, what, variant in engine.hidden_variants(state):
            variant_shared, variant_own = engine.view_parts(variant, seen_by)
            taken += variant_shared is shared
            for reader in seen_by:
                whole = {**variant_shared, **variant_own[reader]}
                assert whole == engine.view(variant, reader), (owner, what, reader)
                if reader != owner and (owner is not None or ownerless_alike):
                    assert whole == {**shared, **own[reader]}, (owner, what, reader)
                elif reader == owner and whole != {**shared, **own[reader]}:
                    owner_saw_change += 1
    return taken, owner_saw_change
