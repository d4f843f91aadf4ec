"""The Typer application behind ``hacktable``: ``play`` (the GM console) and the
one-shot ``roll``, ``test``, ``odds``, ``log`` and ``rulesets``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperCommand

from .. import DEFAULT_RULESET, __version__
from ..dice.advantage import Advantage
from ..errors import HacktableError
from .oneshot import check_once, error_output, roll_once, usage_line
from .reading import options_help

# (the store and principals are imported only when a command needs them)
if TYPE_CHECKING:
    from ..engine.session import Session
    from ..play.events import Event
    from ..play.principal import Principal
    from ..store import CampaignStore

__all__ = ["app", "run"]

app = typer.Typer(
    name="hacktable",
    help="A rules engine and game table for the Hack family of tabletop RPGs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

Seed = Annotated[
    int | None, typer.Option("--seed", min=0, help="Seed the dice, to reproduce a result.")
]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Adv = Annotated[bool, typer.Option("--adv", help="Advantage.")]
Dis = Annotated[bool, typer.Option("--dis", help="Disadvantage.")]
Campaign = Annotated[
    str,
    typer.Option(
        "--campaign",
        "-c",
        envvar="HACKTABLE_DATABASE_URL",
        help="The campaign: a file (SQLite), or postgresql://USER@HOST/DB[#CAMPAIGN] "
        "(default: $HACKTABLE_DATABASE_URL, else campaign.db).",
        show_default=True,
    ),
]


def _exists(campaign: str) -> bool:
    """Whether the campaign file exists (a Postgres campaign is asked of its server
    when it is opened)."""
    from ..store.opening import is_url

    return is_url(campaign) or Path(campaign).exists()


def _emit(text: str, code: int, as_json: bool = False) -> None:
    stream = sys.stdout if code == 0 or as_json else sys.stderr
    stream.write(text + "\n")
    raise typer.Exit(code)


def _fail(error: HacktableError, as_json: bool = False) -> None:
    text, code = error_output(error, as_json)
    _emit(text, code, as_json)


@app.command()
def roll(
    expression: Annotated[list[str], typer.Argument(help="Dice: 3d6, 4d6kh3, (d6-1)x10, ud6.")],
    seed: Seed = None,
    as_json: Json = False,
    adv: Adv = False,
    dis: Dis = False,
) -> None:
    """Roll dice once and explain the roll."""
    _emit(
        *roll_once(" ".join(expression), seed, as_json, Advantage.from_flags(adv, dis)),
        as_json=as_json,
    )


_CHECK_SUMMARIES = {
    "test": "Make one test: shows the exact odds, then the roll and its explanation.",
    "odds": "The exact odds of a test: success, critical success, critical failure.",
}


class _OwnOptions(TyperCommand):
    """A one-shot ``test`` or ``odds``, whose options :mod:`hacktable.cli.reading` reads,
    not Click: the arguments reach the callback untouched (``ctx.args``), as they reach
    the fast path; only ``--help`` (anywhere) is Click's, and it lists the options of
    every ruleset registered."""

    # typer.Context is the public name of the (vendored) Click context these receive
    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]
        """Keep ``args`` for the callback, or show the help."""
        help_names = [name for name in args if name in ctx.help_option_names]
        if help_names:
            return super().parse_args(ctx, help_names[:1])
        ctx.args = list(args)
        return ctx.args

    def format_help(self, ctx: typer.Context, formatter: Any) -> None:  # type: ignore[override]
        """The summary, then the commands' and each ruleset's options."""
        name = self.name or ""
        self.help = f"{_CHECK_SUMMARIES[name]}\n\n{options_help(name)}"
        super().format_help(ctx, formatter)


def _check_options(name: str) -> dict[str, Any]:
    summary = _CHECK_SUMMARIES[name]
    return {
        "cls": _OwnOptions,
        "help": summary,
        "short_help": summary,
        "options_metavar": "OPTIONS",
    }


@app.command("test", **_check_options("test"))
def run_test(ctx: typer.Context) -> None:
    """One test (options read by :func:`~hacktable.cli.reading.read_check`)."""
    _emit(*check_once("test", ctx.args), as_json="--json" in ctx.args)


@app.command("odds", **_check_options("odds"))
def odds(ctx: typer.Context) -> None:
    """A test's odds (options read by :func:`~hacktable.cli.reading.read_check`)."""
    _emit(*check_once("odds", ctx.args), as_json="--json" in ctx.args)


