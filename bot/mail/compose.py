"""The MIME message of a queued mail: From, To, Reply-To (carrying the seat's secret), one stable
Message-ID for every retry, In-Reply-To and References so that a game is one thread, and the pictures
as PNG attachments."""

from __future__ import annotations

import datetime as _dt
from email.message import EmailMessage
from email.utils import format_datetime, formataddr

from .settings import MailSettings
from .store import Outgoing


def build(mail: Outgoing, settings: MailSettings, pictures: list[tuple[str, bytes]], now: float,
          notes: list[str] = ()) -> EmailMessage:
    message = EmailMessage()
    message["From"] = formataddr((settings.name, settings.address))
    message["To"] = mail.address
    if mail.reply_to:
        message["Reply-To"] = formataddr((settings.name, mail.reply_to))
    message["Subject"] = mail.subject if not mail.in_reply_to or mail.subject.lower().startswith("re:") \
        else f"Re: {mail.subject}"
    message["Date"] = format_datetime(_dt.datetime.fromtimestamp(mail.created_at or now, _dt.timezone.utc))
    message["Message-ID"] = mail.message_id
    if mail.in_reply_to:
        message["In-Reply-To"] = mail.in_reply_to
    if mail.references:
        message["References"] = " ".join(mail.references)
    # RFC 3834: an automatic answer; well-behaved auto-responders do not answer it (no mail loops)
    message["Auto-Submitted"] = "auto-replied" if mail.kind == "answer" else "auto-generated"
    message["X-Herald-Game"] = str(mail.game_id or "")
    body = mail.body
    if notes:
        body += "\n" + "\n".join(notes) + "\n"
    message.set_content(body)
    for name, data in pictures:
        if name.endswith(".html"):   # an archive page: UTF-8 text, named so (mail programs decode it so)
            message.add_attachment(data.decode("utf-8"), subtype="html", charset="utf-8", filename=name)
        else:
            message.add_attachment(data, maintype="image", subtype="png", filename=name)
    return message
