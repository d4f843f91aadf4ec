"""The web table served for real, and people at it in headless Chromium (issue 12 §6).

- ``serve``: start a uvicorn server in a thread, on a free loopback port, serving a
  :class:`~hacktable.web.hub.Hub` of one or more campaigns made for the test (a ruleset,
  a seed and the console lines that set it up); returns a :class:`Served`.
- ``person``: a signed-in :class:`~playwright.sync_api.Page` for a token, each in its
  own browser context (its own cookies, like its own device).
- :func:`send`: type a command in a page's box (``#line``, Enter) and return the
  server's answer, once the page shows it in ``#reply``.

The browser tests need Debian's Chromium (``scripts/ensure-chromium`` installs it) and
Playwright. Without them they skip; under ``CI=true`` they fail instead, so CI never
passes by skipping them. Nothing sleeps: every wait is Playwright's ``expect`` (a
timeout, not a speed).
"""

from __future__ import annotations

import json
import os
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.app import create_app
from hacktable.web.hub import Hub
from hacktable.web.invites import create_invite
from hacktable.web.table import Table

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ("--disable-gpu", "--no-sandbox")
WAIT_MS = 10_000
"""How long an ``expect`` waits for the page (a timeout, never a speed claim)."""

SOCKETS = """
(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.__offline = false;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(window.__offline ? "ws://127.0.0.1:9/offline" : url, protocols);
      window.__sockets.push(this);
    }
  };
})();
"""
"""Put in every page before its own scripts: it keeps the page's WebSockets in
``window.__sockets`` so a test can close them, and while ``window.__offline`` is true
the page's reconnects go nowhere (a server the page cannot reach), whatever the page's
own code looks like."""


def browser_missing(chromium: Path = CHROMIUM) -> str:
    """Why the browser tests cannot run here, or ``""``."""
    if not os.access(chromium, os.X_OK):
        return f"no {chromium} (scripts/ensure-chromium installs it)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "no playwright (pip install -e '.[web]')"
    return ""


def need_browser(chromium: Path = CHROMIUM) -> None:
    """Skip the test where the browser cannot run; fail it under ``CI=true``
    (docs/rulings.md H660)."""
    reason = browser_missing(chromium)
    if not reason:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason}; under CI=true the browser tests must run")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True, slots=True)
class Campaign:
    """A campaign for a test: its ruleset, its seed and the lines that set it up.

    Attributes:
        name: the table's name (``/t/NAME/``) and file stem.
        ruleset: the ruleset's id.
        setup: console lines run by the GM before serving.
        seed: the game session's seed (its secret stream's seed too).
        until: when given, ``next`` is run (at most 12 times) until the reply to
            ``fight status`` contains this text (e.g. ``"the opposition's go"``).
    """

    name: str
    ruleset: str
    setup: Sequence[str]
    seed: int = 7
    until: str = ""


@dataclass(eq=False)
class Served:
    """A running server and the campaigns it serves.

    Attributes:
        base: ``http://127.0.0.1:PORT``.
        hub: the tables.
        paths: each table's campaign file, by table name.
    """

    base: str
    hub: Hub
    paths: dict[str, Path] = field(default_factory=dict)

    def table(self, name: str = "table") -> Table:
        found = self.hub.get(name)
        assert found is not None, name
        return found

    def url(self, name: str = "table", path: str = "") -> str:
        return f"{self.base}/t/{name}/{path}"

    def join_url(self, token: str, name: str = "table") -> str:
        return self.url(name, f"join?token={token}")

    def gm_token(self, name: str = "table") -> str:
        return self.table(name).gm_token

    def invite(self, role: str, character: str = "", name: str = "table") -> str:
        """A new one-time invite's token, made as ``hacktable invite`` makes it: by
        another writer of the campaign file, while the server runs."""
        with CampaignStore.open(self.paths[name], create=False) as store:
            return create_invite(Session(store), role, character=character).token

    def last_seq(self, name: str = "table") -> int:
        """The campaign log's last sequence number, read from the file."""
        with CampaignStore.open(self.paths[name], create=False) as store:
            return store.last_seq()


