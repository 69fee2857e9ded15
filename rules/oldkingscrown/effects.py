"""Effects of tactic tiles, Kingdom cards and Kingdom's Favour actions (a small vocabulary of steps read from
the data files), buying from the Site of Power, and discarding down to hand size."""

from __future__ import annotations

from .data import CARDS, COMMAND_NAMES, COUNCIL_NAMES, COUNCILS, LOCATIONS, REGION_LOCATIONS, REGION_NAMES, \
    REGIONS, TRAIT_NAMES, card_name
from .frames import act, ask, decision, pop, push, task
from . import state as S
from .text import cards, fname, lname


def run_effect(state, f, steps, source):
    push(state, *[{"task": "op", "faction": f, "step": s, "source": source} for s in steps])


def after_lore(state, f):
    """Whenever you gain lore you may buy from your Site of Power."""
    if S.affordable(state, f):
        push(state, ask(state, "buy", [f]))


def check_hand(state, f):
    if S.over_hand(state, f):
        push(state, ask(state, "discard_down", [f]))


def own_clash_cards(state, f):
    clash = state.get("clash")
    if not clash:
        return []
    return [e["id"] for e in S.clash_cards(state, clash["region"], clash["number"], f)]


@task("op")
def _op(state, frame, ctx):
    f, step = frame["faction"], frame["step"]
    op, n = step["op"], step.get("n", 0)
    p = S.fx(state, f)
    who = fname(f)
    if op == "gain_influence":
        S.gain_influence(state, f, n)
        ctx.log(f"{who} gains {n} influence ({frame['source']}).")
    elif op == "gain_lore":
        S.gain_lore(state, f, n)
        ctx.log(f"{who} gains {n} lore ({frame['source']}).")
        after_lore(state, f)
    elif op == "supporters_from_lost":
        back = min(n, p["supporters_lost"])
        p["supporters_lost"] -= back
        p["supporters_home"] += back
        ctx.log(f"{who} returns {back} supporter(s) from the Lost Pile ({frame['source']}).")
    elif op == "strength_clash":
        if state.get("clash"):
            state["clash"]["bonus"][f] = state["clash"]["bonus"].get(f, 0) + n
            ctx.log(f"{who} has +{n} strength in this clash ({frame['source']}).")
    elif op == "draw":
        got = S.draw(state, f, n)
        ctx.log(f"{who} draws {cards(got)} ({frame['source']}).")
        check_hand(state, f)
    elif op == "extra_govern":
        p["governs"] += 1
        ctx.log(f"{who} may Govern once more this autumn ({frame['source']}).")
    elif op == "extra_journey":
        p["journeys"] += 1
        ctx.log(f"{who} may Journey once more this autumn ({frame['source']}).")
    elif op == "storms":
        state["storms"] = f
        ctx.log(f"{who} will place the clash markers this round ({frame['source']}).")
    elif op in ("strength_region", "grant_command", "grant_trait", "move_herald", "recover_lost_card",
                "steal_from_leader", "prophet"):
        if _choices(state, f, step):
            push(state, ask(state, "effect_choice", [f], step=step, source=frame["source"]))
    else:
        raise ValueError(f"unknown effect step {op!r}")


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


@decision("effect_choice")
class EffectChoice:
    @staticmethod
    def prompt(state, f, d):
        op = d["step"]["op"]
        return {"strength_region": "Choose the region for the extra strength.",
                "grant_command": f"Choose the card that gains {COMMAND_NAMES.get(d['step'].get('command'), '')}.",
                "grant_trait": f"Choose the card that gains {TRAIT_NAMES.get(d['step'].get('trait'), '')}.",
                "move_herald": "Move your herald to which location?",
                "recover_lost_card": "Which of your cards leaves the Lost Pile for your discard pile?",
                "steal_from_leader": "Steal 1 influence from which leader?",
                "prophet": "Move your herald to which location of this region?"}[op] + f" ({d['source']})"

    @staticmethod
    def legal(state, f, d):
        return [act(f"pick:{cid}", label) for cid, label in _choices(state, f, d["step"])]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        choice = aid.split(":", 1)[1]
        step, who = d["step"], fname(f)
        op = step["op"]
        if op == "strength_region":
            state["mods"].append({"kind": "strength_region", "faction": f, "value": choice, "n": step["n"]})
            ctx.log(f"{who} has +{step['n']} strength in the first clash of {REGION_NAMES[choice]} ({d['source']}).")
        elif op in ("grant_command", "grant_trait"):
            kind = "command" if op == "grant_command" else "trait"
            value = step[kind]
            state["mods"].append({"kind": kind, "faction": f, "card": choice, "value": value, "source": d["source"]})
            name = COMMAND_NAMES.get(value) or TRAIT_NAMES.get(value)
            ctx.log(f"{who}'s {card_name(choice)} gains {name} until the end of the round ({d['source']}).")
        elif op in ("move_herald", "prophet"):
            S.fx(state, f)["herald"] = choice
            ctx.log(f"{who} moves its herald to the {lname(choice)} ({d['source']}).")
            if op == "prophet":
                push(state, ask(state, "prophet_supporters", [f], moved=0))
        elif op == "recover_lost_card":
            state["lost"].remove(choice)
            S.discard_card(state, f, choice)
            ctx.log(f"{who} moves {card_name(choice)} from the Lost Pile to its discard pile ({d['source']}).")
        elif op == "steal_from_leader":
            got = S.steal_influence(state, f, choice, step["n"])
            ctx.log(f"{who} steals {got} influence from {fname(choice)} ({d['source']}).")


