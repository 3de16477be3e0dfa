"""Judging a Duplicate ballot: the move it designates, the score awarded, the sanction.

Seed 004, chapter 3 (how a ballot locates a word) and chapter 4 (sanctions), with rulings
Duplicate 6 and 7. The entry point is :func:`judge`. A decision explains itself as a
:class:`~arbitre.common.Message` (``duplicate.decision.*``), worded by the interface; refusals
(a bare score above the top, an unsigned override) raise :class:`DecisionError`.

Decisions taken where the seed is silent (docs/duplicate-arbitration.md):

- A coordinate's form gives the direction (``H4`` horizontal, ``4H`` vertical); the way the
  word was written on the slip is assumed to agree unless the arbiter types ``sens:h`` /
  ``sens:v``. When both say the same direction and only the other direction is legal from
  that square, both were inverted: a nullity (4.2).
- When a blank is not circled, or the wrong letter is circled, the word is read with the
  fewest blanks the draw allows and, among those readings, the lowest score (4.3 is a
  warning; the minimum follows 3.3.4 and 4.5).
- Connecting letters (3.3.1) are matched to board tiles that are in the word, touch it, or
  touch another matched connecting letter; letters that match nothing are parasites and
  ignored (3.3.3). Fewer than three matched letters: a warning for two (from move 2, when
  the board holds three tiles or more), a nullity for fewer.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Collection, Container, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from arbitre.common.messages import Message, Param, Refusal
from arbitre.duplicate import sanctions as S
from arbitre.duplicate.ballot import Ballot, BallotKind, Solution
from arbitre.duplicate.sanctions import Sanction, SanctionKind
from arbitre.scrabble import board as board_rules
from arbitre.scrabble.board import Board, IllegalMoveError, PlayResult
from arbitre.scrabble.move import Move
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import BLANK, ROW_NAMES, SIZE

_COORD_ROW_FIRST = re.compile(r"([A-O])(\d{1,2})")
_COORD_COL_FIRST = re.compile(r"(\d{1,2})([A-O])")

MESSAGE_CODES = frozenset(
    f"duplicate.decision.{name}"
    for name in (
        # explanations
        "disciplinary_nullity",
        "sanction",
        "sanction_word",
        "top",
        "score_entered",
        "all_crossed_out",
        "several_solutions",
        "no_reference",
        "both_modes_nullity",
        "both_modes",
        "settled",
        "by_reference",
        "by_anchors",
        "by_prolongation",
        "minimum_score",
        "warning",
        "first_move",
        "nothing_prolonged",
        "no_place_for_anchors",
        "overridden",
        "recorded",
        # refusals
        "override_unsigned",
        "negative_score",
        "top_unknown",
        "score_above_top",
        # a decision and its move in a few lines (the command line, the entry page)
        "turn",
        "ballot_line",
        "points",
        "sanction_line",
        "sanction_line_rule",
        "disciplinary_line",
        "reason_line",
    )
)
"""Every code of this module: explanations, refusals, and the lines of a decision's summary."""


class DecisionError(Refusal):
    """A ballot the arbiter cannot judge as typed, or an override without author or reason."""


def _explain(code: str, /, **params: Param) -> Message:
    return Message.of(f"duplicate.decision.{code}", **params)


def _refuse(code: str, /, **params: Param) -> DecisionError:
    return DecisionError(_explain(code, **params))


def _sanction_text(sanction: Sanction, rule: str, word: str | None = None) -> Message:
    """``Label (rule)``, or ``Label : word (rule)`` for a refused word."""
    if word:
        return _explain("sanction_word", sanction=sanction.label, word=word, rule=rule)
    return _explain("sanction", sanction=sanction.label, rule=rule)


def _warning_text(sanction: Sanction) -> Message | None:
    """`` ; avertissement : Label (rule)`` after an explanation, nothing without a warning."""
    if sanction is S.NONE:
        return None
    return _explain("warning", sanction=sanction.label, rule=sanction.rule)


