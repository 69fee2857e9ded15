"""Each outbox message reaches Discord exactly once across crashes (issue 12, item 2): the unit of
delivery is the unit of marking, claimed before it is posted, under a nonce derived from exactly the
messages it carries. The fake channel here enforces nonces as Discord does: a second send with a nonce
it has seen returns the first message and posts nothing."""

from __future__ import annotations

from bot.outbox import unit_nonce


def enforce_nonces(target) -> list[str]:
    """Make ``target`` (a fake channel or user) answer a known nonce with the message it already posted;
    returns the list of nonces it was sent."""
    seen: dict[str, object] = {}
    sent_nonces: list[str] = []
    original = target.send

    async def send(content=None, **kwargs):
        nonce = kwargs.get("nonce")
        sent_nonces.append(nonce)
        if nonce is not None and nonce in seen:
            return seen[nonce]
        message = await original(content, **kwargs)
        if nonce is not None:
            seen[nonce] = message
        return message
    target.send = send
    return sent_nonces


def _channel_lines(t) -> list[str]:
    return [line for s in t.client.recorder.public() for line in (s.content or "").split("\n")
            if line and not line.startswith("**Now:**")]


def test_a_crash_between_the_post_and_its_marks_loses_no_later_line_and_repeats_none(table, monkeypatch):
    t = table
    t.start_game()
    t.deliver()
    enforce_nonces(t.channel)
    t.client.recorder.clear()
    game = t.service.games_in_channel(str(t.channel.id))[0].game_id
    t.service.send(game, "first")
    t.service.send(game, "second")

    def crash(*args, **kwargs):
        raise RuntimeError("the process died here")
    outbox = type(t.service.outbox)
    with monkeypatch.context() as m:  # posted, then the marks never happen
        m.setattr(outbox, "mark_delivered", crash)
        if hasattr(outbox, "mark_unit_delivered"):
            m.setattr(outbox, "mark_unit_delivered", crash)
        t.deliver()
    assert _channel_lines(t) == ["first", "second"]
    t.service.send(game, "third")  # queued after the crash, before the retry
    t.deliver()
    t.deliver()
    assert _channel_lines(t) == ["first", "second", "third"]
    assert t.service.outbox.pending(100) == []


def test_the_nonce_is_derived_from_exactly_the_messages_of_the_post(table):
    t = table
    t.start_game()
    t.deliver()
    nonces = enforce_nonces(t.channel)
    game = t.service.games_in_channel(str(t.channel.id))[0].game_id
    ids = [t.service.send(game, "one"), t.service.send(game, "two")]
    t.deliver()
    rows = list(t.service.db.query("SELECT delivery_id, unit, delivered_at FROM outbox WHERE id IN (?, ?) "
                                   "ORDER BY id", ids))
    expected = unit_nonce([r["delivery_id"] for r in rows])
    assert nonces == [expected] and len(expected) <= 25
    assert all(r["unit"] == expected and r["delivered_at"] is not None for r in rows)
    assert unit_nonce([rows[0]["delivery_id"]]) != expected  # the first message alone is another post


def test_a_claimed_unit_is_retried_whole_even_when_the_batch_cuts_it(table):
    t = table
    t.start_game()
    t.deliver()
    enforce_nonces(t.channel)
    t.client.recorder.clear()
    game = t.service.games_in_channel(str(t.channel.id))[0].game_id
    ids = [t.service.send(game, f"line {n}") for n in range(3)]
    t.service.outbox.claim(ids)  # an earlier attempt claimed them, then the process died
    object.__setattr__(t.layer.settings, "delivery_batch", 1)
    t.deliver()
    assert _channel_lines(t) == ["line 0", "line 1", "line 2"]
    assert t.service.outbox.pending(100) == []


