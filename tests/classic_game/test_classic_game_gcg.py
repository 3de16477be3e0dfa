"""GCG records: coordinates, reading, writing, round trips and replays (issue 12, item 7)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.classic.game import Bag, ClassicGame, Overdraw, Sanction, gcg
from arbitre.classic.game.replay import ReplayError, replay
from arbitre.common.messages import Message
from arbitre.i18n import word as say
from arbitre.scrabble.move import Move
from tests.classic_game.classic_words import phony_lexicon, small_lexicon
from tests.support import refuses


def test_french_and_gcg_coordinates() -> None:
    assert gcg.french_to_gcg("H4") == "8D"  # horizontal: row number then column letter
    assert gcg.french_to_gcg("4H") == "D8"  # vertical: column letter then row number
    assert gcg.gcg_to_french("8D") == "H4" and gcg.gcg_to_french("D8") == "4H"
    assert gcg.french_to_gcg("A1") == "1A" and gcg.french_to_gcg("15O") == "O15"
    assert gcg.parse_gcg_position("8H") == (7, 7, True)
    assert gcg.parse_gcg_position("H8") == (7, 7, False)
    with pytest.raises(gcg.GcgError):
        gcg.parse_gcg_position("16A")
    with pytest.raises(gcg.GcgError):
        gcg.french_to_gcg("P1")


@given(st.integers(0, 14), st.integers(0, 13), st.booleans())
def test_coordinates_round_trip_against_move(row: int, col: int, horizontal: bool) -> None:
    if not horizontal:
        row, col = col, row  # the word's length runs along the other axis
    french = Move(row, col, horizontal, "AA")
    gcg_coordinate = gcg.french_to_gcg(french.coordinate)
    assert gcg.gcg_to_french(gcg_coordinate) == french.coordinate
    assert gcg.parse_gcg_position(gcg_coordinate) == (row, col, horizontal)
    parsed = Move.parse(f"{french.coordinate} AA")
    assert (parsed.row, parsed.col, parsed.horizontal) == (row, col, horizontal)


SAMPLE = """#character-encoding UTF-8
#player1 X Xavier Dupont
#player2 Y Yves
#description Scrabble classique, profile=ffsc
>Y: ADEINOS 8G DIN +8 8
>X: ADELSUU J4 DUALS +13 13
#note arbitre: challenge Y DINS
>X: ADELSUU -- -13 0
>Y: AEOS??? - +0 8
"""


def test_parse_lines_and_notes() -> None:
    rec = gcg.parse(SAMPLE.replace("???", "EE"))
    assert rec.players == [("X", "Xavier Dupont"), ("Y", "Yves")] and rec.profile == "ffsc"
    move, duals, withdrawn, passed = rec.events
    assert (move.kind, move.row, move.col, move.horizontal, move.word) == (
        "move",
        7,
        6,
        True,
        "DIN",
    )
    assert (duals.row, duals.col, duals.horizontal, duals.word) == (3, 9, False, "DUALS")
    assert duals.arbitre_notes() == [["challenge", "Y", "DINS"]]
    assert (withdrawn.kind, withdrawn.score, withdrawn.total) == ("withdrawn", -13, 0)
    assert passed.kind == "pass"
    other = gcg.parse(
        "#player1 a A\n#player2 b B\n>a: ABC -AB +0 0\n>b: DEF -3 +0 0\n"
        ">a: (DEF) +7 10\n>b: DEF (DEF) -7 -7\n>a: XYZ 8H A(BC)D +9 9\n"
    )
    kinds = [(e.kind, e.exchanged, e.exchange_count, e.score) for e in other.events]
    assert kinds[:4] == [
        ("exchange", "AB", 2, 0),
        ("exchange", "", 3, 0),
        ("end_points", "", 0, 7),
        ("end_rack", "", 0, -7),
    ]
    assert other.events[4].word == "A..D"


@pytest.mark.parametrize(
    "text",
    [
        "#player1 a A\n>a: ABC 8H AB +4 4\n",  # one player only
        "#player1 a A\n#player2 b B\n>c: ABC 8H AB +4 4\n",  # unknown nick
        "#player1 a A\n#player2 b B\n>a: ABC 8Z AB +4 4\n",  # bad coordinate
        "#player1 a A\n#player2 b B\n>a: ABC 8H AB four 4\n",  # bad score
        "#player1 a A\n#player2 b B\nnonsense\n",
    ],
)
def test_bad_records_name_the_problem(text: str) -> None:
    with pytest.raises(gcg.GcgError):
        gcg.parse(text)


def test_replay_of_the_duals_record_with_its_challenge() -> None:
    rec = gcg.parse(SAMPLE.replace("AEOS???", "AEOS"))
    result = replay(rec, small_lexicon())
    game = result.game
    assert [line.ok for line in result.lines] == [True, True, True, True]
    assert game.scores == (0, 8) and game.board.tile_count == 3
    assert result.problems == [Message.of("classic_replay.stops_early")]
    assert say(result.problems[0], "en") == "the record stops before the end of the game"
    assert say(result.problems[0]) == "la feuille s'arrête avant la fin de la partie"


def test_replay_reports_a_wrong_score_and_a_wrong_total() -> None:
    text = SAMPLE.replace("8G DIN +8 8", "8G DIN +10 10").replace("AEOS???", "AEOS")
    result = replay(gcg.parse(text), small_lexicon())
    first = result.lines[0]
    assert not first.ok and first.score == 8 and first.recorded_score == 10
    assert first.problems == [
        Message.of("classic_replay.score", recorded=10, rules=8),
        Message.of("classic_replay.total", recorded=10, rules=8),
    ]
    assert [say(m, "en") for m in first.problems] == [
        "recorded score 10, the rules give 8",
        "recorded total 10, the rules give 8",
    ]
    assert say(first.problems[1]) == "total noté 10, les règles donnent 8"


def test_replay_judges_a_withdrawn_move_without_a_challenge_note() -> None:
    text = SAMPLE.replace("#note arbitre: challenge Y DINS\n", "").replace("AEOS???", "AEOS")
    result = replay(gcg.parse(text), small_lexicon())
    assert all(line.ok for line in result.lines) and result.game.scores == (0, 8)
    # With a word list accepting DINS, the record's withdrawal disagrees with the rules.
    result = replay(gcg.parse(text), phony_lexicon())
    assert result.lines[2].problems[0] == Message.of("classic_replay.withdrawn_valid")
    assert result.game.scores == (13, 8) and not result.ok


def test_replay_refuses_a_turn_out_of_order() -> None:
    text = "#player1 a A\n#player2 b B\n>a: DINEEEE 8G DIN +8 8\n>a: EEEEABC - +0 8\n"
    reason = Message.of("classic_replay.not_turn", player="a")
    with refuses(ReplayError, "classic_replay.line", line=4, reason=reason):
        replay(gcg.parse(text), small_lexicon())
    assert say(Message.of("classic_replay.line", line=4, reason=reason)) == (
        "ligne 4 : ce n'est pas à a de jouer"
    )


def _eventful_game() -> ClassicGame:
    """A game with every kind of line: moves, a pass, an exchange, challenges, penalties."""
    g = ClassicGame(
        small_lexicon(), ("Xavier Dupont", "Yves"), starter=1, seed=5,
        racks=("DUALSEE", "DINAEIO"),
    )  # fmt: skip
    g.play("H7 DIN", announced=8)
    g.play("10D DUALS", announced=13)
    g.challenge(["DINS", "DUALS"])
    g.penalize(0, Sanction.WARNING, "bavardage")
    g.penalize(1, Sanction.POINTS, "attitude")
    g.overdraw(1, 1, Overdraw.SEEN)
    g.pass_turn()
    g.exchange(g.rack(0)[:3])
    for _ in range(6):
        g.pass_turn()
    assert g.over
    return g


def test_gcg_round_trip_of_an_eventful_game() -> None:
    g = _eventful_game()
    text = gcg.write(g)
    assert ">Yves: ADEIINO 8G DIN +8 8" in text  # French H7 is GCG 8G
    assert ">Xavier_Dupont: ADEELSU J4 DUALS +13 13" in text  # 10D is GCG J4, S on DIN
    assert "#note arbitre: challenge Yves DINS DUALS" in text
    assert "#note arbitre: penalty Yves -5 challenge" in text
    assert "#note arbitre: penalty Yves -20 sanction attitude" in text
    assert "#note arbitre: penalty Yves -5 overdraw" in text
    result = replay(gcg.parse(text), small_lexicon())
    assert result.ok, (result.problems, [ln for ln in result.lines if not ln.ok])
    assert gcg.write(result.game) == text
    names = result.game.names
    assert {names[p]: result.game.score(p) for p in (0, 1)} == {
        g.names[p]: g.score(p) for p in (0, 1)
    }


def test_going_out_lines() -> None:
    g = ClassicGame(small_lexicon(), ("a", "b"), starter=0, racks=("DIN", "ZA"), bag=Bag("DINZA"))
    g.play("H7 DIN")
    g.close_challenge_window()
    text = gcg.write(g)
    assert ">a: (AZ) +11 19" in text and ">b: AZ (AZ) -11 -11" in text
    assert text.rstrip().endswith("#note arbitre: result out a")
    # (Replays assume the full bag of 102 tiles: see the self-play tests for games that end
    # by going out.)


def test_loss_by_sanction_survives_the_round_trip() -> None:
    g = ClassicGame(small_lexicon(), ("a", "b"), starter=0, racks=("DINEEEE", "ZAEEIOU"))
    g.play("H7 DIN")
    g.penalize(0, Sanction.LOSS)
    text = gcg.write(g)
    assert text.rstrip().endswith("#note arbitre: result sanction b")
    result = replay(gcg.parse(text), small_lexicon())
    assert result.game.result is not None and result.game.result.winner == 1
    assert result.to_json()["winner"] == "b"


def test_time_incidents_survive_the_round_trip() -> None:
    from arbitre.classic.game import ChessClock, ManualTime, MoveTimer

    t = ManualTime()
    g = ClassicGame(
        small_lexicon(), ("a", "b"), starter=0, racks=("EEEEEEE", "DINSAAA"),
        clock=ChessClock(60, t), seed=3,
    )  # fmt: skip
    g.penalize(0, Sanction.WARNING, "retard")  # before the first move: a header note
    t.advance(61)
    g.check_time()  # a's flag falls: b plays on alone
    g.play("H7 DIN")
    g.pass_turn()
    t.advance(100)
    g.check_time()
    assert g.result is not None and g.result.reason == "time"
    text = gcg.write(g)
    assert text.count("#note arbitre: out-of-time a") == 3  # a passes systematically
    result = replay(gcg.parse(text), small_lexicon())
    assert result.ok, (result.problems, [ln for ln in result.lines if not ln.ok])
    assert gcg.write(result.game) == text and result.game.out_of_time == [True, True]

    t = ManualTime()
    g = ClassicGame(
        small_lexicon(), ("a", "b"), starter=0, racks=("EEEEEEE", "DINSAAA"),
        clock=MoveTimer(30, source=t), seed=3,
    )  # fmt: skip
    t.advance(31)
    g.check_time()
    g.play("H7 DIN")
    text = gcg.write(g)
    assert "#note arbitre: lost-turn" in text
    result = replay(gcg.parse(text), small_lexicon())
    assert [ln.ok for ln in result.lines] == [True, True]
    assert result.game.turns[0].kind == "lost_turn"


@pytest.mark.parametrize(
    ("text", "french"),
    [
        (
            "#player1 a A\n#player2 b B\n>c: ABC 8H AB +4 4\n",
            "ligne 3 : joueur inconnu « c » (déclarez #player1 et #player2)",
        ),
        (
            "#player1 a A\n#player2 b B\n>a: ABC 8Z AB +4 4\n",
            "ligne 3 : la coordonnée « 8Z » n'est pas une coordonnée GCG comme 8D ou D8",
        ),
        (
            "#player1 a A\n#player2 b B\n>a: ABC 16H AB +4 4\n",
            "ligne 3 : coordonnée « 16H » : la rangée 16 n'est pas entre 1 et 15",
        ),
        ("#player1 a A\n#player2 a B\n", "ligne 2 : les deux joueurs ont le même pseudonyme a"),
        ("#player1 a A\n", "une partie GCG demande les lignes #player1 et #player2"),
    ],
)
def test_a_bad_record_is_refused_with_its_line_in_french(text: str, french: str) -> None:
    with pytest.raises(gcg.GcgError) as refused:
        gcg.parse(text)
    assert say(refused.value.message) == french
