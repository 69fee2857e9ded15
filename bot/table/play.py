"""Play and undo: an order checked and applied in one transaction, then everything it sets off
(automatic passes, the next step's deadline, the messages); undo per role (bot.undo)."""

from __future__ import annotations

from rules.core import Engine, RulesError, sequences
from rules.core.contract import LogEntry, standing_choice

from .. import clock, talk
from ..outbox import ImageRequest
from ..scheduling import continues_wait
from .records import (NO_DEADLINE, SYSTEM_AUTOPASS, SYSTEM_STANDING, _MAX_AUTOMATIC_ACTIONS, MISSED_TURN, NotYourSeat,
                      NotYourTurn, IllegalOrder, StaleVersion, BadOption, EngineFailure, SubmitResult, _Game,
                      _dumps)


class PlayMixin:
    """Play and undo (a part of :class:`bot.service.TableService`)."""

    def submit(self, game_id: int | str, user_id: str, action: str, *, role: str | None = None,
               expected_version: int | None = None, request_id: str | None = None,
               answers: int | None = None, typed: bool = False) -> SubmitResult:
        """Play ``action`` (a legal action id) for one of the user's roles. ``role`` is needed only when
        several of the user's roles could take that action. ``expected_version``: the version the
        user's choices were shown at; if the game has moved on since, the order is re-checked against
        the fresh state and applied only if that role has not acted since, is asked the same question
        and the action is still legal (a simultaneous choice survives the other player's commit);
        otherwise :class:`StaleVersion`. The same order sent again from the same position (the user's
        first action since ``expected_version`` was this very action) is answered as a duplicate, never
        played again with a new meaning. ``request_id``: a retried request with the same id returns the
        first result instead of playing twice. ``answers``: the version whose choices an order naming its
        action by id was given from (a mail's list): a repeat of it is recognised as above, any other order
        is judged against the position as it stands. ``typed``: an order naming no position at all answers
        the question last offered to the user's ``role`` (:meth:`offer`; without one, the current
        position, recorded as its question), so the same order typed again before new choices are offered
        is a repeat; an order answering a named list moves the user past it. Every applied order is stored
        with the version it answered."""
        action = str(action).strip()
        with self._write():
            game = self._game(game_id)
            if request_id is not None:
                done = self._duplicate(game, user_id, request_id)
                if done is not None:
                    return done
            question = expected_version if expected_version is not None else answers
            if typed and question is None and role is not None:
                question = self._typed_question(game, user_id, str(role))
            if question is not None and question < game.version:
                done = self._repeated_order(game, user_id, role, action, question)
                if done is not None:
                    return done
            self._require_playing(game)
            engine = self._engine(game.game)
            state = self._state(game)
            held = self._seated_roles(game, user_id)
            if role is not None:
                role = self._known_role(game, role)
            if role is not None and role not in held:
                raise NotYourSeat(f"You do not play {engine.role_name(role)} in game #{game.id}; you play "
                                  f"{', '.join(engine.role_name(r) for r in held)}.")
            active = set(engine.active_roles(state))
            candidates = [r for r in ([role] if role else held) if r in active]
            if not candidates:
                named = engine.window_roles(state) or engine.active_roles(state)
                waiting = ", ".join(engine.role_name(r) for r in named)   # a window whole (issue 33)
                raise NotYourTurn(f"It is not your turn in game #{game.id}; waiting for {waiting or 'nobody'}.")
            legal = {r: {a.id: a for a in engine.legal_actions(state, r)} for r in candidates}
            matching = [r for r in candidates if action in legal[r]]
            if not matching:
                if expected_version is not None and expected_version != game.version:
                    raise self._moved_on(game)  # chosen from an older screen: say so, not "illegal"
                reasons = [why for r in candidates if (why := engine.refusal_reason(state, r, action))]
                if reasons:  # the engine's own reason says more than "not legal" (and names no secret)
                    raise IllegalOrder(reasons[0])
                names = " or ".join(engine.role_name(r) for r in candidates)
                near = _near_actions(action, [a for r in candidates for a in legal[r].values()])
                raise IllegalOrder(f"'{action}' is not a legal action for {names} now. "
                                   + (f"Close to it: {near}. " if near else "")
                                   + "List your choices to see what you can do.")
            if len(matching) > 1:
                raise BadOption(f"'{action}' is open to several of your roles "
                                f"({', '.join(engine.role_name(r) for r in matching)}); say which role plays it.")
            chosen = matching[0]
            # a typed order that is no repeat means its id, judged against the position as it stands
            if expected_version is not None and expected_version != game.version:
                self._recheck_stale(game, engine, state, chosen, expected_version)
            label = legal[chosen][action].label
            first_log_id = self._max_log_id(game)
            self._mark_seen(game, user_id, first_log_id)  # what was there before acting; own lines count as seen
            state, version = self._apply(game, engine, state, chosen, action, label, user_id, request_id,
                                         question=question if question is not None else game.version)
            if not typed or question is None:
                # answered from a list it names (a button, a picked suggestion, a mail's list): the user has
                # moved past the question a typed order would answer
                self.db.execute("UPDATE questions SET version = ?, at = ? WHERE game_id = ? AND user_id = ? AND "
                                "role = ?", [version, self._now(), game.id, user_id, chosen])
            automatic = self._settle(game, engine, state)
            lines = [l for l in self._visible_log(game, set(held), after=first_log_id)]
            self._mark_seen(game, user_id)  # a player who acts has looked at the game
        return SubmitResult(game.id, game.version, chosen, action, label, tuple(lines),
                            game.status == "finished", False, automatic)

    def submit_run(self, game_id: int | str, user_id: str, answers: list[str], *,
                   role: str | None = None) -> SubmitResult:
        """Several answers in one message (issue 33): a run of the user's own questions nobody else is asked
        between (placing markers, picking up blocks), checked whole before anything is played
        (:mod:`rules.core.sequences`), then played as one action each, so the log and undo see each. A run
        that cannot be played is refused, naming the answer, and changes nothing."""
        answers = [str(a).strip() for a in answers if str(a).strip()]
        with self._write():
            game = self._game(game_id)
            self._require_playing(game)
            engine = self._engine(game.game)
            state = self._state(game)
            held = self._seated_roles(game, user_id)
            asked = [r for r in ([self._known_role(game, role)] if role else held)
                     if r in held and r in engine.active_roles(state)]
            if len(asked) != 1:
                raise NotYourTurn(f"Several answers in one go need one of your roles asked alone in game "
                                  f"#{game.id}" + ("; say which role plays them." if asked else "."))
            chosen = asked[0]
            try:
                played = sequences.check(engine, state, chosen, answers)
            except sequences.BadSequence as error:
                raise IllegalOrder(str(error)) from None
            first_log_id = self._max_log_id(game)
            self._mark_seen(game, user_id, first_log_id)
            for action in played:
                state, version = self._apply(game, engine, state, chosen, action.id, action.label, user_id, None)
            automatic = self._settle(game, engine, state)
            lines = list(self._visible_log(game, set(held), after=first_log_id))
            self._mark_seen(game, user_id)
        return SubmitResult(game.id, game.version, chosen, played[-1].id, "; ".join(a.label for a in played),
                            tuple(lines), game.status == "finished", False, automatic)

    def run_defaults(self, game_id: int | str, user_id: str) -> list[tuple[str, str, str]]:
        """The sensible defaults of the run each of the user's roles is asked now, as (role, action id,
        label), in order: what one "confirm" would play."""
        with self._lock:
            game = self._game(game_id)
            engine = self._engine(game.game)
            state = self._state(game)
            return [(r, a.id, a.label) for r in self._roles_of(game, user_id)
                    for a in sequences.defaults(engine, state, r)]

    def undo(self, game_id: int | str, user_id: str, role: str | None = None) -> SubmitResult:
        """Take back the user's own last action (of ``role``, when they hold several): the log is replayed
        without it, keeping the later actions of other roles that are still legal (automatic passes that
        no longer fit are dropped). Refused when it, or anything since, rolled dice, shuffled or revealed
        hidden information, or when another player's later action would no longer be legal (bot.undo)."""
        from .. import undo as undoing

        with self._write():
            game = self._game(game_id)
            self._require_playing(game)
            engine = self._engine(game.game)
            held = self._seated_roles(game, user_id)
            if role is not None:
                role = self._known_role(game, role)
                if role not in held:
                    raise NotYourSeat(f"You do not play {engine.role_name(role)} in game #{game.id}.")
            target = undoing.target_action(self, game, engine, held, role)
            role, action, label = target.role, target.action, target.label
            before = self._state(game)
            state, kept, dropped = undoing.take_back(self, game, engine, target)
            now = self._now()
            public = undoing.public_lines(self, target)
            others_waiting = bool(kept) or any(r[0] != role for r in self.db.execute(
                "SELECT role FROM deadlines WHERE game_id = ?", [game.id]))
            pos = target.pos
            undoing.rewrite(self, game, engine, target, kept, dropped, now)
            summary = engine.summary(state)
            # Say what the others saw being taken back; a step nobody else saw (picking a block before
            # moving it) is taken back quietly: announcing it would only puzzle them.
            turn_changed = summary.turn_key != game.turn_key
            name = engine.role_name(role)
            announce = bool(public) or turn_changed or others_waiting  # the others were told something
            text = (f"{name} takes back: {' '.join(public)}" if public
                    else f"{name} takes back an action.")
            # the log reads as if the action never happened (its lines are marked undone); only the channel,
            # which already showed them, is told (below)
            self._mark_seen(game, user_id)
            self._write_state(game, state, game.version + 1, pos - 1 + len(kept), summary, None, game.status)
            if announce:
                self.outbox.add(kind="log", game_id=game.id, channel=game.channel,
                                text=text + (f" Back to {summary.turn_label}." if turn_changed else ""))
            self._after_change(game, engine, state, acted=(role,), turn_changed=turn_changed)
            talk.announce(self, game, engine, before, state)
            # a "your move" the taken-back action caused, not yet delivered, is stale: never send it
            active = engine.active_roles(state)
            self.db.execute("UPDATE outbox SET delivered_at = ?, external_ref = 'obsolete: taken back' "
                            f"WHERE game_id = ? AND kind = 'your_move' AND target_kind = 'role' AND "
                            f"delivered_at IS NULL AND dead = 0 AND target NOT IN ({','.join('?' * len(active))})",
                            [self._now(), game.id, *active])
        return SubmitResult(game.id, game.version, role, action, label, (), False)

    def offer(self, game_id: int | str, user_id: str, versions: dict[str, int]) -> None:
        """Record that a front end offered ``user_id`` their choices ({role: version shown}) as
        suggestions for an order they will type: a typed order (``submit(typed=True)``) answers that
        question. Written only when it changes (autocomplete asks at every keystroke)."""
        with self._lock:
            game = self._game(game_id)
            known = {r: v for r, v in self.db.execute("SELECT role, version FROM questions WHERE game_id = ? "
                                                      "AND user_id = ?", [game.id, str(user_id)])}
        changed = {str(r): int(v) for r, v in versions.items() if known.get(str(r)) != int(v)}
        if not changed:
            return
        with self._write():
            for role, version in changed.items():
                self._set_question(game.id, str(user_id), role, version)

    def _set_question(self, game_id: int, user_id: str, role: str, version: int) -> None:
        self.db.execute("INSERT INTO questions (game_id, user_id, role, version, at) VALUES (?,?,?,?,?) "
                        "ON CONFLICT(game_id, user_id, role) DO UPDATE SET version = excluded.version, "
                        "at = excluded.at", [game_id, user_id, role, version, self._now()])

    def _typed_question(self, game: _Game, user_id: str, role: str) -> int:
        """The position a typed order of ``role`` answers: the one last offered (see :meth:`offer`), else
        the current one, recorded so that the same order typed again is known as a repeat."""
        row = self.db.execute("SELECT version FROM questions WHERE game_id = ? AND user_id = ? AND role = ?",
                              [game.id, user_id, role]).fetchone()
        if row is not None and row[0] <= game.version:
            return row[0]
        self._set_question(game.id, user_id, role, game.version)
        return game.version

    def _duplicate(self, game: _Game, user_id: str, request_id: str) -> SubmitResult | None:
        row = self.db.execute("SELECT version, role, action, label, user_id FROM actions "
                              "WHERE game_id = ? AND request_id = ?", [game.id, request_id]).fetchone()
        if row is None:
            return None
        if row[4] != user_id:
            raise BadOption("That request id was already used by someone else.")
        return SubmitResult(game.id, row[0], row[1], row[2], row[3], (), game.status == "finished", True)

    def _repeated_order(self, game: _Game, user_id: str, role: str | None, action: str,
                        seen_version: int) -> SubmitResult | None:
        """The result of ``action`` already played by this user (for ``role``, if named) as their first
        action since ``seen_version``: the same order from the same position, sent twice."""
        where, args = "", [game.id, seen_version, user_id]
        if role is not None:
            where, args = " AND role = ?", args + [str(role)]
        row = self.db.execute("SELECT version, role, action, label FROM actions WHERE game_id = ? AND undone = 0 "
                              f"AND version > ? AND user_id = ?{where} ORDER BY pos LIMIT 1", args).fetchone()
        if row is None or row[2] != action:
            return None
        return SubmitResult(game.id, row[0], row[1], row[2], row[3], (), game.status == "finished", True)

    @staticmethod
    def _moved_on(game: _Game) -> StaleVersion:
        return StaleVersion(f"Game #{game.id} has moved on since those choices were shown; "
                            "look at your choices again.")

    def _recheck_stale(self, game: _Game, engine: Engine, state: dict, role: str, seen_version: int) -> None:
        """Refuse (StaleVersion) an order made on an outdated screen unless it still means the same."""
        stale = self._moved_on(game)
        if seen_version > game.version or seen_version < 1:
            raise stale
        acted = self.db.execute("SELECT 1 FROM actions WHERE game_id = ? AND undone = 0 AND role = ? AND version > ?",
                                [game.id, role, seen_version]).fetchone()
        if acted:
            raise stale
        row = self.db.execute("SELECT MAX(pos) FROM actions WHERE game_id = ? AND undone = 0 AND version <= ?",
                              [game.id, seen_version]).fetchone()
        then = self._state_at(game, engine, row[0] or 0)
        if engine.prompt(then, role) != engine.prompt(state, role):
            raise stale

    def _apply(self, game: _Game, engine: Engine, state: dict, role: str, action: str, label: str,
               user_id: str, request_id: str | None, note: str | None = None,
               private_note: str | None = None, question: int | None = None) -> tuple[dict, int]:
        """Apply one legal action inside the current transaction: action row, log lines, new state,
        snapshot at a new turn, messages, deadlines. ``note``: a public line of the service's own (a
        deadline passed) and ``private_note`` one for the acting role's player only; neither may name
        the action, whose label can be a secret."""
        try:
            outcome = engine.apply(state, role, action)
        except RulesError as error:
            raise IllegalOrder(str(error)) from None
        except Exception as error:  # an engine bug: refuse the order, keep the table running
            raise EngineFailure(f"The rules engine failed on '{action}' ({type(error).__name__}: {error}); "
                                "nothing was changed. Please report it with the game number.") from error
        self._note_late_move(game, role, user_id)   # bot/table/lateness.py: before the deadlines move on
        now = self._now()
        pos, version = game.log_length + 1, game.version + 1
        row_id = self.db.execute(
            "INSERT INTO actions (game_id, pos, version, role, action, label, user_id, request_id, irreversible, at,"
            " question) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [game.id, pos, version, role, action, label, user_id, request_id, int(outcome.irreversible), now,
             question if question is not None else game.version]
        ).lastrowid
        if not user_id.startswith("system:"):   # the player is back: deadlines run normally again
            self.db.execute("DELETE FROM preferences WHERE game_id = ? AND user_id = ? AND key = ?",
                            [game.id, user_id, MISSED_TURN])
        entries = list(outcome.log)
        if private_note:
            entries.insert(0, LogEntry(private_note, (role,), "deadline", {"by": "herald"}))
        if note:
            entries.insert(0, LogEntry(note, None, "deadline", {"by": "herald"}))
        for entry in entries:
            self.db.execute("INSERT INTO log (game_id, action_row, pos, audience, text, kind, data, at) "
                            "VALUES (?,?,?,?,?,?,?,?)",
                            [game.id, row_id, pos, _dumps(list(entry.to)) if entry.to is not None else None,
                             entry.text, entry.kind, _dumps(entry.data) if entry.data else None, now])
        new_state = outcome.state
        summary = engine.summary(new_state)
        result = engine.result(new_state)
        turn_changed = summary.turn_key != game.turn_key
        phase_changed = summary.phase != game.phase
        previous_turn = game.turn_label
        self._write_state(game, new_state, version, pos, summary,
                          {"winners": list(result.winners), "reason": result.reason,
                           "ranks": [list(group) for group in result.ranks]} if result else None,
                          "finished" if result else game.status)
        if turn_changed or result:
            self.db.execute("INSERT OR REPLACE INTO snapshots (game_id, pos, version, turn_key, turn_label, phase,"
                            " state, at) VALUES (?,?,?,?,?,?,?,?)",
                            [game.id, pos, version, summary.turn_key, summary.turn_label, summary.phase,
                             _dumps(new_state), now])
        # Messages: public lines to the channel (with the map at a new turn), private lines by DM.
        public = [e.text for e in entries if e.to is None]
        image = ImageRequest(game.id, version, pos, None, self._main_picture(game.game)) \
            if (turn_changed or result) else None
        if image is None and public:
            # a picture the table now needs (a battle begins) goes with the channel's post of it; never
            # alone (a move being prepared, perhaps cancelled, is the mover's and the interceptors' business:
            # their prompts bring it)
            now_needed = self._needed_pictures(game.game, self._view(game, engine, new_state, None))
            if now_needed and now_needed[0] not in self._needed_pictures(game.game,
                                                                         self._view(game, engine, state, None)):
                image = ImageRequest(game.id, version, pos, None, now_needed[0])
        if turn_changed and not result:
            public.append(f"— {summary.turn_label} —")
        if public or image:
            self.outbox.add(kind="log", game_id=game.id, channel=game.channel, text="\n".join(public), image=image)
        # Private lines: one message per seat, addressed to the role (whoever holds it when delivered).
        seats = self._seats(game)
        private: dict[int, list[str]] = {}
        for entry in entries:
            for seat in seats:
                if entry.to is not None and set(entry.to) & set(seat.roles) and seat.user_id \
                        and not seat.user_id.startswith("system:"):
                    private.setdefault(seat.seat, []).append(entry.text)
        for number, lines in private.items():
            seat_role = seats[number - 1].roles[0]
            self.outbox.add(kind="private_log", game_id=game.id, role=seat_role, to_role=True, private=True,
                            text=f"Game #{game.id}: " + "\n".join(lines))
        talk.announce(self, game, engine, state, new_state)
        if result:
            names = ", ".join(engine.role_name(w) for w in result.winners) or "nobody (a draw)"
            text = f"Game #{game.id} is over. Winner: {names} — {result.reason}." + self._computer_note(game, engine)
            self.outbox.add(kind="result", game_id=game.id, channel=game.channel, text=text)
            self.db.execute("DELETE FROM deadlines WHERE game_id = ?", [game.id])
            self._tell_followers(game, engine, self._turn_digest(
                game, previous_turn, f"The game is over. Winner: {names} — {result.reason}."), image)
        else:
            if turn_changed:
                self._tell_followers(game, engine, self._turn_digest(game, previous_turn, f"Now {summary.turn_label}."),
                                     image)
            self._after_change(game, engine, new_state, acted=(role,), turn_changed=turn_changed,
                               phase_changed=phase_changed)
        return new_state, version

    def _write_state(self, game: _Game, state: dict, version: int, pos: int, summary, result, status) -> None:
        now = self._now()
        cursor = self.db.execute(
            "UPDATE games SET state = ?, version = ?, log_length = ?, turn_key = ?, turn_label = ?, phase = ?, "
            "result = ?, status = ?, ended_at = ? WHERE id = ? AND version = ?",
            [_dumps(state), version, pos, summary.turn_key, summary.turn_label, summary.phase,
             _dumps(result) if result else None, status, now if status == "finished" else None,
             game.id, game.version])
        if cursor.rowcount != 1:  # cannot happen under BEGIN IMMEDIATE; refuse rather than overwrite
            raise StaleVersion(f"Game #{game.id} changed underneath this order; try again.")
        game.version, game.log_length, game.status = version, pos, status
        game.turn_key, game.turn_label, game.phase, game.result = (summary.turn_key, summary.turn_label,
                                                                   summary.phase, result)
        self._staged[game.id] = (version, state)

    def _after_change(self, game: _Game, engine: Engine, state: dict, acted: tuple[str, ...],
                      turn_changed: bool, phase_changed: bool = False, new_holder: bool = False) -> None:
        """Keep one deadline row per role the game waits for. A role's deadline runs from when the game
        started waiting for it: its own sub-steps keep the same wait (deadline, reminders sent); a role
        that starts waiting, or waits again at a new game turn, a new phase or for a new kind of decision,
        gets a fresh deadline and a "your move" notice. ``new_holder``: a seat changed hands (the caller
        removed its rows); a "your move" still undelivered for the role reaches the new holder anyway."""
        now = self._now()
        settings = self._deadline_settings(game)
        existing = {r[0]: r[1] for r in self.db.execute("SELECT role, kind FROM deadlines WHERE game_id = ?",
                                                        [game.id])}
        active = engine.active_roles(state)
        gone = [r for r in existing if r not in active]
        if gone:
            self.db.execute(f"DELETE FROM deadlines WHERE game_id = ? AND role IN ({','.join('?' * len(gone))})",
                            [game.id, *gone])
        seats = self._seats(game)
        newly_waiting: list[tuple[str, str]] = []
        notices: dict[str, list[tuple[str, str]]] = {}
        for role in active:
            prompt = engine.prompt(state, role)
            kind = prompt.kind if prompt else "turn"
            if continues_wait(existing.get(role), kind, turn_changed, phase_changed):
                continue  # the same wait goes on (the role's own sub-steps, or another role acted)
            seconds = settings.for_kind(kind)
            # In a paused game the clock starts from the pause: resume() adds the paused time back.
            start = game.paused_at if game.status == "paused" and game.paused_at else now
            due = start + seconds if seconds > 0 else NO_DEADLINE
            holder = self._holder_in(seats, role)
            missed = holder is not None and settings.policy_for(kind) == "default" and self.db.execute(
                "SELECT 1 FROM preferences WHERE game_id = ? AND user_id = ? AND key = ? AND value = ?",
                [game.id, holder, MISSED_TURN, game.turn_key or ""]).fetchone() is not None
            if missed:
                # a missed deadline earlier this game turn: one deadline a turn, not one for every battle
                # step or phase the absent player is asked about again; the next tick plays the default
                due = start
            vacation = self.db.execute("SELECT 1 FROM vacations WHERE user_id = ? AND starts_at <= ? AND ends_at > ?",
                                       [holder, now, now]).fetchone() if holder else None
            # reminder offsets not shorter than the whole deadline are skipped (they would fire at once)
            self.db.execute("INSERT OR REPLACE INTO deadlines (game_id, role, kind, started_at, due_at, "
                            "reminders_sent, expired, paused_at, defaults) VALUES (?,?,?,?,?,0,0,?,0)",
                            [game.id, role, kind, now, due, now if vacation else None])
            if prompt and prompt.committed:
                continue  # a secret choice already made: nobody waits for it
            newly_waiting.append((role, kind))
            if not holder or holder.startswith("system:"):
                continue
            seat_roles = next((s.roles for s in seats if role in s.roles), (role,))
            if new_holder and self.db.execute(   # one undelivered notice names all the seat's roles asked
                    "SELECT 1 FROM outbox WHERE game_id = ? AND target_kind = 'role' AND target IN "
                    f"({','.join('?' * len(seat_roles))}) AND kind = 'your_move' AND delivered_at IS NULL "
                    "AND dead = 0", [game.id, *seat_roles]).fetchone():
                continue
            if self._passes_at_once(game, engine, state, role, holder, kind):
                continue  # the player's own auto-pass answers it now: nothing to ask them
            when = f" Deadline: {clock.format_time(due)}." if due < NO_DEADLINE else ""
            if missed:
                when = (" You missed a deadline this game turn, so the default is taken for you at once "
                        "until you give an order yourself.")
            notices.setdefault(holder, []).append((role, f"{prompt.text if prompt else ''}{when}"))
        # One private message per player for everything newly asked of their roles in this change (a
        # batch of reaction windows reaches a player holding two roles once, with both).
        for holder, items in notices.items():
            unseen = self._unseen_text(game, holder, set(self._roles_of(game, holder)))
            head = f"Your move in game #{game.id} ({engine.title}, {game.turn_label})"
            if len(items) == 1:
                text = f"{head} as {engine.role_name(items[0][0])}: {items[0][1]}{unseen}"
            else:
                text = (f"{head} for {len(items)} of your roles:\n"
                        + "\n".join(f"{engine.role_name(r)}: {asked}" for r, asked in items) + unseen)
            # the picture the decision needs (a battle) goes with the prompt, drawn for the player
            needed = self._needed_pictures(game.game, self._view(game, engine, state, items[0][0]))
            image = ImageRequest(game.id, game.version, game.log_length, items[0][0], needed[0]) if needed else None
            self.outbox.add(kind="your_move", game_id=game.id, role=items[0][0], to_role=True, private=True,
                            text=text, image=image)
        # The channel's "whose move" line (delivered with a mention of the players now waited for) names
        # no reaction window: being asked to respond is private, and a mention would tell the table.
        public = [r for r, kind in newly_waiting if kind != "reaction"]
        if public:
            names = " and ".join(engine.role_name(r) for r in public)
            # ``role``: the roles newly waited for, comma-separated (front ends mention their players)
            self.outbox.add(kind="waiting", game_id=game.id, channel=game.channel, role=",".join(public),
                            text=f"Now: {names} to act.")

    def _settle(self, game: _Game, engine: Engine, state: dict) -> int:
        """Automatic passes for players who asked for them, until nobody qualifies. Returns how many."""
        count = 0
        while count < _MAX_AUTOMATIC_ACTIONS and game.status == "active":
            passer = self._autopasser(game, engine, state)
            if passer is None:
                break
            role, action, label, user = passer
            state, _ = self._apply(game, engine, state, role, action, label, user, None)
            count += 1
        return count

    def _autopasser(self, game: _Game, engine: Engine, state: dict) -> tuple[str, str, str, str] | None:
        """The next automatic answer a player asked for: a standing answer (issue 33), else an autopass."""
        wanting, standing, unless = set(), {}, {}
        for user, key, value in self.db.execute("SELECT user_id, key, value FROM preferences WHERE game_id = ? "
                                                "AND (key = 'autopass' OR key LIKE 'standing%')", [game.id]):
            if key == "autopass" and value == "1":
                wanting.add(user)
            elif key.startswith("standing:") and value == "1":
                standing.setdefault(user, set()).add(key.removeprefix("standing:"))
            elif key.startswith("standing-unless:") and value:
                unless[user, key.removeprefix("standing-unless:")] = value.split(",")
        standing = {user: {standing_choice(a, unless.get((user, a), ())) for a in chosen}
                    for user, chosen in standing.items()}
        if not wanting and not standing:
            return None
        seats = self._seats(game)
        for role in engine.active_roles(state):
            holder = self._holder_in(seats, role)
            move = engine.standing_move(state, role, standing.get(holder, ()))
            if move is not None:
                label = next(a.label for a in engine.legal_actions(state, role) if a.id == move)
                return role, move, label, SYSTEM_STANDING
            if holder not in wanting:
                continue
            prompt = engine.prompt(state, role)
            if prompt is None or prompt.kind != "reaction":
                continue
            default = engine.default_action(state, role)
            legal = engine.legal_actions(state, role)
            if default is not None and [a.id for a in legal] == [default]:
                return role, default, legal[0].label, SYSTEM_AUTOPASS
        return None

    def _finish(self, game: _Game, status: str, result: dict | None) -> None:
        if game.setup is not None:   # a started game: its talk closes with it
            talk.announce(self, game, self._engine(game.game), self._state(game), None)
        self.db.execute("UPDATE games SET status = ?, result = ?, ended_at = ?, version = version + 1 WHERE id = ?",
                        [status, _dumps(result) if result else None, self._now(), game.id])
        self.db.execute("DELETE FROM deadlines WHERE game_id = ?", [game.id])
        self._cache.pop(game.id)
        game.status, game.version = status, game.version + 1


def _near_actions(wanted: str, actions: list, limit: int = 5) -> str:
    """Legal actions sharing the longest leading part of an id refused (``move:london:…`` for
    ``move:london:paris``), so a mistyped order points at the right ones; empty when none share any."""
    parts = wanted.split(":")
    for keep in range(len(parts) - 1, 0, -1):
        head = ":".join(parts[:keep]) + ":"
        found = [a for a in actions if a.id.startswith(head)]
        if found:
            shown = "; ".join(f"{a.label} [{a.id}]" for a in found[:limit])
            return shown + (f" (and {len(found) - limit} more)" if len(found) > limit else "")
    return ""
