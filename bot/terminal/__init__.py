"""The local console's parts (`herald local`), one group of commands each, assembled into
:class:`bot.console.Console`: :mod:`.session` (running lines and scripts, printing messages),
:mod:`.lobby`, :mod:`.playing`, :mod:`.looks`, :mod:`.admin`, and :mod:`.help` (built from
bot/commandspec.py)."""
