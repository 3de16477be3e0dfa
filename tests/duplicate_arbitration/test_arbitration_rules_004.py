"""Seed 004 (Duplicate regulation), chapters 3 and 4: the rules a ballot is judged by.

Each test pins one article (or one reading of it written in docs/duplicate-arbitration.md)
through the public API: a ballot typed as an arbiter types it, judged on a hand-checked board.
"""

from __future__ import annotations

import pytest

from arbitre.duplicate import sanctions as S
from arbitre.duplicate.ballot import parse_ballot
from arbitre.duplicate.decision import (
    Decision,
    DecisionError,
    Turn,
    judge,
    override,
    refused_words,
)
from arbitre.scrabble.board import Board
from arbitre.scrabble.move import Move
from arbitre.scrabble.rack import Rack
from tests.duplicate.wording import english, french, refused

WORDS = {
    "MAISON", "MAISONS", "RUSE", "RUSES", "SON", "SONS", "TAS", "RUES", "RUE", "ES", "ET",
    "MAISONNETTE", "NETTE", "SE", "US", "TU", "TE", "UT", "ST", "TES", "AS", "SA",
    "MAISONNE", "REMAISON", "TASSE",
}  # fmt: skip

EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"
# Row H holds MAISON from H4: M H4, A H5, I H6, S H7, O H8, N H9.
MAISON = "15/15/15/15/15/15/15/3MAISON6/15/15/15/15/15/15/15"
# Row H holds MAISONS from H4 (two S: H7 and H10).
MAISONS = "15/15/15/15/15/15/15/3MAISONS5/15/15/15/15/15/15/15"
# Only ES on the board (a first move of two letters), E on H8, S on H9.
ES = "15/15/15/15/15/15/15/7ES6/15/15/15/15/15/15/15"


def turn(board: str = MAISON, draw: str = "AERSTU?", number: int = 2, **kw: object) -> Turn:
    return Turn(Board.from_text(board), Rack.parse(draw), WORDS, number, **kw)  # type: ignore[arg-type]


def decide(text: str, t: Turn | None = None) -> Decision:
    return judge(parse_ballot(text), t or turn())


def summary(d: Decision) -> tuple[int, str, str | None]:
    return d.score, d.sanction.code, None if d.move is None else str(d.move)


# -- 4.2: nullities of the ballot itself -------------------------------------------------------


@pytest.mark.parametrize(
    "text, explanation",
    [
        ("aucun", "Absence de bulletin (004 4.2)"),
        ("vide", "Bulletin vierge (004 4.2)"),
        ("plusieurs", "Plusieurs bulletins non vierges (004 4.2)"),
        ("hors-temps", "Bulletin écrit ou échangé après le temps imparti (004 4.2)"),
        ("illisible", "Bulletin ou raccord illisible (004 4.2)"),
    ],
)
def test_004_4_2_ballot_level_nullity_is_explained_with_its_article(
    text: str, explanation: str
) -> None:
    """4.2: no ballot, a blank ballot, several ballots, a late ballot, an illegible one: zero,
    and the slip names the fault and its article."""
    d = decide(text)
    assert (d.score, d.sanction.kind, d.move, french(d.explanation)) == (
        0,
        S.SanctionKind.NULLITY,
        None,
        explanation,
    )


def test_004_4_2_disciplinary_nullity_replaces_any_decision() -> None:
    """4.2, last item: a nullity for a disciplinary reason, whatever the ballot said."""
    d = decide("7F RUSE 6 +nul-disc")
    assert summary(d) == (0, "disciplinary_nullity", None)
    assert french(d.explanation) == "Nullité disciplinaire (4.2)"
    assert d.warnings == 0


def test_004_4_5_only_crossed_out_solutions_is_a_blank_ballot() -> None:
    """4.5: crossed-out solutions do not exist; a ballot with nothing else is blank (4.2)."""
    d = decide("~7F RUSE 6")
    assert summary(d) == (0, "blank_ballot", None)
    assert french(d.explanation) == "Toutes les solutions sont rayées (4.5)"


# -- 4.6: the decision as notified (JSON of the slip) --------------------------------------


def test_004_4_6_invalid_word_nullity_keeps_the_refused_word_in_its_json() -> None:
    """4.6: the slip gives the reason of a nullity; for a word not admitted, the word itself
    (it is what a later compensation is checked against). RUSA at 7F would score 6."""
    d = decide("7F RUSA 5")
    data = d.to_json()
    assert data == {
        "score": 0,
        "sanction": {"kind": "nullity", "code": "invalid_word", "rule": "004 4.2"},
        "move": "7F RUSA",
        "candidates": [],
        "disciplinary_warning": False,
        "explanation": {
            "code": "duplicate.decision.sanction_word",
            "params": {
                "sanction": {"code": "duplicate.sanction.invalid_word", "params": {}},
                "word": "RUSA",
                "rule": "004 4.2",
            },
        },
        "invalid_word": "RUSA",
        "proposed_score": 6,
    }
    assert french(d.explanation) == "Mot non admis : RUSA (004 4.2)"
    assert english(d.explanation) == "Word not allowed: RUSA (004 4.2)"
    assert Decision.from_json(data) == d


def test_004_4_6_decision_without_a_refused_word_has_no_such_field() -> None:
    """4.6: a correct ballot has no refused word, no proposed score, no compensation."""
    d = decide("7F RUSE 6")
    data = d.to_json()
    assert data == {
        "score": 6,
        "sanction": {"kind": "none", "code": "none", "rule": ""},
        "move": "7F RUSE",
        "candidates": [],
        "disciplinary_warning": False,
        "explanation": d.explanation.as_dict() if d.explanation else None,
    }
    assert french(Decision.from_json(data).explanation) == "Référence 7F : 7F RUSE = 6"
    assert Decision.from_json(d.to_json()) == d
    nothing = decide("aucun").to_json()
    assert nothing["move"] is None
    assert Decision.from_json(nothing) == decide("aucun")


