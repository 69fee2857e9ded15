"""Here I Stand: piracy (16.4) — the Ottoman's corsairs raid one power's ports on a sea zone (2 CP).

    spend › piracy: defence roll (automatic: nobody would decline it) › piracy roll › the target answers each
                    hit (a squadron, a random card or a piracy VP: `piracy_hits`)

Once per sea zone per turn (`state["naval"]["pirated"]`, cleared in Winter, 19 step 7).
"""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act

from . import fleets as nv
from . import state as st
from .data import MAJORS, MINORS, load
from .turn import FLOW, power_name

COST = 2
VP_CAP = 10


def targets(s: st.State, zone: str) -> list[str]:
    """Powers controlling a port on the zone (majors and minors; not the Ottoman, not the independents)."""
    owners = {st.controller(s, p) for p in load().sea_zone(zone).ports}
    return [p for p in (*MAJORS, *MINORS) if p in owners and p != "ottoman"]


def piracy_options(s: st.State, power: str, cp: int) -> list[tuple[str, str]]:
    if power != "ottoman" or cp < COST:
        return []
    return [(zone, target) for zone in sorted(load().sea_zones) if zone not in nv.naval(s)["pirated"]
            and nv.corsairs(nv.pieces(s, zone, "ottoman")) for target in targets(s, zone)]


def defenders(s: st.State, target: str, owner: str) -> bool:
    """Units of the target or of a power at war with the Ottoman defend (16.4 step 2)."""
    side = nv.side_of(s, owner)
    return side == target or nv.at_war(s, side, "ottoman")


def knights(s: st.State, space: str) -> bool:
    """The Knights of St. John: Malta unless the Ottoman holds it, Rhodes while independent, or the port #86
    placed them in while the Ottoman does not hold it (DECISIONS.md 309, 670)."""
    owner = st.controller(s, space)
    return (space in ("malta", s.get("knights_port")) and owner != "ottoman") or \
        (space == "rhodes" and owner == "independent")


def defence_dice(s: st.State, zone: str, target: str) -> int:
    """16.4 step 2: 2 per defending squadron at sea, 1 per one in a port of the zone, 1 per fortress (an
    octagon, not any fortified space) of the zone held by a defender or the Knights, not in unrest or besieged."""
    data = load()
    total = 0
    for owner, kinds in s["units"].get(zone, {}).items():
        if defenders(s, target, owner):
            total += 2 * sum(n for k, n in kinds.items() if nv.is_naval(k) and k != "corsair")
    for port in data.sea_zone(zone).ports:
        for owner, kinds in s["units"].get(port, {}).items():
            if defenders(s, target, owner):
                total += sum(n for k, n in kinds.items() if nv.is_naval(k) and k != "corsair")
        owner = st.controller(s, port)
        if (data.space(port).type == "fortress" or port in s.get("fortified", ())) and port not in s["unrest"] and port not in s["sieges"] and \
                owner is not None and (knights(s, port) or (owner != "independent" and defenders(s, target, owner))):
            total += 1
    return total


def start_piracy(g: Game, zone: str, target: str) -> None:
    s = g.state
    s["impulse"]["cp"] -= COST
    nv.naval(s)["pirated"].append(zone)
    g.call("piracy", zone=zone, target=target)


def defend(g: Game) -> None:
    s, zone, target = g.state, g.local["zone"], g.local["target"]
    g.log(f"The Ottoman's corsairs raid {power_name(target) if target in MAJORS else load().power(target).name}'s "
          f"ports on the {nv.location_name(zone)}.")
    n = defence_dice(s, zone, target)
    if not n:
        return
    rolled = rng.roll(s, n)
    hits = sum(1 for d in rolled if d >= 5)
    g.log(f"Piracy defence: {n} {'die' if n == 1 else 'dice'} (16.4: the defending fleets and fortresses), "
          f"hits on 5 or 6: {' '.join(map(str, sorted(rolled, reverse=True)))} — {hits} hit{'s' if hits != 1 else ''}.")
    for _ in range(min(hits, nv.corsairs(nv.pieces(s, zone, "ottoman")))):
        owner = next(o for (o, k) in nv.pieces(s, zone, "ottoman") if k == "corsair")
        nv.to_box(s, owner, "corsair", zone)
        g.log("An Ottoman corsair is sunk.")


