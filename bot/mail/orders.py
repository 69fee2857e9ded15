"""What an incoming mail asks, done in ONE transaction with its Message-ID and its answer.

The Message-ID is recorded in the same transaction as the orders the mail carries and the answer it
gets, so a mail is applied once and answered once whatever crashes: read again after a crash (before the
IMAP server was told it was handled) it is recognised and skipped. Each order runs in a savepoint: a
refused order changes nothing, the orders before it stand, and the orders after it are not tried.

Every command that changes a seat's play (orders, undo, start, leave, choices) needs that seat's secret,
from the reply address's +tag or "key ..." in the subject; without it nothing changes and the answer goes
to the sender's own address, never to a Reply-To, so a forged From reaches only the real player. The
answer to a seat always goes to the address holding the seat.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

from bot import clock
from rules.core.wording import plural
from bot.outbox import ImageRequest
from bot.service import ServiceError, StaleVersion
from bot.table.robots import robot_level

from . import seats, store
from .fanout import MAIL_CHANNEL, Bundle, collect, queue_bundle
from .inbound import Incoming
from .settings import MailSettings

log = logging.getLogger("herald.mail")

COMMANDS = ("help", "new", "join", "leave", "start", "status", "choices", "undo", "follow", "unfollow", "map",
            "standing", "run", "view", "hand", "quiet", "vacation", "concede", "pause", "resume", "end", "replace",
            "games", "nudge", "replaceme", "volunteer", "substitute", "archive", "computer")
_NUMBER = re.compile(r"^#?(\d{1,4})[.)]?$")
_GAME = re.compile(r"#(\d{1,9})\b")
_SUBJECT_PREFIX = re.compile(r"^\s*((re|aw|sv|fw|fwd|tr|wg)\s*:\s*)+", re.IGNORECASE)

HELP = """Herald hosts slow board games by mail (and on Discord), with every rule enforced.

Commands, one per line, in the body of a mail to Herald (or in its subject):
  new GAME [scenario ID] [as ROLE]   open a game (you are its game master and take a seat)
  join #12 [ROLE]                    take a seat in game #12; Herald answers with your seat's secret
  start #12                          the game master deals the game once every seat is taken
  status #12                         seats, turn, whom the game waits for
  games [mine|waiting|open|finished] [PAGE]   the board: the games played by mail and yours, whose move,
                                     who is late, seats to take
  nudge                              remind the players your game waits for (once per step)
  replaceme / replaceme off          ask to be replaced: you play on until a substitute is accepted
  volunteer #12 [SEAT]               offer to take a seat its player left (or asked to be replaced in)
  follow #12 / unfollow #12          get (or stop) the public map and log of a game you do not play
  map #12 [PICTURE [CHOICE]]         a public picture of the game, e.g. "map #12 region italy"
  archive #12                        the whole game as one web page (its log turn by turn, each turn's
                                     map, the final position), attached; public facts only
  choices                            your choices again
  undo                               take back your last order (until something is revealed)
  run ID ID ... / run confirm        answer a run of your own questions in one go (markers, pickups, losses)
  standing [ID on|off]               your standing answers for the game (e.g. "standing pass-windows on";
                                     "standing ID" lists its conditions: "... on unless op71")
  leave                              give up your seat (after the start, a substitute may take it)
  view / hand                        the game in words as you see it / only what is yours (your hand)
  quiet on / quiet off               quiet (the default): a mail only when you are asked something, with
                                     everything since your last mail, and a daily digest; off: every update
  vacation 7d / vacation off         your deadlines stop running for that long (or start again now)
  concede                            give up: the game ends and the other seats win

