"""The events of the operations cards that are neither Raids, Planned Uprisings, alliances nor Surprises
(RB 14, card list #28–#62): musters and step gains, Manpower Shortage, Change of Heart, Plot Uncovered,
Desertions, the alliance purges, Show of Unity, the IP events, the mercenaries, Embassy and Plague.

Enemy blocks are chosen as "a block of house H in shire S" (they are face down, RB 8.0): the block hit is
drawn at random among them, so no choice ever names a hidden block (DECISIONS.md #101)."""

from __future__ import annotations

from collections import Counter

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.common import FLOW, can_host, d6, hname, on_hook, take_off_map
from rules.crownofroses.events import (add_lasting, event, lasting, leave_play, lose_step, start_gains,
                                       start_losses)
from rules.crownofroses.phases import card_title, card_type

MERCENARY_CARDS = {"op49": "burgundians", "op52": "french", "op55": "scots", "op56": "welsh"}


def no_muster(state, house: str) -> bool:
    return not cards.modifiers(state, "no_muster")


def on_map(state, b: str) -> bool:
    return state["blocks"][b]["status"] == "map"


def shires_of(state, house: str) -> list[str]:
    return sorted({state["blocks"][b]["at"] for b in board.blocks_of(state, house)})


def enemy_targets(state, house: str, exile: bool = True) -> list[tuple[str, str]]:
    """(place, enemy house) pairs with enemy blocks on the map: public facts."""
    found = set()
    for b, s in state["blocks"].items():
        if s["status"] == "map" and s["house"] not in (None, house) and s["house"] in state["houses"]:
            if exile or not s["at"].startswith("exile/"):
                found.add((s["at"], s["house"]))
    return sorted(found)


# ---- #28, #29 Call to Arms, Good Men of England -----------------------------------------------------------
def muster_shires(state, house: str) -> dict[str, list[str]]:
    found = {}
    for shire in shires_of(state, house):
        if shire.startswith("exile/") or not board.friendly(state, shire, house):
            continue
        nobles = [b for b in board.blocks_at(state, shire, house) if board.is_noble(b)]
        if nobles:
            found[shire] = nobles
    return found


@event("op28", "op29", playable=no_muster)
def call_to_arms(g: Game, house: str, card: str) -> None:
    shires = {s: n for s, n in muster_shires(g.state, house).items()
              if any(g.state["blocks"][b]["strength"] < data().block(b).max_steps for b in n)}
    if shires:
        g.call("muster_each", role=house, shires=sorted(shires))


@FLOW.decision("muster_each")
class MusterEach(Decision):
    def prompt(self, g, role):
        return "Muster 1 step in each controlled shire with a noble: choose the noble of each shire."

    def actions(self, g, role):
        for shire in g.local["shires"]:
            for b in board.blocks_at(g.state, shire, role):
                if board.is_noble(b) and g.state["blocks"][b]["strength"] < data().block(b).max_steps:
                    yield act("step", shire, b, label=f"{name(b)} in {place_name(shire)}", group=place_name(shire))
        yield act("done", label="Done")

    def on_step(self, g, role, shire, block):
        g.state["blocks"][block]["strength"] += 1
        g.local["shires"].remove(shire)
        g.local["n"] = g.local.get("n", 0) + 1
        if not list(self.actions(g, role))[:-1]:
            self.on_done(g, role)

    def on_done(self, g, role):
        g.log(f"{hname(role)} musters {g.local.get('n', 0)} step(s).")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- #34, #35 Manpower Shortage ------------------------------------------------------------------------------
@event("op34", "op35", keep="persist")
def manpower_shortage(g: Game, house: str, card: str) -> None:
    add_lasting(g, "no_muster", "operations", card=card)
    g.log("Nobody may muster for the rest of this Operations phase.")


# ---- #40 Change of Heart -------------------------------------------------------------------------------------
def heart_options(state, house: str) -> list[tuple[str, str, str | None]]:
    found = []
    for b in board.blocks_of(state, house):
        if board.is_noble(b) and b not in ("henry_vi", "margaret") and not board.is_heir(state, b):
            found.append(("undeclare", b, None))
    for b in board.blocks_of(state, house, "undeclared"):
        if board.is_noble(b) and b not in ("henry_vi", "margaret"):
            for shire in board.winter_seats(state, b, house):
                found.append(("place", b, shire))
    return found