def raid(g: Game) -> None:
    """16.4 steps 4–5: 1 die with a single corsair or a single target port, else 2; + the piracy rating."""
    s, zone, target = g.state, g.local["zone"], g.local["target"]
    left = nv.corsairs(nv.pieces(s, zone, "ottoman"))
    if not left:
        g.log("No corsair is left: the raid fails.")
        return
    ports = [p for p in load().sea_zone(zone).ports if st.controller(s, p) == target]
    base = 1 if left == 1 or len(ports) == 1 else 2
    pirates = nv.naval_leaders(s, zone, "ottoman")
    best = max(pirates, key=lambda l: load().leader(l).piracy, default=None)
    rating = load().leader(best).piracy if best else 0
    n = base + rating
    rolled = rng.roll(s, n)
    hits = sum(1 for d in rolled if d >= 5)
    why = "1 die: a single corsair or a single port" if base == 1 else "2 dice"
    why += f" + {rating} {load().leader(best).name}'s piracy rating" if rating else ""
    g.log(f"Piracy: {n} {'die' if n == 1 else 'dice'} ({why}), hits on 5 or 6: "
          f"{' '.join(map(str, sorted(rolled, reverse=True)))} — {hits} hit{'s' if hits != 1 else ''}.")
    g.local["hits"] = hits
    from .events_trade import julia_hit
    julia_hit(g, zone, hits)                                    # #84 Julia Gonzaga's marker


def settle(g: Game) -> None:
    s, target = g.state, g.local["target"]
    if not g.local.get("hits"):
        return
    if target in MAJORS and len(choices(s, g.local["zone"], target)) > 1:
        g.goto("piracy_hits", role=target, zone=g.local["zone"], hits=g.local["hits"])
        return
    while g.local["hits"] and choices(s, g.local["zone"], target):
        answer(g, target, choices(s, g.local["zone"], target)[0])
        g.local["hits"] -= 1


def choices(s: st.State, zone: str, target: str) -> list[str]:
    """Step 5: a squadron of the target's in the zone or a port of it, a random card, or a piracy VP — only
    those that can be carried out (no card from an empty hand, no VP beyond the cap of 10)."""
    out = []
    for loc in (zone, *load().sea_zone(zone).ports):
        for owner, kinds in sorted(s["units"].get(loc, {}).items()):
            if owner == target:
                out += [f"ship:{loc}:{owner}:{k}" for k in sorted(kinds) if nv.is_naval(k) and k != "corsair"]
    if target in MAJORS and any(load().card(int(c)).type != "home" for c in cards.zone(s, cards.hand(target))):
        out.append("card")
    if s["tracks"]["piracy_vp"] < VP_CAP:
        out.append("vp")
    return out


def answer(g: Game, target: str, choice: str) -> None:
    s = g.state
    if choice == "vp":
        s["tracks"]["piracy_vp"] += 1
        g.log(f"{load().power(target).name} concedes 1 piracy VP to the Ottoman.")
    elif choice == "card":
        hand = sorted((c for c in cards.zone(s, cards.hand(target)) if load().card(int(c)).type != "home"), key=int)
        card = rng.choice(s, hand)
        cards.move(s, card, cards.hand(target), cards.hand("ottoman"))
        g.log(f"{power_name(target)} gives the Ottoman a random card.")
        g.log(f"The Ottoman receives {st.card_label(card)}.", to=[target, "ottoman"])
    else:
        _, loc, owner, kind = choice.split(":")
        nv.to_box(s, owner, kind, loc)
        g.log(f"{load().power(target).name} loses a squadron in {nv.location_name(loc)} to the corsairs.")


@FLOW.decision("piracy_hits")
class PiracyHits(Decision):
    def prompt(self, g, role):
        n = g.local["hits"]
        return f"{power_name(role)}: the corsairs scored {n} hit{'s' if n != 1 else ''}. Choose what each costs you."

    def actions(self, g, role):
        for choice in choices(g.state, g.local["zone"], role):
            if choice == "vp":
                yield act("vp", label="Give the Ottoman 1 piracy VP")
            elif choice == "card":
                yield act("card", label="Give the Ottoman a random card from your hand")
            else:
                _, loc, owner, kind = choice.split(":")
                yield act("ship", loc, owner, kind, label=f"Lose a squadron in {nv.location_name(loc)}")

    def on_vp(self, g, role):
        self.done(g, role, "vp")

    def on_card(self, g, role):
        self.done(g, role, "card")

    def on_ship(self, g, role, loc, owner, kind):
        self.done(g, role, f"ship:{loc}:{owner}:{kind}")

    def done(self, g, role, choice):
        answer(g, role, choice)
        g.local["hits"] -= 1
        if not g.local["hits"] or not choices(g.state, g.local["zone"], role):
            g.end()

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id


def weather(g: Game) -> None:
    from .responses import piracy_announced
    piracy_announced(g)                    # Foul Weather (responses.py)


def hindered(g: Game) -> None:
    from .responses import hindered as stopped
    if stopped(g.state):                   # no piracy; it costs 1 CP (the rest comes back)
        g.state["impulse"]["cp"] += COST - 1
        g.end()


FLOW.procedure("piracy", weather, hindered, defend, raid, settle)
