"""Raids and Planned Uprisings (RB 14.2.1) and the Writs that answer them (10.5.1): the target shire,
the responder (office holders with a seat there first, then other nobles with a seat there; several
answering: the tie-breaker chooses; then a Writ; then the house with most blocks there), the line-battle
roll against him or the 2 steps he gains, +1 support, the Plundered marker, and the rebels' cylinder of an
unanswered Uprising (controls the shire until a stack enters or the next Royal phase, 24.1.2)."""

from __future__ import annotations

from rules.core.wording import plural, possessive

from rules.core import rng
from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, name, place_name
from rules.crownofroses.common import FLOW, add_support, decider, hname, on_hook
from rules.crownofroses.mandatory import pay_card, writ_cards, writ_fails, writ_targets
from rules.crownofroses.events import event
from rules.crownofroses.phases import card_title
from rules.crownofroses.reactions import TieBrokenWindow, impulse_order

NOT_ENGLAND = ("pale_of_ireland", "calais", "isle_of_man")
STOURTON = "op22"
RAID_OFFICE = {"pirate": ("admiral", "G"), "french": ("captain_of_calais", "BB"), "scots": ("warden", "B")}


def targets(kind: str, london: bool = False) -> list[str]:
    """The shires each card allows (card list #30–#39, B2, W6, Y3)."""
    found = []
    for sid, s in sorted(data().board.shires.items()):
        if kind == "uprising":
            ok = sid not in NOT_ENGLAND and (london or sid != "london")
        elif kind == "french":
            ok = "english_channel" in s.coastal_seas and sid not in ("london", "calais")
        elif kind == "pirate":
            ok = s.coastal and sid not in ("london", "calais", "pale_of_ireland")
        else:
            ok = sid in ("cumberland", "northumberland")
        if ok:
            found.append(sid)
    return found


def start_uprising(g: Game, house: str, kind: str, card: str | None, london: bool = False, tail: bool = False) -> None:
    (g.goto if tail else g.call)("pick_target", role=house, kind=kind, card=card, shires=targets(kind, london))


KINDS = {"op30": "french", "op31": "french", "op32": "french", "op33": "uprising", "op36": "pirate",
         "op37": "uprising", "op38": "uprising", "op39": "scots", "B2": "uprising", "W6": "uprising",
         "Y3": "uprising"}


def _york_not_king(state, house):
    return board.king_house(state) != "york"


for _card, _kind in KINDS.items():
    def _start(g, house, card, _kind=_kind):
        start_uprising(g, house, _kind, card, london=(card == "op33"))
    event(_card, playable=_york_not_king if _card == "Y3" else None)(_start)


@FLOW.decision("pick_target")
class PickTarget(Decision):
    def prompt(self, g, role):
        what = "Planned Uprising" if g.local["kind"] == "uprising" else f"{g.local['kind'].title()} Raid"
        return f"{what} (RB 14.2.1): choose the shire."

    def actions(self, g, role):
        return [act("shire", s, label=place_name(s)) for s in g.local["shires"]]

    def on_shire(self, g, role, shire):
        kind = g.local["kind"]
        what = "a Planned Uprising" if kind == "uprising" else f"a {kind.title()} Raid"
        g.log(f"{hname(role)} raises {what} in {place_name(shire)}.")
        g.goto("uprising", house=role, kind=kind, shire=shire, stage="office", responder=None, by=None)

    def default(self, g, role):
        return self.actions(g, role)[0].id


# ---- choosing the responder ---------------------------------------------------------------------------------
def volunteers(state, house: str, shire: str, office: bool) -> list[str]:
    """The house's nobles that may volunteer: on the map, not in exile nor a contested shire, not attached,
    with a seat (shield, office seat, demesne) in the shire; with ``office`` only office holders."""
    found = []
    for b in board.blocks_of(state, house):
        s = state["blocks"][b]
        if not board.is_noble(b) or b in ("henry_vi", "margaret") or s["host"] or board.in_exile(state, b):
            continue
        if board.contested(state, s["at"]) or bool(board.offices_of(state, b)) != office:
            continue
        if board.seat_reasons(state, b, house, shire):
            found.append(b)
    return found


def uprising_frame(g: Game) -> dict:
    return next(f["local"] for f in reversed(g.state["flow"]) if f["name"] == "uprising")


