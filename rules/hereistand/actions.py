"""Here I Stand: the Action phase (rule 11) — impulses in impulse order, card play for CP, the pass rules —
and the CP actions built so far (unit construction, rule 17).

    action_phase › impulse (play a card or pass) › spend (one CP action at a time, or end the impulse)
"""

from __future__ import annotations

from rules.core import cards
from rules.core.flow import Decision, Game, act
from rules.core.wording import plural, plural_of

from . import movement, siege
from . import record
from . import state as st
from .data import MAJORS, load
from .turn import FLOW, military_victory, power_name, religious_victory

COSTS = {"regular": 2, "mercenary": 1, "cavalry": 1, "squadron": 2, "corsair": 1}   # rule 11.1 table / 17


def begin_action_phase(g: Game) -> None:
    g.state["phase"] = "action"
    g.log(f"Turn {g.state['turn']}: Action phase.", kind="heading")
    g.local.update(next=0, passes=0)


def impulses(g: Game) -> None:
    """Rule 11: powers act in impulse order, round after round, until all six pass in succession; a power
    with no cards passes automatically. A military victory ends the game at once (23.1)."""
    answer, g.frame["ret"] = g.returned, None
    if answer == "pass":
        g.local["passes"] += 1
    elif answer == "played":
        g.local["passes"] = 0
    if military_victory(g) or religious_victory(g):
        return
    if g.local["passes"] >= len(MAJORS):
        g.log("Every power has passed in succession: the Action phase ends.")
        return
    power = MAJORS[g.local["next"] % len(MAJORS)]
    g.local["next"] += 1
    g.again()
    from .halley import skips
    if skips(g, power):                                          # #38: not a pass, nobody acts
        return
    if not cards.zone(g.state, cards.hand(power)):
        g.local["passes"] += 1
        if power == "england":
            from .marriages import strife_on_pass
            strife_on_pass(g)                                    # 21.3: an automatic pass is a pass
        return
    g.call("impulse", role=power)


FLOW.procedure("action_phase", begin_action_phase, impulses)


def start_impulse(s: st.State, power: str, card: str, cp: int) -> None:
    """What a new impulse clears: its locks, interceptions, assaults, record, and the spaces targeted by
    religious attempts (18.3: once per impulse)."""
    s["impulse"] = {"power": power, "cp": cp, "card": card}
    s["impulse_locks"], s["intercept_tried"], s["assaulted"], s["targeted"] = [], [], [], []
    s["abilities_used"] = []                                  # 18.2 (3): one debater's ability a side
    record.clear(s)
    from .fleets import naval
    naval(s)["locks"] = []                                    # 16.1 restriction 4 lasts one impulse
    for laid in s["sieges"].values():            # 15.1: sieges laid before this impulse may be assaulted
        laid["new"] = False


def run_event(g: Game) -> None:
    from .events import EVENTS, cancelled
    if not cancelled(g.state, g.local["card"]):          # The Wartburg (responses.py)
        EVENTS.run(g.local["card"], "event", g, g.local["role"])


def after_event(g: Game) -> None:
    """6.1: a mandatory event then gives 2 CP to spend; an event that grants CP (Six Wives' war, Holy Roman
    Emperor) leaves them in the impulse; any other event ends the impulse."""
    if g.state.get("pending_result") or g.state["impulse"] is None:
        return finish_impulse(g, "played")
    if load().card(int(g.local["card"])).type == "mandatory":
        g.state["impulse"]["cp"] = 2
        g.log(f"{power_name(g.local['role'])} spends the mandatory event's 2 CP.")
    if g.state["impulse"]["cp"] > 0:
        g.goto("spend", role=g.local["role"])
    else:
        finish_impulse(g, "played")


def declared(g: Game) -> None:
    from .events import declared as hooks
    hooks(g)


FLOW.procedure("play_event", declared, run_event, after_event)


