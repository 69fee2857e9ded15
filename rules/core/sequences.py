"""Forced sequences in one go (issue 33): a run of one role's questions that nobody else sees (placing
IP markers one by one, picking up blocks before a march) answered in one message.

A decision says it belongs to such a run with :meth:`~rules.core.flow.Decision.in_sequence`, and may give
a sensible default for each step (:meth:`~rules.core.flow.Decision.sequence_default`: "take all", "losses
by the book"). A batch of answers is checked here, step by step, before anything is played: each answer
must be legal when its turn comes, and every answer but the last must leave the same role alone asked,
at a question of the run, with nothing revealed or rolled (so no other player could have had a say, and
nobody's secret decided the rest). The table then plays the answers one by one: the log and undo still
see each action.
"""

from __future__ import annotations

from .contract import Action, Engine, IllegalAction, State

#: the most answers one message may carry
MOST = 30


class BadSequence(IllegalAction):
    """A batch of answers that cannot be played in one go; says which answer and why."""


def continues(engine: Engine, state: State, role: str) -> bool:
    """Whether ``role`` alone is asked now, at a question of a run it may answer in one go."""
    return engine.active_roles(state) == [role] and engine.in_sequence(state, role)


def check(engine: Engine, state: State, role: str, answers: list[str]) -> list[Action]:
    """The actions ``answers`` (ids) name, each legal in turn for ``role`` from ``state``; raises
    :class:`BadSequence` (naming the answer, counted from 1) when they cannot all be played in one go."""
    if not answers:
        raise BadSequence("Give at least one answer.")
    if len(answers) > MOST:
        raise BadSequence(f"At most {MOST} answers fit in one order.")
    played: list[Action] = []
    for n, answer in enumerate(answers, 1):
        if n > 1 and not continues(engine, state, role):
            raise BadSequence(f"Answer {n} ('{answer}') comes after the run of your own questions has ended "
                              f"(answer {n - 1} hands the game on): send it on its own once you are asked.")
        action = next((a for a in engine.legal_actions(state, role) if a.id == answer), None)
        if action is None:
            raise BadSequence(f"Answer {n} ('{answer}') is not a legal choice at that point.")
        outcome = engine.apply(state, role, answer)
        if n < len(answers) and outcome.irreversible:
            raise BadSequence(f"Answer {n} ('{answer}') reveals or rolls something: the answers after it "
                              "must wait until you have seen what it brought.")
        state = outcome.state
        played.append(action)
    return played


def defaults(engine: Engine, state: State, role: str) -> list[Action]:
    """The run's sensible defaults from here (each step's ``sequence_default``), as far as they go; empty
    when the pending question is not part of a run or has no default."""
    if not continues(engine, state, role):
        return []
    chosen: list[Action] = []
    while len(chosen) < MOST and continues(engine, state, role):
        answer = engine.sequence_default(state, role)
        action = next((a for a in engine.legal_actions(state, role) if a.id == answer), None) if answer else None
        if action is None:
            break
        outcome = engine.apply(state, role, answer)
        chosen.append(action)
        if outcome.irreversible:
            break
        state = outcome.state
    return chosen
