"""fantasy-hack's rules content: the bestiary (:mod:`.bestiary`) and the sorcerer's
spells (:mod:`.spells`), each decoded and validated on load."""
