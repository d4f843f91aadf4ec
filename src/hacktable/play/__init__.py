"""Play: characters, events and the campaign state built from them."""