@decision("prophet_supporters")
class ProphetSupporters:
    """Prophet of the Waves: move up to two supporters from other regions to the current region."""

    @staticmethod
    def prompt(state, f, d):
        return "Move a supporter from another region to this one, or finish."

    @staticmethod
    def legal(state, f, d):
        here = state["clash"]["region"] if state.get("clash") else None
        out = [act("done", "Finish")]
        if d["moved"] < 2 and here:
            out += [act(f"from:{r}", f"From {REGION_NAMES[r]}") for r in REGIONS
                    if r != here and state["regions"][r]["supporters"].get(f, 0) > 0]
        return out

    @staticmethod
    def apply(state, f, d, aid, ctx):
        if aid == "done":
            pop(state)
            return
        src = aid.split(":", 1)[1]
        here = state["clash"]["region"]
        state["regions"][src]["supporters"][f] -= 1
        state["regions"][here]["supporters"][f] = state["regions"][here]["supporters"].get(f, 0) + 1
        d["moved"] += 1
        ctx.log(f"{fname(f)} moves a supporter from {REGION_NAMES[src]} to {REGION_NAMES[here]}.")


# ---- Site of Power ---------------------------------------------------------------------------------
@decision("buy")
class Buy:
    @staticmethod
    def prompt(state, f, d):
        return f"You have {S.fx(state, f)['lore']} lore: acquire a card from your Site of Power, or keep the lore."

    @staticmethod
    def legal(state, f, d):
        return [act("keep", "Keep the lore")] + [
            act(f"buy:{c}", f"{card_name(c)} ({CARDS[c]['cost']} lore)", "Site of Power")
            for c in S.affordable(state, f)]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        if aid == "keep":
            return
        cid = aid.split(":", 1)[1]
        acquire(state, f, cid, ctx)
        if S.affordable(state, f):
            push(state, ask(state, "buy", [f]))


def acquire(state, f, cid, ctx):
    """Acquiring Cards From Your Site of Power: advanced cards to hand (or deck top when the hand is full),
    HQ cards to the supply."""
    p = S.fx(state, f)
    card = CARDS[cid]
    p["lore"] -= card["cost"]
    p["site"].remove(cid)
    if card["kind"] == "hq":
        p["hq"].append(cid)
        ctx.log(f"{fname(f)} acquires the HQ {card['name']} for {card['cost']} lore.")
        if "day_door" in card["abilities"]:
            p["door_markers"] = min(card.get("markers", 3), S.markers_free(state, f))
    else:
        where = S.add_to_hand(state, f, cid)
        ctx.log(f"{fname(f)} acquires {card['name']} for {card['cost']} lore"
                + (" (hand full: it goes on top of the deck)." if where == "deck" else "."))
        if "on_acquire_govern_from_piles" in card["abilities"]:
            push(state, ask(state, "queen", [f], councils=[]))


@decision("queen")
class Queen:
    """The Queen, Long Ago: Govern with up to three cards from the Lost Pile and/or discard pile, each into a
    different council."""

    @staticmethod
    def prompt(state, f, d):
        return "Govern with a card from your Lost Pile or discard pile (each into a different council), or finish."

    @staticmethod
    def legal(state, f, d):
        out = [act("done", "Finish")]
        if len(d["councils"]) >= 3:
            return out
        pool = [c for c in state["lost"] if CARDS[c]["faction"] == f] + list(S.fx(state, f)["discard"])
        for c in dict.fromkeys(pool):
            if S.votes_of_card(state, c) < 1:
                continue
            for council in COUNCILS:
                if council not in d["councils"]:
                    out.append(act(f"gov:{c}:{council}", f"{card_name(c)} → {COUNCIL_NAMES[council]}"))
        return out

    @staticmethod
    def apply(state, f, d, aid, ctx):
        if aid == "done":
            pop(state)
            return
        _, cid, council = aid.split(":")
        if cid in state["lost"]:
            state["lost"].remove(cid)
        else:
            S.fx(state, f)["discard"].remove(cid)
        state["councils"][council].append({"kind": "card", "id": cid, "owner": f})
        d["councils"].append(council)
        ctx.log(f"{fname(f)} Governs with {card_name(cid)} into the {COUNCIL_NAMES[council]} (The Queen, Long Ago).")


@decision("discard_down")
class DiscardDown:
    @staticmethod
    def prompt(state, f, d):
        return f"Your hand is over its size of {S.fx(state, f)['hand_size']}: discard a card."

    @staticmethod
    def legal(state, f, d):
        return [act(f"discard:{c}", card_name(c)) for c in dict.fromkeys(S.fx(state, f)["hand"])]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        cid = aid.split(":", 1)[1]
        p = S.fx(state, f)
        p["hand"].remove(cid)
        p["discard"].append(cid)
        ctx.log(f"{fname(f)} discards {card_name(cid)} down to hand size.")
        if not S.over_hand(state, f):
            pop(state)
