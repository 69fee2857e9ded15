"""Here I Stand's counts at the end of a game, for `herald fuzz --report` (issues 29 and 30 acceptance):
the VP each power holds by source (23.2) and the events carried out, every registered event listed (so
one that never fires shows as such)."""

from __future__ import annotations

from . import state as st
from .data import MAJORS, load
from .events import has_event


def tallies(s: st.State) -> dict[str, dict[str, int]]:
    data = load()
    vp = {f"{data.power(p).name}: {source}": points
          for p in MAJORS for source, points in st.vp_breakdown(s, p, every=True).items()}
    played = s.get("events_played", {})
    events = {st.card_label(str(n)).rpartition(" (")[0]: played.get(str(n), 0)
              for n in sorted(data.cards) if has_event(n)}
    return {"VP sources at the end": vp, "Events played": events}
