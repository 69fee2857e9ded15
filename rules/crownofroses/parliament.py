"""The Royal phase (RB 24: economic VP, attendance, gathering supporters, votes, the King's election)
and the Offices phase (RB 26: end of terms, seven sealed-bid auctions, limits, vacancies)."""

from __future__ import annotations


from rules.core.wording import possessive
from rules.core import rng
from rules.core.choices import SecretChoice
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, name
from rules.crownofroses.common import (FLOW, add_support, decider, hname, hook_step, pay, rank_by, return_rop,
                                      run_hooks, take_off_map)
from rules.crownofroses.optional_rules import (bid_markers, draft, return_vote_ip, take_vote_ip, woodville_bid,
                                               woodville_check, woodville_loss, woodville_nobles)
from rules.crownofroses.phases import phase
from rules.crownofroses.scenario_rules import rivers_enters

RIDERS = ("henry_vi", "margaret")


# ---- RB 24.1 ----------------------------------------------------------------------------------------------
def economic(g: Game) -> None:
    """RB 24.1.1: 1 VP per controlled shire loyal to another house in the game (devastated: none);
    24.1.2: mercenaries in play become Inactive."""
    phase(g, "royal")
    run_hooks(g, "royal_start")
    counted = set(g.roles) | set(g.state.get("eliminated_this_turn", []))
    for house in g.roles:
        vp = sum(1 for shire, s in data().board.shires.items()
                 if board.controller(g.state, shire) == house and s.loyal_house in counted
                 and s.loyal_house != house and g.state["markers"].get(shire) != "devastated")
        g.state["vp"][house] += vp
        if vp:
            g.log(f"{hname(house)} scores {vp} economic VP (total {g.state['vp'][house]}).")
    for b, s in g.state["blocks"].items():
        if data().block(b).kind == "mercenary" and s["status"] == "map":
            take_off_map(g, b, "inactive", None)


def attendance(g: Game) -> None:
    """RB 24.2: every controlled noble not in exile attends, Undeclared ones included, with its offices."""
    barred = set(data().scenario(g.state["scenario"]).rules.get("barred_from_parliament", {}).get(
        str(g.state["turn"]), []) if isinstance(data().scenario(g.state["scenario"]).rules.get(
            "barred_from_parliament"), dict) else [])
    for b, s in sorted(g.state["blocks"].items()):
        if s["house"] not in g.roles or not board.is_noble(b) or b in barred:
            continue
        if s["status"] == "undeclared" or (s["status"] == "map" and not board.in_exile(g.state, b)):
            if s["host"] and s["status"] == "map" and b in RIDERS:
                s["host"] = None
            s.update(status="attending", at=None)
            for other in board.attached_to(g.state, b):
                if data().block(other).kind == "office":
                    g.state["blocks"][other].update(status="attending", at=None)
    for b, s in g.state["blocks"].items():      # mercenaries and office blocks left without a host
        if s["status"] == "map" and not board.is_noble(b) and (not s["host"] or
                                                                g.state["blocks"][s["host"]]["status"] != "map"):
            if data().block(b).kind == "office":
                s.update(status="attending", at=None)
            else:
                s.update(status="inactive", house=None, at=None, host=None)
    g.state["garrison"] = None if not board.blocks_at(g.state, "london") else g.state.get("garrison")
    g.log("The nobles attend Parliament: " + "; ".join(
        f"{hname(h)}: {', '.join(name(b) for b in board.blocks_of(g.state, h, 'attending') if board.is_noble(b)) or 'none'}"
        for h in g.roles) + ".")


# ---- RB 24.2.1 gathering supporters ---------------------------------------------------------------------------
def gather(g: Game) -> None:
    boxes = sorted({n for n, bids in g.state["rop"].items() if any(bids.values())}
                   | set(woodville_nobles(g.state)) - set(g.local.setdefault("woodville_done", [])))
    if not boxes:
        return
    g.again()
    if len(boxes) == 1:
        resolve_noble(g, boxes[0])
        g.again()
        return
    chooser = board.king_house(g.state) or None
    from rules.crownofroses.common import decider
    g.call("next_noble", role=chooser if chooser in g.roles else decider(g), boxes=boxes)


@FLOW.decision("next_noble")
class NextNoble(Decision):
    def prompt(self, g, role):
        return "Parliament (RB 24.2.1): choose the next noble whose supporters are revealed."

    def actions(self, g, role):
        return [act("noble", n, label=name(n)) for n in g.local["boxes"]]

    def on_noble(self, g, role, noble):
        resolve_noble(g, noble)
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