def _ask_volunteers(g: Game) -> None:
    if g.local["responder"] or g.local["stage"] == "done":
        return
    g.again()
    stage = g.local["stage"]
    if stage in ("office", "noble"):
        g.local["stage"] = "noble" if stage == "office" else "writ"
        g.call("respond", roles=[h for h in impulse_order(g.state) if h in g.roles], shire=g.local["shire"],
               office=stage == "office")
        return
    if stage == "writ":
        g.local["stage"] = "most"
        writers = writ_holders(g.state)
        if writers:
            g.call("raid_writ", roles=writers, shire=g.local["shire"])
        return
    if stage == "most":
        g.local["stage"] = "sent"
        counts = {h: len(board.blocks_at(g.state, g.local["shire"], h)) for h in g.roles}
        best = max(counts.values(), default=0)
        tied = [h for h in impulse_order(g.state) if counts.get(h) == best and h in g.roles] if best else []
        g.frame["ret"] = tied[0] if tied else None
        if len(tied) > 1:           # RB 10.5.1: the King breaks the tie for "the house with most blocks"
            g.call("choose_first", role=decider(g), tied=tied,
                   purpose=f"the house with most blocks in {place_name(g.local['shire'])}, who must respond "
                           "(RB 14.2.1)")
        return
    if stage == "sent":
        g.local["stage"] = "done"
        house = g.returned
        nobles = [b for b in board.blocks_at(g.state, g.local["shire"], house)
                  if board.is_noble(b) and not g.state["blocks"][b]["host"]] if house else []
        if nobles:
            g.call("must_respond", role=house, nobles=nobles, shire=g.local["shire"])


def writ_holders(state) -> list[str]:
    """RB 10.5.1: the King's controller, and Margaret's while she is in England (public facts); the
    tie-breaker's house first (several Writs for one event: the tie-break rule decides)."""
    found = []
    king = board.king_house(state)
    if king in state["houses"]:
        found.append(king)
    m = state["blocks"]["margaret"]
    if m["status"] == "map" and m["house"] not in found and m["house"]:
        found.append(m["house"])     # asked even when she is in exile: where she stands is not public
    first = board.tiebreaker(state)
    found = [h for h in found if h not in state.get("left", [])]
    return sorted(found, key=lambda h: h != first)


@FLOW.decision("respond")
class Respond(TieBrokenWindow):
    text = "RB 14.2.1: a Raid or Planned Uprising needs a responder. Send one of your nobles, or pass."
    tie_purpose = "who responds to the Raid or Planned Uprising (RB 14.2.1)"

    def responses(self, g, role):
        office = g.local["office"]
        for b in volunteers(g.state, role, g.local["shire"], office):
            yield act("noble", b, label=f"{name(b)} responds" + (" (office holder)" if office else ""))
        if STOURTON in g.state["zones"].get(f"play:{role}", []):
            yield act("stourton", label="Lord John Stourton responds (discard him: no dice, +1 support)")

    def resolve(self, g, role, response):
        up = uprising_frame(g)
        if up["responder"]:
            return
        verb, *rest = response.split(":")
        up["responder"] = "stourton" if verb == "stourton" else rest[0]
        up["by"] = role


@FLOW.decision("raid_writ")
class RaidWrit(TieBrokenWindow):
    text = "RB 10.5.1: nobody responds. Name a noble by Writ (discard a 3-OPS card), or pass."
    tie_purpose = "whose Writ is issued first (RB 10.5.1)"

    def responses(self, g, role):
        pay = writ_cards(g.state, role)
        m = g.state["blocks"]["margaret"]
        if board.king_house(g.state) != role and (m["house"] != role or m["at"].startswith("exile/")):
            return
        if pay:
            for b in writ_targets(g.state, role):
                yield act("writ", pay[0], b, label=f"Writ: {name(b)} responds (discard {card_title(pay[0])})")

    def resolve(self, g, role, response):
        up = uprising_frame(g)
        if up["responder"]:
            return
        _, pay, target = response.split(":")     # the card first: the secrecy check leaves it alone
        pay_card(g, role, pay)
        g.log(f"{hname(role)} issues a Writ (discarding {card_title(pay)}): {name(target)} must respond.")
        why = writ_fails(g.state, role, target)
        if why:
            g.log(f"The Writ fails: {name(target)} is {why}.")
            return
        up["responder"], up["by"] = target, g.state["blocks"][target]["house"]
        if STOURTON in g.state["zones"].get(f"play:{up['by']}", []) and up["by"] in g.roles:
            g.call("stourton_for_writ", role=up["by"], target=target)


