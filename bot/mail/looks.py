"""Mail commands that look at a game: status, view, hand, map, archive."""

from __future__ import annotations

from bot import clock
from bot.outbox import ImageRequest

from .session import GAME, Refused, maybe_game


class LookCommands:
    """A game in words, its public pictures and its archive (a part of the mail session)."""

    def do_status(self, line: str) -> None:
        status = self.service.status(self._game_named(line))
        seated = "; ".join(f"seat {s.seat} {', '.join(s.role_names)}: {s.user_name or 'free'}" for s in status.seats)
        lines = [f"Game #{status.game_id}: {status.title} ({status.scenario}), {status.status}, {status.turn_label}.",
                 f"Seats: {seated}."]
        for w in status.waiting:
            if not w.committed:
                due = f", by {clock.format_time(w.deadline)}" if w.deadline and not w.paused else ""
                lines.append(f"Waiting for {w.role_name} ({w.user_name or 'nobody'}){due}.")
        if status.result:
            lines.append(f"Over: {status.result.reason}.")
        self.say(*lines)
        if self.answer.game_id is None:
            self.answer.game_id = status.game_id

    def do_view(self, line: str) -> None:
        self._words(line, mine_only=False)

    def do_hand(self, line: str) -> None:
        self._words(line, mine_only=True)

    def _words(self, line: str, mine_only: bool) -> None:
        """The game in words (Engine.describe) as the seat sees it; ``mine_only``: what is the player's own."""
        key = self._require_key(maybe_game(line))
        sections = self.service.describe(key.game_id, key.user_id)
        if mine_only:
            sections = [s for s in sections if s.private]
        for section in sections or []:
            self.say(f"{section.title}:", *(f"  {text}" for text in section.lines))
        if not sections:
            self.say("Nothing is yours alone right now." if mine_only else "This game has no text view.")

    def do_map(self, line: str) -> None:
        """A public picture of a game, attached to the answer: ``map #12 region italy`` (the same words
        as everywhere: bot/picturechoice.py); a private one (a hand) comes with each your-move mail."""
        game_id = self._game_named(line)
        words = [w for w in line.split()[1:] if not GAME.fullmatch(w)]
        if not self.settings.attach_pictures:
            raise Refused("Pictures are not attached to mails here.")
        status = self.service.status(game_id)
        if status.status == "open":
            raise Refused(f"Game #{game_id} has not started: no pictures yet.")
        choice = self.service.picture_choice(game_id, words or None, public=True)
        pos = self.db.execute("SELECT log_length FROM games WHERE id = ?", [game_id]).fetchone()[0]
        request = ImageRequest(game_id, status.version, pos, None, choice.id, tuple(sorted(choice.params.items())))
        self.answer.pictures.append({"request": request.to_dict(), "name": choice.filename})
        if self.answer.game_id is None:
            self.answer.game_id = game_id
        self.say(f"{choice.label} of game #{game_id} ({status.turn_label}): attached as {choice.filename}.")

    def do_archive(self, line: str) -> None:
        """The game's archive page (bot/table/archive.py), attached to the answer; written when the mail
        is sent, so it holds the game as it stands then."""
        game_id = self._game_named(line)
        if not self.settings.attach_pictures:
            raise Refused("Files are not attached to mails here.")
        status = self.service.status(game_id)
        if status.status == "open":
            raise Refused(f"Game #{game_id} has not started: there is nothing to archive yet.")
        name = f"herald-game-{game_id}-{status.game}.html"
        self.answer.pictures.append({"archive": game_id, "name": name})
        if self.answer.game_id is None:
            self.answer.game_id = game_id
        self.say(f"The archive of game #{game_id} ({status.title}, {status.turn_label}): attached as {name}; "
                 "open it in any browser.")

