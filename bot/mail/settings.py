"""The ``[email]`` section of config.toml (documented in config.example.toml) and the passwords from the
environment. Every problem is refused with one line naming the key, before anything connects."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

PASSWORD_ENV = "HERALD_EMAIL_PASSWORD"          # both servers (the usual case: one account)
IMAP_PASSWORD_ENV = "HERALD_IMAP_PASSWORD"      # wins over the above for IMAP
SMTP_PASSWORD_ENV = "HERALD_SMTP_PASSWORD"      # wins over the above for SMTP
SECURITY = ("tls", "starttls", "none")
LOOPBACK = ("localhost", "127.0.0.1", "::1")
_ADDRESS = re.compile(r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$|^[A-Za-z0-9._%+-]+@localhost$")

KNOWN_KEYS = {"address", "name", "plus_tags", "imap_host", "imap_port", "imap_security", "imap_user",
              "imap_password", "imap_folder", "done_folder", "smtp_host", "smtp_port", "smtp_security",
              "smtp_user", "smtp_password", "ca_file", "poll_interval", "delivery_interval", "tick_interval",
              "batch", "attach_pictures", "digest_interval", "quiet", "max_orders", "open_games", "timeout"}


@dataclass(frozen=True)
class MailSettings:
    address: str = ""                 # Herald's own address: From, and the base of every reply address
    name: str = "Herald"
    plus_tags: bool = True            # reply addresses carry the seat's secret: herald+12-secret@example.org
    imap_host: str = ""
    imap_port: int = 993
    imap_security: str = "tls"
    imap_user: str = ""
    imap_password: str = field(default="", repr=False)
    imap_folder: str = "INBOX"
    done_folder: str = ""             # move handled mail there; empty: mark it read and leave it
    smtp_host: str = ""
    smtp_port: int = 587
    smtp_security: str = "starttls"
    smtp_user: str = ""
    smtp_password: str = field(default="", repr=False)
    ca_file: str = ""                 # an extra certificate authority to trust (a self-signed server)
    poll_interval: float = 30.0
    delivery_interval: float = 10.0
    tick_interval: float = 60.0
    digest_interval: float = 86400.0  # a quiet player's news not yet sent goes out after this long
    quiet: bool = True                # players are quiet unless they say "quiet off" (fanout.py)
    batch: int = 25
    attach_pictures: bool = True
    max_orders: int = 40              # order lines read from one mail
    open_games: bool = True           # anyone may open a game by mail ("new GAME")
    timeout: float = 60.0             # seconds for one network operation

    @property
    def domain(self) -> str:
        return self.address.rpartition("@")[2] or "herald.invalid"

    def reply_address(self, tag: str | None) -> str:
        """Herald's address, with ``tag`` after a plus when plus tags are on."""
        if not tag or not self.plus_tags:
            return self.address
        local, _, domain = self.address.rpartition("@")
        return f"{local}+{tag}@{domain}"


def _error(message: str):
    from bot.config import ConfigError

    return ConfigError(message)


def _duration(raw: dict[str, Any], key: str, default: str, minimum: float) -> float:
    from bot.config import parse_duration

    value = parse_duration(raw.get(key, default), f"email.{key}")
    if value < minimum:
        raise _error(f"email.{key}: at least {minimum:g} seconds, not {raw.get(key)!r}")
    return value


