"""The archive of a whole Richard III and a whole Crown of Roses game opens in a real headless browser
(Debian's Chromium, which .ci/run installs) with every picture loading (issue 32, acceptance).

The archive itself runs no script; the test opens a copy with one probe script added at its end, which
counts, once the page has loaded, the pictures that decoded (a width) and those that did not. A control
page with one broken picture proves the probe sees a broken one."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed here: .ci/run installs Debian's chromium package "
                             "(apt-get install chromium); without it the archive cannot be opened in a browser")

PROBE = """<script>window.addEventListener('load', function () {
  var all = [].slice.call(document.images);
  var broken = all.filter(function (i) { return !(i.complete && i.naturalWidth > 0); });
  document.body.setAttribute('data-probe', 'images=' + all.length + ' broken=' + broken.length +
    ' widths=' + all.map(function (i) { return i.naturalWidth; }).join(','));
});</script>"""


def _open(page: bytes, folder) -> dict[str, str]:
    """What the probe found once Chromium loaded the page: images, broken, widths."""
    path = folder / "probe.html"
    path.write_bytes(page.replace(b"</body>", PROBE.encode() + b"</body>"))
    done = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={folder / 'profile'}", "--virtual-time-budget=20000", "--dump-dom", path.as_uri()],
        capture_output=True, text=True, timeout=180)
    found = re.search(r'data-probe="images=(\d+) broken=(\d+) widths=([\d,]*)"', done.stdout)
    assert found, f"the page did not finish loading in Chromium: {done.stderr[-800:]}"
    return {"images": int(found.group(1)), "broken": int(found.group(2)),
            "widths": [int(w) for w in found.group(3).split(",") if w]}


def test_the_probe_sees_a_broken_picture(tmp_path):
    page = (b'<!DOCTYPE html><html><body><img alt="fine" src="data:image/gif;base64,R0lGODlhAQABAAAAACw='
            b'"><img alt="broken" src="data:image/webp;base64,AAAA"></body></html>')
    assert _open(page, tmp_path)["broken"] >= 1


@pytest.mark.parametrize("name", ["richard3", "crownofroses"])
def test_the_archive_of_a_whole_game_opens_in_chromium_with_every_picture(archives, tmp_path, name):
    made = archives[name]
    seen = _open(made.data, tmp_path)
    assert seen["images"] == made.pictured + 1 == made.turns + 1      # every turn's end and the final position
    assert seen["broken"] == 0
    assert seen["widths"] == [made.width] * seen["images"]
