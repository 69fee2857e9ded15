"""Console commands for looking: view, hand, map, pictures, log, digest, history; and a view in a few
words."""

from __future__ import annotations

import json

from rules.core.wording import plural

from .. import clock
from ..logview import with_headings
from ..outbox import ImageRequest
from ..picturechoice import slug
from ..service import BadOption, NotYourSeat, RenderUnavailable, TurnDetail
from .session import UsageError, _whole


_SKIPPED = ("map", "game", "role")


def _brief(value, width: int = 160) -> str:
    """A value of a view in a few words: names of named things, hidden things as "hidden"."""
    if isinstance(value, dict):
        if "name" in value and isinstance(value["name"], (str, int)):
            return str(value["name"])
        if value.get("hidden"):
            return "hidden"
        text = ", ".join(f"{k}: {_brief(v, width)}" for k, v in value.items() if v not in (None, [], {}))
    elif isinstance(value, list):
        text = ", ".join(_brief(v, width) for v in value) or "none"
    elif value is None:
        text = "—"
    else:
        text = str(value)
    return text if len(text) <= width else text[:width - 1] + "…"


def _facts(view: dict) -> list[str]:
    """The view's headline facts: its top-level plain values and short lists of plain values."""
    out = []
    for key, value in view.items():
        if key in _SKIPPED or value is None:
            continue
        if isinstance(value, (str, int, float)) and not isinstance(value, bool) and len(str(value)) <= 40:
            out.append(f"{key}: {value}")
        elif isinstance(value, list) and value and all(isinstance(v, (str, int)) for v in value) and len(value) <= 8:
            out.append(f"{key}: {', '.join(map(str, value))}")
    return out


def _private_lines(mine, public, path: str = "", limit: int = 40) -> list[str]:
    """Where a player's view differs from the public one (their hand, their hidden pieces...), one line
    per differing entry, for any game's view."""
    out: list[str] = []

    def walk(a, b, where):
        if len(out) >= limit or a == b:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for key in a:
                if not where and key in _SKIPPED:
                    continue
                walk(a[key], b.get(key), f"{where}.{key}" if where else str(key))
            return
        if a in (None, [], {}) or not _brief(a):   # nothing to say (a mapping of empty things)
            return
        out.append(f"{where}: {_brief(a)}")
    walk(mine, public, path)
    return out


