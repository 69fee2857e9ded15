"""Issue 33, item 2: standing answers from Discord (/standing): listed, set, used in the next window,
and a bad one refused with the list, changing nothing."""

from tests.discordbot.conftest import make_table
from tests.support.harbours import ENGINE as HARBOURS


def test_game_standing_lists_sets_refuses_and_the_answer_is_used(tmp_path, frozen):
    t = make_table(tmp_path, engines={"harbours": HARBOURS})
    try:
        t.cmd("game new", t.alice, game="harbours", players=2)
        t.cmd("game join", t.alice)                     # North and South
        t.cmd("game join", t.bob)                       # East and West
        t.cmd("game start", t.alice)
        listed = t.cmd("standing", t.bob, answer=None, on=False)
        assert "never-ambush: Never ambush" in listed.recorded[-1].content
        assert listed.recorded[-1].where == "ephemeral"
        bad = t.cmd("standing", t.bob, answer="pass-all", on=True)
        assert "No standing answer 'pass-all'" in bad.recorded[-1].content and "never-ambush" in bad.recorded[-1].content
        assert not any(on for _, _, on in t.service.standing(1, str(t.bob.id)))
        done = t.cmd("standing", t.bob, answer="never-ambush", on=True)
        assert "Never ambush (pass every raid window): on" in done.recorded[-1].content
        assert t.service.standing(1, str(t.bob.id))[0][2] is True
        # used: bids all round, then a raid by one of alice's harbours; bob's harbours are never asked
        while t.service.status(1).waiting and t.service.status(1).waiting[0].kind == "secret":
            for w in t.service.status(1).waiting:
                if not w.committed:
                    rc = next(rc for rc in t.service.choices(1, w.user_id) if rc.role == w.role)
                    t.service.submit(1, w.user_id, rc.actions[0].id, role=w.role)
        status = t.service.status(1)
        assert status.waiting, (status.status, status.turn_label)
        mover = status.waiting[0]
        t.service.set_standing(1, str(t.alice.id), "never-ambush", True)      # (the deal is not seeded)
        rc = next(rc for rc in t.service.choices(1, mover.user_id) if rc.role == mover.role)
        raid = next(a.id for a in rc.actions if a.id.startswith("raid:"))
        t.service.submit(1, mover.user_id, raid, role=mover.role)
        assert not [w for w in t.service.status(1).waiting if w.kind == "reaction"]     # nobody asked
        users = [r[0] for r in t.service.db.execute("SELECT user_id FROM actions")]
        assert users.count("system:standing") == 3                  # the three other harbours passed
    finally:
        t.service.close()


def test_game_standing_takes_conditions_lists_them_and_refuses_a_bad_one(tmp_path, frozen):
    t = make_table(tmp_path, engines={"harbours": HARBOURS})
    try:
        t.cmd("game new", t.alice, game="harbours", players=2)
        t.cmd("game join", t.alice)
        t.cmd("game join", t.bob)
        t.cmd("game start", t.alice)
        listed = t.cmd("standing", t.bob, answer=None, on=False)
        assert "never-ambush: Never ambush (pass every raid window) (unless: ambush)" in listed.recorded[-1].content
        bad = t.cmd("standing", t.bob, answer="never-ambush", on=True, unless="shields")
        assert "'shields' is no condition of 'never-ambush'" in bad.recorded[-1].content
        assert not any(on for _, _, on in t.service.standing(1, str(t.bob.id)))
        done = t.cmd("standing", t.bob, answer="never-ambush", on=True, unless="ambush")
        assert "unless you hold an Ambush card: on" in done.recorded[-1].content
        assert t.service.standing(1, str(t.bob.id))[0][1].endswith("unless you hold an Ambush card")
    finally:
        t.service.close()