@event("op40", playable=lambda state, house: bool(heart_options(state, house)))
def change_of_heart(g: Game, house: str, card: str) -> None:
    g.call("change_of_heart", role=house)


@FLOW.decision("change_of_heart")
class ChangeOfHeart(Decision):
    def prompt(self, g, role):
        return "Change of Heart: move a noble of yours to the Undeclared pool, or place an Undeclared noble."

    def actions(self, g, role):
        for verb, b, shire in heart_options(g.state, role):
            if verb == "undeclare":
                yield act("undeclare", b, label=f"{name(b)} to the Undeclared pool", group="Undeclare")
            else:
                yield act("place", b, shire, label=f"{name(b)} to {place_name(shire)}", group=name(b))

    def on_undeclare(self, g, role, block):
        take_off_map(g, block, "undeclared", role)
        g.log(f"{name(block)} goes to {hname(role)}'s Undeclared pool (Change of Heart).")
        g.end()

    def on_place(self, g, role, block, shire):
        g.state["blocks"][block].update(status="map", at=shire, host=None, strength=data().block(block).max_steps)
        g.log(f"{name(block)} enters {place_name(shire)} at full strength (Change of Heart).")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- #41 Plot Uncovered ----------------------------------------------------------------------------------------
@event("op41", playable=lambda state, house: bool(enemy_targets(state, house)))
def plot_uncovered(g: Game, house: str, card: str) -> None:
    g.call("pick_enemy", role=house, purpose="plot", exile=True)


@FLOW.decision("pick_enemy")
class PickEnemy(Decision):
    """Choose a place and an enemy house there (Plot Uncovered: a block drawn at random; Desertions)."""

    def prompt(self, g, role):
        return {"plot": "Plot Uncovered: choose an enemy block (by place; which block is drawn at random).",
                "desertions": "Desertions: choose a shire and the enemy house that loses steps."}[g.local["purpose"]]

    def actions(self, g, role):
        for place, house in enemy_targets(g.state, role, g.local["exile"]):
            n = len(board.blocks_at(g.state, place, house))
            yield act("target", place, house, label=f"{hname(house)} in {place_name(place)} ({n} block(s))")

    def on_target(self, g, role, place, house):
        if g.local["purpose"] == "plot":
            g.end()
            plot_hits(g, place, house)
        else:
            roll = d6(g)
            steps = 1 if roll <= 3 else 2 if roll <= 5 else 3
            g.log(f"Desertions in {place_name(place)}: the die shows {roll}; {hname(house)} loses {steps} step(s).",
                  data={"roll": roll})
            start_losses(g, house, board.blocks_at(g.state, place, house), steps, "Desertions", tail=True)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def plot_hits(g: Game, place: str, house: str) -> None:
    """A non-heir loses 2 steps; below base, a house-coloured block goes Undeclared, another Inactive."""
    target = rng.choice(g.state, board.blocks_at(g.state, place, house))
    if board.is_heir(g.state, target):
        g.log(f"Plot Uncovered: the block drawn in {place_name(place)} is an heir, unaffected.")
        return
    s = g.state["blocks"][target]
    if s["strength"] > 2:
        s["strength"] -= 2
        g.log(f"Plot Uncovered: a {hname(house)} block in {place_name(place)} loses 2 steps.")
        return
    coloured = data().block(target).label_colour in ("white", "red", "yellow", "blue")
    if coloured and board.is_noble(target):
        take_off_map(g, target, "undeclared", house)
        g.log(f"Plot Uncovered: {name(target)} drops below base strength and goes to {hname(house)}'s Undeclared pool.")
    else:
        from rules.crownofroses.common import lose_office_of
        if board.is_noble(target):
            lose_office_of(g, target)
        take_off_map(g, target, "inactive", None)
        g.log(f"Plot Uncovered: {name(target)} drops below base strength and becomes Inactive.")


