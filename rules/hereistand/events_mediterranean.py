"""Here I Stand: the Ottoman and Mediterranean events — #9 Barbary Pirates (21.1), #18 Dragut, #66 Akinji
Raiders, #83 John Zapolya, #86 Knights of St. John.

A card taken at random from a hand (#66, #86) is drawn from its cards other than home cards (DECISIONS.md
660); the draw is a reveal: the taker and the loser read which card it was, the others only that one went.
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import state as st
from .data import MAJORS, load, space_name
from .events import EVENTS
from .papacy import add_st_peters
from .pick_events import PickEvent, pick_event
from .piracy import knights
from .turn import FLOW, power_name


def _drawable(s: st.State, power: str, but: str | None = None) -> list[str]:
    """The cards of `power`'s hand a random draw may take (`but`: the card being played, about to leave)."""
    return sorted((c for c in cards.zone(s, cards.hand(power)) if load().card(int(c)).type != "home" and c != but),
                  key=int)


def take_random(g: Game, victim: str) -> str | None:
    """A random card (not a home card) from `victim`'s hand, or None when it holds none."""
    pool = _drawable(g.state, victim)
    if not pool:
        return None
    g.reveal()
    return rng.choice(g.state, pool)


# ---- #9 Barbary Pirates (mandatory, 1517; 21.1) ------------------------------------------------------------
@EVENTS.on("9", "event")
def barbary_pirates(g: Game, power: str, card: str) -> None:
    """Algiers enters play as an Ottoman home key: 2 regulars, 2 corsairs and Barbarossa; corsairs and
    piracy may be used from now on (17.2, 16.4 read Algiers' control)."""
    s = g.state
    s["control"]["algiers"] = "ottoman"
    regulars = min(2, st.land_pool_left(s, "ottoman"))
    if regulars:
        st.add_units(s, "algiers", "ottoman", "regular", regulars)
    st.add_units(s, "algiers", "ottoman", "corsair", 2)
    s["leaders"]["barbarossa"] = "algiers"
    g.log(f"Barbary Pirates: Algiers enters play as an Ottoman key with {plural(regulars, 'regular')}, 2 corsairs "
          "and Barbarossa; the Ottoman may now build corsairs and make piracy (rule 21.1).")


@EVENTS.on("9", "deadline_actor")
def barbary_actor(card: str) -> str:
    return "ottoman"


# ---- #18 Dragut (mandatory) --------------------------------------------------------------------------------
@EVENTS.on("18", "event")
def dragut(g: Game, power: str, card: str) -> None:
    """Dragut takes Barbarossa's place (a port, a sea zone or the next turn's box); Barbarossa leaves the game.
    With Barbarossa captured or never in play, Dragut enters at Istanbul, else Algiers (DECISIONS.md 661)."""
    s = g.state
    where = s["leaders"].get("barbarossa")
    if where is None or where == "off" or where.startswith("captured:"):
        where = next((sp for sp in ("istanbul", "algiers") if st.controller(s, sp) == "ottoman"), "off")
    s["leaders"]["barbarossa"] = "off"
    s["leaders"]["dragut"] = where
    place = "the power card" if where == "off" else "the next turn's box" if where == "box" else space_name(where)
    g.log(f"Dragut: Barbarossa leaves the game and Dragut takes his place ({place}).")


@EVENTS.on("18", "deadline_actor")
def dragut_actor(card: str) -> str:
    return "ottoman"


# ---- #66 Akinji Raiders --------------------------------------------------------------------------------------
def raid_targets(s: st.State, but: str | None = None) -> list[str]:
    """Powers at war with the Ottoman controlling a space within 2 of Ottoman cavalry, the space between
    Ottoman-controlled, and holding a card that can be taken."""
    data = load()
    near: set[str] = set()
    for sp in s["units"]:
        if sp in data.spaces and st.units_at(s, sp, "ottoman").get("cavalry"):
            for n in data.adjacent(sp):
                near.add(n)
                if st.controller(s, n) == "ottoman":
                    near.update(data.adjacent(n))
    owners = {st.controller(s, sp) for sp in near}
    return [p for p in MAJORS if p != "ottoman" and p in owners and st.at_war(s, "ottoman", p)
            and _drawable(s, p, but)]


@pick_event
class AkinjiTarget(PickEvent):
    card, name, verb = "66", "akinji_target", "raid"
    unplayable = ("no power at war with the Ottoman holds a card and controls a space within 2 spaces of "
                  "Ottoman cavalry")

    def refusal(self, s, power, card):
        return None if raid_targets(s, card) else self.unplayable          # the card played is not taken

    def candidates(self, s, role):
        return raid_targets(s)

    def prompt(self, g, role):
        return f"{power_name(role)}: Akinji Raiders — choose the power the Ottoman takes a random card from."

    def label(self, g, role, p):
        return f"Raid {power_name(p)}"

    def hint(self, g, role, p):
        return ("The Ottoman takes 1 card at random from its hand "
                f"({plural(len(cards.zone(g.state, cards.hand(p))), 'card')} held).")

    def take(self, g, role, victim):
        taken = take_random(g, victim)
        if taken is not None:
            cards.move(g.state, taken, cards.hand(victim), cards.hand("ottoman"))
            g.log(f"Akinji Raiders: the Ottoman takes a card at random from {power_name(victim)}'s hand.")
            g.log(f"The card taken is {st.card_label(taken)}.", to=["ottoman", victim])


