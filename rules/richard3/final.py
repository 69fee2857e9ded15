"""The end of a game (9.0): every block is revealed, in the view (view.py shows all blocks and pools once the
game has a result) and in one public log line naming where each side's blocks stood."""

from __future__ import annotations

from .data import AREAS, BLOCKS, BLOCK_IDS, DISPLAY, SIDES, area_name
from .state import side_of


def final_line(state) -> str:
    """"Every block is revealed. York: Earl of Warwick 3/3 and ... in Kent; ... — Lancaster: ..." (the blocks
    on the map; the pools are in the view)."""
    parts = []
    for side in SIDES:
        where: dict[str, list[str]] = {}
        for bid in BLOCK_IDS:
            b = state["blocks"][bid]
            if side_of(state, bid) != side or b["loc"] not in AREAS:
                continue
            where.setdefault(b["loc"], []).append(f"{DISPLAY[bid]} {b['str']}/{BLOCKS[bid]['max']}")
        places = [f"{' and '.join(names)} in {area_name(loc)}" for loc, names in sorted(
            where.items(), key=lambda kv: area_name(kv[0]))]
        parts.append(f"{side.title()}: " + ("; ".join(places) if places else "no block left"))
    return "Every block is revealed. " + " — ".join(parts) + "."


def reveal_all(state, ctx) -> None:
    ctx.log(final_line(state), kind="reveal")
    ctx.reveal()