def pass_refusal(s: st.State, power: str) -> str | None:
    """Rule 11 / 6.1: why `power` may not pass now, or None when it may."""
    hand = cards.zone(s, cards.hand(power))
    data = load()
    if any(data.card(int(c)).type == "home" for c in hand):
        return "its home card is still unplayed"
    from .events import playable_events, prerequisite_refusal
    if any(data.card(int(c)).type == "mandatory" for c in playable_events(s, power)):
        return "it holds a mandatory event it may play"          # one whose prerequisite fails waits
    waiting = [c for c in hand if data.card(int(c)).type == "mandatory" and prerequisite_refusal(s, power, c)]
    admin = st.ruler(s, power).admin
    if len(hand) - len(waiting) > admin:
        return f"it holds {plural(len(hand), 'card')}, more than its ruler's administrative rating of {admin}"
    return None


def spend_card(g: Game, power: str, card: str) -> None:
    """A card played for CP: a home card waits beside the power card until the next card draw (6.1);
    every other card is discarded (6.2)."""
    target = st.home_used(power) if load().card(int(card)).type == "home" else "discard"
    cards.move(g.state, card, cards.hand(power), target)


@FLOW.decision("impulse")
class Impulse(Decision):
    def prompt(self, g, role):
        why = pass_refusal(g.state, role)
        tail = f" You may not pass: {why}." if why else " You may pass."
        return f"{power_name(role)}'s impulse: play a card for its CP or, where it is offered, as its event.{tail}"

    def actions(self, g, role):
        from .events import event_label, playable_events, unplayable_reason
        from .mary import mary_rules, reveal_actions
        mary = mary_rules(g.state, role)                         # 21.3: the card is revealed first
        if mary:
            yield from reveal_actions(g.state, role)
        playable = playable_events(g.state, role)
        for card in sorted(cards.zone(g.state, cards.hand(role)), key=int):
            c = load().card(int(card))
            if c.cp and c.type != "mandatory" and not mary:      # 6.1: a mandatory event is played as such
                why = None if card in playable else unplayable_reason(g.state, role, card)
                yield act("cp", card, label=f"Play {st.card_label(card)} for {c.cp} CP", group="Cards",
                          hint=f"Its event: {c.reminder}" + (f" Not as an event now: {why[:1].upper()}{why[1:]}."
                                                             if why else ""))
        for card in playable:
            if not mary or load().card(int(card)).type == "mandatory":
                yield act("event", card, label=event_label(card), group="Events")
        if pass_refusal(g.state, role) is None:
            yield act("pass", label="Pass")

    def protects_secret(self, g, role):
        # a card other than a home card is hidden: whether its event may be played makes a lone answer,
        # and that answer would show the card (VIEW.md)
        return any(load().card(int(c)).type != "home" for c in cards.zone(g.state, cards.hand(role)))

    def on_cp(self, g, role, card):
        cp = load().card(int(card)).cp
        spend_card(g, role, card)
        g.log(f"{power_name(role)} plays {st.card_label(card)} for {cp} CP.")
        start_impulse(g.state, role, card, cp)
        g.goto("spend", role=role)

    def on_event(self, g, role, card):
        from .events import discard_played
        g.log(f"{power_name(role)} plays {st.card_label(card)} as its event.")
        discard_played(g.state, role, card)
        start_impulse(g.state, role, card, 0)
        g.goto("play_event", role=role, card=card)

    def on_reveal(self, g, role, card):
        from .mary import reveal
        reveal(g, role, card)

    def on_pass(self, g, role):
        g.log(f"{power_name(role)} passes.")
        if role == "england":
            from .marriages import strife_on_pass
            strife_on_pass(g)                                    # 21.3: a "3" on the pregnancy chart
        record.clear(g.state)
        g.end("pass")

    def default(self, g, role):
        return next((a.id for a in self.actions(g, role) if a.id == "pass"), None) or \
            next(iter(self.actions(g, role))).id


# ---- spending CP (rule 11.1): unit construction (rule 17) ---------------------------------------------------
def build_sites(s: st.State, power: str, naval: bool) -> list[str]:
    """Rule 17: own-controlled home spaces with no enemy units, not in unrest; ships only in home ports."""
    data = load()
    return [space for space in data.home_spaces(power)
            if st.controller(s, space) == power and space not in s["unrest"]
            and not st.enemy_units_at(s, space, power) and (not naval or data.space(space).is_port)]