@dataclass(frozen=True)
class Decision:
    """The arbiter's decision on one ballot.

    ``score``: points awarded for the move (before the 4th-warning penalties of 4.7, which
    the game sheet applies). ``move``: the move the ballot designates (``None`` for a
    nullity that designates none). ``candidates``: the legal placements the ballot could
    mean when its connecting letters are ambiguous (3.3.4). ``invalid_word`` and
    ``proposed_score`` feed the compensation of 4.6. ``explanation``: how the decision was
    reached, as a message to word (``None`` for a score entered as such).
    """

    score: int
    sanction: Sanction
    move: Move | None = None
    candidates: tuple[Move, ...] = ()
    disciplinary_warning: bool = False
    invalid_word: str | None = None
    proposed_score: int | None = None
    compensation: bool = False
    explanation: Message | None = None
    overridden_by: str | None = None
    override_reason: str | None = None

    @property
    def warnings(self) -> int:
        """Warnings this decision counts for 4.7 (at most one, plus a disciplinary one)."""
        return int(self.sanction.kind is SanctionKind.WARNING) + int(self.disciplinary_warning)

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "score": self.score,
            "sanction": self.sanction.to_json(),
            "move": str(self.move) if self.move else None,
            "candidates": [str(m) for m in self.candidates],
            "disciplinary_warning": self.disciplinary_warning,
            "explanation": self.explanation.as_dict() if self.explanation else None,
        }
        if self.invalid_word:
            data["invalid_word"] = self.invalid_word
        if self.proposed_score is not None:
            data["proposed_score"] = self.proposed_score
        if self.compensation:
            data["compensation"] = True
        if self.overridden_by:
            data["overridden_by"] = self.overridden_by
            data["override_reason"] = self.override_reason
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        """Inverse of :meth:`to_json`; also reads decisions stored before sanctions and
        explanations were messages (a French ``label``, an ``explanation`` text)."""
        move = data.get("move")
        return cls(
            score=int(data["score"]),
            sanction=S.by_code(data["sanction"]["code"]),
            move=Move.parse(move) if move else None,
            candidates=tuple(Move.parse(m) for m in data.get("candidates", [])),
            disciplinary_warning=bool(data.get("disciplinary_warning", False)),
            invalid_word=data.get("invalid_word"),
            proposed_score=data.get("proposed_score"),
            compensation=bool(data.get("compensation", False)),
            explanation=_stored_explanation(data.get("explanation")),
            overridden_by=data.get("overridden_by"),
            override_reason=data.get("override_reason"),
        )

    def summary(self) -> tuple[Message, ...]:
        """The decision in a few lines to word: points, sanction (with its rule), a
        disciplinary warning, the reason."""
        sanction = self.sanction
        lines = [_explain("points", score=self.score)]
        if sanction.rule:
            lines.append(
                _explain("sanction_line_rule", sanction=sanction.label, rule=sanction.rule)
            )
        else:
            lines.append(_explain("sanction_line", sanction=sanction.label))
        if self.disciplinary_warning:
            lines.append(_explain("disciplinary_line"))
        if self.explanation is not None:
            lines.append(_explain("reason_line", explanation=self.explanation))
        return tuple(lines)


def _stored_explanation(value: Any) -> Message | None:
    """The explanation of a stored decision: a message, or the text stored before
    explanations were messages (kept as it is, ``duplicate.decision.recorded``)."""
    if isinstance(value, dict):
        return Message.from_dict(value)
    if value:
        return _explain("recorded", text=str(value))
    return None


def override(
    decision: Decision, score: int, sanction: Sanction, author: str, reason: str
) -> Decision:
    """An arbiter's override of a decision, recorded with its author and reason (5.3)."""
    if not author.strip() or not reason.strip():
        raise _refuse("override_unsigned")
    if score < 0:
        raise _refuse("negative_score", score=score)
    return replace(
        decision,
        score=score,
        sanction=sanction,
        overridden_by=author.strip(),
        override_reason=reason.strip(),
        explanation=_explain("overridden", author=author.strip(), reason=reason.strip()),
    )


