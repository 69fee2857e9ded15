"""Positions stored before the game ran on core procedures directly: their flow stack is rebuilt on load.

The old stack ran lists of frames through a ``sequence`` procedure (``{"frames": [...], "i": next}``), each
frame ``{"task": name, ...}`` or ``{"kind": name, "roles": [...], ...}``, above one-step tasks whose work was
done. Every task and decision kept its name and its data here, so the frames still to run become core frames
of the same names (the next one on top), and a task below them ends when they do."""

from __future__ import annotations

from .procedures import FLOW

OLD_SEQUENCE = "sequence"


def is_old(stack) -> bool:
    for frame in stack or ():   # a plain loop: asked before every decision is read
        if frame["name"] == OLD_SEQUENCE:
            return True
    return False


def _fresh(frame: dict) -> dict:
    local = dict(frame)
    name = local.pop("task") if "task" in local else local["kind"]
    return {"name": name, "at": 0, "local": local, "ret": None}


def rebuild(stack: list[dict]) -> list[dict]:
    """The core stack that plays on exactly as the old ``stack`` would."""
    out = []
    for frame in stack:
        if frame["name"] == OLD_SEQUENCE:
            rest = frame["local"]["frames"][frame["local"].get("i", 0):]
            out += [_fresh(f) for f in reversed(rest)]
        elif frame["name"] in FLOW.procedures:       # a one-step task, done: it ends when its callees do
            out.append({**frame, "at": len(FLOW.procedures[frame["name"]])})
        else:
            out.append(frame)
    return out
