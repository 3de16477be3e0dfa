"""A table's .mat record checked against the result entered (issue 19, part 6; seed 003,
4.3 and 4.6: the score sheet is the proof, a result that disagrees is for the director)."""

from __future__ import annotations

from pathlib import Path

from arbitre.backgammon.championship.model import MatchResult, ResultKind
from arbitre.backgammon.championship.records import cross_check
from arbitre.backgammon.mat import import_mat, read_mat
from arbitre.common.messages import Message
from arbitre.i18n import word as say

RECORD = Path(__file__).parents[1] / "backgammon" / "data" / "gnubg_selfplay_5pt.mat"


def _result(**fields: object) -> MatchResult:
    base: dict[str, object] = {
        "round": 1,
        "a": "gnubg",
        "b": "root",
        "winner": "root",
        "match_length": 5,
        "score_a": 2,
        "score_b": 10,
    }
    base.update(fields)
    return MatchResult(**base)  # type: ignore[arg-type]


def test_003_4_3_a_record_agreeing_with_the_result_says_nothing() -> None:
    """gnubg - root, 5 points, root wins 10-2: the same result entered either way round."""
    record = read_mat(RECORD)
    assert cross_check(record, _result()) == []
    swapped = _result(a="root", b="gnubg", score_a=10, score_b=2)
    assert cross_check(record, swapped) == []
    assert cross_check(record, _result(score_a=None, score_b=None)) == []


def test_003_4_6_every_disagreement_is_a_message_for_the_director() -> None:
    record = read_mat(RECORD)
    wrong_winner = _result(winner="gnubg", score_a=5, score_b=2)
    assert cross_check(record, wrong_winner) == [
        Message.of("record.winner", record="root", entered="gnubg"),
        Message.of("record.score", entered="5-2", record="2-10"),
    ]
    assert cross_check(record, _result(match_length=7, score_b=7)) == [
        Message.of("record.length", entered=7, record=5),
        Message.of("record.score", entered="2-7", record="2-10"),
    ]
    others = _result(a="Alice", b="Bob", winner="Bob")
    assert cross_check(record, others) == [
        Message.of("record.names", record="gnubg - root", a="Alice", b="Bob")
    ]
    # the director says which record player is which: then only the facts are compared
    assert cross_check(record, others, side_of_a=0) == []
    bob_is_root = _result(a="Bob", b="Alice", winner="Bob", score_a=10, score_b=2)
    assert cross_check(record, bob_is_root, side_of_a=1) == []
    forfeit = MatchResult(1, "gnubg", "root", "root", ResultKind.FORFEIT)
    assert cross_check(record, forfeit) == [Message.of("record.not_played", a="gnubg", b="root")]
    assert say(Message.of("record.winner", record="root", entered="gnubg")) == (
        "le vainqueur de l'enregistrement est root, le résultat saisi indique gnubg"
    )


def test_003_4_1_an_unfinished_record_is_reported() -> None:
    """4.1: a match is played to its length; a record that stops before is reported."""
    text = RECORD.read_text()
    first_game = text[: text.index(" Game 2")]
    record = import_mat(first_game)
    assert record.winner is None
    assert cross_check(record, _result(score_a=None, score_b=None)) == [
        Message.of("record.unfinished", score_a=0, score_b=1, length=5)
    ]


def test_003_clock_4_1_a_match_won_on_time_is_compared_by_its_score_only() -> None:
    """Clock rules 4.1-4.3: a flag fell after the first game (root led 1-0): the record
    stops there and the winner on time is the other player; the score must still agree."""
    text = RECORD.read_text()
    record = import_mat(text[: text.index(" Game 2")])
    on_time = _result(winner="gnubg", score_a=0, score_b=1, decided="time")
    assert cross_check(record, on_time) == []
    disqualified = _result(winner="root", score_a=0, score_b=1, decided="disqualification")
    assert cross_check(record, disqualified) == []
    wrong = _result(winner="gnubg", score_a=0, score_b=2, decided="time")
    assert cross_check(record, wrong) == [Message.of("record.score", entered="0-2", record="0-1")]
    finished_on_time = _result(winner="gnubg", score_a=2, score_b=4, decided="time")
    assert cross_check(read_mat(RECORD), finished_on_time) == [
        Message.of("record.score", entered="2-4", record="2-10")
    ]


def test_003_3_15_a_result_decided_by_a_penalty_keeps_its_points() -> None:
    """3.15: a score penalty adds points the record does not hold: the score and the
    winner are not compared, the names and the length are."""
    record = read_mat(RECORD)
    penalised = _result(winner="gnubg", score_a=8, score_b=10, decided="penalty")
    assert cross_check(record, penalised) == []
    assert cross_check(
        record, _result(match_length=7, winner="gnubg", score_a=8, decided="penalty")
    ) == [Message.of("record.length", entered=7, record=5)]
    renamed = _result(a="Alice", b="Bob", winner="Alice", score_a=8, decided="penalty")
    assert cross_check(record, renamed) == [
        Message.of("record.names", record="gnubg - root", a="Alice", b="Bob")
    ]


def test_a_half_written_score_is_not_compared() -> None:
    """Only a score written for both players is compared with the record's."""
    record = read_mat(RECORD)
    assert cross_check(record, _result(score_a=7, score_b=None)) == []
    assert cross_check(record, _result(score_a=None, score_b=3)) == []