def test_004_4_6_every_field_of_a_decision_survives_its_json() -> None:
    """4.6 and 5.3: a compensated repeat, a disciplinary warning, the candidates of 3.3.4 and
    an arbiters' override are all part of the recorded decision."""
    t = turn(refused_words=frozenset({"RUSA"}))
    compensated = decide("7F RUSA 5 +tardif +disc", t)
    data = compensated.to_json()
    assert data["compensation"] is True
    assert data["disciplinary_warning"] is True
    assert Decision.from_json(data) == compensated
    ambiguous = decide("RUSES 8 raccord ONS", turn(board=MAISONS))
    data = ambiguous.to_json()
    assert data["candidates"] == ["10D RUSES", "10F RUSES", "7D RUSES", "7F RUSES"]
    assert Decision.from_json(data) == ambiguous
    changed = override(ambiguous, 9, S.NONE, "Chantal (JA)", "score revendiqué lisible")
    data = changed.to_json()
    assert (data["overridden_by"], data["override_reason"]) == (
        "Chantal (JA)",
        "score revendiqué lisible",
    )
    assert Decision.from_json(data) == changed


def test_004_4_6_a_minimal_record_reads_with_the_defaults() -> None:
    """A decision recorded with only its score and sanction reads as no move, no candidate,
    no warning, no refused word, no compensation, no override."""
    d = Decision.from_json({"score": "4", "sanction": {"code": "score_wrong"}})
    assert d == Decision(4, S.SCORE_WRONG)
    assert d.warnings == 1


def test_004_4_6_words_refused_so_far_are_the_invalid_words() -> None:
    """4.6: the words refused to a player on earlier moves (for the compensation)."""
    decisions = [decide("7F RUSA 5"), decide("7F RUSE 6"), decide("aucun")]
    assert refused_words(decisions) == frozenset({"RUSA"})
    assert refused_words([]) == frozenset()


# -- 3.2.2 (last sentence): a partial word with a coordinate ------------------------------


def test_004_3_2_2_partial_word_before_a_word_with_its_coordinate() -> None:
    """3.2.2: the prolongation of a word in one direction follows the connecting-letters
    rule: REM... before MAISON is REMAISON, referenced by its first square (H2), which is
    also its first written letter; R 1 + E 1 + MAISON 7 = 9 (no premium on H2, H3). No other
    square designates it."""
    t = turn(draw="AERSTUE")
    d = decide("H2 REM... 9", t)
    assert summary(d) == (9, "none", "H2 REMAISON")
    assert french(d.explanation) == "Prolongement H2 : H2 REMAISON = 9"
    for elsewhere in ("H3", "H4", "H7"):
        assert decide(f"{elsewhere} REM... 9", t).sanction is S.NOT_WRITTEN_IN_FULL, elsewhere


# MAISON written down column 8 from D8 (M D8 ... N I8), and SON across row L from L2.
MAISON_DOWN = "15/15/15/7M7/7A7/7I7/7S7/7O7/7N7/15/15/1SON11/15/15/15"


def test_004_3_2_2_partial_word_after_a_vertical_word_with_its_coordinate() -> None:
    """3.2.2: ...NS after the vertical MAISON is MAISONS down column 8 (S on J8, no
    premium: 8 points); the reference is the full word's first square (8D) or the first
    written letter's (8I, the N). SONS across row L is another prolongation ...NS could
    mean, but only with a horizontal reference."""
    t = turn(board=MAISON_DOWN)
    for text in ("8D ...NS 8", "8I ...NS 8"):
        d = decide(text, t)
        assert summary(d) == (8, "none", "8D MAISONS"), text
    assert decide("8J ...NS 8", t).sanction is S.NOT_WRITTEN_IN_FULL
    assert summary(decide("L2 ...NS 4", t)) == (4, "none", "L2 SONS")


def test_004_3_2_2_partial_word_reference_must_follow_the_word_direction() -> None:
    """3.2.2: H4 is horizontal; MAISON's prolongation ...NS is horizontal, the vertical
    reference 4H designates no prolongation."""
    assert decide("4H ...NS 8").sanction is S.NOT_WRITTEN_IN_FULL
    assert decide("9H ...NS 8").sanction is S.NOT_WRITTEN_IN_FULL


# -- 3.1 and 4.3: blanks (circled letters) ----------------------------------------------------


def test_004_4_3_circling_more_blanks_than_the_draw_holds_is_not_exact() -> None:
    """3.1 and 4.3: a circle marks the letter a blank stands for. The draw ARSTU?L holds one
    blank; rUSe circles two letters: at most one of the circles can be right, so it is the
    warning for a wrong letter circled, and the word is read with the E as the blank (the
    only reading the draw allows): R 1 + U 2 (G7 double) + S 1 + e 0 = 4. Read as exact,
    both circles would be blanks and score 3 without a warning."""
    d = decide("7F rUSe 3", turn(draw="ARSTU?L"))
    assert summary(d) == (4, "wrong_letter_circled", "7F RUSe")
    assert french(d.explanation) == (
        "Référence 7F : 7F RUSe = 4 ; avertissement : Lettre entourée autre que celle dont "
        "le joker tient lieu (004 4.3)"
    )


def test_004_4_3_two_circles_one_blank_with_every_letter_in_the_draw() -> None:
    """4.3: with AERSTU? every letter of RUSE is in the draw; circling two letters (one
    blank) is a wrong circle, read with no blank at all (fewest blanks): 6 points."""
    d = decide("7F rUSe 6", turn(draw="AERSTU?"))
    assert summary(d) == (6, "wrong_letter_circled", "7F RUSE")


