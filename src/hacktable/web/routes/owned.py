"""A GM's own campaigns (issue 13 §1; docs/rulings.md H726, H727): ``POST /campaigns``
makes one and signs its owner in as its GM; ``GET /t/{table}/gm`` signs the owner in
as GM without any token; ``GET /campaigns/{name}/export`` downloads it as JSON Lines
(``hacktable campaign import`` reads it back); ``GET`` and ``POST
/campaigns/{name}/delete`` delete it once its name is typed.

Someone else's campaign is answered as a missing one (404, the same line): nobody
learns which names other GMs use (H727).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from ...accounts import AccountError
from ...errors import CampaignError, HacktableError
from ...store.errors import StaleWriteError
from ..account_pages import delete_page, home_page
from ..hosting import Hosting, campaign_name
from ..table import Table
from .access import hub_of, seated
from .accounts import (
    CROSS_SITE,
    account_of,
    form_of,
    hosting_of,
    no_accounts,
    page,
    rulesets,
    same_site,
)
from .errors import refused_page

__all__ = ["DELETED", "SIGN_IN_FIRST", "router"]

router = APIRouter()

SIGN_IN_FIRST = "sign in to your account first (/signin)"
DELETED = "the GM deleted this campaign"
"""What the deleted table's sockets are sent before they close (H726)."""


def _missing(name: str) -> str:
    return f"you have no campaign {name!r} here"


async def _signed_in_gm(request: Request) -> tuple[Hosting, str] | Response:
    """The hosting and the signed-in user, or the refusal: 404 a server without
    accounts, 401 not signed in."""
    hosting = hosting_of(request)
    if hosting is None:
        return no_accounts(request)
    user = await account_of(request)
    if user is None:
        return refused_page(request, SIGN_IN_FIRST, 401)
    return hosting, user


async def _owner(request: Request, name: str) -> tuple[Hosting, str] | Response:
    """The hosting and the signed-in user who owns ``name``, or the refusal: 401 not
    signed in, 404 not theirs or no such campaign (H727)."""
    found = await _signed_in_gm(request)
    if isinstance(found, Response):
        return found
    hosting, user = found
    try:
        owner = await run_in_threadpool(hosting.accounts.owner_of, name)
    except CampaignError as error:
        return refused_page(request, str(error), 503)
    if owner != user:
        return refused_page(request, _missing(name), 404)
    return hosting, user


async def _as_gm(request: Request, table: Table) -> Response:
    """Sign the browser in at ``table`` as its GM and send it to the table's page."""
    try:
        cookie, until = await table.sign_in_gm()
    except StaleWriteError as error:
        return refused_page(request, error.message, 409)
    return seated(request, table, cookie, until)


@router.post("/campaigns")
async def new_campaign(request: Request) -> Response:
    found = await _signed_in_gm(request)
    if isinstance(found, Response):
        return found
    hosting, user = found
    if not same_site(request):
        return refused_page(request, CROSS_SITE, 403)
    fields = await form_of(request) or {}
    ruleset = fields.get("ruleset", "")
    hub = hub_of(request)
    try:
        name = campaign_name(fields.get("name", ""))
        if ruleset not in {key for key, _title in rulesets()}:
            known = ", ".join(key for key, _title in rulesets())
            raise AccountError(f"the ruleset is one of {known}")
        if hub.get(name, open_missing=False) is not None:
            raise AccountError(f"there is a campaign {name!r} already")
        location = await run_in_threadpool(hosting.create, name, user, ruleset)
    except HacktableError as error:
        owned = await run_in_threadpool(hosting.accounts.campaigns_of, user)
        status = 503 if isinstance(error, CampaignError) else 400
        return page(home_page(user, owned, rulesets(), str(error)), status)
    # (as the hub makes every table: the GM secret's link, the shared connections)
    table = hub.get(name, open_missing=False) or hub.add(hub.table_for(location, name))
    return await _as_gm(request, table)


@router.get("/t/{table}/gm")
async def gm_link(request: Request, table: str) -> Response:
    found = await _owner(request, table)
    if isinstance(found, Response):
        return found
    served = hub_of(request).get(table)
    hosting, _user = found
    if served is None or not _same_place(served.campaign, hosting.location(table)):
        return refused_page(request, _missing(table), 404)  # (another campaign's: H727)
    return await _as_gm(request, served)


def _same_place(campaign: str, location: str) -> bool:
    """Whether a table's ``campaign`` is the owned campaign at ``location``."""
    if "://" in location:
        from urllib.parse import unquote

        return unquote(campaign) == unquote(location)
    return Path(campaign).resolve() == Path(location).resolve()


@router.get("/campaigns/{name}/export")
async def export(request: Request, name: str) -> Response:
    found = await _owner(request, name)
    if isinstance(found, Response):
        return found
    hosting, _user = found

    def lines() -> str:
        from ...store import CampaignStore
        from ...store.transfer import export_lines

        with CampaignStore.open(hosting.location(name), create=False, readonly=True) as store:
            return "".join(export_lines(store))

    try:
        text = await run_in_threadpool(lines)
    except HacktableError as error:
        return refused_page(request, str(error), 503)
    return Response(
        text,
        media_type="application/x-ndjson",
        headers={
            "content-disposition": f'attachment; filename="{name}.jsonl"',
            "cache-control": "no-store",
        },
    )


@router.get("/campaigns/{name}/delete")
async def delete_form(request: Request, name: str) -> Response:
    found = await _owner(request, name)
    if isinstance(found, Response):
        return found
    return page(delete_page(name))


@router.post("/campaigns/{name}/delete")
async def delete(request: Request, name: str) -> Response:
    found = await _owner(request, name)
    if isinstance(found, Response):
        return found
    hosting, _user = found
    if not same_site(request):
        return refused_page(request, CROSS_SITE, 403)
    fields = await form_of(request) or {}
    if fields.get("confirm", "").strip() != name:
        why = f"type {name} exactly to delete it: nothing was deleted"
        return page(delete_page(name, why), 400)
    hub_of(request).remove(name, DELETED)  # (on the loop: see Hub.remove)
    try:
        await run_in_threadpool(hosting.delete, name)
    except CampaignError as error:
        return refused_page(request, str(error), 503)
    return RedirectResponse("/", status_code=303)
