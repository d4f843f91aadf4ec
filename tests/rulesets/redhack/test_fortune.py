"""Fortune rolls: aptitudes, the roll's loop, task files and the console (redhack: Core
Rules > Fortune Rolls; RULINGS R24; docs/rulings.md H30-H34)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.errors import CommandError, RuleError, RulesDataError, UnknownNameError
from hacktable.play.events import Event
from hacktable.rulesets.redhack.character import Background, Character
from hacktable.rulesets.redhack.fortune import (
    Role,
    Task,
    aptitude,
    fortune_roll,
    load_tasks,
    load_tasks_from,
)

from ...console.conftest import Play
from ...helpers import Faces

EXAMPLES = Path(__file__).parents[3] / "examples" / "data"
JUNGLE = EXAMPLES / "jungle.toml"
MARSH = EXAMPLES / "marsh-fortune.toml"


NO_BACKGROUND = Background()


def person(
    name: str,
    class_id: str = "warrior",
    background: Background = NO_BACKGROUND,
    **scores: int,
) -> Character:
    """A character with the given scores (the rest 10)."""
    every = {a: scores.get(a, 10) for a in ("STR", "DEX", "CON", "INT", "WIS", "CHA")}
    return Character(
        name=name,
        ruleset="redhack",
        class_id=class_id,
        scores=tuple(every.items()),
        hp=6,
        max_hp=6,
        hit_die=10,
        level=1,
        background=background,
    )


def jungle() -> Task:
    (task,) = load_tasks_from(JUNGLE)
    return task


# The text's party: a +2 scout, a navigator and a +1 quartermaster (no class or
# background bonuses: warriors with no background tags).
SCOUT = person("Sly", DEX=16)  # DEX +2, WIS +0: +2
NAVIGATOR = person("Nell", INT=8)  # INT -1, CON +0: negative, -1
QUARTERMASTER = person("Quill", WIS=13)  # WIS +1, INT +0: +1


# -- the text's jungle example (RULINGS R24, H30) -------------------------------------------


def test_jungle_example_goes_5_4_6_7_with_a_minus_one_navigator() -> None:
    party = {"scout": SCOUT, "navigator": NAVIGATOR, "quartermaster": QUARTERMASTER}
    result = fortune_roll(jungle(), party, Faces(5))
    assert [a.value for a in result.aptitudes] == [2, -1, 1]
    assert result.face == 5
    assert result.steps == (
        "d20 5",
        "navigator -1: 4 (Ambush [scout])",
        "scout +2: 6 (Spoiled food [quartermaster])",
        "quartermaster +1: 7 (The woods have eyes [scout]): scout already applied: final",
    )
    assert result.value == 7
    assert result.entry.result == "The woods have eyes"
    assert "-1 on random encounter checks" in result.entry.effect
    assert result.applied == ("navigator", "scout", "quartermaster")


def test_jungle_example_with_a_true_minus_two_navigator_goes_5_3() -> None:
    # The text's "-2 navigator" (H30): by R24's procedure 5 - 2 = 3, which names the
    # navigator, already applied: final.
    party = {"scout": SCOUT, "navigator": None, "quartermaster": QUARTERMASTER}
    result = fortune_roll(jungle(), party, Faces(5))
    assert result.aptitudes[1].value == -2
    assert result.steps == (
        "d20 5",
        "navigator -2: 3 (Sucking mire [navigator]): navigator already applied: final",
    )
    assert result.value == 3
    assert result.entry.result == "Sucking mire"


def test_example_files_load() -> None:
    task = jungle()
    assert [r.id for r in task.roles] == ["scout", "navigator", "quartermaster"]
    assert task.role("Quartermaster").attributes == ("WIS", "INT")
    (marsh,) = load_tasks_from(MARSH)
    assert {r.id: r.attributes for r in marsh.roles} == {
        "guide": ("WIS", "INT"),
        "forager": ("WIS", "CON"),
        "porter": ("STR", "CON"),
    }


# -- aptitude (RULINGS R24, H31, H32) --------------------------------------------------------

SCOUT_ROLE = Role(
    id="scout",
    name="Scout",
    attributes=("DEX", "WIS"),
    classes=("thief",),
    conflicting_classes=("wizard",),
    tags=("stealth", "tracking"),
    conflicting_tags=("noisy",),
)


@pytest.mark.parametrize(
    ("dex", "wis", "value", "part"),
    [
        (18, 18, 6, "DEX +3, WIS +3: +6"),
        (16, 13, 3, "DEX +2, WIS +1: +3"),
        (10, 12, 0, "DEX +0, WIS +0: +0"),
        (8, 10, -1, "DEX -1, WIS +0: -1, negative: -1"),
        (3, 5, -1, "DEX -3, WIS -2: -5, negative: -1"),
        (4, 18, 1, "DEX -2, WIS +3: +1"),
    ],
)
def test_aptitude_from_modifiers(dex: int, wis: int, value: int, part: str) -> None:
    found = aptitude(SCOUT_ROLE, person("Ann", DEX=dex, WIS=wis))
    assert (found.role, found.character, found.value, found.parts) == (
        "scout",
        "Ann",
        value,
        (part,),
    )


def test_cap_is_on_the_modifiers_only() -> None:
    # +6 from the modifiers (the most R4's modifiers can give), +1 background, +1 class.
    sneak = Background("Raised by goblins", advantages=("tracking",))
    found = aptitude(SCOUT_ROLE, person("Ann", "thief", sneak, DEX=18, WIS=18))
    assert found.value == 8
    assert found.parts == (
        "DEX +3, WIS +3: +6",
        "background 'Raised by goblins' (tracking): +1",
        "class Thief: +1",
    )


def test_background_applies_once_and_by_tag() -> None:
    two = Background("Poacher", advantages=("tracking", "stealth"))
    assert aptitude(SCOUT_ROLE, person("Ann", background=two)).value == 1
    words = Background("A stealthy tracker", advantages=("haggling",))  # words do not count
    assert aptitude(SCOUT_ROLE, person("Ann", background=words)).value == 0


def test_background_tags_count_as_the_tags_they_imply() -> None:
    hider = Background("Thief of the alleys", advantages=("hiding",))
    assert aptitude(SCOUT_ROLE, person("Ann", background=hider)).value == 0
    found = aptitude(SCOUT_ROLE, person("Ann", background=hider), lambda t: (t, "stealth"))
    assert found.value == 1
    assert found.parts[-1] == "background 'Thief of the alleys' (hiding as stealth): +1"


@pytest.mark.parametrize(
    ("class_id", "background", "value"),
    [
        ("thief", Background(), 1),
        ("wizard", Background(), -1),
        ("warrior", Background("Bell ringer", advantages=("noisy",)), -1),
        ("warrior", Background("Town crier", disadvantages=("noisy",)), -1),
        ("warrior", Background("Clumsy", disadvantages=("stealth",)), -1),
        ("wizard", Background("Bell ringer", advantages=("noisy",)), -2),
        ("thief", Background("Bell ringer", advantages=("noisy", "tracking")), 1),
    ],
)
def test_class_and_background_bonuses_and_conflicts(
    class_id: str, background: Background, value: int
) -> None:
    assert aptitude(SCOUT_ROLE, person("Ann", class_id, background)).value == value


def test_nobody_assigned_is_minus_two() -> None:
    found = aptitude(SCOUT_ROLE, None)
    assert (found.character, found.value, found.parts) == (None, -2, ("nobody assigned: -2",))
    assert found.explain() == "nobody assigned -2"


# -- the loop (RULINGS R24, H33, H34) ---------------------------------------------------------

LOOP = """
[[tasks]]
id = "loop"
name = "Loop"
source = "test"

