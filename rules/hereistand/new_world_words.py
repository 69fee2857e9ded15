"""The New World in words (Engine.describe): discoveries, conquests, colonies and markers, the voyages
crossing, and this turn's results (rule 20)."""

from __future__ import annotations

from rules.core.wording import Section, listing

from .data import load
from .new_world_data import VOYAGERS, civilisation_name, discovery_name, nw_data

KIND = {"explore": "an exploration", "colonise": "a colony", "conquer": "a conquest"}


def _name(power: str) -> str:
    return load().power(power).name


def new_world_section(view: dict) -> Section | None:
    n = view.get("new_world")
    if not n:
        return None
    lines = []
    found = [f"{discovery_name(d)} ({_name(p)}, {nw_data()['discoveries'][d]['vp']} VP)"
             for d, p in n["discoveries"].items()]
    lines.append("Discoveries: " + (listing(found) if found else "none yet") + ".")
    won = [f"{civilisation_name(c)} ({_name(x['power'])}, {nw_data()['civilisations'][c]['vp']} VP"
           + ("" if x["riches"] else ", depleted") + ")" for c, x in n["conquests"].items()]
    lines.append("Conquests: " + (listing(won) if won else "none yet") + ".")
    for power in VOYAGERS:
        marks = [m for key, m in (("galleons", "Galleons"), ("plantations", "Plantations"), ("raiders", "a Raider"))
                 if power in n[key]]
        colonies = n["colonies"][power]
        lines.append(f"{_name(power)}: colonies {listing(colonies) if colonies else 'none'}"
                     + (f"; {listing(marks)}" if marks else "") + ".")
    if "protestant" in n["raiders"]:
        lines.append("The Protestant has a Raider.")
    crossing = [f"{KIND[v['kind']]} of {_name(v['power'])}" for v in n["underway"]]
    lines.append("Crossing the Atlantic: " + (listing(crossing) if crossing else "nothing") + ".")
    lines += n["results"]
    return Section("The New World", lines)