@app.command()
def play(
    campaign: Campaign = "campaign.db",
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            min=0,
            help="Begin a new game session whose dice derive from this seed (without it, "
            "the open session goes on).",
        ),
    ] = None,
    secret_seed: Annotated[
        int | None,
        typer.Option(
            "--secret-seed",
            min=0,
            help="With --seed: the new game session's secret stream seed (secret and blind "
            "rolls), to reproduce a scripted session; without it a fresh one.",
        ),
    ] = None,
    script: Annotated[
        Path | None, typer.Option("--script", help="Run the commands in FILE, then stop.")
    ] = None,
    ruleset: Annotated[str, typer.Option(help="Ruleset of a new campaign.")] = DEFAULT_RULESET,
    as_json: Json = False,
    as_: Annotated[
        str,
        typer.Option(
            "--as", help="Act as this player of the campaign, or as 'observer' (default: gm)."
        ),
    ] = "gm",
) -> None:
    """The GM console: an interactive prompt, or a batch run of a script.

    The campaign file is created if it does not exist. Every action is saved as it
    happens. With no --script and no terminal, commands are read from standard input.
    With --json, each command prints one JSON object (JSON Lines), errors included.
    With --as PLAYER the console acts as that player, who acts only for their own
    characters (docs/rulings.md H106).

    Without --seed the campaign's open game session goes on; with none open, the first
    action that is saved begins one (RULINGS G6).
    """
    from ..console.loop import Console
    from ..console.render import make_printer
    from ..engine.principal import GM
    from ..engine.session import Session
    from ..errors import CampaignError, CommandError
    from ..rulesets import get_ruleset
    from ..store import CampaignStore
    from ..store.opening import is_url

    principal = GM
    try:
        if script is not None:
            if not script.exists() or script.is_dir():
                raise CommandError(f"no script file {script}", "play")
            from ..console.loop import read_script

            read_script(script)  # unreadable or not text: refused before the campaign opens
        get_ruleset(ruleset)
        acting = as_.strip().casefold() != "gm"
        if acting and seed is not None:  # a seed chosen by a player would pick her dice
            raise CommandError(
                f"--seed begins a game session, which is the GM's: not with --as {as_}", "play"
            )
        if secret_seed is not None and seed is None:
            raise CommandError("--secret-seed goes with --seed: it seeds a new session", "play")
        if acting and not _exists(campaign):
            raise CampaignError(f"{campaign} does not exist: the GM starts a campaign", campaign)
        existed = _exists(campaign) and not is_url(campaign)
        store = CampaignStore.open(campaign, ruleset=ruleset, create=not acting, warn=_warn)
        created = not existed and store.last_seq() == 0
    except HacktableError as error:
        _fail(error, as_json)
        return
    interactive = script is None and sys.stdin.isatty()
    printer = make_printer(
        rich=interactive and sys.stdout.isatty() and not as_json, as_json=as_json
    )
    with store:
        try:
            source = str(script) if script else "console"
            session = Session(store, None, source=source)  # (opening writes nothing)
            if acting:
                principal = _principal(session, as_)
            if seed is not None:
                session.start_game_session(seed, secret_seed)
            if created:
                printer.text(f"New {store.ruleset} campaign: {store.location}", "note")
            elif ruleset not in (DEFAULT_RULESET, store.ruleset):  # H496
                printer.text(
                    f"{store.location} is a {store.ruleset} campaign: it plays {store.ruleset} "
                    f"(--ruleset {ruleset} chooses the ruleset of a new campaign)",
                    "note",
                )
            console = Console(session, printer, principal)
            if script is not None:
                console.run_file(script)
            elif interactive:
                console.run_interactive()
            else:
                console.run_stream(sys.stdin)
        except HacktableError as error:
            printer.failure(error)
            raise typer.Exit(error.exit_code) from None


