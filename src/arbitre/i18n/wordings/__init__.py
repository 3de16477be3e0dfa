"""English wording of the engines' message codes, one module per area (each a ``TEMPLATES``
dict); :data:`arbitre.i18n.TEMPLATES` merges them and refuses a code defined twice."""

from __future__ import annotations

from arbitre.i18n.wordings import (
    backgammon,
    classic,
    duplicate,
    players,
    ranking,
    results,
    scrabble,
)

AREAS = (players, scrabble, classic, duplicate, backgammon, ranking, results)


def merged() -> dict[str, str]:
    """Every area's templates in one dict; a code defined in two areas is an error."""
    out: dict[str, str] = {}
    for area in AREAS:
        twice = set(out) & set(area.TEMPLATES)
        if twice:
            raise ValueError(f"message codes defined twice: {sorted(twice)}")
        out.update(area.TEMPLATES)
    return out
