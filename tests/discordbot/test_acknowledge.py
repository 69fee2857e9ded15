"""Every command of the tree, run as the wrong user, too early, and properly: each is acknowledged before
any service (SQLite) or rendering work starts, and answered exactly once."""

from __future__ import annotations

from discord import app_commands

from tests.discordbot.fakes import click
from tests.discordbot.test_game import choices_for

SAMPLE = {
    "game new": {"game": "duel", "role": "red"},
    "game swap": {"role": "blue"},
    "game autopass": {"on": False},
    "order": {"order": "Bid 2"},
    "vacation": {"days": 0},
    "admin replace-seat": {"role": "blue"},
    "admin extend-deadline": {"hours": 2},
}


def _leaves(tree):
    for cmd in tree.get_commands():
        if isinstance(cmd, app_commands.Group):
            for sub in cmd.commands:
                yield f"{cmd.name} {sub.name}"
        else:
            yield cmd.name


def test_every_command_acknowledges_first_and_answers_once(table):
    t = table
    calls: list[str] = []
    real_call = t.layer.call

    async def checked(fn, *args, **kwargs):
        current = t.client.interactions[-1]
        if current.type != "autocomplete":
            assert current.response.is_done(), f"{getattr(fn, '__name__', fn)} before acknowledging"
        calls.append(getattr(fn, "__name__", str(fn)))
        return await real_call(fn, *args, **kwargs)

    t.layer.call = checked
    paths = sorted(_leaves(t.tree))
    assert len(paths) >= 25

    def run_all(who, channel="default"):
        for path in paths:
            if path == "game new":
                continue  # run on its own below
            params = dict(SAMPLE.get(path, {}))
            if path == "admin replace-seat":
                params["user"] = t.carol
            t.cmd(path, who, channel=channel, **params)

    run_all(t.bob, channel=t.client.add_channel("empty"))  # no game anywhere: refusals
    t.cmd("game new", t.alice, game="duel", role="red")
    run_all(t.bob)                      # a game that has not started, bob not the game master
    assert t.service.status(1).status == "open"
    t.cmd("game join", t.bob)
    t.cmd("game start", t.alice)
    # components: a choice, the same choice again (now stale), someone else's menu
    red = choices_for(t.client.recorder.to_user(t.alice.id), "red")
    t.run(click(t.client, t.alice, red, r"^hd:s:1:", value="0"))
    t.run(click(t.client, t.alice, red, r"^hd:s:1:", value="0"))
    t.run(click(t.client, t.bob, red, r"^hd:s:1:", value="0"))
    run_all(t.alice)                    # the game master, during play (ends with admin abort)
    assert "submit" in calls and "status" in calls
    assert t.client.all_answered_once() == []