def _warn(message: str) -> None:
    """A warning from the store that does not stop it (a discarded snapshot)."""
    sys.stderr.write(f"warning: {message}\n")


def _principal(session: Session, name: str) -> Principal:
    """The principal ``--as`` names at the campaign, read before the game session
    begins, so that a name the campaign does not have writes nothing.

    Raises:
        UnknownNameError: the campaign has no such player.
    """
    from ..play.players import principal_named

    return principal_named(session.state, name)


@app.command()
def log(
    campaign: Campaign = "campaign.db",
    last: Annotated[str, typer.Argument(help="How many events: N or 'all'.")] = "20",
    as_json: Json = False,
    reader: Annotated[
        str,
        typer.Option(
            "--as",
            metavar="PLAYER",
            help="Read the log as this player, or 'observer' (default: the GM, who "
            "sees everything).",
        ),
    ] = "GM",
    verify: Annotated[
        bool,
        typer.Option(
            "--verify", help="Check the log's hash chain and report the first broken link."
        ),
    ] = False,
) -> None:
    """Show a campaign's log without starting a session (read-only), as one at the
    table sees it: a player sees that another's secret roll was made, not its result,
    and no one else's whispers (RULINGS G4). With --verify, check that no event was
    changed, removed or inserted after it was written (exit status 2 names the first
    broken link)."""
    import json

    from ..engine.commands.campaign import render_event
    from ..errors import CampaignError, CommandError
    from ..play.outcome_codec import to_plain
    from ..store import BrokenChainError, CampaignStore

    try:
        if last.lower() != "all" and not (last.isascii() and last.isdigit() and int(last) >= 1):
            raise CommandError(f"how many events: a number from 1, or 'all', not {last!r}", "log")
        if not _exists(campaign):
            raise CampaignError(f"{campaign} does not exist", campaign)
        store = CampaignStore.open(campaign, create=False, readonly=True, warn=_warn)
        with store:
            if verify:
                broken, count = store.verify(), store.last_seq()
                if broken is not None:
                    raise BrokenChainError(store.location, broken)
                _verify_snapshot(store)
                where = store.location
            else:
                events = _log_as(store, reader, None if last.lower() == "all" else int(last))
    except HacktableError as error:
        _fail(error, as_json)
        return
    if verify:
        if as_json:
            _emit(json.dumps({"campaign": where, "verified": True, "events": count}), 0, True)
        _emit(f"{where}: the hash chain is whole ({count} events)", 0)
    if as_json:
        body = {"campaign": campaign, "events": [to_plain(e) for e in events]}
        _emit(json.dumps(body), 0, True)
    for event in events:
        sys.stdout.write(render_event(event) + "\n")


@app.command("verify")
def verify_rolls(
    campaign: Campaign = "campaign.db",
    session: Annotated[
        int | None,
        typer.Option("--session", min=1, help="The game session (default: the latest)."),
    ] = None,
    as_json: Json = False,
) -> None:
    """Replay every public roll of an ended game session from the seed its end revealed,
    and check each against the log, the seed against the commitment its start
    published, and the hash chain (issue 12 section 5; RULINGS G6). Entered dice are
    listed as entered; secret and blind rolls are not revealed. Exit status 2 names
    each problem with its sequence number."""
    import json

    from ..engine.verify import verify_session
    from ..errors import CampaignError
    from ..store import CampaignStore

    try:
        if not _exists(campaign):
            raise CampaignError(f"{campaign} does not exist", campaign)
        store = CampaignStore.open(campaign, create=False, readonly=True, warn=_warn)
        with store:
            result = verify_session(store.events(), session, store.verify())
    except HacktableError as error:
        _fail(error, as_json)
        return
    code = 0 if result.ok else 2
    if as_json:
        _emit(json.dumps({"campaign": campaign, **result.to_json()}), code, True)
    for finding in result.findings:
        if not finding.problem:
            sys.stdout.write(finding.text + "\n")
    problems = [f.text for f in result.findings if f.problem]
    replayed = result.count("replayed")
    hidden = sum(1 for f in result.findings if f.status == "not revealed")
    head = (
        f"session {result.session} (#{result.start_seq}-#{result.end_seq}, seed "
        f"{result.seed}): {replayed} {'die' if replayed == 1 else 'dice'} replayed, "
        f"{result.count('entered')} entered, "
        f"{hidden} secret {'roll' if hidden == 1 else 'rolls'} not revealed"
    )
    if problems:
        sys.stdout.flush()
        _emit("\n".join([*problems, f"{head}: NOT verified"]), 2)
    _emit(f"{head}: verified", 0)