def effective_bids(state, noble: str) -> dict[str, int]:
    """Each house's markers on the box, plus the roses of its colour if the bid is not zero; a bid of
    zeros only is invalid (RB 19.0, 24.2.1)."""
    roses = data().block(noble).rop_roses
    colour = board.COLOUR_OF_HOUSE
    bids = {}
    for house, markers in state["rop"].get(noble, {}).items():
        total = sum(markers)
        if markers and total > 0:
            bids[house] = total + roses.get(colour[house], 0)
    return bids


def bid_words(state, noble: str, house: str, markers: list[int], total: int) -> str:
    """A bid with each part named: "5 +1 rose = 6"; "2+3 +1 rose −3 Woodville (turn 3) = 3"."""
    parts = "+".join(map(str, markers))
    roses = data().block(noble).rop_roses.get(board.COLOUR_OF_HOUSE[house], 0) if sum(markers) > 0 else 0
    rest = total - sum(markers) - roses
    words = (f" +{roses} {'rose' if roses == 1 else 'roses'}" if roses else "") + \
        (f" {rest:+d} Woodville (turn {state.get('woodville')})" if rest and house == "york" and state.get("woodville")
         else f" {rest:+d}" if rest else "")
    if total == 0 and sum(markers) == 0:
        return f"{parts} = 0 (markers of zero only: no bid)"
    return f"{parts}{words} = {total}"


def resolve_noble(g: Game, noble: str) -> None:
    g.reveal()
    royal = next((f["local"] for f in reversed(g.state["flow"]) if f["name"] == "royal"), {})
    royal.setdefault("woodville_done", []).append(noble)
    shown = {h: list(m) for h, m in g.state["rop"].get(noble, {}).items() if m}
    bids = woodville_bid(g.state, noble, effective_bids(g.state, noble))
    g.log(f"Supporters of {name(noble)} revealed: " + "; ".join(
        f"{hname(h)} {bid_words(g.state, noble, h, m, bids.get(h, 0))}" for h, m in sorted(shown.items())) + ".",
        kind="reveal", data={"noble": noble, "markers": shown})
    return_rop(g, noble)
    bids = woodville_loss(g, noble, bids)
    if not bids:
        return
    best = max(bids.values())
    leaders = [h for h, v in bids.items() if v == best]
    threshold = data().block(noble).rop_threshold or 0
    s = g.state["blocks"][noble]
    if len(leaders) > 1 or best < threshold or leaders[0] == s["house"] or feud_bars(g.state, leaders[0], noble):
        g.log(f"Control of {name(noble)} does not change.")
        return
    winner, loser = leaders[0], s["house"]
    if s["status"] in ("inactive",):
        s.update(status="attending", house=winner)
    else:
        s["house"] = winner
        for other in board.attached_to(g.state, noble):
            g.state["blocks"][other]["house"] = winner
    for office in board.offices_of(g.state, noble):
        if loser in g.state["houses"]:
            add_support(g, loser, -data().office(office).support, f"loses the {data().office(office).name}")
        add_support(g, winner, data().office(office).support, f"gains the {data().office(office).name}")
    g.log(f"{hname(winner)} gains control of {name(noble)}.")


def feud_bars(state, house: str, noble: str) -> bool:
    """PB 3.1.9 #2: until the end of turn 4 a house controlling Salisbury, Warwick or Montague cannot
    control Northumberland."""
    feud = data().scenario(state["scenario"]).rules.get("feud")
    if not feud or state["turn"] > feud["until_end_of_turn"] or noble != feud["excludes"]:
        return False
    return any(state["blocks"][b]["house"] == house and state["blocks"][b]["status"] != "out" for b in feud["blocks"])


# ---- RB 24.2.2 votes, 24.2.3 the King -------------------------------------------------------------------------
def votes_of(state, house: str) -> int:
    total = sum(data().block(b).rank or 0 for b in board.blocks_of(state, house, "attending") if board.is_noble(b))
    no_king = state["offices"].get("king") is None
    for office, holder in state["offices"].items():
        if holder and state["blocks"][holder]["house"] == house and state["blocks"][holder]["status"] == "attending":
            card = data().office(office)
            total += card.votes_without_king if no_king and card.votes_without_king else card.votes
    bonus = state.get("vote_bonus", {}).get(house, 0)            # alliance discards for votes (alliances.py)
    return total + data().board.support_levels[state["support"][house]].votes + bonus


