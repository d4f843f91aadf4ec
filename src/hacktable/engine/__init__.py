"""The engine: the command layer every front end calls (:mod:`.execute`), principals
(:mod:`.principal`), the play session over a campaign store (:mod:`.session`) and the
ruleset-neutral commands (:mod:`.commands`).

It sits between the front ends (console, command line, later the web) and the
rulesets: a front end parses, calls :meth:`.execute.CommandLayer.execute` and renders;
a ruleset's commands never see the engine, only a
:class:`~hacktable.rulesets.context.CampaignView`.
"""
