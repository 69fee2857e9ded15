"""The turn-order action steps: Spring (supporters, spring actions), Day (commands of cards in the clash:
Ambush, Retreat, Flank; day actions) with its second pass for newly revealed cards, and Autumn (Govern,
Journey, Rally, Deploy, the councils, autumn actions). Each action once per round unless stated."""

from __future__ import annotations

from .data import CARDS, COUNCIL_NAMES, COUNCILS, FAVOUR, KINGDOM, LOCATIONS, REGIONS, TACTICS, \
    BOARD, card_name
from .effects import run_effect
from .frames import act, ask, decision, pop, push
from . import state as S
from .summer import govern, journey, _lore
from .text import fname, lname, rname

STEP_NAMES = {"spring": "Spring Action Step", "day": "Day Action Step", "day2": "Day Action Step (revealed cards)",
              "autumn": "Autumn Action Step"}


def used(state, key):
    return key in state["used"]


def mark(state, key):
    state["used"].append(key)


def _clash_key(state):
    c = state["clash"]
    return f"{c['region']}:{c['number']}"


def _timed_sources(state, f, timing):
    """Tactic tiles, Kingdom cards and the Favour usable in this step: (action id, label, steps, source)."""
    out = []
    p = S.fx(state, f)
    for tid, left in p["tactics"].items():
        t = TACTICS[tid]
        if t["timing"] == timing and left > 0:
            out.append((f"tactic:{tid}", f"Tactic: {t['name']}", t["effect"], t["name"]))
    for k in S.kingdom_held(state, f):
        card = KINGDOM[k]
        if card["timing"] == timing and not used(state, f"{f}:kingdom:{card['design']}"):
            out.append((f"kingdom:{k}", f"{card['name']}: {card['text']}", card["effect"], card["name"]))
    fav = FAVOUR.get(f)
    if state["favour"] == f and fav and fav["timing"] == timing and p["favour"] > 0 and not used(state, f"{f}:favour"):
        out.append(("favour", f"Kingdom's Favour: {fav['name']}", fav["effect"], fav["name"]))
    return out


def _day_commands(state, f, cards):
    """Commands of the faction's Active cards in the current clash (each once per clash)."""
    out = []
    key = _clash_key(state)
    elsewhere = S.unresolved_regions(state)
    for cid in cards:
        cmds = S.commands(state, cid)
        card_used = [c for c in ("ambush", "retreat", "flank") if used(state, f"cmd:{cid}:{key}:{c}")]
        if CARDS[cid].get("one_command_per_clash") and card_used and not (cmds - set(CARDS[cid]["commands"])):
            continue
        if "ambush" in cmds and "ambush" not in card_used and S.fx(state, f)["hand"]:
            out.append(act(f"ambush:{cid}", f"Ambush with {card_name(cid)}", "Commands"))
        door = any(m.get("card") == cid and m.get("source") == "The Door in the Night" for m in state["mods"])
        if door and "ambush" not in card_used and S.fx(state, f)["door_markers"] > 0 and S.fx(state, f)["discard"]:
            out.append(act(f"ambushd:{cid}", f"Ambush with {card_name(cid)} from your discard pile "
                                             "(The Door in the Night: remove a marker)", "Commands"))
        if "retreat" in cmds and "retreat" not in card_used:
            out.append(act(f"retreat:{cid}", f"Retreat with {card_name(cid)}", "Commands"))
        if "flank" in cmds and "flank" not in card_used:
            out += [act(f"flank:{cid}:{r}", f"Flank {card_name(cid)} to {rname(r)}", "Commands") for r in elsewhere]
        if "day_burn_copy" in S.abilities(state, cid) and not used(state, f"tooth:{cid}") \
                and any(CARDS[c]["faction"] == f for c in state["lost"]):
            out.append(act(f"tooth:{cid}", f"{card_name(cid)}: Burn a card from the Lost Pile and copy it", "Abilities"))
    return out


