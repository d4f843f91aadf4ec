"""docs/deployment.md against the code (issue 13 §1: "configuration by environment
variables, a deployment page in docs/ (a systemd unit and a container file as
examples)"): its table names every environment variable the code reads, each row of
another part's names says where it is described, and the example unit's ExecStart
flags are `hacktable serve` options."""

from __future__ import annotations

import re
from pathlib import Path

from hacktable.cli.app import run
from hacktable.web.ops_settings import ENVIRONMENT

from .test_cli import in_process

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "deployment.md"
UNIT = ROOT / "deploy" / "hacktable.service"
CONTAINER = ROOT / "deploy" / "Containerfile"
NAME = re.compile(r"\bHACKTABLE_[A-Z_]+\b")


def _rows() -> dict[str, str]:
    """The environment table: each variable's whole row."""
    rows: dict[str, str] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        found = re.match(r"\| `(HACKTABLE_[A-Z_]+)` \|", line)
        if found:
            rows[found.group(1)] = line
    return rows


def _in_code() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "src" / "hacktable").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        names |= {m.group(0) for m in NAME.finditer(text) if text[m.start() - 1] != "_"}
    return names


def test_every_variable_the_code_reads_is_in_the_table() -> None:
    rows = _rows()
    missing = sorted(_in_code() - set(rows))
    assert missing == [], f"docs/deployment.md lacks {missing}"
    for name in ENVIRONMENT:
        assert "ops" in rows[name], name


def test_every_row_is_the_codes_or_says_where_it_is_described() -> None:
    code = _in_code()
    for name, row in _rows().items():
        assert name in code or "see " in row, f"{name}: neither in the code nor 'see ...'"


def test_the_units_flags_are_serve_options() -> None:
    (line,) = [each for each in UNIT.read_text().splitlines() if each.startswith("ExecStart=")]
    command = line.removeprefix("ExecStart=").split()
    assert command[0].endswith("/hacktable")
    assert command[1] == "serve"
    flags = [word for word in command[2:] if word.startswith("--")]
    assert flags, line
    code, out, err = in_process(run, ["serve", "--help"])
    assert code == 0, err
    for flag in flags:
        assert re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", out), flag


def test_the_container_runs_as_a_user_on_debian_slim() -> None:
    text = CONTAINER.read_text()
    assert re.search(r"^FROM \S+:3\.\d+-slim-bookworm$", text, re.M)
    assert re.search(r"^USER hacktable$", text, re.M)
    assert "pip install" in text
    assert 'hacktable serve --database \\"$HACKTABLE_DATABASE_URL\\" --workers 2' in text
    assert "--host 0.0.0.0" in text
