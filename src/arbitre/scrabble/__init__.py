"""Scrabble core: tiles, board, moves and coordinates, scoring, move generation."""