def _verify_snapshot(store: CampaignStore) -> None:
    """Check that the snapshot opening would read is the state the log replays to (its
    checksum only shows it was not damaged, not that nobody rewrote it).

    Raises:
        SnapshotMismatchError: it is not.
    """
    from ..play.state import CampaignState
    from ..store import SnapshotMismatchError

    snapshot = store.snapshot()
    if snapshot is None:
        return
    replayed = CampaignState.replay(store.events(limit=snapshot.seq))
    try:
        matches = CampaignState.from_snapshot_json(snapshot.state, snapshot.seq) == replayed
    except ValueError:
        matches = False
    if not matches:
        raise SnapshotMismatchError(store.location, snapshot.seq)


def _log_as(store: CampaignStore, reader: str, last: int | None) -> list[Event]:
    """The last ``last`` events (``None``: all) of ``store`` that ``reader`` sees (a
    player's name, ``"observer"`` or ``"GM"``), as they see them: what the console's
    ``log`` reads (:meth:`~hacktable.engine.session.Session.log`), the players found
    in the state opening reads (a snapshot and the events after it).

    Raises:
        UnknownNameError: ``reader`` is no player of the campaign.
        CampaignError: reading the log failed.
    """
    from ..engine.session import Session
    from ..errors import UnknownNameError
    from ..play.character import fold
    from ..play.principal import Principal, Role

    if fold(reader) == "gm":
        return store.events() if last is None else store.last(last)
    session = Session(store)  # (read-only: opening writes nothing)
    if fold(reader) == "observer":
        principal = Principal(Role.OBSERVER, "observer")
    else:
        state = session.state
        names = {
            key: (state.get("player", key) or {}).get("name", key) for key in state.keys("player")
        }
        if fold(reader) not in names:
            raise UnknownNameError("player", reader, [*names.values(), "observer", "GM"])
        principal = Principal(Role.PLAYER, names[fold(reader)])
    return session.log(last, principal)


@app.command()
def rulesets() -> None:
    """List the rulesets hacktable can play."""
    from ..rulesets import available

    for info in available():
        sys.stdout.write(f"{info.id:<18} {info.summary}\n")


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"hacktable {__version__}\n")
        raise typer.Exit(0)


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show version.")
    ] = False,
) -> None:
    """A rules engine and game table for the Hack family of tabletop RPGs."""


def run(args: list[str]) -> None:
    """Run the application on ``args`` and exit with its status.

    Usage errors (an unknown option, a value of the wrong type) print one line,
    ``error: ...``, and exit with status 2, like every other bad input.
    """
    command = typer.main.get_command(app)
    try:
        code = command.main(args=args, prog_name="hacktable", standalone_mode=False)
    except typer.Abort:
        sys.stderr.write("error: aborted\n")
        raise SystemExit(1) from None
    except Exception as error:
        format_message = getattr(error, "format_message", None)
        exit_code = getattr(error, "exit_code", None)
        if format_message is None or not isinstance(exit_code, int):
            raise
        message = " ".join(str(format_message()).split())
        if message:  # (no message: the help was shown, as for a bare "hacktable")
            as_json = "--json" in args
            names = set(getattr(command, "commands", {}))
            where = args[0] if args and args[0] in names else ""
            stream = sys.stdout if as_json else sys.stderr
            stream.write(usage_line(message, where, as_json) + "\n")
        raise SystemExit(exit_code) from None
    raise SystemExit(code if isinstance(code, int) else 0)


