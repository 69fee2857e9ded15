"""The email transport run by `herald mail`: read the mailbox, handle each mail (bot.mail.orders), turn the
outbox into mail (bot.mail.fanout), send what is queued, and run the service's tick for deadlines and
reminders, each on its own interval.

Sending is at least once, shown once: each queued mail has its Message-ID from the moment it is queued,
so a mail sent again after a crash (sent, but not yet marked) carries the same Message-ID and mail
clients show it once. A failure is retried with the outbox's backoff; a refusal for good (a 5xx answer:
no such mailbox) is given up and kept with the reason.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

from bot.outbox import ImageRequest
from bot.service import ServiceError

from . import compose, fanout, inbound, orders, store
from .settings import MailSettings
from .smtp import PermanentFailure, SmtpSender

log = logging.getLogger("herald.mail")


class MailTransport:
    def __init__(self, service, settings: MailSettings, *, mailbox=None, sender=None) -> None:
        from .imap import ImapMailbox

        self.service = service
        self.settings = settings
        self.mailbox = mailbox if mailbox is not None else ImapMailbox(settings)
        self.sender = sender if sender is not None else SmtpSender(settings)
        #: test hook: called after a mail's transaction commits, before the mailbox is told it is handled
        self.after_handled: Callable[[str], None] | None = None
        #: test hook: called after the SMTP server accepted a mail, before it is marked sent
        self.after_sent: Callable[[store.Outgoing], None] | None = None

    # ---- one round of each duty --------------------------------------------------------------
    def receive(self) -> int:
        """Handle every unread mail; returns how many were read."""
        count = 0
        for uid, raw in self.mailbox.unread(self.settings.batch):
            incoming = inbound.parse(raw, self.settings.address, self.settings.max_orders)
            outcome = orders.handle(self.service, self.settings, incoming)
            log.info("mail %s from %s: %s", incoming.message_id, incoming.sender, outcome)
            if self.after_handled is not None:
                self.after_handled(incoming.message_id)
            self.mailbox.done(uid)
            count += 1
        return count

    def fan_out(self) -> int:
        return fanout.fan_out(self.service, self.settings)

    def deliver(self) -> int:
        """Send what is due; returns how many mails the server accepted."""
        sent = 0
        stopped: set[str] = set()
        try:
            while True:
                with self.service.transaction():
                    due = [m for m in store.pending(self.service.db, self.service._now(), self.settings.batch)
                           if m.address not in stopped]
                if not due:
                    return sent
                for mail in due:
                    if mail.address in stopped:
                        continue
                    if not self._send_one(mail):
                        stopped.add(mail.address)
                        continue
                    sent += 1
        finally:
            self.sender.close()

    def _send_one(self, mail: store.Outgoing) -> bool:
        pictures, notes = self._pictures(mail)
        message = compose.build(mail, self.settings, pictures, self.service._now(), notes)
        try:
            self.sender.send(message, mail.address)
        except PermanentFailure as error:
            log.warning("mail %s to %s refused for good: %s", mail.message_id, mail.address, error)
            with self.service.transaction():
                store.give_up(self.service.db, mail.id, str(error))
            return False
        except Exception as error:
            log.warning("mail %s to %s not sent (retried later): %s", mail.message_id, mail.address, error)
            config = self.service.config
            with self.service.transaction():
                store.mark_failed(self.service.db, mail.id, f"{type(error).__name__}: {error}", self.service._now(),
                                  config.outbox_backoff_base, config.outbox_backoff_max, config.outbox_max_attempts)
            return False
        if self.after_sent is not None:
            self.after_sent(mail)
        with self.service.transaction():
            store.mark_sent(self.service.db, mail.id, self.service._now())
        return True

    def _pictures(self, mail: store.Outgoing) -> tuple[list[tuple[str, bytes]], list[str]]:
        pictures, notes = [], []
        for item in mail.images:
            try:
                if "archive" in item:   # the game's archive page (asked for with "archive #12")
                    data = self.service.archive(item["archive"]).data
                else:
                    data = self.service.render_image(ImageRequest.from_dict(item["request"]))
            except ServiceError as error:
                notes.append(f"({item['name']} is missing: {error.message})")
                continue
            pictures.append((item["name"], data))
        return pictures, notes

    def tick(self) -> None:
        report = self.service.tick()
        for note in getattr(report, "notes", []):
            log.warning("tick: %s", note)

    def run_once(self) -> None:
        """One round: read the mailbox, turn the outbox into mail, send."""
        self.receive()
        self.fan_out()
        self.deliver()

    # ---- the loop ----------------------------------------------------------------------------
    def run(self, stop: threading.Event | None = None) -> None:
        """Until ``stop`` is set: each duty on its interval; a failing server is retried with a growing
        pause (up to five minutes), the others go on."""
        stop = stop or threading.Event()
        s = self.settings
        duties = [(self.receive, s.poll_interval), (self.tick, s.tick_interval),
                  (lambda: (self.fan_out(), self.deliver()), s.delivery_interval)]
        next_at = [0.0] * len(duties)
        failures = [0] * len(duties)
        while not stop.is_set():
            now = time.monotonic()
            for index, (duty, interval) in enumerate(duties):
                if now < next_at[index]:
                    continue
                try:
                    duty()
                    failures[index] = 0
                    next_at[index] = now + interval
                except Exception as error:
                    failures[index] += 1
                    pause = min(interval * 2 ** failures[index], 300.0)
                    log.warning("%s failed (%s: %s); trying again in %.0fs", getattr(duty, "__name__", "delivery"),
                                type(error).__name__, error, pause)
                    if index == 0:
                        self.mailbox.close()
                    next_at[index] = now + pause
            stop.wait(max(0.2, min(next_at) - time.monotonic()))
        self.mailbox.close()
        self.sender.close()
