"""``/signup``, ``/signin``, ``/signout`` and ``/``, a GM's home (issue 13 §1;
docs/rulings.md H722-H725, H729).

Only a server with accounts (``serve --accounts``) has these. A signed-in browser
holds the ``hacktable_account`` cookie: HttpOnly, SameSite=Lax, for the whole site,
Secure over HTTPS, expiring with its session (H725). Every form POST must come from
this site's own pages (H729). A refusal is one line, on the form it came from; the
password is never put back into a page, a log line or an error.
"""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from ...accounts import AccountError, TooManyFailuresError
from ...errors import CampaignError
from ...rulesets import available
from ..account_pages import home_page, signin_page, signup_page
from ..hosting import Hosting
from .access import COOKIE as SESSION_COOKIE
from .body import MAX_BODY
from .errors import refused_page

__all__ = [
    "ACCOUNT_COOKIE",
    "CLOSED",
    "account_of",
    "address_of",
    "form_of",
    "hosting_of",
    "page",
    "router",
    "same_site",
]

router = APIRouter()

ACCOUNT_COOKIE = "hacktable_account"
CLOSED = "sign-up is closed on this server: ask its operator for an account"
CROSS_SITE = "this form must be sent from this site's own page"
TOO_MANY = "too many refused sign-ins: wait a minute before trying again"


def hosting_of(request: Request) -> Hosting | None:
    """The server's accounts and campaigns, or ``None`` (a server without accounts)."""
    found = getattr(request.app.state, "hosting", None)
    return found if isinstance(found, Hosting) else None


def address_of(request: Request) -> str:
    """The client's address (with ``serve --proxy-headers``, the proxy's
    ``X-Forwarded-For``): what the per-address limit counts (H723)."""
    return request.client.host if request.client is not None else "unknown"


def same_site(request: Request) -> bool:
    """Whether a form POST comes from this site's own page (docs/rulings.md H729): its
    ``Origin`` is this host (behind a proxy that rewrites ``Host``, its
    ``X-Forwarded-Host``, trusted only under ``--proxy-headers``: H745), or, without
    one, the browser does not say it is another site's (``Sec-Fetch-Site``)."""
    origin = request.headers.get("origin")
    if origin is not None:
        host = request.headers.get("host", "")
        forwarded = request.headers.get("x-forwarded-host", "")
        if forwarded and getattr(request.app.state, "proxy_headers", False):
            host = forwarded.split(",", 1)[0].strip()  # (as the socket's check: H745)
        return origin.split("://", 1)[-1] == host
    return request.headers.get("sec-fetch-site", "same-origin") in ("same-origin", "none")


async def form_of(request: Request) -> dict[str, str] | None:
    """The form's fields (the first of each name), or ``None`` for a body over
    :data:`~.body.MAX_BODY` bytes or one that is not a form."""
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            return None
    try:
        fields = parse_qs(bytes(data).decode(), keep_blank_values=True, max_num_fields=20)
    except (UnicodeDecodeError, ValueError):
        return None
    return {key: values[0] for key, values in fields.items() if values}


def page(html: str, status: int = 200) -> HTMLResponse:
    """An HTML page that no cache keeps."""
    return HTMLResponse(html, status_code=status, headers={"cache-control": "no-store"})


async def account_of(request: Request) -> str | None:
    """The user the account cookie signs in, or ``None``."""
    hosting = hosting_of(request)
    token = request.cookies.get(ACCOUNT_COOKIE, "")
    if hosting is None or not token:
        return None
    try:
        return await run_in_threadpool(hosting.accounts.user_of, token)
    except CampaignError:
        return None


def _signed_in(request: Request, token: str, until: float) -> Response:
    response = RedirectResponse("/", status_code=303)
    response.set_cookie(
        ACCOUNT_COOKIE,
        token,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
        expires=datetime.fromtimestamp(until, UTC),
    )
    return response


def no_accounts(request: Request) -> Response:
    """The refusal of an account's page on a server without accounts."""
    return refused_page(request, "this server has no accounts", 404)


