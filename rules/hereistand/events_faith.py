"""Here I Stand: #78 Frederick the Wise (1517 only) — the Elector's protection turns the Catholic German spaces
nearest Wittenberg Protestant (18) and may bring The Wartburg back."""

from __future__ import annotations

from rules.core import cards
from rules.core.flow import Decision, Game, act

from . import religion as rl
from . import state as st
from .data import space_name
from .events import EVENTS
from .league import nearest
from .turn import FLOW, religious_victory


# ---- #78 Frederick the Wise (18) --------------------------------------------------------------------------
def frederick_options(s: st.State) -> list[str]:
    """The Catholic German-zone spaces nearest Wittenberg (several when equally near)."""
    return nearest(s, "wittenberg", lambda sp: rl.zone_of(sp) == "german" and rl.is_catholic(s, sp))


@EVENTS.on("78", "event")
def frederick_the_wise(g: Game, power: str, card: str) -> None:
    g.call("frederick_flip", role="protestant", left=2)


@FLOW.decision("frederick_flip")
class FrederickFlip(Decision):
    def active(self, g):
        if g.local["left"] > 0 and frederick_options(g.state):
            return super().active(g)
        return ["protestant"] if self.wartburg(g) else []

    def proceed(self, g):
        g.end()

    @staticmethod
    def wartburg(g):
        return not g.local.get("asked") and "37" in cards.zone(g.state, "discard")

    def prompt(self, g, role):
        if g.local["left"] > 0 and frederick_options(g.state):
            return ("Protestant: Frederick the Wise — choose the next of the nearest Catholic German spaces to "
                    "Wittenberg.")
        return "Protestant: Frederick the Wise — take The Wartburg from the discard pile into your hand?"

    def actions(self, g, role):
        if g.local["left"] > 0 and frederick_options(g.state):
            for sp in frederick_options(g.state):
                yield act("flip", sp, label=f"{space_name(sp)} becomes Protestant")
            return
        yield act("wartburg", label="Take The Wartburg")
        yield act("leave", label="Leave it")

    def on_flip(self, g, role, space):
        for line in rl.flip(g.state, space, rl.PROTESTANT):
            g.log(f"Frederick the Wise: {line}")
        g.local["left"] -= 1
        religious_victory(g, at_once=True)

    def on_wartburg(self, g, role):
        cards.move(g.state, "37", "discard", cards.hand("protestant"))
        g.log("Frederick the Wise: the Protestant takes #37 The Wartburg from the discard pile.")
        g.local["asked"] = True

    def on_leave(self, g, role):
        g.local["asked"] = True

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id
