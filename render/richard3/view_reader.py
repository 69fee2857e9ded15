"""Reads a Richard III view (rules/richard3/view.py, documented in rules/richard3/VIEW.md) into a Scene.

Only what the view states is carried over. A hidden block entry (``{"hidden": true, "side": ...}``)
becomes a blank :class:`BlockFace` of that side; its ``token`` is dropped (it is an arbitrary per-area
counter and must not influence the picture). Missing keys mean "not shown".

Whose move it is comes from the view's ``waiting`` (the roles the game waits for) and ``active`` lists, in
every phase; nothing is guessed from the phase.
"""

from __future__ import annotations

from typing import Any

from .model import (Battle, BattleSide, Departed, Move, Scene, Throne, block_face, card_face,
                    static_data)
from .pieces import SIDE_NAME, BlockFace

SIDES = ("york", "lancaster")

STAGES = {"treason": "treachery rolls", "fight": "fire", "hits": "taking hits", "regroup": "regroup",
          "fireback": "firing back at a charge"}


def _face(entry: Any) -> BlockFace:
    if isinstance(entry, dict) and entry.get("hidden"):
        return BlockFace(entry.get("side") or "rebel")
    face = block_face(entry)
    info = static_data().blocks.get(face.id or "", {})
    if info.get("side") == "rebel":
        face.side = "rebel"            # the Rebel is always a black block, whoever it fights for
    return face


def _names(entries: Any) -> list[str]:
    return [e.get("name", "?") if isinstance(e, dict) else str(e) for e in entries or []]


def whose_line(view: dict[str, Any], waiting: list[str], active: list[str]) -> str:
    """A short "whose move" line for the title strip, from the roles the game waits for."""
    if isinstance(view.get("result"), dict):
        return ""
    who_list = waiting or active
    if not who_list:
        return "Nobody to act"
    who = " and ".join(SIDE_NAME.get(r, r) for r in who_list)
    step = view.get("step")
    if step == "card":
        line = f"{who}: choose a card"
        if len(who_list) == 1 and len(active) > 1:
            other = next(r for r in active if r not in who_list)
            line = f"{who}: choose a card ({SIDE_NAME.get(other, other)} has)"
        return line
    if step == "action":
        action = view.get("action") or {}
        ap = action.get("ap")
        if not ap and action.get("event"):   # an event card (Plague, Muster): no AP to spend
            return f"{who} to act"
        return f"{who} to act" + (f" ({ap} AP left)" if ap is not None else "")
    if step == "combat":
        battle = view.get("battle") or {}
        area = static_data().area_names.get(battle.get("area", ""), "")
        stage = STAGES.get(battle.get("stage", ""), "")
        if area:
            return f"{who}: battle in {area}" + (f", {stage}" if stage else "")
        return f"{who}: choose a battle"
    if step == "supply":
        return f"{who}: supply"
    if step == "political":
        return f"{who}: political turn"
    if step == "mulligan":
        return f"{who}: keep or redeal"
    return f"{who} to act"


def _throne(raw: Any) -> Throne:
    raw = raw if isinstance(raw, dict) else {}
    side, heir = raw.get("side") or "", raw.get("heir") or ""
    title = ""
    if heir:
        for b in static_data().blocks.values():
            if b.get("type") == "heir" and b.get("side") == side and b.get("name") == heir:
                title = b.get("title") or ""
                break
    return Throne(side=side, heir=heir, title=title)


