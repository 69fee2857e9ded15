"""Here I Stand: why a religious CP action of 18.1 is refused, in words (issue 23 acceptance: bad input gets
the specific reason). `religious_actions.py` offers the legal ones; this says why another `religious:…`
order is not: who may take it, its cost, the debater whose ability it uses (not arrived, committed, burned…,
or the side's one ability of the impulse already used, 18.2), a finished track, the Society of Jesus."""

from __future__ import annotations

from . import debaters as dbt
from . import religion as rl
from . import state as st
from .papacy import MAX_VP
from .religious_actions import LANGUAGE, TRANSLATORS, TREATISES, cranmer_on_map, translation_stage, \
    university_sites

WHO = {"protestant": "the Protestant", "papacy": "the Papacy", "england": "England"}
OWN_KINDS = {"translate": ("protestant", 1, "Translating scripture"),
             "translator": ("protestant", 0, "A translator's free box"),
             "st_peters": ("papacy", 1, "Building St. Peter's"),
             "university": ("papacy", 3, "Founding a Jesuit university"),
             "university_loyola": ("papacy", 2, "Founding a Jesuit university with Loyola")}
ABILITY = {"university_loyola": "loyola"}


def religious_refusal(s: st.State, power: str, action_id: str, decision: str | None) -> str | None:
    """The reason `religious:<kind>[:<arg>]` is refused in `power`'s spend segment (None: not such an
    order, or no specific reason known)."""
    verb, _, rest = action_id.partition(":")
    if verb != "religious" or decision != "spend":
        return None
    kind, _, arg = rest.partition(":")
    if kind in TREATISES:
        cost, _, _, actor, debater, source = TREATISES[kind]
    elif kind in OWN_KINDS:
        actor, cost, source = OWN_KINDS[kind]
        debater = arg if kind == "translator" else ABILITY.get(kind)
    else:
        return None
    if power != actor:
        return f"{source} is for {WHO[actor]} only (rule 18.1)."
    if kind == "treatise_england" and not cranmer_on_map(s):
        return "England publishes treatises only while Cranmer is on the map (rule 18.1)."
    cp = s["impulse"]["cp"]
    if cp < cost:
        return f"{source} costs {cost} CP; {cp} {'is' if cp == 1 else 'are'} left."
    why = _track_refusal(s, kind, arg, debater)
    if why:
        return why
    return _debater_refusal(s, power, debater) if debater else None


def _track_refusal(s: st.State, kind: str, arg: str, debater: str | None) -> str | None:
    if kind == "translate" and arg not in LANGUAGE:
        return "Scripture is translated into German, French or English."
    if kind == "translator":
        zone = next((z for z, names in TRANSLATORS.items() if arg in names), None)
        if zone is None:
            return "Only Luther, Melanchthon, Olivetan, Tyndale and Coverdale translate for free (rule 18.2)."
        arg = zone
    if kind in ("translate", "translator") and translation_stage(s, arg) is None:
        return f"The {LANGUAGE[arg]} full Bible is already translated."
    if kind == "st_peters" and s["tracks"]["st_peters_vp"] >= MAX_VP:
        return f"St. Peter's is finished ({MAX_VP} VP)."
    if kind.startswith("university"):
        if not s.get("society_of_jesus"):
            return "Jesuit universities are founded only after the Society of Jesus (#15) is played."
        if not university_sites(s):
            return "No Catholic space is left without a Jesuit university."
    return None


def _debater_refusal(s: st.State, side: str, debater: str) -> str | None:
    """18.2: the ability of an uncommitted debater on the map, one a side each impulse."""
    name = rl.debater_name(debater)
    status = (s.get("debaters", {}).get(debater) or {}).get("status")
    if status == dbt.WAITING:
        return f"{name} has not arrived yet (rule 8.2)."
    if status is not None and status != dbt.UNCOMMITTED:
        return f"{name} is {dbt.STATUS_WORDS[status]}: only an uncommitted debater uses his ability (rule 18.2)."
    if side in s.get("abilities_used", []):
        who = WHO[side]
        return (f"{who[0].upper()}{who[1:]} has already used a debater's ability this impulse: one an impulse "
                "(rule 18.2).")
    return None
