"""Here I Stand: the Schmalkaldic League (#13, rule 21.6). (The restrictions before it — no Protestant land
moves or builds, no land unit into an electorate — are read by movement, construction and Winter.)

The mandatory event may be played from turn 2 with 12 Protestant spaces (unrest included) and resolves in
the Winter of turn 4 at the latest:

    league › (league_place: the Protestant picks among equally near spaces) for each leader and stack
"""

from __future__ import annotations

from collections import deque

from rules.core.flow import Decision, Game, act

from . import forces as fx
from . import religion as rel
from . import state as st
from .data import load, space_name
from .events import EVENTS
from .turn import FLOW

LEAGUE = "13"
LEAGUE_SPACES = 12
LEADERS = (("john-frederick", "wittenberg"), ("philip-of-hesse", "kassel"))     # 21.6 ①–②: placed near


@EVENTS.on(LEAGUE, "prerequisite")
def league_ok(s, power, card):
    if s["turn"] < 2:
        return "it may be played from turn 2 on"
    if len(s["religion"]) < LEAGUE_SPACES:
        return f"it needs {LEAGUE_SPACES} Protestant spaces (there are {len(s['religion'])})"
    return None


@EVENTS.on(LEAGUE, "deadline_actor")
def league_actor(card):
    return "protestant"


@EVENTS.on(LEAGUE, "event")
def schmalkaldic_league(g, power, card):
    g.call("league")


def nearest(s: st.State, start: str, wanted) -> list[str]:
    """The spaces nearest `start` (by land connections, passes included) for which `wanted(space)` holds."""
    seen, todo, found, depth = {start: 0}, deque([start]), [], None
    while todo:
        here = todo.popleft()
        if depth is not None and seen[here] > depth:
            break
        if wanted(here):
            found.append(here)
            depth = seen[here]
            continue
        for n in load().adjacent(here):
            if n not in seen:
                seen[n] = seen[here] + 1
                todo.append(n)
    return sorted(found)


def form_league(g: Game) -> None:
    """21.6 ③–⑤: permanent wars with the Hapsburg and the Papacy; the Protestant home spaces of Protestant
    religion pass from the Hapsburg to the Protestant (not where Hapsburg land units stand, DECISIONS 560)."""
    s, data = g.state, load()
    s["league_formed"] = True
    for enemy in ("hapsburg", "papacy"):
        if not st.at_war(s, "protestant", enemy):
            s["wars"] = sorted([*s["wars"], st.pair("protestant", enemy)])
    g.log("The Schmalkaldic League forms: the Protestant is at war with the Hapsburg and the Papacy for the rest of "
          "the game, and the restrictions on its land units end.")
    taken = [sp for sp in data.home_spaces("protestant") if sp in s["religion"]
             and s["control"][sp] == "hapsburg" and not st.land_units_at(s, sp, "hapsburg")]
    for sp in taken:
        s["control"][sp] = "protestant"
    if taken:
        g.log("The Protestant takes control of " + ", ".join(space_name(sp) for sp in taken) + ".")
    for sp in taken:
        for line in rel.enter_electorate_regulars(s, sp):
            g.log(line)
    gone = s.get("leaders_removed", [])                            # #57 Philip of Hesse's Bigamy
    g.local["queue"] = [["leader", leader, near] for leader, near in LEADERS if leader not in gone] + \
        [["stack", sp, None] for sp in sorted(data.electorates) if sp not in s["religion"]
         and (st.land_units_at(s, sp, "protestant") or protestant_leaders_at(s, sp))]


def protestant_leaders_at(s: st.State, space: str) -> list[str]:
    return sorted(l for l, where in s["leaders"].items() if where == space and fx.leader_power(l, s) == "protestant")


def place_next(g: Game) -> None:
    """21.6 ①, ②, ⑥: each leader to the space nearest his home holding Protestant regulars; Protestant units
    and leaders in Catholic electorates to the nearest Protestant electorate. Ties: the Protestant picks."""
    s, queue = g.state, g.local["queue"]
    answer, g.frame["ret"] = g.returned, None
    if answer:
        place(g, *answer)
    while queue:
        kind, what, near = queue.pop(0)
        if kind == "leader":
            options = nearest(s, near, lambda sp: st.units_at(s, sp, "protestant").get("regular", 0) > 0)
        else:
            options = nearest(s, what, lambda sp: sp in load().electorates and sp in s["religion"] and sp != what)
        if len(options) > 1:
            g.again()
            g.call("league_place", role="protestant", kind=kind, what=what, options=options)
            return
        place(g, kind, what, options[0] if options else None)


def place(g: Game, kind: str, what: str, dest: str | None) -> None:
    s = g.state
    if kind == "leader":
        name = load().leader(what).name
        if dest is None:
            g.log(f"{name} stays off the map: no space holds Protestant regulars.")
            return
        s["leaders"][what] = dest
        g.log(f"{name} enters in {space_name(dest)}.")
        return
    units = dict(st.units_at(s, what, "protestant"))
    leaders = protestant_leaders_at(s, what)
    for unit, n in units.items():
        st.add_units(s, what, "protestant", unit, -n)
        if dest:
            st.add_units(s, dest, "protestant", unit, n)
    for leader in leaders:
        s["leaders"][leader] = dest or "off"
    where = f"move to {space_name(dest)}" if dest else "are removed: no electorate is Protestant"
    g.log(f"The Protestant forces in Catholic {space_name(what)} {where}.")


FLOW.procedure("league", form_league, place_next)


@FLOW.decision("league_place")
class LeaguePlace(Decision):
    def prompt(self, g, role):
        what = g.local["what"]
        piece = load().leader(what).name if g.local["kind"] == "leader" else f"The forces in {space_name(what)}"
        return f"Schmalkaldic League: {piece} go to one of the equally near spaces; choose which."

    def actions(self, g, role):
        for sp in g.local["options"]:
            yield act("to", sp, label=f"To {space_name(sp)}")

    def on_to(self, g, role, space):
        g.end([g.local["kind"], g.local["what"], space])

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id
