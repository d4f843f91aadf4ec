"""Who may ask what (docs/rulings.md H106): every command of redhack and the engine, for
a player acting for their own character, another player's, the GM's, and every GM
power; observers; refusals that store nothing."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM, NotAllowedError, Principal, Role
from hacktable.engine.session import Session
from hacktable.errors import AmbiguousNameError, RuleError
from hacktable.rulesets.grammar import Intent, Words
from hacktable.rulesets.redhack.commands.fight import FightIntent
from hacktable.store import CampaignStore

from ..intents import campaign

ANN = Principal(Role.PLAYER, "Ann")
OBSERVER = Principal(Role.OBSERVER, "Mina")

SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Aldric --class warrior --kit 1 --player Ann",
    "character new Mirela --class wizard --kit 1 --player Ann",
    "character new Sly --class thief --kit 1 --player Bea",
    "character new Tomas --class cleric --kit 1",
)
"""Ann plays Aldric and Mirela, Bea plays Sly, the GM plays Tomas."""

READ = (
    "help",
    "help attack",
    "log",
    "log 5 --times",
    "quit",
    "odds 12",
    "odds Sly DEX",
    "save",
    "character show Sly",
    "character list",
    "character export Sly",
    "character export Sly --format json",
    "player",
    "player list",
    "fight status",
    "travel status",
    "where",
    "settings",
    "table",
    "bestiary",
    "bestiary goblin",
    "encounters",
    "encounters crypt",
    "landscape",
    "landscape marsh",
    "fortune",
    "fortune show jungle",
    "disrepair",
    "spell",
    "spell fireball",
    "session",
    "technique Sly",
    "prompts",
)
"""Anyone may ask these, observers too."""

SELF = (
    "roll 3d6",
    "roll d20 adv",
    "note the road is wet",
    "note private the map is fake",
    "roll 2d6 secret",
    "roll d20 blind",
    "whisper gm I pocket the ring",
    "say the door creaks",
    "answer 1",
    "undo",
    "table fatigue = 3",
    "character new Zoe --class thief --kit 1",
)
"""Any player, as themselves (no character named)."""

OWN = (
    "test {c} STR",
    "test {c} STR adv difficulty 4 for climbing",
    "save {c} CON",
    "effect {c} WIS 2",
    "oppose {c} STR Mirela DEX",
    "attack {c} goblin",
    "attack {c} goblin roll 14 damage 5",
    "defend {c} goblin",
    "defend {c} goblin roll 3",
    "parry {c} goblin",
    "parry {c} goblin damage 2",
    "tricksy {c} goblin hinder",
    "turn {c} skeleton",
    "hide {c}",
    "bandage {c} Mirela",
    "bandage {c} Mirela roll 4",
    "haggle {c} 20",
    "injury {c}",
    "injury {c} roll 3",
    "mortal {c}",
    "maintain {c}",
    "usage {c} torch",
    "coins {c} +5",
    "give {c} rope",
    "buy {c} rope",
    "sell {c} torch",
    "put {c} torch in backpack",
    "take {c} torch",
    "drop {c} torch",
    "equip {c} shield",
    "light {c} torch",
    "douse {c} torch",
    "eat {c}",
    "climb {c} 30",
    "climb {c} 30 roped {c},Mirela",
    "hold {c}",
    "move {c} close",
    "block {c} goblin",
    "level {c}",
    "save {c} CON deadly",
    "memorise {c} sleep",
    "memorize {c} sleep in 1",
    "cast {c} sleep with components on goblin",
    "cast {c} web from scroll",
    "cast {c} sleep ritual",
    "copy {c} web",
    "cure {c} bless",
    "pray {c} for bless",
    "alert {c} Mirela",
    "guard {c}",
    "alms {c} pay 10",
)
"""A player may ask these for a character they play ({c}), and for no other."""

GM_POWERS = (
    "monster 2",
    "hp {c} -1",
    "hp {c} +1d4",
    "xp {c} +1",
    "xp {c} quest rescued the smith",
    "level {c} --ding fame",
    "enter crypt level 2",
    "character set {c} level 2",
    "character remove {c}",
    "character export {c} --to /nonexistent/sheet.md",
    "character import /nonexistent/sheet.json",
    "character revive {c}",
    "character owner {c} Bea",
    "character owner {c} gm",
    "give {c} rope force",
    "eat all",
    "fight start",
    "fight start --unexpected --party {c}",
    "fight add 2 goblin",
    "fight end",
    "init",
    "next",
    "flag goblin stunned",
    "flag {c} hidden",
    "move goblins close",
    "block goblin {c}",
    "rest short",
    "rest long fast {c}",
    "tick 1",
    "explore search",
    "where dungeon",
    "fire on",
    "fire light on",
    "check",
    "react",
    "react {c}",
    "encounters add tables.toml",
    "encounters roll crypt",
    "table reactions",
    "table reactions +2 adv",
    "landscape add marsh.toml",
    "travel plan --leader {c}",
    "travel day",
    "travel end",
    "fortune add jungle.toml",
    "fortune remove jungle",
    "fortune assign jungle scout {c}",
    "fortune unassign jungle scout",
    "fortune roll jungle",
    "bestiary add monsters.toml",
    "bestiary remove bog-troll",
    "spell add spells.toml",
    "patron {c} Ulm 2",
    "alms {c} clear",
    "disrepair spend",
    "smother goblin",
    "npc Oswin major 16 minor 9 for lore",
    "monster Oswin for lore",
    "technique {c} defensive-fighting",
    "flag fight confined",
    "settings parry automatic",
    "player add Cid",
    "player remove Bea",
    "session start",
    "session start --seed 5",
    "session end",
    "reveal 1",
    "whisper Bea the floor creaks",
    "invite {c}",
    "invite",
    "revoke Bea",
    "ask {c} test {c} STR",
    "ask cancel 1",
    # the GM's overrides, on the player's own actions
    "attack {c} goblin override",
    "defend {c} goblin damage 4",
    "defend {c} goblin override",
    "parry {c} goblin override",
    "tricksy {c} goblin hinder override",
    "turn {c} skeleton override",
    "hide {c} override",
    "cast {c} light override",
    "pray {c} override",
    "bandage {c} Mirela override",
    "haggle {c} 20 override",
    "injury {c} override",
    "light {c} torch override",
    "douse {c} torch override",
    "climb {c} 10 override",
    "move {c} close override",
)
"""The GM's alone, even for the player's own character."""

ABSTRACT = frozenset({FightIntent})
"""Registered intents no line ever reads into (their sub-commands are read instead)."""


@pytest.fixture(scope="module")
def layer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CommandLayer]:
    folder = tmp_path_factory.mktemp("authorisation")
    layer = campaign(folder / "campaign.db", 8, SETUP)
    yield layer
    layer.session.store.close()


def _intent(layer: CommandLayer, line: str) -> Intent:
    intent = layer.parse(line)
    assert intent is not None, line
    return intent


def _refusal(layer: CommandLayer, principal: Principal, line: str) -> str:
    """The one line ``principal`` is told for ``line``, having checked that running
    it stored nothing and left the state as it was."""
    store = layer.session.store
    seq, state = store.last_seq(), layer.session.state.to_json()
    with pytest.raises(NotAllowedError) as caught:
        layer.run(line, principal)
    assert store.last_seq() == seq, line
    assert layer.session.state.to_json() == state, line
    said = str(caught.value)
    assert "\n" not in said
    assert said.startswith(f"{principal.name} may not "), said
    assert caught.value.who == principal.name
    return said


def _lines(c: str) -> list[str]:
    return [*READ, *SELF, *(t.format(c=c) for t in OWN), *(t.format(c=c) for t in GM_POWERS)]


def test_the_cases_cover_every_command_and_every_intent(layer: CommandLayer) -> None:
    registered = [command for commands in layer.session.command_sets() for command in commands]
    intents: set[type[Intent]] = set()
    for command in registered:
        intents |= {command.intent, *_subclasses(command.intent)}
    asked = [_intent(layer, line) for line in _lines("Aldric")]
    assert {layer._command_for(intent).name for intent in asked} == {c.name for c in registered}
    assert {type(intent) for intent in asked} == intents - ABSTRACT - {Words}


def _subclasses(kind: type[Intent]) -> set[type[Intent]]:
    """Every subclass of ``kind`` its module defines (a slotted dataclass leaves the
    class it replaced among the subclasses: that one is skipped)."""
    found: set[type[Intent]] = set()
    for sub in kind.__subclasses__():
        if getattr(sys.modules[sub.__module__], sub.__qualname__, None) is sub:
            found |= {sub, *_subclasses(sub)}
    return found


@pytest.mark.parametrize("line", READ)
def test_anyone_may_read(layer: CommandLayer, line: str) -> None:
    intent = _intent(layer, line)
    for principal in (GM, ANN, OBSERVER):
        layer._authorise(principal, intent)


@pytest.mark.parametrize("line", SELF)
def test_a_player_acts_as_themselves_and_an_observer_not_at_all(
    layer: CommandLayer, line: str
) -> None:
    layer._authorise(ANN, _intent(layer, line))
    layer._authorise(GM, _intent(layer, line))
    assert _refusal(layer, OBSERVER, line).endswith(": observers only watch")


@pytest.mark.parametrize("template", OWN)
def test_a_player_acts_for_their_own_characters_only(layer: CommandLayer, template: str) -> None:
    mine = _intent(layer, template.format(c="Aldric"))
    layer._authorise(ANN, mine)
    layer._authorise(GM, mine)
    layer._authorise(ANN, _intent(layer, template.format(c="ald")))  # a unique prefix
    said = _refusal(layer, ANN, template.format(c="Sly"))
    assert said.endswith(" for Sly: Sly is played by Bea"), said
    said = _refusal(layer, ANN, template.format(c="Tomas"))
    assert said.endswith(" for Tomas: Tomas is played by the GM"), said
    said = _refusal(layer, OBSERVER, template.format(c="Aldric"))
    assert said.endswith(": observers only watch")


@pytest.mark.parametrize("template", GM_POWERS)
def test_a_player_never_uses_a_gm_power(layer: CommandLayer, template: str) -> None:
    line = template.format(c="Aldric")
    layer._authorise(GM, _intent(layer, line))
    said = _refusal(layer, ANN, line)
    assert "GM" in said.split(": ", 1)[1], said
    assert _refusal(layer, OBSERVER, line).endswith(": observers only watch")


def test_the_refusals_name_the_rule(layer: CommandLayer) -> None:
    assert _refusal(layer, ANN, "fight add 2 goblin") == (
        "Ann may not fight add: adding monsters is the GM's"
    )
    assert _refusal(layer, ANN, "attack Aldric goblin override") == (
        "Ann may not override the rules: setting a rule aside is the GM's"
    )
    assert _refusal(layer, ANN, "attack Sly goblin") == (
        "Ann may not attack for Sly: Sly is played by Bea"
    )
    assert _refusal(layer, ANN, "defend Aldric goblin damage 4") == (
        "Ann may not fix a monster's damage: the monsters' dice are the GM's"
    )
    assert _refusal(layer, ANN, "hp Aldric -1") == (
        "Ann may not change hit points: editing characters is the GM's"
    )
    assert _refusal(layer, ANN, "move goblins close") == (
        "Ann may not move for goblins: goblins is no character: the GM plays it"
    )
    assert _refusal(layer, ANN, "settings parry automatic") == (
        "Ann may not change a setting: the campaign's settings are the GM's"
    )


def test_every_character_named_must_be_the_players(layer: CommandLayer) -> None:
    layer._authorise(ANN, _intent(layer, "oppose Aldric STR Mirela DEX"))
    assert _refusal(layer, ANN, "oppose Aldric STR Sly DEX").endswith("Sly is played by Bea")
    assert _refusal(layer, ANN, "climb Aldric 30 roped Aldric,Sly").endswith("Sly is played by Bea")
    # the patient's injury die is the patient's player's to enter
    layer._authorise(ANN, _intent(layer, "bandage Aldric Sly"))
    said = _refusal(layer, ANN, "bandage Aldric Sly roll 4")
    assert said == "Ann may not bandage with the die entered for Sly: Sly is played by Bea"


def test_an_ambiguous_prefix_is_said_as_such(layer: CommandLayer) -> None:
    layer.run("character new Alia --class bard --kit 1 --player Bea")
    try:
        with pytest.raises(AmbiguousNameError):
            layer.run("test Al STR", ANN)
    finally:
        layer.run("undo")


def test_a_principal_the_campaign_has_not_seated_is_refused(layer: CommandLayer) -> None:
    stranger = Principal(Role.PLAYER, "Zed")
    said = _refusal(layer, stranger, "roll 3d6")
    assert said == "Zed may not roll: Zed is not a player of this campaign"
    layer._authorise(stranger, _intent(layer, "log"))  # reading is anyone's


def test_coins_and_gear_from_nothing_are_the_gms_unless_the_campaign_allows(
    tmp_path: Path,
) -> None:
    """docs/rulings.md H256: a player spends their coins but does not add to them or
    conjure gear, unless the campaign's ``player-gains`` setting says so."""
    layer = campaign(tmp_path / "c.db", 4, SETUP)
    try:
        for line, what in (
            ("coins Aldric +50", "add coins to Aldric"),
            ("coins Aldric 999", "add coins to Aldric"),
            ("give Aldric rope", "give Aldric gear"),
        ):
            before = layer.session.state
            with pytest.raises(NotAllowedError) as refused:
                layer.run(line, ANN)
            assert str(refused.value) == (
                f"Ann may not {what}: treasure and gear come from the GM (the campaign's "
                "setting player-gains is gm-only; docs/rulings.md H256)"
            )
            assert layer.session.state == before
        assert layer.run("coins Aldric -1", ANN).events
        layer.run("settings player-gains allowed")
        assert layer.run("coins Aldric +50", ANN).events
        assert layer.run("give Aldric rope", ANN).events
    finally:
        layer.session.store.close()


