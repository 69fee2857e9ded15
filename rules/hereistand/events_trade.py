"""Here I Stand: the events of money and trade: Cloth Prices Fluctuate, Mercenaries Demand Pay and Julia Gonzaga
(16.4 piracy).
"""

from __future__ import annotations

from rules.core import cards
from rules.core.flow import Decision, Game, act
from rules.core.wording import plural, plural_of

from . import state as st
from .data import MAJORS, load, space_name
from .events import EVENTS
from .events_cards import draw_for, lose_random_card
from .pick_events import PickEvent, pick_event
from .turn import FLOW, power_name


# ---- #72 Cloth Prices Fluctuate ---------------------------------------------------------------------------
LOW_COUNTRIES = ("antwerp", "brussels", "amsterdam")


def cloth_trade_flows(s: st.State) -> bool:
    return st.controller(s, "calais") == "england" and st.controller(s, "antwerp") == "hapsburg"


def unrest_sites(s: st.State) -> list[str]:
    """Antwerp, Brussels, Amsterdam and the German- and Italian-speaking Hapsburg home spaces, unoccupied and
    not already in unrest."""
    data = load()
    wanted = [*LOW_COUNTRIES, *(sp for sp in data.home_spaces("hapsburg")
                                if data.space(sp).language_zone in ("german", "italian"))]
    return [sp for sp in dict.fromkeys(wanted) if sp not in s["unrest"] and not s["units"].get(sp)]


def mercenary_sites(s: st.State, power: str) -> list[str]:
    """The player's controlled home spaces not under siege (rule 17; the Protestant only after the League)."""
    from .actions import build_sites
    if power == "protestant" and not s["league_formed"]:
        return []
    return [sp for sp in build_sites(s, power, naval=False) if sp not in s["sieges"]]


@EVENTS.on("72", "event")
def cloth_prices(g: Game, power: str, card: str) -> None:
    s = g.state
    if cloth_trade_flows(s):
        g.log("Cloth Prices Fluctuate: England holds Calais and the Hapsburg Antwerp — the trade prospers.")
        draw_for(g, "england", 1, "Cloth Prices Fluctuate")
        draw_for(g, "hapsburg", 1, "Cloth Prices Fluctuate")
        g.call("cloth_mercenaries", role=power)
        return
    g.log("Cloth Prices Fluctuate: the cloth trade between Calais and Antwerp is broken.")
    owner = st.controller(s, "antwerp")
    if owner in MAJORS:
        lose_random_card(g, owner, "Cloth Prices Fluctuate")
    g.call("cloth_unrest", role=power, left=2)


@FLOW.decision("cloth_mercenaries")
class ClothMercenaries(Decision):
    def active(self, g):
        return super().active(g) if mercenary_sites(g.state, g.local["role"]) and self.count(g) else []

    def proceed(self, g):
        g.log(f"Cloth Prices Fluctuate: {power_name(g.local['role'])} has no home space to raise units in.")
        g.end()

    def unit_kind(self, g):
        return "cavalry" if g.local["role"] == "ottoman" else "mercenary"

    def count(self, g):
        return min(2, st.land_pool_left(g.state, g.local["role"]))

    def prompt(self, g, role):
        return (f"{power_name(role)}: Cloth Prices Fluctuate — choose the home space for your "
                f"{plural(self.count(g), self.unit_kind(g), plural_of(self.unit_kind(g)))}.")

    def actions(self, g, role):
        for sp in mercenary_sites(g.state, role):
            yield act("raise", sp, label=space_name(sp))

    def on_raise(self, g, role, space):
        kind, n = self.unit_kind(g), self.count(g)
        st.add_units(g.state, space, role, kind, n)
        units = plural(n, kind, plural_of(kind))
        g.log(f"Cloth Prices Fluctuate: {power_name(role)} adds {units} in {space_name(space)}.")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


@FLOW.decision("cloth_unrest")
class ClothUnrest(Decision):
    def active(self, g):
        return super().active(g) if g.local["left"] > 0 and unrest_sites(g.state) else []

    def proceed(self, g):
        g.end()

    def prompt(self, g, role):
        left = plural(g.local["left"], "more space")
        return (f"{power_name(role)}: Cloth Prices Fluctuate — put unrest on up to {left} (unoccupied Low "
                "Countries or German- and Italian-speaking Hapsburg home spaces).")

    def actions(self, g, role):
        for sp in unrest_sites(g.state):
            yield act("unrest", sp, label=space_name(sp), group="Unrest")
        yield act("done", label="No more unrest")

    def on_unrest(self, g, role, space):
        g.state["unrest"] = sorted([*g.state["unrest"], space])
        g.local["left"] -= 1
        g.log(f"Cloth Prices Fluctuate: {space_name(space)} falls into unrest.")

    def on_done(self, g, role):
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- #87 Mercenaries Demand Pay ---------------------------------------------------------------------------
KEPT = {1: 2, 2: 4, 3: 6, 4: 10}            # CP of the card discarded -> mercenaries kept (5+: all)


def mercenaries_of(s: st.State, power: str) -> int:
    return sum(st.units_at(s, sp, power).get("mercenary", 0) for sp in s["units"])


