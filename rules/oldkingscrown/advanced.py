"""Advanced Setup (SKIRMISHES & ADVANCED SETUP). The rulebook's table is missing, so the numbers are Herald's
own (DECISIONS): five Kingdom cards dealt to each player in secret; with the Heir and a full hand of six, each
player secretly keeps one Kingdom card and puts one hand card face down to occupy it; after the Order Track is
set both are revealed together, bold instructions resolve in turn order, the rest go back into the Kingdom
deck (shuffled) and hands refill to six."""

from __future__ import annotations

from rules.core import rng
from rules.core.flow import Decision, act

from .data import KINGDOM, card_name
from .procedures import FLOW
from . import state as S
from .text import fname

DEALT = 5


def deal(state):
    for f in S.factions(state):
        S.fx(state, f)["dealt"] = [state["kdeck"].pop(0) for _ in range(DEALT)]


def choose(g):
    """With the option, every player makes the advanced-setup choices before the first round."""
    if g.state["options"]["advanced_setup"]:
        factions = S.factions(g.state)
        g.call("advanced", roles=factions, choices={f: {} for f in factions})


@FLOW.decision("advanced")
class Advanced(Decision):
    kind = "secret"

    def prompt(self, g, f):
        if "kingdom" not in g.local["choices"][f]:
            return "Advanced setup: keep one of your five Kingdom cards (face down)."
        return "Advanced setup: choose the hand card that will occupy it (face down)."

    def actions(self, g, f):
        if "kingdom" not in g.local["choices"][f]:
            return [act("keep", k, label=f"{KINGDOM[k]['name']}: {KINGDOM[k]['text']}", group="Kingdom cards")
                    for k in S.fx(g.state, f)["dealt"]]
        return [act("occupy", c, label=card_name(c), group="Hand") for c in dict.fromkeys(S.fx(g.state, f)["hand"])]

    def on_keep(self, g, f, k):
        g.local["choices"][f]["kingdom"] = k
        g.log(f"You keep {KINGDOM[k]['name']}.", to=[f])

    def on_occupy(self, g, f, cid):
        state, d = g.state, g.local
        d["choices"][f]["card"] = cid
        d["roles"].remove(f)
        g.log(f"{fname(f)} has made its advanced-setup choices.")
        if d["roles"]:
            return
        g.reveal()
        from .flow import occupy
        for o in S.factions(state):
            p = S.fx(state, o)
            k, card = d["choices"][o]["kingdom"], d["choices"][o]["card"]
            p["hand"].remove(card)
            p["dealt"].remove(k)
            state["kdeck"] += p.pop("dealt")
            g.log(f"{fname(o)} reveals {KINGDOM[k]['name']} occupied by {card_name(card)}.", kind="reveal")
            occupy(g, o, k, card, 0)
        rng.shuffle(state, state["kdeck"])
        for o in S.factions(state):
            S.draw(state, o)
        g.end()