@dataclass(frozen=True)
class Turn:
    """What the arbiter knows of the move being judged."""

    board: Board
    draw: Rack
    lexicon: Container[str]
    number: int
    top: PlayResult | None = None
    first_word_length: int | None = None
    refused_words: frozenset[str] = field(default=frozenset())

    @property
    def first_move(self) -> bool:
        return self.board.is_empty

    def heading(self) -> Message:
        """``Coup 3 : tirage EAUSTRN, top H4 NATURES``, to be worded."""
        top = str(self.top.move) if self.top else "?"
        return _explain("turn", number=self.number, draw=str(self.draw), top=top)


@dataclass(frozen=True)
class AppealLexicon:
    """The event's word list with the words accepted on appeal (seed 004, 5.3): a valid word
    missing from the list, accepted by the arbitration, is admitted for every ballot."""

    lexicon: Container[str]
    accepted: frozenset[str]

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and (word.upper() in self.accepted or word in self.lexicon)


def with_accepted_words(turn: Turn, words: Iterable[str]) -> Turn:
    """``turn`` judged with the words accepted on appeal (seed 004, 5.3) as valid."""
    accepted = frozenset(w.upper() for w in words)
    if not accepted:
        return turn
    return replace(turn, lexicon=AppealLexicon(turn.lexicon, accepted))


def refused_for(decision: Decision, word: str) -> bool:
    """Whether the decision is a nullity for ``word`` missing from the word list: the
    ballots an appeal accepting ``word`` re-judges (seed 004, 5.3)."""
    return decision.sanction is S.INVALID_WORD and (decision.invalid_word or "") == word.upper()


def judge(ballot: Ballot, turn: Turn, *, earlier: Iterable[Decision] = ()) -> Decision:
    """Decide a ballot (seed 004, 3 and 4); see the module docstring.

    ``earlier``: the player's decisions on the earlier moves of the game; the words refused
    there, with those of ``turn.refused_words``, are the ones a late warning slip lets the
    player repeat with compensation (4.6).
    """
    refused = refused_words(list(earlier))
    if refused:
        turn = replace(turn, refused_words=turn.refused_words | refused)
    decision = _judge_body(ballot, turn)
    if ballot.disciplinary_nullity:
        decision = Decision(0, S.DISCIPLINARY_NULLITY, explanation=_explain("disciplinary_nullity"))
    if ballot.disciplinary_warning:
        # 4.4: a disciplinary warning adds to another warning or to a nullity.
        decision = replace(decision, disciplinary_warning=True)
    if (
        ballot.late_warning_slip
        and decision.sanction is S.INVALID_WORD
        and decision.invalid_word in turn.refused_words
    ):
        # 4.6: repeating a word refused on an earlier move whose warning slip came late.
        decision = replace(decision, compensation=True)
    return decision


def _judge_body(ballot: Ballot, turn: Turn) -> Decision:
    kind = ballot.kind
    simple = {
        BallotKind.MISSING: S.NO_BALLOT,
        BallotKind.BLANK: S.BLANK_BALLOT,
        BallotKind.SEVERAL: S.SEVERAL_BALLOTS,
        BallotKind.LATE: S.LATE_BALLOT,
        BallotKind.ILLEGIBLE: S.ILLEGIBLE,
    }
    if kind in simple:
        sanction = simple[kind]
        return Decision(0, sanction, explanation=_sanction_text(sanction, sanction.rule))
    if kind is BallotKind.TOP:
        if turn.top is None:
            raise _refuse("top_unknown", move=turn.number)
        return Decision(turn.top.score, S.NONE, turn.top.move, explanation=_explain("top"))
    if kind is BallotKind.SCORE:
        assert ballot.score is not None
        if turn.top is not None and ballot.score > turn.top.score:
            raise _refuse("score_above_top", score=ballot.score, top=turn.top.score)
        return Decision(ballot.score, S.NONE, explanation=_explain("score_entered"))
    if not ballot.solutions:
        # Only crossed-out solutions: they do not exist (4.5), the ballot is blank.
        return Decision(0, S.BLANK_BALLOT, explanation=_explain("all_crossed_out"))
    decisions = [judge_solution(s, turn) for s in ballot.solutions]
    if len(decisions) == 1:
        return decisions[0]
    # 4.5: several solutions, the minimal one is kept.
    kept = min(decisions, key=lambda d: (d.score, d.sanction.kind is not SanctionKind.NULLITY))
    return replace(kept, explanation=_explain("several_solutions", kept=kept.explanation))


