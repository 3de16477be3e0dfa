"""The sanctions of a Duplicate ballot (seed 004, 4.2 and 4.3), with their French labels."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class SanctionKind(Enum):
    NONE = "none"
    WARNING = "warning"
    NULLITY = "nullity"


@dataclass(frozen=True)
class Sanction:
    kind: SanctionKind
    code: str
    label: str
    rule: str

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind.value, "code": self.code, "label": self.label, "rule": self.rule}


def _nullity(code: str, label: str, rule: str = "004 4.2") -> Sanction:
    return Sanction(SanctionKind.NULLITY, code, label, rule)


def _warning(code: str, label: str, rule: str = "004 4.3") -> Sanction:
    return Sanction(SanctionKind.WARNING, code, label, rule)


NONE = Sanction(SanctionKind.NONE, "none", "Aucune sanction", "")

# Nullities, seed 004 4.2.
NO_BALLOT = _nullity("no_ballot", "Absence de bulletin")
BLANK_BALLOT = _nullity("blank_ballot", "Bulletin vierge")
SEVERAL_BALLOTS = _nullity("several_ballots", "Plusieurs bulletins non vierges")
LATE_BALLOT = _nullity("late_ballot", "Bulletin écrit ou échangé après le temps imparti")
LETTERS_NOT_IN_DRAW = _nullity(
    "letters_not_in_draw", "Mot ne pouvant être formé avec les lettres du tirage"
)
NOT_WRITTEN_IN_FULL = _nullity("not_written_in_full", "Mot non écrit en entier")
NOT_CONNECTED = _nullity("not_connected", "Mot non raccordé correctement")
MISPLACED = _nullity("misplaced", "Placement non conforme")
INVALID_WORD = _nullity("invalid_word", "Mot non admis")
ILLEGIBLE = _nullity("illegible", "Bulletin ou raccord illisible")
REFERENCE_AND_DIRECTION_SWAPPED = _nullity(
    "reference_and_direction_swapped", "Référence alphanumérique et sens du mot inversés"
)
DISCIPLINARY_NULLITY = _nullity("disciplinary_nullity", "Nullité pour motif disciplinaire")

# Warnings, seed 004 4.3.
SCORE_MISSING = _warning("score_missing", "Score absent")
SCORE_WRONG = _warning("score_wrong", "Erreur de calcul des points")
TWO_ANCHOR_LETTERS = _warning(
    "two_anchor_letters", "Raccord de deux lettres au lieu de trois", "004 4.3, 3.3.1"
)
BLANK_NOT_CIRCLED = _warning("blank_not_circled", "Lettre du joker non entourée")
WRONG_LETTER_CIRCLED = _warning(
    "wrong_letter_circled", "Lettre entourée autre que celle dont le joker tient lieu"
)
REFERENCE_OR_DIRECTION_REVERSED = _warning(
    "reference_or_direction_reversed", "Référence alphanumérique ou sens du mot inversé"
)
DISCIPLINARY_WARNING = _warning("disciplinary_warning", "Avertissement pour motif disciplinaire")

#: Order in which one warning is kept when a ballot commits several (4.4: at most one).
WARNING_PRIORITY = [
    REFERENCE_OR_DIRECTION_REVERSED,
    TWO_ANCHOR_LETTERS,
    WRONG_LETTER_CIRCLED,
    BLANK_NOT_CIRCLED,
    SCORE_WRONG,
    SCORE_MISSING,
]

ALL = {
    s.code: s
    for s in [
        NONE,
        NO_BALLOT,
        BLANK_BALLOT,
        SEVERAL_BALLOTS,
        LATE_BALLOT,
        LETTERS_NOT_IN_DRAW,
        NOT_WRITTEN_IN_FULL,
        NOT_CONNECTED,
        MISPLACED,
        INVALID_WORD,
        ILLEGIBLE,
        REFERENCE_AND_DIRECTION_SWAPPED,
        DISCIPLINARY_NULLITY,
        *WARNING_PRIORITY,
        DISCIPLINARY_WARNING,
    ]
}


def by_code(code: str) -> Sanction:
    """The sanction of ``code``; raises ``KeyError`` for an unknown code."""
    return ALL[code]