def menu(state, f, step, d):
    p = S.fx(state, f)
    out = [act("done", f"Finish your {STEP_NAMES[step]}")]
    if step == "spring":
        if p["supporters_home"] > 0 and not used(state, f"{f}:supporters"):
            out.append(act("supporters", f"Place supporters ({p['supporters_home']} on your board)"))
        if S.has_hq(state, f, "spring_supporters_from_lost") and p["supporters_lost"] and not used(state, f"{f}:havens"):
            out.append(act("havens", "New Havens Harbour: up to two supporters from the Lost Pile to a region"))
        if state["options"]["edition"] == "2025":
            out += _secrets_action(state, f)
    if step in ("spring", "day", "autumn"):
        out += [act(aid, label, "Actions") for aid, label, _, _ in _timed_sources(state, f, step)]
    if step == "day":
        mine = [e["id"] for e in S.clash_cards(state, state["clash"]["region"], state["clash"]["number"], f)]
        out += _day_commands(state, f, mine)
        if S.has_hq(state, f, "day_flankers_to_council") and not used(state, f"{f}:embassy") \
                and any("flank" in S.commands(state, c) for c in mine):
            out.append(act("embassy", "Wandering Embassy: move your Active cards with Flank here into a council"))
        if S.has_hq(state, f, "day_door") and p["door_markers"] > 0 and mine and not used(state, f"{f}:door"):
            out.append(act("door", "The Door in the Night: a card here gains Ambush"))
    if step == "day2":
        live = {e["id"] for e in S.clash_cards(state, state["clash"]["region"], state["clash"]["number"], f)}
        out += _day_commands(state, f, [c for c in d["cards"] if c in live])
    if step == "autumn":
        out += _autumn(state, f)
    return out


def _secrets_action(state, f):
    if used(state, f"{f}:secrets") or S.council_votes(state, f, "secrets") < 1 or S.markers_free(state, f) < 1:
        return []
    return [act("secrets", f"Council of Secrets: place {S.council_votes(state, f, 'secrets')} faction token(s)", "Councils")]


def _autumn(state, f):
    p = S.fx(state, f)
    out = []
    if p["governs"] > 0:
        out += [act(f"govern:{c}:{k}", f"Govern: {card_name(c)} → {COUNCIL_NAMES[k]}", "Govern")
                for c in dict.fromkeys(p["hand"]) if S.votes_of_card(state, c) >= 1 for k in COUNCILS]
    if p["journeys"] > 0:
        pool = list(p["hand"])
        if S.kingdom_ops(state, f, "journey_from_active"):
            pool += [e["id"] for e in S.active_cards(state, f)]
        out += [act(f"journey:{c}", f"Journey: {card_name(c)} (+{_lore(state, c)} lore)", "Journey")
                for c in dict.fromkeys(pool) if _lore(state, c) >= 1]
    for e in S.active_cards(state, f):
        cmds = S.commands(state, e["id"])
        if cmds & {"rally_self", "rally_any_2"} and not used(state, f"rally:{e['id']}"):
            out.append(act(f"rally:{e['id']}", f"Rally with {card_name(e['id'])}", "Commands"))
        if "autumn_wall_token" in S.abilities(state, e["id"]) and not used(state, f"wall:{e['id']}"):
            region, _ = S.region_entry(state, e["id"])
            if state["regions"][region]["supporters"].get(f, 0) >= 2:
                out.append(act(f"wall:{e['id']}", f"{card_name(e['id'])}: place 1 influence on it", "Abilities"))
    for c in dict.fromkeys(p["hand"]):
        if "deploy" in S.commands(state, c):
            out += [act(f"deploy:{c}:{r}", f"Deploy {card_name(c)} beside {rname(r)}", "Commands") for r in REGIONS]
    if state["options"]["edition"] == "2024":
        out += _secrets_action(state, f)
    if not used(state, f"{f}:oaths") and S.council_votes(state, f, "oaths") >= 1 \
            and (p["supporters_lost"] or S.supporters_on_map(state, f)):
        out.append(act("oaths", "Council of Oaths: return supporters to your board", "Councils"))
    for c in COUNCILS:
        for e in state["councils"][c]:
            if e["owner"] != f or e["kind"] != "card":
                continue
            ab = S.abilities(state, e["id"])
            if "autumn_move_council" in ab and not used(state, f"court:{e['id']}"):
                out += [act(f"court:{e['id']}:{k}", f"{card_name(e['id'])}: move to the {COUNCIL_NAMES[k]}", "Abilities")
                        for k in COUNCILS if k != c]
            if "autumn_bringer_marker" in ab and not used(state, f"bringer:{e['id']}") and S.markers_free(state, f) > 0:
                out += [act(f"bringer:{e['id']}:{k}", f"{card_name(e['id'])}: a faction marker on the {COUNCIL_NAMES[k]}",
                            "Abilities") for k in COUNCILS]
    if S.has_hq(state, f, "autumn_buy_road_card") and not used(state, f"{f}:cove") and len(p["spaces"]) > 2:
        champs = [c for c in dict.fromkeys(p["hand"]) if CARDS[c].get("archetype") in ("Captain", "Champion")]
        out += [act(f"cove:{k}:{c}", f"Moonshine Cove: {KINGDOM[k]['name']} with {card_name(c)}", "Abilities")
                for k in state["road"] if k for c in champs]
    if S.has_hq(state, f, "autumn_bank") and not used(state, f"{f}:bank"):
        out.append(act("bank:influence", "Royal Bank: gain 1 influence", "Abilities"))
        captains = [c for c in dict.fromkeys(p["discard"]) if CARDS[c].get("archetype") == "Captain"]
        out += [act(f"bank:captain:{c}", f"Royal Bank: {card_name(c)} from discard to hand", "Abilities") for c in captains]
        if S.factions(state)[0] != f:
            out += [act(f"bank:both:{c}", f"Royal Bank: {card_name(c)} to hand and 1 influence", "Abilities")
                    for c in captains]
    return out


