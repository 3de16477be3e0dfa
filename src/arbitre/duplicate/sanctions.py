"""The sanctions of a Duplicate ballot (seed 004, 4.2 and 4.3).

A sanction is a value: its ``kind``, a stable ``code`` (stored in the database and in event
files) and the ``rule`` it applies. Its label is a message (``duplicate.sanction.<code>``),
worded by the interface through the catalogue (``arbitre.i18n``).

>>> INVALID_WORD.label
Message(code='duplicate.sanction.invalid_word', params={})
>>> INVALID_WORD.to_json()
{'kind': 'nullity', 'code': 'invalid_word', 'rule': '004 4.2'}
>>> from_json({"kind": "nullity", "code": "invalid_word", "label": "Mot non admis"}).code
'invalid_word'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from arbitre.common.messages import Message


class SanctionKind(Enum):
    NONE = "none"
    WARNING = "warning"
    NULLITY = "nullity"


@dataclass(frozen=True)
class Sanction:
    kind: SanctionKind
    code: str
    rule: str

    @property
    def label(self) -> Message:
        """The sanction's name, to be worded (``Mot non admis``, ``Score absent``...)."""
        return Message.of(f"duplicate.sanction.{self.code}")

    def to_json(self) -> dict[str, str]:
        """The stored form. Records written before labels were messages also hold a French
        ``label``: :func:`from_json` ignores it, the code names the sanction."""
        return {"kind": self.kind.value, "code": self.code, "rule": self.rule}


def _nullity(code: str, rule: str = "004 4.2") -> Sanction:
    return Sanction(SanctionKind.NULLITY, code, rule)


def _warning(code: str, rule: str = "004 4.3") -> Sanction:
    return Sanction(SanctionKind.WARNING, code, rule)


NONE = Sanction(SanctionKind.NONE, "none", "")

# Nullities, seed 004 4.2.
NO_BALLOT = _nullity("no_ballot")
BLANK_BALLOT = _nullity("blank_ballot")
SEVERAL_BALLOTS = _nullity("several_ballots")
LATE_BALLOT = _nullity("late_ballot")
LETTERS_NOT_IN_DRAW = _nullity("letters_not_in_draw")
NOT_WRITTEN_IN_FULL = _nullity("not_written_in_full")
NOT_CONNECTED = _nullity("not_connected")
MISPLACED = _nullity("misplaced")
INVALID_WORD = _nullity("invalid_word")
ILLEGIBLE = _nullity("illegible")
REFERENCE_AND_DIRECTION_SWAPPED = _nullity("reference_and_direction_swapped")
DISCIPLINARY_NULLITY = _nullity("disciplinary_nullity")

# Warnings, seed 004 4.3.
SCORE_MISSING = _warning("score_missing")
SCORE_WRONG = _warning("score_wrong")
TWO_ANCHOR_LETTERS = _warning("two_anchor_letters", "004 4.3, 3.3.1")
BLANK_NOT_CIRCLED = _warning("blank_not_circled")
WRONG_LETTER_CIRCLED = _warning("wrong_letter_circled")
REFERENCE_OR_DIRECTION_REVERSED = _warning("reference_or_direction_reversed")
DISCIPLINARY_WARNING = _warning("disciplinary_warning")

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

MESSAGE_CODES = frozenset(f"duplicate.sanction.{code}" for code in ALL)
"""The label of every sanction (``duplicate.sanction.<code>``)."""


def by_code(code: str) -> Sanction:
    """The sanction of ``code``; raises ``KeyError`` for an unknown code."""
    return ALL[code]


def from_json(data: Mapping[str, Any]) -> Sanction:
    """The sanction of a stored :meth:`Sanction.to_json` (older forms with a ``label`` too)."""
    return by_code(str(data["code"]))