# ---- #42 Desertions --------------------------------------------------------------------------------------------
@event("op42", playable=lambda state, house: bool(enemy_targets(state, house, exile=False)))
def desertions(g: Game, house: str, card: str) -> None:
    g.call("pick_enemy", role=house, purpose="desertions", exile=False)


# ---- #43, #44 Unrest of the Gentry, Secret Plans; #45 Show of Unity ----------------------------------------
def alliances_in_play(state) -> list[tuple[str, str]]:
    return [(z.split(":", 1)[1], c) for z, held in sorted(state["zones"].items()) if z.startswith("play:")
            for c in held if c.startswith("op") and card_type(c) == "alliance"]


@event("op43", "op44")
def purge_alliances(g: Game, house: str, card: str) -> None:
    gone = alliances_in_play(g.state)
    for h, c in gone:
        leave_play(g, c)
    g.log("Every alliance card in play is discarded, without its ability: "
          + (", ".join(f"{card_title(c)} ({hname(h)})" for h, c in gone) or "none") + ".")


def alliances_in_hand(state, house: str) -> list[str]:
    return [c for c in state["zones"][f"hand:{house}"] if c.startswith("op") and card_type(c) == "alliance"]


@event("op45", playable=lambda state, house: bool(alliances_in_hand(state, house)))
def show_of_unity(g: Game, house: str, card: str) -> None:
    g.call("show_of_unity", role=house)


@FLOW.decision("show_of_unity")
class ShowOfUnity(Decision):
    def prompt(self, g, role):
        return "Show of Unity: put any number of alliance cards from your hand into play."

    def actions(self, g, role):
        for c in alliances_in_hand(g.state, role):
            yield act("ally", c, label=f"Put {card_title(c)} into play")
        yield act("done", label="Done")

    def on_ally(self, g, role, card):
        cards.move(g.state, card, f"hand:{role}", f"play:{role}")
        g.log(f"{hname(role)} puts {card_title(card)} into play (Show of Unity).")

    def on_done(self, g, role):
        g.end()

    def default(self, g, role):
        return "done"


# ---- #46 Reinforcements ------------------------------------------------------------------------------------------
def reinforce_shires(state, house: str) -> list[str]:
    return [s for s in shires_of(state, house) if not s.startswith("exile/") and board.friendly(state, s, house)]


@event("op46", playable=lambda state, house: bool(reinforce_shires(state, house)))
def reinforcements(g: Game, house: str, card: str) -> None:
    g.call("pick_own_shire", role=house, shires=reinforce_shires(g.state, house))


@FLOW.decision("pick_own_shire")
class PickOwnShire(Decision):
    def prompt(self, g, role):
        return "Reinforcements: choose a controlled shire with your blocks; a die gives 1–3 steps."

    def actions(self, g, role):
        return [act("shire", s, label=place_name(s)) for s in g.local["shires"]]

    def on_shire(self, g, role, shire):
        roll = d6(g)
        steps = 1 if roll <= 3 else 2 if roll <= 5 else 3
        g.log(f"Reinforcements in {place_name(shire)}: the die shows {roll}, {steps} step(s).", data={"roll": roll})
        start_gains(g, role, board.blocks_at(g.state, shire, role), steps, "Reinforcements", tail=True)

    def default(self, g, role):
        return self.actions(g, role)[0].id


# ---- #47 Secret Ballot; #48 Feudal Anarchy; #51 Desperate Circumstances -------------------------------------
def take_upto(markers: list[int], value: int) -> tuple[list[int], list[int]]:
    """Markers totalling at most ``value`` (greedy from the largest): any shortfall is lost."""
    rest = sorted(markers, reverse=True)
    taken, need = [], value
    for m in list(rest):
        if 0 < m <= need:
            taken.append(m)
            rest.remove(m)
            need -= m
    return sorted(taken), sorted(rest)


def pool_to_stock(g: Game, house: str, value: int, why: str) -> int:
    ip = g.state["ip"][house]
    taken, ip["pool"] = take_upto(ip["pool"], value)
    ip["stock"] = sorted(ip["stock"] + taken)
    g.log(f"{hname(house)} takes {sum(taken)} IP from its unclaimed pool into its stock ({why}).")
    return sum(taken)


