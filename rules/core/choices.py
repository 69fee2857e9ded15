"""Simultaneous secret choices and reaction windows, as two kinds of :class:`~rules.core.flow.Decision`.

**Secret choice.** Every role in ``local["roles"]`` picks privately (``count`` picks each, e.g. three
face-down placements). Nothing is revealed until the last role completes its choice; with
``may_change`` a role that has committed stays active (``Prompt.committed``) and may take its choice back
until then. The reveal logs every choice publicly, marks the action irreversible and ends the frame,
returning ``{role: action id}`` (``{role: [ids]}`` when ``count`` > 1) to the caller.

**Reaction window.** A secret choice whose first option is always "pass", offered to every role asked at
once. The answers are revealed together, then ``resolve`` runs for each response in the order of
``local["roles"]`` (the rule order: impulse order, turn order); ``resolve`` may call procedures, which can
open further windows, so windows nest as deep as a move needs. The window returns the list of
``[role, action id]`` responses.

*Secrecy of windows.* A window must be offered to a set of roles fixed by public facts only; by default
it asks every role still in the game except ``local["exclude"]`` (the mover). A role holding nothing
playable is asked all the same and can only pass, so being asked, waiting on others and the reveal tell
nobody who could have responded. (The table service's "auto-pass when I hold nothing playable" is the
player's own opt-in and lives outside the engine.) Only a role that public facts show cannot respond
(``could_answer``) is left out, and a window nobody could answer is not opened.
"""

from __future__ import annotations

from typing import Any, Iterable

from .contract import Action, Prompt
from .flow import Decision, Game

PASS = Action("pass", "Pass")
CHANGE = "change"


class SecretChoice(Decision):
    """Subclasses give ``options`` (and ``text``); the frame's ``local`` keeps ``roles``, ``picks`` (per
    role, hidden until the reveal) and ``done`` (who has committed, public)."""

    kind = "secret"
    count = 1
    may_change = True
    #: whether the others are told that a role has made its choice
    tells_who_chose = True
    text = "Make your secret choice."

    def options(self, g: Game, role: str, picks: list[str]) -> Iterable[Action]:
        raise NotImplementedError

    def complete(self, g: Game, role: str, picks: list[str]) -> bool:
        return len(picks) >= self.count

    def label(self, g: Game, role: str, pick: str) -> str:
        """How a pick reads in the reveal (by default its action id)."""
        return pick

    def other_option(self, g: Game, role: str, picks: list[str]) -> str | None:
        """The first option (as ``options`` lists them after ``picks[:-1]``) other than the last pick, or
        None: the hidden change of an unrevealed pick (:meth:`rules.core.flow.FlowEngine.hidden_changes`)."""
        return next((o.id for o in self.options(g, role, picks[:-1]) if o.id != picks[-1]), None)

    # ---- the Decision hooks ---------------------------------------------------------------------
    def asked(self, g: Game) -> list[str]:
        """The roles asked, in rule order: ``local["roles"]``, else every role but ``local["exclude"]``."""
        if "roles" not in g.local:
            exclude = g.local.get("exclude", ())
            return [r for r in g.roles if r not in exclude]
        return [r for r in g.local["roles"] if r not in g.state.get("left", ())]

    def active(self, g: Game) -> list[str]:
        if g.local.get("revealed"):
            return []
        done = g.local.get("done", [])
        return [r for r in self.asked(g) if r not in done or self.may_change]

    def prompt(self, g: Game, role: str) -> Prompt:
        committed = role in g.local.get("done", [])
        text = "Your choice is made; you may change it until everyone has chosen." if committed else self.text
        return Prompt(text, self.kind, committed)

    def actions(self, g: Game, role: str) -> list[Action]:
        picks = g.local.get("picks", {}).get(role, [])
        if role in g.local.get("done", []):
            return [Action(CHANGE, "Change my choice")]
        chosen = list(self.options(g, role, picks))
        if picks:
            chosen.append(Action(CHANGE, "Start my choice again"))
        return chosen

    def apply(self, g: Game, role: str, action: Action) -> None:
        picks = g.local.setdefault("picks", {}).setdefault(role, [])
        done = g.local.setdefault("done", [])
        if action.id == CHANGE:
            picks.clear()
            if role in done:
                done.remove(role)
                g.log(f"{g.engine.role_name(role)} takes back their choice.", kind="secret")
            return
        picks.append(action.id)
        g.log(f"You chose: {action.label}.", to=[role], kind="secret")
        if not self.complete(g, role, picks):
            return
        done.append(role)
        if self.tells_who_chose:
            g.log(f"{g.engine.role_name(role)} has chosen.", kind="secret")
        if all(r in done for r in self.asked(g)):
            self.reveal(g)

    def proceed(self, g: Game) -> None:
        if not g.local.get("revealed"):  # every role still asked has made its choice (others left)
            self.reveal(g)
        else:
            self.after_reveal(g)

    def reveal(self, g: Game) -> None:
        g.local["revealed"] = True
        picks = g.local.get("picks", {})
        chosen = {r: picks.get(r, []) for r in self.asked(g)}
        g.local["choices"] = {r: (p[0] if p else None) if self.count == 1 else p for r, p in chosen.items()}
        if not chosen:   # nobody was asked: nothing hidden to reveal
            return
        g.reveal()
        labels = {r: [self.label(g, r, p) for p in ps] for r, ps in chosen.items()}
        shown = "; ".join(f"{g.engine.role_name(r)}: {', '.join(ls) or 'nothing'}" for r, ls in labels.items())
        # the entry's data is what its text shows: a window shows "responds", not which response
        g.log(f"Revealed — {shown}.", kind="reveal", data={"shown": labels})

    def after_reveal(self, g: Game) -> None:
        g.end(g.local["choices"])

    def default(self, g: Game, role: str) -> str | None:
        legal = self.actions(g, role)
        return legal[0].id if legal and legal[0].id != CHANGE else None


