"""fantasy-hack: the Fantasy Hack ruleset (``../shared/rules/003_1d9744895bd16f50.txt``,
Part III of an m20 hack; RULINGS F1-F6 for the rest).

A plugin on the ruleset contract (:class:`~hacktable.rulesets.base.Ruleset`): its
wiring is :mod:`.ruleset`, its rules the modules beside it, its content ``data/*.toml``,
its commands :mod:`.commands`. Checks, opposed checks and hit points below zero are the
engine's (:mod:`hacktable.rules.checks`, :mod:`hacktable.rules.hit_points`).
"""
