"""Sending through SMTP (the standard library's smtplib) with TLS ("tls": implicit, port 465;
"starttls": port 587) and a login; "none" only for a server on this machine."""

from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage

from .settings import MailSettings


class PermanentFailure(Exception):
    """The server refused this mail for good (a 5xx answer): retrying cannot help."""


def tls_context(settings: MailSettings) -> ssl.SSLContext:
    context = ssl.create_default_context()
    if settings.ca_file:
        context.load_verify_locations(cafile=settings.ca_file)
    return context


class SmtpSender:
    """One connection, opened on first use and reused for a round of deliveries."""

    def __init__(self, settings: MailSettings) -> None:
        self.settings = settings
        self._smtp: smtplib.SMTP | None = None

    def _connect(self) -> smtplib.SMTP:
        s = self.settings
        if s.smtp_security == "tls":
            smtp = smtplib.SMTP_SSL(s.smtp_host, s.smtp_port, timeout=s.timeout, context=tls_context(s))
        else:
            smtp = smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=s.timeout)
        try:
            if s.smtp_security == "starttls":
                smtp.starttls(context=tls_context(s))
            if s.smtp_password:
                smtp.login(s.smtp_user, s.smtp_password)
        except BaseException:
            smtp.close()
            raise
        return smtp

    def send(self, message: EmailMessage, to: str) -> None:
        """Hand one mail to the server. Raises PermanentFailure for a refusal no retry can cure, any other
        exception for a failure worth retrying."""
        if self._smtp is None:
            self._smtp = self._connect()
        try:
            refused = self._smtp.send_message(message, from_addr=self.settings.address, to_addrs=[to])
        except smtplib.SMTPRecipientsRefused as error:
            code, text = next(iter(error.recipients.values()))
            if code >= 500:
                raise PermanentFailure(f"{code} {text!r}") from None
            raise
        except smtplib.SMTPResponseException as error:
            if error.smtp_code >= 500 and not isinstance(error, smtplib.SMTPSenderRefused):
                raise PermanentFailure(f"{error.smtp_code} {error.smtp_error!r}") from None
            self.close()
            raise
        except (smtplib.SMTPException, OSError):
            self.close()
            raise
        if refused:
            raise PermanentFailure(str(refused))

    def close(self) -> None:
        if self._smtp is not None:
            try:
                self._smtp.quit()
            except Exception:
                pass
            self._smtp = None