def test_004_4_3_first_move_all_letters_circled_with_one_blank() -> None:
    """4.3 on the first move: four circles, one blank: a wrong circle, the best placement
    of the word read with natural letters: (1 + 1 + 1 + 1) x 2 = 8."""
    d = decide("ruse 8", turn(board=EMPTY, number=1))
    assert summary(d) == (8, "wrong_letter_circled", "H5 RUSE")


def test_004_4_3_circle_on_a_letter_already_on_the_board_is_ignored() -> None:
    """4.3: no circle is due on a letter of the board ("sauf si le joker est déjà posé sur la
    grille"); a circle written on the S of H7 (a board tile) is not a blank of this move."""
    d = decide("7F RUsE 6", turn(draw="AERSTU?"))
    assert summary(d) == (6, "none", "7F RUSE")


def test_004_4_3_circled_letter_given_apart_that_is_not_in_the_word() -> None:
    """4.3: a circled letter that is not the one the blank stands for; the blank is read
    where the draw needs it (the E): 4 points and the warning."""
    d = decide("7F RUSE 4 joker Z", turn(draw="ARSTU?L"))
    assert summary(d) == (4, "wrong_letter_circled", "7F RUSe")


def test_004_4_3_circled_letter_without_a_blank_in_the_draw() -> None:
    """4.3: the draw AERSTUL has no blank: a circled U is a circle on a letter no blank
    stands for; the word scores its natural 6 with the warning."""
    d = decide("7F RUSE 6 joker U", turn(draw="AERSTUL"))
    assert summary(d) == (6, "wrong_letter_circled", "7F RUSE")


def test_004_4_3_blank_not_circled_is_read_with_the_blank_the_draw_needs() -> None:
    """4.3: no circle, but the draw ARSTU?L has no E: the E is the blank, not circled:
    4 points and the warning for a blank not circled."""
    d = decide("7F RUSE 4", turn(draw="ARSTU?L"))
    assert summary(d) == (4, "blank_not_circled", "7F RUSe")
    assert french(d.explanation).endswith("avertissement : Lettre du joker non entourée (004 4.3)")


def test_004_4_2_circled_letters_cannot_make_a_word_the_draw_lacks() -> None:
    """4.2: at 7F, RUSES takes the S of H7 from the board and needs another S on J7; the draw
    AERTULO has none and no blank: the word cannot be formed, circle or not."""
    for text in ("7F RUSES 7", "7F RUSEs 6"):
        d = decide(text, turn(draw="AERTULO"))
        assert summary(d) == (0, "letters_not_in_draw", None), text
        assert french(d.explanation) == (
            "Mot ne pouvant être formé avec les lettres du tirage (004 4.2)"
        )


# -- 3.2.1 and 4.3: the first move (ruling Duplicate 7) --------------------------------------


def test_004_4_3_first_move_gets_the_best_placement_with_or_without_reference() -> None:
    """3.2.1: on the first move the reference is optional; 4.3: the player gets the score of
    the most favourable placement. RUSE through H8 (double word) scores 8 wherever it starts;
    the horizontal placement from H5 is the one recorded."""
    t = turn(board=EMPTY, number=1)
    for text in ("RUSE 8", "H8 RUSE 8", "8H RUSE 8"):
        d = decide(text, t)
        assert summary(d) == (8, "none", "H5 RUSE"), text
        assert french(d.explanation) == "Premier coup : meilleur placement H5 RUSE = 8"
    missing = decide("RUSE", t)
    assert summary(missing) == (8, "score_missing", "H5 RUSE")
    assert french(missing.explanation) == (
        "Premier coup : meilleur placement H5 RUSE = 8 ; avertissement : Score absent (004 4.3)"
    )


def test_004_4_3_first_move_circled_blank_counts_zero() -> None:
    """4.3: a circled E is the blank (0 points): (1 + 1 + 1 + 0) x 2 = 6; a claimed 8 is a
    score error."""
    d = decide("RUSe 8", turn(board=EMPTY, number=1))
    assert summary(d) == (6, "score_wrong", "H5 RUSe")


def test_004_3_3_2_first_move_must_be_written_in_full() -> None:
    """3.3.2: only the prolongation of a word on the board may be written in part; on the
    first move there is none."""
    d = decide("...RUSE 8", turn(board=EMPTY, number=1))
    assert summary(d) == (0, "not_written_in_full", None)
    assert french(d.explanation) == "Mot non écrit en entier (3.3.2)"


def test_004_4_2_first_move_word_not_admitted_names_the_word() -> None:
    """4.2 and 4.6: a word not admitted on the first move is a nullity naming the word, with
    what it would have scored at its best place: (1 + 1 + 1 + 1) x 2 = 8."""
    d = decide("RUSA 8", turn(board=EMPTY, number=1))
    assert (d.score, d.sanction.code, d.invalid_word, d.proposed_score) == (
        0,
        "invalid_word",
        "RUSA",
        8,
    )
    assert d.move is not None and d.move.word == "RUSA"


def test_004_4_2_first_move_letters_not_in_draw() -> None:
    """4.2: RUSES needs two S; AERSTUL has one and no blank."""
    d = decide("RUSES 10", turn(board=EMPTY, draw="AERSTUL", number=1))
    assert summary(d) == (0, "letters_not_in_draw", None)


# -- 3.3.2: which words a partial word may prolong ---------------------------------------------

# MAISON across row H from H4; SON across row L from L2 and TAS across row L from L8.
TWO_ROWS = "15/15/15/15/15/15/15/3MAISON6/15/15/15/1SON3TAS5/15/15/15"
# MAISON across row A from A1 and down column 1 from A1; MAISON across row O from O10.
EDGES = "MAISON9/A14/I14/S14/O14/N14/15/15/15/15/15/15/15/15/9MAISON"


