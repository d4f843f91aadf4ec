"""``scripts/screenshots.py`` (issue 12 §6: screenshots of the GM's and a player's page
for the README) still runs, and makes the three pictures at their widths."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path
from types import ModuleType

from .conftest import need_browser

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "screenshots.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("screenshots", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its IHDR chunk."""
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", header[16:24])
    return int(width), int(height)


def test_the_screenshot_script_makes_the_gm_player_and_phone_pictures(tmp_path: Path):
    """Issue 12 §6: the GM's page and a player's at desktop width, the player's at a
    phone's 360 px; each small enough for the README (under 300 KB)."""
    need_browser()
    assert load_script().main(["--out", str(tmp_path)]) == 0
    widths = {name: png_size(tmp_path / name)[0] for name in ("gm.png", "player.png")}
    assert widths == {"gm.png": 1280, "player.png": 1280}
    assert png_size(tmp_path / "player-phone.png")[0] == 360
    for shot in tmp_path.glob("*.png"):
        assert shot.stat().st_size < 300 * 1024, shot
