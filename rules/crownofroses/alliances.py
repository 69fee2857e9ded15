"""Alliance cards (RB 10.4.3, 14.2.2, card list #1–#27): played as an event the card stays in front of its
owner ("when played: gain 1 OPS"); its discard abilities are used in the reaction windows (windows.py):
battle dice at a round's start, +1 vote before the King's election, +1 IP before income, and at an action
step's start alliance influence, +1 CR, an Undeclared noble into play, a card, two 1-IP markers, a Planned
Uprising or Pirate Raid, an office block, an heir into exile. Merchants of the Staple (#12, Calais loyal)
and Coppini (#21, +1 IP) act while in play (board.loyalty, phases.income); Stourton (#22) answers Raids
in uprisings.py."""

from __future__ import annotations

from rules.core.wording import plural

from collections import Counter

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.common import FLOW, can_host, hname, on_hook
from rules.crownofroses.events import event
from rules.crownofroses.operations import influence_targets
from rules.crownofroses.phases import card_title
from rules.crownofroses.surprise import current_battle, engaged_houses, give_cr, exile_boxes
from rules.crownofroses.windows import ability

# card -> its discard abilities: ("die", letters), ("vote", n), ("ip", n), ("inf", n), "cr", "undeclared",
# "draw", "ones", "uprising", "pirate", ("block", block id), "exile", "garrison", "inf_spread"
ABILITIES: dict[int, list] = {
    1: [("die", "G"), ("vote", 1), ("ip", 1), ("inf", 1)],
    2: [("die", "GG"), ("vote", 1), ("ip", 1), ("inf", 1)],
    3: [("die", "G"), ("vote", 1), ("ip", 1), ("inf", 1), "exile"],
    4: [("die", "G"), ("vote", 1), ("ip", 1), ("inf", 1)],
    5: [("die", "G"), ("vote", 1), ("ip", 1), ("inf", 1)],
    6: [("die", "G"), ("vote", 1), ("ip", 1), ("inf", 1)],
    7: [("die", "GG"), ("vote", 1), ("ip", 1), ("inf", 1), "cr"],
    8: [("die", "G"), ("vote", 1), ("ip", 1), ("inf", 2)],
    9: [("die", "B"), ("vote", 1), ("ip", 1), "undeclared"],
    10: [("die", "B"), ("vote", 1), ("ip", 1), ("inf", 1), "cr"],
    11: [("die", "B"), ("vote", 1), ("ip", 1), ("inf", 1), "cr", "uprising"],   # "green hitting on 5+": #102
    12: [("inf", 2)],
    13: [("die", "B"), ("inf", 1), "undeclared"],
    14: [("die", "GG"), ("vote", 1), ("ip", 1), ("inf", 1), "pirate"],
    15: [("die", "G"), ("inf", 1), "undeclared"],
    16: [("die", "G"), ("vote", 1), ("ip", 1), "inf_spread"],
    17: [("die", "B"), ("vote", 1), ("ip", 1), ("inf", 1)],
    18: [("die", "G"), ("vote", 1), ("ip", 1), "inf_spread"],
    19: ["draw", "ones", ("vote", 2), ("ip", 2)],
    20: ["draw", "ones", ("vote", 2), ("ip", 2)],
    21: ["draw", "ones"],
    22: [("die", "R"), ("vote", 1), ("ip", 1)],
    23: [("die", "B"), ("inf", 2), ("block", "warden_office")],
    24: [("die", "R"), ("inf", 2), ("block", "captain_of_calais_office")],
    25: [("die", "B"), ("inf", 2), ("block", "welsh")],
    26: [("die", "R"), ("inf", 2), "cr", "garrison"],
    27: [("die", "B"), ("vote", 1), ("ip", 1), ("inf", 1)],
}
BLOCK_AREA = {"warden_office": ("cumberland", "northumberland", "durham"), "captain_of_calais_office":
              ("calais", "kent", "london"), "welsh": tuple(s for s, v in data().board.shires.items()
                                                             if v.region == "wales_and_marches")}
REGION_DICE = {23: "north_marches", 25: "wales_and_marches"}       # Dacre, ap Thomas: +2 blue dice there
POINT_OF = {"die": "round_start", "garrison": "round_start", "vote": "before_votes", "ip": "influence_start"}


def gains_ops(number: int) -> int:
    return 1 if data().card(number).text.startswith("When played: gain 1 OPS") else 0


for _n in ABILITIES:
    @event(f"op{_n}", ops=gains_ops(_n), keep="play")
    def _ally(g, house, card):
        g.log(f"{card_title(card)} is placed in front of {hname(house)} (RB 14.2.2).")


def _kind(ab) -> str:
    return ab[0] if isinstance(ab, tuple) else ab


def _label(number: int, ab, extra: str = "") -> str:
    return f"Discard {card_title(f'op{number}')}: " + {
        "die": "battle dice", "vote": "votes", "ip": "IP", "inf": "alliance influence", "cr": "+1 CR",
        "undeclared": "an Undeclared noble into play", "draw": "draw a card", "ones": "two 1-IP markers on RoP boxes",
        "uprising": "a Planned Uprising", "pirate": "a Pirate Raid", "block": "take the office block",
        "exile": "an heir into exile", "garrison": "+1 to the Tower garrison's rolls",
        "inf_spread": "alliance influence"}[_kind(ab)] + extra


