"""hacktable: a rules engine and game table for the Hack family of tabletop RPGs.

The package is light to import; subpackages load what they need when used:

- :mod:`hacktable.dice`: dice notation, rolls, usage dice, random sources.
- :mod:`hacktable.rules`: ruleset-neutral rules machinery (checks, exact odds, tables).
- :mod:`hacktable.rulesets`: the ruleset plugins and their registry (``redhack``).
- :mod:`hacktable.play`: the character core, events, the campaign state, outcomes.
- :mod:`hacktable.engine`: the command layer every front end calls, the play session.
- :mod:`hacktable.store`: the campaign store (SQLite, SQLAlchemy, Alembic).
- :mod:`hacktable.console` and :mod:`hacktable.cli`: the GM console and command line.
"""

__version__ = "0.1.0"

DEFAULT_RULESET = "redhack"
"""The ruleset a new campaign plays unless another is chosen (``play --ruleset``), and
whose sample party ``hacktable simulate --party sample`` fields."""
