"""black-sword-hack's rules content: schemas (:mod:`.schemas`), the loader with its
checks (:mod:`.loader`) and the loaded, indexed whole (:mod:`.index`)."""
