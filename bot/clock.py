"""The one clock of Herald. Every reading of the time goes through :func:`now` so tests can freeze it
(freezegun) and the local console can move it forward (:func:`advance`) to make deadlines pass."""

from __future__ import annotations

import datetime as _dt

_offset = _dt.timedelta(0)


def now() -> _dt.datetime:
    """The current time, timezone-aware UTC (plus any console offset)."""
    return _dt.datetime.now(_dt.timezone.utc) + _offset


def timestamp() -> float:
    """The current time as POSIX seconds; what storage keeps."""
    return now().timestamp()


def advance(delta: _dt.timedelta | float) -> None:
    """Move the clock forward (console and scripted tests only)."""
    global _offset
    _offset += delta if isinstance(delta, _dt.timedelta) else _dt.timedelta(seconds=delta)


def reset() -> None:
    """Forget any offset made by :func:`advance`."""
    global _offset
    _offset = _dt.timedelta(0)


def format_time(ts: float | None) -> str:
    if ts is None:
        return "never"
    return _dt.datetime.fromtimestamp(ts, _dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def format_duration(seconds: float) -> str:
    """'2d 3h', '45m', '10s': coarse, for people."""
    seconds = int(round(seconds))
    if seconds < 0:
        return "-" + format_duration(-seconds)
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [f"{days}d" if days else "", f"{hours}h" if hours else "", f"{minutes}m" if minutes and not days else ""]
    text = " ".join(p for p in parts if p)
    return text or f"{secs}s"