def read(view: dict[str, Any]) -> Scene:
    role = view.get("role")
    scene = Scene(role=role if role in SIDES else None)
    scene.scenario = str(view.get("scenario") or "")
    scene.scenario_name = str(view.get("scenario_name") or "")
    scene.campaign = view.get("campaign")
    last = int(view.get("last_campaign") or 3)
    first = int(view.get("first_campaign") or 1)
    if scene.campaign:
        first, last = min(first, int(scene.campaign)), max(last, int(scene.campaign))
    scene.campaigns = (first, last)
    scene.year = view.get("year")
    scene.turn = view.get("turn")
    scene.step = view.get("step") or ""
    scene.phase = view.get("phase") or ""
    scene.active = [r for r in view.get("active") or [] if r in SIDES]
    scene.waiting = [r for r in view.get("waiting") or [] if r in SIDES]
    scene.whose = whose_line(view, scene.waiting, scene.active)
    scene.king = _throne(view.get("king"))
    scene.pretender = _throne(view.get("pretender"))

    for area, entry in (view.get("areas") or {}).items():
        blocks = entry.get("blocks") if isinstance(entry, dict) else entry
        scene.areas[area] = [_face(b) for b in blocks or []]
        if isinstance(entry, dict) and entry.get("contested"):
            scene.contested.add(area)
    scene.contested |= set(view.get("contested") or [])
    battle = view.get("battle")
    if battle and battle.get("area"):
        scene.battle_areas.add(battle["area"])
    captive = view.get("captive")
    if captive and captive.get("area"):
        scene.captive = (captive.get("name") or "", captive["area"])

    for m in view.get("moves") or []:
        scene.moves.append(Move(frm=m.get("from", ""), to=m.get("to", ""), side=m.get("side", ""),
                                count=int(m.get("count") or 1), kind=m.get("kind") or "land",
                                via=[str(v) for v in m.get("via") or []]))

    for side, pool in (view.get("pools") or {}).items():
        if not isinstance(pool, dict):
            continue
        if pool.get("count") is not None:
            scene.pool_counts[side] = int(pool["count"])
        if pool.get("blocks") is not None:
            scene.pool[side] = [_face(b) for b in pool["blocks"]]
    for side, entries in (view.get("minors") or {}).items():
        scene.minors[side] = _names(entries)
    for side, entries in (view.get("dead") or {}).items():
        scene.dead[side] = _names(entries)
    scene.off_map = _names(view.get("off_map"))

    cards = view.get("cards") or {}
    if cards.get("played"):
        scene.revealed_cards = {s: card_face(c) for s, c in cards["played"].items() if c}
    committed = cards.get("committed") or {}
    scene.chosen = {s: bool(committed.get(s)) for s in SIDES}
    if scene.role and cards.get("my_card"):
        scene.my_card = card_face(cards["my_card"])
    if scene.role and cards.get("hand") is not None:
        scene.hand = [card_face(c) for c in cards["hand"]]
    scene.hand_counts = dict(cards.get("hand_size") or {})
    scene.card_history = [(int(h["turn"]), {s: card_face(h[s]) for s in SIDES if h.get(s)})
                          for h in cards.get("history") or []]
    scene.player1 = view.get("player1") or ""
    for side, uses in (view.get("border_use") or {}).items():
        if side in SIDES and isinstance(uses, dict):
            scene.border_use[side] = {k: int(v) for k, v in uses.items() if v}
    action = view.get("action")
    if isinstance(action, dict) and action.get("ap") is not None:
        scene.ap_left = int(action["ap"])

    if battle:
        scene.battle = _battle(battle)
    result = view.get("result")
    if isinstance(result, dict):
        winners = [SIDE_NAME.get(w, w) for w in result.get("winners") or []]
        scene.result = (" and ".join(winners) + " win" + ("s" if len(winners) == 1 else "")) if winners else "Draw"
        scene.result_reason = result.get("reason") or ""
    return scene


def _battle(raw: dict[str, Any]) -> Battle:
    b = Battle(area=raw.get("area", ""), round=raw.get("round"), log=[str(x) for x in raw.get("lines") or []],
               actor=raw.get("actor") or "", winner=raw.get("winner") or "")
    stage = raw.get("stage") or ""
    b.step = STAGES.get(stage, stage.replace("_", " ")).capitalize()
    if raw.get("pending_hits"):
        n = int(raw["pending_hits"])
        b.step += f" · {n} hit{'s' if n != 1 else ''} to take"
    if b.winner:
        b.step = f"{SIDE_NAME.get(b.winner, b.winner)} won"
    for side in SIDES:
        bs = BattleSide(side, role="attacker" if raw.get("attacker") == side else
                        "defender" if raw.get("defender") == side else "")
        for e in (raw.get("blocks") or {}).get(side, []):
            face = _face(e)
            if isinstance(e, dict):
                face.hits = int(e.get("hits_taken") or 0)
                face.acted = bool(e.get("acted"))
                if e.get("fire_now"):
                    face.fire_now = str(e["fire_now"])
            if isinstance(e, dict) and e.get("reserve"):
                bs.reserves.append(face)
            else:
                bs.blocks.append(face)
        b.sides[side] = bs
    names = static_data().area_names
    for o in raw.get("out") or []:
        if not isinstance(o, dict):
            continue
        face = _face({k: v for k, v in o.items() if k in ("id", "name", "side", "strength")})
        face.hits = int(o.get("hits_taken") or 0)
        if o.get("fate") == "eliminated":
            face.strength = 0            # every step lost (public: the battle log says so)
        elif face.strength is None:
            face.max = None              # strength not in this view: no marks rather than empty ones
        side = o.get("side") if o.get("side") in SIDES else ("york" if face.side == "york" else "lancaster")
        dep = Departed(face=face, fate=o.get("fate") or "", to=names.get(o.get("to") or "", o.get("to") or ""),
                       round=o.get("round"))
        b.sides.setdefault(side, BattleSide(side)).gone.append(dep)
    return b