def test_004_3_3_2_partial_word_may_prolong_any_word_of_three_letters_or_more() -> None:
    """3.3.2: ...NS prolongs MAISON (row H) or SON (row L, three letters): the reference
    says which. SONS from L2: 1 + 1 + 1 + 1 = 4; MAISONS from H4: 8."""
    t = turn(board=TWO_ROWS)
    assert summary(decide("L2 ...NS 4", t)) == (4, "none", "L2 SONS")
    assert summary(decide("H4 ...NS 8", t)) == (8, "none", "H4 MAISONS")


def test_004_3_3_2_second_word_of_a_row_may_be_prolonged() -> None:
    """3.3.2: TAS stands after SON in row L; ...SSE prolongs it into TASSE from L8, the E on
    L12 (double word): (1 + 1 + 1 + 1 + 1) x 2 = 10."""
    d = decide("L8 ...SSE 10", turn(board=TWO_ROWS))
    assert summary(d) == (10, "none", "L8 TASSE")
    assert french(d.explanation) == "Prolongement L8 : L8 TASSE = 10"


def test_004_3_3_2_partial_word_before_is_completed_in_front() -> None:
    """3.3.2: ST... written before TAS ends with the T of TAS: the formed word is STAS, from
    L7, which is not admitted (4.2), whatever the mode of reference."""
    t = turn(board=TWO_ROWS)
    for text in ("ST... 5 raccord TAS", "L7 ST... 5"):
        d = decide(text, t)
        assert (d.sanction.code, d.invalid_word, str(d.move)) == (
            "invalid_word",
            "STAS",
            "L7 STAS",
        ), text


def test_004_3_3_2_the_written_letters_must_prolong_the_word() -> None:
    """3.3.2: ...ON repeats the end of MAISON and adds nothing: no word is prolonged, it is a
    word not written in full."""
    t = turn(draw="AENRSTU")
    by_letters = decide("...ON 7 raccord SON", t)
    assert summary(by_letters) == (0, "not_written_in_full", None)
    assert french(by_letters.explanation) == (
        "Mot non écrit en entier : aucun mot de la grille n'est prolongé (3.3.2)"
    )
    by_reference = decide("H4 ...ON 7", t)
    assert summary(by_reference) == (0, "not_written_in_full", None)
    assert french(by_reference.explanation) == (
        "Mot non écrit en entier : aucun mot de la grille n'est prolongé (004 4.2, 3.3.2)"
    )


def test_004_3_3_2_one_letter_of_the_word_next_to_the_prolongation_is_enough() -> None:
    """3.3.2: "au moins une lettre du mot formé attenante à la prolongation": ...NNE shows
    the N of MAISON: MAISONNE from H4, N and E new on H10 and H11: 2 + 1 x 7 = 9."""
    t = turn(draw="AENRSTU")
    for text in ("H4 ...NNE 9", "...NNE 9 raccord SON"):
        assert summary(decide(text, t)) == (9, "none", "H4 MAISONNE"), text


def test_004_3_3_2_words_at_the_edges_of_the_grid() -> None:
    """3.3.2: the words of the grid's first row and first column are prolonged like any
    other; a prolongation beyond the last column is a placement fault (4.2)."""
    t = turn(board=EDGES)
    assert summary(decide("A1 ...NS 8", t)) == (8, "none", "A1 MAISONS")
    assert summary(decide("1A ...NS 8", t)) == (8, "none", "1A MAISONS")
    for inside in ("A2", "2A"):
        d = decide(f"{inside} ...NS 8", t)
        assert french(d.explanation) == (
            "Mot non écrit en entier : aucun mot de la grille n'est prolongé (004 4.2, 3.3.2)"
        ), inside
    beyond = decide("O10 ...NS 8", t)
    assert summary(beyond) == (0, "misplaced", None)
    assert french(beyond.explanation) == "Placement non conforme (004 4.2)"


def test_004_4_2_prolongation_with_letters_not_in_the_draw_or_not_admitted() -> None:
    """4.2: the prolongation obeys the same nullities as a full word: letters not in the
    draw (no S in AERTULO), or a formed word not admitted (MAISONE, which would score 8)."""
    missing = decide("H4 ...NS 8", turn(draw="AERTULO"))
    assert summary(missing) == (0, "letters_not_in_draw", None)
    refused = decide("H4 ...NE 8", turn(draw="AERSTUL"))
    assert (refused.sanction.code, refused.invalid_word, refused.proposed_score) == (
        "invalid_word",
        "MAISONE",
        8,
    )
    assert str(refused.move) == "H4 MAISONE"


# -- 4.3: the first move's most favourable placement ------------------------------------------


def test_004_4_3_first_move_most_favourable_placement_uses_the_double_letter() -> None:
    """4.3: "le placement le plus avantageux": MAISON through H8 scores most with its M (2)
    on the double letter H4: (4 + 1 + 1 + 1 + 1 + 1) x 2 = 18."""
    d = decide("MAISON 18", turn(board=EMPTY, draw="MAISONT", number=1))
    assert summary(d) == (18, "none", "H4 MAISON")
    assert french(d.explanation) == "Premier coup : meilleur placement H4 MAISON = 18"


# -- 3.3.4: several places, the claimed score or the minimum -----------------------------------


def test_004_3_3_4_claimed_score_designates_the_place() -> None:
    """3.3.4: RUSES through either S of MAISONS scores 9 only from 10F: the claimed 9
    designates it; no note of several places."""
    d = decide("RUSES 9 raccord ONS", turn(board=MAISONS))
    assert summary(d) == (9, "none", "10F RUSES")
    assert french(d.explanation) == "Raccord ONS : 10F RUSES = 9"