def judge_solution(solution: Solution, turn: Turn) -> Decision:
    """Decide one solution of a ballot."""
    if turn.first_move:
        return _judge_first_move(solution, turn)
    by_coord = _judge_by_coordinate(solution, turn) if solution.coordinate else None
    by_anchor = _judge_by_anchors(solution, turn) if solution.anchors else None
    if by_coord is None and by_anchor is None:
        return Decision(0, S.NOT_CONNECTED, explanation=_explain("no_reference"))
    if by_coord is None or by_anchor is None:
        result = by_coord or by_anchor
        assert result is not None
        return result
    # 3.4: both modes used: each must be right; the stronger sanction applies, the
    # minimal solution is kept (4.5).
    pair = [by_coord, by_anchor]
    nullities = [d for d in pair if d.sanction.kind is SanctionKind.NULLITY]
    if nullities:
        return replace(
            nullities[0],
            explanation=_explain("both_modes_nullity", reason=nullities[0].explanation),
        )
    kept = min(pair, key=lambda d: d.score)
    warnings = [d.sanction for d in pair if d.sanction.kind is SanctionKind.WARNING]
    sanction = _first_warning(warnings) if warnings else S.NONE
    # 4.6: the slip names the warning given, which may come from the other mode (4.4).
    assert kept.explanation is not None  # a reading settled by _settle
    reason = Message(
        kept.explanation.code, {**kept.explanation.params, "warning": _warning_text(sanction)}
    )
    return replace(kept, sanction=sanction, explanation=_explain("both_modes", reason=reason))


# -- reading the word -------------------------------------------------------------------


@dataclass(frozen=True)
class _Reading:
    """A placement of the written word with one choice of blanks, and its legality."""

    move: Move
    result: PlayResult | None
    error: IllegalMoveError | None
    circle_warning: Sanction | None


def _readings(
    solution: Solution, row: int, col: int, horizontal: bool, turn: Turn
) -> list[_Reading] | IllegalMoveError:
    """Every reading of the word placed from (row, col), the blanks resolved (4.3)."""
    word = solution.word
    squares = [(row, col + i) if horizontal else (row + i, col) for i in range(len(word))]
    if squares[-1][0] >= SIZE or squares[-1][1] >= SIZE:
        return IllegalMoveError(board_rules.LETTER_MISMATCH, "runs_off", move=word)
    new_positions = [i for i, (r, c) in enumerate(squares) if turn.board[r, c] is None]
    for i, (r, c) in enumerate(squares):
        on_board = turn.board[r, c]
        if on_board is not None and on_board.upper() != word[i].upper():
            return IllegalMoveError(
                board_rules.LETTER_MISMATCH,
                "letter_mismatch",
                move=word,
                square=f"{ROW_NAMES[r]}{c + 1}",
                held=on_board.upper(),
                letter=word[i].upper(),
            )
    circled_options: list[frozenset[int]]
    if solution.circled:
        options = [i for i in new_positions if word[i].upper() == solution.circled]
        circled_options = [frozenset([i]) for i in options] or [frozenset()]
    else:
        circled_options = [frozenset(i for i in new_positions if word[i].islower())]
    natural = Counter(t for t in turn.draw if t != BLANK)
    blanks = turn.draw.blanks
    feasible: list[frozenset[int]] = []
    for k in range(min(blanks, len(new_positions)) + 1):
        for subset in itertools.combinations(new_positions, k):
            need = Counter(word[i].upper() for i in new_positions if i not in subset)
            if all(natural[letter] >= n for letter, n in need.items()):
                feasible.append(frozenset(subset))
    if not feasible:
        return IllegalMoveError(board_rules.NOT_IN_RACK, "not_in_draw", move=word)
    exact = [d for d in circled_options if d in feasible]
    circle_warning: Sanction | None = None
    if exact:
        chosen = exact
    else:
        fewest = min(len(f) for f in feasible)
        chosen = [f for f in feasible if len(f) == fewest]
        anything_circled = bool(circled_options[0]) or solution.circled is not None
        circle_warning = S.WRONG_LETTER_CIRCLED if anything_circled else S.BLANK_NOT_CIRCLED
    readings = []
    for blank_set in chosen:
        letters = "".join(
            word[i].lower() if i in blank_set else word[i].upper() for i in range(len(word))
        )
        move = Move(row, col, horizontal, letters)
        try:
            result = turn.board.score(move, turn.lexicon, turn.draw)
            readings.append(_Reading(result.move, result, None, circle_warning))
        except IllegalMoveError as exc:
            readings.append(_Reading(move, None, exc, circle_warning))
    return readings


