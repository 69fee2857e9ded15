"""Play by email (DESIGN.md §3b): a second transport over the same table service.

Modules, each small: ``settings`` (the [email] section), ``inbound`` (reading a reply: quoted text,
signatures, HTML-only mail), ``seats`` (mail players' ids and their seats' secrets), ``store`` (the mail
tables: incoming Message-IDs, the mail to send, the outbox cursor), ``compose`` (the MIME message with its
threading headers and pictures), ``orders`` (what an incoming mail asks, done in one transaction with its
answer; the session it runs is in ``session``, its commands in ``lobby``, ``playing``, ``looks``, ``master``
and ``board``, their help in ``help``), ``fanout`` (outbox messages turned into mail, and the text of
each), ``smtp`` and ``imap`` (the servers), ``transport`` (the loop run by `herald mail`).
"""