# ---- #83 John Zapolya (1517) -------------------------------------------------------------------------------
@EVENTS.on("83", "prerequisite")
def zapolya_ok(s, power, card):
    return "Buda is besieged" if "buda" in s["sieges"] else None


@EVENTS.on("83", "event")
def john_zapolya(g: Game, power: str, card: str) -> None:
    """Buda's controller adds 4 regulars there (Hungarian ones while Hungary holds it), as its counters allow."""
    s = g.state
    owner = st.controller(s, "buda")
    if owner not in load().powers or owner == "independent":
        g.log("John Zapolya: Buda is held by nobody who can raise regulars there; nothing happens.")
        return
    room = load().power(owner).force_pool.land_units - st.land_units_total(s, owner)
    count = max(0, min(4, room))
    if count:
        st.add_units(s, "buda", owner, "regular", count)
    g.log(f"John Zapolya: {power_name(owner)} adds {plural(count, 'regular')} in Buda"
          + (" (its counters allow no more)." if count < 4 else "."))


# ---- #86 Knights of St. John -------------------------------------------------------------------------------
def knights_space(s: st.State) -> str | None:
    """Where the Knights stand (piracy.knights: the port #86 placed them in, Rhodes while independent, else
    Malta), None when they are off the map."""
    return next((sp for sp in (s.get("knights_port"), "rhodes", "malta") if sp and knights(s, sp)), None)


def knights_ports(s: st.State) -> list[str]:
    """Where the Hapsburg may place the Knights: its home ports it controls, empty and not besieged."""
    return [sp for sp in load().home_spaces("hapsburg") if load().space(sp).is_port
            and st.controller(s, sp) == "hapsburg" and not s["units"].get(sp) and sp not in s["sieges"]]


def knights_refusal(s: st.State, card: str | None = None) -> str | None:
    space = knights_space(s)
    if space is None:
        return None if knights_ports(s) else ("the Knights are off the map and the Hapsburg holds no empty home "
                                              "port free of a siege to place them in")
    if space in s["sieges"]:
        return f"the Knights' {space_name(space)} is besieged"
    zones = set(load().space(space).ports)
    if not any(st.controller(s, p) == "ottoman" for z in zones for p in load().sea_zone(z).ports):
        return f"no Ottoman-controlled port shares a sea zone with the Knights' {space_name(space)}"
    if not _drawable(s, "ottoman", card):
        return "the Ottoman holds no card the Knights could take"
    return None


@EVENTS.on("86", "prerequisite")
def knights_ok(s, power, card):
    return knights_refusal(s, card)


@EVENTS.on("86", "event")
def knights_of_st_john(g: Game, power: str, card: str) -> None:
    """A random Ottoman card's CP go to St. Peter's; the card is discarded. With the Knights off the map the
    Hapsburg places them instead."""
    s = g.state
    if knights_space(s) is None:
        g.call("knights_port", role="hapsburg")
        return
    taken = take_random(g, "ottoman")
    if taken is None:
        return
    cards.move(s, taken, cards.hand("ottoman"), "discard")
    cp = load().card(int(taken)).cp or 0
    vp = add_st_peters(s, cp)
    g.log(f"Knights of St. John: a card taken at random from the Ottoman's hand, {st.card_label(taken)}, is "
          f"discarded and its {plural(cp, 'CP')} go to St. Peter's" + (f" (+{plural(vp, 'VP')})." if vp else "."))


# ---- #42 Roxelana ---------------------------------------------------------------------------------------------
ROXELANA_CP, SEND_HOME_CP = 4, 2


def _roxelana_impulse(s: st.State, power: str) -> bool:
    imp = s.get("impulse") or {}
    return imp.get("power") == power and imp.get("card") == "42" and imp.get("event") == "42"


def free_assault_sites(s: st.State) -> list[str]:
    """Where Suleiman's formation may assault for free: a siege it lays, even one laid this impulse."""
    from .siege import assault_refusal
    where = s["leaders"].get("suleiman")
    siege = s["sieges"].get(where or "")
    if not siege or siege["besieger"] != "ottoman":
        return []
    was, siege["new"] = siege.get("new"), False                   # the card lifts the start-of-impulse rule
    try:
        why = assault_refusal(s, "ottoman", where)
    finally:
        siege["new"] = was
    return [where] if why is None else []


def roxelana_actions(s: st.State, power: str, cp: int):
    if not _roxelana_impulse(s, power) or s["impulse"].get("roxelana_used"):
        return
    if power == "ottoman":
        for space in free_assault_sites(s):
            yield act("roxelana", "assault", space, label=f"Roxelana: Suleiman assaults {space_name(space)} (no CP)",
                      group="Roxelana", hint="One free assault, even on a siege laid this impulse.")
    elif cp >= SEND_HOME_CP and s["leaders"].get("suleiman") in load().spaces \
            and s["leaders"]["suleiman"] != "istanbul" and st.controller(s, "istanbul") == "ottoman":
        yield act("roxelana", "home", label=f"Roxelana: send Suleiman back to Istanbul ({SEND_HOME_CP} CP)",
                  group="Roxelana", hint="Suleiman alone goes to Istanbul; his units stay.")