def count_votes(g: Game) -> None:
    for house in g.roles:
        g.state["votes"][house] = votes_of(g.state, house)
    g.log("Votes: " + ", ".join(f"{hname(h)} {g.state['votes'][h]}" for h in g.roles) + ".")


def candidates(state) -> list[str]:
    """Houses whose Senior heir attends Parliament (RB 24.2.3)."""
    return [h for h in state["houses"] if h not in state.get("left", [])
            and board.senior_heir(state, h) and state["blocks"][board.senior_heir(state, h)]["status"] == "attending"]


def elect(g: Game) -> None:
    if not candidates(g.state):
        g.log("No house has a Senior heir at Parliament: no King is elected (DECISIONS.md).")
        g.state["received"] = {h: 0 for h in g.state["houses"]}
        g.frame["ret"] = None
        return
    g.call("king_vote", roles=list(g.roles))


@FLOW.decision("king_vote")
class KingVote(SecretChoice):
    text = "Elect the King (RB 24.2.3): choose, in secret, the house your votes support."
    may_change = True

    def options(self, g, role, picks):
        return [act("vote", h, label=hname(h)) for h in candidates(g.state)]

    def label(self, g, role, pick):
        return hname(pick.split(":")[1])


def crown(g: Game) -> None:
    if g.returned is None:
        return
    received = {h: 0 for h in g.state["houses"]}
    for voter, pick in g.returned.items():
        received[pick.split(":")[1]] += g.state["votes"][voter]
    g.state["received"] = received
    g.log("Votes received: " + ", ".join(f"{hname(h)} {v}" for h, v in received.items() if h in g.roles) + ".")
    best = max(received[h] for h in candidates(g.state))
    tied = [h for h in candidates(g.state) if received[h] == best]
    g.state["no_king_tiebreak"] = True
    rank_by(g, {h: 1 for h in tied}, "the King's election (RB 24.2.3)")


def crowned(g: Game) -> None:
    if g.returned is None or "no_king_tiebreak" not in g.state:
        return
    del g.state["no_king_tiebreak"]
    winner = g.returned[0]
    previous = board.king_house(g.state)
    make_king(g, winner)
    if previous != winner:
        if previous in g.state["houses"]:
            add_support(g, previous, -3, "loses the Kingship")
        add_support(g, winner, 3, "wins the Kingship")
    g.state["kingships"][winner] += 1
    for h in g.state["houses"]:
        g.state["streak"][h] = g.state["streak"].get(h, 0) + 1 if h == winner else 0
    g.log(f"{possessive(hname(winner))} {name(board.senior_heir(g.state, winner))} is King "
          f"(turns as King: {g.state['kingships'][winner]}).")


def make_king(g: Game, house: str) -> None:
    heir = board.senior_heir(g.state, house)
    old = g.state["offices"].get("king")
    if old:
        g.state["previous_king"] = g.state["blocks"][old]["house"]
    g.state["offices"]["king"] = heir
    kb = g.state["blocks"]["king_office"]
    hs = g.state["blocks"][heir]
    if heir == "henry_vi":        # RB 10.3.3: the King block is not attached to Henry VI
        kb.update(status="inactive", house=None, at=None, host=None)
    else:
        kb.update(status=hs["status"], house=house, at=hs["at"], host=heir,
                  strength=kb["strength"] if kb["status"] == "map" else data().block("king_office").max_steps)


FLOW.procedure("royal", economic, woodville_check, rivers_enters, attendance, gather, hook_step("before_votes"),
               count_votes, take_vote_ip, elect, crown, crowned, draft)


# ---- RB 26 Offices -------------------------------------------------------------------------------------------
def end_terms(g: Game) -> None:
    phase(g, "offices")
    for office in board.office_ranked():
        if office == "king":
            continue
        holder = g.state["offices"][office]
        if holder:
            house = g.state["blocks"][holder]["house"]
            if house in g.state["houses"]:
                add_support(g, house, -data().office(office).support, f"term of {data().office(office).name} ends")
            g.state["offices"][office] = None
        ob = g.state["blocks"].get(f"{office}_office")
        if ob:
            ob.update(status="inactive", house=None, at=None, host=None)
    queue = [o for o in board.office_ranked() if o != "king"]
    rng.shuffle(g.state, queue)
    g.state["office_queue"] = queue


