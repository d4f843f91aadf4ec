"""redhack's magic as pure rules: the spell slots of wizards and clerics (RULINGS R25,
R27), what a caster keeps on the character (:mod:`.state`), the casting table applied
to a slot (:mod:`.casting`, R26), the prayer roll and its results (:mod:`.prayer`,
R27) and spells lasting on the campaign's clock (:mod:`.effects`, R33).

Sources: redhack: Spellcasting (Arcane Magic, Divine Magic); Exploration & Dungeons >
Magic; RULINGS R19, R25-R27, R32-R34.
"""
