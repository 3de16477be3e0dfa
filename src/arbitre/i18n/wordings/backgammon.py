"""English wording (the catalogue's msgids) of the message codes of one area.

Backgammon: :mod:`arbitre.backgammon`.
"""

TEMPLATES: dict[str, str] = {}