class ReactionWindow(SecretChoice):
    """Subclasses give ``responses`` (the role's options besides passing) and ``resolve``."""

    kind = "reaction"
    may_change = False
    text = "You may respond, or pass."
    #: who has answered a window is not told (issue 33): a quick pass would say "nothing to play"; the
    #: table names the window's roles (:meth:`rules.core.flow.FlowEngine.window_roles`), not who still thinks
    tells_who_chose = False

    def responses(self, g: Game, role: str) -> Iterable[Action]:
        raise NotImplementedError

    def could_answer(self, g: Game, role: str) -> bool:
        """Whether ``role`` could answer anything but "pass" here, judged from public information only
        (issue 33): a role that could not is not asked, and a window nobody could answer is not opened at
        all. By default every role could (its hand is hidden); a window whose responses follow from public
        facts (blocks next to a shire) says so. The secrecy check requires the roles asked to be the same
        in every hidden variant."""
        return True

    def asked(self, g: Game) -> list[str]:
        return [r for r in super().asked(g) if self.could_answer(g, r)]

    def resolve(self, g: Game, role: str, response: str) -> None:
        """Carry out one response; it may ``g.call`` a procedure (which may open another window)."""
        raise NotImplementedError

    def options(self, g: Game, role: str, picks: list[str]) -> list[Action]:
        return [PASS, *self.responses(g, role)]

    def label(self, g: Game, role: str, pick: str) -> str:
        return "pass" if pick == PASS.id else "responds"

    def other_option(self, g: Game, role: str, picks: list[str]) -> str | None:
        """Passing, when the last pick was a response and the options are the window's own (pass first):
        the responses, costly to list, need not be."""
        if picks[-1] != PASS.id and type(self).options is ReactionWindow.options:
            return PASS.id
        return super().other_option(g, role, picks)

    def protects_secret(self, g: Game, role: str) -> bool:
        """Whether a role holds a response is hidden as a rule, so a role that can only pass is asked all
        the same; a window whose responses are known from public facts overrides this (issue 33)."""
        return True

    def reveal(self, g: Game) -> None:
        super().reveal(g)
        g.local["queue"] = [[r, c] for r, c in g.local["choices"].items() if c not in (None, PASS.id)]
        g.local["answers"] = list(g.local["queue"])

    def after_reveal(self, g: Game) -> None:
        """Resolve the next response in rule order; end with every response once all are done."""
        queue: list[Any] = g.local["queue"]
        if not queue:
            g.end(g.local["answers"])
            return
        role, response = queue.pop(0)
        self.resolve(g, role, response)

    def default(self, g: Game, role: str) -> str | None:
        return PASS.id if role not in g.local.get("done", []) else None


class Proposal(SecretChoice):
    """A binding deal put to the roles asked (Here I Stand's diplomacy): each accepts or refuses, the
    answers are shown together, and the frame returns ``{role: "accept" | "refuse"}``. The caller, which
    built the deal as typed data in ``local``, carries it out if everyone it needs accepted."""

    kind = "negotiation"
    may_change = False
    text = "Accept or refuse the proposed deal."

    def options(self, g: Game, role: str, picks: list[str]) -> list[Action]:
        return [Action("accept", "Accept"), Action("refuse", "Refuse")]
