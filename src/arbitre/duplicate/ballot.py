"""What a player wrote on a Duplicate ballot (seed 004, 3), and its compact text form.

The compact form is what an arbiter types, one ballot per line. Keywords are French or
English, case-insensitive; words keep their case (a lower-case letter is a circled letter,
i.e. a blank).

=====================================  ==================================================
``H4 MAiSON 76``                       word at a coordinate (3.2), claimed score
``4H MAISON``                          vertical, no score written (a warning, 4.3)
``MAISON 76 raccord TAS``              connecting letters (3.3); also ``r:TAS``
``H4 MAISON 76 raccord TAS``           both reference modes on one ballot (3.4)
``...NETTE 30 raccord MAI``            partial word: the prolongation of a word already on
                                       the board (3.3.2); ``RE... 12 raccord FAI`` before it
``MAISON 76 joker I``                  the circled letter given separately (also ``cercle``)
``H4 MAISON 76 sens:v``                the word was written vertically on the slip (4.2/4.3)
``H4 MAISON 76 / 5E RAT 20``           several solutions (4.5): the minimum is kept
``~H4 MAISON 76 / 5E RAT 20``          ``~`` marks a crossed-out solution: it does not exist
``top``                                the ballot is the retained top, with its score
``76``                                 a bare score: the arbiter checked the ballot by hand
``aucun`` / ``none``                   no ballot handed in (4.2)
``vide`` / ``blank``                   a blank ballot (4.2)
``plusieurs`` / ``several``            several non-blank ballots handed in (4.2)
``hors-temps`` / ``late``              written after time, or exchanged after the bell (4.2)
``illisible`` / ``illegible``          the word or its connection cannot be read (4.2)
``+disc``                              adds a disciplinary warning (4.3, 4.4)
``+nul-disc``                          a nullity for a disciplinary reason (4.2)
``+tardif``                            the player had the previous warning slip late (4.6)
=====================================  ==================================================

A text that cannot be read raises :class:`BallotParseError`, whose message says why
(``duplicate.ballot.*``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import Enum

from arbitre.common.messages import Message, Param, Refusal

MESSAGE_CODES = frozenset(
    f"duplicate.ballot.{name}"
    for name in (
        "empty",
        "empty_solution",
        "empty_crossed_out",
        "anchors_missing",
        "anchors_not_letters",
        "two_anchors",
        "circled_missing",
        "two_scores",
        "two_words",
        "ellipsis_both_sides",
        "two_coordinates",
        "unknown_token",
        "no_word",
        "word_too_short",
        "circled_twice",
    )
)
"""Why a ballot's text cannot be read (``duplicate.ballot.*``)."""


class BallotParseError(Refusal):
    """The ballot text cannot be read; the message says why."""


def _refuse(code: str, /, **params: Param) -> BallotParseError:
    return BallotParseError(Message.of(f"duplicate.ballot.{code}", **params))


class BallotKind(Enum):
    SOLUTIONS = "solutions"
    TOP = "top"
    SCORE = "score"
    MISSING = "missing"
    BLANK = "blank"
    SEVERAL = "several"
    LATE = "late"
    ILLEGIBLE = "illegible"


@dataclass(frozen=True)
class Solution:
    """One solution written on a ballot.

    ``word``: the letters as written (lower case = circled letter); ``partial`` is
    ``"after"`` when the player wrote only the end of a prolonged word (``...NETTE``) and
    ``"before"`` for its start (``RE...``), 3.3.2. ``coordinate``: as written (``H4``,
    ``4H``). ``anchors``: the connecting letters as written (3.3). ``written_vertically``:
    how the word was written on the slip when the arbiter says so (``sens:v`` / ``sens:h``).
    """

    word: str
    coordinate: str | None = None
    anchors: str | None = None
    score: int | None = None
    circled: str | None = None
    written_vertically: bool | None = None
    partial: str | None = None

    def __str__(self) -> str:
        parts = []
        if self.coordinate:
            parts.append(self.coordinate)
        word = self.word
        if self.partial == "after":
            word = "..." + word
        elif self.partial == "before":
            word = word + "..."
        parts.append(word)
        if self.score is not None:
            parts.append(str(self.score))
        if self.anchors:
            parts.append(f"raccord {self.anchors}")
        if self.circled:
            parts.append(f"joker {self.circled}")
        if self.written_vertically is not None:
            parts.append("sens:v" if self.written_vertically else "sens:h")
        return " ".join(parts)


@dataclass(frozen=True)
class Ballot:
    """A ballot as handed in: its kind, the solutions it bears, and the arbiter's flags."""

    kind: BallotKind
    solutions: tuple[Solution, ...] = ()
    score: int | None = None  # for BallotKind.SCORE
    crossed_out: tuple[Solution, ...] = field(default=())
    disciplinary_warning: bool = False
    disciplinary_nullity: bool = False
    late_warning_slip: bool = False

    def __str__(self) -> str:
        flags = []
        if self.disciplinary_warning:
            flags.append("+disc")
        if self.disciplinary_nullity:
            flags.append("+nul-disc")
        if self.late_warning_slip:
            flags.append("+tardif")
        if self.kind is BallotKind.SOLUTIONS:
            body = " / ".join(
                [str(s) for s in self.solutions] + [f"~{s}" for s in self.crossed_out]
            )
        elif self.kind is BallotKind.SCORE:
            body = str(self.score)
        else:
            body = _KIND_TEXT[self.kind]
        return " ".join([body, *flags])


