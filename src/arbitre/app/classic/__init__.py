"""Classic Scrabble events (seed 000, Belgian formula): pairing, results, final phase."""