class LooksCommands:
    """Console commands for looking (a part of :class:`bot.console.Console`)."""

    def cmd_view(self, args: list[str]) -> None:
        """A readable summary of the view (any game: its headline facts, and what this player sees that
        the public does not), with the map picture; `view json [full]` prints the raw view."""
        me = self._me()
        words = list(args)
        raw = "json" in words
        full = "full" in words
        if full and not raw:
            raise UsageError("Usage: view [ROLE|public] [PICTURE [CHOICE]] [json [full]]")
        words = [w for w in words if w not in ("json", "full")]
        game = self._current()
        public = bool(words) and words[0].lower() == "public"
        role = None
        if words and not public and self._is_role(words[0]):
            role = self._role(words[0])
        asked = words[1:] if public or role else words   # the rest names a picture: `view power france`
        if asked and raw:
            raise UsageError("Usage: view [ROLE|public] [json [full]], or view [ROLE|public] PICTURE [CHOICE]")
        try:
            choice = self.service.picture_choice(game, asked, public) if asked else None
        except BadOption as error:
            if role is None and not public and len(asked) == 1:   # neither a role nor a picture
                mine = [r for seat in self.service.status(game).seats if seat.user_id == me for r in seat.roles]
                raise UsageError(f"{asked[0]!r} is neither one of your roles ({', '.join(mine) or 'none'}) "
                                 f"nor a picture: {error.message}") from None
            raise
        view = self.service.view(game, None if public else me, role)
        if raw:
            shown = view if full else {k: v for k, v in view.items() if k != "map"}
            self.say(json.dumps(shown, indent=1, sort_keys=True))
            if not full and "map" in view:
                self.say("(the static board, key \"map\", is left out: view json full shows it)")
            return
        status = self.service.status(game)
        self.say(f"Game #{status.game_id}: {status.title} — {status.turn_label}"
                 f"{f' / {status.phase}' if status.phase else ''} ({status.status})")
        waiting = [f"{w.role_name} ({w.user_name})" for w in status.waiting if not w.committed]
        if waiting:
            self.say(f"  to act: {', '.join(waiting)}")
        if status.result:
            self.say(f"  result: {', '.join(status.result.winners) or 'no winner'} — {status.result.reason}")
        sections = self.service.describe(game, None if public else me, role)
        if sections:
            self._say_sections(sections)
        line = ""
        for fact in ([] if sections else _facts(view)):  # a few lines of headline facts, wrapped
            if line and len(line) + len(fact) > 96:
                self.say("  " + line)
                line = ""
            line = f"{line} · {fact}" if line else fact
        if line:
            self.say("  " + line)
        mine = [] if public or sections else _private_lines(view, self.service.view(game, None))
        if sections:
            pass
        elif mine:
            self.say("Only you see:")
            for line in mine:
                self.say(f"  {line}")
        elif not public and any(seat.user_id == me for seat in status.seats):
            self.say("(nothing that the public view does not show)")
        if choice is not None:
            self._write_picture(game, None if public else me, choice.id, role, "public" if public else me,
                                choice.params)
        else:
            self._write_picture(game, None if public else me, self._main_picture(game), role,
                                "public" if public else me)
        for kind in self.service.picture_manifest(game):   # a picture that shows something now (a battle)
            if not kind.shows:
                continue
            try:
                png = self.service.picture(game, None if public else me, kind.id, role)
            except RenderUnavailable:
                png = None   # nothing to show now (or no renderer: said above)
            if png is not None:
                self._save_picture(game, png, kind.id, "public" if public else me)
                self.say(f"{kind.label} under way: see the {kind.id} picture above (again: map {kind.id}).")
        self.say("More: view json (the raw view), map, hand, log.")

    def cmd_hand(self, args: list[str]) -> None:
        me, game = self._me(), self._current()
        if not any(seat.user_id == me for seat in self.service.status(game).seats):
            raise NotYourSeat(f"{me} holds no seat in game #{game}, so has no hand; try view public.")
        sections = [s for s in self.service.describe(game, me) if s.private]
        if sections:
            self._say_sections(sections)
        else:
            mine = _private_lines(self.service.view(game, me), self.service.view(game, None))
            for line in mine or ["(nothing that the public view does not show)"]:
                self.say(line)
        for kind in self.service.picture_manifest(game):   # the private pictures (a hand)
            if kind.private:
                self.cmd_map([kind.id])

    def _say_sections(self, sections) -> None:
        """A text view (Engine.describe): each heading, then its lines indented."""
        for section in sections:
            self.say(f"{section.title}:")
            for line in section.lines:
                self.say(f"  {line}")

    def _write_picture(self, game: int, user: str | None, picture: str, role: str | None, who: str,
                       params: dict | None = None) -> None:
        try:
            png = self.service.picture(game, user, picture, role, params or None)
        except RenderUnavailable as error:
            self.say(f"(no picture: {error.message})")
            return
        self._save_picture(game, png, "-".join([picture, *(slug(v) for v in (params or {}).values())]), who)

    def _is_role(self, word: str) -> bool:
        return any(word.lower() in (role.lower(), name.lower())
                   for seat in self.service.status(self._current()).seats
                   for role, name in zip(seat.roles, seat.role_names))

    def _save_picture(self, game: int, png: bytes, picture: str, who: str) -> None:
        version = self.service.status(game).version
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"game{game}-v{version}-{who}-{picture}.png"
        path.write_bytes(png)
        self.say(f"Wrote {path} ({len(png)} bytes).")

    def cmd_map(self, args: list[str]) -> None:
        """A picture of the game (the main one by default) written to --out: `map region italy`,
        `map region:italy`, `map power power=france`; `public` draws it as a spectator sees it."""
        me = self._me()
        public = "public" in args
        asked = [a for a in args if a != "public"]
        if not asked and not self.service.picture_manifest(self._current()):
            self.say("(no picture: pictures are not available for this game)")
            return
        choice = self.service.picture_choice(self._current(), asked or None, public)
        self._write_picture(self._current(), None if public else me, choice.id, None, "public" if public else me,
                            choice.params)

    def _main_picture(self, game: int) -> str:
        kinds = self.service.picture_manifest(game)
        return kinds[0].id if kinds else "map"

    def cmd_pictures(self, args: list[str]) -> None:
        """The game's picture kinds, from the renderer's manifest."""
        kinds = self.service.picture_manifest(self._current())
        if not kinds:
            self.say("(no pictures for this game)")
        for kind in kinds:
            notes = [n for n, on in (("private", kind.private), ("with every prompt", kind.with_prompt),
                                     (f"while the view shows {kind.shows}", kind.shows)) if on]
            about = f": {kind.description}" if kind.description else ""
            self.say(f"  {kind.id}: {kind.label}{about}{' (' + '; '.join(notes) + ')' if notes else ''}")
            for param in kind.params:
                default = f" (default {param.default})" if param.default else ""
                self.say(f"      {param.label}{default}: {', '.join(param.choices) or 'any value'}")
        example = next((f"{k.id} {k.params[0].choices[-1]}" for k in kinds
                        if k.params and k.params[0].choices), None)
        if example:
            self.say(f"Ask for one with `map {example}` (or `map {example.replace(' ', ':')}`); "
                     "private ones with `view`.")

    def cmd_log(self, args: list[str]) -> None:
        if len(args) > 1 or (args and (not _whole(args[0]) or int(args[0]) < 1)):
            raise UsageError("Usage: log [N] (the last N lines, N at least 1; 20 when left out)")
        limit = int(args[0]) if args else 20
        lines = self.service.log(self._current(), self.user, limit)
        if not lines:   # an empty answer looked like a command that did nothing
            self.say(f"The log of game #{self._current()} is empty so far.")
        self._say_log(lines)

    def _say_log(self, lines) -> None:
        """Log lines under their turn headings (no internal numbers)."""
        game = self._current()
        turns = self.service.history(game, self.user) if self.service.status(game).status != "open" else []
        for heading, line in with_headings(lines, turns):
            if heading:
                self.say(f"  — {heading} —")
            self.say(f"    {'(private) ' if line.private else ''}{line.text}")

    def cmd_digest(self, args: list[str]) -> None:
        lines = self.service.digest(self._current(), self._me())
        self.say(f"{plural(len(lines), 'new line')} since you last looked.")
        self._say_log(lines)

    def cmd_history(self, args: list[str]) -> None:
        if args:
            if not _whole(args[0]) or len(args) > 2 or (len(args) == 2 and args[1] != "json"):
                raise UsageError("Usage: history [TURN NUMBER [json]]")
            game = self._current()
            detail = self.service.history(game, self.user, int(args[0]))
            assert isinstance(detail, TurnDetail)
            self.say(f"Turn {detail.turn.index}: {detail.turn.turn_label} (after {detail.turn.pos} actions)")
            if len(args) == 2:  # the raw position, as the engine describes it to this reader
                self.say(json.dumps(detail.view, indent=1, sort_keys=True))
            else:  # the map at the start of that turn, as this reader may see it
                roles = [r for seat in self.service.status(game).seats if seat.user_id == self.user
                         for r in seat.roles]
                image = ImageRequest(game, detail.turn.version, detail.turn.pos, roles[0] if roles else None)
                self.say(f"  map at the start of the turn: {self._image_file(image)}")
            for line in detail.log:
                self.say(f"    {'(private) ' if line.private else ''}{line.text}")
            return
        for turn in self.service.history(self._current(), self.user):
            self.say(f"  {turn.index}. {turn.turn_label} ({turn.phase}) — after {turn.pos} actions, "
                     f"{clock.format_time(turn.at)}")
