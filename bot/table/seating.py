"""Seating: the catalogue, creating a game, joining, leaving, swapping seats, spectators and the start."""

from __future__ import annotations

from typing import Any

from rules.core import BadSetup, Engine, RulesError, SetupArgs
from rules.core.wording import plural

from .. import talk
from . import settings as game_settings
from ..config import ConfigError
from ..outbox import ImageRequest
from .records import (NotFound, GameFull, SeatTaken, BadOption, BadState, Forbidden, SeatInfo, ServiceError, Status,
                      CatalogueEntry, _Game, _dumps)


class SeatingMixin:
    """Seating (a part of :class:`bot.service.TableService`)."""

    def catalogue(self) -> list[CatalogueEntry]:
        """Every game offered, with its scenarios and options (for command choices). A game whose
        module cannot be loaded is left out."""
        entries = []
        for game_id in self._engine_ids:
            try:
                engine = self._lookup(game_id)
                entries.append(CatalogueEntry(game_id, engine.title or game_id, tuple(engine.scenarios()),
                                              tuple(engine.options())))
            except Exception:  # a half-written engine must not hide the others
                continue
        return entries

    def engine(self, game: str) -> Engine:
        """The rules engine for a game id (NotFound when unknown or not loadable)."""
        return self._engine(game)

    def roles(self, game: str, scenario: str | None = None) -> list[tuple[str, str]]:
        """(role id, role name) of a game's scenario (default: its first), in seat order."""
        engine = self._engine(game)
        try:
            chosen = engine.scenario(scenario) if scenario else engine.scenarios()[0]
        except RulesError as error:
            raise BadOption(str(error)) from None
        return [(r, engine.role_name(r)) for r in engine.roles(chosen.id)]

    def create_game(self, game: str, *, channel: str, creator_id: str, creator_name: str | None = None,
                    scenario: str | None = None, options: dict[str, Any] | None = None,
                    players: int | None = None, deadlines: dict[str, Any] | None = None,
                    guild: str | None = None, seat: int | str | None = None,
                    seating: str | None = None, settings: dict[str, str] | None = None) -> Status:
        """Open a new game in ``channel``; the creator is its game master (they join separately).
        ``players`` defaults to the scenario's maximum; ``deadlines`` overrides the configured deadline
        settings for this game (keys as in config [deadlines]). ``guild``: the server the channel belongs
        to (a Discord guild id), kept with the game and shown in its Status. ``seat``: the creator takes
        that seat (as :meth:`join`) in the same transaction: a refused seat creates no game. ``seating``:
        one of the engine's named seatings for that player count (:meth:`seatings`; default the usual one).
        ``settings``: the game's own settings as players write them (bot/table/settings.py: deadline.turn,
        reminders, spectators; ``deadlines`` are the same without the "deadline." prefix)."""
        engine, chosen, clean_options, count, seatings = self._checked_setup(game, scenario, options, players,
                                                                            deadlines, seating)
        own = game_settings.checked({**{f"deadline.{k}": v for k, v in (deadlines or {}).items()}, **(settings or {})},
                                    None, self.config.deadlines_for(game))
        now = self._now()
        with self._write():
            self._touch_user(creator_id, creator_name)
            cursor = self.db.execute(
                "INSERT INTO games (game, scenario, options, settings, channel, creator, gm, status, created_at, "
                "guild) VALUES (?,?,?,?,?,?,?,'open',?,?)",
                [game, chosen.id, _dumps(clean_options), _dumps(own), str(channel),
                 creator_id, creator_id, now, str(guild) if guild is not None else None])
            game_id = cursor.lastrowid
            for index, roles in enumerate(seatings, start=1):
                self.db.execute("INSERT INTO seats (game_id, seat, roles, user_id) VALUES (?,?,?,NULL)",
                                [game_id, index, _dumps(list(roles))])
            self.outbox.add(kind="notice", game_id=game_id, channel=str(channel),
                            text=f"{self._name(creator_id)} opened game #{game_id}: {engine.title}, "
                                 f"scenario {chosen.name}, {plural(count, 'seat')}.")
            if seat is not None:
                self.join(game_id, creator_id, creator_name, seat)
        return self.status(game_id)

    def validate_setup(self, game: str, scenario: str | None = None, options: dict[str, Any] | None = None,
                       players: int | None = None, deadlines: dict[str, Any] | None = None,
                       seating: str | None = None) -> int:
        """Check what :meth:`create_game` would be given, creating nothing: raises the same errors
        (NotFound for an unknown game, BadOption for a bad scenario, option, player count, seating or
        deadline setting). A front end calls it before preparing anything of its own (a Discord thread).
        Returns how many seats the game would have."""
        return len(self._checked_setup(game, scenario, options, players, deadlines, seating)[4])

    def seatings(self, game: str, scenario: str | None = None, players: int | None = None) -> list[Any]:
        """The engine's named seatings (``rules.core.seats.Seating``: id, name, each seat's roles) for
        ``players`` (default: the scenario's maximum), the usual one first; BadOption for a bad count."""
        engine = self._engine(game)
        try:
            chosen = engine.scenario(scenario) if scenario else engine.scenarios()[0]
            count = players if players is not None else chosen.max_players
            if not chosen.min_players <= count <= chosen.max_players:
                raise BadSetup(f"{engine.title} ({chosen.name}) is for {chosen.min_players} to "
                               f"{chosen.max_players} players, not {count}.")
            return list(engine.seating_choices(chosen.id, count, None))
        except RulesError as error:
            raise BadOption(str(error)) from None

    def _checked_setup(self, game: str, scenario: str | None, options: dict[str, Any] | None,
                       players: int | None, deadlines: dict[str, Any] | None, seating: str | None = None):
        """(engine, scenario, clean options, player count, seatings) of a new game, or BadOption."""
        engine = self._engine(game)
        try:
            chosen = engine.scenario(scenario) if scenario else engine.scenarios()[0]
            clean_options = engine.validate_options(options)
            count = players if players is not None else chosen.max_players
            if not chosen.min_players <= count <= chosen.max_players:
                span = (f"{chosen.min_players}" if chosen.min_players == chosen.max_players
                        else f"{chosen.min_players} to {chosen.max_players}")
                raise BadSetup(f"{engine.title} ({chosen.name}) is for {span} players, not {count}.")
            # (engines written before named seatings override seatings(scenario, players) only)
            seatings = (engine.seatings(chosen.id, count) if not seating
                        else engine.seatings(chosen.id, count, clean_options, seating))
            self.config.deadlines_for(game).merged(deadlines, "deadlines")
        except (RulesError, ConfigError) as error:
            raise BadOption(str(error)) from None
        return engine, chosen, clean_options, count, seatings

    def join(self, game_id: int | str, user_id: str, user_name: str | None = None,
             seat: int | str | None = None) -> SeatInfo:
        """Take a seat before the start: ``seat`` is a seat number (1-based) or a role it holds; by
        default the first free seat."""
        with self._write():
            game = self._game(game_id)
            self._require(game, "open", "You can only join a game before it starts.")
            self._touch_user(user_id, user_name)
            seats = self._seats(game)
            mine = [s for s in seats if s.user_id == user_id]
            if mine:
                raise BadState(f"You already sit at seat {mine[0].seat} ({', '.join(mine[0].role_names)}) "
                               f"in game #{game.id}.")
            target = self._free_seat(game, seats, seat,
                                     GameFull(f"Game #{game.id} is full ({plural(len(seats), 'seat')} taken)."))
            self.db.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                            [user_id, game.id, target.seat])
            self.db.execute("DELETE FROM spectators WHERE game_id = ? AND user_id = ?", [game.id, user_id])
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._name(user_id)} takes seat {target.seat} "
                                 f"({', '.join(target.role_names)}) in game #{game.id}.")
            return self._seats(game)[target.seat - 1]

    def _free_seat(self, game: _Game, seats: list[SeatInfo], seat: int | str | None, full: ServiceError,
                   taken: type[ServiceError] = SeatTaken) -> SeatInfo:
        """The seat asked for (a number or a role it holds) if nobody sits there, else by default the first
        free seat; ``full`` is raised when none is free, ``taken`` when the one asked for is."""
        if seat is None:
            free = [s for s in seats if s.user_id is None]
            if not free:
                raise full
            return free[0]
        target = self._find_seat(game, seats, seat)
        if target.user_id is not None:
            raise taken(f"Seat {target.seat} ({', '.join(target.role_names)}) is taken by {target.user_name}.")
        return target

    def leave(self, game_id: int | str, user_id: str) -> str:
        """Give up one's seat. Before the start the seat is simply free; after it, it is offered to
        substitutes and the deadline policy decides who holds it meanwhile (bot/table/substitutes.py).
        Returns what happened, for the player."""
        with self._write():
            game = self._game(game_id)
            if game.status != "open":
                return self._leave_started(game, user_id)
            seat = self._seat_of(game, user_id)
            self.db.execute("UPDATE seats SET user_id = NULL WHERE game_id = ? AND seat = ?", [game.id, seat.seat])
            self._drop_requests(game, seat.seat)
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._name(user_id)} leaves seat {seat.seat} in game #{game.id}.")
            return f"You left seat {seat.seat} ({', '.join(seat.role_names)}) in game #{game.id}."

    def swap(self, game_id: int | str, user_id: str, seat: int | str) -> SeatInfo:
        """Move to another seat before the start. A free seat is taken at once. A seat someone holds is
        only asked for: its holder must agree, by asking for the requester's seat in return (swap back)
        or with :meth:`accept_swap`; until then nothing moves and status shows the request (the target
        seat's ``swap_requests``). Returns the target seat: its ``user_id`` is the caller once moved,
        still the other player while the request waits."""
        with self._write():
            game = self._game(game_id)
            self._require(game, "open", "Seats can only be swapped before the game starts.")
            seats = self._seats(game)
            mine = self._seat_of(game, user_id)
            target = self._find_seat(game, seats, seat)
            if target.seat == mine.seat:
                raise BadState(f"You already sit at seat {mine.seat} ({', '.join(mine.role_names)}).")
            if target.user_id is None:
                self.db.execute("UPDATE seats SET user_id = NULL WHERE game_id = ? AND seat = ?", [game.id, mine.seat])
                self.db.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                                [user_id, game.id, target.seat])
                self._drop_requests(game, mine.seat, target.seat)
                self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                                text=f"{self._name(user_id)} moves to seat {target.seat} "
                                     f"({', '.join(target.role_names)}) in game #{game.id}.")
                return self._seats(game)[target.seat - 1]
            asked = self.db.execute("SELECT 1 FROM swap_requests WHERE game_id = ? AND user_id = ? AND from_seat = ? "
                                    "AND to_seat = ?", [game.id, target.user_id, target.seat, mine.seat]).fetchone()
            if asked:  # the other player asked for this seat: swapping back is the answer
                self._exchange(game, target, mine)
                return self._seats(game)[target.seat - 1]
            already = self.db.execute("SELECT 1 FROM swap_requests WHERE game_id = ? AND user_id = ? AND to_seat = ?",
                                      [game.id, user_id, target.seat]).fetchone()
            if already:
                raise BadState(f"You already asked {target.user_name} for seat {target.seat} "
                               f"({', '.join(target.role_names)}); it is up to them to accept.")
            self.db.execute("INSERT OR REPLACE INTO swap_requests (game_id, user_id, from_seat, to_seat, created_at) "
                            "VALUES (?,?,?,?,?)", [game.id, user_id, mine.seat, target.seat, self._now()])
            mine_roles, theirs = ", ".join(mine.role_names), ", ".join(target.role_names)
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._name(user_id)} (seat {mine.seat}, {mine_roles}) asks {target.user_name} "
                                 f"(seat {target.seat}, {theirs}) to exchange seats in game #{game.id}.")
            self.outbox.add(kind="notice", game_id=game.id, user=target.user_id, private=True,
                            text=f"{self._name(user_id)} asks to exchange seats with you in game #{game.id}: you "
                                 f"would play {mine_roles} instead of {theirs}. To agree, swap to seat {mine.seat} "
                                 f"(or accept); to refuse, decline. Nothing changes until you agree.")
            return self._seats(game)[target.seat - 1]

    def accept_swap(self, game_id: int | str, user_id: str, requester: str | None = None) -> SeatInfo:
        """Agree to a request to exchange seats with the user (``requester``: whose request, needed only
        when several wait). Returns the user's new seat."""
        with self._write():
            game = self._game(game_id)
            self._require(game, "open", "Seats can only be swapped before the game starts.")
            mine = self._seat_of(game, user_id)
            request = self._incoming_request(game, mine, requester)
            seats = self._seats(game)
            theirs = seats[request[1] - 1]
            if theirs.user_id != request[0]:  # cannot happen: requests are dropped when seats change
                self.db.execute("DELETE FROM swap_requests WHERE game_id = ? AND user_id = ?", [game.id, request[0]])
                raise BadState(f"{self._name(request[0])} no longer sits at seat {theirs.seat}.")
            self._exchange(game, mine, theirs)
            return self._seats(game)[theirs.seat - 1]

    def decline_swap(self, game_id: int | str, user_id: str, requester: str | None = None) -> None:
        """Refuse a request to exchange seats with the user; with none waiting for the user, withdraw the
        user's own request instead."""
        with self._write():
            game = self._game(game_id)
            mine = self._seat_of(game, user_id)
            incoming = self.db.execute("SELECT 1 FROM swap_requests WHERE game_id = ? AND to_seat = ?",
                                       [game.id, mine.seat]).fetchone()
            if incoming is None:
                own = self.db.execute("DELETE FROM swap_requests WHERE game_id = ? AND user_id = ?",
                                      [game.id, user_id]).rowcount
                if not own:
                    raise NotFound(f"Nobody asked to exchange seats with you in game #{game.id}, and you asked "
                                   "nobody.")
                self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                                text=f"{self._name(user_id)} withdraws their request to exchange seats in game "
                                     f"#{game.id}.")
                return
            other, _ = self._incoming_request(game, mine, requester)
            self.db.execute("DELETE FROM swap_requests WHERE game_id = ? AND user_id = ?", [game.id, other])
            self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                            text=f"{self._name(user_id)} declines to exchange seats with {self._name(other)} in "
                                 f"game #{game.id}.")

    def spectate(self, game_id: int | str, user_id: str, user_name: str | None = None) -> None:
        """Follow a game as a spectator: at each new game turn and at the end, a direct message with the
        public summary of the turn and the public map. Players of the game cannot follow it (they get
        more already)."""
        with self._write():
            game = self._game(game_id)
            if game.status in ("finished", "aborted"):
                raise BadState(f"Game #{game.id} is {game.status}; there is nothing left to follow.")
            if not game_settings.spectators_allowed(game.settings):
                raise Forbidden(f"Game #{game.id} takes no spectators (its game master's setting).")
            seat = next((s for s in self._seats(game) if s.user_id == user_id), None)
            if seat is not None:
                raise BadState(f"You already play in game #{game.id} (seat {seat.seat}, "
                               f"{', '.join(seat.role_names)}): players follow it anyway.")
            self._touch_user(user_id, user_name)
            added = self.db.execute("INSERT OR IGNORE INTO spectators (game_id, user_id) VALUES (?,?)",
                                    [game.id, user_id]).rowcount
            if not added:
                raise BadState(f"You already follow game #{game.id}.")

    def unspectate(self, game_id: int | str, user_id: str) -> None:
        """Stop following a game."""
        with self._write():
            game = self._game(game_id)
            removed = self.db.execute("DELETE FROM spectators WHERE game_id = ? AND user_id = ?",
                                      [game.id, user_id]).rowcount
            if not removed:
                raise NotFound(f"You do not follow game #{game.id}.")

    def spectators(self, game_id: int | str) -> list[str]:
        """User ids following the game, in the order they started following."""
        with self._lock:
            game = self._game(game_id)
            return [r[0] for r in self.db.execute("SELECT user_id FROM spectators WHERE game_id = ? ORDER BY rowid",
                                                  [game.id])]

    def start(self, game_id: int | str, by: str, *, seed: int | None = None,
              actor_name: str | None = None) -> Status:
        """Deal the game (game master or admin; every seat filled). The seed comes from a secure random
        source and is stored with the setup arguments so the game can be replayed; ``seed`` fixes it
        instead (scripted tests, reproducing a reported game)."""
        if seed is not None and not (isinstance(seed, int) and 0 <= seed < 2 ** 63):
            raise BadOption("A seed is a whole number from 0 to 9223372036854775807.")
        with self._write():
            game = self._game(game_id)
            self._require_admin(game, by, "start the game")
            self._require(game, "open", f"Game #{game.id} has already started.")
            seats = self._seats(game)
            empty = [s for s in seats if s.user_id is None]
            if empty:
                raise BadState(f"Seat {empty[0].seat} ({', '.join(empty[0].role_names)}) is empty; "
                               f"{plural(len(empty), 'seat')} still to fill.")
            engine = self._engine(game.game)
            args = SetupArgs(game.scenario, tuple(s.roles for s in seats),
                             new_seed() if seed is None else int(seed), game.options)
            try:
                state, opening = engine.setup_logged(args)
            except RulesError as error:
                raise BadOption(str(error)) from None
            summary = engine.summary(state)
            now = self._now()
            self.db.execute("UPDATE games SET status='active', seed=?, setup=?, state=?, version=1, "
                            "log_length=0, turn_key=?, turn_label=?, phase=?, started_at=? WHERE id=?",
                            [args.seed, _dumps(args.to_dict()), _dumps(state), summary.turn_key,
                             summary.turn_label, summary.phase, now, game.id])
            self.db.execute("INSERT INTO snapshots (game_id, pos, version, turn_key, turn_label, phase, state, at)"
                            " VALUES (?,0,1,?,?,?,?,?)", [game.id, summary.turn_key, summary.turn_label,
                                                          summary.phase, _dumps(state), now])
            game.status, game.version, game.log_length = "active", 1, 0
            game.turn_key, game.turn_label, game.phase, game.setup = (summary.turn_key, summary.turn_label,
                                                                      summary.phase, args.to_dict())
            self._staged[game.id] = (1, state)
            self.db.execute("DELETE FROM swap_requests WHERE game_id = ?", [game.id])
            players = ", ".join(f"{self._name(s.user_id)} ({', '.join(s.role_names)})" for s in seats)
            text = f"Game #{game.id} ({engine.title}) begins: {players}. {summary.turn_label}."
            if actor_name:
                text += f" Started by {self._acting(game, by, actor_name)}."
            text += "".join("\n" + line for line in self._log_opening(game, seats, opening, now))
            self.outbox.add(kind="log", game_id=game.id, channel=game.channel, text=text,
                            image=ImageRequest(game.id, 1, 0, None, self._main_picture(game.game)))
            self._tell_followers(game, engine, f"it begins: {players}. {summary.turn_label}.",
                                 ImageRequest(game.id, 1, 0, None, self._main_picture(game.game)))
            self._after_change(game, engine, state, acted=(), turn_changed=True)
            talk.announce(self, game, engine, None, state)
            self._settle(game, engine, state)
        return self.status(game.id)

    def _log_opening(self, game: _Game, seats: list[SeatInfo], opening: tuple, now: float) -> list[str]:
        """The opening's log lines (what the game's first automatic steps said, before any action): stored
        at position 0 of the log, private ones sent to their seats; returns the public ones for the
        channel's start message."""
        private: dict[int, list[str]] = {}
        for entry in opening:
            self.db.execute("INSERT INTO log (game_id, action_row, pos, audience, text, kind, data, at) "
                            "VALUES (?,NULL,0,?,?,?,?,?)",
                            [game.id, _dumps(list(entry.to)) if entry.to is not None else None, entry.text,
                             entry.kind, _dumps(entry.data) if entry.data else None, now])
            for seat in seats:
                if entry.to is not None and set(entry.to) & set(seat.roles) and seat.user_id \
                        and not seat.user_id.startswith("system:"):
                    private.setdefault(seat.seat, []).append(entry.text)
        for number, lines in private.items():
            self.outbox.add(kind="private_log", game_id=game.id, role=seats[number - 1].roles[0], to_role=True,
                            private=True, text=f"Game #{game.id}: " + "\n".join(lines))
        return [entry.text for entry in opening if entry.to is None]

    def _drop_requests(self, game: _Game, *seat_numbers: int) -> None:
        """Forget swap requests from or into these seats (their holders changed)."""
        marks = ",".join("?" * len(seat_numbers))
        self.db.execute(f"DELETE FROM swap_requests WHERE game_id = ? AND (from_seat IN ({marks}) OR to_seat IN "
                        f"({marks}))", [game.id, *seat_numbers, *seat_numbers])

    def _exchange(self, game: _Game, first: SeatInfo, second: SeatInfo) -> None:
        """Two players exchange seats, both having agreed."""
        self.db.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                        [second.user_id, game.id, first.seat])
        self.db.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                        [first.user_id, game.id, second.seat])
        self._drop_requests(game, first.seat, second.seat)
        self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                        text=f"{first.user_name} and {second.user_name} exchange seats in game #{game.id}: "
                             f"{first.user_name} now plays {', '.join(second.role_names)}, {second.user_name} "
                             f"{', '.join(first.role_names)}.")

    def _incoming_request(self, game: _Game, mine: SeatInfo, requester: str | None) -> tuple[str, int]:
        """(requester id, their seat) of the request to swap into ``mine`` that is meant."""
        rows = [(r[0], r[1]) for r in self.db.execute(
            "SELECT user_id, from_seat FROM swap_requests WHERE game_id = ? AND to_seat = ? ORDER BY created_at",
            [game.id, mine.seat])]
        if requester is not None:
            wanted = str(requester).strip().lower()
            rows = [r for r in rows if wanted in (r[0].lower(), self._name(r[0]).lower())]
        if not rows:
            who = f"{requester} did not ask" if requester is not None else "Nobody asked"
            raise NotFound(f"{who} to exchange seats with you in game #{game.id}.")
        if len(rows) > 1:
            names = ", ".join(self._name(r[0]) for r in rows)
            raise BadOption(f"Several players ask for your seat ({names}); say whose request you mean.")
        return rows[0]

    def _give_seat(self, game: _Game, seat: SeatInfo, user_id: str, why: str) -> None:
        self.db.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?", [user_id, game.id, seat.seat])
        self.db.execute("DELETE FROM spectators WHERE game_id = ? AND user_id = ?", [game.id, user_id])
        self._drop_requests(game, seat.seat)
        roles = ", ".join(seat.role_names)
        replacing = f"replacing {self._name(seat.user_id)}" if seat.user_id else "an empty seat until now"
        self.outbox.add(kind="notice", game_id=game.id, channel=game.channel,
                        text=f"{self._name(user_id)} now plays seat {seat.seat} ({roles}) in game #{game.id}, "
                             f"{replacing}, {why}.")
        if seat.user_id:
            self.outbox.add(kind="notice", game_id=game.id, user=seat.user_id, private=True,
                            text=f"You no longer play {roles} in game #{game.id} ({why}).")
        if game.status in ("active", "paused"):
            # The new holder gets a fresh deadline and a "your move" notice for each waiting role.
            engine = self._engine(game.game)
            self.db.execute(f"DELETE FROM deadlines WHERE game_id = ? AND role IN ({','.join('?' * len(seat.roles))})",
                            [game.id, *seat.roles])
            self._after_change(game, engine, self._state(game), acted=(), turn_changed=False, new_holder=True)
            talk.resync(self, game, engine, self._state(game), seat.roles)


def new_seed() -> int:
    """bot.service.new_seed, looked up at each call (tests replace it there)."""
    from .. import service
    return service.new_seed()
