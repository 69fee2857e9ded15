"""Here I Stand: combat cards (6.1 combat cards; 14 steps 4–7, 15.1 steps 5–6, 16.2 steps 3–6).

    field_battle / assault / naval_battle: declare (the attacker, then each defending power in impulse order,
    each having seen what was played before it; a power that plays a card is asked again) › roll
    › janissaries (after the roll, field and naval combat) › the result

`state["combat"]` (public) holds the combat being fought: its kind, the two sides, the cards played and the
dice each card gives. A power is asked only when the public facts let it play something (DECISIONS 701):
a hidden combat card that fits this combat and this power (in the deck or in some hand, never counted from
its own hand) and a card in hand; whether it holds one stays its secret (the window protects it).
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.choices import ReactionWindow
from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import state as st
from .data import MAJORS, load
from .events import EVENTS, count_reaction, discard_played
from .mary import reactions_barred
from .turn import FLOW, power_name

FIELD, ASSAULT, NAVAL = "field", "assault", "naval"
COMBAT_NAMES = {FIELD: "field battle", ASSAULT: "assault", NAVAL: "naval battle"}
USES = {"24": (FIELD, NAVAL), "25": (FIELD,), "26": (FIELD,), "27": (ASSAULT,), "28": (ASSAULT,),
        "29": (FIELD,), "30": (FIELD,)}                                  # the project's card data, 2006
JANISSARIES = "1"
FOREIGN_WAR_CARDS = ("24", "25")          # the dice-adding cards offered in a foreign war's battle (21.7)
JANISSARY_DICE = {FIELD: 5, NAVAL: 4}
HIDDEN = ("deck",)
NO_UNITS_LEFT = "0 dice (no units left after the Surprise Attack), hits on 5 or 6"


def begin(s: st.State, kind: str, space: str, attackers: list[str], defenders: list[str], **extra) -> dict:
    """The combat about to be fought: `attackers[0]` is the active power, the others its minors."""
    s["combat"] = {"kind": kind, "space": space, "attackers": list(attackers), "defenders": list(defenders),
                   "played": [], "dice": {"attacker": [], "defender": []}, **extra}
    return s["combat"]


def combat(s: st.State) -> dict:
    return s["combat"]


def side(c: dict, power: str) -> str:
    return "attacker" if power in c["attackers"] else "defender"


def opponents(c: dict, power: str) -> list[str]:
    return c["defenders"] if side(c, power) == "attacker" else c["attackers"]


def opposing_mercenaries(s: st.State, c: dict, power: str) -> int:
    return sum(st.units_at(s, c["space"], p).get("mercenary", 0) for p in opponents(c, power))


def fits(s: st.State, c: dict, power: str, card: str) -> bool:
    """Whether `power` may play combat card `card` in this combat, by the card's public conditions (Mary I's
    England plays none, 21.3)."""
    if reactions_barred(s, power):
        return False
    if c["kind"] not in USES.get(card, ()):
        return False
    if c.get("foreign") and card not in FOREIGN_WAR_CARDS:      # 21.7 (DECISIONS 976)
        return False
    if card == "26":                  # not by the Ottoman, not against it, and there must be someone to bribe
        return power != "ottoman" and "ottoman" not in opponents(c, power) and opposing_mercenaries(s, c, power) > 0
    if card == "27":                  # the defender of the fortress, against a formation with mercenaries
        return side(c, power) == "defender" and formation_mercenaries(c) > 0
    if card == "28":
        return power == c["attackers"][0]
    if card == "30":                  # (a) the Hapsburg, or (b) anyone fighting 3 or more Hapsburg regulars
        return power == "hapsburg" or tercios_target(s, c, power) is not None
    return True


def tercios_target(s: st.State, c: dict, power: str) -> str | None:
    """Tercios (b): the opposing side when it holds at least 3 Hapsburg regulars."""
    if "hapsburg" in opponents(c, power) and st.units_at(s, c["space"], "hapsburg").get("regular", 0) >= 3:
        return "attacker" if side(c, power) == "defender" else "defender"
    return None


def formation_mercenaries(c: dict) -> int:
    return sum(c.get("formation_mercenaries", {}).values())


def besiegers_outnumber(s: st.State, space: str, attacker: str) -> bool:
    """After Mercenaries Grow Restless the besiegers must still outnumber those inside (15.3), else no roll."""
    from .minor_units import side_land_units
    c = s.get("combat") or {}
    if not c.get("restless"):
        return True
    inside = sum(st.land_units_at(s, space, p) for p in s["sieges"][space]["inside"])
    return side_land_units(s, space, attacker) > inside


def drop_restless(s: st.State, formation: dict) -> None:
    """The assaulting formation without the mercenaries Mercenaries Grow Restless took out of play."""
    if (s.get("combat") or {}).get("restless"):
        for kinds in formation["units"].values():
            kinds.pop("mercenary", None)


def may_be_asked(s: st.State, power: str) -> bool:
    """Public facts only: a card in hand, and a fitting combat card not known to be out of play (in the deck
    or in a hand: which hand is nobody's business)."""
    c = combat(s)
    if power not in MAJORS or not cards.zone(s, cards.hand(power)):
        return False
    for card in USES:
        where = cards.where(s, card)
        if where and (where in HIDDEN or where.startswith("hand:")) and fits(s, c, power, card):
            return True
    return False


def declare(g: Game) -> None:
    """The attacker, then each defending major power in impulse order; a power that played a card is asked
    again (any number of cards), and every card played is known before the next power answers."""
    s, c = g.state, combat(g.state)
    if "declaring" not in g.local:
        g.local["declaring"] = [c["attackers"][0]] + [p for p in MAJORS if p in c["defenders"]]
    answered, g.frame["ret"] = g.returned, None
    if g.local.pop("asked", None) and answered and any(r != "pass" for _, r in answered):
        g.local["declaring"].insert(0, answered[0][0])             # a power that played may play another
    while g.local["declaring"]:
        power = g.local["declaring"].pop(0)
        if may_be_asked(s, power):
            g.again()
            g.local["asked"] = power
            g.call("combat_cards", roles=[power])
            return
    g.local.pop("declaring")


@FLOW.decision("combat_cards")
class CombatCards(ReactionWindow):
    def prompt(self, g, role):
        c = combat(g.state)
        played = "; ".join(f"{power_name(p)} played {st.card_label(card)}" for p, card in c["played"])
        return (f"{power_name(role)}: a {COMBAT_NAMES[c['kind']]} at {where_name(c)}. Play a combat card, or pass."
                + (f" Played so far: {played}." if played else ""))

    def responses(self, g, role):
        c = combat(g.state)
        for card in sorted(cards.zone(g.state, cards.hand(role)), key=int):
            if card in USES and fits(g.state, c, role, card):
                info = load().card(int(card))
                yield act("card", card, label=f"Play #{info.number} {info.name}", hint=info.reminder)

    def label(self, g, role, pick):
        return "pass" if pick == "pass" else "plays a combat card"

    def resolve(self, g, role, response):
        play(g, role, response.partition(":")[2])


def where_name(c: dict) -> str:
    from .data import space_name
    from .fleets import location_name
    if c.get("where"):                                      # a foreign war: the card's name
        return c["where"]
    return location_name(c["space"]) if c["kind"] == NAVAL else space_name(c["space"])


def play(g: Game, power: str, card: str) -> None:
    s, c = g.state, combat(g.state)
    discard_played(s, power, card)
    count_reaction(s, card)
    c["played"].append([power, card])
    info = load().card(int(card))
    g.log(f"{power_name(power)} plays #{info.number} {info.name}: {EFFECTS[card](g, c, power)}.")


def add_dice(c: dict, which: str, card: str, n: int) -> None:
    c["dice"][which].append([card, n])


def arquebusiers(g, c, power):
    add_dice(c, side(c, power), "24", 2)
    return f"2 more dice for the {side(c, power)}"


def field_artillery(g, c, power):
    n = 3 if power in ("france", "ottoman") else 2
    add_dice(c, side(c, power), "25", n)
    return f"{n} more dice for the {side(c, power)}" + (" (3 for France and the Ottoman)" if n == 3 else "")


def mercenaries_bribed(g, c, power):
    """Half (rounded up) of each opposing power's mercenaries here change sides (DECISIONS 703)."""
    s, turned = g.state, []
    for p in opponents(c, power):
        n = (st.units_at(s, c["space"], p).get("mercenary", 0) + 1) // 2
        if n:
            st.add_units(s, c["space"], p, "mercenary", -n)
            joined = min(n, st.land_pool_left(s, power))           # the force pool caps the newcomers
            if joined:
                st.add_units(s, c["space"], power, "mercenary", joined)
            turned.append(f"{plural(n, load().power(p).name + ' mercenary', load().power(p).name + ' mercenaries')}")
    return f"{' and '.join(turned)} leave their side and fight for {power_name(power)}"


def restless(g, c, power):
    """The assaulting formation's mercenaries leave play; the siege may break before any roll."""
    for p, n in c["formation_mercenaries"].items():
        st.add_units(g.state, c["space"], p, "mercenary", -n)
    c["restless"] = True
    gone = formation_mercenaries(c)
    c["formation_mercenaries"] = {}
    return f"{plural(gone, 'mercenary', 'mercenaries')} of the assaulting formation leave play"


def siege_mining(g, c, power):
    add_dice(c, "attacker", "28", 3)
    return "3 more dice for the assault"


def surprise_side(s: st.State) -> str | None:
    return (s.get("combat") or {}).get("surprise")


def surprise_attack(g, c, power):
    c["surprise"] = side(c, power)
    return f"the {side(c, power)} rolls first, and the other side takes its losses before it rolls"


def tercios(g, c, power):
    target = tercios_target(g.state, c, power)
    if power == "hapsburg":
        c["tercios"] = side(c, power)
        return "3 more dice for the Hapsburg side, hitting on 4, 5 or 6"
    add_dice(c, target, "30", -3)
    return "the Hapsburg side rolls 3 fewer dice"


EFFECTS = {"24": arquebusiers, "25": field_artillery, "26": mercenaries_bribed, "27": restless, "28": siege_mining,
           "29": surprise_attack, "30": tercios}


# ---- what the cards do to the dice -------------------------------------------------------------------------
def card_dice(s: st.State, which: str) -> int:
    c = s.get("combat")
    return sum(n for _, n in c["dice"][which]) if c else 0


def card_words(s: st.State, which: str) -> list[str]:
    """Each card's dice by name, for the roll's log line: "2 Arquebusiers", "−3 Tercios"."""
    c = s.get("combat")
    played = c["dice"][which] if c else []
    return [f"{'−' if n < 0 else ''}{abs(n)} {load().card(int(card)).name}" for card, n in played]


def roll_side(s: st.State, which: str, dice: int) -> tuple[list[int], int]:
    """The side's roll (never fewer than 0 dice) and its hits, with Tercios' 3 dice hitting on 4–6."""
    roll = rng.roll(s, dice) if dice > 0 else []
    hits = sum(1 for d in roll if d >= 5)
    c = s.get("combat")
    if c and c.get("tercios") == which:
        extra = sorted(rng.roll(s, 3), reverse=True)
        c["tercios_roll"] = {"roll": extra, "hits": sum(1 for d in extra if d >= 4)}
        hits += c["tercios_roll"]["hits"]
        roll = roll + extra
    return roll, hits


THRESHOLD_WORDS = {"35": "hits on 3 to 6"}


def extra_roll_words(s: st.State) -> str:
    """The dice rolled apart from a side's own: Tercios' (hitting on 4–6), then those added after the roll
    (Janissaries, Professional Rowers; Siege Artillery logs its own)."""
    c, out = s.get("combat") or {}, ""
    if c.get("tercios_roll"):
        t = c["tercios_roll"]
        out += (f" #30 Tercios for the {c['tercios']}: 3 dice, hits on 4, 5 or 6: {' '.join(map(str, t['roll']))} — "
                f"{plural(t['hits'], 'hit')}.")
    for x in c.get("extra", []):
        if x["card"] in THRESHOLD_WORDS:
            continue
        name = load().card(int(x["card"])).name
        out += (f" #{x['card']} {name} for the {x['side']}: {x['dice']} dice, hits on 5 or 6: "
                f"{' '.join(map(str, x['roll']))} — {plural(x['hits'], 'hit')}.")
    return out


def extra_hits(s: st.State, which: str) -> tuple[int, int]:
    """(dice, hits) the cards played after the roll added to `which` side."""
    found = [x for x in (s.get("combat") or {}).get("extra", []) if x["side"] == which]
    return sum(x["dice"] for x in found), sum(x["hits"] for x in found)


def add_extra_hits(s: st.State, battle: dict) -> tuple[int, int]:
    """Adds the cards' after-roll dice and hits to ``battle`` (a field or naval battle's record); returns the
    hits each side showed before them (the roll's own line)."""
    shown = battle["attacker_hits"], battle["defender_hits"]
    for which in ("attacker", "defender"):
        dice, hits = extra_hits(s, which)
        battle[f"{which}_dice"] += dice
        battle[f"{which}_hits"] += hits
    return shown


def tie_words(a_hits: int, d_hits: int, counted: bool) -> str:
    """" (3 hits to 2)" when extra dice were rolled; " (ties go to the defender)" on a tie."""
    parts = [f"{a_hits} hits to {d_hits}"] if counted else []
    parts += ["ties go to the defender"] if a_hits == d_hits else []
    return f" ({', '.join(parts)})" if parts else ""


def played_words(s: st.State) -> list[str]:
    """The combat cards played, for the battle record and picture: "France: #24 Arquebusiers"."""
    c = s.get("combat") or {}
    return [f"{power_name(p)}: #{card} {load().card(int(card)).name}" for p, card in c.get("played", [])]


# ---- 14 step 7, 16.2 step 6: Janissaries after the roll ------------------------------------------------------
def janissaries_window(g: Game) -> None:
    """The Ottoman, fighting and still holding its home card (public), may add 5 dice (4 at sea)."""
    c = g.state.get("combat")
    if c and c["kind"] in JANISSARY_DICE and "ottoman" in c["attackers"] + c["defenders"] \
            and cards.where(g.state, JANISSARIES) == cards.hand("ottoman"):
        g.call("janissaries", role="ottoman")


@FLOW.decision("janissaries")
class Janissaries(Decision):
    def prompt(self, g, role):
        c = combat(g.state)
        return (f"Ottoman: the dice of the {COMBAT_NAMES[c['kind']]} at {where_name(c)} are rolled. Play "
                f"#1 Janissaries for {JANISSARY_DICE[c['kind']]} more dice, or go on.")

    def actions(self, g, role):
        n = JANISSARY_DICE[combat(g.state)["kind"]]
        yield act("janissaries", label=f"Play #1 Janissaries: {n} more dice",
                  hint=load().card(1).reminder)
        yield act("decline", label="Keep #1 Janissaries")

    def on_janissaries(self, g, role):
        s, c = g.state, combat(g.state)
        n = JANISSARY_DICE[c["kind"]]
        discard_played(s, role, JANISSARIES)
        count_reaction(s, JANISSARIES)
        c["played"].append([role, JANISSARIES])
        roll = sorted(rng.roll(s, n), reverse=True)
        hits = sum(1 for d in roll if d >= 5)
        c.setdefault("extra", []).append({"card": JANISSARIES, "side": side(c, role), "dice": n, "roll": roll,
                                          "hits": hits})
        g.log(f"Ottoman plays #1 Janissaries after the roll: {n} more dice for the {side(c, role)}.")
        g.end()

    def on_decline(self, g, role):
        g.end()

    def default(self, g, role):
        return "decline"


def end(s: st.State) -> None:
    s["combat"] = None


# ---- 11: combat cards and moment-bound responses are never the event of one's own impulse ----------------------
def _refusal(words: str):
    def refusal(card: str) -> str:
        return f"{words}; in your impulse play it for its {load().card(int(card)).cp} CP"
    return refusal


for _card in USES:
    EVENTS.on(_card, "refusal")(_refusal("a combat card is played in a field battle, assault or naval battle your "
                                         "side fights, when the combat cards are declared (rule 11)"))
for _card, _moment in (("31", "when another power announces a move, an assault, a naval move or piracy"),
                       ("32", "when another power announces a move or an assault with an army leader"),
                       ("34", "after the dice of a naval battle are rolled"),
                       ("35", "after the dice of an assault are rolled"),
                       ("37", "when another power declares an event")):
    EVENTS.on(_card, "refusal")(_refusal(f"it is played {_moment}"))

