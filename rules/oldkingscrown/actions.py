"""The turn-order action steps: Spring (supporters, spring actions), Day (commands of cards in the clash:
Ambush, Retreat, Flank; day actions) with its second pass for newly revealed cards, and Autumn (Govern,
Journey, Rally, Deploy, the councils, autumn actions). Each action once per round unless stated."""

from __future__ import annotations

from rules.core.wording import plural

from rules.core import Action
from rules.core.flow import act

from .data import CARDS, COUNCIL_NAMES, COUNCILS, FAVOUR, KINGDOM, LOCATIONS, REGIONS, TACTICS, \
    BOARD, card_name
from .effects import effect
from .procedures import FLOW, Choice, HandChoice, call_if, end_into
from . import state as S
from .summer import govern, journey, _lore
from .text import fname, herald_mark, lname, rname

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
    """Tactic tiles, Kingdom cards and the Favour usable in this step: (action id, label, steps, source,
    the effect's text)."""
    out = []
    p = S.fx(state, f)
    for tid, left in p["tactics"].items():
        t = TACTICS[tid]
        if t["timing"] == timing and left > 0:
            out.append((f"tactic:{tid}", f"Tactic: {t['name']}", t["effect"], t["name"],
                        herald_mark(t["text"], t.get("source"))))
    for k in S.kingdom_held(state, f):
        card = KINGDOM[k]
        if card["timing"] == timing and not used(state, f"{f}:kingdom:{card['design']}"):
            out.append((f"kingdom:{k}", f"Kingdom card: {card['name']}", card["effect"], card["name"],
                        herald_mark(card["text"], card.get("source"))))
    fav = FAVOUR.get(f)
    if state["favour"] == f and fav and fav["timing"] == timing and p["favour"] > 0 and not used(state, f"{f}:favour"):
        out.append(("favour", f"Kingdom's Favour: {fav['name']}", fav["effect"], fav["name"], fav["text"]))
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
            out.append(Action(f"ambush:{cid}", f"Ambush with {card_name(cid)}", "Commands"))
        door = any(m.get("card") == cid and m.get("source") == "The Door in the Night" for m in state["mods"])
        if door and "ambush" not in card_used and S.fx(state, f)["door_markers"] > 0 and S.fx(state, f)["discard"]:
            out.append(Action(f"ambushd:{cid}", f"Ambush with {card_name(cid)} from your discard pile "
                                             "(The Door in the Night: remove a marker)", "Commands"))
        if "retreat" in cmds and "retreat" not in card_used:
            out.append(Action(f"retreat:{cid}", f"Retreat with {card_name(cid)}", "Commands"))
        if "flank" in cmds and "flank" not in card_used:
            out += [Action(f"flank:{cid}:{r}", f"Flank {card_name(cid)} to {rname(r)}", "Commands") for r in elsewhere]
        if "day_burn_copy" in S.abilities(state, cid) and not used(state, f"tooth:{cid}") \
                and any(CARDS[c]["faction"] == f for c in state["lost"]):
            out.append(Action(f"tooth:{cid}", f"{card_name(cid)}: Burn a card from the Lost Pile and copy it", "Abilities"))
    return out


def menu(state, f, step, d):
    p = S.fx(state, f)
    out = [Action("done", f"Finish your {STEP_NAMES[step]}")]
    if step == "spring":
        if p["supporters_home"] > 0 and not used(state, f"{f}:supporters"):
            out.append(Action("supporters", f"Place supporters ({p['supporters_home']} on your board)"))
        if S.has_hq(state, f, "spring_supporters_from_lost") and p["supporters_lost"] and not used(state, f"{f}:havens"):
            out.append(Action("havens", "New Havens Harbour: up to two supporters from the Lost Pile to a region"))
        if state["options"]["edition"] == "2025":
            out += _secrets_action(state, f)
    if step in ("spring", "day", "autumn"):
        out += [Action(aid, label, "Actions", hint) for aid, label, _, _, hint in _timed_sources(state, f, step)]
    if step == "day":
        mine = [e["id"] for e in S.clash_cards(state, state["clash"]["region"], state["clash"]["number"], f)]
        out += _day_commands(state, f, mine)
        if S.has_hq(state, f, "day_flankers_to_council") and not used(state, f"{f}:embassy") \
                and any("flank" in S.commands(state, c) for c in mine):
            out.append(Action("embassy", "Wandering Embassy: move your Active cards with Flank here into a council"))
        if S.has_hq(state, f, "day_door") and p["door_markers"] > 0 and mine and not used(state, f"{f}:door"):
            out.append(Action("door", "The Door in the Night: a card here gains Ambush"))
    if step == "day2":
        live = {e["id"] for e in S.clash_cards(state, state["clash"]["region"], state["clash"]["number"], f)}
        out += _day_commands(state, f, [c for c in d["cards"] if c in live])
    if step == "autumn":
        out += _autumn(state, f)
    return out


