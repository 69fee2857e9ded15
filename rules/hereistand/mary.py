"""Here I Stand: England's impulse while Mary I rules (rule 21.3) — the card is revealed before England may
choose how to use it; 1d6: 4–6 England uses it freely, 1–3 the Papacy acts by its CP in the English zone
(burn books, a debate, or both) and England's impulse ends. Skipped while every English home space is
Catholic. A mandatory event resolves as usual."""

from __future__ import annotations

from rules.core import cards, rng
from rules.core.flow import Decision, Game, act

from . import state as st
from .data import load
from .turn import FLOW, power_name


def mary_rules(s: st.State, power: str) -> bool:
    """21.3: the procedure holds for England under Mary I while an English home space is Protestant."""
    return power == "england" and s["rulers"]["england"] == "mary-i" \
        and any(sp in s["religion"] for sp in load().home_spaces("england"))


def reactions_barred(s: st.State, power: str) -> bool:
    """21.3: while Mary I rules, England plays response and combat cards only for CP (DECISIONS 614)."""
    return power == "england" and s["rulers"]["england"] == "mary-i"


def papal_use(cp: int) -> str:
    return "burn books in the English zone" if cp <= 2 else "a debate in the English zone" if cp == 3 else \
        "burn books, then a debate, in the English zone"


def reveal_actions(s: st.State, power: str):
    for card in sorted(cards.zone(s, cards.hand(power)), key=int):
        c = load().card(int(card))
        if c.cp and c.type != "mandatory":
            yield act("reveal", card, label=f"Reveal {st.card_label(card)} for Mary I's roll", group="Cards",
                      hint=f"1d6: 4–6 you then play it for {c.cp} CP or as its event ({c.reminder}); 1–3 the "
                           f"Papacy uses its CP ({papal_use(c.cp)}) and your impulse ends.")


def reveal(g: Game, power: str, card: str) -> None:
    s = g.state
    c = load().card(int(card))
    g.reveal()
    die = rng.roll(s, 1)[0]
    g.log(f"England reveals {st.card_label(card)} (Mary I's rule, 21.3): 1d6 = {die}.")
    if die >= 4:
        g.log("4 or more: England uses the card as it chooses.")
        g.goto("mary_free", role=power, card=card)
        return
    from .actions import spend_card, start_impulse
    spend_card(g, power, card)
    start_impulse(s, power, card, 0)
    g.log(f"3 or less: the Papacy uses its {c.cp} CP ({papal_use(c.cp)}); England's impulse then ends.")
    g.goto("mary_papacy", cp=c.cp)


@FLOW.decision("mary_free")
class MaryFree(Decision):
    def prompt(self, g, role):
        return f"Mary I's roll allows it: play {st.card_label(g.local['card'])} for its CP or as its event."

    def actions(self, g, role):
        from .events import event_label, playable_events
        card = g.local["card"]
        c = load().card(int(card))
        yield act("cp", card, label=f"Play {st.card_label(card)} for {c.cp} CP", hint=f"Its event: {c.reminder}")
        if card in playable_events(g.state, role):
            yield act("event", card, label=event_label(card))

    def on_cp(self, g, role, card):
        from .actions import Impulse
        Impulse().on_cp(g, role, card)

    def on_event(self, g, role, card):
        from .actions import Impulse
        Impulse().on_event(g, role, card)

    def default(self, g, role):
        return f"cp:{g.local['card']}"


def papal_burning(g: Game) -> None:
    if g.local["cp"] != 3:
        g.call("attempts", side="counter", count=2, zone="english", actor="papacy",
               source="Mary I: the Papacy burns books")


def papal_debate(g: Game) -> None:
    if g.local["cp"] >= 3 and not g.state.get("pending_result"):
        from .debate import call_refusal, start_debate
        why = call_refusal(g.state, "papacy", "english")
        if why:
            g.log(f"Mary I: the Papacy cannot call a debate in the English zone ({why}).")
        else:
            start_debate(g, "papacy", "english")


def england_done(g: Game) -> None:
    from .actions import finish_impulse
    g.log(f"{power_name('england')}'s impulse ends (Mary I's rule).")
    finish_impulse(g, "played")


FLOW.procedure("mary_papacy", papal_burning, papal_debate, england_done)
