"""Backgammon championships (seed 003): Swiss rounds, results, bracket and consolation."""
