"""Advanced Setup (SKIRMISHES & ADVANCED SETUP). The rulebook's table is missing, so the numbers are Herald's
own (DECISIONS): five Kingdom cards dealt to each player in secret; with the Heir and a full hand of six, each
player secretly keeps one Kingdom card and puts one hand card face down to occupy it; after the Order Track is
set both are revealed together, bold instructions resolve in turn order, the rest go back into the Kingdom
deck (shuffled) and hands refill to six."""

from __future__ import annotations

from rules.core import rng

from .data import KINGDOM, card_name
from .frames import act, ask, decision, pop
from . import state as S
from .text import fname

DEALT = 5


def deal(state):
    for f in S.factions(state):
        S.fx(state, f)["dealt"] = [state["kdeck"].pop(0) for _ in range(DEALT)]


def ask_choices(state):
    return ask(state, "advanced", S.factions(state), choices={f: {} for f in S.factions(state)})


@decision("advanced", secret=True)
class Advanced:
    @staticmethod
    def prompt(state, f, d):
        if "kingdom" not in d["choices"][f]:
            return "Advanced setup: keep one of your five Kingdom cards (face down)."
        return "Advanced setup: choose the hand card that will occupy it (face down)."

    @staticmethod
    def legal(state, f, d):
        mine = d["choices"][f]
        if "kingdom" not in mine:
            return [act(f"keep:{k}", f"{KINGDOM[k]['name']}: {KINGDOM[k]['text']}", "Kingdom cards")
                    for k in S.fx(state, f)["dealt"]]
        return [act(f"occupy:{c}", card_name(c), "Hand") for c in dict.fromkeys(S.fx(state, f)["hand"])]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        head, _, value = aid.partition(":")
        mine = d["choices"][f]
        if head == "keep":
            mine["kingdom"] = value
            ctx.log(f"You keep {KINGDOM[value]['name']}.", to=[f])
            return
        mine["card"] = value
        d["roles"].remove(f)
        ctx.log(f"{fname(f)} has made its advanced-setup choices.")
        if d["roles"]:
            return
        pop(state)
        ctx.reveal()
        from .flow import occupy
        for g in S.factions(state):
            p = S.fx(state, g)
            k, cid = d["choices"][g]["kingdom"], d["choices"][g]["card"]
            p["hand"].remove(cid)
            p["dealt"].remove(k)
            state["kdeck"] += p.pop("dealt")
            ctx.log(f"{fname(g)} reveals {KINGDOM[k]['name']} occupied by {card_name(cid)}.", kind="reveal")
            occupy(state, g, k, cid, 0, ctx)
        rng.shuffle(state, state["kdeck"])
        for g in S.factions(state):
            S.draw(state, g)
