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

def subject_for(service, game_id: int | None, key: str | None, settings: MailSettings) -> str:
    """One subject for every mail of a game (mail clients thread by it); the seat's key in it only when
    reply addresses cannot carry it (plus_tags off)."""
    if game_id is None:
        return "Herald"
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
                pictures.append({"request": ImageRequest(bundle.game_id, version, pos, role, picture).to_dict(),
                                 "name": f"my-{picture}.png"})
    return lines, kept, pictures


def queue_bundle(service, settings: MailSettings, bundle: Bundle, *, answer: list[str] | None = None,
                 answering: str | None = None, kind: str | None = None,
                 pictures: list[dict[str, Any]] | None = None) -> str | None:
    """Queue the mail for one bundle (with ``answer`` lines first when it answers a player's mail).
    Returns its Message-ID, or None when there is nothing to say."""
    db, now = service.db, service._now()
    move_lines, kept, private_pictures = your_move_part(service, bundle, settings) if bundle.your_move else ([], {}, [])
    pictures = list(pictures or [])   # those the mail asked for ("map #12 region italy") first
    if settings.attach_pictures and bundle.images:
        newest = bundle.images[-1]   # the latest map of this pass (an earlier one is out of date)
        pictures.append({"request": newest, "name": "map.png" if newest.get("role") is None else "my-map.png"})
    pictures += [p for p in private_pictures if p["name"] not in {q["name"] for q in pictures}]
    sections = []
    if answer:
        sections.append("\n".join(answer))
    if bundle.lines:
        sections.append("\n".join(bundle.lines))
    if move_lines:
        sections.append("\n\n".join(move_lines))
    if not sections:
        return None
    key = seats.key_for(db, bundle.game_id, bundle.user_id, now)
    footer = HOW_TO_REPLY if key else f"You follow game #{bundle.game_id}; this mail needs no answer."
    body = "\n\n".join(sections) + "\n\n-- \n" + footer + "\n"
    private = bool(bundle.private or move_lines or answer)
    return store.queue(db, domain=settings.domain, game_id=bundle.game_id, address=bundle.address,
                       kind=kind or ("your_move" if move_lines else bundle.kinds[-1] if bundle.kinds else "answer"),
                       private=private, subject=subject_for(service, bundle.game_id, key, settings), body=body,
                       now=now, images=pictures, choices=kept, answering=answering,
                       reply_to=settings.reply_address(key) if key else None)


def fan_out(service, settings: MailSettings) -> int:
    """Turn what the outbox holds for mail into queued mail, in one transaction. Returns mails queued."""
    with service.transaction():
        return sum(1 for b in collect(service, settings) if queue_bundle(service, settings, b))
