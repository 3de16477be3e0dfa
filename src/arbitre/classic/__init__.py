"""Classic Scrabble (seeds 000, 001): the two-player game and the Belgian-formula tournament."""
