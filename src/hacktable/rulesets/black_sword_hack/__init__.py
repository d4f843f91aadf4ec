"""black-sword-hack: the Black Sword Hack ruleset (``../shared/rules/002_106a58c778ff91e8.txt``,
its combat and recovery chapter; RULINGS B1-B8 for the rest of the book).

A plugin on the ruleset contract (:class:`~hacktable.rulesets.base.Ruleset`): its
wiring is :mod:`.ruleset`, its rules the modules beside it, its content ``data/*.toml``
(validated by :mod:`.content`), its commands :mod:`.commands`.
"""
