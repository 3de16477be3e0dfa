"""What every game's self check-in shares (issue 21, part 3; issue 35 for Duplicate): a
player declares themselves present from a phone by picking their name and typing their
licence number; the licence on record must match, and after :data:`MAX_FAILURES` wrong
licences the name is refused until the director checks the player in.

The games keep their own records (a Classic or backgammon entrant, a Duplicate
registration): this module only holds the identity check and its wording.
"""

from __future__ import annotations

from django.utils.translation import gettext

#: Wrong licences accepted for one name before the page sends the player to the director.
MAX_FAILURES = 5


def normalised_licence(text: str) -> str:
    """A licence number as typed on a phone, compared without spaces, dots, dashes or case.

    >>> normalised_licence(" 12 345-6 "), normalised_licence("ab.12")
    ('123456', 'AB12')
    """
    return "".join(ch for ch in text.upper() if ch.isalnum())


def see_director(text: str, director: str) -> str:
    """``text`` followed by where to go instead (``director``: the director's sentence)."""
    return f"{text} {director}"


def identity_refusal(
    name: str, on_record: str, typed: str, failures: int, director: str
) -> tuple[str, bool]:
    """Why ``typed`` does not identify the player ``name`` whose licence is ``on_record``
    after ``failures`` wrong tries: ``("", False)`` when it does; else the refusal worded for
    the player and whether it counts as one more wrong licence."""
    if failures >= MAX_FAILURES:
        return see_director(
            gettext("Trop d'essais pour %(name)s.") % {"name": name}, director
        ), False
    if not normalised_licence(on_record):
        return (
            see_director(
                gettext("Aucune licence n'est enregistrée pour %(name)s.") % {"name": name},
                director,
            ),
            False,
        )
    if normalised_licence(typed) != normalised_licence(on_record):
        if failures + 1 >= MAX_FAILURES:
            return see_director(gettext("Licence erronée."), director), True
        return (
            gettext("Licence erronée pour %(name)s : vérifiez-la et recommencez.") % {"name": name},
            True,
        )
    return "", False
