"""The pages of a GM's account (issue 13 §1): sign up, sign in, the GM's home with
their campaigns and a "New campaign" form, and deleting a campaign. Plain HTML forms,
no script, no CDN; every value shown is escaped, and a password is never written back
into a page."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..accounts.accounts import OwnedCampaign

__all__ = ["delete_page", "home_page", "signin_page", "signup_page"]

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>hacktable: {title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto;
  padding: 0 1rem; }}
label {{ display: block; margin: .6rem 0 .2rem; }}
input, select, button {{ font: inherit; padding: .3rem .5rem; }}
.error {{ color: #a00; }}
li {{ margin: .4rem 0; }}
</style>
</head><body>
<h1 style="font-size: 1.3rem">hacktable: {title}</h1>
{error}{body}
</body></html>
"""


def _page(title: str, body: str, error: str = "") -> str:
    shown = f'<p role="alert" class="error" id="error">{escape(error)}</p>\n' if error else ""
    return _PAGE.format(title=escape(title), error=shown, body=body)


def _credentials(name: str, *, again: bool) -> str:
    second = (
        '<label for="password2">Password again</label>\n'
        '<input id="password2" name="password2" type="password" required'
        ' autocomplete="new-password">\n'
        if again
        else ""
    )
    kind = "new-password" if again else "current-password"
    return (
        '<label for="name">Name</label>\n'
        f'<input id="name" name="name" required autocomplete="username" value="{escape(name)}">\n'
        '<label for="password">Password</label>\n'
        f'<input id="password" name="password" type="password" required autocomplete="{kind}">\n'
        + second
    )


def signin_page(error: str = "", name: str = "", signup: bool = False) -> str:
    """The sign-in form (and a link to sign up where it is open)."""
    link = '<p>No account? <a href="/signup">Sign up</a>.</p>' if signup else ""
    body = (
        '<form method="post" action="/signin">\n'
        + _credentials(name, again=False)
        + '<p><button type="submit">Sign in</button></p>\n</form>\n'
        + link
    )
    return _page("sign in", body, error)


def signup_page(error: str = "", name: str = "") -> str:
    """The sign-up form."""
    body = (
        '<form method="post" action="/signup">\n'
        + _credentials(name, again=True)
        + '<p><button type="submit">Sign up</button></p>\n</form>\n'
        '<p>Have an account? <a href="/signin">Sign in</a>.</p>'
    )
    return _page("sign up", body, error)


def home_page(
    user: str,
    campaigns: Sequence[OwnedCampaign],
    rulesets: Sequence[tuple[str, str]],
    error: str = "",
) -> str:
    """A GM's home: their campaigns (open as GM, export, delete) and a new one."""
    rows = "".join(
        f'<li><a href="/t/{escape(c.name)}/gm">{escape(c.name)}</a> ({escape(c.ruleset)})'
        f' · <a href="/campaigns/{escape(c.name)}/export" download>Export</a>'
        f' · <a href="/campaigns/{escape(c.name)}/delete">Delete</a></li>\n'
        for c in campaigns
    )
    listed = f'<ul id="campaigns">\n{rows}</ul>\n' if rows else "<p>No campaigns yet.</p>\n"
    options = "".join(
        f'<option value="{escape(key)}">{escape(title)}</option>' for key, title in rulesets
    )
    body = (
        f"<p>Signed in as <strong>{escape(user)}</strong>.</p>\n"
        '<form method="post" action="/signout"><button type="submit">Sign out</button></form>\n'
        "<h2>Your campaigns</h2>\n" + listed + "<h2>New campaign</h2>\n"
        '<form method="post" action="/campaigns">\n'
        '<label for="campaign">Name</label>\n'
        '<input id="campaign" name="name" required maxlength="40">\n'
        '<label for="ruleset">Ruleset</label>\n'
        f'<select id="ruleset" name="ruleset">{options}</select>\n'
        '<p><button type="submit">Create</button></p>\n</form>\n'
    )
    return _page("your campaigns", body, error)


def delete_page(name: str, error: str = "") -> str:
    """Deleting a campaign: export it first, then type its name to confirm."""
    shown = escape(name)
    body = (
        f"<p>Deleting <strong>{shown}</strong> removes its whole log for good.</p>\n"
        f'<p>Export it first: <a href="/campaigns/{shown}/export" download>Export</a>'
        " (hacktable campaign import reads it back).</p>\n"
        f'<form method="post" action="/campaigns/{shown}/delete">\n'
        f'<label for="confirm">Type {shown} to delete it</label>\n'
        '<input id="confirm" name="confirm" required autocomplete="off">\n'
        '<p><button type="submit">Delete for good</button> <a href="/">Cancel</a></p>\n'
        "</form>\n"
    )
    return _page(f"delete {name}", body, error)
