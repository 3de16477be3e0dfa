"""English wording (the catalogue's msgids) of the message codes of one area.

The federation ranking: :mod:`arbitre.ranking`.
"""

TEMPLATES: dict[str, str] = {}