_KIND_WORDS = {
    "top": BallotKind.TOP,
    "aucun": BallotKind.MISSING,
    "none": BallotKind.MISSING,
    "absent": BallotKind.MISSING,
    "vide": BallotKind.BLANK,
    "blank": BallotKind.BLANK,
    "plusieurs": BallotKind.SEVERAL,
    "several": BallotKind.SEVERAL,
    "hors-temps": BallotKind.LATE,
    "late": BallotKind.LATE,
    "illisible": BallotKind.ILLEGIBLE,
    "illegible": BallotKind.ILLEGIBLE,
}
_KIND_TEXT = {
    BallotKind.TOP: "top",
    BallotKind.MISSING: "aucun",
    BallotKind.BLANK: "vide",
    BallotKind.SEVERAL: "plusieurs",
    BallotKind.LATE: "hors-temps",
    BallotKind.ILLEGIBLE: "illisible",
}
_FLAGS = {"+disc": "disciplinary_warning", "+nul-disc": "disciplinary_nullity", "+tardif": "late"}

_COORD = re.compile(r"(?:[A-Oa-o](?:1[0-5]|[1-9])|(?:1[0-5]|[1-9])[A-Oa-o])")
_WORD = re.compile(r"(\.\.\.)?([A-Za-z]{1,15})(\.\.\.)?")
_SCORE = re.compile(r"\d{1,4}")
_LETTERS = re.compile(r"[A-Za-z]{1,15}")


def parse_ballot(text: str) -> Ballot:
    """Read the compact form documented in this module; raise :class:`BallotParseError`."""
    tokens = text.split()
    flags = {"disciplinary_warning": False, "disciplinary_nullity": False, "late": False}
    body_tokens = []
    for token in tokens:
        flag = _FLAGS.get(token.lower())
        if flag:
            flags[flag] = True
        else:
            body_tokens.append(token)
    base = Ballot(
        BallotKind.SOLUTIONS,
        disciplinary_warning=flags["disciplinary_warning"],
        disciplinary_nullity=flags["disciplinary_nullity"],
        late_warning_slip=flags["late"],
    )
    if not body_tokens:
        if flags["disciplinary_nullity"]:
            return base
        raise _refuse("empty")
    if len(body_tokens) == 1:
        only = body_tokens[0]
        kind = _KIND_WORDS.get(only.lower())
        if kind is not None:
            return replace(base, kind=kind)
        if _SCORE.fullmatch(only):
            return replace(base, kind=BallotKind.SCORE, score=int(only))
    solutions: list[Solution] = []
    crossed: list[Solution] = []
    for chunk in " ".join(body_tokens).split("/"):
        chunk = chunk.strip()
        if not chunk:
            raise _refuse("empty_solution")
        is_crossed = chunk.startswith("~")
        solution = _parse_solution(chunk.lstrip("~").strip())
        (crossed if is_crossed else solutions).append(solution)
    return replace(base, solutions=tuple(solutions), crossed_out=tuple(crossed))


def _parse_solution(text: str) -> Solution:
    tokens = text.split()
    if not tokens:
        raise _refuse("empty_crossed_out")
    coordinate = anchors = circled = None
    score: int | None = None
    written_vertically: bool | None = None
    word: str | None = None
    partial: str | None = None
    i = 0
    while i < len(tokens):
        token = tokens[i]
        low = token.lower()
        if low in ("raccord", "r", "r:") or low.startswith("r:"):
            value = token[2:] if low.startswith("r:") and len(token) > 2 else None
            if value is None:
                i += 1
                if i >= len(tokens):
                    raise _refuse("anchors_missing", keyword=token)
                value = tokens[i]
            if not _LETTERS.fullmatch(value):
                raise _refuse("anchors_not_letters", value=value)
            if anchors is not None:
                raise _refuse("two_anchors")
            anchors = value.upper()
        elif low in ("joker", "cercle"):
            i += 1
            if i >= len(tokens) or not re.fullmatch(r"[A-Za-z]", tokens[i]):
                raise _refuse("circled_missing", keyword=token)
            circled = tokens[i].upper()
        elif low in ("sens:h", "sens:v"):
            written_vertically = low == "sens:v"
        elif _COORD.fullmatch(token) and coordinate is None and word is None:
            coordinate = token.upper()
        elif _SCORE.fullmatch(token):
            if score is not None:
                raise _refuse("two_scores", text=text)
            score = int(token)
        elif m := _WORD.fullmatch(token):
            if word is not None:
                raise _refuse("two_words", text=text)
            if m.group(1) and m.group(3):
                raise _refuse("ellipsis_both_sides", token=token)
            word = m.group(2)
            partial = "after" if m.group(1) else "before" if m.group(3) else None
        elif _COORD.fullmatch(token):
            raise _refuse("two_coordinates", text=text)
        else:
            raise _refuse("unknown_token", token=token)
        i += 1
    if word is None:
        raise _refuse("no_word", text=text)
    if partial is None and len(word) < 2:
        raise _refuse("word_too_short", word=word)
    if circled is not None and any(c.islower() for c in word):
        raise _refuse("circled_twice")
    return Solution(
        word=word,
        coordinate=coordinate,
        anchors=anchors,
        score=score,
        circled=circled,
        written_vertically=written_vertically,
        partial=partial,
    )