def eligible(state, office: str, block: str, house: str, holding: dict | None = None) -> bool:
    """RB 26.3: an attending noble of the house; one of King/Chancellor/Treasurer at most; offices no more
    than his CR; the King holds no other office; Henry VI only the King; Margaret none. ``holding``: the
    offices by holder, when the caller asks of many blocks."""
    s = state["blocks"][block]
    if s["house"] != house or s["status"] != "attending" or not board.is_noble(block) or block in RIDERS:
        return False
    held = board.offices_of(state, block) if holding is None else holding.get(block, [])
    if "king" in held:
        return False
    if office in ("chancellor", "treasurer") and set(held) & {"chancellor", "treasurer"}:
        return False
    return len(held) < (data().block(block).command_rating or 0)


def eligible_nobles(state, office: str, house: str) -> list[str]:
    return [b for b in board.blocks_of(state, house, "attending") if eligible(state, office, b, house)]


def houses_with_eligible(state, office: str) -> set[str]:
    """The houses with a noble eligible for ``office`` (as :func:`eligible` says), from one pass over the
    blocks: every house's bid options ask it of every house."""
    held: dict[str, list[str]] = {}
    for o, holder in state["offices"].items():
        if holder:
            held.setdefault(holder, []).append(o)
    found = set()
    for b, s in state["blocks"].items():
        if s["status"] == "attending" and s["house"] not in found and eligible(state, office, b, s["house"], held):
            found.add(s["house"])
    return found


def auction(g: Game) -> None:
    if not g.state["office_queue"]:
        return
    office = g.state["office_queue"].pop(0)
    g.log(f"The King reveals the office of {data().office(office).name}; bids are made in secret (RB 26.2).")
    g.again()
    g.call("auction_office", office=office)


def open_bids(g: Game) -> None:
    g.call("office_bid", roles=list(g.roles), office=g.local["office"])


@FLOW.decision("office_bid")
class OfficeBid(SecretChoice):
    text = "Bid for the office (RB 26.2): name the house you bid for, then add IP markers from your stock."
    may_change = True

    def options(self, g, role, picks):
        """One pick: the house bid for and the total (RB 26.2); the markers making it are taken from the
        stock when the bids are revealed (DECISIONS.md #52), so every bid takes one choice."""
        office = g.local["office"]
        yield act("nobid", label="No bid")
        totals = sorted(reachable(bid_markers(g.state, role)))
        anyone = bids_without_noble(g.state, office)
        named = set(g.state["houses"]) if anyone else houses_with_eligible(g.state, office)
        for h in g.state["houses"]:
            if h in g.roles and h in named:
                for total in totals:
                    yield act("bid", h, total, label=f"Bid {total} IP for {hname(h)}", group=hname(h))

    def label(self, g, role, pick):
        if pick == "nobid":
            return "no bid"
        _, house, total = pick.split(":")
        return f"{total} IP for {hname(house)}"


def reachable(stock: list[int]) -> set[int]:
    """Every total a set of the stock's markers makes (0 = only zeros or nothing, a bluff)."""
    sums = {0}
    for m in stock:
        sums |= {s + m for s in sums}
    return sums


def markers_for(stock: list[int], total: int) -> list[int]:
    """Markers from ``stock`` summing to ``total``, fewest first (subset sum)."""
    best: dict[int, list[int]] = {0: []}
    for m in sorted(stock, reverse=True):
        for s, used in list(best.items()):
            if s + m not in best and s + m <= total:
                best[s + m] = used + [m]
    return best[total]


def settle(g: Game) -> None:
    office = g.local["office"]
    totals: dict[str, int] = {}
    for role, pick in g.returned.items():
        if not pick or pick == "nobid":
            continue
        _, named, total = pick.split(":")
        spend_bid(g, role, markers_for(bid_markers(g.state, role), int(total)))   # RB 26.2: every IP bid is spent
        totals[named] = totals.get(named, 0) + int(total)
    g.local["totals"] = {h: v for h, v in totals.items() if v > 0}
    g.local["tried"] = []
    if g.local["totals"]:
        rank_by(g, g.local["totals"], f"the {data().office(office).name} auction (RB 26.2)")


