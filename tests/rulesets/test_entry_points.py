"""Third-party rulesets are found through the ``hacktable.rulesets`` entry point group;
the built-in ones need no scan."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PLUGIN = """
from hacktable.rulesets import RulesetInfo

INFO = RulesetInfo("toyhack", "Toy Hack", "hacktable.rulesets.redhack.ruleset:Redhack", "a toy")
"""

PROBE = """
import sys
import hacktable.rulesets as registry
from hacktable.rulesets import get_ruleset, available
get_ruleset("redhack")
print("importlib.metadata" in sys.modules)
print(",".join(info.id for info in available()))
print(get_ruleset("toyhack").id)
"""


def test_a_plugin_is_found_by_its_entry_point_and_built_ins_scan_nothing(tmp_path: Path) -> None:
    (tmp_path / "toy_plugin.py").write_text(PLUGIN, encoding="utf-8")
    info = tmp_path / "toy_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[hacktable.rulesets]\ntoyhack = toy_plugin:INFO\n")
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(PROBE)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(tmp_path)])},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    scanned_early, listed, found = done.stdout.split()
    assert scanned_early == "False"  # getting a built-in ruleset read no package metadata
    assert listed.split(",")[0] == "redhack"
    assert "toyhack" in listed.split(",")
    assert found == "redhack"  # the toy plugin points at redhack's class
