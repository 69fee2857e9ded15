"""The influence events of the operations cards (card list #47, #48, #50, #51, #53, #54): Secret Ballot,
Feudal Anarchy, Desperate Circumstances, and the three cards that pull a player's markers back from the Roll
of Parliament unseen (Court Intrigue, Influential Opinion, Political Power)."""

from __future__ import annotations

from rules.core.wording import plural

from collections import Counter

from rules.core.flow import Decision, Game, act
from rules.crownofroses import board
from rules.crownofroses.board import data, name
from rules.crownofroses.common import FLOW, hname
from rules.crownofroses.events import event, start_gains


def no_muster(state, house: str) -> bool:
    from rules.core import cards
    return not cards.modifiers(state, "no_muster")


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
        g.log(f"{hname(role)} chooses {hname(house)}, who takes {plural(min(5, placed), 'marker')} back from the RoP boxes.")
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
        return f"Take {plural(g.local['left'], 'more IP marker')} back from the RoP boxes to your stock (unseen)."

    def actions(self, g, role):
        for noble, bids in sorted(g.state["rop"].items()):
            for v in sorted(set(bids.get(role, []))):
                yield act("m", noble, v, label=f"A {v} IP marker from {name(noble)}", group=name(noble))

    def protects_secret(self, g, role):
        """The markers' values are hidden, their number is not: with two or more on the boxes, whether
        only one kind is left is the house's secret (issue 33)."""
        return sum(len(b.get(role, [])) for b in g.state["rop"].values()) > 1

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