@decision("actions")
class Actions:
    @staticmethod
    def prompt(state, f, d):
        where = f" ({rname(state['clash']['region'])})" if d["step"] in ("day", "day2") else ""
        return f"{STEP_NAMES[d['step']]}{where}: choose an action or finish."

    @staticmethod
    def legal(state, f, d):
        return menu(state, f, d["step"], d)

    @staticmethod
    def apply(state, f, d, aid, ctx):
        if aid == "done":
            pop(state)
            return
        head, _, rest = aid.partition(":")
        who = fname(f)
        p = S.fx(state, f)
        for sid, label, steps, source in _timed_sources(state, f, d["step"]) if d["step"] != "day2" else []:
            if sid == aid:
                _use_source(state, f, aid, source, ctx)
                run_effect(state, f, steps, source)
                return
        if head == "supporters":
            mark(state, f"{f}:supporters")
            push(state, ask(state, "supporters", [f], placed=0))
        elif head == "havens":
            mark(state, f"{f}:havens")
            push(state, ask(state, "havens", [f]))
        elif head == "secrets":
            mark(state, f"{f}:secrets")
            n = min(S.council_votes(state, f, "secrets"), S.markers_free(state, f))
            push(state, ask(state, "secrets", [f], left=n))
        elif head == "oaths":
            mark(state, f"{f}:oaths")
            _oaths(state, f, ctx)
        elif head == "ambush":
            mark(state, f"cmd:{rest}:{_clash_key(state)}:ambush")
            push(state, ask(state, "ambush_card", [f], card=rest))
        elif head == "ambushd":
            mark(state, f"cmd:{rest}:{_clash_key(state)}:ambush")
            p["door_markers"] -= 1
            ctx.log(f"{who} removes a marker from The Door in the Night to Ambush from its discard pile.")
            push(state, ask(state, "ambush_discard", [f], card=rest, source="discard"))
        elif head == "retreat":
            mark(state, f"cmd:{rest}:{_clash_key(state)}:retreat")
            ctx.log(f"{who} uses Retreat ({card_name(rest)}).")
            push(state, ask(state, "retreat", [f]))
        elif head == "flank":
            cid, region = rest.split(":")
            _flank(state, f, cid, region, ctx)
        elif head == "tooth":
            mark(state, f"tooth:{rest}")
            push(state, ask(state, "tooth", [f], card=rest))
        elif head == "embassy":
            mark(state, f"{f}:embassy")
            push(state, ask(state, "embassy", [f]))
        elif head == "door":
            mark(state, f"{f}:door")
            p["door_markers"] -= 1
            ctx.log(f"{who} removes a marker from The Door in the Night.")
            run_effect(state, f, [{"op": "grant_command", "command": "ambush"}], "The Door in the Night")
        elif head == "govern":
            cid, council = rest.split(":")
            p["governs"] -= 1
            govern(state, f, cid, council, ctx)
        elif head == "journey":
            p["journeys"] -= 1
            journey(state, f, rest, ctx)
        elif head == "rally":
            mark(state, f"rally:{rest}")
            if "rally_any_2" in S.commands(state, rest):
                push(state, ask(state, "rally_any", [f], card=rest, picked=0))
            else:
                S.remove_from_region(state, rest)
                where = S.add_to_hand(state, f, rest)
                ctx.log(f"{who} Rallies {card_name(rest)} to " + ("hand." if where == "hand" else "the top of its deck (hand full)."))
        elif head == "deploy":
            cid, region = rest.split(":")
            p["hand"].remove(cid)
            tokens = CARDS[cid].get("deploy", 1)
            state["regions"][region]["cards"].append({"id": cid, "owner": f, "up": True, "clash": None,
                                                      "deployed": True, "tokens": tokens})
            ctx.log(f"{who} Deploys {card_name(cid)} beside {rname(region)} with {tokens} influence on it.")
        elif head == "wall":
            mark(state, f"wall:{rest}")
            _, entry = S.region_entry(state, rest)
            entry["tokens"] = entry.get("tokens", 0) + 1
            entry["deployed"] = True    # its influence counts down in winter like a Deployed card's
            ctx.log(f"{who} places 1 influence on {card_name(rest)}.")
        elif head == "court":
            cid, council = rest.split(":")
            mark(state, f"court:{cid}")
            for c in COUNCILS:
                state["councils"][c] = [e for e in state["councils"][c] if e.get("id") != cid]
            state["councils"][council].append({"kind": "card", "id": cid, "owner": f})
            ctx.log(f"{who} moves {card_name(cid)} to the {COUNCIL_NAMES[council]}.")
        elif head == "bringer":
            cid, council = rest.split(":")
            mark(state, f"bringer:{cid}")
            state["councils"][council].append({"kind": "bringer", "owner": f})
            ctx.log(f"{who} places a faction marker on the {COUNCIL_NAMES[council]} (Bringer of the Word).")
        elif head == "cove":
            k, cid = rest.split(":")
            mark(state, f"{f}:cove")
            state["road"][state["road"].index(k)] = None
            p["hand"].remove(cid)
            ctx.log(f"{who} takes {KINGDOM[k]['name']} from the Great Road (Moonshine Cove).")
            from .flow import occupy, slide_and_fill
            occupy(state, f, k, cid, 2, ctx)
            slide_and_fill(state, ctx)
        elif head == "bank":
            mark(state, f"{f}:bank")
            kind, _, cid = rest.partition(":")
            if kind in ("captain", "both"):
                p["discard"].remove(cid)
                where = S.add_to_hand(state, f, cid)
                ctx.log(f"{who} takes {card_name(cid)} from its discard pile (Royal Bank)"
                        + ("." if where == "hand" else " onto its deck (hand full)."))
            if kind in ("influence", "both"):
                S.gain_influence(state, f, 1)
                ctx.log(f"{who} gains 1 influence (Royal Bank).")
        else:
            raise ValueError(aid)