@FLOW.decision("stourton_for_writ")
class StourtonForWrit(Decision):
    """Card #22: Lord John Stourton may answer a Writ instead of the noble it names."""

    def prompt(self, g, role):
        return f"A Writ names {name(g.local['target'])}. Send Lord John Stourton instead (discarding him)?"

    def actions(self, g, role):
        return [act("no", label=f"{name(g.local['target'])} responds"), act("stourton", label="Stourton responds")]

    def on_no(self, g, role):
        g.end()

    def on_stourton(self, g, role):
        up = uprising_frame(g)
        up["responder"], up["by"] = "stourton", role
        g.end()

    def default(self, g, role):
        return "no"


@FLOW.decision("must_respond")
class MustRespond(Decision):
    def prompt(self, g, role):
        return f"RB 14.2.1: you have most blocks in {place_name(g.local['shire'])}; choose the responding noble."

    def actions(self, g, role):
        return [act("noble", b, label=name(b)) for b in g.local["nobles"]]

    def on_noble(self, g, role, b):
        up = uprising_frame(g)
        up["responder"], up["by"] = b, role
        g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


# ---- resolving ---------------------------------------------------------------------------------------------------
def dice_against(state, kind: str, shire: str, responder: str, house: str) -> str:
    if kind == "uprising":
        loyal = data().shire(shire).loyal_house
        return "G" * (data().shire(shire).sv + (1 if loyal and loyal != house else 0))
    card_dice = {"french": "BBB", "pirate": "GG", "scots": "BB"}[kind]
    office, fewer = RAID_OFFICE[kind]
    return fewer if office in board.offices_of(state, responder) else card_dice


def rebel_roll(g: Game, dice: str) -> int:
    rolls = rng.roll(g.state, len(dice))
    hits = sum(1 for d, r in zip(dice, rolls) if r in data().components.dice_hits[d])
    g.log(f"The raiders roll {len(dice)} dice ({dice}): {', '.join(map(str, rolls))} — {plural(hits, 'hit')}.",
          data={"rolls": rolls})
    return hits


def take_raid_hit(g: Game, target: str) -> None:
    from rules.crownofroses.combat import eliminate_now
    s = g.state["blocks"][target]
    if s["strength"] > 1:
        s["strength"] -= 1
        g.log(f"{name(target)} loses a step.")
        return
    g.log(f"{name(target)} is eliminated.")
    eliminate_now(g, target, 0)


@FLOW.decision("raid_hits")
class RaidHits(Decision):
    """RB 14.2.1 #4, 20.5.3: the owner takes the hits one at a time on the strongest block (an attached
    block may absorb its host's hit)."""

    def prompt(self, g, role):
        return f"{plural(g.local['left'], 'hit')} against your responding force: which block takes the next one?"

    def _choices(self, g):
        from rules.crownofroses.combat import hit_choices
        alive = [b for b in g.local["blocks"] if g.state["blocks"][b]["status"] == "map"]
        return hit_choices(g.state, {"main": alive})

    def actions(self, g, role):
        return [act("hit", b, label=f"{name(b)} ({plural(g.state['blocks'][b]['strength'], 'step')})")
                for b in self._choices(g)]

    def on_hit(self, g, role, block):
        take_raid_hit(g, block)
        g.local["left"] -= 1
        if not g.local["left"] or not self._choices(g):
            g.end()

    def default(self, g, role):
        return self.actions(g, role)[0].id


def allot_rebel_hits(g: Game) -> None:
    """RB 14.2.1 #6, 20.5.3: the rebels' hits on a stack entering, one at a time on the strongest block; a
    tie (or an attached block that may absorb its host's hit) is the owner's choice, asked by the march
    (``rebel_hits`` left in its frame). Steps lost are told to the owner only; an elimination to all."""
    while g.local.get("rebel_hits"):
        choices = rebel_hit_choices(g)
        if len(choices) > 1:
            return
        if not choices:
            break
        take_rebel_hit(g, choices[0])
    g.local.pop("rebel_hits", None)


