"""Real mail servers on the loopback address for the mail tests: an IMAP server (pymap, its in-memory
backend, in a subprocess) holding Herald's mailbox, and an SMTP server (aiosmtpd) acting as the mail
exchange: mail to Herald's address (any +tag) is appended to Herald's IMAP mailbox, mail to anyone else
is kept in that address's inbox here, where the test reads it as a player would."""

from __future__ import annotations

import email
import email.policy
import itertools
import smtplib
import socket
import subprocess
import sys
import threading
import time
from collections import defaultdict
from email.message import EmailMessage
from email.utils import make_msgid

from aiosmtpd.controller import Controller
from imapclient import IMAPClient

HERALD = "herald@example.org"
IMAP_USER, IMAP_PASSWORD = "herald", "imap-test-password"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ImapServer:
    """pymap's in-memory backend, one user (Herald), on a free loopback port."""

    def __init__(self, cert: tuple[str, str] | None = None) -> None:
        """``cert``: (certificate file, key file) to offer STARTTLS with; without, no TLS."""
        self.port = free_port()
        tls = ["--cert", cert[0], "--key", cert[1]] if cert else ["--no-tls"]
        self.process = subprocess.Popen(
            [sys.executable, "-c", "import sys; from pymap.main import main; sys.exit(main())",
             "--host", "127.0.0.1", "--port", str(self.port), *tls,
             "dict", "--demo-user", IMAP_USER, "--demo-password", IMAP_PASSWORD],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("pymap did not start: " + self.process.stderr.read().decode()[-2000:])
                time.sleep(0.05)
        self._client: IMAPClient | None = None
        self._lock = threading.Lock()

    def client(self) -> IMAPClient:
        client = IMAPClient("127.0.0.1", port=self.port, ssl=False, timeout=10)
        client.login(IMAP_USER, IMAP_PASSWORD)
        return client

    def deliver(self, raw: bytes) -> None:
        """Put a mail into Herald's INBOX, as the provider's mail exchange would."""
        with self._lock:
            if self._client is None:
                self._client = self.client()
            self._client.append("INBOX", raw)

    def unread_count(self) -> int:
        client = self.client()
        try:
            client.select_folder("INBOX")
            return len(client.search(["UNSEEN"]))
        finally:
            client.logout()

    def stop(self) -> None:
        if self._client is not None:
            try:
                self._client.logout()
            except Exception:
                pass
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Exchange:
    """aiosmtpd handler: routes each recipient's copy to Herald's IMAP mailbox or a player's inbox."""

    def __init__(self, imap: ImapServer) -> None:
        self.imap = imap
        self.inboxes: dict[str, list[EmailMessage]] = defaultdict(list)
        self.accepted = 0
        self.refuse: set[str] = set()     # addresses answered "550 no such user"
        self.lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower() in self.refuse:
            return "550 5.1.1 no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content
        local, _, domain = HERALD.partition("@")
        for rcpt in envelope.rcpt_tos:
            r_local, _, r_domain = rcpt.lower().partition("@")
            if r_domain == domain and r_local.split("+")[0] == local:
                copy = b"Delivered-To: " + rcpt.encode() + b"\r\n" + raw
                self.imap.deliver(copy)
            else:
                with self.lock:
                    self.inboxes[rcpt.lower()].append(
                        email.message_from_bytes(raw, policy=email.policy.default))
        with self.lock:
            self.accepted += 1
        return "250 OK"


class MailServers:
    def __init__(self, cert: tuple[str, str] | None = None, smtp_tls=None, authenticator=None) -> None:
        """Plain servers by default; with ``cert`` (IMAP) and ``smtp_tls`` (an ssl context) both offer
        STARTTLS, and SMTP asks for it and for a login (``authenticator``) before taking mail."""
        self.imap = ImapServer(cert)
        self.exchange = Exchange(self.imap)
        self.smtp_port = free_port()
        options = {} if smtp_tls is None else {"tls_context": smtp_tls, "require_starttls": True,
                                               "auth_require_tls": True, "authenticator": authenticator,
                                               "auth_required": True}
        self.controller = Controller(self.exchange, hostname="127.0.0.1", port=self.smtp_port, **options)
        self.controller.start()

    def settings(self, **overrides):
        from bot.mail.settings import mail_settings

        raw = {"address": HERALD, "imap_host": "127.0.0.1", "imap_port": self.imap.port, "imap_security": "none", "imap_user": IMAP_USER,
               "smtp_host": "127.0.0.1", "smtp_port": self.smtp_port, "smtp_security": "none", "timeout": "10s",
               "quiet": False}   # every update, as these tests check each; test_mails_per_turn plays quiet
        raw.update(overrides)
        return mail_settings(raw, environ={"HERALD_IMAP_PASSWORD": IMAP_PASSWORD})

    def inbox(self, address: str) -> list[EmailMessage]:
        with self.exchange.lock:
            return list(self.exchange.inboxes[address.lower()])

    def stop(self) -> None:
        self.controller.stop()
        self.imap.stop()


_ids = itertools.count(1)


class Player:
    """Someone playing by mail: reads their inbox here, writes through the SMTP server."""

    def __init__(self, servers: MailServers, address: str, name: str) -> None:
        self.servers, self.address, self.name = servers, address, name
        self.read = 0

    def inbox(self) -> list[EmailMessage]:
        return self.servers.inbox(self.address)

    def new_mail(self) -> list[EmailMessage]:
        mails = self.inbox()
        fresh = mails[self.read:]
        self.read = len(mails)
        return fresh

    def send(self, body: str, *, subject: str = "Herald", answering: EmailMessage | None = None,
             to: str | None = None, sender: str | None = None, message_id: str | None = None,
             quote: bool = True, html: str | None = None) -> str:
        """Mail Herald (the Reply-To of ``answering`` when replying, as a mail client does), quoting the
        mail answered below the reply as Gmail does. Returns the Message-ID."""
        message = EmailMessage()
        message["From"] = f"{self.name} <{sender or self.address}>"
        target = to or (str(answering["Reply-To"] or answering["From"]) if answering is not None else HERALD)
        message["To"] = target
        message["Subject"] = ("Re: " + str(answering["Subject"])) if answering is not None else subject
        message["Message-ID"] = message_id or make_msgid(f"p{next(_ids)}", domain=(sender or self.address).split("@")[1])
        if answering is not None:
            message["In-Reply-To"] = answering["Message-ID"]
            message["References"] = " ".join(filter(None, [str(answering.get("References", "")),
                                                           str(answering["Message-ID"])]))
        text = body
        if answering is not None and quote:
            original = answering.get_body(preferencelist=("plain",)).get_content()
            text += (f"\n\nOn Sun, 1 Mar 2026 at 12:00, Herald <{HERALD}> wrote:\n"
                     + "\n".join("> " + line for line in original.splitlines()))
        if html is not None:   # an HTML-only mail, as some clients send
            message.set_content(html, subtype="html")
        else:
            message.set_content(text)
        with smtplib.SMTP("127.0.0.1", self.servers.smtp_port, timeout=10) as smtp:
            smtp.send_message(message)
        return str(message["Message-ID"])


def text_of(message: EmailMessage) -> str:
    return message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def pictures_of(message: EmailMessage) -> list[tuple[str, bytes]]:
    return [(part.get_filename(), part.get_content()) for part in message.iter_attachments()]
