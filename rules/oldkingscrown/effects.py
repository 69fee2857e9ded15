"""Effects of tactic tiles, Kingdom cards and Kingdom's Favour actions (a small vocabulary of steps read from
the data files), buying from the Site of Power, and discarding down to hand size."""

from __future__ import annotations

from rules.core.wording import plural, possessive

from rules.core.flow import act

from .data import CARDS, COMMAND_NAMES, COUNCIL_NAMES, COUNCILS, LOCATIONS, REGION_LOCATIONS, REGION_NAMES, \
    REGIONS, TRAIT_NAMES, card_name
from .procedures import FLOW, Choice, call_if, each, end_into
from . import state as S
from .text import cards, fname, lname


def effect(f, steps, source):
    """The frame running an effect's steps in order (each step may ask its owner a choice)."""
    return {"name": "op_list", "faction": f, "steps": steps, "source": source}


def lore_gained(state, f):
    """Whenever you gain lore you may buy from your Site of Power: the frame asking it, if any card is
    affordable."""
    return {"name": "buy", "role": f} if S.affordable(state, f) else None


def hand_check(state, f):
    """The frame asking ``f`` to discard down to hand size, if its hand is over it."""
    return {"name": "discard_down", "role": f} if S.over_hand(state, f) else None


def own_clash_cards(state, f):
    clash = state.get("clash")
    if not clash:
        return []
    return [e["id"] for e in S.clash_cards(state, clash["region"], clash["number"], f)]


def op_list(g):
    """Queue the effect's steps, each an ``op`` frame."""
    g.local["queue"] = [{"name": "op", "faction": g.local["faction"], "step": s, "source": g.local["source"]}
                        for s in g.local["steps"]]


def op(g):
    """One step of an effect."""
    state, frame = g.state, g.local
    f, step = frame["faction"], frame["step"]
    op, n = step["op"], step.get("n", 0)
    p = S.fx(state, f)
    who = fname(f)
    if op == "gain_influence":
        S.gain_influence(state, f, n)
        g.log(f"{who} gains {n} influence ({frame['source']}).")
    elif op == "gain_lore":
        S.gain_lore(state, f, n)
        g.log(f"{who} gains {n} lore ({frame['source']}).")
        call_if(g, lore_gained(state, f))
    elif op == "supporters_from_lost":
        back = min(n, p["supporters_lost"])
        p["supporters_lost"] -= back
        p["supporters_home"] += back
        g.log(f"{who} returns {plural(back, 'supporter')} from the Lost Pile ({frame['source']}).")
    elif op == "strength_clash":
        if state.get("clash"):
            state["clash"]["bonus"][f] = state["clash"]["bonus"].get(f, 0) + n
            g.log(f"{who} has +{n} strength in this clash ({frame['source']}).")
    elif op == "draw":
        got = S.draw(state, f, n)
        if got:
            g.reveal()
        g.log(f"{who} draws {cards(got)} ({frame['source']}).")
        call_if(g, hand_check(state, f))
    elif op == "extra_govern":
        p["governs"] += 1
        g.log(f"{who} may Govern once more this autumn ({frame['source']}).")
    elif op == "extra_journey":
        p["journeys"] += 1
        g.log(f"{who} may Journey once more this autumn ({frame['source']}).")
    elif op == "storms":
        state["storms"] = f
        g.log(f"{who} will place the clash markers this round ({frame['source']}).")
    elif op in ("strength_region", "grant_command", "grant_trait", "move_herald", "recover_lost_card",
                "steal_from_leader", "prophet"):
        if _choices(state, f, step):
            g.call("effect_choice", role=f, step=step, source=frame["source"])
    else:
        raise ValueError(f"unknown effect step {op!r}")


FLOW.procedure("op_list", op_list, each("queue"))
FLOW.procedure("op", op)


