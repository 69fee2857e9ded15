"""Reads a Richard III view (rules/richard3/view.py, documented in rules/richard3/VIEW.md) into a Scene.

Only what the view states is carried over. A hidden block entry (``{"hidden": true, "side": ...}``)
becomes a blank :class:`BlockFace` of that side; its ``token`` is dropped (it is an arbitrary per-area
counter and must not influence the picture). Missing keys mean "not shown".
"""

from __future__ import annotations

from typing import Any

from .board import load_board
from .model import Battle, BattleSide, CardFace, Move, Scene, block_face, card_face
from .pieces import SIDE_NAME, BlockFace

SIDES = ("york", "lancaster")


def _face(entry: Any) -> BlockFace:
    if isinstance(entry, dict) and entry.get("hidden"):
        return BlockFace(entry.get("side") or "rebel")
    face = block_face(entry)
    info = load_board().blocks.get(face.id or "", {})
    if info.get("side") == "rebel":
        face.side = "rebel"            # the Rebel is always a black block, whoever it fights for
    return face


def _names(entries: Any) -> list[str]:
    out = []
    for e in entries or []:
        out.append(e.get("name", "?") if isinstance(e, dict) else str(e))
    return out


def _whose(view: dict[str, Any]) -> tuple[list[str], str]:
    """Who must act now, as far as the view tells (roles, and a short line for the title strip)."""
    if isinstance(view.get("active"), list):  # if the table service passes it along, trust it
        active = [r for r in view["active"] if r in SIDES]
        return active, _line(view, active)
    step = view.get("step")
    active: list[str] = []
    if step == "card":
        committed = (view.get("cards") or {}).get("committed") or {}
        active = [s for s in SIDES if not committed.get(s)]
    elif step == "action" and view.get("action"):
        active = [view["action"].get("role")]
    elif step == "combat" and view.get("battle"):
        active = [view["battle"].get("actor")]
    active = [a for a in active if a in SIDES]
    return active, _line(view, active)


def _line(view: dict[str, Any], active: list[str]) -> str:
    step = view.get("step")
    if not active:
        return {"supply": "Supply", "political": "Political turn", "mulligan": "Deal"}.get(step, "")
    who = " and ".join(SIDE_NAME[a] for a in active)
    if step == "card":
        return f"{who}: choose a card"
    if step == "action":
        ap = (view.get("action") or {}).get("ap")
        return f"{who} to act" + (f" ({ap} AP)" if ap is not None else "")
    if step == "combat":
        return f"{who} in battle"
    return f"{who} to play"


def read(view: dict[str, Any]) -> Scene:
    role = view.get("role")
    scene = Scene(role=role if role in SIDES else None)
    scene.scenario = str(view.get("scenario") or "")
    scene.campaign = view.get("campaign")
    last = view.get("last_campaign") or 3
    scene.campaigns = (1, max(int(last), int(scene.campaign or 1)))
    scene.year = view.get("year")
    scene.turn = view.get("turn")
    scene.phase = view.get("phase") or ""
    scene.active, scene.waiting = _whose(view)

    king = view.get("king") or {}
    pretender = view.get("pretender") or {}
    scene.king = king.get("side") or ""
    scene.king_heir = king.get("heir") or ""
    scene.pretender_heir = pretender.get("heir") or ""

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
                                count=int(m.get("count") or 1), kind=m.get("kind") or "land"))

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
    scene.discards = [card_face(c) for c in cards.get("discards") or []]
    scene.player1 = view.get("player1") or ""
    for side, uses in (view.get("border_use") or {}).items():
        if side in SIDES and isinstance(uses, dict):
            scene.border_use[side] = {k: int(v) for k, v in uses.items() if v}

    if battle:
        scene.battle = _battle(battle)
    result = view.get("result")
    if isinstance(result, dict):
        winners = [SIDE_NAME.get(w, w) for w in result.get("winners") or []]
        scene.result = (" and ".join(winners) + " win" + ("s" if len(winners) == 1 else "")) if winners else "Draw"
        scene.result_reason = result.get("reason") or ""
    return scene


def _battle(raw: dict[str, Any]) -> Battle:
    b = Battle(area=raw.get("area", ""), round=raw.get("round"), log=[str(x) for x in raw.get("lines") or []])
    stage = raw.get("stage") or ""
    b.step = {"treason": "Treachery rolls", "fight": "Fire", "hits": "Taking hits",
              "regroup": "Regroup"}.get(stage, stage.replace("_", " ").capitalize())
    if raw.get("pending_hits"):
        b.step += f" · {raw['pending_hits']} hit(s) to take"
    if raw.get("winner"):
        b.step = f"{SIDE_NAME.get(raw['winner'], raw['winner'])} won"
    for side in SIDES:
        bs = BattleSide(side, role="attacker" if raw.get("attacker") == side else
                        "defender" if raw.get("defender") == side else "")
        for e in (raw.get("blocks") or {}).get(side, []):
            face = _face(e)
            if isinstance(e, dict):
                face.hits = int(e.get("hits_taken") or 0)
                face.acted = bool(e.get("acted"))
            if isinstance(e, dict) and e.get("reserve"):
                bs.reserves.append(face)
            else:
                bs.blocks.append(face)
        b.sides[side] = bs
    return b