def _secrets_action(state, f):
    if used(state, f"{f}:secrets") or S.council_votes(state, f, "secrets") < 1 or S.markers_free(state, f) < 1:
        return []
    return [Action("secrets", f"Council of Secrets: place {plural(S.council_votes(state, f, 'secrets'), 'faction token')}", "Councils")]


def _autumn(state, f):
    p = S.fx(state, f)
    out = []
    if p["governs"] > 0:
        out += [Action(f"govern:{c}:{k}", f"Govern: {card_name(c)} → {COUNCIL_NAMES[k]}", "Govern")
                for c in dict.fromkeys(p["hand"]) if S.votes_of_card(state, c) >= 1 for k in COUNCILS]
    if p["journeys"] > 0:
        pool = list(p["hand"])
        if S.kingdom_ops(state, f, "journey_from_active"):
            pool += [e["id"] for e in S.active_cards(state, f)]
        out += [Action(f"journey:{c}", f"Journey: {card_name(c)} (+{_lore(state, c)} lore)", "Journey")
                for c in dict.fromkeys(pool) if _lore(state, c) >= 1]
    for e in S.active_cards(state, f):
        cmds = S.commands(state, e["id"])
        if cmds & {"rally_self", "rally_any_2"} and not used(state, f"rally:{e['id']}"):
            out.append(Action(f"rally:{e['id']}", f"Rally with {card_name(e['id'])}", "Commands"))
        if "autumn_wall_token" in S.abilities(state, e["id"]) and not used(state, f"wall:{e['id']}"):
            region, _ = S.region_entry(state, e["id"])
            if state["regions"][region]["supporters"].get(f, 0) >= 2:
                out.append(Action(f"wall:{e['id']}", f"{card_name(e['id'])}: place 1 influence on it", "Abilities"))
    for c in dict.fromkeys(p["hand"]):
        if "deploy" in S.commands(state, c):
            out += [Action(f"deploy:{c}:{r}", f"Deploy {card_name(c)} beside {rname(r)}", "Commands") for r in REGIONS]
    if state["options"]["edition"] == "2024":
        out += _secrets_action(state, f)
    if not used(state, f"{f}:oaths") and S.council_votes(state, f, "oaths") >= 1 \
            and (p["supporters_lost"] or S.supporters_on_map(state, f)):
        out.append(Action("oaths", "Council of Oaths: return supporters to your board", "Councils"))
    for c in COUNCILS:
        for e in state["councils"][c]:
            if e["owner"] != f or e["kind"] != "card":
                continue
            ab = S.abilities(state, e["id"])
            if "autumn_move_council" in ab and not used(state, f"court:{e['id']}"):
                out += [Action(f"court:{e['id']}:{k}", f"{card_name(e['id'])}: move to the {COUNCIL_NAMES[k]}", "Abilities")
                        for k in COUNCILS if k != c]
            if "autumn_bringer_marker" in ab and not used(state, f"bringer:{e['id']}") and S.markers_free(state, f) > 0:
                out += [Action(f"bringer:{e['id']}:{k}", f"{card_name(e['id'])}: a faction marker on the {COUNCIL_NAMES[k]}",
                            "Abilities") for k in COUNCILS]
    if S.has_hq(state, f, "autumn_buy_road_card") and not used(state, f"{f}:cove") and len(p["spaces"]) > 2:
        champs = [c for c in dict.fromkeys(p["hand"]) if CARDS[c].get("archetype") in ("Captain", "Champion")]
        out += [Action(f"cove:{k}:{c}", f"Moonshine Cove: {KINGDOM[k]['name']} with {card_name(c)}", "Abilities")
                for k in state["road"] if k for c in champs]
    if S.has_hq(state, f, "autumn_bank") and not used(state, f"{f}:bank"):
        out.append(Action("bank:influence", "Royal Bank: gain 1 influence", "Abilities"))
        captains = [c for c in dict.fromkeys(p["discard"]) if CARDS[c].get("archetype") == "Captain"]
        out += [Action(f"bank:captain:{c}", f"Royal Bank: {card_name(c)} from discard to hand", "Abilities") for c in captains]
        if S.factions(state)[0] != f:
            out += [Action(f"bank:both:{c}", f"Royal Bank: {card_name(c)} to hand and 1 influence", "Abilities")
                    for c in captains]
    return out