def _add_campaign_commands() -> None:
    from .campaigns import campaign_app

    app.add_typer(campaign_app, name="campaign")


_add_campaign_commands()


def _add_web_commands() -> None:
    from .web import add_web_commands

    add_web_commands(app)


_add_web_commands()


@app.command()
def simulate(
    party: Annotated[
        str | None,
        typer.Option(
            "--party",
            help="A campaign file (its living characters) or 'sample' (redhack: four PCs; "
            "black-sword-hack: its three archetypes); with --ruleset black-sword-hack also "
            "PCs in its notation, ','-separated: 'Kara: STR13 DEX12 CON11 WIS10 L2 medium "
            "1h shield, reaver L2' (scores, L level, HP, none/light/medium/heavy armour, "
            "1h/2h/unarmed, shield, udN; archetypes sellsword, reaver, duellist; "
            "docs/simulate.md).",
        ),
    ] = None,
    monsters: Annotated[
        str | None,
        typer.Option(
            "--monsters",
            "--opponents",
            help="Foes: '6 goblin, 1 goblin-chief' (black-sword-hack: 'city-guard x3' too); "
            "';' separates morale groups. From the bestiary, with a campaign's own "
            "monsters.",
        ),
    ] = None,
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset", help="The ruleset whose simulator reads --party (default: redhack)."
        ),
    ] = None,
    runs: Annotated[int, typer.Option("--runs", help="Fights to play (1 to 1,000,000).")] = 10_000,
    seed: Seed = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Write a histogram of rounds to FILE.png.")
    ] = None,
    engine: Annotated[
        str | None,
        typer.Option(
            "--engine",
            help="redhack: vector (NumPy, fast, the default) or scalar (the reference); "
            "black-sword-hack: scalar.",
        ),
    ] = None,
    as_json: Json = False,
) -> None:
    """Play a fight many times and report the party's odds (docs/simulate.md).

    The default tactic: everyone in melee, each PC hits the weakest foe (redhack: a
    Warrior cleaves; black-sword-hack: two attacks a turn, the second rolling the Doom
    die), foes strike random PCs, morale as the rules say. Reports the win rate and the
    PCs out (Helpless), dead and hurt, and the rounds (turns), with 95% intervals.
    """
    import json

    from ..dice.source import fresh_seed
    from ..errors import CommandError
    from .simulate import check_engine, simulated_encounter, simulator_for

    seed = fresh_seed() if seed is None else seed
    try:
        chosen = simulator_for(ruleset or DEFAULT_RULESET)  # none: one line (H476)
        if party is None or monsters is None:
            missing = " and ".join(
                n for n, v in (("--party", party), ("--monsters", monsters)) if v is None
            )
            raise CommandError(f"needs {missing} (see: hacktable simulate --help)", "simulate")
        if engine is not None and ruleset is not None:
            check_engine(chosen, engine)
        chosen.check_runs(runs)
        sim, encounter = simulated_encounter(party, monsters, ruleset)  # a campaign's own too
        engine = check_engine(sim, engine)
        from rich.console import Console as RichConsole
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=RichConsole(stderr=True),
            transient=True,
            disable=not sys.stderr.isatty(),
        ) as bar:
            task = bar.add_task(f"{engine} engine", total=runs)
            summary = sim.simulate(
                encounter, runs, seed, engine, lambda done: bar.advance(task, done)
            )
        if plot is not None:
            sim.plot(summary, plot)
    except HacktableError as error:
        _fail(error, as_json)
        return
    if as_json:
        _emit(json.dumps(sim.summary_to_json(summary)), 0, True)
    lines = sim.render_summary(summary)
    if plot is not None:
        lines.append(f"histogram of rounds: {plot}")
    sys.stdout.write("\n".join(lines) + "\n")


def _add_admin_commands() -> None:
    from .admin import admin_app

    app.add_typer(admin_app, name="admin")


_add_admin_commands()
