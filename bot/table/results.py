"""Results and standings: the finished games of a server (or of the console's database) with their
winners, and each player's record per game: games played, wins and average finishing place.

A place comes from the game's ranking where the engine gives one (Crown of Roses ranks every house);
otherwise the winners share first place and everyone else the next one (a draw: all first). A player who
held several roles finishes at the best place among them. Computer players are listed as Herald."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .robots import ROBOT


@dataclass(frozen=True)
class FinishedGame:
    game_id: int
    game: str
    title: str
    scenario: str
    ended_at: float | None
    winners: tuple[str, ...]        # the winners' names and roles, in words
    reason: str
    players: tuple[str, ...]        # every player's name


@dataclass(frozen=True)
class Standing:
    """One player's record in one game (a kind of game: richard3)."""

    game: str
    title: str
    user_id: str
    name: str
    games: int
    wins: int
    average_place: float


def places(result: dict[str, Any], roles: list[str]) -> dict[str, int]:
    """Each role's finishing place (1 = first; roles sharing a place share its number)."""
    ranks = [list(group) for group in result.get("ranks") or []]
    ranked = {r for group in ranks for r in group}
    if not ranks or set(roles) - ranked:
        winners = [r for r in result.get("winners") or [] if r in roles]
        ranks = [winners, [r for r in roles if r not in winners]] if winners else [list(roles)]
    out, ahead = {}, 0
    for group in ranks:
        for role in group:
            out[role] = ahead + 1
        ahead += len(group)
    return out


class ResultsMixin:
    """Results and standings (a part of :class:`bot.service.TableService`)."""

    def results(self, guild: str | None = None, game: str | None = None, limit: int = 20
                ) -> tuple[list[FinishedGame], list[Standing]]:
        """The newest ``limit`` finished games of ``guild`` (None: every game of this database), of one kind
        of ``game`` if named, and every player's standing per kind of game (over all finished games, best
        first: most wins, then best average place)."""
        where, args = ["status = 'finished'", "result IS NOT NULL"], []
        if guild is not None:
            where.append("guild = ?")
            args.append(str(guild))
        if game is not None:
            self._engine(game)   # NotFound for an unknown game
            where.append("game = ?")
            args.append(game)
        with self._lock:
            rows = list(self.db.query(f"SELECT id FROM games WHERE {' AND '.join(where)} ORDER BY ended_at DESC, "
                                      "id DESC", args))
            finished, tally = [], {}
            for index, (game_id,) in enumerate((r["id"],) for r in rows):
                record = self._game(game_id)
                engine = self._engine(record.game)
                seats = self._seats(record)
                roles = [r for s in seats for r in s.roles]
                place = places(record.result, roles)
                winners = tuple(f"{self._player_name(s)} ({engine.role_name(r)})" for r in record.result["winners"]
                                for s in seats if r in s.roles)
                if index < limit:
                    finished.append(FinishedGame(record.id, record.game, engine.title, record.scenario,
                                                 record.ended_at, winners, record.result["reason"],
                                                 tuple(self._player_name(s) for s in seats)))
                for seat in seats:
                    if seat.user_id is None:
                        continue
                    who = ROBOT if seat.user_id.startswith(ROBOT) else seat.user_id
                    key = (record.game, who)
                    entry = tally.setdefault(key, {"title": engine.title, "name": self._player_name(seat),
                                                   "games": 0, "wins": 0, "places": 0})
                    entry["games"] += 1
                    entry["wins"] += any(r in record.result["winners"] for r in seat.roles)
                    entry["places"] += min(place.get(r, len(roles)) for r in seat.roles)
        standings = [Standing(game_kind, e["title"], user, e["name"], e["games"], e["wins"],
                              round(e["places"] / e["games"], 2)) for (game_kind, user), e in tally.items()]
        standings.sort(key=lambda s: (s.title, -s.wins, s.average_place, s.name.lower()))
        return finished, standings

    def _player_name(self, seat: Any) -> str:
        if seat.user_id and seat.user_id.startswith(ROBOT):
            return "Herald (computer)"
        return seat.user_name or self._name(seat.user_id)