_ERROR_SANCTION = {
    board_rules.NOT_FULL_WORD: S.NOT_WRITTEN_IN_FULL,
    board_rules.LETTER_MISMATCH: S.MISPLACED,
    board_rules.NO_TILE_PLACED: S.MISPLACED,
    board_rules.FIRST_MOVE_CENTER: S.MISPLACED,
    board_rules.NOT_CONNECTED: S.NOT_CONNECTED,
    board_rules.NOT_IN_RACK: S.LETTERS_NOT_IN_DRAW,
    board_rules.NOT_IN_LEXICON: S.INVALID_WORD,
}


def _nullity_for(error: IllegalMoveError, move: Move | None, turn: Turn) -> Decision:
    sanction = _ERROR_SANCTION.get(error.rule, S.MISPLACED)
    proposed = None
    if error.rule == board_rules.NOT_IN_LEXICON and move is not None:
        try:
            proposed = turn.board.score(move, None, turn.draw).score
        except IllegalMoveError:
            proposed = None
    return Decision(
        0,
        sanction,
        move=move,
        invalid_word=error.word,
        proposed_score=proposed,
        explanation=_sanction_text(sanction, sanction.rule, error.word),
    )


def _score_check(claimed: int | None, actual: int) -> Sanction | None:
    if claimed is None:
        return S.SCORE_MISSING
    if claimed != actual:
        return S.SCORE_WRONG
    return None


def _first_warning(warnings: Iterable[Sanction | None]) -> Sanction:
    present = {w.code for w in warnings if w is not None}
    for candidate in S.WARNING_PRIORITY:
        if candidate.code in present:
            return candidate
    return S.NONE


def _settle(
    readings: list[_Reading], solution: Solution, extra: list[Sanction | None], how: Message
) -> Decision:
    """Award the score of legal readings: 3.3.4 (claimed score if it designates one place,
    else the minimum) and one warning at most (4.4)."""
    legal = [r for r in readings if r.result is not None]
    assert legal
    scores = sorted({r.result.score for r in legal if r.result is not None})
    matching = [r for r in legal if r.result is not None and r.result.score == solution.score]
    if matching:
        kept = matching[0]
        score_warning = None
    else:
        kept = min(legal, key=lambda r: (r.result.score if r.result else 0, str(r.move)))
        score_warning = _score_check(solution.score, kept.result.score if kept.result else 0)
    assert kept.result is not None
    sanction = _first_warning([*extra, kept.circle_warning, score_warning])
    candidates = tuple(sorted({r.move for r in legal}, key=str)) if len(legal) > 1 else ()
    minimum = _explain("minimum_score") if len(scores) > 1 and not matching else None
    text = _explain(
        "settled",
        how=how,
        move=str(kept.move),
        score=kept.result.score,
        minimum=minimum,
        warning=_warning_text(sanction),
    )
    return Decision(kept.result.score, sanction, kept.move, candidates, explanation=text)


# -- first move (ruling Duplicate 7) ------------------------------------------------------


