"""Reading an incoming mail: who sent it, what it answers, the secret it carries, and the lines the player
wrote, without quoted text, signatures or the reply headers of common clients (Gmail, Outlook, Apple
Mail, Thunderbird); HTML-only mail is turned into text first."""

from __future__ import annotations

import email
import email.policy
import hashlib
import re
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

#: a seat's secret: the game number, a dash, ten letters or digits ("12-k7m2q9x4ab")
SECRET = re.compile(r"\b(\d{1,9}-[a-z0-9]{10})\b")
SUBJECT_KEY = re.compile(r"\bkey[:\s]+(\d{1,9}-[a-z0-9]{10})\b", re.IGNORECASE)
_REPLY_HEADER = re.compile(
    r"^\s*(on|le|am|el|il|op|em)\b.*\b(wrote|a écrit|schrieb|escribió|ha scritto|schreef|escreveu)\s*:?\s*$",
    re.IGNORECASE)
_SEPARATORS = (re.compile(r"^\s*-{2,}\s*(original message|forwarded message|mensaje original|"
                          r"message d'origine|ursprüngliche nachricht)\s*-{2,}\s*$", re.IGNORECASE),
               re.compile(r"^\s*_{10,}\s*$"))                                    # Outlook's rule
_SIGNATURE = (re.compile(r"^--\s*$"),
              re.compile(r"^\s*(sent from my|sent from mail for|get outlook for|envoyé de mon|"
                         r"von meinem .* gesendet)", re.IGNORECASE))
_HEADER_LINE = re.compile(r"^\s*\*?(from|de|von|van)\s*:\*?\s", re.IGNORECASE)
_NEXT_HEADER = re.compile(r"^\s*\*?(sent|date|to|subject|envoyé|gesendet|datum|à|an|objet|betreff)\s*:",
                          re.IGNORECASE)


@dataclass(frozen=True)
class Incoming:
    message_id: str
    sender: str                    # the From address, lower-case ("" when missing)
    sender_name: str
    subject: str
    in_reply_to: str | None
    references: tuple[str, ...]
    tags: tuple[str, ...]          # +tags of Herald's own address among the recipients
    lines: tuple[str, ...]         # what the player wrote, stripped
    automatic: bool                # an auto-reply, a bounce or a list: never answered
    secret: str | None             # from a +tag, else from the subject ("key 12-..."), else the body


def _clean_id(value: str | None) -> str | None:
    if not value:
        return None
    found = re.findall(r"<[^<>\s]+>", value)
    return found[0] if found else f"<{value.strip()}>"


class _HtmlText(HTMLParser):
    """HTML to plain lines, leaving out what mail clients use for the quoted message."""

    BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "table", "ul", "ol", "pre"}
    QUOTES = ("gmail_quote", "moz-cite-prefix", "yahoo_quoted", "protonmail_quote", "divrplyfwdmsg",
              "appendonsend", "ms-outlook")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._stack: list[bool] = []   # per open element: whether it (or an ancestor) is skipped
        self.stopped = False           # after Outlook's "appendonsend" marker everything is the quote

    def _skipping(self) -> bool:
        return self.stopped or (bool(self._stack) and self._stack[-1])

    def handle_starttag(self, tag, attrs):
        marks = " ".join(str(v or "") for k, v in attrs if k in ("class", "id")).lower()
        if "appendonsend" in marks or "divrplyfwdmsg" in marks:
            self.stopped = True
        skip = self._skipping() or tag in ("blockquote", "style", "script", "head", "title") \
            or any(q in marks for q in self.QUOTES)
        if tag in self.BLOCKS:
            self.parts.append("\n")
        if tag not in ("br", "img", "hr", "meta", "link", "input"):
            self._stack.append(skip)

    def handle_endtag(self, tag):
        if tag in self.BLOCKS:
            self.parts.append("\n")
        if tag not in ("br", "img", "hr", "meta", "link", "input") and self._stack:
            self._stack.pop()

    def handle_data(self, data):
        if not self._skipping():
            self.parts.append(data)

    def text(self) -> str:
        return re.sub(r"[ \t\xa0]+", " ", "".join(self.parts))


