"""The browser tests' own setup (issue 12 §6): a missing Chromium skips them on a
developer's machine and fails them under ``CI=true``; ``scripts/ensure-chromium`` does
nothing where Chromium is installed."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from .conftest import CHROMIUM, browser_missing, need_browser

ROOT = Path(__file__).resolve().parents[2]


def test_a_missing_chromium_skips_the_browser_tests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Issue 12 §6: without Chromium (and not in CI) the browser tests skip, saying why."""
    monkeypatch.delenv("CI", raising=False)
    missing = tmp_path / "chromium"
    assert "scripts/ensure-chromium" in browser_missing(missing)
    with pytest.raises(pytest.skip.Exception, match="ensure-chromium"):
        need_browser(missing)


def test_under_ci_a_missing_chromium_fails_the_browser_tests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Issue 12 §6: in CI (``CI=true``) a missing Chromium is a failure, not a skip."""
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="under CI=true"):
        need_browser(tmp_path / "chromium")


@pytest.mark.skipif(not CHROMIUM.exists(), reason="would install Chromium with apt-get")
def test_ensure_chromium_does_nothing_where_chromium_is_installed():
    """Issue 12 §6: the install step is idempotent: with Chromium there it exits 0 at
    once and prints nothing."""
    done = subprocess.run(
        [str(ROOT / "scripts" / "ensure-chromium")], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