def make_campaign(folder: Path, campaign: Campaign) -> Path:
    """Create ``campaign``'s file in ``folder`` and play its setup as the GM."""
    path = folder / f"{campaign.name}.db"
    with CampaignStore.open(path, ruleset=campaign.ruleset) as store:
        layer = CommandLayer(Session(store, campaign.seed, secret_seed=campaign.seed))
        for line in campaign.setup:
            layer.run(line)
        for _ in range(12):
            if not campaign.until or campaign.until in layer.run("fight status").text:
                break
            layer.run("next")
        else:
            raise AssertionError(f"{campaign.name}: never {campaign.until!r}")
    return path


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Served]]:
    """``serve(*campaigns)``: serve the campaigns (:class:`Campaign`) on a free
    loopback port until the test ends."""
    import uvicorn

    running: list[tuple[uvicorn.Server, threading.Thread, Hub]] = []

    def start(*campaigns: Campaign) -> Served:
        hub = Hub()
        paths: dict[str, Path] = {}
        for campaign in campaigns:
            paths[campaign.name] = make_campaign(tmp_path, campaign)
            hub.add(Table(str(paths[campaign.name]), id=campaign.name))
        port = free_port()
        config = uvicorn.Config(create_app(hub), host="127.0.0.1", port=port, log_level="warning")
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        running.append((server, thread, hub))
        while not server.started and thread.is_alive():
            thread.join(0.05)
        assert server.started, "the web table did not start"
        return Served(f"http://127.0.0.1:{port}", hub, paths)

    yield start
    for server, thread, hub in running:
        server.should_exit = True
        thread.join(10)
        hub.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per test module (each person gets their own context)."""
    need_browser()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=list(LAUNCH_ARGS))
        yield launched
        launched.close()


@pytest.fixture
def person(browser: Any) -> Iterator[Callable[..., Any]]:
    """``person(url, width=1280)``: a Page that opened ``url`` (a join link) in a new
    browser context, so it has its own cookies; signed in once ``#who`` shows."""
    from playwright.sync_api import expect

    contexts: list[Any] = []

    def open_page(url: str, width: int = 1280) -> Any:
        context = browser.new_context(viewport={"width": width, "height": 900})
        contexts.append(context)
        context.set_default_timeout(WAIT_MS)
        context.add_init_script(SOCKETS)
        page = context.new_page()
        page.goto(url)
        expect(page.locator("#who")).not_to_be_empty(timeout=WAIT_MS)
        return page

    yield open_page
    for context in contexts:
        context.close()


@dataclass(frozen=True, slots=True)
class Answer:
    """The server's answer to a command sent from a page.

    Attributes:
        status: the HTTP status.
        body: the JSON answer (``text``, ``seq``, ``checks``... or ``error``).
    """

    status: int
    body: dict[str, Any]

    @property
    def ok(self) -> bool:
        return self.status == 200

    @property
    def seq(self) -> int:
        seq = self.body.get("seq")
        assert isinstance(seq, int), self.body
        return seq

    @property
    def text(self) -> str:
        return str(self.body.get("text") or self.body.get("error") or "")


def send(page: Any, line: str) -> Answer:
    """Type ``line`` in ``page``'s command box, press Enter, and return the answer
    once the page shows it (``#reply``; with class ``error`` for a refusal)."""
    from playwright.sync_api import expect

    def is_command(response: Any) -> bool:
        return bool(response.url.endswith("/api/command") and response.request.method == "POST")

    page.fill("#line", line)
    with page.expect_response(is_command, timeout=WAIT_MS) as info:
        page.press("#line", "Enter")
    response = info.value
    answer = Answer(response.status, json.loads(response.text()))
    first = next((row.strip() for row in answer.text.splitlines() if row.strip()), "")
    if answer.ok:
        expect(page.locator("#reply")).to_contain_text(first, timeout=WAIT_MS)
    else:
        expect(page.locator("#reply.error")).to_contain_text(first, timeout=WAIT_MS)
    return answer


def item(page: Any, seq: int) -> Any:
    """The log item of event ``seq`` on ``page``."""
    return page.locator(f'#log li[data-seq="{seq}"]')


def seqs_shown(page: Any) -> list[int]:
    """Every ``seq`` the page's log shows, newest first (repeats included)."""
    found = page.eval_on_selector_all("#log li[data-seq]", "items => items.map(i => i.dataset.seq)")
    return [int(seq) for seq in found]


@pytest.fixture
def campaign(tmp_path: Path) -> str:
    """A redhack campaign where Ann plays Aldric and Bea plays Sly (the API tests')."""
    path = tmp_path / "table.db"
    with CampaignStore.open(path, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 7))
        for line in (
            "player add Ann",
            "player add Bea",
            "character new Aldric --class warrior --kit 1 --player Ann",
            "character new Sly --class thief --kit 1 --player Bea",
        ):
            layer.run(line)
    return str(path)


@pytest.fixture
def table(campaign: str) -> Iterator[Table]:
    """:func:`campaign` served as the table ``table``."""
    served = Table(campaign)
    yield served
    served.close()


def ended_socket(socket: Any) -> tuple[object, int]:
    """The error frame a live socket is sent as its session ends (the frames before it
    passed over), and the code it is then closed with (docs/rulings.md H642)."""
    from starlette.websockets import WebSocketDisconnect

    frame = socket.receive_json()
    while "error" not in frame:
        frame = socket.receive_json()
    with pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    return frame["error"], closed.value.code
