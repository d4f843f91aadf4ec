"""The redhack ruleset (``../shared/rules/000_1a63cf86266157db.txt``): core rules, the
plugin, and its rules content as data."""
