"""TLS and logins: Herald reads by IMAP with STARTTLS and sends by SMTP with STARTTLS and AUTH, trusting a
certificate authority given in ``ca_file``; a server whose certificate is not trusted is refused."""

from __future__ import annotations

import ssl

import pytest
import trustme
from aiosmtpd.smtp import AuthResult, LoginPassword

from bot.mail.transport import MailTransport
from tests.mail.conftest import make_service
from tests.mail.servers import IMAP_PASSWORD, MailServers, Player, text_of

SMTP_USER, SMTP_PASSWORD = "herald@example.org", "smtp-test-password"


@pytest.fixture
def tls_servers(tmp_path):
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1", "localhost")
    cert_file, key_file, ca_file = tmp_path / "cert.pem", tmp_path / "key.pem", tmp_path / "ca.pem"
    cert.private_key_and_cert_chain_pem.write_to_path(str(cert_file))
    cert.private_key_pem.write_to_path(str(key_file))
    ca.cert_pem.write_to_path(str(ca_file))
    smtp_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    cert.configure_cert(smtp_tls)
    logins = []

    def authenticate(server, session, envelope, mechanism, auth_data):
        ok = isinstance(auth_data, LoginPassword) and (auth_data.login.decode(), auth_data.password.decode()) == (
            SMTP_USER, SMTP_PASSWORD)
        logins.append(ok)
        return AuthResult(success=ok)

    servers = MailServers(cert=(str(cert_file), str(key_file)), smtp_tls=smtp_tls, authenticator=authenticate)
    servers.ca_file, servers.logins = str(ca_file), logins
    yield servers
    servers.stop()


def _settings(servers, **changes):
    from bot.mail.settings import mail_settings

    raw = {"address": "herald@example.org", "imap_host": "127.0.0.1", "imap_port": servers.imap.port,
           "imap_security": "starttls", "imap_user": "herald", "smtp_host": "127.0.0.1",
           "smtp_port": servers.smtp_port, "smtp_security": "starttls", "ca_file": servers.ca_file, "timeout": "10s"}
    raw.update(changes)
    return mail_settings(raw, environ={"HERALD_IMAP_PASSWORD": IMAP_PASSWORD, "HERALD_SMTP_PASSWORD": SMTP_PASSWORD})


def test_starttls_and_logins_on_both_servers(tmp_path, tls_servers, frozen_clock):
    alice = Player(tls_servers, "alice@example.net", "Alice")
    service = make_service(tmp_path / "herald.db", frozen_clock)
    transport = MailTransport(service, _settings(tls_servers))
    tls_servers.imap.deliver(b"From: alice@example.net\r\nTo: herald@example.org\r\nSubject: help\r\n"
                             b"Message-ID: <help-1@example.net>\r\n\r\nhelp\r\n")
    transport.run_once()
    [answer] = alice.inbox()
    assert "Herald hosts slow board games by mail" in text_of(answer)
    assert tls_servers.logins == [True]
    service.close()


def test_an_untrusted_certificate_or_a_wrong_password_is_not_used(tmp_path, tls_servers, frozen_clock):
    service = make_service(tmp_path / "herald.db", frozen_clock)
    transport = MailTransport(service, _settings(tls_servers, ca_file=""))
    with pytest.raises(ssl.SSLCertVerificationError):
        transport.receive()
    from bot.mail import store

    with service.transaction():
        store.queue(service.db, domain="example.org", game_id=None, address="alice@example.net", kind="answer",
                    private=True, subject="Herald", body="hello\n", now=frozen_clock.now)
    transport.deliver()                    # the certificate is refused: kept for a retry, nothing sent
    [(attempts, error)] = service.db.execute("SELECT attempts, last_error FROM mail_outgoing").fetchall()
    assert attempts == 1 and "certificate verify failed" in error
    wrong = _settings(tls_servers, timeout="2s")   # the server keeps a refused login waiting
    transport = MailTransport(service, type(wrong)(**{**wrong.__dict__, "smtp_password": "wrong"}))
    frozen_clock.advance(3600)
    transport.deliver()
    assert tls_servers.logins == [False]
    assert service.db.execute("SELECT sent_at FROM mail_outgoing").fetchone()[0] is None
    service.close()


def test_implicit_tls_smtp(tmp_path, tls_servers, frozen_clock):
    """smtp_security = "tls" (port 465 style): TLS from the first byte."""
    from aiosmtpd.controller import Controller

    from bot.mail import store
    from tests.mail.servers import Exchange, free_port

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    trustme_ca = trustme.CA()
    trustme_ca.issue_cert("127.0.0.1").configure_cert(context)
    ca_file = tmp_path / "implicit-ca.pem"
    trustme_ca.cert_pem.write_to_path(str(ca_file))
    exchange = Exchange(tls_servers.imap)
    port = free_port()
    controller = Controller(exchange, hostname="127.0.0.1", port=port, ssl_context=context)
    controller.start()
    try:
        service = make_service(tmp_path / "herald.db", frozen_clock)
        settings = _settings(tls_servers, smtp_security="tls", smtp_port=port, ca_file=str(ca_file))
        transport = MailTransport(service, type(settings)(**{**settings.__dict__, "smtp_password": ""}))
        with service.transaction():
            store.queue(service.db, domain="example.org", game_id=None, address="alice@example.net",
                        kind="answer", private=True, subject="Herald", body="over TLS\n", now=frozen_clock.now)
        assert transport.deliver() == 1
        assert "over TLS" in text_of(exchange.inboxes["alice@example.net"][0])
        service.close()
    finally:
        controller.stop()