def rebel_hit_choices(g: Game) -> list[str]:
    from rules.crownofroses.combat import hit_choices
    alive = [b for b in g.local["stack"] if g.state["blocks"][b]["status"] == "map"]
    return hit_choices(g.state, {"main": alive})


def take_rebel_hit(g: Game, block: str) -> None:
    from rules.crownofroses.combat import eliminate_now
    g.local["rebel_hits"] -= 1
    s = g.state["blocks"][block]
    if s["strength"] > 1:
        s["strength"] -= 1
        g.log(f"{name(block)} loses a step to the rebels.", to=[g.local["role"]])
        return
    g.log(f"{name(block)} is eliminated.")
    eliminate_now(g, block, 0)


def _resolve(g: Game) -> None:
    shire, kind, house = g.local["shire"], g.local["kind"], g.local["house"]
    responder, by = g.local["responder"], g.local["by"]
    raid = kind != "uprising"
    if responder is None:
        if raid:
            g.state["markers"][shire] = "plundered"
            g.log(f"Nobody responds: {place_name(shire)} is Plundered.")
        else:
            g.state.setdefault("rebels", {})[shire] = house
            g.log(f"Nobody responds: {possessive(hname(house))} rebels hold {place_name(shire)} (RB 14.2.1).")
        return
    if responder == "stourton":
        from rules.crownofroses.events import leave_play
        leave_play(g, STOURTON)
        g.log(f"{possessive(hname(by))} Lord John Stourton responds; no dice are rolled (card #22).")
        add_support(g, by, 1, "responded to a Raid or Uprising")
        return
    moving = [responder, *board.attached_to(g.state, responder)]
    came = g.state["blocks"][responder]["at"]
    for b in moving:
        g.state["blocks"][b]["at"] = shire
    if came != shire:
        from rules.crownofroses.movement import record_entry
        record_entry(g.state, by, shire, moving, responder, None)
    g.log(f"{name(responder)} ({hname(by)}) responds in {place_name(shire)}.")
    if not raid and by == house:
        s = g.state["blocks"][responder]
        s["strength"] = min(data().block(responder).max_steps, s["strength"] + 2)
        g.log(f"{name(responder)} gains 2 steps from the uprising.")
    else:
        hits = rebel_roll(g, dice_against(g.state, kind, shire, responder, by))
        g.state["markers"][shire] = "plundered"
        g.log(f"{place_name(shire)} is Plundered.")
        if hits and by in g.roles:
            g.call("raid_hits", role=by, blocks=moving, left=hits)
        elif hits:
            roll_free = list(moving)
            while hits and roll_free:
                hits -= 1
                take_raid_hit(g, roll_free[0])
                roll_free = [b for b in roll_free if g.state["blocks"][b]["status"] == "map"]


def _support(g: Game) -> None:
    by = g.local["by"]
    if g.local["responder"] not in (None, "stourton") and by in g.roles:
        add_support(g, by, 1, "responded to a Raid or Uprising")


FLOW.procedure("uprising", _ask_volunteers, _resolve, _support)


# ---- the rebels' cylinder ----------------------------------------------------------------------------------------
@on_hook("arrive")
def meet_rebels(g: Game, house: str, place: str, stack: list[str]) -> None:
    """RB 14.2.1 #6: a stack entering the rebels' shire: friendly, 2 steps the player distributes among the
    entering blocks (the march asks it next: movement.py); enemy, one line-battle roll against it. The
    cylinder is removed."""
    owner = g.state.get("rebels", {}).pop(place, None)
    if owner is None:
        return
    if owner == house:
        g.local["rebel_steps"] = 2
        g.log(f"{possessive(hname(house))} rebels in {place_name(place)} join the entering stack, strengthening its blocks.")
        return
    loyal = data().shire(place).loyal_house
    dice = "G" * (data().shire(place).sv + (1 if loyal and loyal != house else 0))
    g.log(f"{possessive(hname(owner))} rebels in {place_name(place)} fight the entering stack.")
    g.local["rebel_hits"] = rebel_roll(g, dice)
    allot_rebel_hits(g)


@on_hook("royal_start")
def rebels_disperse(g: Game) -> None:
    if g.state.get("rebels"):
        g.log("The rebels' cylinders are removed (RB 24.1.2).")
    g.state["rebels"] = {}