def _choices(state, f, step):
    """(id, label) pairs for the effect steps that need a choice; empty when nothing can be chosen."""
    op = step["op"]
    if op == "strength_region":
        return [(r, REGION_NAMES[r]) for r in REGIONS]
    if op in ("grant_command", "grant_trait"):
        return [(c, card_name(c)) for c in own_clash_cards(state, f)]
    if op == "move_herald":
        here = S.fx(state, f)["herald"]
        return [(loc, lname(loc)) for loc in LOCATIONS if loc != here] if here else []
    if op == "recover_lost_card":
        return [(c, card_name(c)) for c in state["lost"] if CARDS[c]["faction"] == f]
    if op == "steal_from_leader":
        opp = [o for o in S.factions(state) if o != f]
        best = max((S.fx(state, o)["influence"] for o in opp), default=0)
        return [(o, fname(o)) for o in opp if best > 0 and S.fx(state, o)["influence"] == best]
    if op == "prophet":
        clash = state.get("clash")
        return [(loc, lname(loc)) for loc in REGION_LOCATIONS[clash["region"]]] if clash else []
    return []


@FLOW.decision("effect_choice")
class EffectChoice(Choice):
    PROMPTS = {"strength_region": "Choose the region for the extra strength.",
               "move_herald": "Move your herald to which location?",
               "recover_lost_card": "Which of your cards leaves the Lost Pile for your discard pile?",
               "steal_from_leader": "Steal 1 influence from which leader?",
               "prophet": "Move your herald to which location of this region?"}

    def prompt(self, g, role):
        step = g.local["step"]
        if step["op"] == "grant_command":
            text = f"Choose the card that gains {COMMAND_NAMES.get(step.get('command'), '')}."
        elif step["op"] == "grant_trait":
            text = f"Choose the card that gains {TRAIT_NAMES.get(step.get('trait'), '')}."
        else:
            text = self.PROMPTS[step["op"]]
        return f"{text} ({g.local['source']})"

    def actions(self, g, role):
        return [act("pick", cid, label=label) for cid, label in _choices(g.state, role, g.local["step"])]

    def on_pick(self, g, f, choice):
        state, step, source, who = g.state, g.local["step"], g.local["source"], fname(f)
        op = step["op"]
        after = None
        if op == "strength_region":
            state["mods"].append({"kind": "strength_region", "faction": f, "value": choice, "n": step["n"]})
            g.log(f"{who} has +{step['n']} strength in the first clash of {REGION_NAMES[choice]} ({source}).")
        elif op in ("grant_command", "grant_trait"):
            kind = "command" if op == "grant_command" else "trait"
            value = step[kind]
            state["mods"].append({"kind": kind, "faction": f, "card": choice, "value": value, "source": source})
            name = COMMAND_NAMES.get(value) or TRAIT_NAMES.get(value)
            g.log(f"{possessive(who)} {card_name(choice)} gains {name} until the end of the round ({source}).")
        elif op in ("move_herald", "prophet"):
            S.fx(state, f)["herald"] = choice
            g.log(f"{who} moves its herald to the {lname(choice)} ({source}).")
            if op == "prophet":
                after = {"name": "prophet_supporters", "role": f, "moved": 0}
        elif op == "recover_lost_card":
            state["lost"].remove(choice)
            S.discard_card(state, f, choice)
            g.log(f"{who} moves {card_name(choice)} from the Lost Pile to its discard pile ({source}).")
        elif op == "steal_from_leader":
            got = S.steal_influence(state, f, choice, step["n"])
            g.log(f"{who} steals {got} influence from {fname(choice)} ({source}).")
        end_into(g, [after])


@FLOW.decision("prophet_supporters")
class ProphetSupporters(Choice):
    """Prophet of the Waves: move up to two supporters from other regions to the current region."""

    text = "Move a supporter from another region to this one, or finish."

    def actions(self, g, f):
        state = g.state
        here = state["clash"]["region"] if state.get("clash") else None
        out = [act("done", label="Finish")]
        if g.local["moved"] < 2 and here:
            out += [act("from", r, label=f"From {REGION_NAMES[r]}") for r in REGIONS
                    if r != here and state["regions"][r]["supporters"].get(f, 0) > 0]
        return out

    def on_from(self, g, f, src):
        state = g.state
        here = state["clash"]["region"]
        state["regions"][src]["supporters"][f] -= 1
        state["regions"][here]["supporters"][f] = state["regions"][here]["supporters"].get(f, 0) + 1
        g.local["moved"] += 1
        g.log(f"{fname(f)} moves a supporter from {REGION_NAMES[src]} to {REGION_NAMES[here]}.")


