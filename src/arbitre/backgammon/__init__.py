"""Backgammon (seed 003): positions, legal moves, match and cube, clock, IDs, .mat, championship."""
