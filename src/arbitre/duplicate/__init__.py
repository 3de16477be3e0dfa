"""Duplicate Scrabble (seed 004): the game, its record, ballots, decisions, event standings.

>>> from arbitre.lexicon import Lexicon
>>> from arbitre.duplicate.game import DuplicateGame
>>> game = DuplicateGame(Lexicon.from_words(["CHAT", "CHATS", "TA"]), random_draws=False)
>>> game.draw("CHATSEE")
'CHATSEE'
>>> entry = game.play()  # the top
>>> entry.move.word, entry.score, game.total
('CHATS', 26, 26)
"""
