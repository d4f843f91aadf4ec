"""The ``defend`` command: an opponent's action, rolled by the player as a parry or a
dodge (black-sword-hack 2.1.4, 2.1.7, 2.1.8; RULINGS B1, B2, B5, B6). The rules are
:mod:`..defence`."""

from __future__ import annotations

from dataclasses import dataclass

from ....dice.usage import UsageDie
from ....errors import RuleError
from ....play.outcome import Reply
from ....rules.resolution import Critical, TestRequest
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import OVERRIDING
from .. import armour
from ..character import Character
from ..defence import (
    DEFENCES,
    defence_damage,
    defence_refusals,
    defence_request,
    shield_parry,
)
from ..fight import Foe, FoeAction, Ongoing
from .complete import complete_defend
from .hits import add_ongoing, hurt_character
from .registry import COMMANDS
from .staging import Stage

__all__ = ["DefendIntent", "defence_of", "defend_command"]


@dataclass(frozen=True, slots=True)
class DefendIntent(Intent):
    """A character defends against an opponent's action (black-sword-hack 2.1.4).

    Attributes:
        name: the defending character's name, as given.
        how: ``parry`` (STR) or ``dodge`` (DEX).
        opponent: the opponent's key or name, as given.
        action: its action named (a prefix will do), ``None`` for its first.
        adv: the GM's sources of advantage (each ``adv`` one).
        dis: the GM's sources of disadvantage.
        override: the GM sets aside what the rules refuse (logged).
        faces: the dice the player entered (``roll 14``; RULINGS G5): the d20, then
            the damage dice of a hit, then the Doom die of a critical failure.
    """

    name: str
    how: str
    opponent: str
    action: str | None = None
    adv: int = 0
    dis: int = 0
    override: bool = False
    faces: tuple[int, ...] = ()

    def entered(self) -> tuple[int, ...]:
        """The faces the player entered (RULINGS G5)."""
        return self.faces

    def access(self) -> Access:
        """The defender's player rolls it; ``override`` is the GM's."""
        if self.override:
            return Access.gm(OVERRIDING, "override the rules")
        return Access.play(self.name)


def _read_defend(args: Args) -> DefendIntent:
    name = args.word("NAME")
    how = args.word("parry or dodge").lower()
    if how not in DEFENCES:
        raise args.error(f"a defence is parry (STR) or dodge (DEX), not {how!r}")
    if (args.peek() or "").lower() == "against":
        args.word("against")
    opponent = args.word("OPPONENT")
    found: dict[str, object] = {"adv": 0, "dis": 0}
    while not args.empty:
        word = args.word("an option")
        low = word.lower()
        if low in ("adv", "advantage", "dis", "disadvantage"):
            found[low[:3]] = int(str(found[low[:3]])) + 1
        elif low == "override":
            found["override"] = True
        elif low == "roll":  # the player's own dice (RULINGS G5)
            found["faces"] = args.faces(args.word("the faces rolled"))
        elif "action" not in found:
            found["action"] = word
        else:
            raise args.error(f"unexpected {word!r}")
    return DefendIntent(name, how, opponent, **found)  # type: ignore[arg-type]


