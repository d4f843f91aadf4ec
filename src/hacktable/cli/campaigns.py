"""``hacktable campaign export`` and ``hacktable campaign import``: a whole campaign's
log to a file and back (issue 10 §5; docs/rulings.md H211; :mod:`hacktable.store.transfer`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import CampaignError, HacktableError

if TYPE_CHECKING:
    from ..play.events import Event
    from ..store.base import EventStore

__all__ = ["campaign_app"]

campaign_app = typer.Typer(
    name="campaign",
    help="A whole campaign in and out of a file (JSON Lines: every event, as stored).",
    no_args_is_help=True,
    add_completion=False,
)


def _fail(error: HacktableError) -> None:
    sys.stderr.write(f"error: {error}\n")
    raise typer.Exit(error.exit_code)


@campaign_app.command("export")
def export(
    campaign: Annotated[
        str, typer.Option("--campaign", "-c", help="The campaign to export.")
    ] = "campaign.db",
    to: Annotated[str, typer.Option("--to", help="The file to write.")] = "",
) -> None:
    """Write every event of the campaign to a file (or standard output with no --to):
    'campaign import' reads it into a new campaign with the same state and log. The
    file holds the secret seeds: it is the GM's."""
    from ..store import CampaignStore
    from ..store.opening import is_url
    from ..store.transfer import export_lines

    try:
        if not is_url(campaign) and not Path(campaign).exists():
            raise CampaignError(f"{campaign} does not exist", campaign)
        with CampaignStore.open(campaign, create=False, readonly=True) as store:
            lines = list(export_lines(store))
        if to:
            try:
                Path(to).write_text("".join(lines), encoding="utf-8")
            except OSError as error:
                raise CampaignError(f"cannot write {to}: {error.strerror}", to) from None
    except HacktableError as error:
        _fail(error)
        return
    if to:
        sys.stdout.write(f"{campaign}: {len(lines) - 1} events written to {to}\n")
    else:
        sys.stdout.write("".join(lines))


@campaign_app.command("import")
def import_(
    file: Annotated[str, typer.Argument(help="The exported campaign (JSON Lines).")],
    campaign: Annotated[
        str, typer.Option("--campaign", "-c", help="The new campaign to create.")
    ] = "campaign.db",
) -> None:
    """Make a new campaign from an exported one: the same events, numbers, times and
    hash chain. A campaign that holds events already is refused; a failed import leaves
    nothing behind (docs/rulings.md H255)."""
    from ..store.opening import is_url
    from ..store.transfer import read_export

    try:
        try:
            text = Path(file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
            raise CampaignError(f"cannot read {file}: {reason}", file) from None
        header, events = read_export(text.splitlines(), file)
        from ..rulesets import get_ruleset

        get_ruleset(header.ruleset)  # an unknown ruleset is named before anything is made
        url = is_url(campaign)
        new = not url and not Path(campaign).exists()
        if not new and not url:  # a Postgres campaign is checked in the restore's turn
            _check_target(campaign, header.ruleset)
        _rehearse(header.ruleset, events, file)  # every failure of the log, made nowhere
        try:
            where = _restore(campaign, header.ruleset, events, file)
        except BaseException:
            if new:
                _remove(Path(campaign))
            raise
    except (HacktableError, ValueError) as error:
        if not isinstance(error, HacktableError):
            error = CampaignError(f"{file}: the log does not replay: {error}", file)
        _fail(error)
        return
    sys.stdout.write(f"{where}: {len(events)} events imported from {file}\n")


def _check_target(campaign: str, ruleset: str) -> None:
    """An existing campaign to import into must be empty and of the export's ruleset.

    Raises:
        CampaignError: it holds events, or plays another ruleset.
    """
    from ..store import CampaignStore

    with CampaignStore.open(campaign, ruleset=ruleset, create=False) as store:
        _require_empty(store, ruleset)


def _require_empty(store: EventStore, ruleset: str) -> None:
    if store.last_seq():
        raise CampaignError(
            f"{store.location} is not empty ({store.last_seq()} events): "
            "import into a new campaign",
            store.location,
        )
    if store.ruleset != ruleset:
        raise CampaignError(
            f"{store.location} plays {store.ruleset}, the export {ruleset}", store.location
        )


def _rehearse(ruleset: str, events: list[Event], file: str) -> None:
    """Import into a throwaway campaign first: every hash checked, the chain whole, the
    log replayed, so that a bad export fails before the real campaign is touched
    (docs/rulings.md H255).

    Raises:
        CampaignError: a hash differs or the chain breaks; LogConsistencyError or
            ValueError: the log does not replay.
    """
    import tempfile

    from ..engine.session import Session
    from ..store import CampaignStore

    with (
        tempfile.TemporaryDirectory(prefix="hacktable-import-") as folder,
        CampaignStore.open(Path(folder) / "rehearsal.db", ruleset=ruleset) as store,
    ):
        store.restore(events)
        broken = store.verify()
        if broken is not None:  # pragma: no cover - restore checked every hash
            raise CampaignError(f"{file}: the chain breaks at #{broken}", file)
        Session(store)  # the log replays (LogConsistencyError otherwise)


def _restore(campaign: str, ruleset: str, events: list[Event], file: str) -> str:
    """The real import, in one transaction (:meth:`EventStore.restore`); returns where."""
    from ..engine.session import Session
    from ..store import CampaignStore

    with CampaignStore.open(campaign, ruleset=ruleset) as store:
        _require_empty(store, ruleset)
        store.restore(events)
        broken = store.verify()
        if broken is not None:  # pragma: no cover - the rehearsal checked it
            raise CampaignError(f"{store.location}: the chain breaks at #{broken}", file)
        Session(store)
        return store.location


def _remove(path: Path) -> None:
    """Remove a campaign file this import created, and SQLite's files beside it."""
    import contextlib

    from ..store.sqlitefile import SIDE_FILES

    for leftover in (path, *(path.with_name(path.name + s) for s in SIDE_FILES)):
        with contextlib.suppress(OSError):
            leftover.unlink(missing_ok=True)