def _judge_first_move(solution: Solution, turn: Turn) -> Decision:
    """First move: the reference is optional (3.2.1) and the player gets the best
    placement of the word (4.3, ruling Duplicate 7)."""
    if solution.partial:
        s = S.NOT_WRITTEN_IN_FULL
        return Decision(0, s, explanation=_sanction_text(s, "3.3.2"))
    length = len(solution.word)
    readings: list[_Reading] = []
    errors: list[tuple[IllegalMoveError, Move | None]] = []
    center = SIZE // 2
    for horizontal in (True, False):
        for offset in range(length):
            start = center - offset
            if start < 0 or start + length > SIZE:
                continue
            row, col = (center, start) if horizontal else (start, center)
            got = _readings(solution, row, col, horizontal, turn)
            if isinstance(got, IllegalMoveError):
                errors.append((got, None))
                continue
            readings.extend(got)
            errors.extend((r.error, r.move) for r in got if r.error is not None)
    legal = [r for r in readings if r.result is not None]
    if not legal:
        error, move = _worst(errors)
        return _nullity_for(error, move, turn)
    best = max(r.result.score for r in legal if r.result is not None)
    best_readings = [r for r in legal if r.result is not None and r.result.score == best]
    kept = min(best_readings, key=lambda r: (not r.move.horizontal, str(r.move)))
    score_warning = _score_check(solution.score, best)
    sanction = _first_warning([kept.circle_warning, score_warning])
    text = _explain("first_move", move=str(kept.move), score=best, warning=_warning_text(sanction))
    return Decision(best, sanction, kept.move, explanation=text)


def _worst(
    errors: list[tuple[IllegalMoveError, Move | None]],
) -> tuple[IllegalMoveError, Move | None]:
    """The most telling failure among placements: a word not in the list first, then
    letters missing from the draw, then placement errors."""
    order = [
        board_rules.NOT_IN_LEXICON,
        board_rules.NOT_IN_RACK,
        board_rules.NOT_FULL_WORD,
        board_rules.NOT_CONNECTED,
        board_rules.FIRST_MOVE_CENTER,
        board_rules.NO_TILE_PLACED,
        board_rules.LETTER_MISMATCH,
    ]
    return min(errors, key=lambda e: order.index(e[0].rule) if e[0].rule in order else 99)


# -- alphanumeric reference (3.2) ------------------------------------------------------------


def _parse_coordinate(text: str) -> tuple[int, int, bool]:
    if m := _COORD_ROW_FIRST.fullmatch(text):
        return ROW_NAMES.index(m.group(1)), int(m.group(2)) - 1, True
    m = _COORD_COL_FIRST.fullmatch(text)
    assert m is not None, text
    return ROW_NAMES.index(m.group(2)), int(m.group(1)) - 1, False


def _judge_by_coordinate(solution: Solution, turn: Turn) -> Decision:
    assert solution.coordinate is not None
    if solution.partial:
        return _judge_partial_by_coordinate(solution, turn)
    row, col, horizontal = _parse_coordinate(solution.coordinate)
    written = solution.written_vertically
    directions = [horizontal]
    reversed_one = written is not None and written == horizontal
    if reversed_one:
        # 4.3: the reference or the direction of writing is reversed: either reading.
        directions = [horizontal, not horizontal]
    readings: list[_Reading] = []
    errors: list[tuple[IllegalMoveError, Move | None]] = []
    for direction in directions:
        got = _readings(solution, row, col, direction, turn)
        if isinstance(got, IllegalMoveError):
            errors.append((got, None))
        else:
            readings.extend(got)
            errors.extend((r.error, r.move) for r in got if r.error is not None)
    legal = [r for r in readings if r.result is not None]
    if not legal:
        if not reversed_one and _legal_transposed(solution, row, col, horizontal, turn):
            s = S.REFERENCE_AND_DIRECTION_SWAPPED
            return Decision(0, s, explanation=_sanction_text(s, s.rule))
        error, move = _worst(errors)
        return _nullity_for(error, move, turn)
    extra: list[Sanction | None] = [S.REFERENCE_OR_DIRECTION_REVERSED] if reversed_one else []
    return _settle(legal, solution, extra, _explain("by_reference", coordinate=solution.coordinate))