def test_004_3_3_4_no_claimed_score_gets_the_minimum_with_the_warning() -> None:
    """3.3.4 and 4.3: TES connected by E S on a board holding only ES fits nine places
    (3 to 9 points); with no score written, the minimum (3) and the warning for a missing
    score. Of the two places worth 3, 8G is recorded."""
    d = decide("TES raccord ES", turn(board=ES, draw="AERSTUL"))
    assert summary(d) == (3, "score_missing", "8G TES")
    assert french(d.explanation) == (
        "Raccord ES : 8G TES = 3 (plusieurs placements possibles, score minimum, 3.3.4) ; "
        "avertissement : Score absent (004 4.3)"
    )
    assert len(d.candidates) == 9


def test_004_4_3_score_error_on_a_located_word() -> None:
    """4.3: one place, a wrong score: the real score and the warning, no note of several
    places."""
    d = decide("7F RUSE 8")
    assert french(d.explanation) == (
        "Référence 7F : 7F RUSE = 6 ; avertissement : Erreur de calcul des points (004 4.3)"
    )
    assert d.candidates == ()
    zero = decide("7F RUSE 0")
    assert summary(zero) == (6, "score_wrong", "7F RUSE")


def test_004_4_2_misplaced_word_has_no_proposed_score() -> None:
    """4.6: only a word not admitted carries the score it would have had (for a later
    compensation); a misplaced word does not."""
    data = decide("7E RUSE 6").to_json()
    assert data["sanction"]["code"] == "misplaced"  # type: ignore[index]
    assert "proposed_score" not in data and "invalid_word" not in data


# -- 5.3: the arbiters' override ---------------------------------------------------------------


def test_004_5_3_override_records_author_and_reason() -> None:
    """5.3: the arbiters may change a decision; the new decision keeps who and why, and a
    score of zero is a decision like another; a negative score, or a missing author or
    reason, is refused."""
    d = override(decide("7F RUSA 5"), 0, S.NOT_CONNECTED, "  Chantal (JA) ", " recours rejeté ")
    assert (d.score, d.sanction, d.overridden_by, d.override_reason) == (
        0,
        S.NOT_CONNECTED,
        "Chantal (JA)",
        "recours rejeté",
    )
    assert french(d.explanation) == "Décision modifiée par Chantal (JA) : recours rejeté"
    assert d.invalid_word == "RUSA"
    for author, reason in (("", "raison"), ("Chantal", " "), (" ", "")):
        with pytest.raises(ValueError):
            override(d, 5, S.NONE, author, reason)
    with refused(DecisionError, r"^un score ne peut pas être négatif \(-1\)$", "fr"):
        override(d, -1, S.NONE, "Chantal", "raison")


# -- 3.3.1 and 4.3: connecting letters -------------------------------------------------------


def test_004_3_3_1_three_connecting_letters_locate_the_word() -> None:
    """3.3.1: a connecting letter is in the word (S of H7), next to it, or next to another
    connecting letter (I, then A): AIS locates RUSE at 7F, 6 points, no sanction."""
    d = decide("RUSE 6 raccord ASI", turn(draw="AERSTUL"))
    assert summary(d) == (6, "none", "7F RUSE")
    assert french(d.explanation) == "Raccord ASI : 7F RUSE = 6"


def test_004_4_3_two_connecting_letters_is_a_warning() -> None:
    """4.3: from the second move, two connecting letters instead of three is a warning; the
    word keeps its score."""
    d = decide("RUSE 6 raccord AI", turn(draw="AERSTUL"))
    assert summary(d) == (6, "two_anchor_letters", "7F RUSE")
    assert french(d.explanation) == (
        "Raccord AI : 7F RUSE = 6 ; avertissement : Raccord de deux lettres au lieu de trois "
        "(004 4.3, 3.3.1)"
    )


def test_004_4_2_one_connecting_letter_is_not_a_connection() -> None:
    """4.2: fewer than two connecting letters: the word is not correctly connected."""
    d = decide("RUSE 6 raccord S", turn(draw="AERSTUL"))
    assert summary(d) == (0, "not_connected", None)
    assert french(d.explanation) == "Aucun emplacement ne correspond au raccord S (004 4.2, 3.3)"


def test_004_4_3_two_connecting_letters_suffice_after_a_first_word_of_two_letters() -> None:
    """4.3: "sauf si le mot placé au premier coup ne comporte que deux lettres": with only ES
    on the board, E S are a full connection (no warning); one letter is still too few."""
    t = turn(board=ES, draw="AERSTUL")
    d = decide("TES 3 raccord ES", t)
    assert d.score == 3 and d.sanction is S.NONE
    assert decide("TES 3 raccord E", t).sanction is S.NOT_CONNECTED


def test_004_3_3_4_more_connecting_letters_than_needed_can_leave_several_places() -> None:
    """3.3.4: N O S are connecting letters both for RUSE at 7F (through the S, next to O and
    N in turn) and at 10F (next to N, O, S in a chain): 6 or 14 points. The claimed 6
    designates 7F."""
    d = decide("RUSE 6 raccord NOS", turn(draw="AERSTUL"))
    assert summary(d) == (6, "none", "7F RUSE")
    assert [str(m) for m in d.candidates] == ["10F RUSE", "7F RUSE"]


def test_004_3_3_3_parasite_letters_do_not_count() -> None:
    """3.3.3: a letter that cannot be a connecting letter does not exist: S O S has one S
    too many, so it counts as two letters, the warning of 4.3."""
    d = decide("RUSE 6 raccord SOS", turn(draw="AERSTUL"))
    assert summary(d) == (6, "two_anchor_letters", "7F RUSE")


def test_004_3_3_2_prolongation_with_connecting_letters_that_match_nothing() -> None:
    """3.3.2 and 4.2: ...SSE prolongs TAS, but X Y Z connect nothing: not connected; ...XYZ
    prolongs no word at all: not written in full."""
    t = turn(board=TWO_ROWS)
    d = decide("...SSE 10 raccord XYZ", t)
    assert summary(d) == (0, "not_connected", None)
    d = decide("...XYZ 10 raccord SON", t)
    assert summary(d) == (0, "not_written_in_full", None)
    assert summary(decide("...SSE 10 raccord TAS", t)) == (10, "none", "L8 TASSE")


