"""Reading the mailbox through IMAP (imapclient). Mail is read without marking it (BODY.PEEK), and only
once it has been handled (its transaction committed) is it marked read, or moved to ``done_folder``: a
crash in between brings it back, and the recorded Message-ID makes that harmless."""

from __future__ import annotations

from imapclient import IMAPClient

from .settings import MailSettings
from .smtp import tls_context


class ImapMailbox:
    def __init__(self, settings: MailSettings) -> None:
        self.settings = settings
        self._client: IMAPClient | None = None

    def _connect(self) -> IMAPClient:
        s = self.settings
        client = IMAPClient(s.imap_host, port=s.imap_port, ssl=s.imap_security == "tls",
                            ssl_context=tls_context(s) if s.imap_security == "tls" else None, timeout=s.timeout)
        try:
            if s.imap_security == "starttls":
                client.starttls(ssl_context=tls_context(s))
            client.login(s.imap_user, s.imap_password)
            client.select_folder(s.imap_folder)
            if s.done_folder and not client.folder_exists(s.done_folder):
                client.create_folder(s.done_folder)
        except BaseException:
            try:
                client.shutdown()
            except Exception:
                pass
            raise
        return client

    def unread(self, limit: int = 50) -> list[tuple[int, bytes]]:
        """(uid, raw mail) of mail not yet handled, oldest first."""
        if self._client is None:
            self._client = self._connect()
        else:
            self._client.noop()   # lets the server report mail that arrived meanwhile
        # with a done_folder, whatever is still in the folder is unhandled, even if someone opened it in
        # a mail program (which marks it read); without, unread is all Herald can go by
        uids = sorted(self._client.search(["NOT", "DELETED"] if self.settings.done_folder else ["UNSEEN"]))[:limit]
        if not uids:
            return []
        fetched = self._client.fetch(uids, ["BODY.PEEK[]"])
        return [(uid, fetched[uid][b"BODY[]"]) for uid in uids if uid in fetched and b"BODY[]" in fetched[uid]]

    def done(self, uid: int) -> None:
        """The mail is handled: mark it read (and move it away when a done_folder is set)."""
        self._client.add_flags([uid], [b"\\Seen"])
        if self.settings.done_folder:
            if self._client.has_capability("MOVE"):
                self._client.move([uid], self.settings.done_folder)
            else:
                self._client.copy([uid], self.settings.done_folder)
                self._client.delete_messages([uid])
                self._client.expunge([uid]) if self._client.has_capability("UIDPLUS") else self._client.expunge()

    def close(self) -> None:
        if self._client is not None:
            try:
                self._client.logout()
            except Exception:
                pass
            self._client = None