def _port(raw: dict[str, Any], key: str, default: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value < 65536:
        raise _error(f"email.{key}: expected a port number (1 to 65535), not {value!r}")
    return value


def _text(raw: dict[str, Any], key: str, default: str = "") -> str:
    value = raw.get(key, default)
    if not isinstance(value, str):
        raise _error(f"email.{key}: expected text in quotes, not {value!r}")
    return value.strip()


def _flag(raw: dict[str, Any], key: str, default: bool) -> bool:
    value = raw.get(key, default)
    if not isinstance(value, bool):
        raise _error(f"email.{key}: expected true or false, not {value!r}")
    return value


def _security(raw: dict[str, Any], key: str, default: str) -> str:
    value = _text(raw, key, default).lower()
    if value not in SECURITY:
        raise _error(f"email.{key}: '{value}' is not one of {', '.join(SECURITY)}")
    return value


def mail_settings(raw: dict[str, Any] | None, environ: dict[str, str] | None = None, *,
                  require_servers: bool = True) -> MailSettings:
    """Settings from the parsed ``[email]`` table; passwords from the environment win over the file.
    ``require_servers``: also insist on what `herald mail` needs to run (address, hosts); off when only
    checking a config file that other commands read."""
    raw = dict(raw or {})
    unknown = sorted(set(raw) - KNOWN_KEYS)
    if unknown:
        raise _error(f"email: unknown setting(s) {', '.join(unknown)} (known: {', '.join(sorted(KNOWN_KEYS))})")
    env = os.environ if environ is None else environ
    address = _text(raw, "address").lower()
    if address and not _ADDRESS.match(address):
        raise _error(f"email.address: '{address}' is not an email address such as herald@example.org")
    if address and "+" in address.partition("@")[0]:
        raise _error("email.address: give the plain address, without a +tag (Herald adds the tags itself)")
    shared = env.get(PASSWORD_ENV, "")
    settings = MailSettings(
        address=address,
        name=_text(raw, "name", "Herald") or "Herald",
        plus_tags=_flag(raw, "plus_tags", True),
        imap_host=_text(raw, "imap_host"),
        imap_port=_port(raw, "imap_port", 993 if _security(raw, "imap_security", "tls") == "tls" else 143),
        imap_security=_security(raw, "imap_security", "tls"),
        imap_user=_text(raw, "imap_user") or address,
        imap_password=env.get(IMAP_PASSWORD_ENV) or shared or _text(raw, "imap_password"),
        imap_folder=_text(raw, "imap_folder", "INBOX") or "INBOX",
        done_folder=_text(raw, "done_folder"),
        smtp_host=_text(raw, "smtp_host"),
        smtp_port=_port(raw, "smtp_port", {"tls": 465, "starttls": 587, "none": 25}[
            _security(raw, "smtp_security", "starttls")]),
        smtp_security=_security(raw, "smtp_security", "starttls"),
        smtp_user=_text(raw, "smtp_user") or address,
        smtp_password=env.get(SMTP_PASSWORD_ENV) or shared or _text(raw, "smtp_password"),
        ca_file=_text(raw, "ca_file"),
        poll_interval=_duration(raw, "poll_interval", "30s", 1),
        delivery_interval=_duration(raw, "delivery_interval", "10s", 1),
        tick_interval=_duration(raw, "tick_interval", "60s", 5),
        digest_interval=_duration(raw, "digest_interval", "24h", 60),
        batch=_whole(raw, "batch", 25),
        attach_pictures=_flag(raw, "attach_pictures", True),
        quiet=_flag(raw, "quiet", True),
        max_orders=_whole(raw, "max_orders", 40),
        open_games=_flag(raw, "open_games", True),
        timeout=_duration(raw, "timeout", "60s", 1),
    )
    if settings.ca_file and not os.path.isfile(settings.ca_file):
        raise _error(f"email.ca_file: there is no file {settings.ca_file}")
    if require_servers:
        check_runnable(settings)
    return settings


def _whole(raw: dict[str, Any], key: str, default: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _error(f"email.{key}: expected a whole number of at least 1, not {value!r}")
    return value


def check_runnable(settings: MailSettings) -> None:
    """What `herald mail` needs: Herald's address, both servers, and no password sent in clear text
    to another machine."""
    if not settings.address:
        raise _error("email.address: Herald's own address is needed, such as herald@example.org")
    for server in ("imap", "smtp"):
        host = getattr(settings, f"{server}_host")
        if not host:
            raise _error(f"email.{server}_host: the {server.upper()} server is needed, such as "
                         f"{server}.example.org")
        if getattr(settings, f"{server}_security") == "none" and host not in LOOPBACK:
            raise _error(f"email.{server}_security: 'none' would send the password unencrypted to {host}; "
                         "use 'tls' or 'starttls' ('none' is only for a server on this machine)")
    if not settings.imap_password:
        raise _error(f"email: no IMAP password; set the environment variable {PASSWORD_ENV} (or "
                     f"{IMAP_PASSWORD_ENV}), e.g. an app password of the mailbox")
