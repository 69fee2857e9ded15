"""Undo per role (issue 11 item 1): a player takes back their own last action by replaying the log
without it. Later actions of other roles (their secret picks, automatic passes) stay when they are still
legal in the replayed position; an automatic action of the service (an auto-pass, a deadline's default)
that no longer fits is simply dropped, since it answered a question that is no longer asked. The undo is
refused, changing nothing, when the action or anything after it revealed, rolled or shuffled
(``Outcome.irreversible``), or when another player's later action would no longer be legal.

Called by :meth:`bot.service.TableService.undo` inside its write transaction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.core import Engine, RulesError
from rules.core.contract import Outcome

if TYPE_CHECKING:  # pragma: no cover
    from .service import TableService, _Game


@dataclass
class _Row:
    id: int
    pos: int
    role: str
    action: str
    label: str
    irreversible: bool
    user_id: str

    @property
    def automatic(self) -> bool:
        return self.user_id.startswith("system:")


def _rows(service: "TableService", game: "_Game", after: int = 0) -> list[_Row]:
    return [_Row(*r[:5], bool(r[5]), r[6]) for r in service.db.execute(
        "SELECT id, pos, role, action, label, irreversible, user_id FROM actions WHERE game_id = ? AND undone = 0 "
        "AND pos > ? ORDER BY pos", [game.id, after])]


def target_action(service: "TableService", game: "_Game", engine: Engine, held: list[str],
                  role: str | None) -> _Row:
    """The action to take back: the newest live action of ``role`` (default: of any of ``held``)."""
    from .service import CannotUndo

    roles = [role] if role else held
    rows = _rows(service, game)
    if not rows:
        raise CannotUndo("Nothing has been played yet.")
    mine = [r for r in rows if r.role in roles]
    if not mine:
        names = ", ".join(engine.role_name(r) for r in roles)
        raise CannotUndo(f"{names} has nothing to take back in game #{game.id}.")
    last = mine[-1]
    if last.automatic:
        raise CannotUndo(f"The last action of {engine.role_name(last.role)} was taken by Herald (an automatic "
                         "pass or a deadline's default), not by you; it cannot be taken back.")
    return last


def take_back(service: "TableService", game: "_Game", engine: Engine, target: _Row
              ) -> tuple[dict, list[tuple[_Row, Outcome]], list[_Row]]:
    """Replay the live log without ``target``: (new state, later actions kept with their replayed
    outcomes, automatic ones dropped).
    Raises CannotUndo (nothing written) when the undo is not possible."""
    from .service import CannotUndo

    later = _rows(service, game, after=target.pos)
    if target.irreversible:
        raise CannotUndo(f"'{target.label}' cannot be taken back: it rolled dice, shuffled or revealed hidden "
                         "information.")
    if any(r.irreversible for r in later):
        raise CannotUndo(f"'{target.label}' cannot be taken back: since then something was revealed, rolled or "
                         "shuffled.")
    state = service._state_at(game, engine, target.pos - 1)
    kept: list[tuple[_Row, Outcome]] = []
    dropped: list[_Row] = []
    for row in later:
        legal = row.role in engine.active_roles(state) and any(
            a.id == row.action for a in engine.legal_actions(state, row.role))
        if not legal:
            if row.automatic:
                dropped.append(row)
                continue
            raise CannotUndo(f"'{target.label}' cannot be taken back: {engine.role_name(row.role)} has acted since, "
                             "and that action would no longer be possible without yours.")
        try:
            outcome = engine.apply(state, row.role, row.action)
        except RulesError:
            raise CannotUndo(f"'{target.label}' cannot be taken back: a later action no longer replays.") from None
        if outcome.irreversible:
            raise CannotUndo(f"'{target.label}' cannot be taken back: without it, a later action would reveal "
                             "something.")
        state = outcome.state
        kept.append((row, outcome))
    return state, kept, dropped


def rewrite(service: "TableService", game: "_Game", engine: Engine, target: _Row,
            kept: list[tuple[_Row, Outcome]], dropped: list[_Row], now: float) -> None:
    """Store the replayed log: the target and the dropped actions undone, the kept ones renumbered with
    their replayed log lines, snapshots after the target rebuilt from the replay."""
    db = service.db
    for row in [target, *dropped]:
        db.execute("UPDATE actions SET undone = 1 WHERE id = ?", [row.id])
        db.execute("UPDATE log SET undone = 1 WHERE action_row = ?", [row.id])
    db.execute("DELETE FROM snapshots WHERE game_id = ? AND pos >= ?", [game.id, target.pos])
    previous = service._state_at(game, engine, target.pos - 1) if kept else None
    turn_key = engine.summary(previous).turn_key if previous is not None else None
    for pos, (row, outcome) in enumerate(kept, start=target.pos):
        db.execute("UPDATE actions SET pos = ? WHERE id = ?", [pos, row.id])
        # the service's own notes (a deadline passed) stay; the engine's lines are the replay's
        db.execute("UPDATE log SET pos = ? WHERE action_row = ? AND data LIKE '%\"by\":\"herald\"%'", [pos, row.id])
        db.execute("DELETE FROM log WHERE action_row = ? AND (data IS NULL OR data NOT LIKE '%\"by\":\"herald\"%')",
                   [row.id])
        for entry in outcome.log:
            db.execute("INSERT INTO log (game_id, action_row, pos, audience, text, kind, data, at) "
                       "VALUES (?,?,?,?,?,?,?,?)",
                       [game.id, row.id, pos, json.dumps(list(entry.to)) if entry.to is not None else None,
                        entry.text, entry.kind, json.dumps(entry.data) if entry.data else None, now])
        summary = engine.summary(outcome.state)
        if summary.turn_key != turn_key or engine.result(outcome.state) is not None:
            db.execute("INSERT OR REPLACE INTO snapshots (game_id, pos, version, turn_key, turn_label, phase, state, "
                       "at) VALUES (?,?,?,?,?,?,?,?)", [game.id, pos, game.version + 1, summary.turn_key,
                                                         summary.turn_label, summary.phase,
                                                         json.dumps(outcome.state, separators=(",", ":")), now])
        turn_key = summary.turn_key


def public_lines(service: "TableService", row: _Row) -> list[str]:
    """The public log lines of an action (what the others saw of it)."""
    return [r[0] for r in service.db.execute("SELECT text FROM log WHERE action_row = ? AND audience IS NULL "
                                             "ORDER BY id", [row.id])]