@COMMANDS.typed(
    "defend",
    "defend NAME parry|dodge [against] OPPONENT [ACTION] [adv|dis] [roll N[,N]] [override]",
    "an opponent acts: the player parries (STR) or dodges (DEX); a failure takes damage",
    DefendIntent,
    _read_defend,
    details="""
The players roll every die: on the opposition's go, each of an opponent's actions is
defended against, at no cost to the character's actions (2.1.4). Parry: a STR test,
only holding a weapon or a shield (a shield gives advantage, and breaks on a critical
failure). Dodge: a DEX test. A ranged action can only be dodged, unless the campaign
lets a shield parry missiles (setting shield-missiles, RULINGS B5). ACTION says which
of the opponent's actions it is (its first if not named); each names what it can be
defended with ('fight status', 'bestiary NAME'). A failure takes its damage less armour
(never below 0); a critical failure ignores armour and rolls the Doom die (B2). There
is no threat level on a defence (RULINGS B1). 'roll 14' enters the player's own d20
(RULINGS G5; then a hit's damage dice and a fumble's Doom die, as they are needed).
""",
    complete=complete_defend,
)
def defend_command(ctx: Context, intent: DefendIntent) -> Reply:
    """A defence."""
    stage = Stage(ctx, intent.override)
    character, foe, action, request = defence_of(stage, intent)
    result = stage.test(f"{foe.name} attacks {character.name}", request)
    stage.detail.update(
        opponent=foe.key,
        action=action.name,
        how=intent.how,
        test={
            "faces": list(result.faces),
            "kept": result.kept,
            "success": result.success,
            "critical": result.critical.value,
        },
    )
    fumble = result.critical is Critical.FAILURE
    if result.success:
        stage.say(f"  {character.name} {_past(intent.how)} the {action.name}", "success")
    else:
        rating = armour.armour_rating(stage.content, character)
        damage = defence_damage(action.damage, rating, fumble)
        stage.say(f"  {foe.name}'s {action.name} hits: {damage.explanation}", "dice")
        stage.detail["damage"] = damage.taken
        hurt_character(stage, character.name, damage.taken, f"{foe.name}'s {action.name}")
        if action.ongoing and not stage.character(character.name).helpless:
            add_ongoing(
                stage, character.name, Ongoing(UsageDie.parse(action.ongoing), action.name, foe.key)
            )
    if fumble:
        _fumble(stage, character.name, intent.how)
    return stage.commit("defend", character.name)


def defence_of(stage: Stage, intent: DefendIntent) -> tuple[Character, Foe, FoeAction, TestRequest]:
    """The defence ``intent`` asks for in ``stage``'s fight: the defender, the opponent,
    its action and the test, not rolled (``defend`` rolls it; a prompt shows its odds:
    issue 12 §2).

    Raises:
        RuleError: no fight, unknown names, or a rule refuses the defence (2.1.4,
            2.1.12; RULINGS B5, B6) unless the GM overrides.
    """
    fight = stage.need_fight()
    _fighter, character = stage.fighter(intent.name)
    foe = fight.foe(intent.opponent)
    action = foe.action(intent.action)
    if character.dead or character.helpless:
        state = "dead" if character.dead else "Helpless (0 HP): they cannot defend"
        raise RuleError(f"{character.name} is {state} (black-sword-hack 2.1.12)")
    if foe.dead:
        raise RuleError(f"{foe.name} is dead")
    if not fight.started:
        stage.need_override("the fight has not begun: 'init' rolls initiative first")
    elif not fight.opposition_go:
        stage.need_override(
            f"it is {fight.whose_go()} go: opponents act, and are defended against, on "
            "the opposition's go (black-sword-hack 2.1.4)"
        )
    if foe.status == "broken":
        stage.need_override(f"{foe.name} has broken and flees (RULINGS B6)")
    disarmed = foe.marked("disarmed")
    if disarmed is not None:
        stage.need_override(
            f"{foe.name} is disarmed (by {disarmed.by}, 2.1.10) until its next go has passed "
            "(docs/rulings.md H134)"
        )
    missiles = str(stage.setting("shield-missiles")) == "yes"
    for reason in defence_refusals(character, foe, action, intent.how, missiles):
        stage.need_override(reason)
    request = defence_request(
        stage.content,
        character,
        intent.how,
        foe,
        action,
        ("GM",) * intent.adv,
        ("GM",) * intent.dis,
    )
    return character, foe, action, request


def _past(how: str) -> str:
    return "parries" if how == "parry" else "dodges"


def _fumble(stage: Stage, name: str, how: str) -> None:
    """A critical failure: a shield parried with breaks and is gone (2.1.8; RULINGS
    B5; docs/rulings.md H141), and the Doom die is rolled (RULINGS B2, H142)."""
    character = stage.character(name)
    shield = shield_parry(character, how)
    if shield is not None:
        item = character.inventory[shield]
        character = character.remove_item(shield)
        stage.update(character)
        stage.say(f"  {item.name} breaks (a critical failure while parrying, 2.1.8)", "warning")
    stage.doom(character, "critical failure")
