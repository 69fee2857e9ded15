"""Outbox messages turned into mail (inside the caller's transaction).

The outbox is shared with the Discord layer, which delivers channel posts and Discord users' DMs and marks
them; mail reads it with a cursor of its own (outbox ids grow in commit order: every write holds SQLite's
write lock), so both transports can run at once on one database and neither hides a message from the
other. For each game, everything one address should read in a pass becomes one mail:

* channel (public) messages go to every mail player seated in the game;
* messages to a mail user, or to a role a mail player holds, go to that player alone (followers' public
  digests come this way too);
* a "your move" lists the role's numbered choices with their ids (kept with the mail, so a reply's number
  means what that mail showed) and brings the private map and hand picture of that role.

A message addressed only to mail (a mail game's channel, a mail player) is marked delivered in the outbox.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot import clock
from bot.outbox import ImageRequest
from bot.service import ServiceError

from . import seats, store
from .settings import MailSettings

#: the channel of games opened by mail: no other transport posts there
MAIL_CHANNEL = "mail"
#: outbox rows read in one pass (a pass repeats until the outbox is read)
PASS_ROWS = 500


@dataclass
class Bundle:
    game_id: int
    address: str
    user_id: str
    lines: list[str] = field(default_factory=list)
    images: list[dict[str, Any]] = field(default_factory=list)
    your_move: list[str] = field(default_factory=list)          # roles asked to move
    private: bool = False
    kinds: list[str] = field(default_factory=list)


def collect(service, settings: MailSettings) -> list[Bundle]:
    """Read the outbox past the cursor, advance it, and return what each mail player should read, per
    game and address, in order."""
    db = service.db
    bundles: dict[tuple[int, str], Bundle] = {}
    while True:
        start = store.cursor(db)
        rows = db.execute("SELECT id, game_id, kind, target_kind, target, private, role, text, image FROM outbox "
                          "WHERE id > ? ORDER BY id LIMIT ?", [start, PASS_ROWS]).fetchall()
        if not rows:
            break
        for outbox_id, game_id, kind, target_kind, target, private, role, text, image in rows:
            if game_id is None:
                continue
            recipients, only_mail = _recipients(db, game_id, target_kind, target)
            for user in recipients:
                address = seats.address_of(user)
                bundle = bundles.setdefault((game_id, address), Bundle(game_id, address, user))
                _add(bundle, kind, bool(private), role, text, image)
            if recipients and only_mail:
                db.execute("UPDATE outbox SET delivered_at = ?, external_ref = 'mail', dead = 0 WHERE id = ? AND "
                           "delivered_at IS NULL", [service._now(), outbox_id])
        store.set_cursor(db, rows[-1][0])
    return list(bundles.values())


def _recipients(db, game_id: int, target_kind: str, target: str) -> tuple[list[str], bool]:
    """(mail users to send it to, whether mail is its only destination)."""
    if target_kind == "channel":
        users = [u for u, _ in seats.mail_players(db, game_id)]
        return users, target == MAIL_CHANNEL
    if target_kind == "role":
        row = db.execute("SELECT s.user_id FROM seats AS s, json_each(s.roles) AS r WHERE s.game_id = ? AND "
                         "r.value = ? LIMIT 1", [game_id, target]).fetchone()
        target = row[0] if row else None
    return ([target], True) if seats.address_of(target) else ([], False)


def _add(bundle: Bundle, kind: str, private: bool, role: str | None, text: str, image: str | None) -> None:
    bundle.kinds.append(kind)
    bundle.private = bundle.private or private
    if kind == "your_move" and role:
        bundle.your_move.append(role)
    if text:
        if private and kind == "private_log":
            body = text.split(": ", 1)[1] if text.startswith(f"Game #{bundle.game_id}: ") else text
            bundle.lines += [f"(only you) {line}" for line in body.split("\n") if line]
        elif kind != "your_move":
            bundle.lines.append(text)
    if image:
        bundle.images.append(json.loads(image))


# ---- the text of a mail ---------------------------------------------------------------------------

def subject_for(service, game_id: int | None, key: str | None, settings: MailSettings,
                address: str | None = None, theirs: str | None = None) -> str:
    """One subject for every mail of a game to one address (mail clients thread by it): the thread's own
    (the player's subject when their mail opened it, ``theirs``), else "[Herald #12] title"; the seat's key
    in it only when reply addresses cannot carry it (plus_tags off)."""
    if game_id is None:
        return "Herald"
    subject = (store.thread_subject(service.db, game_id, address) if address else None) or theirs
    if not subject:
        try:
            status = service.status(game_id)
            subject = f"[Herald #{game_id}] {status.title}"
        except ServiceError:
            subject = f"[Herald #{game_id}]"
    if key and not settings.plus_tags:
        subject += f" [key {key}]"
    return subject


def choices_text(rc) -> tuple[str, dict[str, Any]]:
    """A role's choices, numbered from 1 with their ids, and what to keep to read a reply's numbers."""
    lines = [f"Your choices as {rc.role_name} ({len(rc.actions)}):"]
    if rc.kind == "secret":
        lines.append("Secret choice: nobody sees it until everyone has chosen.")
    elif rc.kind == "reaction":
        lines.append("You may respond now, or pass.")
    width = len(str(len(rc.actions)))
    heading = ""
    for number, action in enumerate(rc.actions, start=1):   # arranged: each group together, in order
        if action.group != heading:
            head, _, part = action.group.partition(" › ")
            if head and head != heading.partition(" › ")[0]:
                lines.append(f"  {head}:")
            if part:
                lines.append(f"   {part}:")
            elif not head and heading:
                lines.append("  Or:")
            heading = action.group
        lines.append(f"  {number:>{width}}. {action.label}   [{action.id}]")
        if action.hint:   # the card's effect, or why it cannot be used now
            lines.append(f"  {' ' * width}  {action.hint}")
    if rc.paused:
        lines.append("Deadline: clock stopped (the game is paused, or you are away).")
    elif rc.deadline:
        lines.append(f"Deadline: {clock.format_time(rc.deadline)}.")
    return "\n".join(lines), {"role": rc.role, "version": rc.version, "ids": [a.id for a in rc.actions]}


HOW_TO_REPLY = ("Reply to this mail with the number or the id of your choice, or several orders one per line "
                "(numbers after the first count in the choices as they stand by then). Other commands: "
                "choices, status, undo, help. Your reply address carries your seat's secret: answer Herald's "
                "mails, and do not forward them.")


def your_move_part(service, bundle: Bundle, settings: MailSettings) -> tuple[list[str], dict[str, Any],
                                                                                list[dict[str, Any]]]:
    """The "your move" of a bundle as it stands now: text, the choices kept, and the pictures."""
    lines: list[str] = []
    kept: dict[str, Any] = {}
    pictures: list[dict[str, Any]] = []
    try:
        status = service.status(bundle.game_id)
        current = [rc for rc in service.choices(bundle.game_id, bundle.user_id) if rc.role in bundle.your_move]
    except ServiceError:
        return lines, kept, pictures
    if not current:
        return lines, kept, pictures  # already played (or the seat changed hands): nothing to ask
    kept = {"version": status.version, "roles": {}}
    for rc in current:
        text, snapshot = choices_text(rc)
        lines += [f"Your move in game #{bundle.game_id} ({status.title}, {status.turn_label}) as {rc.role_name}: "
                  f"{rc.prompt}", text]
        kept["roles"][rc.role] = snapshot
    if settings.attach_pictures:
        version, pos = service.db.execute("SELECT version, log_length FROM games WHERE id = ?",
                                          [bundle.game_id]).fetchone()
        kinds = service.picture_manifest(bundle.game_id)   # the main picture, and those every prompt brings
        role = current[0].role
        for picture in [k.id for i, k in enumerate(kinds) if i == 0 or k.with_prompt]:
                request = ImageRequest(bundle.game_id, version, pos, role, picture).to_dict()
                pictures.append({"request": request, "name": picture_name(request)})
    return lines, kept, pictures


def picture_name(request: dict[str, Any]) -> str:
    """A picture's attachment name, from what it shows: ``map.png`` (public), ``my-map.png``,
    ``my-battle.png``, ``region-italy.png``... so no picture hides another of the same mail."""
    params = "".join(f"-{v}" for _, v in request.get("params") or ())
    return f"{'my-' if request.get('role') else ''}{request.get('picture') or 'map'}{params}.png"


def _pictures(asked: list[dict[str, Any]], current: list[dict[str, Any]],
              logged: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The pictures of one mail, each under its own name: those asked for, those of the question now,
    then the newest of each kind the log brought (an older one of the same kind is out of date)."""
    out: dict[str, dict[str, Any]] = {}
    for item in [*asked, *current]:
        out.setdefault(item["name"], item)
    for request in reversed(logged):
        out.setdefault(picture_name(request), {"request": request, "name": picture_name(request)})
    return list(out.values())


def _may_hold(service, settings: MailSettings, bundle: Bundle) -> bool:
    """A quiet player's news waits for their next question (or the daily digest) while the game goes on."""
    if not store.quiet(service.db, bundle.address, settings.quiet):
        return False
    try:
        status = service.status(bundle.game_id)
    except ServiceError:
        return False
    return status.status == "active" and any(seat.user_id == bundle.user_id for seat in status.seats)


def queue_bundle(service, settings: MailSettings, bundle: Bundle, *, answer: list[str] | None = None,
                 answering: str | None = None, kind: str | None = None,
                 pictures: list[dict[str, Any]] | None = None, subject: str | None = None,
                 digest: bool = False) -> str | None:
    """Queue the mail for one bundle (with ``answer`` lines first when it answers a player's mail), with
    what was held for a quiet player since their last mail. A quiet player's bundle that asks nothing is
    held instead (None is returned, as when there is nothing to say); else its Message-ID."""
    db, now = service.db, service._now()
    move_lines, kept, private_pictures = your_move_part(service, bundle, settings) if bundle.your_move else ([], {}, [])
    if not (move_lines or answer or digest) and (bundle.lines or bundle.images) and _may_hold(service, settings, bundle):
        store.hold(db, bundle.game_id, bundle.address, bundle.lines, bundle.images, bundle.private, now)
        return None
    held_lines, held_images, held_private = store.take_held(db, bundle.game_id, bundle.address)
    lines = held_lines + bundle.lines
    pictures = _pictures(list(pictures or []), private_pictures,
                         held_images + bundle.images if settings.attach_pictures else [])
    sections = []
    if answer:
        sections.append("\n".join(answer))
    if lines:
        heading = "Since your last mail:" if held_lines else ""
        sections.append("\n".join([heading, *lines] if heading else lines))
    if move_lines:
        sections.append("\n\n".join(move_lines))
    if not sections:
        return None
    if digest:
        sections.insert(0, f"Your daily digest of game #{bundle.game_id}: nothing is asked of you now.")
    key = seats.key_for(db, bundle.game_id, bundle.user_id, now)
    footer = HOW_TO_REPLY if key else f"You follow game #{bundle.game_id}; this mail needs no answer."
    body = "\n\n".join(sections) + "\n\n-- \n" + footer + "\n"
    private = bool(bundle.private or held_private or move_lines or answer)
    return store.queue(db, domain=settings.domain, game_id=bundle.game_id, address=bundle.address,
                       kind=kind or ("your_move" if move_lines else "digest" if digest
                                     else bundle.kinds[-1] if bundle.kinds else "answer"),
                       private=private, subject=subject_for(service, bundle.game_id, key, settings,
                                                            bundle.address, subject),
                       body=body, now=now, images=pictures, choices=kept, answering=answering,
                       reply_to=settings.reply_address(key) if key else None)


def send_digests(service, settings: MailSettings) -> int:
    """The daily digest: what a quiet player was not sent because nothing was asked of them, once the
    oldest of it is a day old."""
    count = 0
    for game_id, address in store.held_since(service.db, service._now() - settings.digest_interval):
        bundle = Bundle(game_id, address, seats.user_id(address))
        count += queue_bundle(service, settings, bundle, digest=True) is not None
    return count


def fan_out(service, settings: MailSettings) -> int:
    """Turn what the outbox holds for mail into queued mail, in one transaction. Returns mails queued."""
    with service.transaction():
        queued = sum(1 for b in collect(service, settings) if queue_bundle(service, settings, b))
        return queued + send_digests(service, settings)