def test_004_3_1_from_the_second_move_a_reference_is_required() -> None:
    """3.1: from the second move the player locates the word by a reference or by
    connecting letters; a word with neither is not connected."""
    d = decide("RUSE 6")
    assert summary(d) == (0, "not_connected", None)
    assert french(d.explanation) == "Ni référence alphanumérique ni lettres de raccord (3.1)"


# -- 3.4: both modes of reference -----------------------------------------------------------


def test_004_3_4_both_modes_right_is_no_fault() -> None:
    """3.4: both modes used and both right: the word scores, no sanction."""
    d = decide("7F RUSE 6 raccord AIS", turn(draw="AERSTUL"))
    assert summary(d) == (6, "none", "7F RUSE")
    assert french(d.explanation) == "Deux modes de référence (3.4, 4.5). Référence 7F : 7F RUSE = 6"


def test_004_3_4_a_nullity_in_either_mode_is_the_decision() -> None:
    """3.4: "il est sanctionné même si l'une des références est correcte": wrong connecting
    letters, or a wrong reference with right letters, make the nullity."""
    t = turn(draw="AERSTUL")
    d = decide("7F RUSE 6 raccord XYZ", t)
    assert summary(d) == (0, "not_connected", None)
    assert french(d.explanation) == (
        "Deux modes de référence (3.4) : Aucun emplacement ne correspond au raccord XYZ "
        "(004 4.2, 3.3)"
    )
    d = decide("7E RUSE 6 raccord AIS", t)
    assert summary(d) == (0, "misplaced", None)
    assert (
        french(d.explanation) == "Deux modes de référence (3.4) : Placement non conforme (004 4.2)"
    )


def test_004_4_5_both_modes_keep_the_minimal_solution() -> None:
    """4.5: located by both modes, only the minimal solution is kept: 7F designates RUSES
    for 7 points where the connecting letters O N S with the claimed 9 designate 10F: 7,
    with the score warning."""
    d = decide("7F RUSES 9 raccord ONS", turn(board=MAISONS))
    assert summary(d) == (7, "score_wrong", "7F RUSES")


def test_004_4_4_both_modes_give_one_warning_named_in_the_explanation() -> None:
    """4.4: one warning per move. Two connecting letters (raccord I S) and a wrong score at
    7F: one warning, the connecting one first (docs: order of the warnings), and the
    explanation names the warning given."""
    d = decide("7F RUSE 8 raccord IS", turn(draw="AERSTUL"))
    assert summary(d) == (6, "two_anchor_letters", "7F RUSE")
    assert d.warnings == 1
    assert french(d.explanation) == (
        "Deux modes de référence (3.4, 4.5). Référence 7F : 7F RUSE = 6 ; avertissement : "
        "Raccord de deux lettres au lieu de trois (004 4.3, 3.3.1)"
    )


# -- 4.4: one warning per move ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, draw, expected",
    [
        ("F7 RUSE 8 sens:v", "AERSTUL", (6, "reference_or_direction_reversed", "7F RUSE")),
        ("RUSE 6 raccord IS", "ARSTU?L", (4, "two_anchor_letters", "7F RUSe")),
        ("7F rUSE 6", "ARSTU?L", (4, "wrong_letter_circled", "7F RUSe")),
        ("7F RUSE", "ARSTU?L", (4, "blank_not_circled", "7F RUSe")),
        ("7F RUSE", "AERSTUL", (6, "score_missing", "7F RUSE")),
    ],
)
def test_004_4_4_several_faults_give_one_warning(
    text: str, draw: str, expected: tuple[int, str, str]
) -> None:
    """4.4: "un joueur ne peut recevoir plus d'un avertissement": a ballot with two faults
    gets one warning, in the order reference or direction, connecting letters, wrong
    circle, blank not circled, score error, score missing."""
    d = decide(text, turn(draw=draw))
    assert summary(d) == expected
    assert d.warnings == 1


def test_004_4_4_disciplinary_warning_adds_to_a_warning_or_a_nullity() -> None:
    """4.4: the disciplinary warning is the exception: it adds to another warning or to a
    zero."""
    assert decide("7F RUSE 8 +disc").warnings == 2
    assert decide("7F RUSE 6 +disc").warnings == 1
    assert decide("aucun +disc").warnings == 1
    assert decide("7F RUSE 6").warnings == 0


# -- 4.5: several solutions -----------------------------------------------------------------


def test_004_4_5_several_solutions_keep_the_minimal_one() -> None:
    """4.5: of two solutions only the minimal is kept, and the slip says so."""
    d = decide("10F RUSES 9 / 7F RUSES 7", turn(board=MAISONS))
    assert summary(d) == (7, "none", "7F RUSES")
    assert french(d.explanation) == (
        "Plusieurs solutions : la plus faible est retenue (4.5). Référence 7F : 7F RUSES = 7"
    )


def test_004_4_5_a_nullity_is_below_a_solution_worth_zero() -> None:
    """4.5: on the first move two blanks placed as ES score 0; beside a word not admitted
    (also 0), the minimal solution is the nullity."""
    t = turn(board=EMPTY, draw="RUSA??T", number=1)
    assert summary(decide("es 0", t))[:2] == (0, "none")
    for text in ("es 0 / RUSA 8", "RUSA 8 / es 0"):
        d = decide(text, t)
        assert (d.score, d.sanction.code, d.invalid_word) == (0, "invalid_word", "RUSA"), text


# -- 4.6: compensation of a repeated word after a late slip ------------------------------------