@FLOW.decision("actions")
class Actions(HandChoice):
    #: the steps whose menu reads the hand's cards (Govern, Journey, Deploy, Moonshine Cove); elsewhere only
    #: its size (Ambush), which is public, so "finish" alone is answered by the engine (issue 33)
    HAND_STEPS = ("autumn",)

    def protects_secret(self, g, role):
        return g.local["step"] in self.HAND_STEPS and super().protects_secret(g, role)

    def prompt(self, g, f):
        step = g.local["step"]
        where = f" ({rname(g.state['clash']['region'])})" if step in ("day", "day2") else ""
        return f"{STEP_NAMES[step]}{where}: choose an action or finish."

    def actions(self, g, f):
        return menu(g.state, f, g.local["step"], g.local)

    # ---- tactic tiles, Kingdom cards, the Kingdom's Favour -----------------------------------------
    def _source(self, g, f, aid):
        for sid, _, steps, source, _ in _timed_sources(g.state, f, g.local["step"]):
            if sid == aid:
                _use_source(g, f, aid, source)
                g.call(**effect(f, steps, source))
                return
        raise ValueError(aid)

    def on_tactic(self, g, f, tid):
        self._source(g, f, f"tactic:{tid}")

    def on_kingdom(self, g, f, k):
        self._source(g, f, f"kingdom:{k}")

    def on_favour(self, g, f):
        self._source(g, f, "favour")

    # ---- spring ---------------------------------------------------------------------------------
    def on_supporters(self, g, f):
        mark(g.state, f"{f}:supporters")
        g.call("supporters", role=f, placed=0)

    def on_havens(self, g, f):
        mark(g.state, f"{f}:havens")
        g.call("havens", role=f)

    def on_secrets(self, g, f):
        mark(g.state, f"{f}:secrets")
        g.call("secrets", role=f, left=min(S.council_votes(g.state, f, "secrets"), S.markers_free(g.state, f)))

    def on_oaths(self, g, f):
        mark(g.state, f"{f}:oaths")
        _oaths(g, f)

    # ---- day: commands of cards in the clash --------------------------------------------------------
    def on_ambush(self, g, f, cid):
        mark(g.state, f"cmd:{cid}:{_clash_key(g.state)}:ambush")
        g.call("ambush_card", role=f, card=cid)

    def on_ambushd(self, g, f, cid):
        mark(g.state, f"cmd:{cid}:{_clash_key(g.state)}:ambush")
        S.fx(g.state, f)["door_markers"] -= 1
        g.log(f"{fname(f)} removes a marker from The Door in the Night to Ambush from its discard pile.")
        g.call("ambush_discard", role=f, card=cid, source="discard")

    def on_retreat(self, g, f, cid):
        mark(g.state, f"cmd:{cid}:{_clash_key(g.state)}:retreat")
        g.log(f"{fname(f)} uses Retreat ({card_name(cid)}).")
        g.call("retreat", role=f)

    def on_flank(self, g, f, cid, region):
        call_if(g, _flank(g, f, cid, region))

    def on_tooth(self, g, f, cid):
        mark(g.state, f"tooth:{cid}")
        g.call("tooth", role=f, card=cid)

    def on_embassy(self, g, f):
        mark(g.state, f"{f}:embassy")
        g.call("embassy", role=f)

    def on_door(self, g, f):
        mark(g.state, f"{f}:door")
        S.fx(g.state, f)["door_markers"] -= 1
        g.log(f"{fname(f)} removes a marker from The Door in the Night.")
        g.call(**effect(f, [{"op": "grant_command", "command": "ambush"}], "The Door in the Night"))

    # ---- autumn -----------------------------------------------------------------------------------
    def on_govern(self, g, f, cid, council):
        S.fx(g.state, f)["governs"] -= 1
        govern(g, f, cid, council)

    def on_journey(self, g, f, cid):
        S.fx(g.state, f)["journeys"] -= 1
        call_if(g, journey(g, f, cid))

    def on_rally(self, g, f, cid):
        state = g.state
        mark(state, f"rally:{cid}")
        if "rally_any_2" in S.commands(state, cid):
            g.call("rally_any", role=f, card=cid, picked=0)
            return
        S.remove_from_region(state, cid)
        where = S.add_to_hand(state, f, cid)
        g.log(f"{fname(f)} Rallies {card_name(cid)} to "
              + ("hand." if where == "hand" else "the top of its deck (hand full)."))

    def on_deploy(self, g, f, cid, region):
        S.fx(g.state, f)["hand"].remove(cid)
        tokens = CARDS[cid].get("deploy", 1)
        g.state["regions"][region]["cards"].append({"id": cid, "owner": f, "up": True, "clash": None,
                                                    "deployed": True, "tokens": tokens})
        g.log(f"{fname(f)} Deploys {card_name(cid)} beside {rname(region)} with {tokens} influence on it.")

    def on_wall(self, g, f, cid):
        mark(g.state, f"wall:{cid}")
        _, entry = S.region_entry(g.state, cid)
        entry["tokens"] = entry.get("tokens", 0) + 1
        entry["deployed"] = True    # its influence counts down in winter like a Deployed card's
        g.log(f"{fname(f)} places 1 influence on {card_name(cid)}.")

    def on_court(self, g, f, cid, council):
        state = g.state
        mark(state, f"court:{cid}")
        for c in COUNCILS:
            state["councils"][c] = [e for e in state["councils"][c] if e.get("id") != cid]
        state["councils"][council].append({"kind": "card", "id": cid, "owner": f})
        g.log(f"{fname(f)} moves {card_name(cid)} to the {COUNCIL_NAMES[council]}.")

    def on_bringer(self, g, f, cid, council):
        mark(g.state, f"bringer:{cid}")
        g.state["councils"][council].append({"kind": "bringer", "owner": f})
        g.log(f"{fname(f)} places a faction marker on the {COUNCIL_NAMES[council]} (Bringer of the Word).")

    def on_cove(self, g, f, k, cid):
        state = g.state
        mark(state, f"{f}:cove")
        state["road"][state["road"].index(k)] = None
        S.fx(state, f)["hand"].remove(cid)
        g.log(f"{fname(f)} takes {KINGDOM[k]['name']} from the Great Road (Moonshine Cove).")
        from .flow import occupy, slide_and_fill
        occupy(g, f, k, cid, 2)
        slide_and_fill(state, g.ctx)

    def on_bank(self, g, f, kind, cid=None):
        state = g.state
        mark(state, f"{f}:bank")
        if kind in ("captain", "both"):
            S.fx(state, f)["discard"].remove(cid)
            where = S.add_to_hand(state, f, cid)
            g.log(f"{fname(f)} takes {card_name(cid)} from its discard pile (Royal Bank)"
                  + ("." if where == "hand" else " onto its deck (hand full)."))
        if kind in ("influence", "both"):
            S.gain_influence(state, f, 1)
            g.log(f"{fname(f)} gains 1 influence (Royal Bank).")


