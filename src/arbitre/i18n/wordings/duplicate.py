"""English wording (the catalogue's msgids) of the message codes of one area.

Duplicate Scrabble: :mod:`arbitre.duplicate`.
"""

TEMPLATES: dict[str, str] = {}