def test_004_4_6_compensation_only_for_the_same_refused_word_after_a_late_slip() -> None:
    """4.6: no new nullity counted against the player who repeats a word refused earlier
    when the slip came late: the decision is marked for compensation. Not for another
    word, not without a late slip, never for another fault."""
    t = turn(draw="AERSTUL", refused_words=frozenset({"RUSA"}))
    assert decide("7F RUSA 5 +tardif", t).compensation
    assert not decide("7F RUSA 5", t).compensation
    other = turn(draw="AERSTUL", refused_words=frozenset({"MAISONE"}))
    assert not decide("7F RUSA 5 +tardif", other).compensation
    assert not decide("7F RUSE 6 +tardif", t).compensation
    assert not decide("7E RUSE 6 +tardif", t).compensation


# -- top and bare scores typed by the arbiter ---------------------------------------------------


def test_004_top_ballot_gets_the_top() -> None:
    """A ballot marked as the retained top scores the top, with its move; it needs the top
    to be known."""
    top = Board.from_text(MAISON).score(Move.parse("7F RUSE"), WORDS)
    d = decide("top", turn(top=top))
    assert summary(d) == (6, "none", "7F RUSE")
    assert french(d.explanation) == "Top"
    with refused(DecisionError, r"^le top du coup 2 n'est pas connu$", "fr"):
        decide("top", turn(top=None))


def test_004_bare_score_up_to_the_top_is_accepted() -> None:
    """A score typed by the arbiter is the score of the move, at most the top (a score
    above the top is a typing error)."""
    top = Board.from_text(MAISON).score(Move.parse("7F RUSE"), WORDS)
    d = decide("6", turn(top=top))
    assert (d.score, d.sanction.code, french(d.explanation)) == (
        6,
        "none",
        "Score saisi par l'arbitre",
    )
    assert decide("7", turn(top=None)).score == 7
    with refused(DecisionError, r"^score 7 supérieur au top \(6\) : vérifiez la saisie$", "fr"):
        decide("7", turn(top=top))


# -- 3.3.1: what a connecting letter may be -----------------------------------------------------

# MAISON across row A from A1 only; MAISON down column 1 from A1 only.
TOP_ROW = "MAISON9/15/15/15/15/15/15/15/15/15/15/15/15/15/15"
LEFT_COLUMN = "M14/A14/I14/S14/O14/N14/15/15/15/15/15/15/15/15/15"


def test_004_3_3_1_connecting_letters_designate_the_place_of_the_word() -> None:
    """3.3.1: a connecting letter is in the word, next to it, or next to another connecting
    letter. With S and M, RUSE at 7F has one (M is neither next to it nor next to a written
    connecting letter: I and A are not written); across row G from G4 it has both (M under
    the R, S under the E). The letters designate G4, where R over M forms RM, a word not
    admitted (4.2)."""
    d = decide("RUSE 6 raccord SM", turn(draw="AERSTUL"))
    assert (d.score, d.sanction.code, str(d.move), d.invalid_word) == (
        0,
        "invalid_word",
        "G4 RUSE",
        "RM",
    )


@pytest.mark.parametrize("board, move", [(TOP_ROW, "7A SE"), (LEFT_COLUMN, "G1 SE")])
def test_004_3_3_1_connecting_letters_on_the_edge_rows_of_the_grid(board: str, move: str) -> None:
    """3.3.1: SE whose S makes MAISONS, connected by N O S of MAISON, in the first row or the
    first column: SE 2 + MAISONS 8 = 10."""
    d = decide("SE 10 raccord NOS", turn(board=board, draw="AERSTUL"))
    assert summary(d) == (10, "none", move)


# -- 4.2 and 4.3: reference and direction of writing ---------------------------------------------


def test_004_4_3_direction_of_writing_that_agrees_is_no_fault() -> None:
    """4.3: the warning is for a reference or a direction reversed; 7F written vertically
    agrees with its reference: no warning."""
    d = decide("7F RUSE 6 sens:v", turn(draw="AERSTUL"))
    assert summary(d) == (6, "none", "7F RUSE")
    d = decide("F7 RUSE 6 sens:v", turn(draw="AERSTUL"))
    assert summary(d) == (6, "reference_or_direction_reversed", "7F RUSE")


def test_004_4_2_reference_and_direction_both_reversed() -> None:
    """4.2: reference and direction both inverted: F7 TAS (horizontal, not connected) is
    legal only as 7F TAS, two tiles placed: the nullity, its reason on the slip."""
    d = decide("F7 TAS 3", turn(draw="AERSTUL"))
    assert summary(d) == (0, "reference_and_direction_swapped", None)
    assert french(d.explanation) == "Référence alphanumérique et sens du mot inversés (004 4.2)"


# E on H8 and A on I8 below it; U on G9.
ONE_TILE = "15/15/15/15/15/15/8U6/7E7/7A7/15/15/15/15/15/15"


def test_004_4_2_a_single_tile_forming_two_words_is_no_inversion() -> None:
    """4.2, exception: "sauf dans le cas de la pose sur la grille d'une seule lettre formant
    simultanément un mot horizontal et vertical": an S on H9 makes ES across and US down;
    8H ES is not the inversion nullity."""
    d = decide("8H ES 2", turn(board=ONE_TILE, draw="AERSTUL"))
    assert d.sanction is not S.REFERENCE_AND_DIRECTION_SWAPPED
    assert summary(d) == (0, "misplaced", None)


def test_004_4_2_the_most_telling_fault_of_a_reversed_reading() -> None:
    """4.2 with 4.3: F7 written vertically may be read either way; across it is not
    connected, down it is RUSA, not admitted: the slip names the word."""
    d = decide("F7 RUSA 6 sens:v", turn(draw="AERSTUL"))
    assert (d.sanction.code, d.invalid_word) == ("invalid_word", "RUSA")