def _judge_partial_by_coordinate(solution: Solution, turn: Turn) -> Decision:
    """3.2.2, last sentence: the prolongation in one direction of a word on the board may be
    written in part with a reference, as with connecting letters; the reference names the
    square of the full word's first letter or of the first written letter."""
    assert solution.coordinate is not None
    row, col, horizontal = _parse_coordinate(solution.coordinate)
    readings: list[_Reading] = []
    errors: list[tuple[IllegalMoveError, Move | None]] = []
    for r0, c0, direction, full in _placements(solution, turn):
        if direction != horizontal:
            continue
        shift = len(full.word) - len(solution.word) if solution.partial == "after" else 0
        first_written = (r0, c0 + shift) if direction else (r0 + shift, c0)
        if (row, col) not in ((r0, c0), first_written):
            continue
        got = _readings(full, r0, c0, direction, turn)
        if isinstance(got, IllegalMoveError):
            errors.append((got, None))
            continue
        readings.extend(r for r in got if r.result is not None)
        errors.extend((r.error, r.move) for r in got if r.error is not None)
    if readings:
        how = _explain("by_prolongation", coordinate=solution.coordinate)
        return _settle(readings, solution, [], how)
    if errors:
        error, move = _worst(errors)
        return _nullity_for(error, move, turn)
    s = S.NOT_WRITTEN_IN_FULL
    return Decision(
        0, s, explanation=_explain("nothing_prolonged", sanction=s.label, rule=f"{s.rule}, 3.3.2")
    )


def _legal_transposed(solution: Solution, row: int, col: int, horizontal: bool, turn: Turn) -> bool:
    got = _readings(solution, row, col, not horizontal, turn)
    if isinstance(got, IllegalMoveError):
        return False
    legal = [r for r in got if r.result is not None]
    # 4.2 exception: a single tile forming a word both ways is no inversion.
    return bool(legal) and all(len(r.result.tiles_placed) > 1 for r in legal if r.result)


# -- connecting letters (3.3) -----------------------------------------------------------------


def _judge_by_anchors(solution: Solution, turn: Turn) -> Decision:
    assert solution.anchors is not None
    anchors = solution.anchors
    required = min(3, turn.board.tile_count)
    candidates: list[tuple[_Reading, int]] = []
    errors: list[tuple[IllegalMoveError, Move | None]] = []
    for row, col, horizontal, word_solution in _placements(solution, turn):
        got = _readings(word_solution, row, col, horizontal, turn)
        if isinstance(got, IllegalMoveError):
            continue
        squares = got[0].move.squares()
        matched = _matched_anchor_count(anchors, squares, turn.board)
        if matched < 2 and matched < required:
            continue
        for reading in got:
            if reading.result is None:
                assert reading.error is not None
                errors.append((reading.error, reading.move))
            else:
                candidates.append((reading, matched))
    if not candidates:
        if errors:
            error, move = _worst(errors)
            return _nullity_for(error, move, turn)
        if solution.partial and not any(True for _ in _placements(solution, turn)):
            s = S.NOT_WRITTEN_IN_FULL
            return Decision(
                0, s, explanation=_explain("nothing_prolonged", sanction=s.label, rule="3.3.2")
            )
        s = S.NOT_CONNECTED
        return Decision(
            0,
            s,
            explanation=_explain("no_place_for_anchors", anchors=anchors, rule=f"{s.rule}, 3.3"),
        )
    best_match = max(m for _, m in candidates)
    readings = [r for r, m in candidates if m == best_match]
    extra: list[Sanction | None] = []
    if best_match < required:
        extra.append(S.TWO_ANCHOR_LETTERS)
    return _settle(readings, solution, extra, _explain("by_anchors", anchors=anchors))


def _placements(solution: Solution, turn: Turn) -> Iterable[tuple[int, int, bool, Solution]]:
    """Every start and direction where the written word may stand; a partial word (3.3.2)
    is completed with the word already on the board that it prolongs."""
    if solution.partial is None:
        for horizontal in (True, False):
            for row in range(SIZE):
                for col in range(SIZE):
                    yield row, col, horizontal, solution
        return
    for row, col, horizontal, existing in _board_words(turn.board):
        full = _complete_partial(solution, existing)
        if full is None:
            continue
        word, shift = full
        dr, dc = (0, 1) if horizontal else (1, 0)
        r, c = row - shift * dr, col - shift * dc
        if r >= 0 and c >= 0:
            yield r, c, horizontal, replace(solution, word=word, partial=None)


