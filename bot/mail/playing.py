"""Orders by mail (a number, an id or the words of a choice) and the commands about a seat's own play:
choices, undo, run, standing."""

from __future__ import annotations

import re

from bot.service import ServiceError, StaleVersion

from . import store
from .session import GAME, Refused, maybe_game

_NUMBER = re.compile(r"^#?(\d{1,4})[.)]?$")


class PlayingCommands:
    """A seat's orders and its own questions (a part of the mail session)."""

    # ---- orders ------------------------------------------------------------------------------
    def order(self, number: int, line: str) -> None:
        quoted = f"“{line[:80]}”"
        if self.stopped:
            self.say(f"{quoted} — not tried (an order before it was not applied).")
            return
        if self.key is None:
            self.say(f"{quoted} — not applied. {self._no_secret()}")
            self.stopped = self.refused = True
            return
        try:
            with self.service.savepoint():
                role, action, version, numbered = self._match(number, line)
                strict = numbered
                if number > 1 and self.answered is not None:
                    # the next order answers the position the one before left (an old one, when that was a
                    # repeat: then an order after it is played only if it still means the same)
                    version, strict = self.answered, True
                # a number means a place in a list: judged against that list's position (stale when it has
                # moved on); an id or words mean the action itself: judged against the position as it stands,
                # and recognised as a repeat of the same order to the same question
                result = self.service.submit(self.key.game_id, self.key.user_id, action, role=role,
                                             expected_version=version if strict else None,
                                             answers=None if strict else version, typed=version is None,
                                             request_id=f"mail:{self.incoming.message_id}:{number}")
        except StaleVersion:
            self.say(f"{quoted} — not applied: the game has moved on since the mail you answered; look at "
                     "your choices below and answer again.")
            self.stopped = self.refused = True
        except (ServiceError, Refused) as error:
            self.say(f"{quoted} — not applied: {error.message}")
            self.stopped = self.refused = True
        else:
            self.answered = result.version
            if result.duplicate:   # a mail sent again (a new Message-ID): the same order to the same question
                self.say(f"{quoted} — already applied: {result.label} (given before, in answer to the same "
                         "choices; it is not applied twice).")
                return
            self.applied += 1
            self.changed = True
            self.say(f"{quoted} — applied: {result.label}.")

    def _match(self, number: int, line: str) -> tuple[str, str, int | None, bool]:
        """(role, action id, version the choice was shown at, named by number) an order line names: a
        number (in the choices of the mail it answers, for the first order; else the current ones), an
        id, a label, or a unique part of a label."""
        rcs = self.service.choices(self.key.game_id, self.key.user_id)
        if not rcs:
            status = self.service.status(self.key.game_id)
            if status.status != "active":
                raise Refused(f"game #{status.game_id} is {status.status}.")
            waiting = ", ".join(w.role_name for w in status.waiting if not w.committed) or "nobody"
            raise Refused(f"it is not your move in game #{status.game_id}; waiting for {waiting}.")
        wanted = line.strip()
        numbered = _NUMBER.match(wanted)
        # the choices of the mail this one answers: the first order answers that question, whatever names it
        shown = store.choices_of(self.db, [*self.incoming.references, self.incoming.in_reply_to or ""]) \
            if number == 1 else None
        if numbered:
            n = int(numbered.group(1))
            if shown and shown.get("roles"):
                roles = shown["roles"]
                if len(roles) > 1:
                    raise Refused("you have choices for several roles: answer with an id instead of a number.")
                role, snapshot = next(iter(roles.items()))
                if not 1 <= n <= len(snapshot["ids"]):
                    raise Refused(f"there is no choice {n}: the mail you answered lists {len(snapshot['ids'])}.")
                return role, snapshot["ids"][n - 1], int(shown["version"]), True
            if len(rcs) > 1:
                raise Refused("you have choices for several roles: answer with an id instead of a number.")
            if not 1 <= n <= len(rcs[0].actions):
                raise Refused(f"there is no choice {n} now: {rcs[0].role_name} has {len(rcs[0].actions)}.")
            return rcs[0].role, rcs[0].actions[n - 1].id, None, True
        for rc in rcs:
            for a in rc.actions:
                if a.id == wanted or f"[{a.id}]" == wanted:
                    return rc.role, a.id, _shown_at(shown, rc.role, a.id), False
        low = wanted.lower()
        exact = [(rc, a) for rc in rcs for a in rc.actions if a.label.lower() == low]
        partial = [(rc, a) for rc in rcs for a in rc.actions if low in a.label.lower() or low in a.id.lower()]
        for found in (exact, partial):
            if len(found) == 1:
                return found[0][0].role, found[0][1].id, _shown_at(shown, found[0][0].role, found[0][1].id), False
        if exact or partial:
            options = "; ".join(a.label for _, a in (exact or partial)[:8])
            raise Refused(f"it could mean several choices: {options}. Answer with a number or an id.")
        raise Refused("it is not one of your choices now (a number, an id, or the words of a choice).")

    # ---- the seat's own play -----------------------------------------------------------------
    def do_choices(self, line: str) -> None:
        self._require_key(maybe_game(line))  # the answer lists them (see finish)

    def do_undo(self, line: str) -> None:
        key = self._require_key(maybe_game(line))
        result = self.service.undo(key.game_id, key.user_id)
        self.applied += 1
        self.say(f"Taken back: {result.label}.")

    def do_run(self, line: str) -> None:
        """Issue 33: a run of the player's own questions answered in one line: "run ip:3 ip:1 done"; "run
        confirm" plays the run's defaults."""
        key = self._require_key(maybe_game(line))
        words = [w for w in line.split()[1:] if not GAME.fullmatch(w)]
        if words == ["confirm"]:
            words = [aid for _, aid, _ in self.service.run_defaults(key.game_id, key.user_id)]
            if not words:
                raise Refused("No run of your own questions with defaults is open now.")
        if not words:
            raise Refused("Write “run” and the answers in order, e.g. “run ip:3 ip:1 done”, or “run confirm”.")
        result = self.service.submit_run(key.game_id, key.user_id, words)
        self.applied += 1
        self.say(f"Played in one go: {result.label}.")

    def do_standing(self, line: str) -> None:
        """Issue 33: list the game's standing answers, one answer's conditions, or set one:
        "standing pass-windows on", "standing pass-windows on unless op71 op74"."""
        key = self._require_key(maybe_game(line))
        words = [w for w in line.split()[1:] if not GAME.fullmatch(w)]
        if not words:
            listed = self.service.standing(key.game_id, key.user_id)
            self.say(*([f"  [{'x' if mine else ' '}] {aid}: {label}" for aid, label, mine in listed]
                       or ["This game offers no standing answers."]))
            return
        if len(words) == 1:
            conditions = self.service.standing_conditions(key.game_id, words[0])
            self.say(*([f"Conditions for {words[0]} (“standing {words[0]} on unless ID …”):"]
                       + [f"  {cid}: {label}" for cid, label in conditions] if conditions
                       else [f"{words[0]} takes no condition."]))
            return
        unless = words[3:] if len(words) > 3 and words[2].lower() == "unless" else []
        if words[1].lower() not in ("on", "off") or (len(words) > 2 and not unless):
            raise Refused("Write “standing ID on” or “standing ID off”, “standing ID on unless CONDITION …”, "
                          "“standing ID” for its conditions or “standing” for the list.")
        on = words[1].lower() == "on"
        label = self.service.set_standing(key.game_id, key.user_id, words[0], on, unless)
        self.say(f"{label}: {'on: answered for you whenever it fits' if on else 'off: you are asked'}.")


def _shown_at(shown: dict | None, role: str, action: str) -> int | None:
    """The version of the answered mail's choices when they listed ``action`` for ``role``: the order
    answers that question (a repeat of it is recognised); None when it named no such choice."""
    listed = ((shown or {}).get("roles") or {}).get(role)
    return int(listed.get("version", shown["version"])) if listed and action in listed.get("ids", ()) else None