def die_letters(g: Game, number: int, ab) -> str:
    letters = ab[1]
    b = current_battle(g)
    if number in REGION_DICE and b and data().shire(b["shire"]).region == REGION_DICE[number]:
        letters = "BB"
    return letters


def _options(number: int):
    card = f"op{number}"

    def options(g, role, point):
        if card not in g.state["zones"].get(f"play:{role}", []):
            return
        for i, ab in enumerate(ABILITIES[number]):
            kind = _kind(ab)
            want = POINT_OF.get(kind, "step_start")
            if kind == "cr" and point == "round_start" and role in engaged_houses(g):
                want = "round_start"
            if point != want:
                continue
            for args, extra in _ability_args(g, role, number, kind, ab):
                yield (i, *args), _label(number, ab, extra)
    return options


def _ability_args(g: Game, role: str, number: int, kind: str, ab):
    state = g.state
    if kind == "die":
        if role in engaged_houses(g):
            yield (), f" (+{die_letters(g, number, ab)})"
    elif kind == "garrison":
        b = current_battle(g)
        if b and b["shire"] == "london" and b.get("garrison", {}).get("house") == role:
            yield (), ""
    elif kind in ("vote", "ip"):
        yield (), f" (+{ab[1]})"
    elif kind in ("inf", "inf_spread", "ones"):
        if influence_targets(state, role) and (kind == "ones" and 1 in state["ip"][role]["pool"]
                                               or kind != "ones" and state["ip"][role]["stock"]):
            yield (), ""
    elif kind == "cr":
        for b in board.blocks_of(state, role):
            if board.is_noble(b) and data().block(b).command_rating:
                yield (b,), f" for {name(b)}"
    elif kind == "undeclared":
        for b in board.blocks_of(state, role, "undeclared"):
            if board.is_noble(b) and b not in ("henry_vi", "margaret"):
                for s in sorted(data().board.shires):
                    if board.seat_reasons(state, b, role, s):
                        yield (b, s), f": {name(b)} to {place_name(s)}"
    elif kind == "draw":
        yield (), ""
    elif kind in ("uprising", "pirate"):
        yield (), ""
    elif kind == "block":
        blk = ab[1]
        if state["blocks"][blk]["status"] not in ("map", "attending") and state["blocks"][blk]["house"] is None:
            for b in board.blocks_of(state, role):
                if can_host(state, b) and state["blocks"][b]["at"] in BLOCK_AREA[blk]:
                    yield (b,), f" ({name(blk)} to {name(b)})"
    elif kind == "exile":
        for b in board.heir_blocks(state, role):
            s = state["blocks"][b]
            if s["status"] == "map" and not board.in_exile(state, b) and not s["host"]:
                for box in exile_boxes(state, role):
                    yield (b, box), f": {name(b)} to {place_name(box)}"


def _resolve(number: int):
    card = f"op{number}"

    def resolve(g, role, index, *args):
        ab = ABILITIES[number][int(index)]
        kind = _kind(ab)
        target = "removed" if number == 21 else "discard"          # Coppini leaves the game when used
        cards.move(g.state, card, f"play:{role}", target)
        what = _label(number, ab).split(": ", 1)[1]
        g.log(f"{hname(role)} discards {card_title(card)} for its ability: {what}.")
        state = g.state
        if kind == "die":
            b = current_battle(g)
            letters = die_letters(g, number, ab)
            b.setdefault("extra_dice", {})[role] = b.get("extra_dice", {}).get(role, "") + letters
            if number == 27:
                bonville(g, role)
        elif kind == "garrison":
            from rules.crownofroses.events import add_lasting
            add_lasting(g, "garrison_bonus", "impulse")
        elif kind == "vote":
            state.setdefault("vote_bonus", {})[role] = state.get("vote_bonus", {}).get(role, 0) + ab[1]
        elif kind == "ip":
            state.setdefault("ip_bonus", {})[role] = state.get("ip_bonus", {}).get(role, 0) + ab[1]
        elif kind == "inf":
            g.call("alliance_ip", role=role, left=ab[1], spread=False, noble=None, placed=[])
        elif kind == "inf_spread":
            other = "op18" if number == 16 else "op16"
            extra = (other in state["zones"].get(f"play:{role}", [])) + (state["blocks"]["lovel"]["house"] == role)
            g.call("alliance_ip", role=role, left=1 + extra, spread=True, noble=None, placed=[])
        elif kind == "ones":
            g.call("alliance_ones", role=role, left=min(2, state["ip"][role]["pool"].count(1)))
        elif kind == "cr":
            give_cr(g, args[0], card_title(card))
        elif kind == "undeclared":
            b, shire = args
            state["blocks"][b].update(status="map", at=shire, host=None, strength=data().block(b).max_steps)
            g.log(f"{name(b)} comes into play in {place_name(shire)} at full strength.")
        elif kind == "draw":
            drawn = cards.draw(g, f"hand:{role}", 1)
            if drawn:
                g.log(f"You draw {card_title(drawn[0])}.", to=[role])
        elif kind in ("uprising", "pirate"):
            from rules.crownofroses.uprisings import start_uprising
            start_uprising(g, role, kind, None)
        elif kind == "block":
            blk, host = ab[1], args[0]
            state["blocks"][blk].update(status="map", house=role, at=state["blocks"][host]["at"], host=host,
                                        strength=data().block(blk).max_steps)
            g.log(f"{name(blk)} is attached to {name(host)} (no office benefits).")
        elif kind == "exile":
            from rules.crownofroses.movement import enter_exile
            heir, box = args
            stack = [heir, *board.attached_to(state, heir)]
            for x in stack:
                state["blocks"][x]["at"] = box
            g.log(f"{name(heir)} goes into {place_name(box)}.")
            enter_exile(g, role, box, stack, heir)
    return resolve


