"""Classic Scrabble (seeds 000, 001): the two-player game and the Belgian-formula tournament.

>>> from arbitre.classic.tournament import Player, pair_round
>>> pairing = pair_round([Player("Ana", 1900), Player("Bob", 1800), Player("Cid", 1700)], [])
>>> [(p.table, p.a, p.b) for p in pairing.pairs]
[(1, 'Ana', 'Bob'), (2, 'Cid', None)]
"""
