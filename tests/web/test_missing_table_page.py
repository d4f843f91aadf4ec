"""A browser opening the address of a table this server does not serve (deleted, or
made up) sees the one line as a small page, not raw JSON (issue 12 §4 "one clear
line"; docs/rulings.md H682, H783); anything else still gets ``{"error": ...}``."""

from __future__ import annotations

from fastapi.testclient import TestClient

from hacktable.web.app import create_app
from hacktable.web.hub import Hub

HTML = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


def test_a_browser_gets_a_page_and_a_script_gets_json() -> None:
    client = TestClient(create_app(Hub()))
    page = client.get("/t/deep-caves/", headers=HTML)
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert "no table &#x27;deep-caves&#x27; here" in page.text
    asked = client.get("/t/deep-caves/api/view", headers={"accept": "application/json"})
    assert asked.status_code == 404
    assert asked.json() == {"error": "no table 'deep-caves' here"}
    fetched = client.get("/t/deep-caves/api/view")  # (fetch's default: */*)
    assert fetched.json() == {"error": "no table 'deep-caves' here"}
