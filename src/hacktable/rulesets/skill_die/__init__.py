"""skill-die: the Skill Die ruleset (``../shared/rules/004_307b3bf6951a3cef.txt``: ability
checks, skill checks on a die chosen by difficulty, hit points to -20, temporary HP,
falling, fatigue; RULINGS S1-S7 for what the text leaves out).

A plugin on the ruleset contract (:class:`~hacktable.rulesets.base.Ruleset`): its
wiring is :mod:`.ruleset`, its rules the modules beside it, its content ``data/*.toml``
(validated by :mod:`.content`), its commands :mod:`.commands`.
"""
