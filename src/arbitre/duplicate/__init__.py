"""Duplicate Scrabble (seed 004): the game, its record, ballots, decisions, event standings."""
