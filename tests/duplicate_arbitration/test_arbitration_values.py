"""What the Duplicate engine gives the interfaces: typed values with one ``to_json``, and
messages worded through the catalogue in French (the default) or English."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitre.common.messages import Message
from arbitre.duplicate import sanctions as S
from arbitre.duplicate.announcement import DrawAnnouncement, announce_top, grouped
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.draws import Bag
from arbitre.duplicate.event import (
    Event,
    EventError,
    GameRecordScores,
    Player,
    Solo,
    Standings,
)
from arbitre.duplicate.event_file import EventFileError, load_event
from arbitre.duplicate.game import DuplicateGame
from arbitre.duplicate.record import RecordError, checked, loads, replay, to_record
from arbitre.duplicate.results_csv import ResultsFileError, read_results, results_csv
from arbitre.duplicate.sheet import game_sheet
from arbitre.duplicate.warning_slip import slip_html, slip_reasons, slips_document
from tests.duplicate.duplicate_words import make_lexicon
from tests.duplicate.wording import english, french, refused

LEX = make_lexicon()


def sixteen() -> tuple[Event, GameRecordScores]:
    """Sixteen players, two moves (tops 50 and 30): L00 alone with 40 on move 1 (a solo),
    L01 with a word refused on move 2."""
    players = [Player(f"L{i:02d}", f"JOUEUR{i:02d}", "Ana", series=1 + i % 2) for i in range(16)]
    game = GameRecordScores("TH1", [50, 30], ["H4 MAISON", "5E RUSE"])
    for i, p in enumerate(players):
        game.decisions[p.licence] = [Decision(40 if i == 0 else 20, S.NONE), Decision(30, S.NONE)]
    game.decisions["L01"][1] = Decision(0, S.INVALID_WORD, invalid_word="RUSA")
    return Event("Open de Vichy", players, [game]), game


# -- standings as values ----------------------------------------------------------------------


def test_standings_are_one_value_with_the_games_rows_and_solos() -> None:
    event, _ = sixteen()
    table = event.standings_table()
    assert isinstance(table, Standings)
    assert (table.event, table.games, table.series, table.category) == (
        "Open de Vichy",
        ("TH1",),
        None,
        None,
    )
    assert table.rows == tuple(event.standings())
    assert table.solos == (Solo("TH1", 1, event.players[0], 40),)
    data = table.to_json()
    assert list(data) == ["event", "games", "standings", "solos", "missing_ballots"]
    assert data["missing_ballots"] == 0
    assert data["solos"] == [
        {"game": "TH1", "move": 1, "licence": "L00", "name": "JOUEUR00 Ana", "score": 40}
    ]
    first = data["standings"][0]
    assert first == {
        "rank": 1,
        "ex_aequo": False,
        "licence": "L00",
        "name": "JOUEUR00",
        "first_name": "Ana",
        "club": "",
        "series": "1",
        "category": "",
        "table": None,
        "full_name": "JOUEUR00 Ana",
        "partner": None,  # a pair's second player (seed 002, A.2.4)
        "games": [80],
        "total": 80,
        "top_total": 80,
        "difference": 0,
        "percentage": 100.0,
        "tops_lost": 1,
        "solos": 1,
        "warnings": 0,
        "withdrawn": False,
    }
    assert [r["rank"] for r in data["standings"][:3]] == [1, 2, 2]
    assert table.rows[1].rank_label == "2ex" and table.rows[0].rank_label == "1"
    assert french(table.title()) == "Open de Vichy — classement"
    assert english(table.solos[0].label()) == "JOUEUR00 Ana (TH1, move 1)"
    assert french(table.solos[0].label()) == "JOUEUR00 Ana (TH1, coup 1)"


def test_filtered_standings_keep_their_filter() -> None:
    event, _ = sixteen()
    table = event.standings_table(series=2)
    assert table.series == 2 and {r.player.series for r in table.rows} == {2}
    assert event.standings_table(category="V").rows == ()


def test_a_game_sheet_and_its_lines_as_json() -> None:
    event, game = sixteen()
    sheet = event.sheet(game, "L01")
    assert sheet.to_json() == {
        "licence": "L01",
        "game": "TH1",
        "lines": [line.to_json() for line in sheet.lines],
        "warnings": 0,
        "disciplinary_warnings": 0,
        "penalty": 0,
        "solos": 0,
        "moves_total": 20,
        "total": 20,
        "top_total": 80,
        "difference": -60,
        "percentage": 25.0,
        "tops_lost": 2,
    }
    refused_line = sheet.lines[1]
    assert refused_line.to_json() == {
        "number": 2,
        "top": 30,
        "score": 0,
        "solo": False,
        "sanction": "invalid_word",
        "warning": False,
        "disciplinary_warning": False,
        "compensated": False,
        "entered": True,
        "absence": "",
    }
    assert french(refused_line.sanction_label) == "Mot non admis"
    assert english(sheet.lines[0].sanction_label) == "No sanction"


def test_scores_of_a_played_game() -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast")
    game.draw("GAZAIEU")
    game.play()
    top = game.judge("top")
    scores = GameRecordScores.from_game("TH2", game, {"1": [top]}, {"2": 1})
    assert (scores.name, scores.tops, scores.top_moves) == ("TH2", [26], ["H6 GAZ"])
    assert scores.decisions == {"1": [top]} and scores.late_from == {"2": 1}
    empty = GameRecordScores.from_game("TH3", game)
    assert (empty.decisions, empty.late_from) == ({}, {})


def test_event_refusals() -> None:
    players = [Player("1", "A"), Player("1", "B")]
    with refused(EventError, "^licence 1 en double dans l'événement$", "fr"):
        Event("E", players)
    game = GameRecordScores("TH1", [10], decisions={"9": [None]})
    with refused(EventError, "^TH1: unknown player 9$"):
        Event("E", [Player("1", "A")], [game])


# -- decisions: summary, stored forms ----------------------------------------------------------


def test_a_decision_in_a_few_lines() -> None:
    warned = Decision(
        18,
        S.SCORE_WRONG,
        disciplinary_warning=True,
        explanation=Message.of("duplicate.decision.score_entered"),
    )
    assert [french(m) for m in warned.summary()] == [
        "Points : 18",
        "Sanction : Erreur de calcul des points (004 4.3)",
        "Avertissement disciplinaire en plus (004 4.4)",
        "Motif : Score saisi par l'arbitre",
    ]
    assert [english(m) for m in Decision(7, S.NONE).summary()] == [
        "Points: 7",
        "Sanction: No sanction",
    ]


def test_a_score_entered_as_such_has_no_explanation() -> None:
    data = Decision(7, S.NONE).to_json()
    assert data == {
        "score": 7,
        "sanction": {"kind": "none", "code": "none", "rule": ""},
        "move": None,
        "candidates": [],
        "disciplinary_warning": False,
        "explanation": None,
    }
    assert Decision.from_json(data) == Decision(7, S.NONE)


def test_decisions_stored_before_messages_still_read_and_display() -> None:
    """Rows written before labels and explanations were codes hold French text."""
    old = {
        "score": 0,
        "sanction": {
            "kind": "nullity",
            "code": "invalid_word",
            "label": "Mot non admis",
            "rule": "004 4.2",
        },
        "move": "7F RUSA",
        "candidates": [],
        "disciplinary_warning": False,
        "explanation": "Mot non admis : RUSA (004 4.2)",
        "invalid_word": "RUSA",
        "proposed_score": 6,
    }
    decision = Decision.from_json(old)
    assert decision.sanction is S.INVALID_WORD
    assert french(decision.explanation) == "Mot non admis : RUSA (004 4.2)"
    assert decision.to_json()["sanction"] == {
        "kind": "nullity",
        "code": "invalid_word",
        "rule": "004 4.2",
    }
    assert S.from_json(old["sanction"]) is S.INVALID_WORD  # type: ignore[arg-type]
    assert Decision.from_json({**old, "explanation": ""}).explanation is None
    assert Decision.from_json({"score": 3, "sanction": {"code": "none"}}).explanation is None
    again = Decision.from_json(json.loads(json.dumps(decision.to_json())))
    assert again == decision


# -- printed documents in both languages -------------------------------------------------------


def test_the_announcement_in_french_and_english() -> None:
    a = DrawAnnouncement(move_number=4, leave="E", new="TRE", rejected=1)
    assert a.lines() == [
        "Coup 4.",
        "Rejet de 1 lettre.",
        "Reliquat de 1 lettre : Egypte.",
        "Nouvelles lettres : Tunisie-T, Roumanie-R, Egypte-E.",
        "Tirage : deux Egypte, Roumanie, Tunisie.",
    ]
    assert a.lines("en") == [
        "Move 4.",
        "1 letter rejected.",
        "Leave of 1 letter: Egypte.",
        "New letters: Tunisie-T, Roumanie-R, Egypte-E.",
        "Draw: two Egypte, Roumanie, Tunisie.",
    ]
    assert DrawAnnouncement(2, "", "ABCDEFG").text("en").splitlines()[1] == "No leave."
    assert DrawAnnouncement(2, "AB", "CDEFG", 3).lines("en")[1:3] == [
        "3 letters rejected.",
        "Leave of 2 letters: Algérie, Belgique.",
    ]
    assert grouped("EEEEEEE") == ["sept Egypte"]
    assert grouped("EEEEEEEE", "en") == ["8 Egypte"]
    assert [grouped("E" * n, "en")[0].split()[0] for n in range(2, 8)] == [
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
    ]
    assert announce_top("H4", "MAiSON", 30) == (
        "30 points, horizontal, en H4 : MAISON, M, A, Joker Italie, S, O, N."
    )
    assert announce_top("4H", "RUE", 3, "en") == "3 points, vertical, at 4H: RUE, R, U, E."


def test_the_warning_slip_in_french_and_english() -> None:
    player = Player("100", "CŒUR", "Hélène", table=7)
    refused_word = Decision(0, S.INVALID_WORD, invalid_word="RUSA")
    warned = Decision(12, S.BLANK_NOT_CIRCLED, disciplinary_warning=True)
    assert [french(m) for m in slip_reasons(refused_word)] == [
        "Nullité (zéro) : Mot non admis : RUSA (article 4.2)"
    ]
    assert [english(m) for m in slip_reasons(warned)] == [
        "Warning: Letter of the blank not circled (article 4.3)",
        "Warning: Warning for a disciplinary reason",
    ]
    assert [french(m) for m in slip_reasons(Decision(12, S.TWO_ANCHOR_LETTERS))] == [
        "Avertissement : Raccord de deux lettres au lieu de trois (article 4.3, 3.3.1)"
    ]
    html = slip_html("Open", "TH1", 5, player, refused_word, "en")
    assert "<h1>Warning slip — Open</h1>" in html and "<dd>TH1, move 5</dd>" in html
    assert "<dt>Grounds</dt>" in html and "<dd>CŒUR Hélène (100)</dd>" in html
    french_html = slip_html("L'Open", "TH1", 5, player, warned)
    assert "<h1>Bulletin d'avertissement — L'Open</h1>" in french_html
    assert "<li>Avertissement : Avertissement pour motif disciplinaire</li>" in french_html
    assert "<dt>Motif</dt>" in french_html and "<dd>12</dd>" in french_html
    empty = slips_document("Open", [], "en")
    assert '<html lang="en">' in empty and "<p>No warning slip.</p>" in empty
    assert "<title>Warning slips — Open</title>" in empty
    assert "<p>Aucun bulletin d'avertissement.</p>" in slips_document("Open", [])


def test_the_game_sheet_in_english() -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast")
    game.reject("AEIOUAE")
    game.draw("GAZAIEU")
    game.play()
    sheet = game_sheet(game, "en").splitlines()
    assert sheet[0].split() == ["No.", "Rack", "Ref.", "Word", "Score", "Total"]
    assert sheet[1].split() == ["reject", "AEIOUAE"]
    assert sheet[-1] == "* several tops of the same score"
    game = DuplicateGame(LEX, random_draws=False, engine="fast", bag=Bag.of("ZEROUU"))
    game.draw("ZEROUU")
    game.play()
    assert game_sheet(game, "en").splitlines()[-2] == (
        "End of the game: only vowels or only consonants are left (left: UU). Total 26."
    )


# -- files: record, event file, results --------------------------------------------------------


def test_record_refusals_name_the_place_in_the_language() -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast")
    game.draw("GAZAIEU")
    game.play()
    record = to_record(game)
    assert english(checked(game)) == "Record checked: 1 moves, total 26."
    record["moves"][0]["total"] = 25
    with pytest.raises(RecordError) as info:
        replay(record, LEX)
    assert english(info.value.message) == "move 1: total 25 in the record, 26 replayed"
    assert french(info.value.message) == "coup 1 : total 25 dans l'enregistrement, 26 en rejouant"
    with refused(RecordError, r"^not JSON \(Expecting value, line 1\)$"):
        loads("nothing")
    with refused(RecordError, r"^partie\.json: record version 2 is not supported$"):
        loads('{"format": "arbitre.duplicate.game", "version": 2}', "partie.json")


def test_event_file_names_the_ballot_it_cannot_read(tmp_path: Path) -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast")
    game.draw("GAZAIEU")
    game.play()
    event = {
        "format": "arbitre.duplicate.event",
        "version": 1,
        "players": [{"licence": "1", "name": "UN"}],
        "games": [{"name": "TH1", "record": to_record(game), "ballots": {"1": ["H6 GAZ 26 27"]}}],
    }
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    with refused(
        EventFileError,
        "^partie 1, licence 1, coup 1 : deux scores dans « H6 GAZ 26 27 » : séparez les "
        "solutions par /$",
        "fr",
    ):
        load_event(path, lambda record: LEX)
    event["games"][0]["ballots"] = {"1": ["99"]}  # type: ignore[index]
    path.write_text(json.dumps(event), encoding="utf-8")
    with refused(
        EventFileError,
        r"^game 1, licence 1, move 1: score 99 above the top \(26\): check the entry$",
    ):
        load_event(path, lambda record: LEX)


def test_results_file_in_english_and_read_back_in_both_languages() -> None:
    event, _ = sixteen()
    french_text = results_csv(event)
    english_text = results_csv(event, "en")
    assert french_text.splitlines()[0] == (
        "table;licence;nom;prenom;club;serie;TH1;total;rang;categorie;tops_perdus;type;parties;date;"
        "outremer;epreuve"
    )
    assert english_text.splitlines()[0] == (
        "table;licence;name;first_name;club;series;TH1;total;rank;category;tops_lost;type;games;date;"
        "overseas;event"
    )
    assert french_text.splitlines()[1:] == english_text.splitlines()[1:]
    rows = read_results(french_text)
    assert rows == read_results(english_text)
    assert (rows[0].licence, rows[0].games, rows[0].total, rows[0].rank) == (
        "L00",
        (("TH1", 80),),
        80,
        1,
    )
    second = event.standings()[1].player
    assert (rows[1].rank, rows[1].ex_aequo, rows[1].table) == (2, True, None)
    assert (rows[1].licence, rows[1].series) == (second.licence, second.series_label)
    with refused(ResultsFileError, "^not a results file"):
        read_results("licence;nom\n1;A\n")
    with refused(ResultsFileError, "^not a results file"):
        read_results("")
    with refused(ResultsFileError, "^line 3: a row of the results file cannot be read$"):
        old_header = "table;licence;nom;prenom;club;serie;TH1;total;rang"  # still read
        read_results(old_header + "\n;1;A;B;C;1;10;10;1\n;2;A;B;C;1;x;10;2\n")