def _use_source(state, f, aid, source, ctx):
    p = S.fx(state, f)
    head, _, rest = aid.partition(":")
    if head == "tactic":
        p["tactics"][rest] -= 1
        if p["tactic_markers"].get(rest):
            p["tactic_markers"][rest] -= 1
        ctx.log(f"{fname(f)} uses the tactic {source}" + (" (exhausted)." if p["tactics"][rest] == 0 else "."))
    elif head == "kingdom":
        mark(state, f"{f}:kingdom:{KINGDOM[rest]['design']}")
        ctx.log(f"{fname(f)} uses {source}.")
    elif head == "favour":
        mark(state, f"{f}:favour")
        p["favour"] -= 1
        ctx.log(f"{fname(f)} uses the Kingdom's Favour: {source} ({p['favour']} left).")
        if p["favour"] == 0:
            state["favour"] = None
            ctx.log("The Kingdom's Favour returns to the Harvest Field.")


def _flank(state, f, cid, region, ctx):
    """Flank: the card moves, face up and Active, to a region not yet resolved; it leaves this clash."""
    key = _clash_key(state)
    mark(state, f"cmd:{cid}:{key}:flank")
    old, entry = S.region_entry(state, cid)
    S.remove_from_region(state, cid)
    entry["clash"] = None
    state["regions"][region]["cards"].append(entry)
    ctx.log(f"{fname(f)} Flanks {card_name(cid)} from {rname(old)} to {rname(region)}.")
    if "flank_with_supporters" in S.abilities(state, cid) and state["regions"][old]["supporters"].get(f, 0):
        push(state, ask(state, "raze", [f], src=old, dst=region))


