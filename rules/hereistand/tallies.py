"""Here I Stand's counts at the end of a game, for `herald fuzz --report` (issues 29 and 30 acceptance):
the VP each power holds by source (23.2), the events carried out, every registered event listed (so
one that never fires shows as such), and the combat and response cards played in their windows."""

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
    used = s.get("reactions_played", {})
    from .combat_cards import USES
    from .responses import RESOLVE
    reactions = {st.card_label(c).rpartition(" (")[0]: used.get(c, 0)
                 for c in sorted({"1", *USES, *RESOLVE}, key=int)}
    return {"VP sources at the end": vp, "Events played": events,
            "Combat and response cards played in their windows": reactions}
