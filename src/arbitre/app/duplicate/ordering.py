"""The order of a Duplicate event's players in the director's and arbiters' lists: by
place (table number), then by name in French alphabetical order, unplaced players last.

The database's order puts accented capitals after Z (« ÉTIENNE » after « ZOLA »); the lists
people read use :func:`arbitre.common.collation.french_key`.
"""

from __future__ import annotations

from collections.abc import Iterable

from arbitre.app.duplicate.models import Registration
from arbitre.common.collation import french_key


def by_place(players: Iterable[Registration]) -> list[Registration]:
    """``players`` by place, then name and first name in French order, then licence."""
    return sorted(
        players,
        key=lambda p: (
            p.table is None,
            p.table or 0,
            french_key(p.name),
            french_key(p.first_name),
            p.licence,
        ),
    )
