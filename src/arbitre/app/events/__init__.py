"""Events: the list of tournaments of every game, accounts and roles, the about page."""
