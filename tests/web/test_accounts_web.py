"""GMs' accounts at the web table (issue 13 §1; docs/rulings.md H722-H729): sign up,
sign in, the limits, expiry, owning, exporting and deleting campaigns, and that no one
sees or deletes another GM's campaign. Each refusal is one line."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from hacktable.accounts import Accounts, AccountSettings
from hacktable.store import CampaignStore
from hacktable.store.transfer import read_export
from hacktable.web.app import DATABASE_AWAY, create_app
from hacktable.web.hosting import Hosting
from hacktable.web.hub import Hub
from hacktable.web.routes.access import COOKIE
from hacktable.web.routes.accounts import ACCOUNT_COOKIE
from hacktable.web.table import Table
from tests.store.backends import postgres  # noqa: F401

GOOD = "correct horse battery"
ERROR = 'id="error">'


class Clock:
    def __init__(self) -> None:
        self.at = 1_800_000_000.0

    def __call__(self) -> float:
        return self.at


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=["sqlite", "postgres"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the accounts and campaigns are: an SQLite file and folder, or Postgres."""
    if request.param == "sqlite":
        return str(tmp_path / "accounts.sqlite")
    url: str = request.getfixturevalue("postgres")
    return url


def hosting(place: str, clock: Clock, signup: str = "open") -> Hosting:
    accounts = Accounts.at(place, AccountSettings(signup=signup))  # type: ignore[arg-type]
    accounts.now = clock
    if place.startswith("postgresql://"):
        return Hosting(accounts, place)
    return Hosting(accounts, str(Path(place).parent))


@pytest.fixture
def apps(place: str, clock: Clock) -> Iterator[list[TestClient]]:
    """Clients of two server processes on the same accounts and campaigns."""
    hubs = [Hub(), Hub()]
    clients = [TestClient(create_app(hub, hosting(place, clock))) for hub in hubs]
    yield clients
    for hub in hubs:
        hub.close()


def line(html: str) -> str:
    """The one line a page shows as its error."""
    return unescape(html.split(ERROR, 1)[1].split("</p>", 1)[0])


def signed_up(client: TestClient, name: str = "ann") -> TestClient:
    form = {"name": name, "password": GOOD, "password2": GOOD}
    answer = client.post("/signup", data=form, follow_redirects=False)
    assert answer.status_code == 303
    return client


def test_sign_up_signs_in_with_a_strict_cookie(apps: list[TestClient]) -> None:
    client = apps[0]
    answer = client.post(
        "/signup",
        data={"name": "Ann", "password": GOOD, "password2": GOOD},
        follow_redirects=False,
    )
    assert (answer.status_code, answer.headers["location"]) == (303, "/")
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{ACCOUNT_COOKIE}=")
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie
    assert "Path=/;" in cookie
    assert "Secure" not in cookie
    assert "expires=" in cookie
    home = client.get("/")
    assert "Signed in as <strong>ann</strong>" in home.text
    assert "No campaigns yet." in home.text


def test_the_cookie_is_secure_over_https(place: str, clock: Clock) -> None:
    client = TestClient(create_app(Hub(), hosting(place, clock)), base_url="https://testserver")
    answer = client.post(
        "/signup", data={"name": "ann", "password": GOOD, "password2": GOOD}, follow_redirects=False
    )
    assert "Secure" in answer.headers["set-cookie"]


def test_sign_up_closed_is_refused_in_one_line(place: str, clock: Clock) -> None:
    """H724: closed unless the operator opens it."""
    client = TestClient(create_app(Hub(), hosting(place, clock, signup="closed")))
    form = {"name": "ann", "password": GOOD, "password2": GOOD}
    answer = client.post("/signup", data=form)
    assert answer.status_code == 403
    assert answer.json() == {
        "error": "sign-up is closed on this server: ask its operator for an account"
    }
    assert client.app.state.hosting.accounts.users() == []  # type: ignore[attr-defined]


