"""Classic Scrabble and backgammon tournaments in the browser (issue 13)."""