def _oaths(state, f, ctx):
    """Council of Oaths: return supporters equal to your votes there, from the Lost Pile first, then the map
    (2025 reference: +1 when you have the most votes there)."""
    p = S.fx(state, f)
    n = S.council_votes(state, f, "oaths")
    if state["options"]["edition"] == "2025":
        others = [S.council_votes(state, o, "oaths") for o in S.factions(state) if o != f]
        if all(n > v for v in others):
            n += 1
    back = 0
    while back < n and p["supporters_lost"]:
        p["supporters_lost"] -= 1
        back += 1
    for r in REGIONS:
        while back < n and state["regions"][r]["supporters"].get(f, 0):
            state["regions"][r]["supporters"][f] -= 1
            back += 1
    p["supporters_home"] += back
    ctx.log(f"{fname(f)} returns {back} supporter(s) to its board (Council of Oaths).")


@decision("supporters")
class Supporters:
    @staticmethod
    def prompt(state, f, d):
        return f"Place a supporter in a region ({S.fx(state, f)['supporters_home']} left), or finish."

    @staticmethod
    def legal(state, f, d):
        out = [act("done", "Finish placing supporters")]
        if S.fx(state, f)["supporters_home"]:
            out += [act(f"sup:{r}", rname(r), "Regions") for r in REGIONS]
        return out

    @staticmethod
    def apply(state, f, d, aid, ctx):
        if aid == "done":
            pop(state)
            if d["placed"]:
                ctx.log(f"{fname(f)} has placed {d['placed']} supporter(s).")
            return
        r = aid.split(":", 1)[1]
        S.fx(state, f)["supporters_home"] -= 1
        state["regions"][r]["supporters"][f] = state["regions"][r]["supporters"].get(f, 0) + 1
        d["placed"] += 1
        ctx.log(f"{fname(f)} places a supporter in {rname(r)}.")
        if not S.fx(state, f)["supporters_home"]:
            pop(state)


@decision("havens")
class Havens:
    @staticmethod
    def prompt(state, f, d):
        return "New Havens Harbour: move up to two supporters from the Lost Pile to which region?"

    @staticmethod
    def legal(state, f, d):
        return [act(f"to:{r}", rname(r)) for r in REGIONS]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        r = aid.split(":", 1)[1]
        p = S.fx(state, f)
        n = min(2, p["supporters_lost"])
        p["supporters_lost"] -= n
        state["regions"][r]["supporters"][f] = state["regions"][r]["supporters"].get(f, 0) + n
        ctx.log(f"{fname(f)} moves {n} supporter(s) from the Lost Pile to {rname(r)} (New Havens Harbour).")


