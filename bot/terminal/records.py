"""Console commands for a game's settings and record: admin set, archive, replay-picture, results."""

from __future__ import annotations

from pathlib import Path

from rules.core.wording import plural

from ..table import settings as game_settings
from .session import UsageError


class RecordsCommands:
    """Settings and records at the console (a part of :class:`bot.console.Console`)."""

    def admin_set(self, me: str, game: int, rest: list[str]) -> None:
        if not rest or any("=" not in word for word in rest):
            raise UsageError("Usage: admin set KEY=VALUE ... (keys: " + ", ".join(game_settings.BY_KEY) + ")")
        changes = dict(word.split("=", 1) for word in rest)
        for line in self.service.change_settings(game, me, changes):
            self.say(f"  {line}")

    def cmd_archive(self, args: list[str]) -> None:
        made = self.service.archive(self._current())
        path = self._out_file(args, made.filename, ".html")
        path.write_bytes(made.data)
        thinned = "" if made.pictured == made.turns else f", {made.pictured} of them with a picture"
        self.say(f"Archive of game #{self._current()}: {path} ({len(made.data) / 1024 / 1024:.1f} MiB, "
                 f"{made.turns} turns{thinned}, pictures {made.width} px wide).")

    def cmd_replay_picture(self, args: list[str]) -> None:
        data = self.service.replay_picture(self._current())
        path = self._out_file(args, f"herald-game-{self._current()}-replay.webp", ".webp")
        path.write_bytes(data)
        self.say(f"Replay picture of game #{self._current()}: {path} ({len(data) / 1024:.0f} KiB).")

    def cmd_results(self, args: list[str]) -> None:
        if len(args) > 1:
            raise UsageError("Usage: results [GAME]")
        finished, standings = self.service.results(None, args[0] if args else None)
        if not finished:
            self.say("No finished games yet.")
            return
        self.say("Finished games:")
        for g in finished:
            self.say(f"  #{g.game_id} {g.title} ({g.scenario}): {', '.join(g.winners) or 'a draw'} — {g.reason}")
        title = None
        for s in standings:
            if s.title != title:
                title = s.title
                self.say(f"Standings · {title}:")
            self.say(f"  {s.name}: {plural(s.wins, 'win')} in {plural(s.games, 'game')}, average place {s.average_place:g}")

    def _out_file(self, args: list[str], default: str, suffix: str) -> Path:
        if len(args) > 1:
            raise UsageError("Give at most one file name.")
        name = args[0] if args else default
        if Path(name).name != name or not name.endswith(suffix):
            raise UsageError(f"'{name[:60]}': a plain file name ending in {suffix}, written to {self.out_dir}.")
        self.out_dir.mkdir(parents=True, exist_ok=True)
        return self.out_dir / name