@event("op47")
def secret_ballot(g: Game, house: str, card: str) -> None:
    held = [o for o in data().parliament if board.office_house(g.state, o) == house]
    value = len(held) + (1 if board.king_house(g.state) == house else 0) + (1 if "chancellor" in held else 0)
    pool_to_stock(g, house, value, "Secret Ballot")


@event("op48", playable=lambda state, house: any(state["ip"][house]["stock"]))
def feudal_anarchy(g: Game, house: str, card: str) -> None:
    g.call("reveal_ip", role=house, picked=[], source="stock", purpose="anarchy")


@event("op51", playable=lambda state, house: no_muster(state, house) and any(
    state["rop"].get(n, {}).get(house) for n in state["rop"]))
def desperate_circumstances(g: Game, house: str, card: str) -> None:
    g.call("reveal_ip", role=house, picked=[], source="rop", purpose="desperate")


@FLOW.decision("reveal_ip")
class RevealIP(Decision):
    """Markers taken from the stock (Feudal Anarchy) or from the house's RoP boxes (Desperate
    Circumstances) and revealed; the steps follow."""

    def prompt(self, g, role):
        return ("Feudal Anarchy: return IP from your stock to the pool, revealed; 1 step per IP."
                if g.local["purpose"] == "anarchy" else
                "Desperate Circumstances: take IP back from RoP boxes, revealed; 1 step per 2 IP.")

    def actions(self, g, role):
        if g.local["source"] == "stock":
            left = Counter(g.state["ip"][role]["stock"]) - Counter(p[1] for p in g.local["picked"])
            for v in sorted(left):
                if v:
                    yield act("m", "stock", v, label=f"A {v} IP marker")
        else:
            for noble, bids in sorted(g.state["rop"].items()):
                left = Counter(bids.get(role, [])) - Counter(p[1] for p in g.local["picked"] if p[0] == noble)
                for v in sorted(left):
                    yield act("m", noble, v, label=f"A {v} IP marker from {name(noble)}", group=name(noble))
        yield act("done", label="Done")

    def on_m(self, g, role, where, value):
        g.local["picked"].append([where, int(value)])

    def on_done(self, g, role):
        picked = g.local["picked"]
        total = sum(v for _, v in picked)
        ip = g.state["ip"][role]
        for where, v in picked:
            if where == "stock":
                ip["stock"].remove(v)
                ip["pool"].append(v)
            else:
                g.state["rop"][where][role].remove(v)
                if not g.state["rop"][where][role]:
                    del g.state["rop"][where][role]
                if not g.state["rop"][where]:
                    del g.state["rop"][where]
                ip["stock"].append(v)
        ip["stock"].sort()
        ip["pool"].sort()
        g.reveal()
        g.log(f"{hname(role)} reveals " + (", ".join(f"{v}" + (f" from {name(w)}" if w != "stock" else "")
                                                  for w, v in picked) or "nothing") + f": {total} IP.")
        state = g.state
        if g.local["purpose"] == "anarchy":
            blocks = [b for b in board.blocks_of(state, role) if board.is_noble(b) and not board.in_exile(state, b)
                      and not board.contested(state, state["blocks"][b]["at"])]
            start_gains(g, role, blocks, total, "Feudal Anarchy", tail=True)
        else:
            blocks = [b for b in board.blocks_of(state, role) if board.is_noble(b) and not board.in_exile(state, b)]
            start_gains(g, role, blocks, total // 2, "Desperate Circumstances", tail=True)

    def default(self, g, role):
        return "done"


# ---- #50, #53, #54 Court Intrigue, Influential Opinion, Political Power --------------------------------------
@event("op50", "op53", "op54", playable=lambda state, house: len(state["houses"]) > 1)
def court_intrigue(g: Game, house: str, card: str) -> None:
    g.call("pick_player", role=house, players=[h for h in g.roles if h != house])


@FLOW.decision("pick_player")
class PickPlayer(Decision):
    def prompt(self, g, role):
        return "Choose a player: he takes 5 of his IP markers back from the RoP boxes, unseen."

    def actions(self, g, role):
        return [act("player", h, label=hname(h)) for h in g.local["players"]]

    def on_player(self, g, role, house):
        placed = sum(len(b.get(house, [])) for b in g.state["rop"].values())
        g.log(f"{hname(role)} chooses {hname(house)}, who takes {min(5, placed)} marker(s) back from the RoP boxes.")
        if placed:
            g.goto("pull_back", role=house, left=min(5, placed), taken=[])
        else:
            g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


@FLOW.decision("pull_back")
class PullBack(Decision):
    """The chosen player takes markers back one at a time; their values stay hidden (only he sees them)."""

    def prompt(self, g, role):
        return f"Take {g.local['left']} more IP marker(s) back from the RoP boxes to your stock (unseen)."

    def actions(self, g, role):
        for noble, bids in sorted(g.state["rop"].items()):
            for v in sorted(set(bids.get(role, []))):
                yield act("m", noble, v, label=f"A {v} IP marker from {name(noble)}", group=name(noble))

    def on_m(self, g, role, noble, value):
        g.state["rop"][noble][role].remove(int(value))
        if not g.state["rop"][noble][role]:
            del g.state["rop"][noble][role]
        if not g.state["rop"][noble]:
            del g.state["rop"][noble]
        g.state["ip"][role]["stock"] = sorted(g.state["ip"][role]["stock"] + [int(value)])
        g.local["taken"].append(noble)
        g.local["left"] -= 1
        if not g.local["left"] or not any(b.get(role) for b in g.state["rop"].values()):
            counts = Counter(g.local["taken"])
            shown = ", ".join(f"{n} from {name(x)}" for x, n in sorted(counts.items()))
            g.log(f"{hname(role)} takes back {shown}.")
            g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- #49, #52, #55, #56 the mercenaries (RB 8.1, 24.1.2) ------------------------------------------------------
def mercenary_area(card: str, shire: str) -> bool:
    s = data().shire(shire)
    if card in ("op49", "op52"):
        return "english_channel" in s.coastal_seas
    if card == "op55":
        return s.region == "north_marches"
    return s.region == "wales_and_marches"


def mercenary_hosts(state, house: str, card: str) -> list[str]:
    return [b for b in board.blocks_of(state, house) if can_host(state, b) and not board.in_exile(state, b)
            and mercenary_area(card, state["blocks"][b]["at"])]


def mercenary_playable(card: str):
    def check(state, house):
        block = MERCENARY_CARDS[card]
        barred = block != "welsh" and cards.modifiers(state, "no_foreigners")
        return state["blocks"][block]["status"] != "map" and not barred and bool(mercenary_hosts(state, house, card))
    return check


def _hire(g: Game, house: str, card: str) -> None:
    g.call("hire", role=house, card=card, hosts=mercenary_hosts(g.state, house, card))


for _card in MERCENARY_CARDS:
    event(_card, playable=mercenary_playable(_card), keep="persist")(_hire)


@FLOW.decision("hire")
class Hire(Decision):
    def prompt(self, g, role):
        return f"{card_title(g.local['card'])}: attach the block at full strength to one of your nobles."

    def actions(self, g, role):
        return [act("host", b, label=f"{name(b)} in {place_name(g.state['blocks'][b]['at'])}")
                for b in g.local["hosts"]]

    def on_host(self, g, role, host):
        block = MERCENARY_CARDS[g.local["card"]]
        g.state["blocks"][block].update(status="map", house=role, at=g.state["blocks"][host]["at"], host=host,
                                        strength=data().block(block).max_steps)
        add_lasting(g, "mercenary", "royal", card=g.local["card"], block=block)
        g.log(f"{name(block)} join {hname(role)} in {place_name(g.state['blocks'][host]['at'])}.")
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


@on_hook("impulse_end")
def mercenaries_gone(g: Game) -> None:
    """A mercenary card ends when its block is eliminated (or sent away by England for the English)."""
    for m in list(cards.modifiers(g.state, "mercenary")):
        if g.state["blocks"][m["block"]]["status"] != "map":
            g.state["modifiers"].remove(m)
            leave_play(g, m["card"], f"{name(m['block'])} left play")


# ---- #58, #59 Embassy (RB 14.1.1) -----------------------------------------------------------------------------
def envoy_of_king(state) -> str | None:
    king = state["offices"].get("king")
    if not king or state["blocks"][king]["status"] != "map" or board.in_exile(state, king):
        return None
    return state["blocks"][king]["host"] if king == "henry_vi" else king


@event("op58", "op59", ops=1)
def embassy(g: Game, house: str, card: str) -> None:
    roll = d6(g)
    shire = data().card(int(card[2:])).embassy_table[roll]
    g.log(f"Embassy: the die shows {roll} — {place_name(shire)}.", data={"roll": roll})
    king_house = board.king_house(g.state)
    if king_house not in g.roles:
        g.log("There is no King to receive the embassy.")
        return
    g.call("embassy_envoy", role=king_house, shire=shire, card=card)


def writ_cards(state, house: str) -> list[str]:
    """Any 3-OPS card in hand pays for a Writ (RB 10.5.1): operations cards first (a house card used so
    leaves the game, RB 10.2)."""
    from rules.crownofroses.phases import card_ops
    found = [c for c in state["zones"][f"hand:{house}"] if card_ops(c) == 3]
    extra = set(sum(state.get("extra_house", {}).values(), []))
    return sorted(found, key=lambda c: (not c.startswith("op") or c in extra, c))


def pay_card(g: Game, house: str, card: str) -> None:
    """A card discarded to pay for something: house cards leave the game instead (RB 10.2)."""
    house_card = not card.startswith("op") or card in g.state.get("extra_house", {}).get(house, [])
    cards.move(g.state, card, f"hand:{house}", "removed" if house_card else "discard")


def writ_targets(state, house: str) -> list[str]:
    """Nobles a Writ may name, from public facts only: in play (on the map), not heirs, not the King, and
    for a non-Lancastrian not Edward, Henry VI nor Margaret. Whether the named noble stands in a contested
    shire, in exile or hosts Henry VI or Margaret is checked when the Writ is carried out."""
    found = []
    for b, s in sorted(state["blocks"].items()):
        if s["status"] != "map" or not board.is_noble(b) or board.is_heir(state, b) or state["offices"]["king"] == b:
            continue
        if house != "lancaster" and b in ("lancaster", "henry_vi", "margaret"):
            continue
        if b == "margaret":
            continue
        found.append(b)
    return found


def writ_fails(state, house: str, target: str) -> str | None:
    s = state["blocks"][target]
    if s["status"] != "map":
        return "not in play"
    if board.in_exile(state, target):
        return "in exile"
    if board.contested(state, s["at"]):
        return "in a contested shire"
    if s["host"]:
        return "attached to another block"
    if house != "lancaster" and {"henry_vi", "margaret"} & set(board.attached_to(state, target)):
        return "the host of Henry VI or Margaret"
    return None


@FLOW.decision("embassy_envoy")
class EmbassyEnvoy(Decision):
    def prompt(self, g, role):
        return (f"Embassy to {place_name(g.local['shire'])} (RB 14.1.1): the King goes, or name another noble by "
                "Writ (discard a 3-OPS card).")

    def actions(self, g, role):
        if envoy_of_king(g.state):
            yield act("king", label=f"{name(envoy_of_king(g.state))} goes")
        else:
            yield act("none", label="Nobody goes (the King is not on the map)")
        pay = writ_cards(g.state, role)
        if pay:
            for b in writ_targets(g.state, role):
                yield act("writ", pay[0], b, label=f"Writ: {name(b)} goes (discard {card_title(pay[0])})",
                          group="Writ")

    def on_king(self, g, role):
        send_envoy(g, role, envoy_of_king(g.state))

    def on_none(self, g, role):
        g.end()

    def on_writ(self, g, role, pay, target):
        pay_card(g, role, pay)
        g.log(f"{hname(role)} issues a Writ (discarding {card_title(pay)}): {name(target)} is to go.")
        why = writ_fails(g.state, role, target)
        if why:
            g.log(f"The Writ fails: {name(target)} is {why}.")
            if envoy_of_king(g.state):
                send_envoy(g, role, envoy_of_king(g.state))
            else:
                g.end()
            return
        send_envoy(g, g.state["blocks"][target]["house"], target)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def send_envoy(g: Game, house: str, envoy: str) -> None:
    """The envoy and his attached blocks go straight there, revealed; enemies there leave (adjacent shire
    or the Undeclared pool); no enemy may enter until after the battle step."""
    shire = g.local["shire"]
    moving = [envoy, *board.attached_to(g.state, envoy)]
    for b in moving:
        g.state["blocks"][b]["at"] = shire
    g.log(f"{name(envoy)} goes to {place_name(shire)} for the Embassy; no enemy may enter it this impulse.")
    add_lasting(g, "embassy", "impulse", card=None, shire=shire, house=house, envoy=envoy)
    enemies = sorted(board.houses_at(g.state, shire) - {house})
    if enemies:
        g.goto("embassy_clear", shire=shire, houses=enemies)
    else:
        g.end()


def _clear_embassy(g: Game) -> None:
    shire = g.local["shire"]
    while g.local["houses"]:
        h = g.local["houses"].pop(0)
        places = [s for s, _ in data().board.neighbours(shire) if not (board.houses_at(g.state, s) - {h})
                  and not board.embassy_barred(g.state, h, s)]
        if not places or h not in g.roles:
            for b in board.blocks_at(g.state, shire, h):
                if g.state["blocks"][b]["status"] == "map" and g.state["blocks"][b]["at"] == shire:
                    noble = board.is_noble(b)
                    take_off_map(g, b, "undeclared" if noble else "inactive", h if noble else None)
            g.log(f"{hname(h)}'s blocks in {place_name(shire)} have nowhere to go: the Undeclared pool (RB 14.1.1).")
            continue
        g.again()
        g.call("embassy_leave", role=h, shire=shire, places=places)
        return


FLOW.procedure("embassy_clear", _clear_embassy)


@FLOW.decision("embassy_leave")
class EmbassyLeave(Decision):
    def prompt(self, g, role):
        return f"The Embassy in {place_name(g.local['shire'])}: your blocks there must leave to an adjacent shire."

    def actions(self, g, role):
        return [act("to", s, label=place_name(s)) for s in g.local["places"]]

    def on_to(self, g, role, shire):
        for b in board.blocks_at(g.state, g.local["shire"], role):
            g.state["blocks"][b]["at"] = shire
        g.log(f"{hname(role)}'s blocks leave {place_name(g.local['shire'])} for {place_name(shire)}.")
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


# ---- #60–#62 Plague (RB 14.1.2) -------------------------------------------------------------------------------
@event("op60", "op61", "op62", ops=2)
def plague(g: Game, house: str, card: str) -> None:
    drawn = cards.draw(g, "discard", 1)
    if not drawn:
        g.log("Plague: no card left to draw; nothing happens.")
        return
    shown = drawn[0]
    where = data().card(int(shown[2:])).plague_location if shown.startswith("op") else None
    if not where:
        return
    g.log(f"Plague: {card_title(shown)} is drawn and discarded; the plague strikes {place_name(where)}.")
    queue = []
    sv = data().shire(where).sv
    for h in sorted(board.houses_at(g.state, where)):
        queue.append([h, where, sv])
    for other, _ in data().board.neighbours(where):
        loss = data().shire(other).sv if other == "london" else max(1, data().shire(other).sv - 1)
        for h in sorted(board.houses_at(g.state, other)):
            queue.append([h, other, loss])
    g.call("plague_losses", queue=queue, shire=where)


def _plague_step(g: Game) -> None:
    while g.local["queue"]:
        h, shire, loss = g.local["queue"].pop(0)
        if start_losses(g, h, board.blocks_at(g.state, shire, h), loss, f"Plague in {place_name(shire)}"):
            g.again()
            return
    g.state["markers"][g.local["shire"]] = "devastated"
    g.log(f"{place_name(g.local['shire'])} is Devastated (RB 14.1.2).")


FLOW.procedure("plague_losses", _plague_step)