def roxelana(g: Game, power: str, what: str, space: str | None) -> None:
    s = g.state
    s["impulse"]["roxelana_used"] = True
    if what == "home":
        s["impulse"]["cp"] -= SEND_HOME_CP
        g.log(f"Roxelana: {power_name(power)} spends {SEND_HOME_CP} CP to call Suleiman back from "
              f"{space_name(s['leaders']['suleiman'])} to Istanbul.")
        s["leaders"]["suleiman"] = "istanbul"
        return
    g.log(f"Roxelana: Suleiman's formation assaults {space_name(space)} at no CP.")
    s.setdefault("assaulted", []).append(space)
    g.call("assault", role=power, space=space)


@EVENTS.on("42", "event")
def roxelana_event(g: Game, power: str, card: str) -> None:
    """4 CP; with them the Ottoman's formation with Suleiman may assault once at no CP (even a siege laid
    this impulse), and any other power may spend 2 of them to send Suleiman to Istanbul (DECISIONS.md 663)."""
    s = g.state
    s["impulse"].update(cp=ROXELANA_CP, event="42")
    extra = ("Suleiman's formation may assault once for free" if power == "ottoman"
             else f"{power_name(power)} may spend {SEND_HOME_CP} of them to send Suleiman to Istanbul")
    g.log(f"Roxelana: {power_name(power)} has {ROXELANA_CP} CP to spend; {extra}.")


# ---- #89 Pirate Haven (21.1) ------------------------------------------------------------------------------------
HAVEN_SITES = ("oran", "tripoli")


def haven_sites(s: st.State) -> list[str]:
    """Oran or Tripoli once Algiers is in play: empty, held by a power at war with the Ottoman, a port on a sea
    zone with an Ottoman-controlled fortified port."""
    data, out = load(), []
    if s["control"].get("algiers") is None:
        return out
    for sp in HAVEN_SITES:
        owner = st.controller(s, sp)
        if s["units"].get(sp) or owner not in MAJORS or not st.at_war(s, owner, "ottoman"):
            continue
        if any(st.controller(s, p) == "ottoman" and data.space(p).fortified
               for z in data.space(sp).ports for p in data.sea_zone(z).ports if p != sp):
            out.append(sp)
    return out


@pick_event
class HavenSite(PickEvent):
    card, name, verb, asks = "89", "haven_site", "haven", "ottoman"
    unplayable = ("neither Oran nor Tripoli is empty, held by a power at war with the Ottoman and on a sea zone "
                  "with an Ottoman fortified port")

    def refusal(self, s, power, card):
        if s["control"].get("algiers") is None:
            return "Barbary Pirates has not been played"
        return super().refusal(s, power, card)

    def candidates(self, s, role):
        return haven_sites(s)

    def prompt(self, g, role):
        return "Ottoman: Pirate Haven — choose the port that becomes a pirate haven."

    def label(self, g, role, sp):
        return f"{space_name(sp)} becomes a pirate haven"

    def hint(self, g, role, sp):
        return "1 Ottoman regular and 2 corsairs; Ottoman control; fortified; corsairs built there."

    def take(self, g, role, space):
        """The space turns Ottoman, fortified (the `fortified` list, read by `state.fortified`), a haven where the
        Ottoman builds corsairs only (DECISIONS.md 672)."""
        s = g.state
        s["control"][space] = "ottoman"
        if st.land_pool_left(s, "ottoman") > 0:
            st.add_units(s, space, "ottoman", "regular")
        st.add_units(s, space, "ottoman", "corsair", 2)
        s["fortified"] = sorted({*s.get("fortified", []), space})
        s["pirate_havens"] = sorted({*s.get("pirate_havens", []), space})
        g.log(f"Pirate Haven: {space_name(space)} becomes an Ottoman pirate haven, fortified, with 1 regular and "
              "2 corsairs.")


@FLOW.decision("knights_port")
class KnightsPort(Decision):
    def prompt(self, g, role):
        return "Hapsburg: Knights of St. John — choose the home port where the Knights settle."

    def actions(self, g, role):
        for sp in knights_ports(g.state):
            yield act("settle", sp, label=f"The Knights settle in {space_name(sp)}",
                      hint="It becomes an independent fortified space held by the Knights (1 independent regular).")

    def on_settle(self, g, role, space):
        """The port turns independent and fortified (the `fortified` list, DECISIONS.md 670), with the Knights
        as 1 independent regular."""
        s = g.state
        s["control"][space] = "independent"
        s["knights_port"] = space
        s["fortified"] = sorted({*s.get("fortified", []), space})
        if load().power("independent").force_pool.land_units > st.land_units_total(s, "independent"):
            st.add_units(s, space, "independent", "regular")
        g.log(f"Knights of St. John: the Knights settle in {space_name(space)}, now an independent fortress.")
        g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id