def _use_source(g, f, aid, source):
    state = g.state
    p = S.fx(state, f)
    head, _, rest = aid.partition(":")
    if head == "tactic":
        p["tactics"][rest] -= 1
        if p["tactic_markers"].get(rest):
            p["tactic_markers"][rest] -= 1
        g.log(f"{fname(f)} uses the tactic {source}" + (" (exhausted)." if p["tactics"][rest] == 0 else "."))
    elif head == "kingdom":
        mark(state, f"{f}:kingdom:{KINGDOM[rest]['design']}")
        g.log(f"{fname(f)} uses {source}.")
    elif head == "favour":
        mark(state, f"{f}:favour")
        p["favour"] -= 1
        g.log(f"{fname(f)} uses the Kingdom's Favour: {source} ({p['favour']} left).")
        if p["favour"] == 0:
            state["favour"] = None
            g.log("The Kingdom's Favour returns to the Harvest Field.")


def _flank(g, f, cid, region):
    """Flank: the card moves, face up and Active, to a region not yet resolved; it leaves this clash. Returns
    the frame asking how many supporters go along (Raid & Raze), if any."""
    state = g.state
    key = _clash_key(state)
    mark(state, f"cmd:{cid}:{key}:flank")
    old, entry = S.region_entry(state, cid)
    S.remove_from_region(state, cid)
    entry["clash"] = None
    state["regions"][region]["cards"].append(entry)
    g.log(f"{fname(f)} Flanks {card_name(cid)} from {rname(old)} to {rname(region)}.")
    if "flank_with_supporters" in S.abilities(state, cid) and state["regions"][old]["supporters"].get(f, 0):
        return {"name": "raze", "role": f, "src": old, "dst": region}
    return None