@decision("secrets")
class Secrets:
    """Council of Secrets: faction tokens on locations; a location with enough of your tokens pays its
    location reward (never the herald reward)."""

    @staticmethod
    def prompt(state, f, d):
        return f"Council of Secrets: place a faction token on a location ({d['left']} left)."

    @staticmethod
    def legal(state, f, d):
        return [act(f"token:{loc}", f"{lname(loc)} (you have {state['locations'][loc]['tokens'].get(f, 0)})")
                for loc in LOCATIONS]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        loc = aid.split(":", 1)[1]
        tokens = state["locations"][loc]["tokens"]
        tokens[f] = tokens.get(f, 0) + 1
        d["left"] -= 1
        ctx.log(f"{fname(f)} places a faction token on the {lname(loc)}.")
        if d["left"] > 0 and S.markers_free(state, f) > 0:
            return
        pop(state)
        edition = state["options"]["edition"]
        need = BOARD["secrets_threshold"][edition]
        for place in LOCATIONS:
            t = state["locations"][place]["tokens"]
            if t.get(f, 0) >= need:
                t[f] -= need
                ctx.log(f"{fname(f)} returns {need} tokens from the {lname(place)} and takes its location reward.")
                push(state, {"task": "location_reward", "faction": f, "location": place,
                             "influence": edition == "2024"})


@decision("ambush_discard")      # from the public discard pile: an open choice
@decision("ambush_card", secret=True)
class AmbushCard:
    @staticmethod
    def prompt(state, f, d):
        return "Ambush: choose a card from your hand to add face down to this clash."

    @staticmethod
    def legal(state, f, d):
        zone = d.get("source", "hand")
        return [act(f"add:{c}", f"{card_name(c)} (strength {S.strength(state, c)})", zone.title())
                for c in dict.fromkeys(S.fx(state, f)[zone])]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        cid = aid.split(":", 1)[1]
        S.fx(state, f)[d.get("source", "hand")].remove(cid)
        clash = state["clash"]
        state["regions"][clash["region"]]["cards"].append({"id": cid, "owner": f, "up": False, "clash": None})
        clash["added"].append(cid)
        if d.get("source") == "discard":      # the discard pile is public: the card is known
            ctx.log(f"{fname(f)} Ambushes ({card_name(d['card'])}) with {card_name(cid)} from its discard pile, "
                    "face down.")
        else:
            ctx.log(f"{fname(f)} Ambushes ({card_name(d['card'])}): a card is added face down.")
        ctx.log(f"You add {card_name(cid)} face down.", to=[f])


@decision("retreat")
class Retreat:
    @staticmethod
    def prompt(state, f, d):
        return "Retreat: return your Active cards in this region to hand, your herald and supporters to your board; then finish."

    @staticmethod
    def legal(state, f, d):
        region = state["clash"]["region"]
        out = [act("done", "Finish the Retreat")]
        out += [act(f"card:{e['id']}", f"{card_name(e['id'])} to hand") for e in S.active_cards(state, f, region)]
        herald = S.fx(state, f)["herald"]
        if herald and herald in LOCATIONS and _region_of(herald) == region:
            out.append(act("herald", "Herald to your board"))
        if state["regions"][region]["supporters"].get(f, 0):
            out.append(act("supporter", "A supporter to your board"))
        return out

    @staticmethod
    def apply(state, f, d, aid, ctx):
        if aid == "done":
            pop(state)
            return
        region = state["clash"]["region"]
        p = S.fx(state, f)
        head, _, cid = aid.partition(":")
        if head == "card":
            S.remove_from_region(state, cid)
            where = S.add_to_hand(state, f, cid)
            ctx.log(f"{fname(f)} retreats {card_name(cid)} to " + ("hand." if where == "hand" else "the top of its deck (hand full)."))
        elif head == "herald":
            p["herald"] = None
            ctx.log(f"{fname(f)} retreats its herald to its board.")
        else:
            state["regions"][region]["supporters"][f] -= 1
            reg = state["regions"][region]
            reg["counted"][f] = min(reg["counted"].get(f, 0), reg["supporters"][f])
            p["supporters_home"] += 1
            ctx.log(f"{fname(f)} retreats a supporter to its board.")