def build_options(s: st.State, power: str, cp: int) -> list[tuple[str, str]]:
    pool = load().power(power).force_pool
    options = []
    land_ok = power != "protestant" or s["league_formed"]          # 21.6: no Protestant building before it
    for kind in ("regular", "mercenary", "cavalry"):
        if land_ok and kind in pool.land_types and COSTS[kind] <= cp and st.land_pool_left(s, power) > 0:
            options += [(kind, space) for space in build_sites(s, power, naval=False)]
    if "squadron" in pool.naval_types and COSTS["squadron"] <= cp:
        options += [("squadron", space) for space in build_sites(s, power, naval=True)]
    if "corsair" in pool.naval_types and COSTS["corsair"] <= cp and st.controller(s, "algiers") == power:
        options += [("corsair", space) for space in build_sites(s, power, naval=True)]   # after Barbary Pirates
        options += [("corsair", sp) for sp in s.get("pirate_havens", []) if st.controller(s, sp) == power
                    and sp not in s["unrest"] and not st.enemy_units_at(s, sp, power)]      # #89 Pirate Haven
    havens = {sp for sp in load().spaces if load().space(sp).pirate_haven}
    return [(kind, space) for kind, space in options if kind == "corsair" or space not in havens]   # 17.2


def minor_build_options(s: st.State, power: str, cp: int) -> list[tuple[str, str]]:
    """22.3 3: the patron raises its active minors' regulars in their home spaces it controls (the minor's
    counter mix is the limit)."""
    if COSTS["regular"] > cp:
        return []
    data, out = load(), []
    for minor, ally in sorted(s["minor_allies"].items()):
        if ally != power:
            continue
        pool = data.power(minor).force_pool.land_units
        if sum(st.land_units_at(s, sp, minor) for sp in s["units"]) >= pool:
            continue
        out += [(minor, sp) for sp in data.home_spaces(minor) if st.controller(s, sp) == power
                and sp not in s["unrest"] and not st.enemy_units_at(s, sp, power)]
    return out


