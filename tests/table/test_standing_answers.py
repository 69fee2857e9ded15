"""Issue 33, item 2: standing answers, kept per player and per game, set from the service, the console,
mail and Discord (tests/discordbot/test_standing.py, tests/mail/test_standing.py), used whatever the
player holds; a bad value gets a clear refusal and changes nothing."""

import pytest

from bot.table.records import BadOption
from tests.table.conftest import bid_all, harbours_game, holder


def _raid_with_a_holder_of_ambush(service, game):
    """The mover, its target, and a third harbour holding an Ambush card (or None)."""
    mover = service.status(game).waiting[0].role
    state = service._state(service._game(game))
    others = [r for r in ("north", "east", "south", "west") if r != mover]
    armed = next((r for r in others[1:] if any(c.startswith("ambush") for c in state["zones"][f"hand:{r}"])), None)
    return mover, others[0], armed


def test_a_standing_pass_answers_the_window_even_for_a_harbour_holding_an_ambush(service):
    for seed in range(1, 20):
        game = harbours_game(service, seed=seed)
        bid_all(service, game)
        mover, target, armed = _raid_with_a_holder_of_ambush(service, game)
        if armed:
            break
    assert armed, "no seed dealt an Ambush to a third harbour"
    player = holder(service, game, armed)
    assert ("never-ambush", "Never ambush (pass every raid window)", False) in service.standing(game, player)
    assert service.set_standing(game, player, "never-ambush", True).startswith("Never ambush")
    assert service.standing(game, player)[0][2] is True
    service.submit(game, holder(service, game, mover), f"raid:{target}")
    # answered for, although it could ambush (the status names the window whole, not who has answered)
    users = [r[0] for r in service.db.execute("SELECT user_id FROM actions WHERE role = ? ORDER BY id", [armed])]
    assert users[-1] == "system:standing"
    # another game of the same player is untouched: standing answers are per game
    other = harbours_game(service, seed=seed)
    assert not any(on for _, _, on in service.standing(other, player))


def test_a_bad_standing_answer_is_refused_by_name_and_changes_nothing(service):
    game = harbours_game(service)
    before = list(service.db.execute("SELECT * FROM preferences"))
    with pytest.raises(BadOption, match="No standing answer 'pass-all'.*never-ambush"):
        service.set_standing(game, "ann", "pass-all", True)
    assert list(service.db.execute("SELECT * FROM preferences")) == before


def test_the_console_lists_sets_and_refuses_standing_answers(service, tmp_path):
    from bot.console import Console

    game = harbours_game(service)
    said: list[str] = []
    console = Console(service, str(tmp_path / "out"), said.append)
    for line in ("as ann", f"use {game}", "standing"):
        console.execute(line)
    assert any("[ ] never-ambush: Never ambush" in line for line in said), said[-5:]
    console.execute("standing never-ambush on")
    assert service.standing(game, "ann")[0][2] is True
    assert "Never ambush (pass every raid window): on." in said[-1]
    said.clear()
    console.execute("standing never-ambush maybe")
    console.execute("standing everything on")
    assert any("Usage: standing" in line for line in said)
    assert any("No standing answer 'everything'" in line for line in said)
    assert service.standing(game, "ann")[0][2] is True                   # the refusals changed nothing


def test_a_conditional_standing_answer_asks_the_player_when_its_condition_holds(service):
    """Issue 33: "never ambush unless I hold an Ambush card" — the harbour holding one is asked, the others
    are answered for (the player's own opt-in, like auto-pass)."""
    for seed in range(1, 20):
        game = harbours_game(service, seed=seed)
        bid_all(service, game)
        mover, target, armed = _raid_with_a_holder_of_ambush(service, game)
        if armed:
            break
    assert armed, "no seed dealt an Ambush to a third harbour"
    state = service._state(service._game(game))
    unarmed = [r for r in ("north", "east", "south", "west") if r not in (mover, armed)
               and not any(c.startswith("ambush") for c in state["zones"][f"hand:{r}"])]
    assert unarmed
    for role in (armed, *unarmed):
        label = service.set_standing(game, holder(service, game, role), "never-ambush", True, ["ambush"])
        assert label == "Never ambush (pass every raid window), unless you hold an Ambush card"
    assert service.standing(game, holder(service, game, armed))[0][1].endswith("unless you hold an Ambush card")
    service.submit(game, holder(service, game, mover), f"raid:{target}")
    answered = {r[0] for r in service.db.execute("SELECT role FROM actions WHERE user_id = 'system:standing'")}
    assert answered == set(unarmed)                                     # the armed harbour is asked
    # the status names every harbour of the window, not who is still thinking (issue 33)
    window = [w.role for w in service.status(game).waiting]
    assert armed in window and set(unarmed) <= set(window)
    assert all(w.kind == "reaction" and not w.committed for w in service.status(game).waiting)
    lines = [r[0] for r in service.db.execute("SELECT text FROM log WHERE audience IS NULL")]
    assert not any("has chosen" in line for line in lines[-3:])


def test_a_bad_condition_is_refused_with_the_known_ones_and_changes_nothing(service):
    game = harbours_game(service)
    before = list(service.db.execute("SELECT * FROM preferences"))
    with pytest.raises(BadOption, match="'shield' is no condition of 'never-ambush'.*ambush .you hold an Ambush"):
        service.set_standing(game, "ann", "never-ambush", True, ["shield"])
    assert list(service.db.execute("SELECT * FROM preferences")) == before
    assert service.standing_conditions(game, "never-ambush") == [("ambush", "you hold an Ambush card")]


def test_the_console_sets_a_conditional_standing_answer_and_lists_conditions(service, tmp_path):
    from bot.console import Console

    game = harbours_game(service)
    said: list[str] = []
    console = Console(service, str(tmp_path / "out"), said.append)
    for line in ("as ann", f"use {game}", "standing never-ambush"):
        console.execute(line)
    assert any("ambush: you hold an Ambush card" in line for line in said), said[-3:]
    console.execute("standing never-ambush on unless ambush")
    assert "unless you hold an Ambush card: on." in said[-1]
    console.execute("standing never-ambush on unless nothing")
    assert "'nothing' is no condition" in said[-1]
    assert service.standing(game, "ann")[0][1].endswith("unless you hold an Ambush card")