def forgetful_channel(t, memory_seconds: float = 300.0) -> None:
    """Discord as it is: it remembers a nonce for a few minutes only; and the channel's history (what the
    bot posted, with its author and time) can be read back."""
    import datetime as dt
    from types import SimpleNamespace

    from bot import clock

    seen: dict[str, tuple[float, object]] = {}
    posted: list[tuple[float, object]] = []
    original = t.channel.send

    async def send(content=None, **kwargs):
        nonce = kwargs.get("nonce")
        now = clock.timestamp()
        if nonce in seen and now - seen[nonce][0] < memory_seconds:
            return seen[nonce][1]
        message = await original(content, **kwargs)
        message.author = t.client.user
        message.content = content
        message.created_at = dt.datetime.fromtimestamp(now, dt.timezone.utc)
        seen[nonce] = (now, message)
        posted.append((now, message))
        return message

    async def history(*, limit=100, after=None, **_):  # oldest first when ``after`` is given, as Discord
        shown = [m for _, m in posted if after is None or m.created_at > after]
        for message in shown if limit is None else shown[:limit]:
            yield message
    t.channel.send = send
    t.channel.posted = posted
    t.channel.history = history
    t.channel.history_reads = SimpleNamespace(count=0)


def test_a_post_in_doubt_is_not_repeated_when_discord_has_forgotten_its_nonce(table, monkeypatch, frozen):
    import datetime as dt

    t = table
    t.start_game()
    t.deliver()
    forgetful_channel(t)
    t.client.recorder.clear()
    game = t.service.games_in_channel(str(t.channel.id))[0].game_id
    t.service.send(game, "posted just before the crash")

    def crash(*args, **kwargs):
        raise RuntimeError("the process died here")
    outbox = type(t.service.outbox)
    with monkeypatch.context() as m:
        m.setattr(outbox, "mark_delivered", crash)
        if hasattr(outbox, "mark_unit_delivered"):
            m.setattr(outbox, "mark_unit_delivered", crash)
        t.deliver()
    frozen.tick(dt.timedelta(hours=3))  # the bot comes back after an outage: Discord forgot the nonce
    t.service.send(game, "after the outage")
    t.deliver()
    assert _channel_lines(t) == ["posted just before the crash", "after the outage"]
    assert t.service.outbox.pending(100) == []


def _crash_after_posting(t, monkeypatch, text: str) -> None:
    """Queue ``text``, post it, and die before its delivery is recorded."""
    game = t.service.games_in_channel(str(t.channel.id))[0].game_id
    t.service.send(game, text)

    def crash(*args, **kwargs):
        raise RuntimeError("the process died here")
    with monkeypatch.context() as m:
        m.setattr(type(t.service.outbox), "mark_unit_delivered", crash)
        t.deliver()


def _busy(t, count: int) -> None:
    """``count`` posts of Herald's in the channel just before the next one (other games, other units)."""
    import datetime as dt
    from types import SimpleNamespace

    from bot import clock
    now = clock.timestamp()
    for n in range(count):
        t.channel.posted.append((now, SimpleNamespace(id=10 ** 12 + n, author=t.client.user, content=f"busy {n}",
                                                      created_at=dt.datetime.fromtimestamp(now, dt.timezone.utc))))


def test_the_read_back_finds_a_post_behind_many_others(table, monkeypatch, frozen):
    """The kill test's doubled DM: the read-back looked at the first 50 posts since the attempt only;
    a busy destination had more before the unit's own, so it read "not posted" and posted it again."""
    import datetime as dt

    t = table
    t.start_game()
    t.deliver()
    forgetful_channel(t)
    _busy(t, 120)
    t.client.recorder.clear()
    _crash_after_posting(t, monkeypatch, "posted just before the crash")
    frozen.tick(dt.timedelta(hours=3))  # Discord has forgotten the nonce: only the history tells
    t.deliver()
    assert _channel_lines(t) == ["posted just before the crash"]
    assert t.service.outbox.pending(100) == []


def test_a_history_too_long_to_read_back_leaves_the_post_in_doubt(table, monkeypatch, frozen):
    """Past the read-back's bound the history cannot show the post is absent: given up, never repeated."""
    import datetime as dt

    t = table
    t.start_game()
    t.deliver()
    forgetful_channel(t)
    monkeypatch.setattr(type(t.layer), "READ_BACK_MAX", 30)
    _busy(t, 40)
    t.client.recorder.clear()
    _crash_after_posting(t, monkeypatch, "posted just before the crash")
    frozen.tick(dt.timedelta(hours=3))
    t.deliver()
    assert _channel_lines(t) == ["posted just before the crash"]
    dead = t.service.db.execute("SELECT last_error FROM outbox WHERE dead = 1").fetchall()
    assert len(dead) == 1 and dead[0][0].startswith("in doubt")