def award(g: Game) -> None:
    office = g.local["office"]
    ranking = g.returned if g.local["totals"] else []
    if ranking and not eligible_nobles(g.state, office, ranking[0]) and bids_without_noble(g.state, office):
        g.call("award_office", role=ranking[0], office=office)      # RB 26.2 optional rule
        return
    for house in ranking:                 # RB 26.3: no eligible noble → the next highest
        if eligible_nobles(g.state, office, house):
            g.call("choose_holder", role=house, office=office)
            return
    if office == "chancellor":            # RB 26.4: the lowest IP income with an eligible noble
        able = [h for h in g.roles if eligible_nobles(g.state, office, h)]
        if able:
            lowest = min(g.state["income"][h] for h in able)
            tied = [h for h in able if g.state["income"][h] == lowest]
            if len(tied) > 1:             # the tie-breaker decides (RB 10.5.1)
                g.local["chancellor_tie"] = True
                g.call("choose_first", role=decider(g), tied=tied,
                       purpose="the vacant Chancellorship, lowest IP income (RB 26.4)")
                return
            give_vacant_chancellorship(g, tied[0])
            return
    g.log(f"The office of {data().office(office).name} stays vacant.")


def give_vacant_chancellorship(g: Game, house: str) -> None:
    g.log(f"Nobody wins the Chancellorship: it goes to {hname(house)}, lowest IP income (RB 26.4).")
    g.call("choose_holder", role=house, office="chancellor")


def after_chancellor_tie(g: Game) -> None:
    if g.local.pop("chancellor_tie", False):
        give_vacant_chancellorship(g, g.returned)


@FLOW.decision("choose_holder")
class ChooseHolder(Decision):
    def prompt(self, g, role):
        return f"Choose the noble who holds the office of {data().office(g.local['office']).name}."

    def actions(self, g, role):
        return [act("holder", b, label=name(b)) for b in eligible_nobles(g.state, g.local["office"], role)]

    def on_holder(self, g, role, block):
        office = g.local["office"]
        g.state["offices"][office] = block
        ob = g.state["blocks"].get(f"{office}_office")
        if ob:
            ob.update(status="attending", house=role, at=None, host=block,
                      strength=data().block(f"{office}_office").max_steps)
        add_support(g, role, data().office(office).support, f"gains the {data().office(office).name}")
        g.log(f"{hname(role)} wins the office of {data().office(office).name}: {name(block)} holds it.")
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


def bids_without_noble(state, office: str) -> bool:
    """RB 26.2 optional: bids for every office but the Chancellor and the King may name any house."""
    return bool(state["options"].get("bid_without_noble")) and office not in ("chancellor", "king")


def spend_bid(g: Game, house: str, markers: list[int]) -> None:
    if not g.state["options"].get("vote_ip"):
        pay(g, house, markers)
        return
    for m in markers:                      # PB 1.6 #3: bids are paid with vote IP
        g.state["vote_ip"][house].remove(m)
        g.state["ip"][house]["pool"].append(m)
    g.state["ip"][house]["pool"].sort()


def give_office(g: Game, office: str, block: str, house: str) -> None:
    g.state["offices"][office] = block
    ob = g.state["blocks"].get(f"{office}_office")
    if ob:
        ob.update(status="attending", house=house, at=None, host=block,
                  strength=data().block(f"{office}_office").max_steps)
    add_support(g, house, data().office(office).support, f"gains the {data().office(office).name}")
    g.log(f"{hname(house)} wins the office of {data().office(office).name}: {name(block)} holds it.")


@FLOW.decision("award_office")
class AwardOffice(Decision):
    """RB 26.2 optional: the winning house, having no eligible noble, leaves the office vacant or gives it to
    any eligible attending noble (of any house, who then holds it for his own house)."""

    def prompt(self, g, role):
        return (f"RB 26.2: you won the office of {data().office(g.local['office']).name} with no eligible noble: "
                f"give it to an eligible attending noble, or leave it vacant.")

    def actions(self, g, role):
        office = g.local["office"]
        for h in g.roles:
            for b in eligible_nobles(g.state, office, h):
                yield act("give", b, label=f"{name(b)} ({hname(h)})", group=hname(h))
        yield act("vacant", label="Leave it vacant")

    def on_give(self, g, role, block):
        g.log(f"{hname(role)} gives the office it won to {name(block)} (RB 26.2).")
        give_office(g, g.local["office"], block, g.state["blocks"][block]["house"])
        g.end()

    def on_vacant(self, g, role):
        g.log(f"{hname(role)} leaves the office of {data().office(g.local['office']).name} vacant (RB 26.2).")
        g.end()

    def default(self, g, role):
        return "vacant"


FLOW.procedure("auction_office", open_bids, settle, award, after_chancellor_tie)
FLOW.procedure("offices", end_terms, auction, return_vote_ip)