def test_sign_up_refuses_two_different_passwords_and_a_short_one(apps: list[TestClient]) -> None:
    client = apps[0]
    form = {"name": "ann", "password": GOOD, "password2": GOOD + "!"}
    answer = client.post("/signup", data=form)
    assert (answer.status_code, line(answer.text)) == (400, "the two passwords differ")
    answer = client.post("/signup", data={"name": "ann", "password": "short", "password2": "short"})
    assert line(answer.text) == "a password has at least 10 characters"
    assert GOOD not in answer.text
    assert "short" not in answer.text.split("<form", 1)[1]  # (never written back)


def test_refused_sign_ups_count_against_the_address_and_hash_nothing(
    apps: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """H723, review (H773): a sign-up refused for a taken name costs no argon2 hash (a
    hash is 64 MiB of memory) and counts against the address, so neither the memory
    nor the names in use can be had by the thousand."""
    from hacktable.accounts import accounts as module

    signed_up(apps[0])
    hashed: list[str] = []
    real = module.passwords.hash_password
    monkeypatch.setattr(
        module.passwords,
        "hash_password",
        lambda password: hashed.append(password) or real(password),
    )
    form = {"name": "ann", "password": GOOD, "password2": GOOD}
    for _ in range(5):
        answer = apps[1].post("/signup", data=form)
        assert (answer.status_code, line(answer.text)) == (400, "there is a user 'ann' already")
    answer = apps[1].post("/signup", data={**form, "name": "bea"})
    assert answer.status_code == 429
    assert hashed == []


def test_sign_in_and_a_wrong_password_refused_in_one_line(
    apps: list[TestClient], caplog: pytest.LogCaptureFixture
) -> None:
    signed_up(apps[0])
    fresh = apps[1]
    caplog.set_level(logging.DEBUG)
    answer = fresh.post("/signin", data={"name": "ann", "password": "not the password"})
    assert (answer.status_code, line(answer.text)) == (401, "wrong name or password")
    assert "not the password" not in answer.text + caplog.text
    assert ACCOUNT_COOKIE not in fresh.cookies
    answer = fresh.post("/signin", data={"name": "ann", "password": GOOD}, follow_redirects=False)
    assert answer.status_code == 303
    assert "Signed in as <strong>ann</strong>" in fresh.get("/").text
    assert GOOD not in caplog.text


def test_five_failures_a_minute_are_429_on_every_process(
    apps: list[TestClient], clock: Clock
) -> None:
    """Issue 13 §1 and H723: 5 refused sign-ins a minute, then 429 with one line, from
    the other process too (the failures are in the database)."""
    signed_up(apps[0])
    for n in range(5):
        answer = apps[0].post("/signin", data={"name": "ann", "password": f"wrong {n}"})
        assert answer.status_code == 401
    answer = apps[1].post("/signin", data={"name": "ann", "password": GOOD})
    assert answer.status_code == 429
    assert line(answer.text) == "too many refused sign-ins: wait a minute before trying again"
    clock.at += 61
    answer = apps[1].post("/signin", data={"name": "ann", "password": GOOD}, follow_redirects=False)
    assert answer.status_code == 303


def test_a_session_expires(apps: list[TestClient], clock: Clock) -> None:
    """H725: 14 days by default."""
    client = signed_up(apps[0])
    clock.at += 14 * 86_400 - 1
    assert client.get("/", follow_redirects=False).status_code == 200
    clock.at += 1
    answer = client.get("/", follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (303, "/signin")


def test_sign_out(apps: list[TestClient]) -> None:
    client = signed_up(apps[0])
    token = client.cookies[ACCOUNT_COOKIE]
    answer = client.post("/signout", follow_redirects=False)
    assert answer.headers["location"] == "/signin"
    client.cookies.set(ACCOUNT_COOKIE, token)  # (a copy kept: still no good)
    assert client.get("/", follow_redirects=False).headers["location"] == "/signin"


def test_the_accounts_database_away_is_one_line_not_a_500(
    apps: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 §2 (commands fail with one clear line while the database is away): the
    GM's home and sign-out answer 503 in one line, never a server error."""
    from hacktable.accounts.database import AccountsDatabase
    from hacktable.errors import CampaignError

    client = signed_up(apps[0])
    real = AccountsDatabase.transaction
    calls = {"n": 0}

    def away(self: AccountsDatabase):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] > 1:  # (the cookie's check answers; the next query does not)
            raise CampaignError("the accounts' database failed: connection refused", "db")
        return real(self)

    monkeypatch.setattr(AccountsDatabase, "transaction", away)
    answer = client.get("/", headers={"accept": "text/html"})
    assert answer.status_code == 503
    assert "the server&#x27;s database cannot be reached just now" in answer.text
    calls["n"] = 1
    answer = client.post("/signout", follow_redirects=False)
    assert answer.status_code == 503
    assert answer.json() == {"error": DATABASE_AWAY}


def test_a_form_from_another_site_is_refused(apps: list[TestClient]) -> None:
    """H729: a form POST must come from this site's page."""
    client = signed_up(apps[0])
    foreign = {"origin": "https://evil.example"}
    answer = client.post("/campaigns", data={"name": "x", "ruleset": "redhack"}, headers=foreign)
    assert answer.status_code == 403
    assert answer.json() == {"error": "this form must be sent from this site's own page"}
    answer = client.post("/signin", data={"name": "ann", "password": GOOD}, headers=foreign)
    assert answer.status_code == 403
    assert "No campaigns yet." in client.get("/").text


def test_a_form_through_a_proxy_that_rewrites_host_is_this_site_s(place: str, clock: Clock) -> None:
    """H729 with H745: behind a proxy that rewrites ``Host``, the form's origin is
    compared with the proxy's ``X-Forwarded-Host``, trusted only under
    ``--proxy-headers`` (as the table's socket does)."""
    form = {"name": "ann", "password": GOOD, "password2": GOOD}
    proxied = {"origin": "https://play.example", "x-forwarded-host": "play.example"}
    for trusted, status in ((False, 403), (True, 303)):
        app = create_app(Hub(), hosting(place, clock))
        app.state.proxy_headers = trusted
        client = TestClient(app, base_url="http://127.0.0.1:8000")
        answer = client.post("/signup", data=form, headers=proxied, follow_redirects=False)
        assert answer.status_code == status
    assert (
        client.post(
            "/signup", data=form, headers={**proxied, "origin": "https://evil.example"}
        ).status_code
        == 403
    )


def new_campaign(client: TestClient, name: str, ruleset: str = "redhack") -> str:
    answer = client.post(
        "/campaigns", data={"name": name, "ruleset": ruleset}, follow_redirects=False
    )
    assert answer.status_code == 303, answer.text
    return answer.headers["location"]


def test_a_new_campaign_signs_its_owner_in_as_gm(apps: list[TestClient], place: str) -> None:
    client = signed_up(apps[0])
    assert new_campaign(client, "Lost Mines") == "/t/lost-mines/"
    assert client.get("/t/lost-mines/api/view").status_code == 200
    answer = client.post(
        "/t/lost-mines/api/command", json={"line": "player add Bea"}, headers={"x-hacktable": "1"}
    )
    assert answer.status_code == 200, answer.text  # (a GM power)
    home = client.get("/").text
    assert '<a href="/t/lost-mines/gm">lost-mines</a> (redhack)' in home
    if not place.startswith("postgresql://"):
        assert (Path(place).parent / "lost-mines.db").is_file()


def test_a_new_campaign_is_a_table_like_every_other_of_the_hub(place: str, clock: Clock) -> None:
    """H701, H705: the table of a new campaign is made as the hub makes every table (the
    server's GM secret's link, the shared connections), not a bare one of its own."""
    from hacktable.web.hub import gm_token

    hub = Hub(gm_secret="the operator's secret")
    client = signed_up(TestClient(create_app(hub, hosting(place, clock))))
    new_campaign(client, "Lost Mines")
    table = hub.get("lost-mines", open_missing=False)
    assert table is not None
    assert table.gm_token == gm_token("the operator's secret", "lost-mines")
    hub.close()


def test_a_hosted_database_s_unknown_names_ask_the_accounts_nothing(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Campaigns of a Postgres database open through the hub's own listing (at most once
    a second, H700); a made-up name must not make the opener open a connection to the
    accounts on the event loop for each request."""
    made = hosting(str(tmp_path / "accounts.sqlite"), clock)
    url = "postgresql://nobody@127.0.0.1:1/none"
    served = Hosting(made.accounts, url)
    asked: list[str] = []
    monkeypatch.setattr(made.accounts, "owner_of", asked.append)
    assert served.opener(Hub(database=url), "made-up") is None
    assert asked == []


def test_sign_out_also_ends_the_browser_s_gm_seats_at_its_campaigns(
    apps: list[TestClient],
) -> None:
    """H725, review (H771): signing out on a shared computer leaves no GM session of the
    account's campaigns in that browser."""
    client = signed_up(apps[0])
    new_campaign(client, "Lost Mines")
    assert client.get("/t/lost-mines/api/view").status_code == 200
    answer = client.post("/signout", follow_redirects=False)
    assert answer.status_code == 303
    assert client.get("/t/lost-mines/api/view").status_code == 401


def test_a_new_campaign_s_name_and_ruleset_are_checked(apps: list[TestClient]) -> None:
    client = signed_up(apps[0])
    new_campaign(client, "keep")
    for form, why in (
        ({"name": "keep", "ruleset": "redhack"}, "there is a campaign 'keep' already"),
        ({"name": "-bad", "ruleset": "redhack"}, "a campaign's name is 1 to 40 letters"),
        ({"name": "fine", "ruleset": "chess"}, "the ruleset is one of "),
    ):
        answer = client.post("/campaigns", data=form)
        assert answer.status_code == 400
        assert line(answer.text).startswith(why)


def test_a_new_campaign_s_name_may_not_be_another_campaign_s_table(
    place: str, clock: Clock
) -> None:
    """H726, H700: a campaign not made through an account (``Lost Mines``) is the table
    ``lost-mines``; a GM's new ``lost-mines`` would share its URL, and through another
    process its GM link would seat them at that other campaign."""
    made = hosting(place, clock)
    other = (
        f"{place}#{quote('Lost Mines', safe='')}"
        if place.startswith("postgresql://")
        else str(Path(made.campaigns) / "Lost Mines.db")
    )
    with CampaignStore.open(other, ruleset="redhack", create=True):
        pass
    client = signed_up(TestClient(create_app(Hub(), made)))
    answer = client.post("/campaigns", data={"name": "lost-mines", "ruleset": "redhack"})
    assert (answer.status_code, line(answer.text)) == (
        400,
        "there is a campaign 'lost-mines' already",
    )


def test_the_owner_s_gm_link_seats_them_only_at_their_own_campaign(
    tmp_path: Path, clock: Clock
) -> None:
    """H727: a table of that name made of another campaign (one served before the names
    were checked) is not the owner's: 404, and no GM seat there."""
    made = hosting(str(tmp_path / "accounts.sqlite"), clock)
    other = tmp_path / "Lost Mines.db"
    with CampaignStore.open(other, ruleset="redhack", create=True):
        pass
    hub = Hub()
    hub.add(Table(str(other), id="lost-mines"))
    client = signed_up(TestClient(create_app(hub, made)))
    made.accounts.own("lost-mines", "ann", "redhack")
    answer = client.get("/t/lost-mines/gm", follow_redirects=False)
    assert answer.status_code == 404
    assert COOKIE not in answer.headers.get("set-cookie", "")
    hub.close()


def test_the_owner_s_gm_link_needs_no_token_on_another_process(apps: list[TestClient]) -> None:
    """H726, H727: the account is the GM's link, and a campaign made by one process is
    opened by another on first use."""
    signed_up(apps[0])
    new_campaign(apps[0], "moor")
    other = apps[1]
    other.post("/signin", data={"name": "ann", "password": GOOD})
    answer = other.get("/t/moor/gm", follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (303, "/t/moor/")
    assert answer.headers["set-cookie"].startswith(f"{COOKIE}=")
    assert "Path=/t/moor/" in answer.headers["set-cookie"]
    assert other.get("/t/moor/api/view").status_code == 200


def test_no_one_sees_or_deletes_another_s_campaign(apps: list[TestClient], place: str) -> None:
    ann = signed_up(apps[0])
    new_campaign(ann, "moor")
    bob = signed_up(apps[1], "bob")
    assert "moor" not in bob.get("/").text
    missing = {"error": "you have no campaign 'moor' here"}
    for answer in (
        bob.get("/t/moor/gm"),
        bob.get("/campaigns/moor/export"),
        bob.get("/campaigns/moor/delete"),
        bob.post("/campaigns/moor/delete", data={"confirm": "moor"}),
        bob.get("/t/nothing/gm"),
    ):
        assert answer.status_code == 404
        assert answer.json() in (missing, {"error": "you have no campaign 'nothing' here"})
    assert bob.get("/t/moor/api/view").status_code == 401  # (no GM session for bob)
    assert ann.get("/t/moor/api/view").status_code == 200
    anonymous = TestClient(bob.app)
    assert anonymous.get("/campaigns/moor/export").status_code == 401


def test_export_then_delete(apps: list[TestClient], place: str) -> None:
    """Issue 13 §1: a GM can delete a campaign, and export it first."""
    client = signed_up(apps[0])
    new_campaign(client, "moor")
    client.post(
        "/t/moor/api/command", json={"line": "player add Bea"}, headers={"x-hacktable": "1"}
    )
    page = client.get("/campaigns/moor/delete").text
    assert '<a href="/campaigns/moor/export" download>Export</a>' in page
    exported = client.get("/campaigns/moor/export")
    assert exported.headers["content-disposition"] == 'attachment; filename="moor.jsonl"'
    header, events = read_export(exported.text.splitlines(), "moor.jsonl")
    assert (header.name, header.ruleset) == ("moor", "redhack")
    assert any(event.command == "player add Bea" for event in events)
    answer = client.post("/campaigns/moor/delete", data={"confirm": "Moor"})
    assert answer.status_code == 400
    assert line(answer.text) == "type moor exactly to delete it: nothing was deleted"
    assert client.get("/t/moor/api/view").status_code == 200
    answer = client.post("/campaigns/moor/delete", data={"confirm": "moor"}, follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (303, "/")
    assert "No campaigns yet." in client.get("/").text
    assert client.get("/t/moor/api/view").status_code == 404
    assert client.app.state.hosting.exists("moor") is False  # type: ignore[attr-defined]
    if not place.startswith("postgresql://"):
        assert list(Path(place).parent.glob("moor.db*")) == []
    with pytest.raises(Exception, match="does not exist"):
        CampaignStore.open(client.app.state.hosting.location("moor"), create=False)  # type: ignore[attr-defined]


def test_made_up_invite_tokens_are_limited_per_address(apps: list[TestClient]) -> None:
    """H723: the per-address limit guards ``/t/NAME/join`` too (issue 12 left it open),
    across processes."""
    client = signed_up(apps[0])
    new_campaign(client, "moor")
    for n in range(5):
        assert apps[0].get(f"/t/moor/join?token=made-up-{n}").status_code == 401
    answer = apps[1].get("/t/moor/join?token=another")
    assert answer.status_code == 429
    assert answer.json() == {
        "error": "too many unknown invite links from your address: wait a minute"
    }


def test_a_server_without_accounts_limits_joins_in_memory(tmp_path: Path) -> None:
    from hacktable.web.table import Table

    path = tmp_path / "table.db"
    CampaignStore.open(path, ruleset="redhack").close()
    table = Table(str(path))
    try:
        client = TestClient(create_app(table))
        for n in range(5):
            assert client.get(f"/t/table/join?token=x{n}").status_code == 401
        assert client.get(f"/t/table/join?token={table.gm_token}").status_code == 429
        assert client.get("/signin").status_code == 404  # (no accounts here)
    finally:
        table.close()


def test_a_deleted_campaign_s_sockets_are_told_and_closed(apps: list[TestClient]) -> None:
    """H726: a page at a deleted table gets one error frame."""
    client = signed_up(apps[0])
    new_campaign(client, "moor")
    with client.websocket_connect("/t/moor/ws?after=0") as socket:
        answer = client.post("/campaigns/moor/delete", data={"confirm": "moor"})
        assert answer.status_code == 200  # (the home page, after the redirect)
        frame = socket.receive_json()
        while "error" not in frame:
            frame = socket.receive_json()
        assert frame == {"error": "the GM deleted this campaign"}
