"""Here I Stand: the religious CP actions of 18.1 but the debate — publish treatise, translate scripture,
build St. Peter's, burn books, found a Jesuit university.

The spend decision (`actions.py`) offers `religious_actions(...)` as `religious:<kind>[:<arg>]` and hands
them to `take(...)`. Attempts run as a series (`reformation.py`).
"""

from __future__ import annotations

from rules.core.flow import Decision, Game, act
from rules.core.wording import plural

from . import religion as rl
from . import state as st
from .data import load
from .papacy import CP_PER_VP, MAX_VP, add_st_peters
from .turn import FLOW, power_name

NT_BOXES, BIBLE_BOXES = 6, st.FULL_BIBLE_BOXES
TRANSLATORS = {"german": ("luther", "melanchthon"), "english": ("tyndale", "coverdale"), "french": ("olivetan",)}
LANGUAGE = {"german": "German", "english": "English", "french": "French"}


def cranmer_on_map(s: st.State) -> bool:
    return "cranmer" in s.get("reformers", {})


def translation_stage(s: st.State, zone: str) -> str | None:
    """"new_testament", "full_bible", or None when the Bible is done (no CP may go past the end)."""
    t = s["translations"][zone]
    if t["new_testament"] < NT_BOXES:
        return "new_testament"
    return "full_bible" if t["full_bible"] < BIBLE_BOXES else None


def university_sites(s: st.State) -> list[str]:
    """A Catholic space with no Jesuit university (18.1)."""
    return [sp for sp in load().spaces if rl.is_catholic(s, sp) and sp not in s.get("universities", [])]


def religious_actions(s: st.State, power: str, cp: int):
    """The actions of 18.1 `power` may take with `cp` left, each with its cost in the label."""
    group = "Religious actions"
    if power == "protestant" and cp >= 2:
        yield act("religious", "treatise", label="Publish treatise: 2 reformation attempts in one zone (2 CP)",
                  group=group)
        if rl.ability_ready(s, "protestant", "carlstadt"):
            yield act("religious", "treatise_carlstadt", group=group,
                      label="Publish treatise with Carlstadt: 3 German attempts, a failure puts the target in "
                            "unrest (2 CP; commits Carlstadt)")
        if rl.ability_ready(s, "protestant", "calvin") and debater_arrived(s, "calvin"):
            yield act("religious", "treatise_calvin", group=group,
                      label="Publish treatise with Calvin: 3 French attempts (2 CP; commits Calvin)")
    if power == "england" and cp >= 3 and cranmer_on_map(s):
        yield act("religious", "treatise_england", group=group,
                  label="Publish treatise: 2 reformation attempts in the English zone (3 CP)")
    if power == "protestant":
        for zone in rl.ZONES:
            stage = translation_stage(s, zone)
            if stage is None:
                continue
            book = "New Testament" if stage == "new_testament" else "full Bible"
            if cp >= 1:
                yield act("religious", "translate", zone, group="Translate scripture",
                          label=f"Translate the {book} into {LANGUAGE[zone]} ({box_words(s, zone)}; 1 CP)")
            for debater in TRANSLATORS[zone]:
                if rl.ability_ready(s, "protestant", debater) and debater_arrived(s, debater):
                    yield act("religious", "translator", debater, group="Translate scripture",
                              label=f"Commit {rl.debater_name(debater)}: 1 free box of the {LANGUAGE[zone]} "
                                    f"{book} (no CP)")
    if power == "papacy":
        if cp >= 1 and s["tracks"]["st_peters_vp"] < MAX_VP:
            t = s["tracks"]
            yield act("religious", "st_peters", group=group,
                      label=f"Build St. Peter's: 1 CP to the track ({t['st_peters_cp']} of {CP_PER_VP} toward "
                            f"the next VP, {t['st_peters_vp']} of {MAX_VP} VP; 1 CP)")
        if cp >= 2:
            yield act("religious", "burn", label="Burn books: 2 counter-reformation attempts in one zone (2 CP)",
                      group=group)
            if rl.ability_ready(s, "papacy", "tetzel") and debater_arrived(s, "tetzel"):
                yield act("religious", "burn_tetzel", group=group,
                          label="Burn books with Tetzel: 2 attempts in one zone, each success adds 1 CP to "
                                "St. Peter's (2 CP; commits Tetzel)")
            if rl.ability_ready(s, "papacy", "cajetan") and debater_arrived(s, "cajetan"):
                yield act("religious", "burn_cajetan", group=group,
                          label="Burn books with Cajetan: 3 attempts in one zone (2 CP; commits Cajetan)")
            if rl.ability_ready(s, "papacy", "caraffa") and debater_arrived(s, "caraffa"):
                yield act("religious", "burn_caraffa", group=group,
                          label="Burn books with Caraffa: 3 attempts in any zones (2 CP; commits Caraffa)")
        if s.get("society_of_jesus") and university_sites(s):
            if cp >= 3:
                yield act("religious", "university", group=group,
                          label="Found a Jesuit university in a Catholic space (3 CP)")
            if cp >= 2 and "debaters" in s and rl.debater_ready(s, "loyola"):
                yield act("religious", "university_loyola", group=group,
                          label="Found a Jesuit university with Loyola (2 CP; commits Loyola)")


def debater_arrived(s: st.State, debater: str) -> bool:
    """Without a debater record, a debater counts as present from its entry turn."""
    if "debaters" in s:
        return rl.debater_ready(s, debater)
    turn = load().debater(debater).entry_turn
    return turn is not None and s["turn"] >= turn


