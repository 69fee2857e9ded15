"""Messages: a front end's own lines to a game's channel or a player, and the negotiation side
channels the engine opens (bot.talk)."""

from __future__ import annotations

from typing import Iterable

from .. import talk
from ..outbox import ImageRequest
from .records import NotFound, BadOption, BadState, parse_game_id


class MessagesMixin:
    """Messages (a part of :class:`bot.service.TableService`)."""

    def send(self, game_id: int | str, text: str, *, role: str | None = None, user: str | None = None,
             kind: str = "notice", picture: str | None = None) -> int:
        """Queue a message about a game: to the player of ``role`` (resolved to the seat's user now) or to
        ``user``, privately; with neither, publicly to the game's channel. ``picture`` attaches an image
        request of the current position, drawn for that role (public in the channel)."""
        if role is not None and user is not None:
            raise BadOption("Address a message to a role or to a user, not both.")
        with self._write():
            game = self._game(game_id)
            if role is not None:
                role = self._known_role(game, role)
                if self._holder_in(self._seats(game), role) is None:
                    raise NotFound(f"Nobody plays {self._engine(game.game).role_name(role)} in game #{game.id}.")
            image = None
            if picture is not None:
                self._require_started(game)
                image = ImageRequest(game.id, game.version, game.log_length, role, picture)
            if role is not None:  # to whoever holds the role when it is delivered
                return self.outbox.add(kind=kind, game_id=game.id, role=role, to_role=True, private=True, text=text,
                                       image=image)
            if user is None:
                return self.outbox.add(kind=kind, game_id=game.id, channel=game.channel, text=text, image=image)
            return self.outbox.add(kind=kind, game_id=game.id, user=user, private=True, text=text, image=image)

    def talks(self, game_id: int | str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
        """The talk segments open now, each as (its roles, the user ids holding them)."""
        with self._lock:
            game = self._game(game_id)
            if game.status not in ("active", "paused"):
                return []
            engine = self._engine(game.game)
            return [(roles, tuple(talk.members(self, game, roles)))
                    for roles in talk.segments(engine, self._state(game))]

    def talk_members(self, game_id: int | str, roles: Iterable[str]) -> list[str]:
        """The users holding any of ``roles`` now (who belongs in that segment's side channel)."""
        with self._lock:
            return talk.members(self, self._game(game_id), roles)

    def talk_channel(self, game_id: int | str, roles: Iterable[str], front: str) -> str | None:
        """The side channel ``front`` (e.g. "discord") opened for a segment, as it recorded it."""
        with self._lock:
            row = self.db.execute("SELECT ref FROM talk_channels WHERE game_id = ? AND roles = ? AND front = ?",
                                  [parse_game_id(game_id), talk.key(roles), front]).fetchone()
        return row[0] if row else None

    def set_talk_channel(self, game_id: int | str, roles: Iterable[str], front: str, ref: str) -> None:
        with self._write():
            self.db.execute("INSERT OR REPLACE INTO talk_channels (game_id, roles, front, ref) VALUES (?,?,?,?)",
                            [parse_game_id(game_id), talk.key(roles), front, str(ref)])

    def say_in_talk(self, game_id: int | str, user_id: str, text: str, with_role: str | None = None) -> list[str]:
        """A line of private talk (the console's local chat): sent privately to the other players of the
        open segment the user belongs to (the one holding ``with_role`` when several are open). Returns who
        it went to."""
        text = " ".join(str(text).split())
        if not text:
            raise BadOption("Say something: talk TEXT.")
        with self._write():
            game = self._game(game_id)
            self._require_playing(game)
            engine = self._engine(game.game)
            held = set(self._seated_roles(game, user_id))
            open_now = [r for r in talk.segments(engine, self._state(game)) if held & set(r)]
            if not open_now:
                raise BadState(f"No private talk is open for you in game #{game.id} now.")
            offered = ", ".join(f"@{x}" for x in sorted({x for seg in open_now for x in seg if x not in held}))
            if with_role is not None:
                named = [r for r in open_now if with_role in r and with_role not in held]
                if not named:
                    raise BadOption(f"You have no private talk open with '{with_role}' now; open: "
                                    + (offered or "none") + ".")
                open_now = named
            elif len(open_now) > 1:
                raise BadOption(f"Several private talks are open; say with whom: talk @ROLE TEXT, ROLE one of {offered}.")
            roles = open_now[0]
            others = [u for u in talk.members(self, game, roles) if u != user_id]
            mine = "/".join(engine.role_name(r) for r in roles if r in held)
            for other in others:
                self.outbox.add(kind="talk", game_id=game.id, user=other, private=True,
                                text=f"[game #{game.id} talk] {self._name(user_id)} ({mine}): {text[:1500]}")
            return others