def _oaths(g, f):
    """Council of Oaths: return as many supporters as your votes there (2025 reference: +1 when you have the
    most votes there), each from the Lost Pile or the map as you choose (the council's text)."""
    state = g.state
    n = S.council_votes(state, f, "oaths")
    if state["options"]["edition"] == "2025":
        others = [S.council_votes(state, o, "oaths") for o in S.factions(state) if o != f]
        if all(n > v for v in others):
            n += 1
    left = _oaths_from_one_source(g, f, n)
    if left:
        g.call("oaths", role=f, left=left)


def _oath_sources(state, f) -> list[str]:
    """Where the faction has supporters to take back: "lost" (the Lost Pile) and the regions."""
    lost = ["lost"] if S.fx(state, f)["supporters_lost"] else []
    return lost + [r for r in REGIONS if state["regions"][r]["supporters"].get(f, 0)]


def _oaths_from_one_source(g, f, left) -> int:
    """With a single source left there is nothing to choose: take what is owed from it. Returns how many
    are still owed with several sources to choose from (0 when done)."""
    sources = _oath_sources(g.state, f)
    if len(sources) == 1:
        _take_back(g, f, sources[0], left)
        return 0
    return left if sources else 0


def _take_back(g, f, source, n):
    state = g.state
    p = S.fx(state, f)
    if source == "lost":
        n = min(n, p["supporters_lost"])
        p["supporters_lost"] -= n
        where = "the Lost Pile"
    else:
        reg = state["regions"][source]
        n = min(n, reg["supporters"][f])
        reg["supporters"][f] -= n
        where = rname(source)
    p["supporters_home"] += n
    g.log(f"{fname(f)} returns {plural(n, 'supporter')} from {where} to its board (Council of Oaths).")


@FLOW.decision("oaths")
class Oaths(Choice):
    def prompt(self, g, f):
        return (f"Council of Oaths: take back a supporter ({g.local['left']} to take) — from the Lost Pile or "
                "from the map?")

    def actions(self, g, f):
        state = g.state
        out = []
        for source in _oath_sources(state, f):
            if source == "lost":
                out.append(act("lost", label=f"From the Lost Pile ({S.fx(state, f)['supporters_lost']} there)"))
            else:
                here = state["regions"][source]["supporters"][f]
                out.append(act("from", source, label=f"From {rname(source)} ({here} of yours there)",
                               group="The map"))
        return out

    def on_lost(self, g, f):
        self._one(g, f, "lost")

    def on_from(self, g, f, region):
        self._one(g, f, region)

    def _one(self, g, f, source):
        _take_back(g, f, source, 1)
        g.local["left"] = _oaths_from_one_source(g, f, g.local["left"] - 1) if g.local["left"] > 1 else 0
        if not g.local["left"]:
            g.end()


@FLOW.decision("supporters")
class Supporters(Choice):
    def prompt(self, g, f):
        return f"Place a supporter in a region ({S.fx(g.state, f)['supporters_home']} left), or finish."

    def actions(self, g, f):
        out = [act("done", label="Finish placing supporters")]
        if S.fx(g.state, f)["supporters_home"]:
            out += [act("sup", r, label=rname(r), group="Regions") for r in REGIONS]
        return out

    def on_done(self, g, f):
        if g.local["placed"]:
            g.log(f"{fname(f)} has placed {plural(g.local['placed'], 'supporter')}.")
        g.end()

    def on_sup(self, g, f, r):
        state = g.state
        S.fx(state, f)["supporters_home"] -= 1
        state["regions"][r]["supporters"][f] = state["regions"][r]["supporters"].get(f, 0) + 1
        g.local["placed"] += 1
        g.log(f"{fname(f)} places a supporter in {rname(r)}.")
        if not S.fx(state, f)["supporters_home"]:
            g.end()


