"""A whole Richard III game played by deadline defaults (nobody ever moves; every deadline passes under
the "default" policy, under a frozen clock): no message to the channel and no public log line may carry
a secret of either side, as the engine defines them (ENGINE.secrets: hidden block ids and cards in
hand), nor the display name of such a block or of such an event card. The service's own deadline notes
used to name the action taken ("'Play Plague (AP 0)' is played for them", "X loses a step")."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from rules.richard3 import ENGINE as RICHARD3

from bot.config import Config, DeadlineSettings
from bot.service import TableService


class Recording:
    """The engine, remembering the position before and after the latest action (for the check)."""

    def __init__(self, engine):
        self._engine = engine
        self.before = self.after = None

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def apply(self, state, role, action):
        outcome = self._engine.apply(state, role, action)
        self.before, self.after = state, outcome.state
        return outcome


def _names(token: str) -> set[str]:
    """How a secret id reads in a sentence: a block's display name, an event card's name."""
    from rules.richard3.data import CARDS, DISPLAY
    if token in DISPLAY:
        return {DISPLAY[token]}
    card = CARDS.get(token)
    if card and card.get("event"):        # "Action 4" names several cards: only the events are unique
        return {card["name"]}
    return set()


def _secret_words(engine, before, after) -> dict[str, str]:
    """word -> whose secret, for the position after an action: each role's secrets now, and those it
    had just before that the action did not make public (a card played face down leaves the hand but
    stays secret; a block entering a battle is revealed)."""
    public = json.dumps(engine.view(after, None)) if after is not None else ""
    words: dict[str, str] = {}
    for role in ("york", "lancaster"):
        tokens = set(engine.secrets(after, role)) if after is not None else set()
        if before is not None:
            tokens |= {t for t in engine.secrets(before, role) if json.dumps(t) not in public}
        for token in tokens:
            for word in {token} | _names(token):
                if word not in public:     # a name the public view shows (a known heir) is no secret
                    words[word] = role
    return words


@pytest.mark.parametrize("seed", [3, 11])
def test_a_game_played_by_deadline_defaults_leaks_no_secret_in_public(tmp_path, frozen, seed):
    engine = Recording(RICHARD3)
    settings = DeadlineSettings().merged({"turn": "1d", "secret": "1d", "reaction": "1d", "policy": "default",
                                          "reaction_policy": "default"})
    svc = TableService(str(tmp_path / "secrets.db"), Config(deadlines=settings), engines={"richard3": engine})
    leaks: list[str] = []
    checked = {"messages": 0, "log": 0}
    last_log = [0]
    add = svc.outbox.add

    def check(text: str, where: str) -> None:
        for word, owner in _secret_words(engine, engine.before, engine.after).items():
            if word in text:
                leaks.append(f"{owner}'s secret {word!r} in {where}: {text!r}")

    def checked_add(**message):
        if message.get("channel") is not None:
            check(message["text"], "a channel message")
            checked["messages"] += 1
        for (row_id, text) in svc.db.execute("SELECT id, text FROM log WHERE audience IS NULL AND id > ? "
                                             "ORDER BY id", [last_log[0]]).fetchall():
            check(text, "a public log line")
            last_log[0] = row_id
            checked["log"] += 1
        return add(**message)
    svc.outbox.add = checked_add

    game = svc.create_game("richard3", channel="chan", creator_id="alice", scenario="1460").game_id
    svc.join(game, "alice", seat="york")
    svc.join(game, "bob", seat="lancaster")
    svc.start(game, "alice", seed=seed)
    defaulted = 0
    for _ in range(3000):
        if svc.status(game).status != "active":
            break
        frozen.tick(timedelta(days=1, seconds=1))
        defaulted += svc.tick().defaulted
    status = svc.status(game)
    assert status.status == "finished", status.turn_label
    assert defaulted > 50 and checked["messages"] > 50 and checked["log"] > 50
    assert not leaks, "\n".join(leaks[:10])
    # and what was played went, privately, to the player whose deadline passed
    private = [m.text for m in svc.outbox.pending(100_000) if m.kind == "private_log" and m.target == "alice"]
    assert any("was played for you" in t and "Play " in t for t in private)
    assert svc.replay(game).ok
    svc.close()