for _n in ABILITIES:
    ability(f"op{_n}", "step_start", "round_start", "before_votes", "influence_start", options=_options(_n))(_resolve(_n))


def bonville(g: Game, role: str) -> None:
    """#27: one more blue die if the Earl of Devon is in the enemy force, its hits applied to Devon at once."""
    b = current_battle(g)
    enemy = b["defender"] if role == b["attacker"] else b["attacker"]
    if "devon" not in b["sides"][enemy]["engaged"]:
        return
    roll = rng.roll(g.state, 1)[0]
    g.log(f"Bonville's die against the Earl of Devon: {roll}.", data={"roll": roll})
    if roll in data().components.dice_hits["B"]:
        from rules.crownofroses.uprisings import take_raid_hit
        if g.state["blocks"]["devon"]["strength"] > 1:
            take_raid_hit(g, "devon")
        else:
            side = b["sides"][enemy]
            for key in ("engaged", "main"):
                if "devon" in side[key]:
                    side[key].remove("devon")
            side["eliminated"].append("devon")
            g.log("The Earl of Devon is eliminated.")


@FLOW.decision("alliance_ip")
class AllianceIP(Decision):
    """RB 14.2.2: X IP points from the stock onto one noble's box (#16, #18: spread over several)."""

    def prompt(self, g, role):
        return f"Alliance influence: place up to {g.local['left']} IP from your stock on " + (
            "any nobles' boxes." if g.local["spread"] else "one noble's box.")

    def actions(self, g, role):
        left = g.local["left"]
        nobles = [g.local["noble"]] if g.local["noble"] else influence_targets(g.state, role)
        for v in sorted(set(g.state["ip"][role]["stock"])):
            if 0 < v <= left:
                for n in nobles:
                    yield act("put", n, v, label=f"A {v} IP marker on {name(n)}", group=name(n))
        yield act("done", label="Done")

    def protects_secret(self, g, role):
        """Whether any stock marker fits the points left depends on the stock's hidden values: asked while
        the stock holds any (issue 33; VIEW.md)."""
        return bool(g.state["ip"][role]["stock"])

    def on_put(self, g, role, noble, value):
        v = int(value)
        g.state["ip"][role]["stock"].remove(v)
        box = g.state["rop"].setdefault(noble, {})
        box.setdefault(role, []).append(v)
        box[role].sort()
        g.local["placed"].append(noble)
        g.local["left"] -= v
        if not g.local["spread"]:
            g.local["noble"] = noble
        # no automatic end: what is left, and what the stock still fits, depend on hidden values, so
        # ending here would tell the others (secrecy); the player ends with "Done"
        g.log(f"You place {v} IP on {name(noble)}; {plural(max(g.local['left'], 0), 'point')} left.", to=[role])

    def on_done(self, g, role):
        counts = Counter(g.local["placed"])
        if counts:
            g.log(f"{hname(role)} places " + ", ".join(f"{plural(n, 'marker')} on {name(x)}" for x, n in sorted(counts.items()))
                  + " (alliance influence).")
        g.end()

    def default(self, g, role):
        return "done"


@FLOW.decision("alliance_ones")
class AllianceOnes(Decision):
    """#19–#21: two 1-IP markers from the unclaimed pool onto one or two RoP boxes (the value is known)."""

    def prompt(self, g, role):
        return f"Place a 1-IP marker from your unclaimed pool on a noble's box ({g.local['left']} left)."

    def actions(self, g, role):
        return [act("put", n, label=name(n)) for n in influence_targets(g.state, role)]

    def on_put(self, g, role, noble):
        g.state["ip"][role]["pool"].remove(1)
        box = g.state["rop"].setdefault(noble, {})
        box.setdefault(role, []).append(1)
        box[role].sort()
        g.log(f"{hname(role)} places a 1-IP marker from its pool on {name(noble)}.")
        g.local["left"] -= 1
        if g.local["left"] <= 0 or 1 not in g.state["ip"][role]["pool"]:
            g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


@on_hook("royal_start")
def _votes_reset(g: Game) -> None:
    g.state["vote_bonus"] = {}