@FLOW.decision("havens")
class Havens(Choice):
    text = "New Havens Harbour: move up to two supporters from the Lost Pile to which region?"

    def actions(self, g, f):
        return [act("to", r, label=rname(r)) for r in REGIONS]

    def on_to(self, g, f, r):
        state = g.state
        p = S.fx(state, f)
        n = min(2, p["supporters_lost"])
        p["supporters_lost"] -= n
        state["regions"][r]["supporters"][f] = state["regions"][r]["supporters"].get(f, 0) + n
        g.log(f"{fname(f)} moves {plural(n, 'supporter')} from the Lost Pile to {rname(r)} (New Havens Harbour).")
        g.end()


@FLOW.decision("secrets")
class Secrets(Choice):
    """Council of Secrets: faction tokens on locations; a location with enough of your tokens pays its
    location reward (never the herald reward)."""

    def prompt(self, g, f):
        return f"Council of Secrets: place a faction token on a location ({g.local['left']} left)."

    def actions(self, g, f):
        return [act("token", loc, label=f"{lname(loc)} (you have {g.state['locations'][loc]['tokens'].get(f, 0)})")
                for loc in LOCATIONS]

    def on_token(self, g, f, loc):
        state = g.state
        tokens = state["locations"][loc]["tokens"]
        tokens[f] = tokens.get(f, 0) + 1
        g.local["left"] -= 1
        g.log(f"{fname(f)} places a faction token on the {lname(loc)}.")
        if g.local["left"] > 0 and S.markers_free(state, f) > 0:
            return
        edition = state["options"]["edition"]
        need = BOARD["secrets_threshold"][edition]
        rewards = []
        for place in LOCATIONS:
            t = state["locations"][place]["tokens"]
            if t.get(f, 0) >= need:
                t[f] -= need
                g.log(f"{fname(f)} returns {need} tokens from the {lname(place)} and takes its location reward.")
                rewards.append({"name": "location_reward", "faction": f, "location": place,
                                "influence": edition == "2024"})
        end_into(g, rewards[::-1])      # the rewards resolve last location first (as since the first release)


@FLOW.decision("ambush_card")
class AmbushCard(Choice):
    kind = "secret"
    text = "Ambush: choose a card from your hand to add face down to this clash."

    def actions(self, g, f):
        zone = g.local.get("source", "hand")
        return [act("add", c, label=f"{card_name(c)} (strength {S.strength(g.state, c)})", group=zone.title())
                for c in dict.fromkeys(S.fx(g.state, f)[zone])]

    def on_add(self, g, f, cid):
        state, d = g.state, g.local
        S.fx(state, f)[d.get("source", "hand")].remove(cid)
        clash = state["clash"]
        state["regions"][clash["region"]]["cards"].append({"id": cid, "owner": f, "up": False, "clash": None})
        clash["added"].append(cid)
        if d.get("source") == "discard":      # the discard pile is public: the card is known
            g.log(f"{fname(f)} Ambushes ({card_name(d['card'])}) with {card_name(cid)} from its discard pile, "
                  "face down.")
        else:
            g.log(f"{fname(f)} Ambushes ({card_name(d['card'])}): a card is added face down.")
        g.log(f"You add {card_name(cid)} face down.", to=[f])
        g.end()


@FLOW.decision("ambush_discard")
class AmbushDiscard(AmbushCard):
    """The Door in the Night: from the public discard pile, an open choice."""
    kind = "turn"


