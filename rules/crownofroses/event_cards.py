"""Operations events (RB 14, card list #28–#46): the musters, Manpower Shortage, Change of Heart, Plot
Uncovered, Desertions, the alliance purges, Show of Unity, Reinforcements. The others: influence_events.py
(#47, #48, #50, #51, #53, #54), mercenaries.py (#49, #52, #55, #56), mandatory.py (Embassy, Plague),
uprisings.py (Raids and Planned Uprisings), alliances.py (#1–#27), surprise.py (#63–#78).

Enemy blocks are chosen as "a block of house H in shire S" (they are face down, RB 8.0): the block hit is
drawn at random among them, so no choice ever names a hidden block (DECISIONS.md #101)."""

from __future__ import annotations

from rules.core.wording import plural, possessive

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.common import FLOW, d6, hname, take_off_map
from rules.crownofroses.events import add_lasting, event, leave_play, start_gains, start_losses
from rules.crownofroses.phases import card_title, card_type


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
    # Asked even when no noble there is below full strength: the strengths are hidden (DECISIONS.md #129).
    g.call("muster_each", role=house, shires=sorted(muster_shires(g.state, house)), why=card_title(card))


@FLOW.decision("muster_each")
class MusterEach(Decision):
    def prompt(self, g, role):
        if not self.steps(g, role):
            return f"{g.local['why']}: no noble of yours can take a step; the musters are lost."
        return f"{g.local['why']}: muster 1 step in each controlled shire with a noble: choose the noble of each shire."

    def steps(self, g, role):
        return [(shire, b) for shire in g.local["shires"] for b in board.blocks_at(g.state, shire, role)
                if board.is_noble(b) and g.state["blocks"][b]["strength"] < data().block(b).max_steps]

    def actions(self, g, role):
        for shire, b in self.steps(g, role):
            yield act("step", shire, b, label=f"{name(b)} in {place_name(shire)} "
                      f"({plural(g.state['blocks'][b]['strength'], 'step')})", group=place_name(shire))
        yield act("done", label="Done (the rest is lost)")

    def protects_secret(self, g, role):
        """Whether a noble there is damaged is hidden: asked even with only "Done" (issue 33)."""
        return True

    def on_step(self, g, role, shire, block):
        g.state["blocks"][block]["strength"] += 1
        g.local["shires"].remove(shire)
        g.local["n"] = g.local.get("n", 0) + 1
        if not g.local["shires"]:                # not "no noble can take one": that hangs on hidden strengths
            self.on_done(g, role)

    def on_done(self, g, role):
        # how many steps the nobles could take is hidden: the count goes to the owner only
        g.log(f"{hname(role)} musters in its shires ({g.local['why']}).")
        g.log(f"You muster {plural(g.local.get('n', 0), 'step')} ({g.local['why']}).", to=[role])
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
        g.log(f"{name(block)} goes to {possessive(hname(role))} Undeclared pool (Change of Heart).")
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
            yield act("target", place, house, label=f"{hname(house)} in {place_name(place)} ({plural(n, 'block')})")

    def on_target(self, g, role, place, house):
        if g.local["purpose"] == "plot":
            g.end()
            plot_hits(g, place, house)
        else:
            roll = d6(g)
            steps = 1 if roll <= 3 else 2 if roll <= 5 else 3
            g.log(f"Desertions in {place_name(place)}: the die shows {roll}; {hname(house)} loses {plural(steps, 'step')}.",
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
        g.log(f"Plot Uncovered: {name(target)} drops below base strength and goes to {possessive(hname(house))} Undeclared pool.")
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

    def protects_secret(self, g, role):
        """The alliance cards in hand are hidden: asked while the hand holds any (issue 33)."""
        return bool(g.state["zones"][f"hand:{role}"])

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
        g.log(f"Reinforcements in {place_name(shire)}: the die shows {roll}, {plural(steps, 'step')}.", data={"roll": roll})
        start_gains(g, role, board.blocks_at(g.state, shire, role), steps, "Reinforcements", tail=True)

    def default(self, g, role):
        return self.actions(g, role)[0].id
