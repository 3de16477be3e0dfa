"""Ballot parsing and decisions (seed 004, 3 and 4), on hand-checked boards."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from arbitre.duplicate import sanctions as S
from arbitre.duplicate.ballot import BallotKind, BallotParseError, parse_ballot
from arbitre.duplicate.decision import Decision, DecisionError, Turn, judge, override
from arbitre.scrabble.board import Board
from arbitre.scrabble.move import Move
from arbitre.scrabble.rack import Rack
from tests.duplicate.wording import english, french
from tests.support import depth

parse_move = Move.parse

WORDS = {
    "MAISON", "MAISONS", "RUSE", "RUSES", "SON", "SONS", "TAS", "RUES", "RUE", "ES", "ET",
    "MAISONNETTE", "NETTE", "SE", "US",
}  # fmt: skip

# Row H holds MAISON from H4: M H4, A H5, I H6, S H7, O H8, N H9.
MAISON = "15/15/15/15/15/15/15/3MAISON6/15/15/15/15/15/15/15"
# Row H holds MAISONS from H4 (two S: H7 and H10).
MAISONS = "15/15/15/15/15/15/15/3MAISONS5/15/15/15/15/15/15/15"


def turn(board: str = MAISON, draw: str = "AERSTU?", number: int = 2, **kw: object) -> Turn:
    return Turn(Board.from_text(board), Rack.parse(draw), WORDS, number, **kw)  # type: ignore[arg-type]


def decide(text: str, t: Turn | None = None) -> Decision:
    return judge(parse_ballot(text), t or turn())


# -- parsing ------------------------------------------------------------------------------


def test_parse_compact_forms() -> None:
    b = parse_ballot("H4 MAiSON 76")
    (s,) = b.solutions
    assert (s.coordinate, s.word, s.score, s.anchors) == ("H4", "MAiSON", 76, None)
    s = parse_ballot("MAISON 76 raccord TAS").solutions[0]
    assert (s.coordinate, s.word, s.score, s.anchors) == (None, "MAISON", 76, "TAS")
    s = parse_ballot("...NETTE 30 r:MAI").solutions[0]
    assert (s.word, s.partial, s.anchors) == ("NETTE", "after", "MAI")
    assert parse_ballot("vide").kind is BallotKind.BLANK
    assert parse_ballot("none").kind is BallotKind.MISSING
    assert parse_ballot("42").kind is BallotKind.SCORE
    several = parse_ballot("H4 MAISON 76 / ~5E RAT 20 / 7F RUSE 6")
    assert [x.word for x in several.solutions] == ["MAISON", "RUSE"]
    assert [x.word for x in several.crossed_out] == ["RAT"]
    assert parse_ballot("7F RUSE 6 +disc").disciplinary_warning


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "bulletin vide : tapez le bulletin, « vide » ou « aucun »"),
        ("H4 MAISON 76 54", "deux scores dans « H4 MAISON 76 54 » : séparez les solutions par /"),
        ("H4 MAISON RUSE", "deux mots dans « H4 MAISON RUSE » : séparez les solutions par « / »"),
        ("H4 MAIS-ON", "« MAIS-ON » n'est ni une référence (H4, 4H), ni un mot, ni un score"),
        ("MAISON raccord", "« raccord » doit être suivi des lettres de raccord"),
        ("MAISON r:T4S", "lettres de raccord « T4S » : lettres A à Z seulement"),
        ("MAISON r:TAS r:SON", "deux raccords pour une même solution"),
        ("MAISON joker", "« joker » doit être suivi d'une lettre"),
        ("...MAISON... 12", "« ...MAISON... » : points de suspension d'un seul côté"),
        ("H4 MAISON 4H", "deux références dans « H4 MAISON 4H »"),
        ("76 H4", "pas de mot dans « 76 H4 »"),
        ("H4 A 2", "« A » : un mot a au moins deux lettres"),
        ("MAiSON joker I", "lettre entourée donnée deux fois (minuscule et « joker »)"),
        ("H4 MAISON / ", "solution vide entre deux « / »"),
        ("~ / H4 MAISON", "solution rayée sans contenu"),
    ],
)
def test_parse_errors_are_explained_in_french(text: str, message: str) -> None:
    with pytest.raises(BallotParseError) as info:
        parse_ballot(text)
    assert french(info.value.message) == message
    assert english(info.value.message)  # every reason is worded in English too


@given(st.text(max_size=40))
@settings(max_examples=depth(300), deadline=None)
def test_random_text_yields_a_decision_or_a_clear_refusal(text: str) -> None:
    try:
        ballot = parse_ballot(text)
    except BallotParseError as exc:
        assert french(exc.message)
        return
    try:
        decision = judge(ballot, turn(top=None))
    except DecisionError as exc:  # e.g. "top" when no top is known
        assert french(exc.message) == "le top du coup 2 n'est pas connu"
        return
    assert decision.score >= 0
    assert decision.sanction.kind in S.SanctionKind


@given(
    st.sampled_from(["H4", "4H", "7F", "F7", "A1", "15O", None]),
    st.text(
        alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", min_size=2, max_size=9
    ),
    st.one_of(st.none(), st.integers(0, 999)),
    st.one_of(st.none(), st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=5)),
)
@settings(max_examples=depth(300), deadline=None)
def test_ballot_text_round_trips(
    coord: str | None, word: str, score: int | None, anchors: str | None
) -> None:
    # a word spelt like a keyword of the compact form is read as that keyword
    assume(word.lower() not in ("raccord", "joker", "cercle"))
    parts = [p for p in (coord, word, None if score is None else str(score)) if p]
    if anchors:
        parts += ["raccord", anchors]
    ballot = parse_ballot(" ".join(parts))
    assert parse_ballot(str(ballot)) == ballot
    judge(ballot, turn())  # never crashes


# -- nullities, 4.2 ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, sanction",
    [
        ("aucun", S.NO_BALLOT),
        ("vide", S.BLANK_BALLOT),
        ("plusieurs", S.SEVERAL_BALLOTS),
        ("hors-temps", S.LATE_BALLOT),
        ("illisible", S.ILLEGIBLE),
    ],
)
def test_ballot_level_nullities(text: str, sanction: S.Sanction) -> None:
    d = decide(text)
    assert (d.score, d.sanction) == (0, sanction)
    assert d.sanction.rule == "004 4.2"


def test_correct_ballot_scores_without_sanction() -> None:
    # RUSE in column 7 from F7: R F7, U G7 (double letter), S H7 (on the board), E I7 (double
    # letter): 1 + 2 + 1 + 2 = 6.
    d = decide("7F RUSE 6")
    assert (d.score, d.sanction, str(d.move)) == (6, S.NONE, "7F RUSE")


def test_word_not_from_the_draw() -> None:
    # RUSEE needs two E; the draw has one and no blank.
    d = decide("7F RUSEE 7", turn(draw="AERSTUL"))
    assert d.sanction is S.LETTERS_NOT_IN_DRAW and d.score == 0


def test_word_not_written_in_full() -> None:
    # AISONS from H5: the M of H4 touches its first letter.
    d = decide("H5 AISONS 8")
    assert d.sanction is S.NOT_WRITTEN_IN_FULL and d.score == 0


def test_word_badly_placed() -> None:
    # From E7 downwards the S of RUSE would stand on H7's... E: H7 holds an S.
    d = decide("7E RUSE 6")
    assert d.sanction is S.MISPLACED


def test_invalid_word_is_a_nullity_naming_the_word() -> None:
    d = decide("7F RUSA 5")
    assert d.sanction is S.INVALID_WORD and d.invalid_word == "RUSA"
    # what it would have scored: R 1 + U 2 (G7 double) + S 1 + A 2 (I7 double) = 6 (for 4.6)
    assert d.proposed_score == 6


def test_connecting_letters_that_locate_nothing() -> None:
    d = decide("RUSE 6 raccord XYZ")
    assert d.sanction is S.NOT_CONNECTED


def test_reference_and_direction_both_swapped_is_a_nullity() -> None:
    # F7 RUSE, horizontal: not connected; the vertical reading 7F is legal.
    d = decide("F7 RUSE 6")
    assert d.sanction is S.REFERENCE_AND_DIRECTION_SWAPPED and d.score == 0


def test_disciplinary_nullity() -> None:
    d = decide("7F RUSE 6 +nul-disc")
    assert d.sanction is S.DISCIPLINARY_NULLITY and d.score == 0


# -- warnings, 4.3 -------------------------------------------------------------------------


def test_score_missing_or_wrong_is_a_warning_with_the_real_score() -> None:
    missing = decide("7F RUSE")
    wrong = decide("7F RUSE 8")
    assert (missing.score, missing.sanction) == (6, S.SCORE_MISSING)
    assert (wrong.score, wrong.sanction) == (6, S.SCORE_WRONG)
    assert wrong.sanction.rule == "004 4.3"


def test_first_move_best_placement_and_score_warning() -> None:
    empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"
    t = turn(board=empty, number=1)
    # RUSE on the empty board: every placement through H8 doubles 4 -> 8; the reference is
    # optional (3.2.1) and the player gets the best placement (4.3).
    assert decide("RUSE 8", t).sanction is S.NONE
    assert decide("RUSE 8", t).score == 8
    assert decide("RUSE 6", t).sanction is S.SCORE_WRONG
    assert decide("RUSE 6", t).score == 8
    assert decide("RUSE", t).sanction is S.SCORE_MISSING


def test_two_connecting_letters_instead_of_three() -> None:
    assert decide("RUSE 6 raccord AIS").sanction is S.NONE
    assert decide("RUSE 6 raccord IS").sanction is S.TWO_ANCHOR_LETTERS
    # a parasite letter (3.3.3) does not exist: ISX counts as IS
    assert decide("RUSE 6 raccord ISX").sanction is S.TWO_ANCHOR_LETTERS


def test_blank_not_circled_and_wrong_letter_circled() -> None:
    no_e = turn(draw="ARSTU?L")
    # E must be the blank: 1 + 2 + 1 + 0 = 4.
    assert (decide("7F RUSe 4", no_e).score, decide("7F RUSe 4", no_e).sanction) == (4, S.NONE)
    not_circled = decide("7F RUSE 4", no_e)
    assert (not_circled.score, not_circled.sanction) == (4, S.BLANK_NOT_CIRCLED)
    wrong = decide("7F rUSE 4", no_e)
    assert (wrong.score, wrong.sanction) == (4, S.WRONG_LETTER_CIRCLED)
    separate = decide("7F RUSE 4 joker E", no_e)
    assert separate.sanction is S.NONE


def test_reference_or_direction_reversed_alone_is_a_warning() -> None:
    # F7 says horizontal, the word was written vertically: only one is reversed.
    d = decide("F7 RUSE 6 sens:v")
    assert (d.score, d.sanction) == (6, S.REFERENCE_OR_DIRECTION_REVERSED)


def test_ambiguous_connection_gets_the_claimed_place_or_the_minimum() -> None:
    # RUSES through either S of MAISONS, connected by O N S each time (3.3.4). Through the S
    # of H7 as its third letter (column 7 from F7): 1 + 2 (G7 double) + 1 + 2 (I7 double) + 1
    # = 7; as its last letter (from D7): 1 + 1 + 1 + 2 (G7) + 1 = 6. Through the S of H10
    # as third letter (from F10): R on F10 (triple) 3 + 1 + 1 + 1 + S on J10 (triple) 3 = 9;
    # as last letter (from D10): 1 + 1 + S on F10 (triple) 3 + 1 + 1 = 7.
    t = turn(board=MAISONS)
    exact = decide("RUSES 9 raccord ONS", t)
    assert (exact.score, exact.sanction, str(exact.move)) == (9, S.NONE, "10F RUSES")
    assert decide("RUSES 7 raccord ONS", t).sanction is S.NONE  # two places, both 7
    low = decide("RUSES 8 raccord ONS", t)
    assert (low.score, low.sanction, str(low.move)) == (6, S.SCORE_WRONG, "7D RUSES")
    assert len(low.candidates) == 4


# -- combinations, 4.4 and 4.5 -------------------------------------------------------------


def test_at_most_one_warning_but_a_disciplinary_one_adds() -> None:
    no_e = turn(draw="ARSTU?L")
    d = decide("7F RUSE 6", no_e)  # blank not circled AND wrong score: one warning
    assert d.warnings == 1
    d = decide("7F RUSE 6 +disc", no_e)
    assert d.warnings == 2 and d.disciplinary_warning
    nul = decide("aucun +disc")
    assert nul.sanction.kind is S.SanctionKind.NULLITY and nul.warnings == 1


def test_both_reference_modes_must_both_be_right() -> None:
    assert decide("7F RUSE 6 raccord AIS").sanction is S.NONE
    assert decide("7F RUSE 6 raccord XYZ").sanction is S.NOT_CONNECTED


def test_several_solutions_keep_the_minimum_and_crossed_out_ones_do_not_exist() -> None:
    t = turn(board=MAISONS)
    d = decide("7F RUSES 7 / 10F RUSES 9", t)
    assert d.score == 7
    assert decide("7F RUSES 7 / 7F RUSA 5", t).score == 0
    assert decide("~7F RUSA 5 / 10F RUSES 9", t).score == 9


def test_partial_word_prolonging_a_word_of_three_letters() -> None:
    # MAISON + S written as "...NS" with three connecting letters: MAISONS, 8 points.
    d = decide("...NS 8 raccord SON")
    assert (d.score, d.sanction, str(d.move)) == (8, S.NONE, "H4 MAISONS")


# -- 4.6 and overrides ---------------------------------------------------------------------


def test_repeated_refused_word_after_a_late_slip_is_compensated() -> None:
    t = turn(refused_words=frozenset({"RUSA"}))
    d = decide("7F RUSA 5 +tardif", t)
    assert d.sanction is S.INVALID_WORD and d.compensation
    assert not decide("7F RUSA 5", t).compensation  # the slip was not late
    # never for a misplacement
    assert not decide("7E RUSE 6 +tardif", t).compensation


def test_override_is_recorded_with_author_and_reason() -> None:
    d = override(decide("7F RUSA 5"), 5, S.NONE, "Chantal (JA)", "RUSA admis après recours")
    assert d.score == 5 and d.overridden_by == "Chantal (JA)"
    with pytest.raises(DecisionError) as info:
        override(d, 5, S.NONE, "", "")
    assert info.value.message.code == "duplicate.decision.override_unsigned"


def test_partial_word_with_a_coordinate_follows_the_connecting_letters_rule() -> None:
    # 3.2.2, last sentence: MAISON + S written "...NS" with the reference of MAISONS (H4)
    # or of the first written letter (H9).
    for text in ("H4 ...NS 8", "H9 ...NS 8"):
        d = decide(text)
        assert (d.score, d.sanction, str(d.move)) == (8, S.NONE, "H4 MAISONS"), text
    # a reference elsewhere designates no prolongation
    assert decide("H2 ...NS 8").sanction is S.NOT_WRITTEN_IN_FULL


def test_partial_word_that_prolongs_nothing_is_not_written_in_full() -> None:
    # "...S" shows none of the formed word's letters (3.3.2)
    assert decide("...S 8 raccord SON").sanction is S.NOT_WRITTEN_IN_FULL


def test_a_bare_score_above_the_top_is_refused() -> None:
    t = turn(top=Board.from_text(MAISON).score(parse_move("7F RUSE"), WORDS))
    assert decide("6", t).score == 6
    with pytest.raises(DecisionError) as info:
        decide("99", t)
    assert french(info.value.message) == "score 99 supérieur au top (6) : vérifiez la saisie"
