"""hacktable: a rules engine and game table for the Hack family of tabletop RPGs.

The package is light to import; subpackages load what they need when used:

- :mod:`hacktable.dice`: dice notation, rolls, usage dice, random sources.
- :mod:`hacktable.rules`: ruleset-independent rules machinery (advantage, test values).
- :mod:`hacktable.rulesets`: the ruleset plugins and their registry (``redhack``).
- :mod:`hacktable.play`: characters and the campaign state built from events.
- :mod:`hacktable.store`: the campaign store (SQLite, SQLAlchemy, Alembic).
- :mod:`hacktable.console` and :mod:`hacktable.cli`: the GM console and command line.
"""

__version__ = "0.1.0"