def test_a_player_plays_their_own_turn_end_to_end(tmp_path: Path) -> None:
    layer = campaign(tmp_path / "c.db", 4, SETUP)
    try:
        for line in (
            "test Aldric STR",
            "usage Aldric torch",
            "buy Aldric rope",
            "equip Aldric shield off",
            "coins Aldric -1",
            "eat Mirela",
            "oppose Aldric STR Mirela DEX",
            "roll 2d6",
            "note Ann's note",
            "character new Zoe --class thief --kit 1",
        ):
            outcome = layer.run(line, ANN)
            assert outcome.events, line
            assert {event.principal for event in outcome.events} == {"Ann"}, line
        layer.run("fight start")
        layer.run("fight add 1 goblin --hp 20")
        layer.run("init")
        assert layer.run("move Aldric close", ANN).events[0].principal == "Ann"
        attacks = []
        for _ in range(3):  # Aldric acts before or after the monsters, as he rolled
            try:
                attacks.append(layer.run("attack Aldric goblin-1", ANN))
                break
            except RuleError:
                layer.run("next")
        (attack,) = attacks
        assert attack.command == "attack"
        assert (attack.events[0].principal, attack.events[0].actor) == ("Ann", "Aldric")
    finally:
        layer.session.store.close()


def test_a_player_may_not_undo_another_s_action(tmp_path: Path) -> None:
    layer = campaign(tmp_path / "c.db", 4, SETUP)
    store = layer.session.store
    try:
        layer.run("hp Aldric -1")
        seq = store.last_seq()
        said = _refusal(layer, ANN, "undo")
        assert said == (
            f"Ann may not undo #{seq} (hp, asked by GM): undoing another's action is the GM's"
        )
        assert layer.run("undo").events[0].undoes == seq  # the GM may
    finally:
        store.close()


