"""Backgammon (seed 003): positions, legal moves, match and cube, clock, IDs, .mat, championship.

Modules: ``board`` (positions, dice, legal moves), ``match`` (match play, cube, Crawford),
``clock`` (the match clock), ``ids`` (gnubg Position/Match IDs, XGID), ``mat`` (Jellyfish
records), ``championship`` (Swiss stage, tie-break, bracket). Nothing is imported here, so
that importing one module stays cheap.

>>> from arbitre.backgammon.board import Dice, Position
>>> start = Position.initial()
>>> len(start.legal_moves(Dice.parse("31")))
16
>>> start.find_move(Dice.parse("31"), "8/5 6/5").notation
'8/5 6/5'
"""