@pick_event
class PayTarget(PickEvent):
    card, name, verb = "87", "pay_target", "target"
    nothing = "Mercenaries Demand Pay: no other power has mercenaries."

    def candidates(self, s, role):
        return [p for p in MAJORS if p != role and mercenaries_of(s, p)]

    def prompt(self, g, role):
        return f"{power_name(role)}: Mercenaries Demand Pay — choose the power whose mercenaries demand pay."

    def label(self, g, role, p):
        return f"{power_name(p)} ({plural(mercenaries_of(g.state, p), 'mercenary', 'mercenaries')})"

    def take(self, g, role, target):
        g.log(f"Mercenaries Demand Pay: {power_name(target)}'s mercenaries demand pay.")
        return "pay_mercenaries", {"role": target}


def pay_cards(s: st.State, power: str) -> list[str]:
    """Any card but a mandatory event (a home card may pay)."""
    return sorted((c for c in cards.zone(s, cards.hand(power)) if load().card(int(c)).type != "mandatory"
                   and load().card(int(c)).cp), key=int)


@FLOW.decision("pay_mercenaries")
class PayMercenaries(Decision):
    def prompt(self, g, role):
        return (f"{power_name(role)}: Mercenaries Demand Pay — discard a card to keep some of your "
                f"{plural(mercenaries_of(g.state, role), 'mercenary', 'mercenaries')} (1 CP keeps 2, 2 CP 4, 3 CP 6, "
                "4 CP 10, 5 or more all), or lose them all.")

    def protects_secret(self, g, role):
        return any(load().card(int(c)).type != "home" for c in cards.zone(g.state, cards.hand(role)))

    def actions(self, g, role):
        for card in pay_cards(g.state, role):
            cp = load().card(int(card)).cp
            kept = KEPT.get(cp, "all")
            yield act("pay", card, label=f"Discard {st.card_label(card)}: keep {kept}", group="Pay",
                      hint=f"Its event: {load().card(int(card)).reminder}")
        yield act("refuse", label="Pay nothing: every mercenary leaves")

    def on_pay(self, g, role, card):
        from .actions import spend_card
        spend_card(g, role, card)
        cp = load().card(int(card)).cp
        total = mercenaries_of(g.state, role)
        keep = KEPT.get(cp, total)
        g.log(f"Mercenaries Demand Pay: {power_name(role)} discards {st.card_label(card)} and keeps "
              f"{min(keep, total)} of its {plural(total, 'mercenary', 'mercenaries')}.")
        g.goto("unpaid_losses", role=role, left=max(0, total - keep))

    def on_refuse(self, g, role):
        left = []
        for sp in list(g.state["units"]):
            n = st.units_at(g.state, sp, role).get("mercenary", 0)
            if n:
                st.add_units(g.state, sp, role, "mercenary", -n)
                left.append([role, sp])
        g.log(f"Mercenaries Demand Pay: {power_name(role)} pays nothing and every one of its mercenaries leaves.")
        g.goto("sieges_left", queue=left)                   # 15.3: each siege they leave may break

    def default(self, g, role):
        return "refuse"


@FLOW.decision("unpaid_losses")
class UnpaidLosses(Decision):
    def active(self, g):
        return super().active(g) if g.local["left"] > 0 and mercenaries_of(g.state, g.local["role"]) else []

    def proceed(self, g):
        g.end()

    def prompt(self, g, role):
        left = plural(g.local["left"], "more mercenary", "more mercenaries")
        return f"{power_name(role)}: Mercenaries Demand Pay — remove {left}."

    def actions(self, g, role):
        for sp in sorted(g.state["units"]):
            if st.units_at(g.state, sp, role).get("mercenary"):
                yield act("lose", sp, label=f"One in {space_name(sp)}")

    def on_lose(self, g, role, space):
        from .siege import leave_siege
        st.add_units(g.state, space, role, "mercenary", -1)
        g.local["left"] -= 1
        g.log(f"Mercenaries Demand Pay: {power_name(role)} loses a mercenary in {space_name(space)}.")
        leave_siege(g, role, space)                         # 15.3: at once (its retreat may ask where)

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


# ---- #84 Julia Gonzaga (16.4) -----------------------------------------------------------------------------
JULIA = "julia_gonzaga"


@EVENTS.on("84", "prerequisite")
def julia_ok(s, power, card):
    return None if st.controller(s, "algiers") is not None else "Barbary Pirates has not been played"


@EVENTS.on("84", "event")
def julia_gonzaga(g: Game, power: str, card: str) -> None:
    cards.add_modifier(g.state, JULIA, until="turn")
    g.log("Julia Gonzaga: this turn an Ottoman piracy hit in the Tyrrhenian Sea earns the Ottoman 1 VP.")


def julia_hit(g: Game, zone: str, hits: int) -> None:
    """16.4 step 5 hook: the first hit in the Tyrrhenian Sea this turn takes the marker (1 bonus VP)."""
    s = g.state
    if hits and zone == "tyrrhenian" and cards.modifiers(s, JULIA):
        s["modifiers"] = [m for m in s["modifiers"] if m["name"] != JULIA]
        s["bonus_vp"]["ottoman"] += 1
        g.log("Julia Gonzaga: the corsairs' hit in the Tyrrhenian Sea earns the Ottoman 1 VP.")