@FLOW.decision("spend")
class Spend(Decision):
    """11.1: one action at a time until the CP are spent or the power ends its impulse (the rest is lost)."""

    def active(self, g):
        return super().active(g) if g.state["impulse"]["cp"] > 0 else []

    def proceed(self, g):
        finish_impulse(g, "played")

    def prompt(self, g, role):
        return f"{power_name(role)}: {g.state['impulse']['cp']} CP to spend. Choose an action, or end the impulse."

    VERBS = ("move", "assault", "roxelana", "control", "calm", "foreign", "naval", "sea", "piracy", "debate",
             "religious", "voyage", "build", "raise", "done")

    def actions(self, g, role):
        for verb in self.VERBS:
            yield from self.actions_of(g, role, verb)

    def actions_of(self, g, role, verb):
        """One verb's actions only: finding the chosen action builds no other part of the menu."""
        s, cp = g.state, g.state["impulse"]["cp"]
        from .responses import foul_weather_bars
        if verb in ("naval", "sea", "piracy") and foul_weather_bars(s, role):
            return                                            # #31 Foul Weather, until the impulse ends
        if verb == "move":
            for origin, dest, cost in movement.move_options(s, role, cp):
                yield act("move", origin, dest, label=f"Move from {load().space(origin).name} to "
                          f"{load().space(dest).name} ({cost} CP)", group="Move")
        elif verb == "assault" and cp >= 1:
            for space in siege.assaults(s, role):
                yield act("assault", space, label=f"Assault {load().space(space).name} (1 CP)", group="Assault")
        elif verb == "control" and cp >= 1:
            for space in siege.controllable(s, role):
                yield act("control", space, label=f"Take control of {load().space(space).name} (1 CP)",
                          group="Control")
        elif verb == "calm":
            from .unrest import removal_actions
            yield from removal_actions(s, role, cp)
        elif verb == "foreign":
            from .foreign_wars import fight_actions
            yield from fight_actions(s, role, cp)
        elif verb == "roxelana":
            from .events_mediterranean import roxelana_actions
            yield from roxelana_actions(s, role, cp)
        elif verb in ("naval", "sea", "piracy"):
            yield from naval_actions(s, role, cp, verb)
        elif verb == "debate":
            from .debate import debate_actions
            yield from debate_actions(s, role, cp)
        elif verb == "religious":
            from .religious_actions import religious_actions
            yield from religious_actions(s, role, cp)
        elif verb == "voyage":
            from .new_world import voyage_actions
            yield from voyage_actions(s, role, cp)
        elif verb == "build":
            for kind, space in build_options(s, role, cp):
                yield act("build", kind, space, label=f"{kind.title()} in {load().space(space).name} "
                          f"({COSTS[kind]} CP)", group=f"Build {plural_of(kind)}")
        elif verb == "raise":
            for minor, space in minor_build_options(s, role, cp):
                yield act("raise", minor, space, label=f"{power_name(minor)} regular in "
                          f"{load().space(space).name} ({COSTS['regular']} CP)",
                          group="Raise allied minors' regulars")
        elif verb == "done":
            yield act("done", label="End the impulse" + (f" ({cp} CP unspent are lost)" if cp else ""))

    def on_move(self, g, role, origin, dest):
        cost = 2 if load().is_pass(origin, dest) else 1
        movement.start_move(g, role, origin, dest, cost)

    def on_assault(self, g, role, space):
        siege.start_assault(g, role, space)

    def on_control(self, g, role, space):
        g.state["impulse"]["cp"] -= 1
        siege.take_control(g, role, space)

    def on_calm(self, g, role, space):
        from .unrest import remove
        remove(g, role, space)

    def on_roxelana(self, g, role, what, space=None):
        from .events_mediterranean import roxelana
        roxelana(g, role, what, space)

    def on_foreign(self, g, role, card):
        from .foreign_wars import start_fight
        start_fight(g, role, card)

    def on_naval(self, g, role):
        from .naval import start_naval_move
        start_naval_move(g, role)

    def on_sea(self, g, role, origin, dest):
        from .transport import start_transport
        start_transport(g, role, origin, dest)

    def on_piracy(self, g, role, zone, target):
        from .piracy import start_piracy
        start_piracy(g, zone, target)

    def on_debate(self, g, role, zone):
        from .debate import DEBATE_CP, start_debate
        g.state["impulse"]["cp"] -= DEBATE_CP
        start_debate(g, role, zone)

    def on_religious(self, g, role, kind, arg=None):
        from .religious_actions import take
        take(g, role, kind, arg)

    def on_voyage(self, g, role, kind):
        from .new_world import take_voyage
        take_voyage(g, role, kind)

    def on_build(self, g, role, kind, space):
        g.state["impulse"]["cp"] -= COSTS[kind]
        st.add_units(g.state, space, role, kind)
        g.log(f"{power_name(role)} builds a {kind} in {load().space(space).name}.")
        from .foreign_wars import divert_build
        divert_build(g, role, kind, space)                       # 21.7: onto a foreign war's card first

    def on_raise(self, g, role, minor, space):
        g.state["impulse"]["cp"] -= COSTS["regular"]
        st.add_units(g.state, space, minor, "regular")
        g.log(f"{power_name(role)} raises a {power_name(minor)} regular in {load().space(space).name}.")

    def on_done(self, g, role):
        finish_impulse(g, "played")

    def default(self, g, role):
        return "done"


def naval_actions(s: st.State, power: str, cp: int, verb: str | None = None):
    """16.1 naval move (1 CP), 16.3 naval transport (1 CP a step, 2 at least), 16.4 piracy (2 CP); only
    the ``verb`` ones (naval, sea or piracy) when it is named."""
    from .naval import may_move
    from .piracy import piracy_options
    from .transport import transport_options
    if verb in (None, "naval") and cp >= 1 and may_move(s, power):
        yield act("naval", label="Naval move: every fleet one step (1 CP)", group="Naval")
    for origin, dest, cost in transport_options(s, power, cp) if verb in (None, "sea") else ():
        yield act("sea", origin, dest, label=f"Sail from {load().space(origin).name} to {load().space(dest).name} "
                  f"({cost} CP)", group="Naval transport")
    for zone, target in piracy_options(s, power, cp) if verb in (None, "piracy") else ():
        yield act("piracy", zone, target, label=f"Piracy in the {load().sea_zone(zone).name} against "
                  f"{load().power(target).name} (2 CP)", group="Piracy")


def finish_impulse(g: Game, answer: str) -> None:
    s = g.state
    s["impulse"], s["impulse_locks"], s["intercept_tried"] = None, [], []
    g.end(answer)