def test_004_3_3_1_connecting_letters_next_to_the_word_on_any_side() -> None:
    """3.3.1: "adjacente par un de ses côtés": with only ES on the board (E H8, S H9), E S
    connect TU wherever the word touches them: T left of E (7H, TES across), T above E
    (G8, TE and US down), T under S (I9, ST down). Scores: 7H 3 + TES 3 = 6; G8 TU 3 (U on
    the double letter G9) + TE 2 + US 3 = 8; I9 TU 3 (T on the double letter I9) + ST 3 =
    6. The claimed 8 designates G8 (3.3.4)."""
    t = turn(board=ES, draw="AERSTUL")
    d = decide("TU 8 raccord ES", t)
    assert summary(d) == (8, "none", "G8 TU")
    assert [str(m) for m in d.candidates] == ["7H TU", "G8 TU", "I9 TU"]
    d = decide("UT raccord ES", t)
    assert [str(m) for m in d.candidates] == ["7G UT", "G7 UT", "G9 UT", "I7 UT"]


def test_004_3_3_4_two_places_two_scores_none_claimed_right() -> None:
    """3.3.4: N O S fit RUSE at 7F (6) and at 10F (14); a claimed 8 designates neither: the
    minimum, 6, with the score warning, and the slip says why."""
    d = decide("RUSE 8 raccord NOS", turn(draw="AERSTUL"))
    assert summary(d) == (6, "score_wrong", "7F RUSE")
    assert french(d.explanation) == (
        "Raccord NOS : 7F RUSE = 6 (plusieurs placements possibles, score minimum, 3.3.4) ; "
        "avertissement : Erreur de calcul des points (004 4.3)"
    )


def test_004_4_2_vertical_reference_for_a_word_legal_only_across() -> None:
    """4.2: 2H (vertical) with REMAISON written vertically: the word stands only across, from
    H2, two tiles placed: reference and direction both inverted, the nullity."""
    d = decide("2H REMAISON 9", turn(draw="AERSTUE"))
    assert summary(d) == (0, "reference_and_direction_swapped", None)


def test_004_3_3_2_partial_word_before_a_vertical_word() -> None:
    """3.3.2: REM... before the vertical MAISON (column 8 from D8) is REMAISON from B8, by
    its reference or by connecting letters: R 1 + E 1 + MAISON 7 = 9 (no premium on B8, C8)."""
    t = turn(board=MAISON_DOWN, draw="AERSTUE")
    for text in ("8B REM... 9", "REM... 9 raccord MAI"):
        assert summary(decide(text, t)) == (9, "none", "8B REMAISON"), text


def test_004_3_3_2_no_prolongation_before_the_first_square_of_the_grid() -> None:
    """3.3.2: MAISON starts on A1: nothing can be written before it; REM... prolongs no word
    of the grid."""
    d = decide("REM... 9 raccord MAI", turn(board=TOP_ROW, draw="AERSTUE"))
    assert summary(d) == (0, "not_written_in_full", None)
    assert french(d.explanation) == (
        "Mot non écrit en entier : aucun mot de la grille n'est prolongé (3.3.2)"
    )


# E on H8, S on H9, E on H10.
ESE = "15/15/15/15/15/15/15/7ESE5/15/15/15/15/15/15/15"


def test_004_3_3_1_a_letter_written_once_connects_once() -> None:
    """3.3.1: "le joueur indique trois lettres minimum": US down from G9 (U on the double
    letter: 2 + 1 = 3) touches the S and both E; E S written counts two letters (the
    warning of 4.3), E S E written counts three."""
    t = turn(board=ESE, draw="AERSTUL")
    assert summary(decide("US 3 raccord ES", t)) == (3, "two_anchor_letters", "9G US")
    assert summary(decide("US 3 raccord ESE", t)) == (3, "none", "9G US")


# -- 5.3: a word accepted on appeal ---------------------------------------------------------


def test_004_5_3_word_accepted_on_appeal_is_valid_for_the_ballot() -> None:
    """5.3: a player appeals the nullity of RUSA (missing from the list); once the appeal
    accepts the word, the same ballot scores the 6 points it claims (its score when the word
    is not checked, test_004_4_6 above) with no sanction."""
    refused_first = decide("7F RUSA 6")
    assert refused_first.sanction is S.INVALID_WORD and refused_first.score == 0
    from arbitre.duplicate.decision import refused_for, with_accepted_words

    assert refused_for(refused_first, "rusa") and not refused_for(refused_first, "RUSE")
    accepted = decide("7F RUSA 6", with_accepted_words(turn(), ["rusa"]))
    assert summary(accepted) == (6, "none", "7F RUSA")
    # the word list itself is still read: a word neither listed nor accepted stays refused
    other = decide("7F RUSA 6", with_accepted_words(turn(), ["RUSE"]))
    assert other.sanction is S.INVALID_WORD
    # no word accepted: the turn is the same turn
    assert with_accepted_words(turn(), []) == turn()


def test_004_5_3_only_a_missing_word_nullity_is_reconsidered_by_the_appeal() -> None:
    """5.3 accepts a word; a ballot refused for another reason (letters not in the draw,
    4.2) is not a ballot "with that word" and keeps its nullity."""
    from arbitre.duplicate.decision import refused_for

    not_in_draw = decide("7F RUZA 6")
    assert not refused_for(not_in_draw, "RUZA")


def test_004_5_3_a_nullity_stored_without_its_word_is_no_ballot_with_the_word() -> None:
    """A decision for a word not admitted that was stored without the word (an override,
    an old record) names no word: no appeal re-judges it, whatever the word accepted."""
    from arbitre.duplicate.decision import refused_for

    wordless = Decision(0, S.INVALID_WORD)
    assert not any(refused_for(wordless, w) for w in ("XXXX", "RUSA"))
