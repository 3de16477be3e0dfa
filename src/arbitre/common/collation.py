"""Alphabetical order as a French reader expects it: accents and case do not count first
(``É`` sorts with ``E``, ``Œ`` as ``OE``), then break ties.

Python's own string order puts every accented capital after ``Z``; this key is what every
list of names, every print and every "alphabetically" of a regulation uses.

>>> sorted(["Zoé", "Émile", "eva", "Ève", "Oeuvre", "Œil"], key=french_key)
['Émile', 'eva', 'Ève', 'Œil', 'Oeuvre', 'Zoé']
"""

from __future__ import annotations

import unicodedata

_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss"})


def _letters(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text.casefold().translate(_LIGATURES))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def french_key(text: str) -> tuple[str, str, str]:
    """Sort key: letters without accents or case, then with accents, then the text itself."""
    folded = text.casefold()
    return (_letters(text), unicodedata.normalize("NFD", folded), text)