@router.get("/signin")
async def signin_form(request: Request) -> Response:
    hosting = hosting_of(request)
    if hosting is None:
        return no_accounts(request)
    if await account_of(request) is not None:
        return RedirectResponse("/", status_code=303)
    return page(signin_page(signup=hosting.accounts.settings.signup == "open"))


@router.post("/signin")
async def signin(request: Request) -> Response:
    hosting = hosting_of(request)
    if hosting is None:
        return no_accounts(request)
    if not same_site(request):
        return page(signin_page(CROSS_SITE), 403)
    fields = await form_of(request)
    if fields is None:
        return page(signin_page("a sign-in is a name and a password"), 400)
    name = fields.get("name", "")[:64]
    try:
        _user, token, until = await run_in_threadpool(
            hosting.accounts.sign_in, name, fields.get("password", ""), address_of(request)
        )
    except AccountError as error:
        return page(signin_page(str(error), name), getattr(error, "status", 400))
    except CampaignError as error:
        return page(signin_page(str(error), name), 503)
    return _signed_in(request, token, until)


@router.get("/signup")
async def signup_form(request: Request) -> Response:
    hosting = hosting_of(request)
    if hosting is None:
        return no_accounts(request)
    if hosting.accounts.settings.signup != "open":
        return refused_page(request, CLOSED, 403)
    return page(signup_page())


@router.post("/signup")
async def signup(request: Request) -> Response:
    hosting = hosting_of(request)
    if hosting is None:
        return no_accounts(request)
    if hosting.accounts.settings.signup != "open":
        return refused_page(request, CLOSED, 403)
    if not same_site(request):
        return page(signup_page(CROSS_SITE), 403)
    fields = await form_of(request)
    if fields is None:
        return page(signup_page("a sign-up is a name and a password, twice"), 400)
    name, password = fields.get("name", "")[:64], fields.get("password", "")
    if password != fields.get("password2", ""):
        return page(signup_page("the two passwords differ", name), 400)
    accounts, address = hosting.accounts, address_of(request)
    try:
        if await run_in_threadpool(accounts.limited, f"address:{address}"):
            raise TooManyFailuresError(TOO_MANY)
        try:
            stored = await run_in_threadpool(accounts.add_user, name, password)
        except AccountError:  # (a taken name, a bad one: counted, H773)
            await run_in_threadpool(accounts.fail, f"address:{address}")
            raise
        _user, token, until = await run_in_threadpool(accounts.sign_in, stored, password, address)
    except AccountError as error:
        return page(signup_page(str(error), name), getattr(error, "status", 400))
    except CampaignError as error:
        return page(signup_page(str(error), name), 503)
    return _signed_in(request, token, until)


@router.post("/signout")
async def signout(request: Request) -> Response:
    hosting = hosting_of(request)
    if hosting is None:
        return no_accounts(request)
    if not same_site(request):
        return refused_page(request, CROSS_SITE, 403)
    token = request.cookies.get(ACCOUNT_COOKIE, "")
    user = await account_of(request)
    owned = [] if user is None else await run_in_threadpool(hosting.accounts.campaigns_of, user)
    if token:
        await run_in_threadpool(hosting.accounts.sign_out, token)
    response = RedirectResponse("/signin", status_code=303)
    response.delete_cookie(ACCOUNT_COOKIE, path="/")
    for campaign in owned:  # (the GM's seats this browser took at them: H771)
        response.delete_cookie(SESSION_COOKIE, path=f"/t/{campaign.name}/")
    return response


def rulesets() -> list[tuple[str, str]]:
    """Every registered ruleset, as (id, title), for the New campaign form."""
    return [(info.id, info.title) for info in available()]


@router.get("/")
async def home(request: Request) -> Response:
    hosting = hosting_of(request)
    if hosting is None:
        return no_accounts(request)
    user = await account_of(request)
    if user is None:
        return RedirectResponse("/signin", status_code=303)
    owned = await run_in_threadpool(hosting.accounts.campaigns_of, user)
    return page(home_page(user, owned, rulesets()))
