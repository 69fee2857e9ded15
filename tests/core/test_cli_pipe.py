"""`herald ... | head`: when the reader of its output goes away, herald stops without a traceback."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_closed_output_pipe_ends_the_console_without_a_traceback(tmp_path):
    commands = "catalogue\n" * 400
    code = ("import sys; from bot.cli import main; "
            f"sys.exit(main(['local', '--db', {str(tmp_path / 'pipe.db')!r}, '--config', {str(tmp_path / 'no.toml')!r}]))")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()          # read a little, then go away, as `head -1` does
    proc.stdout.close()
    _, err = proc.communicate(input=commands.encode(), timeout=120)
    assert b"Traceback" not in err and b"BrokenPipeError" not in err, err.decode()[-2000:]
    assert proc.returncode == 1