For the game master (with your seat's secret, as for orders):
  pause / resume                     stop every clock of the game, and start them again
  end [REASON]                       end the game now, with no winner
  replace SEAT ADDRESS               give a seat (its number or a role) to the player at ADDRESS
  substitute ADDRESS [SEAT]          accept a volunteer (under "majority", a player's vote)
  computer SEAT [LEVEL]              before the start: Herald's computer player takes a free seat (its
                                     number or a role); LEVEL is how strongly it plays (novice, veteran...)

When it is your move, Herald's mail lists your choices, numbered, with their ids. Reply with a number,
an id, or several orders one per line. Every order must carry your seat's secret: replying to Herald's
mail does it (the reply address carries it), or write "key YOUR-SECRET" in the subject. Quoted text and
signatures in your reply are ignored."""


class Refused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class _Answer:
    address: str
    game_id: int | None = None
    user_id: str | None = None
    lines: list[str] = field(default_factory=list)
    pictures: list[dict] = field(default_factory=list)   # asked for with "map": {"request", "name"}


def handle(service, settings: MailSettings, incoming: Incoming) -> str:
    """Handle one incoming mail exactly once; returns what happened (for the log)."""
    db = service.db
    if (not incoming.sender or incoming.sender == settings.address or incoming.automatic
            or incoming.sender.partition("@")[0].startswith(settings.address.partition("@")[0] + "+")
            and incoming.sender.endswith("@" + settings.domain)):
        with service.transaction():
            if not store.seen(db, incoming.message_id):
                store.record_incoming(db, incoming.message_id, incoming.sender or "?", None,
                                      "ignored: automatic mail (auto-reply, bounce, list) or Herald's own",
                                      service._now())
        return "ignored"
    try:
        with service.transaction():
            if store.seen(db, incoming.message_id):
                return "duplicate"
            store.record_incoming(db, incoming.message_id, incoming.sender, None, "handling", service._now())
            session = _Session(service, settings, incoming)
            outcome = session.run()
            store.set_outcome(db, incoming.message_id, session.answer.game_id, outcome)
            return outcome
    except Exception as error:  # a bug must neither crash the transport nor bring the mail back for ever
        log.exception("Mail %s from %s could not be handled", incoming.message_id, incoming.sender)
        with service.transaction():
            if store.seen(db, incoming.message_id):
                return "duplicate"
            store.record_incoming(db, incoming.message_id, incoming.sender, None,
                                  f"failed: {type(error).__name__}: {error}", service._now())
            store.queue(db, domain=settings.domain, game_id=None, address=incoming.sender, kind="answer",
                        private=True, subject=_reply_subject(incoming.subject), now=service._now(),
                        body="Herald could not handle your mail because of an internal error; nothing was "
                             "changed. Please try again later, or tell the person running Herald.\n",
                        answering=incoming.message_id)
        return "failed"


def _reply_subject(subject: str) -> str:
    rest = _SUBJECT_PREFIX.sub("", subject or "").strip()
    return f"Re: {rest}" if rest else "Herald"


class _Session:
    """One incoming mail being handled, inside the transaction."""

    def __init__(self, service, settings: MailSettings, incoming: Incoming) -> None:
        self.service, self.settings, self.incoming = service, settings, incoming
        self.db = service.db
        self.key = seats.check(self.db, incoming.secret)
        self.sender_id = seats.user_id(incoming.sender)
        self.name = incoming.sender_name.strip() or incoming.sender.partition("@")[0]
        # the answer goes to the seat's own address when the mail opened a seat; else to the sender
        self.answer = _Answer(self.key.address if self.key else incoming.sender,
                              self.key.game_id if self.key else None, self.key.user_id if self.key else None)
        self.applied = 0
        self.answered: int | None = None   # the game version the last order of this mail left
        self.stopped = False
        self.refused = False   # something in the mail was refused
        self.changed = False   # something in the mail changed the table

    # ---- the lines of the mail ---------------------------------------------------------------
    def run(self) -> str:
        lines = list(self.incoming.lines)
        subject = _SUBJECT_PREFIX.sub("", self.incoming.subject or "").strip()
        if subject.split(" ", 1)[0].lower() in COMMANDS and not (lines and lines[0].split(" ", 1)[0].lower()
                                                                  in COMMANDS):
            lines.insert(0, subject)
        if self.incoming.secret and self.key is None:
            self.say("The secret in this mail does not open any seat (a mistyped key, or a seat that has "
                     "changed hands since).")
            self.stopped = self.refused = True
        elif not lines:
            self.say("Herald found no order or command in your mail (quoted text and signatures are left "
                     "out). Nothing was changed.", "", HELP)
        order_number = 0
        for line in lines if not self.stopped else []:
            word = line.split(" ", 1)[0].lower()
            if word in COMMANDS:
                self.command(word, line)
            else:
                order_number += 1
                self.order(order_number, line)
        self.finish()
        return f"applied {self.applied}" if self.applied else "answered"

    def say(self, *lines: str) -> None:
        self.answer.lines.extend(lines)

    def command(self, word: str, line: str) -> None:
        try:
            with self.service.savepoint():
                getattr(self, f"do_{word}")(line)
        except (ServiceError, Refused) as error:
            self.refused = True
            self.say(f"“{line}” — not done: {error.message}")
        else:
            self.changed = self.changed or word not in ("help", "status", "choices", "map", "games", "archive")

    def _game_named(self, line: str) -> int:
        found = _GAME.search(line) or _GAME.search(self.incoming.subject or "")
        if found:
            return int(found.group(1))
        if self.key:
            return self.key.game_id
        raise Refused("Say which game, with its number, such as #12.")

    def _require_key(self, game_id: int | None = None) -> seats.SeatKey:
        if self.key is None:
            raise Refused(self._no_secret())
        if game_id is not None and game_id != self.key.game_id:
            raise Refused(f"This mail carries the secret of your seat in game #{self.key.game_id}, not #{game_id}.")
        return self.key

    def _no_secret(self) -> str:
        return ("This mail does not carry your seat's secret, so Herald cannot tell it is really from you "
                "(the sender of a mail can be forged). Reply to a mail from Herald about the game (its reply "
                "address carries the secret), or write \"key YOUR-SECRET\" in the subject.")

    # ---- commands ----------------------------------------------------------------------------
    def do_help(self, line: str) -> None:
        self.say(HELP)

    def do_new(self, line: str) -> None:
        if not self.settings.open_games:
            raise Refused("Opening games by mail is switched off here; ask the person running Herald.")
        words = line.split()[1:]
        if not words:
            ids = ", ".join(entry.id for entry in self.service.catalogue())
            raise Refused(f"Say which game: new GAME [scenario ID] [as ROLE]. Games: {ids}.")
        game, scenario, role = words[0].lower(), None, None
        rest = words[1:]
        while rest:
            word = rest.pop(0).lower()
            if word in ("scenario", "as", "seat") and rest:
                value = rest.pop(0)
                scenario, role = (value, role) if word == "scenario" else (scenario, value)
            else:
                raise Refused(f"'{word}' is not understood here: new GAME [scenario ID] [as ROLE].")
        status = self.service.create_game(game, channel=MAIL_CHANNEL, creator_id=self.sender_id,
                                          creator_name=self.name, scenario=scenario)
        self.say(f"You opened game #{status.game_id}: {status.title} ({status.scenario}), "
                 f"{plural(len(status.seats), 'seat')}. You are its game master. Others join by mailing Herald "
                 f"\"join #{status.game_id}\"; when every seat is taken, send \"start #{status.game_id}\".")
        self._join(status.game_id, role)

    def do_join(self, line: str) -> None:
        words = [w for w in line.split()[1:] if not w.startswith("#")]
        self._join(self._game_named(line), words[0] if words else None)

    def _join(self, game_id: int, role: str | None) -> None:
        seat = self.service.join(game_id, self.sender_id, self.name, role)
        secret = seats.secret_for(self.db, game_id, seat.seat, self.sender_id, self.service._now())
        self.answer.game_id, self.answer.user_id, self.answer.address = game_id, self.sender_id, self.incoming.sender
        self.say(f"You take seat {seat.seat} ({', '.join(seat.role_names)}) in game #{game_id}.",
                 f"Your seat's secret is {secret}. Every order must carry it: reply to Herald's mails about "
                 f"the game (their reply address, {self.settings.reply_address(secret)}, carries it), or write "
                 f"\"key {secret}\" in the subject. Keep it to yourself: whoever has it can play your seat.")

    def do_leave(self, line: str) -> None:
        key = self._require_key(_maybe_game(line))
        self.say(self.service.leave(key.game_id, key.user_id))

    def do_start(self, line: str) -> None:
        key = self._require_key(_maybe_game(line))
        status = self.service.start(key.game_id, key.user_id)
        self.say(f"You started game #{key.game_id} ({status.turn_label}).")

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

    def do_games(self, line: str) -> None:
        """The board (issue 32): the games played by mail and the sender's own, filtered and paged."""
        which, page = "all", 1
        for word in line.split()[1:]:
            if word.isdigit() and len(word) <= 4:
                page = int(word)
            else:
                which = word.lower()
        board = self.service.board(channels=[MAIL_CHANNEL], user_id=self.sender_id, which=which, page=page)
        lines = [f"The board ({board.which}): page {board.page} of {board.pages}, {plural(board.total, 'game')}."]
        for entry in board.entries:
            lines.append(f"#{entry.game_id} {entry.title}, {entry.status}, {entry.turn_label}; game master "
                         f"{entry.gm_name}.")
            lines.append(f"  {' · '.join(entry.players)}")
            for w in entry.waiting:
                due = (", clock stopped" if w.paused else
                       f", deadline {clock.format_time(w.deadline)}" if w.deadline is not None else "")
                lines.append(f"  Waiting for {w.role_name} ({w.user_name or 'nobody'}) since "
                             f"{clock.format_time(w.since)}{due}{' (late)' if w.late else ''}.")
            for seat in entry.open_seats:
                lines.append(f"  Open seat {seat.seat} ({', '.join(seat.role_names)}).")
            if entry.result:
                lines.append(f"  Result: {entry.result}.")
        if board.page < board.pages:
            lines.append(f"More: \"games {board.which} {board.page + 1}\".")
        self.say(*lines)

    def do_nudge(self, line: str) -> None:
        key = self._require_key(_maybe_game(line))
        names = self.service.nudge(key.game_id, key.user_id)
        self.say(f"Nudged in game #{key.game_id}: {', '.join(names)}.")

    def do_choices(self, line: str) -> None:
        self._require_key(_maybe_game(line))  # the answer lists them (see finish)

    def do_undo(self, line: str) -> None:
        key = self._require_key(_maybe_game(line))
        result = self.service.undo(key.game_id, key.user_id)
        self.applied += 1
        self.say(f"Taken back: {result.label}.")

    def do_run(self, line: str) -> None:
        """Issue 33: a run of the player's own questions answered in one line: "run ip:3 ip:1 done"; "run
        confirm" plays the run's defaults."""
        key = self._require_key(_maybe_game(line))
        words = [w for w in line.split()[1:] if not _GAME.fullmatch(w)]
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
        key = self._require_key(_maybe_game(line))
        words = [w for w in line.split()[1:] if not _GAME.fullmatch(w)]
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

    def do_view(self, line: str) -> None:
        self._words(line, mine_only=False)

    def do_hand(self, line: str) -> None:
        self._words(line, mine_only=True)

    def _words(self, line: str, mine_only: bool) -> None:
        """The game in words (Engine.describe) as the seat sees it; ``mine_only``: what is the player's own."""
        key = self._require_key(_maybe_game(line))
        sections = self.service.describe(key.game_id, key.user_id)
        if mine_only:
            sections = [s for s in sections if s.private]
        for section in sections or []:
            self.say(f"{section.title}:", *(f"  {text}" for text in section.lines))
        if not sections:
            self.say("Nothing is yours alone right now." if mine_only else "This game has no text view.")

    def do_quiet(self, line: str) -> None:
        words = line.split()[1:]
        if words not in (["on"], ["off"]):
            raise Refused("Say \"quiet on\" (a mail only when you are asked something, and a daily digest) "
                          "or \"quiet off\" (every update).")
        store.set_quiet(self.db, self.answer.address, words[0] == "on")
        self.say("Quiet: you get a mail when you are asked something, with everything since your last mail, "
                 "and a daily digest." if words[0] == "on" else "Every update of your games comes by mail.")

    def do_vacation(self, line: str) -> None:
        from bot.config import ConfigError, parse_duration

        key = self._require_key()
        words = line.split()[1:]
        if len(words) != 1:
            raise Refused("Say how long, such as \"vacation 7d\" (or \"vacation off\").")
        try:
            seconds = parse_duration(words[0], "vacation")
        except ConfigError:
            raise Refused(f"“{words[0]}” is not a length of time; say 3d, 12h or 1w (or off).") from None
        now = self.service._now()
        self.service.set_vacation(key.user_id, now + seconds if seconds else None, self.name)
        self.say(f"On vacation until {clock.format_time(now + seconds)}: your deadlines wait."
                 if seconds else "Your vacation is over: your deadlines run again.")

    def do_concede(self, line: str) -> None:
        key = self._require_key(_maybe_game(line))
        status = self.service.concede(key.game_id, key.user_id)
        self.say(f"You conceded game #{key.game_id}: {status.result.reason if status.result else 'it is over'}.")

    def do_pause(self, line: str) -> None:
        key = self._require_key(_maybe_game(line))
        self.service.pause(key.game_id, key.user_id, actor_name=self.name)
        self.say(f"Game #{key.game_id} is paused: no clock runs and nobody may play until you resume it.")

    def do_resume(self, line: str) -> None:
        key = self._require_key(_maybe_game(line))
        self.service.resume(key.game_id, key.user_id, actor_name=self.name)
        self.say(f"Game #{key.game_id} goes on; every deadline moved later by the length of the pause.")

    def do_end(self, line: str) -> None:
        key = self._require_key(_maybe_game(line))
        reason = _GAME.sub("", line.partition(" ")[2]).strip() or "ended by the game master"
        self.service.end(key.game_id, key.user_id, (), reason, actor_name=self.name)
        self.say(f"Game #{key.game_id} is over: {reason}.")

    def do_replace(self, line: str) -> None:
        key = self._require_key(_maybe_game(line))
        words = _GAME.sub("", line).split()[1:]
        if len(words) != 2 or "@" not in words[1]:
            raise Refused("Say which seat and who takes it, such as \"replace 2 carol@example.org\".")
        seat, address = words
        info = self.service.replace_seat(key.game_id, key.user_id, int(seat) if seat.isdigit() else seat,
                                         seats.user_id(address), address.partition("@")[0], actor_name=self.name)
        self.say(f"Seat {info.seat} of game #{key.game_id} now belongs to {address}; Herald sends them their "
                 "seat's secret with their next mail.")

    def do_replaceme(self, line: str) -> None:
        key = self._require_key(_maybe_game(line))
        words = _GAME.sub("", line).split()[1:]
        if words not in ([], ["off"]):
            raise Refused("Write \"replaceme\" to ask for a substitute, or \"replaceme off\" to take it back.")
        self.say(self.service.ask_substitute(key.game_id, key.user_id, withdraw=bool(words)))

    def do_volunteer(self, line: str) -> None:
        """Anyone may offer (no seat, so no secret); only the game master's acceptance seats them, and
        the seat's secret then goes to this address alone."""
        game_id = self._game_named(line)
        words = _GAME.sub("", line).split()[1:]
        if len(words) > 1:
            raise Refused("Write \"volunteer #12\", or \"volunteer #12 SEAT\" when several seats wait.")
        seat = self.service.volunteer(game_id, self.sender_id, self.name, words[0] if words else None)
        self.answer.game_id, self.answer.address = game_id, self.incoming.sender
        self.say(f"You volunteer for seat {seat.seat} ({', '.join(seat.role_names)}) in game #{game_id}. When "
                 "you are accepted, Herald mails you the seat's hand, its history and its secret.")

    def do_substitute(self, line: str) -> None:
        key = self._require_key(_maybe_game(line))
        words = _GAME.sub("", line).split()[1:]
        if len(words) > 2:
            raise Refused("Write \"substitute ADDRESS\" (and the seat, when several wait).")
        who = seats.user_id(words[0]) if words and "@" in words[0] else (words[0] if words else None)
        self.say(self.service.accept_substitute(key.game_id, key.user_id, who, words[1] if len(words) > 1 else None))
    def do_computer(self, line: str) -> None:
        """Issue 31: the game master gives a free seat to Herald's computer player before the start."""
        key = self._require_key(_maybe_game(line))
        words = _GAME.sub("", line).split()[1:]
        if not 1 <= len(words) <= 2:
            raise Refused("Say which seat and, if you like, how strongly it plays, such as \"computer 2 veteran\" "
                          f"(levels: {', '.join(self.service.robot_levels(self.service.status(key.game_id).game))}).")
        seat = int(words[0]) if words[0].isdigit() else words[0]
        level = words[1].lower() if len(words) > 1 else None
        info = self.service.seat_robot(key.game_id, key.user_id, level, seat)
        self.say(f"Herald's computer player ({robot_level(info.user_id)}) takes seat {info.seat} "
                 f"({', '.join(info.role_names)}) in game #{key.game_id}.")

    def do_follow(self, line: str) -> None:
        game_id = self._game_named(line)
        self.service.spectate(game_id, self.sender_id, self.name)
        self.answer.game_id, self.answer.address = game_id, self.incoming.sender
        self.say(f"You follow game #{game_id}: Herald mails you its public map and log at every new turn.")

    def do_unfollow(self, line: str) -> None:
        game_id = self._game_named(line)
        self.service.unspectate(game_id, self.sender_id)
        self.say(f"You no longer follow game #{game_id}.")

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

    def do_map(self, line: str) -> None:
        """A public picture of a game, attached to the answer: ``map #12 region italy`` (the same words
        as everywhere: bot/picturechoice.py); a private one (a hand) comes with each your-move mail."""
        game_id = self._game_named(line)
        words = [w for w in line.split()[1:] if not _GAME.fullmatch(w)]
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

    # ---- the answer --------------------------------------------------------------------------
    def finish(self) -> None:
        """Turn the outbox into mail; the sender's own mail about the game carries the answer first."""
        service, settings, answer = self.service, self.settings, self.answer
        if self.refused and not self.changed:
            answer.lines.append("Nothing was changed.")
        bundles = collect(service, settings)
        mine = None
        for bundle in bundles:
            if answer.game_id is not None and (bundle.game_id, bundle.address) == (answer.game_id, answer.address):
                mine = bundle
                continue
            queue_bundle(service, settings, bundle)
        if answer.game_id is not None and (answer.user_id or mine is not None):
            mine = mine or Bundle(answer.game_id, answer.address, answer.user_id or seats.user_id(answer.address))
            # the answer shows what the player may do next, even when nothing new was asked
            mine.your_move = [rc.role for rc in service.choices(answer.game_id, mine.user_id)]
            theirs = _SUBJECT_PREFIX.sub("", self.incoming.subject or "").strip() or None
            queue_bundle(service, settings, mine, answer=["Your mail:", *answer.lines] if answer.lines else None,
                         answering=self.incoming.message_id, kind="answer", pictures=answer.pictures,
                         subject=theirs)
        else:
            store.queue(self.db, domain=settings.domain, game_id=answer.game_id, address=answer.address,
                        kind="answer", private=True, now=service._now(), answering=self.incoming.message_id,
                        images=answer.pictures,
                        subject=_reply_subject(self.incoming.subject) if answer.game_id is None else
                        f"[Herald #{answer.game_id}]", body="\n".join(answer.lines) + "\n")


def _maybe_game(line: str) -> int | None:
    found = _GAME.search(line)
    return int(found.group(1)) if found else None


def _shown_at(shown: dict | None, role: str, action: str) -> int | None:
    """The version of the answered mail's choices when they listed ``action`` for ``role``: the order
    answers that question (a repeat of it is recognised); None when it named no such choice."""
    listed = ((shown or {}).get("roles") or {}).get(role)
    return int(listed.get("version", shown["version"])) if listed and action in listed.get("ids", ()) else None
