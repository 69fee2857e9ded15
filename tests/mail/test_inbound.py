"""Reading replies as common mail clients write them: what the player wrote is kept, the quoted mail,
reply headers and signatures are not; HTML-only mail is read; the seat's secret is found in the reply
address's +tag, the subject or a line of its own."""

from __future__ import annotations

from bot.mail.inbound import parse, strip_reply

HERALD = "herald@example.org"
KEY = "12-k7m2q9x4ab"


def mail(body: str, *, subject="Re: [Herald #12] Duel", to=f"Herald <herald+{KEY}@example.org>",
         headers: str = "", content_type="text/plain; charset=utf-8") -> bytes:
    return (f"From: Alice <Alice@Example.net>\r\nTo: {to}\r\nSubject: {subject}\r\n"
            f"Message-ID: <a1@example.net>\r\nIn-Reply-To: <herald.12.x@example.org>\r\n"
            f"References: <herald.12.root@example.org> <herald.12.x@example.org>\r\n{headers}"
            f"MIME-Version: 1.0\r\nContent-Type: {content_type}\r\n\r\n{body}").encode()


def test_gmail_reply_with_a_wrapped_header_line():
    got = parse(mail("3\r\n\r\nOn Sun, 1 Mar 2026 at 12:00, Herald <\r\nherald+12-k7m2q9x4ab@example.org> wrote:\r\n"
                     "> Your choices as Red (3):\r\n>   1. Bid 1   [bid:1]\r\n"), HERALD)
    assert got.lines == ("3",)
    assert got.secret == KEY and got.sender == "alice@example.net" and got.message_id == "<a1@example.net>"
    assert got.in_reply_to == "<herald.12.x@example.org>"
    assert got.references == ("<herald.12.root@example.org>", "<herald.12.x@example.org>")


def test_outlook_reply_above_the_original_headers():
    body = ("bid:2\r\nmove 3\r\n\r\nFrom: Herald <herald@example.org>\r\nSent: Sunday, March 1, 2026 12:00 PM\r\n"
            "To: alice@example.net\r\nSubject: [Herald #12] Duel\r\n\r\nYour choices as Red (3):\r\n")
    assert parse(mail(body), HERALD).lines == ("bid:2", "move 3")
    rule = "2\r\n________________________________\r\nFrom: Herald\r\n1. Bid 1\r\n"
    assert parse(mail(rule), HERALD).lines == ("2",)


def test_apple_mail_thunderbird_and_original_message_separators():
    for header in ("On 1 Mar 2026, at 12:00, Herald <herald@example.org> wrote:",
                   "On 01/03/2026 12:00, Herald wrote:",
                   "Le dim. 1 mars 2026 à 12:00, Herald <herald@example.org> a écrit :",
                   "-----Original Message-----"):
        assert parse(mail(f"1\r\n{header}\r\n1. Bid 1\r\n"), HERALD).lines == ("1",), header


def test_signatures_and_interleaved_quotes_are_left_out():
    assert strip_reply("2\n-- \nAlice\nRed player") == ["2"]
    assert strip_reply("bid:1\n\nSent from my iPhone") == ["bid:1"]
    assert strip_reply("> Your choices\n1\n> 2. Bid 2\nbid:3") == ["1", "bid:3"]


def test_html_only_mail_with_the_quote_in_a_gmail_quote_block():
    html = ('<html><head><style>p{color:red}</style></head><body><div dir="ltr">2<br>bid:3</div><br>'
            '<div class="gmail_quote"><div class="gmail_attr">On Sun, Herald wrote:</div>'
            '<blockquote>Your choices as Red (3): 1. Bid 1</blockquote></div></body></html>')
    got = parse(mail(html, content_type="text/html; charset=utf-8"), HERALD)
    assert got.lines == ("2", "bid:3")


def test_outlook_html_stops_at_the_reply_marker():
    html = ('<div>1&nbsp;</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> Herald</div>'
            '<div>Your choices as Red (3)</div>')
    assert parse(mail(html, content_type="text/html"), HERALD).lines == ("1",)


def test_the_secret_from_the_subject_or_a_line_when_the_tag_is_lost():
    got = parse(mail("3", to=HERALD, subject=f"Re: [Herald #12] Duel key {KEY}"), HERALD)
    assert got.secret == KEY and got.tags == ()
    got = parse(mail(f"key {KEY}\r\n3", to=HERALD), HERALD)
    assert got.secret == KEY and got.lines == ("3",)
    assert parse(mail("3", to=HERALD), HERALD).secret is None
    # a tag of another domain or another mailbox is not Herald's
    assert parse(mail("3", to=f"herald+{KEY}@elsewhere.org"), HERALD).secret is None


def test_automatic_mail_is_recognised():
    assert parse(mail("I am away", headers="Auto-Submitted: auto-replied\r\n"), HERALD).automatic
    assert parse(mail("x", headers="Precedence: bulk\r\n"), HERALD).automatic
    bounce = mail("x").replace(b"From: Alice <Alice@Example.net>", b"From: MAILER-DAEMON@example.net")
    assert parse(bounce, HERALD).automatic
    assert not parse(mail("3"), HERALD).automatic


def test_a_mail_without_message_id_gets_a_stable_one_and_nothing_malformed_raises():
    raw = mail("3").replace(b"Message-ID: <a1@example.net>\r\n", b"")
    assert parse(raw, HERALD).message_id == parse(raw, HERALD).message_id != "<a1@example.net>"
    got = parse(b"\x00\xff garbage without headers", HERALD)
    assert got.sender == ""   # read as far as it goes; without a sender it is never answered
