"""The Duplicate event in the browser: set-up, chief arbiter's screen, arbiters' entry,
live public pages, prints and exports. Game rules are the engine's (``arbitre.duplicate``)."""
