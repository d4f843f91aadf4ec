"""Helpers shared by command modules: reading test options, completion sources,
describing requests and results (the last two are every ruleset's:
:mod:`hacktable.rules.render`)."""

from __future__ import annotations

from ....errors import CommandError
from ....play.events import Visibility
from ....rules.render import check_detail, describe_request, show_test
from ....rules.resolution import TestKind
from ...base import TestOptions
from ...grammar import Args
from ..ruleset import Redhack
from ..view import CampaignView

__all__ = [
    "HIDDEN",
    "LEGEND_LORE",
    "TEST_WORDS",
    "attribute_names",
    "character_names",
    "check_detail",
    "describe_request",
    "hidden",
    "hidden_note",
    "read_test_options",
    "redhack_of",
    "show_test",
]

HIDDEN = {"secret": Visibility.GM, "blind": Visibility.BLIND}
"""The words that make a roll secret (the roller and the GM see it) or blind (the GM
alone: RULINGS G4)."""

TEST_WORDS = ("adv", "dis", "difficulty", "bonus", "penalty", "for", "roll", "secret", "blind")
"""Keywords a test command takes after its fixed arguments."""


def read_test_options(args: Args, kind: TestKind = TestKind.TEST) -> TestOptions:
    """Read ``[adv|dis]... [difficulty N] [bonus N] [penalty N] [for TAG[,TAG]]
    [roll N[,N]] [secret|blind]``.

    Each ``adv`` or ``dis`` is one source (the GM's call); sources cancel one for one
    (RULINGS R3). ``roll 14`` enters the die the player rolled (RULINGS G5);
    ``secret`` or ``blind`` makes the roll the GM's to see (RULINGS G4).

    Raises:
        CommandError: an unknown word or a malformed number.
    """
    advantages: list[str] = []
    disadvantages: list[str] = []
    tags: list[str] = []
    difficulty: int | None = None
    bonus = penalty = 0
    entered: tuple[int, ...] = ()
    hidden: list[Visibility] = []
    while not args.empty:
        word = args.word("an option").lower()
        if word in ("adv", "advantage"):
            advantages.append("GM")
        elif word in ("dis", "disadvantage"):
            disadvantages.append("GM")
        elif word in ("difficulty", "diff", "vs"):
            difficulty = args.integer("difficulty", minimum=1)
            if difficulty > 20:
                raise args.error(f"difficulty must be at most 20, not {difficulty}")
        elif word == "bonus":
            bonus += args.integer("bonus")
        elif word == "penalty":
            penalty += args.integer("penalty")
        elif word == "for":
            tags.extend(t for t in args.word("what the test is for").lower().split(",") if t)
        elif word == "roll":
            entered = args.faces(args.word("the faces rolled"))
        elif word in HIDDEN:
            hidden.append(HIDDEN[word])
        else:
            raise args.error(f"unexpected {word!r}")
    if len(set(hidden)) > 1:
        raise args.error("a roll is secret or blind, not both")
    return TestOptions(
        entered=entered,
        visibility=hidden[0] if hidden else Visibility.PUBLIC,
        difficulty=difficulty,
        bonus=bonus,
        penalty=penalty,
        advantages=tuple(advantages),
        disadvantages=tuple(disadvantages),
        tags=tuple(tags),
        kind=kind,
    )


LEGEND_LORE = "legend-lore"
"""The tag of a Legend Lore check: always blind (RULINGS G4; docs/rulings.md H208)."""


def hidden(options: TestOptions) -> Visibility:
    """Who sees a test whole (RULINGS G4): as asked (``secret``, ``blind``), and a
    Legend Lore check (``for legend-lore``) blind whatever was asked: the player
    learns only that it was made (redhack: Character Creation > 2. Class > Wizard >
    Legend Lore; docs/rulings.md H208)."""
    if LEGEND_LORE in options.tags:
        return Visibility.BLIND
    return options.visibility


def hidden_note(visibility: Visibility, gm: bool) -> tuple[str, str]:
    """The line under a secret or blind roll, as its roller reads it (RULINGS G4)."""
    if visibility is Visibility.BLIND:
        return ("A blind roll: only the GM sees the result.", "muted")
    who = "the GM sees" if gm else "you and the GM see"
    return (f"A secret roll: only {who} the result; the others see that it was made.", "muted")


def character_names(session: CampaignView) -> list[str]:
    """Every character's name."""
    return [c.name for c in session.characters()]


def attribute_names(session: CampaignView) -> tuple[str, ...]:
    """The ruleset's attribute names."""
    return session.ruleset.attributes


def redhack_of(session: CampaignView) -> Redhack:
    """The campaign's ruleset as redhack, for what only redhack has (kits, 3d6 in
    order, AC).

    Raises:
        CommandError: the campaign plays another ruleset (a redhack command never runs
            there: each ruleset has its own command set).
    """
    ruleset = session.ruleset
    if not isinstance(ruleset, Redhack):  # pragma: no cover - command sets are apart
        raise CommandError(f"this command is redhack's, not {ruleset.id}'s")
    return ruleset
