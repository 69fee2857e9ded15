"""A whole game played through the table service: a seeded random game of the engine alone, whose orders
the seated players then give one by one (so the service stores every turn's snapshot and log, as in play)."""

from __future__ import annotations

import random

from rules.core import SetupArgs


def play_whole_game(service, game: str, scenario: str, seed: int, players: tuple[str, ...] = ("alice", "bob"),
                    channel: str = "chan", guild: str | None = None, max_actions: int = 20_000) -> int:
    """Open ``game`` in ``channel``, seat ``players`` (the first is its game master), start it with ``seed``
    and play a random game to its end; returns the game's id."""
    engine = service.engine(game)
    status = service.create_game(game, channel=channel, creator_id=players[0], creator_name=players[0].title(),
                                 scenario=scenario, players=len(players), guild=guild)
    for player in players:
        service.join(status.game_id, player, player.title())
    service.start(status.game_id, players[0], seed=seed)
    seats = engine.seatings(scenario, len(players))
    holder = {role: players[i] for i, seat in enumerate(seats) for role in seat}
    state = engine.setup(SetupArgs(scenario, tuple(seats), seed, {}))
    chooser = random.Random(seed)
    for _ in range(max_actions):
        if engine.result(state) is not None:
            return status.game_id
        role = chooser.choice(engine.active_roles(state))
        action = chooser.choice(engine.legal_actions(state, role)).id
        service.submit(status.game_id, holder[role], action, role=role)
        state = engine.apply(state, role, action).state
    raise RuntimeError(f"{game} seed {seed}: no result after {max_actions} actions")
