"""The [email] section: documented in config.example.toml, passwords from the environment, every broken
setting refused with one line naming the key (by `herald mail` and by every command reading the file)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import ConfigError, config_from_dict
from bot.mail.settings import KNOWN_KEYS, MailSettings, mail_settings

ROOT = Path(__file__).resolve().parents[2]
GOOD = {"address": "herald@example.org", "imap_host": "imap.example.org", "smtp_host": "smtp.example.org"}


def test_every_key_is_documented_with_its_default():
    raw = tomllib.loads((ROOT / "config.example.toml").read_text())["email"]
    assert set(raw) == KNOWN_KEYS - {"imap_password", "smtp_password"}
    documented = mail_settings(raw, environ={}, require_servers=False)
    assert documented == MailSettings()


def test_passwords_come_from_the_environment_and_win_over_the_file():
    settings = mail_settings({**GOOD, "imap_password": "file"}, environ={"HERALD_EMAIL_PASSWORD": "env"})
    assert settings.imap_password == settings.smtp_password == "env"
    settings = mail_settings(GOOD, environ={"HERALD_EMAIL_PASSWORD": "both", "HERALD_SMTP_PASSWORD": "smtp"})
    assert (settings.imap_password, settings.smtp_password) == ("both", "smtp")
    assert "env" not in repr(mail_settings(GOOD, environ={"HERALD_EMAIL_PASSWORD": "env"}))
    assert settings.imap_user == settings.smtp_user == "herald@example.org"
    assert settings.reply_address("12-abc") == "herald+12-abc@example.org"


@pytest.mark.parametrize("change, words", [
    ({"address": "not an address"}, "email.address: 'not an address' is not an email address"),
    ({"address": "herald+x@example.org"}, "email.address: give the plain address"),
    ({"imap_port": "993"}, "email.imap_port: expected a port number"),
    ({"smtp_security": "ssl"}, "email.smtp_security: 'ssl' is not one of tls, starttls, none"),
    ({"imap_security": "none"}, "email.imap_security: 'none' would send the password unencrypted to imap.example.org"),
    ({"poll_interval": "soon"}, "email.poll_interval: 'soon' is not a duration"),
    ({"plus_tags": "yes"}, "email.plus_tags: expected true or false"),
    ({"imap_host": ""}, "email.imap_host: the IMAP server is needed"),
    ({"smpt_host": "x"}, "email: unknown setting(s) smpt_host"),
    ({"ca_file": "/nowhere/ca.pem"}, "email.ca_file: there is no file /nowhere/ca.pem"),
])
def test_broken_settings_are_refused_with_one_line(change, words):
    with pytest.raises(ConfigError) as error:
        mail_settings({**GOOD, **change}, environ={"HERALD_EMAIL_PASSWORD": "pw"})
    assert words in str(error.value) and "\n" not in str(error.value)


def test_no_password_is_refused_only_where_it_is_needed():
    with pytest.raises(ConfigError, match="no IMAP password; set the environment variable HERALD_EMAIL_PASSWORD"):
        mail_settings(GOOD, environ={})
    config_from_dict({"email": GOOD})   # other commands read the file without needing the password
    with pytest.raises(ConfigError, match="email.smtp_port"):
        config_from_dict({"email": {"smtp_port": 0}})


def test_herald_mail_says_what_is_wrong_in_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("HERALD_EMAIL_PASSWORD", raising=False)
    monkeypatch.delenv("HERALD_IMAP_PASSWORD", raising=False)
    config = tmp_path / "config.toml"
    config.write_text('[email]\naddress = "herald@example.org"\nimap_host = "imap.example.org"\n'
                      'smtp_host = "smtp.example.org"\n')
    assert main(["mail", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("herald mail: email: no IMAP password") and err.count("\n") == 1
    config.write_text('[email]\nimap_port = "x"\n')
    assert main(["mail", "--config", str(config)]) == 2
    assert capsys.readouterr().err.startswith("herald mail: email.imap_port: expected a port number")


def test_herald_mail_once_against_the_loopback_servers(tmp_path, servers, alice, capsys, monkeypatch):
    config = tmp_path / "config.toml"
    config.write_text(f'[database]\npath = "{tmp_path / "herald.db"}"\n[engines]\nmodules = {{ duel = "tests.support.duel" }}\n'
                      f'[email]\naddress = "herald@example.org"\nimap_host = "127.0.0.1"\nimap_port = {servers.imap.port}\n'
                      f'imap_security = "none"\nimap_user = "herald"\nsmtp_host = "127.0.0.1"\n'
                      f'smtp_port = {servers.smtp_port}\nsmtp_security = "none"\ndone_folder = "Herald/done"\n')
    monkeypatch.setenv("HERALD_IMAP_PASSWORD", "imap-test-password")
    monkeypatch.delenv("HERALD_EMAIL_PASSWORD", raising=False)
    alice.send("help")
    assert main(["mail", "--config", str(config), "--once"]) == 0
    [answer] = alice.inbox()
    assert "Herald hosts slow board games by mail" in answer.get_body().get_content()
    client = servers.imap.client()
    assert client.folder_exists("Herald/done")
    client.select_folder("Herald/done")
    assert len(client.search(["ALL"])) == 1      # handled mail moved out of the inbox
    client.logout()
    assert servers.imap.unread_count() == 0