[[tasks.roles]]
id = "a"
name = "A"
attributes = ["STR", "DEX"]

[[tasks.roles]]
id = "b"
name = "B"
attributes = ["INT", "WIS"]

[[tasks.entries]]
low = 1
high = 5
result = "Trouble"
role = "a"

[[tasks.entries]]
low = 6
high = 8
result = "Worse"
role = "b"

[[tasks.entries]]
low = 9
high = 10
result = "Calm"

[[tasks.entries]]
low = 11
high = 19
result = "Back to A"
role = "a"

[[tasks.entries]]
natural = 20
result = "Miracle"
role = "a"
"""


def loop_task() -> Task:
    (task,) = load_tasks(LOOP, "loop.toml", class_ids=("warrior",))
    return task


def test_loop_stops_at_an_entry_that_names_no_role() -> None:
    party = {"a": person("A", STR=16), "b": person("B", INT=13)}  # +2, +1
    result = fortune_roll(loop_task(), party, Faces(4))
    assert result.steps == (
        "d20 4 (Trouble [a])",
        "a +2: 6 (Worse [b])",
        "b +1: 7 (Worse [b]): b already applied: final",
    )
    result = fortune_roll(loop_task(), party, Faces(9))
    assert result.steps == ("d20 9 (Calm): no role named: final",)
    assert result.applied == ()


def test_loop_stops_at_a_role_already_applied() -> None:
    party = {"a": person("A", STR=18, DEX=18), "b": person("B", INT=13)}  # +6, +1
    result = fortune_roll(loop_task(), party, Faces(5))
    assert result.steps == (
        "d20 5 (Trouble [a])",
        "a +6: 11 (Back to A [a]): a already applied: final",
    )
    assert result.entry.result == "Back to A"


@pytest.mark.parametrize(("b", "reason"), [(10, "b +0: nothing to add"), (None, "")])
def test_a_role_named_with_zero_or_negative_aptitude_does_nothing(
    b: int | None, reason: str
) -> None:
    party = {"a": person("A", STR=16), "b": None if b is None else person("B", INT=b)}
    result = fortune_roll(loop_task(), party, Faces(4))
    if b is None:  # b is -2, applied at once: 4 - 2 = 2, Trouble [a]; a +2: 4, a applied
        assert result.steps == (
            "d20 4",
            "b -2: 2 (Trouble [a])",
            "a +2: 4 (Trouble [a]): a already applied: final",
        )
    else:  # a +2: 6 names b, whose +0 adds nothing
        assert result.steps[-1] == f"a +2: 6 (Worse [b]): {reason}: final"
        assert result.value == 6


def test_a_negative_role_named_is_already_applied() -> None:
    party = {"a": person("A", STR=6), "b": person("B", INT=13)}  # a -1, b +1
    result = fortune_roll(loop_task(), party, Faces(3))
    assert result.steps == ("d20 3", "a -1: 2 (Trouble [a]): a already applied: final")


def test_every_negative_applies_at_once_and_the_value_stays_on_the_table() -> None:
    result = fortune_roll(loop_task(), {}, Faces(2))
    assert result.steps == (
        "d20 2",
        "a -2, b -2: -2, read as 1 (Trouble [a]): a already applied: final",
    )
    assert result.value == 1


def test_a_natural_entry_stands_whatever_the_aptitudes() -> None:
    result = fortune_roll(loop_task(), {}, Faces(20))
    assert result.entry.result == "Miracle"
    assert result.steps[-1].endswith("natural 20 stands whatever the aptitudes: final")


def test_an_assignment_to_an_unknown_role_is_refused() -> None:
    with pytest.raises(UnknownNameError, match="role of loop"):
        fortune_roll(loop_task(), {"c": None}, Faces(5))


# -- bad files -------------------------------------------------------------------------------


def bad(tmp_path: Path, text: str) -> RulesDataError:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(RulesDataError) as caught:
        load_tasks_from(path)
    assert caught.value.file == "bad.toml"
    return caught.value


def test_unknown_attribute(tmp_path: Path) -> None:
    error = bad(tmp_path, LOOP.replace('["INT", "WIS"]', '["INT", "WIT"]'))
    assert error.entry == "tasks[0] (id 'loop').roles[1] (id 'b')"
    assert error.reason.startswith("attributes[1]: unknown attribute 'WIT'")
    assert len(str(error).splitlines()) == 1


def test_overlapping_ranges(tmp_path: Path) -> None:
    error = bad(tmp_path, LOOP.replace("low = 6", "low = 5"))
    assert error.entry == "tasks[0] (id 'loop')"
    assert "overlaps" in error.reason
    assert "entries[0]" in error.reason


def test_a_gap(tmp_path: Path) -> None:
    error = bad(tmp_path, LOOP.replace("low = 6", "low = 7"))
    assert error.reason.startswith("gap: no entry covers 6")


def test_an_entry_naming_an_undefined_role(tmp_path: Path) -> None:
    error = bad(tmp_path, LOOP.replace('role = "b"', 'role = "c"'))
    assert error.entry == "tasks[0] (id 'loop').entries[1] ('Worse')"
    assert error.reason == "role 'c' is not defined by the task (its roles: a, b)"


def test_duplicate_ids(tmp_path: Path) -> None:
    error = bad(tmp_path, LOOP + LOOP)
    assert error.entry == "tasks[1] (id 'loop')"
    assert "duplicate id 'loop'" in error.reason
    error = bad(tmp_path, LOOP.replace('id = "b"', 'id = "a"'))
    assert error.entry == "tasks[0] (id 'loop').roles[1] (id 'a')"


def test_unknown_class_and_uncovered_rolls(tmp_path: Path) -> None:
    error = bad(
        tmp_path,
        LOOP.replace(
            'attributes = ["STR", "DEX"]', 'attributes = ["STR", "DEX"]\nclasses = ["ranger"]'
        ),
    )
    assert error.entry == "tasks[0] (id 'loop').roles[0] (id 'a')"
    assert "unknown class 'ranger'" in error.reason
    error = bad(tmp_path, LOOP.replace("high = 19", "high = 18"))
    assert "no entry covers a roll of 19" in error.reason


# -- the console -------------------------------------------------------------------------------


def put(play: Play, character: Character) -> None:
    """Add a character with known scores (as 'character new' would, without dice)."""
    play.session.commit(
        Event(
            "character.new",
            actor=character.name,
            changes=(play.session.character_change(None, character),),
        )
    )


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Play]:
    play = Play(tmp_path / "c.db", seed=1)
    for character in (SCOUT, NAVIGATOR, QUARTERMASTER):
        put(play, character)
    yield play
    play.close()


def test_console_add_assign_roll_show(table: Play) -> None:
    assert "No fortune tasks" in table("fortune")
    assert "jungle added" in table(f"fortune add {JUNGLE}")
    assert "marsh added" in table(f"fortune add {MARSH}")
    assert table.session.state.get("fortune-task", "jungle")["name"] == "Crossing the jungle"
    assert "0/3 assigned" in table("fortune list")
    assert "aptitude Sly +2" in table("fortune assign jungle scout Sly")
    assert "aptitude Nell -1" in table("fortune assign jungle Navigator nell")
    table("fortune assign jungle quartermaster Quill")
    events = len(table.session.log())
    out = table("fortune roll jungle roll 5")
    assert out.splitlines()[4:] == [
        "  d20 5",
        "  navigator -1: 4 (Ambush [scout])",
        "  scout +2: 6 (Spoiled food [quartermaster])",
        "  quartermaster +1: 7 (The woods have eyes [scout]): scout already applied: final",
        "  => The woods have eyes [scout] - Something follows the party: -1 on random "
        "encounter checks until they leave the jungle.",
    ]
    log = table.session.log()
    assert len(log) == events + 1
    event = log[-1]
    assert event.action == "fortune.roll"
    assert event.detail["fortune"]["value"] == 7
    assert event.detail["override"] == {"faces": [5]}
    assert "navigator -1: 4" in event.summary
    shown = table("fortune show jungle")
    assert "Scout [scout] (DEX + WIS): Sly +2 (DEX +2, WIS +0: +2)" in shown
    assert "Navigator [navigator] (INT + CON): Nell -1" in shown
    assert "7           The woods have eyes [scout]" in shown
    assert "3/3 assigned" in table("fortune list")


def test_console_one_character_several_roles(table: Play) -> None:
    table(f"fortune add {JUNGLE}")
    table("fortune assign jungle scout Sly")
    out = table("fortune assign jungle navigator Sly")
    assert "Sly holds 2 roles: Scout, Navigator" in out
    assert "Sly holds 2 roles" in table("fortune show jungle")
    out = table("fortune roll jungle roll 5")
    assert "quartermaster -2: 3 (Sucking mire [navigator])" in out
    assert "navigator +0: nothing to add: final" in out
    out = table("fortune assign jungle scout Quill")
    assert "instead of Sly" in out
    assert "Sly holds" not in table("fortune show jungle")


def test_console_unassign_remove_and_readd(table: Play, tmp_path: Path) -> None:
    table(f"fortune add {JUNGLE}")
    table("fortune assign jungle navigator Nell")
    table("fortune assign jungle scout Sly")
    assert "nobody: -2" in table("fortune unassign jungle navigator")
    with pytest.raises(RuleError, match="nobody holds the Navigator role"):
        table("fortune unassign jungle navigator")
    # A new version of the task without the scout drops the scout's assignment.
    smaller = tmp_path / "jungle.toml"
    smaller.write_text(
        JUNGLE.read_text()
        .replace('role = "scout"', 'role = "navigator"')
        .replace('id = "scout"', 'id = "lookout"')
    )
    out = table(f"fortune add {smaller}")
    assert "jungle replaced" in out
    assert "unassigned: scout (Sly)" in out
    assert table.session.state.get("fortune-assign", "jungle") is None
    assert "undo brings it back" in table("fortune remove jungle")
    assert table.session.state.get("fortune-task", "jungle") is None
    table("undo")
    assert table.session.state.get("fortune-task", "jungle") is not None


def test_console_errors_leave_the_state_unchanged(table: Play, tmp_path: Path) -> None:
    table(f"fortune add {JUNGLE}")
    table("fortune assign jungle scout Sly")
    before = table.session.state.to_json()
    events = len(table.session.log())
    broken = tmp_path / "broken.toml"
    broken.write_text(LOOP.replace('role = "b"', 'role = "c"'))
    with pytest.raises(RulesDataError, match=r"rules data broken.toml: entry tasks\[0\]"):
        table(f"fortune add {broken}")
    with pytest.raises(RulesDataError, match="cannot read it"):
        table(f"fortune add {tmp_path / 'missing.toml'}")
    with pytest.raises(UnknownNameError, match="unknown fortune task 'jungel'"):
        table("fortune roll jungel")
    with pytest.raises(UnknownNameError, match="unknown role of jungle 'cook'"):
        table("fortune assign jungle cook Quill")
    with pytest.raises(UnknownNameError, match="unknown character 'Zed'"):
        table("fortune assign jungle quartermaster Zed")
    with pytest.raises(RuleError, match="already holds"):
        table("fortune assign jungle scout Sly")
    with pytest.raises(CommandError, match="one d20"):
        table("fortune roll jungle roll 3,4")
    with pytest.raises(CommandError, match="only 'roll N'"):
        table("fortune roll jungle damage 3")
    with pytest.raises(CommandError, match="unknown subcommand"):
        table("fortune juggle")
    assert table.session.state.to_json() == before
    assert len(table.session.log()) == events


def test_console_roll_without_override_uses_the_session_dice(tmp_path: Path) -> None:
    first, second = Play(tmp_path / "a.db", seed=7), Play(tmp_path / "b.db", seed=7)
    for play in (first, second):
        play(f"fortune add {MARSH}")
    assert first("fortune roll marsh") == second("fortune roll marsh")
    assert "guide -2, forager -2, porter -2" in first("fortune roll marsh")
    first.close()
    second.close()
