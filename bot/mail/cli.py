"""`herald mail`: the email transport (config.toml [email] + the password from the environment)."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading


def mail_command(args: argparse.Namespace) -> int:
    from bot.config import ConfigError, load_config
    from bot.storage import StorageError

    from .settings import mail_settings

    try:
        config = load_config(args.config)
        settings = mail_settings(config.raw.get("email"))
    except (ConfigError, ValueError) as error:
        print(f"herald mail: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
    from bot import drawing
    from bot.service import TableService

    from .transport import MailTransport

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        service = TableService(config.database_path, config)
    except StorageError as error:
        print(f"herald mail: {' '.join(str(error).split())}", file=sys.stderr)
        return 5
    transport = MailTransport(service, settings)
    drawing.start_worker(drawing.processes_setting(config.raw.get("pictures")))
    try:
        if args.once:
            transport.run_once()
            return 0
        stop = threading.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        logging.getLogger("herald.mail").info("Herald reads %s on %s and sends through %s as %s", settings.imap_folder,
                                              settings.imap_host, settings.smtp_host, settings.address)
        transport.run(stop)
        return 0
    except (OSError, Exception) as error:  # --once: a server that cannot be reached or refuses the login
        print(f"herald mail: {type(error).__name__}: {' '.join(str(error).split())}", file=sys.stderr)
        return 4
    finally:
        drawing.stop_worker()
        service.close()
