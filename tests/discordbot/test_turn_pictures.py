"""The "your move" DM carries two pictures: the player's private map and their hand picture (cards and
every own block named at a size a phone reads), both drawn from that player's own view; a battle prompt
also carries the battle picture, and so does the channel's post naming the player waited for."""

from __future__ import annotations

import pytest

import rules.richard3 as richard3
from tests.discordbot.conftest import make_table


@pytest.mark.parametrize("seed", [1483, 5])   # 5 opens with Lancaster's "redeal or keep?" prompt alone
def test_your_move_dm_carries_the_private_map_and_the_hand_picture(tmp_path, frozen, monkeypatch, seed):
    import bot.service
    monkeypatch.setattr(bot.service, "new_seed", lambda: seed)
    t = make_table(tmp_path, engines={"richard3": richard3.ENGINE})
    t.start_game("richard3", "york")
    t.deliver()
    turn_dms = [s for s in t.client.recorder.sent if s.where == "dm" and "Your move" in (s.content or "")]
    assert turn_dms
    roles = {t.alice.id: "york", t.bob.id: "lancaster"}
    for dm in turn_dms:
        assert [f.filename for f in dm.files] == ["my-map.png", "my-hand.png"]
        hand = t.service.picture(1, str(dm.target), "hand", roles[dm.target])
        assert dm.files[1].fp.getvalue() == hand
    t.service.close()



def _play_until_a_battle(t, rng) -> None:
    """Random legal orders through the service until a battle is being fought. Only the messages of the
    order that began the battle stay queued (this test looks at those)."""
    users = {"york": str(t.alice.id), "lancaster": str(t.bob.id)}
    for _ in range(600):
        if t.service.view(1, None).get("battle"):
            return
        for m in t.service.outbox.pending(limit=1000):
            t.service.outbox.mark_delivered(m.id, "skipped")
        role = rng.choice([w.role for w in t.service.status(1).waiting])
        choices = [rc for rc in t.service.choices(1, users[role]) if rc.role == role]
        t.service.submit(1, users[role], rng.choice(choices[0].actions).id, role=role)
    raise AssertionError("no battle came up")


def test_a_battle_prompt_and_the_channels_battle_post_attach_the_battle_picture(tmp_path, frozen):
    """The order that begins a battle: the player who must act in it gets the battle picture first, then
    their map and hand; the channel's post naming them attaches the public battle picture."""
    import random
    t = make_table(tmp_path, engines={"richard3": richard3.ENGINE})
    t.start_game("richard3", "york")
    _play_until_a_battle(t, random.Random(7))
    sent_before = len(t.client.recorder.sent)
    t.deliver()
    now = t.service.status(1).waiting[0].role
    addressee = {"york": t.alice, "lancaster": t.bob}[now]
    sent = t.client.recorder.sent[sent_before:]
    prompts = [s for s in sent if s.where == "dm" and s.target == addressee.id and "Your move" in (s.content or "")]
    assert len(prompts) == 1, "the battle prompt was not sent"
    assert [f.filename for f in prompts[0].files] == ["battle.png", "my-map.png", "my-hand.png"]
    assert prompts[0].files[0].fp.getvalue() == t.service.picture(1, str(addressee.id), "battle", now)
    posts = [s for s in sent if s.where == "channel" and f"<@{addressee.id}>" in (s.content or "")]
    assert len(posts) == 1, "the channel did not name the player waited for"
    assert "battle.png" in [f.filename for f in posts[0].files]
    battle = next(f for f in posts[0].files if f.filename == "battle.png")
    assert battle.fp.getvalue() == t.service.picture(1, None, "battle")
    t.service.close()


def test_no_battle_picture_outside_a_battle(tmp_path, frozen):
    t = make_table(tmp_path, engines={"richard3": richard3.ENGINE})
    t.start_game("richard3", "york")
    t.deliver()
    assert all(f.filename != "battle.png" for s in t.client.recorder.sent for f in s.files)
    t.service.close()