def box_words(s: st.State, zone: str) -> str:
    t = s["translations"][zone]
    if translation_stage(s, zone) == "new_testament":
        return f"{t['new_testament']} of {NT_BOXES} boxes"
    return f"{t['full_bible']} of {BIBLE_BOXES} boxes"


# ---- taking an action ---------------------------------------------------------------------------------
TREATISES = {  # kind: (cost, count, zone, actor, debater, source)
    "treatise": (2, 2, "choose", "protestant", None, "A Protestant treatise"),
    "treatise_carlstadt": (2, 3, "german", "protestant", "carlstadt", "Carlstadt's treatise"),
    "treatise_calvin": (2, 3, "french", "protestant", "calvin", "Calvin's treatise"),
    "treatise_england": (3, 2, "english", "england", None, "An English treatise"),
    "burn": (2, 2, "choose", "papacy", None, "Burning books"),
    "burn_tetzel": (2, 2, "choose", "papacy", "tetzel", "Tetzel's burning of books"),
    "burn_cajetan": (2, 3, "choose", "papacy", "cajetan", "Cajetan's burning of books"),
    "burn_caraffa": (2, 3, None, "papacy", "caraffa", "Caraffa's burning of books"),
}


def take(g: Game, power: str, kind: str, arg: str | None = None) -> None:
    s = g.state
    if kind in TREATISES:
        cost, count, zone, actor, debater, source = TREATISES[kind]
        s["impulse"]["cp"] -= cost
        side = "protestant" if actor in ("protestant", "england") else "papacy"
        if debater:
            rl.use_ability(s, side, debater)
            g.log(f"{power_name(power)} commits {rl.debater_name(debater)}.")
        g.log(f"{power_name(power)}: {source} ({cost} CP).")
        reform = side == "protestant"
        g.call("attempts", side="reformation" if reform else "counter", count=count, zone=zone, actor=actor,
               source=source, carlstadt=debater == "carlstadt", tetzel=debater == "tetzel")
    elif kind == "translate":
        s["impulse"]["cp"] -= 1
        advance_translation(g, arg, "1 CP")
    elif kind == "translator":
        zone = next(z for z, names in TRANSLATORS.items() if arg in names)
        rl.use_ability(s, "protestant", arg)
        advance_translation(g, zone, f"{rl.debater_name(arg)} committed")
    elif kind == "st_peters":
        s["impulse"]["cp"] -= 1
        vp = add_st_peters(s, 1)
        g.log("The Papacy builds St. Peter's: 1 CP" + (" — the track gives 1 VP." if vp else "."))
    elif kind in ("university", "university_loyola"):
        cost = 2 if kind == "university_loyola" else 3
        s["impulse"]["cp"] -= cost
        if kind == "university_loyola":
            rl.commit_debater(s, "loyola")
            g.log("The Papacy commits Loyola.")
        g.call("university_site", role="papacy", count=1, source=f"A Jesuit university ({cost} CP)")


def advance_translation(g: Game, zone: str, why: str) -> None:
    """18.1: one box; a finished New Testament gives 6 attempts there, a finished Bible 6 with +1 on each
    die and 1 VP (counted from the track, `state.vp_breakdown`)."""
    s = g.state
    stage = translation_stage(s, zone)
    s["translations"][zone][stage] += 1
    book = "New Testament" if stage == "new_testament" else "full Bible"
    g.log(f"The Protestant translates the {book} into {LANGUAGE[zone]} ({why}): {box_words_done(s, zone, stage)}.")
    done = s["translations"][zone][stage] == (NT_BOXES if stage == "new_testament" else BIBLE_BOXES)
    if not done:
        return
    if stage == "new_testament":
        g.call("attempts", side="reformation", count=6, zone=zone, actor="protestant",
               source=f"The {LANGUAGE[zone]} New Testament")
    else:
        g.log(f"The {LANGUAGE[zone]} Bible is complete: 1 VP to the Protestant.")
        g.call("attempts", side="reformation", count=6, zone=zone, actor="protestant",
               source=f"The {LANGUAGE[zone]} Bible", die_plus="the full Bible")


def box_words_done(s: st.State, zone: str, stage: str) -> str:
    total = NT_BOXES if stage == "new_testament" else BIBLE_BOXES
    return f"{s['translations'][zone][stage]} of {total} boxes"


@FLOW.decision("university_site")
class UniversitySite(Decision):
    """18.1 / Society of Jesus: the Papacy places Jesuit universities in Catholic spaces without one."""

    def active(self, g):
        return super().active(g) if g.local["count"] > 0 and university_sites(g.state) else []

    def proceed(self, g):
        g.end()

    def prompt(self, g, role):
        return (f"{power_name(role)}: {g.local['source']} — choose a Catholic space for a Jesuit university "
                f"({plural(g.local['count'], 'university', 'universities')} to place).")

    def actions(self, g, role):
        for sp in university_sites(g.state):
            zone = rl.zone_of(sp)
            yield act("site", sp, label=rl.space_name(sp),
                      group=f"{rl.zone_name(zone)} zone" if zone else "Outside the language zones")

    def on_site(self, g, role, space):
        g.state["universities"] = sorted([*g.state.get("universities", []), space])
        g.local["count"] -= 1
        g.log(f"The Papacy founds a Jesuit university in {rl.space_name(space)}.")

    def default(self, g, role):
        return next(iter(self.actions(g, role))).id