def _board_words(board: Board) -> Iterable[tuple[int, int, bool, str]]:
    """Words of three letters or more on the board: start square, direction, letters."""
    for horizontal in (True, False):
        dr, dc = (0, 1) if horizontal else (1, 0)
        for row in range(SIZE):
            for col in range(SIZE):
                if board[row, col] is None:
                    continue
                pr, pc = row - dr, col - dc
                if pr >= 0 and pc >= 0 and board[pr, pc] is not None:
                    continue
                letters = []
                r, c = row, col
                while r < SIZE and c < SIZE and (tile := board[r, c]) is not None:
                    letters.append(tile.upper())
                    r, c = r + dr, c + dc
                if len(letters) >= 3:
                    yield row, col, horizontal, "".join(letters)


def _complete_partial(solution: Solution, existing: str) -> tuple[str, int] | None:
    """The full word and how many squares it starts before ``existing`` when the written
    letters prolong it, including at least one of its letters next to the prolongation
    (3.3.2); ``None`` otherwise."""
    written = solution.word
    upper = written.upper()
    for overlap in range(min(len(existing), len(written) - 1), 0, -1):
        if solution.partial == "after" and existing.endswith(upper[:overlap]):
            return existing[: len(existing) - overlap] + written, 0
        if solution.partial == "before" and existing.startswith(upper[len(upper) - overlap :]):
            return written[: len(written) - overlap] + existing, len(written) - overlap
    return None


def _matched_anchor_count(anchors: str, squares: list[tuple[int, int]], board: Board) -> int:
    """The most connecting letters (3.3.1) that match distinct board tiles, each in the
    word, next to it, or next to another matched connecting letter; the rest are parasite
    letters (3.3.3)."""
    word_squares = set(squares)

    def neighbours(r: int, c: int) -> list[tuple[int, int]]:
        return [
            (r + a, c + b)
            for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + a < SIZE and 0 <= c + b < SIZE
        ]

    # Board tiles within reach: in the word, or chained to it through board tiles.
    reach: dict[tuple[int, int], int] = {}
    frontier = [sq for sq in word_squares if board[sq] is not None]
    for sq in word_squares:
        for n in neighbours(*sq):
            if board[n] is not None and n not in word_squares:
                frontier.append(n)
    depth = 0
    while frontier and depth < len(anchors):
        nxt: list[tuple[int, int]] = []
        for sq in frontier:
            if sq not in reach:
                reach[sq] = depth
                nxt.extend(n for n in neighbours(*sq) if board[n] is not None)
        frontier = nxt
        depth += 1
    letters = [a.upper() for a in anchors]
    by_letter: dict[str, list[tuple[int, int]]] = {}
    for sq in reach:
        tile = board[sq]
        assert tile is not None
        by_letter.setdefault(tile.upper(), []).append(sq)

    def attached(chosen: set[tuple[int, int]]) -> bool:
        # every chosen tile connects to the word through chosen tiles (3.3.1)
        ok = {
            sq
            for sq in chosen
            if sq in word_squares or any(n in word_squares for n in neighbours(*sq))
        }
        changed = True
        while changed:
            changed = False
            for sq in chosen - ok:
                if any(n in ok for n in neighbours(*sq)):
                    ok.add(sq)
                    changed = True
        return ok == chosen

    best = 0

    def search(i: int, chosen: set[tuple[int, int]]) -> None:
        nonlocal best
        if len(chosen) + (len(letters) - i) <= best:
            return
        if i == len(letters):
            if attached(chosen):
                best = max(best, len(chosen))
            return
        for sq in by_letter.get(letters[i], []):
            if sq not in chosen:
                chosen.add(sq)
                search(i + 1, chosen)
                chosen.remove(sq)
        search(i + 1, chosen)  # this letter is a parasite

    search(0, set())
    return best


def refused_words(decisions: Collection[Decision]) -> frozenset[str]:
    """Words a player has been refused so far (for 4.6)."""
    return frozenset(d.invalid_word for d in decisions if d.invalid_word)