# ---- Site of Power ---------------------------------------------------------------------------------
@FLOW.decision("buy")
class Buy(Choice):
    def prompt(self, g, f):
        return f"You have {S.fx(g.state, f)['lore']} lore: acquire a card from your Site of Power, or keep the lore."

    def actions(self, g, f):
        return [act("keep", label="Keep the lore")] + [
            act("buy", c, label=f"{card_name(c)} ({CARDS[c]['cost']} lore)", group="Site of Power")
            for c in S.affordable(g.state, f)]

    def on_keep(self, g, f):
        g.end()

    def on_buy(self, g, f, cid):
        queen = acquire(g, f, cid)
        end_into(g, [lore_gained(g.state, f), queen])      # buying again comes before the Queen's Govern


def acquire(g, f, cid):
    """Acquiring Cards From Your Site of Power: advanced cards to hand (or deck top when the hand is full),
    HQ cards to the supply. Returns the frame of The Queen, Long Ago's Govern when it is owed."""
    state = g.state
    p = S.fx(state, f)
    card = CARDS[cid]
    p["lore"] -= card["cost"]
    p["site"].remove(cid)
    if card["kind"] == "hq":
        p["hq"].append(cid)
        g.log(f"{fname(f)} acquires the HQ {card['name']} for {card['cost']} lore.")
        if "day_door" in card["abilities"]:
            p["door_markers"] = min(card.get("markers", 3), S.markers_free(state, f))
        return None
    where = S.add_to_hand(state, f, cid)
    g.log(f"{fname(f)} acquires {card['name']} for {card['cost']} lore"
          + (" (hand full: it goes on top of the deck)." if where == "deck" else "."))
    if "on_acquire_govern_from_piles" in card["abilities"]:
        return {"name": "queen", "role": f, "councils": []}
    return None


@FLOW.decision("queen")
class Queen(Choice):
    """The Queen, Long Ago: Govern with up to three cards from the Lost Pile and/or discard pile, each into a
    different council."""

    text = "Govern with a card from your Lost Pile or discard pile (each into a different council), or finish."

    def actions(self, g, f):
        state, chosen = g.state, g.local["councils"]
        out = [act("done", label="Finish")]
        if len(chosen) >= 3:
            return out
        pool = [c for c in state["lost"] if CARDS[c]["faction"] == f] + list(S.fx(state, f)["discard"])
        for c in dict.fromkeys(pool):
            if S.votes_of_card(state, c) < 1:
                continue
            for council in COUNCILS:
                if council not in chosen:
                    out.append(act("gov", c, council, label=f"{card_name(c)} → {COUNCIL_NAMES[council]}"))
        return out

    def on_gov(self, g, f, cid, council):
        state = g.state
        if cid in state["lost"]:
            state["lost"].remove(cid)
        else:
            S.fx(state, f)["discard"].remove(cid)
        state["councils"][council].append({"kind": "card", "id": cid, "owner": f})
        g.local["councils"].append(council)
        g.log(f"{fname(f)} Governs with {card_name(cid)} into the {COUNCIL_NAMES[council]} (The Queen, Long Ago).")


@FLOW.decision("discard_down")
class DiscardDown(Choice):
    def prompt(self, g, f):
        return f"Your hand is over its size of {S.fx(g.state, f)['hand_size']}: discard a card."

    def actions(self, g, f):
        return [act("discard", c, label=card_name(c)) for c in dict.fromkeys(S.fx(g.state, f)["hand"])]

    def on_discard(self, g, f, cid):
        p = S.fx(g.state, f)
        p["hand"].remove(cid)
        p["discard"].append(cid)
        g.log(f"{fname(f)} discards {card_name(cid)} down to hand size.")
        if not S.over_hand(g.state, f):
            g.end()
