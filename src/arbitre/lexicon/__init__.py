"""Word lists: folding, loading user lists and the default list, the compiled word graph.

>>> from arbitre.lexicon import Lexicon
>>> lexicon = Lexicon.from_words(["CHAT", "CHATS"])
>>> "chats" in lexicon, len(lexicon)
(True, 2)
"""

from arbitre.lexicon.build import Progress, build_dawg, build_gaddag
from arbitre.lexicon.fold import WordListError, WordListReport, fold, read_word_list
from arbitre.lexicon.graph import SEPARATOR, Automaton
from arbitre.lexicon.lexicon import (
    DEFAULT_NAME,
    Lexicon,
    LexiconWarning,
    default_manifest,
    list_sha256,
)

DEFAULT_NOTICE = (
    "La liste de mots par défaut d'Arbitre est dérivée des dictionnaires orthographiques "
    "libres du projet Grammalecte/Dicollecte (licence MPL-2.0). "
    "Ce n'est PAS l'Officiel du Scrabble (ODS) : elle accepte certains mots que l'ODS "
    "refuse et il lui manque certains mots que l'ODS accepte. "
    "Pour le jeu officiel (tournois homologués), chargez votre propre liste de l'ODS."
)
"""Notice shown by ``arbitre lexicon info`` and the web app's about page (issue 3, item 3)."""

__all__ = [
    "DEFAULT_NAME",
    "DEFAULT_NOTICE",
    "SEPARATOR",
    "Automaton",
    "Lexicon",
    "LexiconWarning",
    "Progress",
    "WordListError",
    "WordListReport",
    "build_dawg",
    "build_gaddag",
    "default_manifest",
    "fold",
    "list_sha256",
    "read_word_list",
]
