"""Console commands for playing: status, choices (play), do, talk, undo, autopass."""

from __future__ import annotations

from ..service import StaleVersion
from .session import UsageError, _whole


class PlayingCommands:
    """Console commands for playing (a part of :class:`bot.console.Console`)."""

    def cmd_status(self, args: list[str]) -> None:
        s = self.service.status(self._current())
        self.say(f"Game #{s.game_id}: {s.title} ({s.scenario}) — {s.status}, {s.turn_label}"
                 f"{f' / {s.phase}' if s.phase else ''}, version {s.version}. Game master: {s.gm}.")
        names = {seat.user_id: seat.user_name for seat in s.seats if seat.user_id}
        for seat in s.seats:
            asks = "".join(f"; {names.get(u, u)} asks to exchange seats with {seat.user_name}"
                           for u in seat.swap_requests)
            self.say(f"  seat {seat.seat}: {', '.join(seat.role_names)} — {seat.user_name or '(free)'}{asks}")
        for line in self.service.game_settings(s.game_id):   # the game's own, or the server's defaults
            self.say(f"  {line}")
        for w in s.waiting:
            if w.committed:
                self.say(f"  {w.role_name} ({w.user_name}) has made a secret choice (may change it until the reveal)")
                continue
            self.say(f"  waiting for {w.role_name} ({w.user_name}), {w.kind}: {self._deadline(s, w)}")
        followers = self.service.spectators(s.game_id)
        if followers:
            self.say(f"  followed by: {', '.join(followers)}")
        if s.result:
            names = {role: name for seat in s.seats for role, name in zip(seat.roles, seat.role_names)}
            winners = ", ".join(names.get(w, w) for w in s.result.winners)
            self.say(f"  result: {winners or 'no winner'} — {s.result.reason}")

    def cmd_choices(self, args: list[str]) -> None:
        me = self._me()
        choices = self.service.choices(self._current(), me)
        if not choices:
            status = self.service.status(self._current())
            waiting = ", ".join(f"{w.role_name} ({w.user_name})" for w in status.waiting)
            self.say(f"Nothing for {me} to do now" + (f"; waiting for {waiting}." if waiting else f" ({status.status})."))
            return
        number = 0
        self.listed[(self._current(), me)] = [(rc.role, a.id, rc.version) for rc in choices for a in rc.actions]
        status = self.service.status(self._current()) if any(rc.paused for rc in choices) else None
        for rc in choices:
            if rc.paused:
                why = "the game is paused" if status.status == "paused" else f"{me} is on vacation"
                when = f"clock stopped: {why}"
            else:
                when = self._time(rc.deadline)
            self.say(f"{rc.role_name} — {rc.prompt} [{rc.kind}; {when}]")
            # each group once, where its first action is (as Discord's menus), numbers kept as listed
            numbered = list(enumerate(rc.actions, number + 1))
            number += len(rc.actions)
            order: list[str] = []
            for _, action in numbered:
                if (action.group or "") not in order:
                    order.append(action.group or "")
            shown_head = None
            for place, group in enumerate(order):
                head, _, part = group.partition(" › ")    # a second level (rules/core/menus.py)
                if part:
                    if head != shown_head:
                        self.say(f"  {head}:")
                    self.say(f"   {part}:")
                elif group or place:   # actions without a group after grouped ones: set apart
                    self.say(f"  {group or 'Or'}:")
                shown_head = head if part else None
                for n, action in numbered:
                    if (action.group or "") == group:
                        self.say(f"    {n}. {action.label}  [{action.id}]")
                        if action.hint:   # the card's effect, or why it cannot be used now
                            self.say(f"    {' ' * len(str(n))}  {action.hint}")

    cmd_play = cmd_choices

    def cmd_do(self, args: list[str]) -> None:
        me, game = self._me(), self._current()
        if not args:
            raise UsageError("Usage: do N|ACTION_ID [ROLE]")
        choice, role = args[0], (self._role(args[1]) if len(args) > 1 else None)
        # the list this player was shown (by choices), else the current one: an order means what was seen
        shown = self.listed.get((game, me))
        version = None
        if _whole(choice):
            numbered = shown if shown is not None else [(rc.role, a.id, rc.version)
                                                        for rc in self.service.choices(game, me) for a in rc.actions]
            if not numbered:
                self.service.submit(game, me, "?", role=role)  # the precise reason (turn, seat, state)
            if not 1 <= int(choice) <= len(numbered):
                raise UsageError(f"Choose a number from 1 to {len(numbered)} (see choices).")
            numbered_role, choice, version = numbered[int(choice) - 1]
            role = role or numbered_role  # a role typed after the number must agree with it (service checks)
        elif shown is not None:  # an id from the list shown means it as shown; any other id is simply typed
            version = next((v for r, a, v in shown if a == choice and role in (None, r)), None)
        try:
            result = self.service.submit(game, me, choice, role=role, expected_version=version)
        except StaleVersion:  # the list shown is out of date (the service says so): forget it
            self.listed.pop((game, me), None)
            raise
        self.listed.pop((game, me), None)
        self.say(f"{me} ({result.role}): {result.label}" + (" (already recorded: that order was sent twice)."
                                                             if result.duplicate else "."))
        if result.duplicate:
            return
        for line in result.log:
            self.say(f"  {'(private) ' if line.private else ''}{line.text}")
        if result.automatic:
            self.say(f"  ({result.automatic} automatic pass{'es' if result.automatic > 1 else ''} followed)")
        self.next_choices = self.show_next  # listed after the messages this order produced

    def cmd_run(self, args: list[str]) -> None:
        """Issue 33: several answers to a run of your own questions in one go (run ID ID ...), or, without
        any, the run's defaults (run confirm plays them)."""
        me, game = self._me(), self._current()
        if not args or args == ["confirm"]:
            defaults = self.service.run_defaults(game, me)
            if not args:
                self.say("In one go: " + "; ".join(label for _, _, label in defaults) + " (run confirm)"
                         if defaults else "No run of your own questions with defaults is open now.")
                return
            if not defaults:
                raise UsageError("No run of your own questions with defaults is open now.")
            args = [aid for _, aid, _ in defaults]
        result = self.service.submit_run(game, me, args)
        self.listed.pop((game, me), None)
        self.say(f"{me} ({result.role}): {result.label}.")
        for line in result.log:
            self.say(f"  {'(private) ' if line.private else ''}{line.text}")
        self.next_choices = self.show_next

    def cmd_talk(self, args: list[str]) -> None:
        if not args:
            raise UsageError("Usage: talk [@ROLE] TEXT")
        with_role = args[0][1:].lower() if args[0].startswith("@") and len(args[0]) > 1 else None
        text = " ".join(args[1:] if with_role else args)
        others = self.service.say_in_talk(self._current(), self._me(), text, with_role)
        self.say(f"Said privately to {', '.join(others) or 'nobody (you hold every role of this talk)'}.")

    def cmd_undo(self, args: list[str]) -> None:
        if len(args) > 1:
            raise UsageError("Usage: undo [ROLE]")
        result = self.service.undo(self._current(), self._me(), self._role(args[0]) if args else None)
        self.say(f"Taken back: {result.label}.")

    def cmd_standing(self, args: list[str]) -> None:
        """Issue 33: the game's standing answers; one answer's conditions; or set one:
        standing ID on|off [unless CONDITION ...]."""
        me, game = self._me(), self._current()
        if not args:
            listed = self.service.standing(game, me)
            if not listed:
                self.say("This game offers no standing answers.")
            for aid, label, mine in listed:
                self.say(f"  {'[x]' if mine else '[ ]'} {aid}: {label}")
            return
        if len(args) == 1:
            conditions = self.service.standing_conditions(game, args[0])
            self.say(f"Conditions for {args[0]} (standing {args[0]} on unless ID ...):" if conditions
                     else f"{args[0]} takes no condition.")
            for cid, label in conditions:
                self.say(f"  {cid}: {label}")
            return
        unless = args[3:] if len(args) > 3 and args[2] == "unless" else []
        if args[1] not in ("on", "off") or (len(args) > 2 and not unless):
            raise UsageError("Usage: standing [ID [on|off [unless CONDITION ...]]]")
        label = self.service.set_standing(game, me, args[0], args[1] == "on", unless)
        self.say(f"{label}: {'on' if args[1] == 'on' else 'off'}.")

    def cmd_autopass(self, args: list[str]) -> None:
        if not args or args[0] not in ("on", "off"):
            raise UsageError("Usage: autopass on|off")
        self.service.set_autopass(self._current(), self._me(), args[0] == "on")
        self.say(f"Auto-pass in reaction windows is {args[0]}.")