@FLOW.decision("retreat")
class Retreat(Choice):
    text = "Retreat: return your Active cards in this region to hand, your herald and supporters to your board; then finish."

    def actions(self, g, f):
        state = g.state
        region = state["clash"]["region"]
        out = [act("done", label="Finish the Retreat")]
        out += [act("card", e["id"], label=f"{card_name(e['id'])} to hand") for e in S.active_cards(state, f, region)]
        herald = S.fx(state, f)["herald"]
        if herald and herald in LOCATIONS and _region_of(herald) == region:
            out.append(act("herald", label="Herald to your board"))
        if state["regions"][region]["supporters"].get(f, 0):
            out.append(act("supporter", label="A supporter to your board"))
        return out

    def on_card(self, g, f, cid):
        S.remove_from_region(g.state, cid)
        where = S.add_to_hand(g.state, f, cid)
        g.log(f"{fname(f)} retreats {card_name(cid)} to "
              + ("hand." if where == "hand" else "the top of its deck (hand full)."))

    def on_herald(self, g, f):
        S.fx(g.state, f)["herald"] = None
        g.log(f"{fname(f)} retreats its herald to its board.")

    def on_supporter(self, g, f):
        reg = g.state["regions"][g.state["clash"]["region"]]
        reg["supporters"][f] -= 1
        S.fx(g.state, f)["supporters_home"] += 1
        g.log(f"{fname(f)} retreats a supporter to its board.")


def _region_of(loc):
    from .data import LOCATION_REGION
    return LOCATION_REGION[loc]


@FLOW.decision("raze")
class Raze(Choice):
    def prompt(self, g, f):
        return f"Raid & Raze: move how many of your supporters from {rname(g.local['src'])} to {rname(g.local['dst'])}?"

    def actions(self, g, f):
        n = g.state["regions"][g.local["src"]]["supporters"].get(f, 0)
        return [act("move", i, label=str(i)) for i in range(n + 1)]

    def on_move(self, g, f, n):
        n = int(n)
        if n:
            src, dst = g.state["regions"][g.local["src"]], g.state["regions"][g.local["dst"]]
            src["supporters"][f] -= n
            src["counted"][f] = min(src["counted"].get(f, 0), src["supporters"][f])
            dst["supporters"][f] = dst["supporters"].get(f, 0) + n
            g.log(f"{fname(f)} moves {plural(n, 'supporter')} along with Raid & Raze.")
        g.end()


@FLOW.decision("tooth")
class Tooth(Choice):
    text = "Ritual of the Tooth: Burn which of your cards in the Lost Pile?"

    def actions(self, g, f):
        return [act("burn", c, label=f"{card_name(c)} (strength {CARDS[c]['strength']})")
                for c in dict.fromkeys(g.state["lost"]) if CARDS[c]["faction"] == f]

    def on_burn(self, g, f, cid):
        state, card = g.state, g.local["card"]
        state["lost"].remove(cid)
        state["burned"].append(cid)
        state["mods"].append({"kind": "copy", "faction": f, "card": card, "value": cid})
        g.log(f"{fname(f)} Burns {card_name(cid)}; {card_name(card)} gains its printed strength, traits, commands and text.")
        g.end()


@FLOW.decision("embassy")
class Embassy(Choice):
    text = "Wandering Embassy: move your Active cards with Flank in this clash into which council?"

    def actions(self, g, f):
        return [act("to", k, label=COUNCIL_NAMES[k]) for k in COUNCILS]

    def on_to(self, g, f, council):
        state = g.state
        clash = state["clash"]
        for e in S.clash_cards(state, clash["region"], clash["number"], f):
            if "flank" in S.commands(state, e["id"]):
                S.remove_from_region(state, e["id"])
                state["councils"][council].append({"kind": "card", "id": e["id"], "owner": f})
                g.log(f"{fname(f)} moves {card_name(e['id'])} into the {COUNCIL_NAMES[council]} (Wandering Embassy).")
        g.end()


@FLOW.decision("rally_any")
class RallyAny(Choice):
    text = "Rally (Any Two): return up to two of your Active cards to hand, then finish."

    def actions(self, g, f):
        out = [act("done", label="Finish")]
        if g.local["picked"] < 2:
            out += [act("card", e["id"], label=card_name(e["id"])) for e in S.active_cards(g.state, f)]
        return out

    def on_card(self, g, f, cid):
        S.remove_from_region(g.state, cid)
        where = S.add_to_hand(g.state, f, cid)
        g.local["picked"] += 1
        g.log(f"{fname(f)} Rallies {card_name(cid)} to "
              + ("hand." if where == "hand" else "the top of its deck (hand full)."))
        if g.local["picked"] >= 2 or not S.active_cards(g.state, f):
            g.end()