def html_to_text(html: str) -> str:
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    return parser.text()


def body_text(message: EmailMessage) -> str:
    """The text the sender wrote: the plain part, else the HTML part turned into text."""
    try:
        part = message.get_body(preferencelist=("plain", "html"))
    except Exception:
        part = None
    if part is None:
        return ""
    try:
        content = part.get_content()
    except Exception:  # an unknown charset: read it as Latin-1 rather than not at all
        content = (part.get_payload(decode=True) or b"").decode("latin-1")
    if part.get_content_subtype() == "html":
        return html_to_text(content)
    return content


def strip_reply(text: str) -> list[str]:
    """The lines written by the sender: up to the quoted message (a reply header line, a separator, an
    Outlook header block) or the signature, leaving out lines quoted with '>'."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out: list[str] = []
    for index, line in enumerate(lines):
        joined = line + " " + (lines[index + 1] if index + 1 < len(lines) else "")
        if _REPLY_HEADER.match(line) or (line.strip().lower().startswith("on ") and not line.rstrip().endswith(":")
                                         and _REPLY_HEADER.match(joined)):
            break
        if any(p.match(line) for p in _SEPARATORS) or any(p.match(line) for p in _SIGNATURE):
            break
        if _HEADER_LINE.match(line) and any(_NEXT_HEADER.match(l) for l in lines[index + 1:index + 4]):
            break
        if line.lstrip().startswith(">"):
            continue
        out.append(line.strip())
    return [l for l in out if l]


def _automatic(message: EmailMessage, sender: str) -> bool:
    auto = str(message.get("Auto-Submitted", "no")).strip().lower()
    precedence = str(message.get("Precedence", "")).strip().lower()
    local = sender.partition("@")[0]
    return (auto != "no" or precedence in ("bulk", "junk", "list", "auto_reply")
            or message.get("X-Autoreply") is not None or message.get("X-Autorespond") is not None
            or message.get("List-Id") is not None or message.get_content_type() == "multipart/report"
            or local in ("mailer-daemon", "postmaster", "noreply", "no-reply"))


def parse(raw: bytes, herald_address: str, max_lines: int = 40) -> Incoming:
    """Read one raw mail (RFC 5322 bytes). Never raises on a malformed mail: what cannot be read is empty."""
    message = email.message_from_bytes(raw, policy=email.policy.default)
    try:
        name, sender = parseaddr(str(message.get("From", "")))
    except Exception:
        name, sender = "", ""
    sender = sender.strip().lower()
    message_id = _clean_id(str(message.get("Message-ID", ""))) or f"<sha256.{hashlib.sha256(raw).hexdigest()}@herald>"
    local, _, domain = herald_address.lower().partition("@")
    tags = []
    for header in ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To"):
        for _, addr in getaddresses([str(v) for v in message.get_all(header, [])]):
            addr_local, _, addr_domain = addr.lower().partition("@")
            if addr_domain == domain and addr_local.startswith(local + "+"):
                tags.append(addr_local[len(local) + 1:])
    subject = " ".join(str(message.get("Subject", "")).split())
    lines = strip_reply(body_text(message))[:max_lines]
    secret = next((m.group(1) for t in tags for m in [SECRET.fullmatch(t)] if m), None)
    if secret is None:
        found = SUBJECT_KEY.search(subject)
        secret = found.group(1).lower() if found else None
    if secret is None:
        for line in lines:
            found = SUBJECT_KEY.fullmatch(line.strip())
            if found:
                secret = found.group(1).lower()
                break
    lines = [l for l in lines if not SUBJECT_KEY.fullmatch(l.strip())]
    references = tuple(re.findall(r"<[^<>\s]+>", str(message.get("References", ""))))
    return Incoming(message_id, sender, name, subject, _clean_id(str(message.get("In-Reply-To", ""))),
                    references, tuple(tags), tuple(lines), _automatic(message, sender), secret)