def _region_of(loc):
    from .data import LOCATION_REGION
    return LOCATION_REGION[loc]


@decision("raze")
class Raze:
    @staticmethod
    def prompt(state, f, d):
        return f"Raid & Raze: move how many of your supporters from {rname(d['src'])} to {rname(d['dst'])}?"

    @staticmethod
    def legal(state, f, d):
        n = state["regions"][d["src"]]["supporters"].get(f, 0)
        return [act(f"move:{i}", str(i)) for i in range(n + 1)]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        n = int(aid.split(":", 1)[1])
        if n:
            src, dst = state["regions"][d["src"]], state["regions"][d["dst"]]
            src["supporters"][f] -= n
            src["counted"][f] = min(src["counted"].get(f, 0), src["supporters"][f])
            dst["supporters"][f] = dst["supporters"].get(f, 0) + n
            ctx.log(f"{fname(f)} moves {n} supporter(s) along with Raid & Raze.")


@decision("tooth")
class Tooth:
    @staticmethod
    def prompt(state, f, d):
        return "Ritual of the Tooth: Burn which of your cards in the Lost Pile?"

    @staticmethod
    def legal(state, f, d):
        return [act(f"burn:{c}", f"{card_name(c)} (strength {CARDS[c]['strength']})")
                for c in dict.fromkeys(state["lost"]) if CARDS[c]["faction"] == f]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        cid = aid.split(":", 1)[1]
        state["lost"].remove(cid)
        state["burned"].append(cid)
        state["mods"].append({"kind": "copy", "faction": f, "card": d["card"], "value": cid})
        ctx.log(f"{fname(f)} Burns {card_name(cid)}; {card_name(d['card'])} gains its printed strength, traits and commands.")


@decision("embassy")
class Embassy:
    @staticmethod
    def prompt(state, f, d):
        return "Wandering Embassy: move your Active cards with Flank in this clash into which council?"

    @staticmethod
    def legal(state, f, d):
        return [act(f"to:{k}", COUNCIL_NAMES[k]) for k in COUNCILS]

    @staticmethod
    def apply(state, f, d, aid, ctx):
        pop(state)
        council = aid.split(":", 1)[1]
        clash = state["clash"]
        for e in S.clash_cards(state, clash["region"], clash["number"], f):
            if "flank" in S.commands(state, e["id"]):
                S.remove_from_region(state, e["id"])
                state["councils"][council].append({"kind": "card", "id": e["id"], "owner": f})
                ctx.log(f"{fname(f)} moves {card_name(e['id'])} into the {COUNCIL_NAMES[council]} (Wandering Embassy).")


@decision("rally_any")
class RallyAny:
    @staticmethod
    def prompt(state, f, d):
        return "Rally (Any Two): return up to two of your Active cards to hand, then finish."

    @staticmethod
    def legal(state, f, d):
        out = [act("done", "Finish")]
        if d["picked"] < 2:
            out += [act(f"card:{e['id']}", card_name(e["id"])) for e in S.active_cards(state, f)]
        return out

    @staticmethod
    def apply(state, f, d, aid, ctx):
        if aid == "done":
            pop(state)
            return
        cid = aid.split(":", 1)[1]
        S.remove_from_region(state, cid)
        where = S.add_to_hand(state, f, cid)
        d["picked"] += 1
        ctx.log(f"{fname(f)} Rallies {card_name(cid)} to " + ("hand." if where == "hand" else "the top of its deck (hand full)."))
        if d["picked"] >= 2 or not S.active_cards(state, f):
            pop(state)