def test_a_player_undoes_their_own_actions_without_rolls(tmp_path: Path) -> None:
    layer = campaign(tmp_path / "c.db", 4, SETUP)
    store = layer.session.store
    try:
        layer.run("buy Aldric rope", ANN)
        if store.events()[-1].principal != "Ann":
            pytest.skip("the store keeps no event's principal yet (issue 8's store part)")
        assert layer.run("undo", ANN).events[0].undoes == store.last_seq() - 1
        inventory = layer.session.character("Aldric").inventory
        assert not any("rope" in item.name.lower() for item in inventory)
        layer.run("character new Zoe --class thief --kit 1", ANN)  # 3d6 and more: a roll
        seq = store.last_seq()
        said = _refusal(layer, ANN, "undo")
        assert said == f"Ann may not undo #{seq} (character.new): undoing a roll is the GM's"
        assert layer.run("undo").events[0].undoes == seq  # the GM may
    finally:
        store.close()


def test_a_player_enters_only_damage_their_dice_can_show(tmp_path: Path) -> None:
    """RULINGS G5: a player enters what they rolled; a total the dice cannot show is
    fixing damage, the GM's (docs/rulings.md H106)."""
    layer = CommandLayer(Session(CampaignStore.open(tmp_path / "d.db"), seed=4))
    try:
        for line in (
            "player add Bea",
            "character new Sly --class thief --kit 1 --player Bea",
            "fight start",
            "fight add 2 goblin --at close",
            "init",
        ):
            layer.run(line)
        bea = Principal(Role.PLAYER, "Bea")
        seq = layer.session.store.last_seq()
        with pytest.raises(NotAllowedError, match="shows 1 to 6; fixing damage is the GM's"):
            layer.run("attack Sly goblin-1 roll 6 damage 99", bea)
        assert layer.session.store.last_seq() == seq  # nothing stored
        outcome = layer.run("attack Sly goblin-1 roll 6 damage 5", bea)
        assert "(entered: 5)" in outcome.text
    finally:
        layer.session.store.close()
