"""The Classic results file in French and in English: both read, either written, the same
results either way; an unknown header or word refused with its message code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.classic.tournament import Player
from arbitre.classic.tournament.model import Game, LossCause, Round, TournamentError
from arbitre.classic.tournament.players_csv import PlayersFileError, parse_players
from arbitre.classic.tournament.results_csv import (
    ENGLISH,
    FRENCH,
    VOCABULARIES,
    CsvFormatError,
    CsvRefusal,
    format_results,
    parse_results,
)
from arbitre.cli import main
from arbitre.common.players_csv import RESERVED_NAMES
from arbitre.i18n import word
from tests.support import depth, refuses

ROSTER = [Player(n, 1500 - 10 * i) for i, n in enumerate(("Alice", "Bruno", "Chloé", "David"))]

FRENCH_FILE = """ronde;joueur_a;joueur_b;score_a;score_b;commence;perdant;cause_perte
1;Alice;Bruno;412;380;Bruno;;
1;Chloé;David;forfait;;;;
2;Alice;Chloé;300;350;;Chloé;tirage_en_trop
2;Bruno;David;Forfait;FORFAIT;;;
3;Bruno;exempt
3;Alice;David;390;370;;Alice;grille
4;Alice;Bruno;10;20;;Bruno;lettres_éliminées
4;Chloé;David;100;200;;David;abandon
5;Alice;Chloé;10;20;;Chloé;sanction
"""

ENGLISH_FILE = """round,player_a,player_b,score_a,score_b,starts,loss,loss_cause
1,Alice,Bruno,412,380,Bruno,,
1,Chloé,David,forfeit,,,,
2,Alice,Chloé,300,350,,Chloé,overdraw
2,Bruno,David,forfeit,forfeit,,,
3,Bruno,bye
3,Alice,David,390,370,,Alice,board
4,Alice,Bruno,10,20,,Bruno,letters
4,Chloé,David,100,200,,David,abandon
5,Alice,Chloé,10,20,,Chloé,sanction
"""


def test_the_french_file_reads_as_the_english_one() -> None:
    """Every word of the French file (any case, accents or not) means its English one."""
    french = parse_results(FRENCH_FILE, ROSTER)
    assert french == parse_results(ENGLISH_FILE, ROSTER)
    r1, r2, r3, r4, r5 = french
    assert r1.games == (
        Game(1, "Alice", "Bruno", 412, 380, starts="Bruno"),
        Game(1, "Chloé", "David", forfeit_a=True),
    )
    assert r2.games[0].loss_cause is LossCause.OVERDRAW
    assert (r2.games[1].forfeit_a, r2.games[1].forfeit_b) == (True, True)
    assert r3.games[0].is_bye and r3.games[1].loss_cause is LossCause.BOARD
    assert [g.loss_cause for g in r4.games] == [LossCause.LETTERS, LossCause.ABANDON]
    assert r5.games[0].loss_cause is LossCause.SANCTION


def test_each_vocabulary_maps_every_word_once() -> None:
    """Both languages name the eight columns and every cause of loss, with distinct words."""
    assert FRENCH.header == (
        "ronde",
        "joueur_a",
        "joueur_b",
        "score_a",
        "score_b",
        "commence",
        "perdant",
        "cause_perte",
    )
    assert ENGLISH.header[:3] == ("round", "player_a", "player_b")
    for words in VOCABULARIES.values():
        assert set(words.causes) == set(LossCause)
        assert len(set(words.causes.values())) == len(LossCause)
    assert ENGLISH.causes == {c: c.value for c in LossCause}
    assert (FRENCH.forfeit, FRENCH.bye, ENGLISH.forfeit, ENGLISH.bye) == (
        "forfait",
        "exempt",
        "forfeit",
        "bye",
    )


def test_the_writer_speaks_french_unless_told() -> None:
    rounds = parse_results(ENGLISH_FILE, ROSTER)
    assert format_results(rounds) == format_results(rounds, "fr")
    assert format_results(rounds) == FRENCH_FILE.replace(";", ",").replace(
        "FORFAIT", "forfait"
    ).replace("Forfait", "forfait").replace("éliminées", "eliminees").replace(
        "3,Bruno,exempt", "3,Bruno,exempt,,,,,"
    )
    assert format_results(rounds, "en") == ENGLISH_FILE.replace("3,Bruno,bye", "3,Bruno,bye,,,,,")
    bye = [Round(1, (Game(1, "Xavier", None),))]  # quoted only for , ; " and line breaks
    assert format_results(bye).splitlines()[1] == "1,Xavier,exempt,,,,,"
    with pytest.raises(KeyError):
        format_results(rounds, "de")


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("1,Zed,Bruno,1,2", "r.csv, line 2: unknown player “Zed”"),
        ("1,Alice,Bruno,1,2,Zed", "r.csv, line 2: unknown player “Zed”"),
        ("1,Alice,Bruno,1,2,,Zed,abandon", "r.csv, line 2: unknown player “Zed”"),
        ("1,Alice,Bruno,forfait,2,Bruno", "r.csv, line 2: a forfeited game has no starter"),
        ("1,Alice,Bruno,1,forfeit,Alice", "r.csv, line 2: a forfeited game has no starter"),
        ("1,Alice,Bruno,1,2,,Alice", "r.csv, line 2: .*needs its player and its cause"),
        ("1,Alice", "r.csv, line 2: 2 cells; round, player A, player B"),
        ("1,Alice,Bruno,1,2,,Alice,abandon,x", "r.csv, line 2: 9 cells; round, player A"),
    ],
)
def test_a_bad_row_is_refused_with_its_line(row: str, message: str) -> None:
    with pytest.raises(CsvFormatError) as refused:
        parse_results(f"ronde,joueur_a,joueur_b\n{row}\n", ROSTER, "r.csv")
    said = word(refused.value.message, "en")
    assert re.search(message, said), said


def test_a_game_the_tournament_refuses_is_said_with_its_line_in_french() -> None:
    """A loss by sanction without its cause (seed 000 / 001 10.x need both) is the
    tournament's refusal, put at the file's line, in the director's language."""
    with pytest.raises(CsvRefusal) as refused:
        parse_results("ronde,joueur_a,joueur_b\n1,Alice,Bruno,1,2,,Alice\n", ROSTER, "r.csv")
    assert word(refused.value.message) == (
        "r.csv, ligne 2 : ronde 1 : une perte de la partie demande le joueur sanctionné et sa cause"
    )


def test_a_player_twice_in_a_round_is_refused_with_both_lines() -> None:
    twice = "1;Alice;Bruno;1;2\n# comment\n1;Chloé;alice;3;4\n"
    with pytest.raises(CsvFormatError) as refused:
        parse_results(twice, ROSTER)
    assert word(refused.value.message) == (
        "results, ligne 3 : Alice a déjà une partie dans la ronde 1 (ligne 1)"
    )


@pytest.mark.parametrize(
    ("header", "column", "found", "french", "english"),
    [
        ("ronde,joueur_a,joueur_b,score_a,points_b", 5, "points_b", "score_b", "score_b"),
        ("round,player_a,opponent", 3, "opponent", "joueur_b", "player_b"),
        ("ronde,joueur_b,joueur_a", 2, "joueur_b", "joueur_a", "player_a"),
        (
            "round,player_a,player_b,score_a,score_b,starts,loss,loss_cause,notes",
            9,
            "notes",
            "",
            "",
        ),
    ],
)
def test_an_unknown_header_is_refused_with_its_column(
    header: str, column: int, found: str, french: str, english: str
) -> None:
    text = header + "\n1,Alice,Bruno,1,2\n"
    params = dict(source="r.csv", line=1, column=column, found=found)
    with refuses(CsvRefusal, "classic_results.header", **params, french=french, english=english):
        parse_results(text, ROSTER, "r.csv")


def test_a_header_in_either_language_and_shorter_is_read() -> None:
    """Each column in French or in English, case and accents aside; the optional columns
    may be left out of the header."""
    text = "Ronde;Joueur A;player_b;SCORE_A;score_b\n1;Alice;Bruno;1;2\n"
    assert parse_results(text, ROSTER)[0].games == (Game(1, "Alice", "Bruno", 1, 2),)


def test_an_unknown_score_word_is_refused_with_its_code() -> None:
    with refuses(
        CsvRefusal, "classic_results.score", source="results", line=3, player="Bruno", value="abs"
    ):
        parse_results("1,Alice,Bruno,1,2\n1,Chloé,David,3,4\n2,Alice,Bruno,3,abs\n", ROSTER)
    with refuses(
        CsvRefusal, "classic_results.score", source="r", line=1, player="Alice", value="x"
    ):
        parse_results("1,Alice,Bruno,x,forfait\n", ROSTER, "r")
    with pytest.raises(CsvFormatError):  # still a CsvFormatError for its old callers
        parse_results("1,Alice,Bruno,forfeits,2\n", ROSTER)


def test_an_unknown_cause_of_loss_is_refused_with_the_words_of_both_languages() -> None:
    with pytest.raises(CsvRefusal) as caught:
        parse_results("1,Alice,Bruno,1,2,,Alice,renversé\n", ROSTER)
    message = caught.value.message
    assert message.code == "classic_results.loss_cause"
    assert message.params["value"] == "renversé"
    assert word(message) == (
        "results, ligne 1 : cause de perte « renversé » inconnue : sanction, tirage_en_trop, "
        "grille, lettres_eliminees, abandon (ou sanction, overdraw, board, letters, abandon)"
    )


def test_the_bye_and_forfeit_words_of_both_languages_are_reserved_names() -> None:
    for words in VOCABULARIES.values():
        assert words.bye in RESERVED_NAMES
        with pytest.raises(TournamentError):
            Player(words.bye.capitalize(), 1500)
    with pytest.raises(PlayersFileError):
        parse_players("Alice,1500\nExempt,1400\n")


NAMES = st.text(
    alphabet="abcdeéàçABCZ ,;\"'=+-@#", min_size=1, max_size=10
).filter(
    lambda n: (
        n == n.strip()
        and n.casefold() not in RESERVED_NAMES
        # a name written '=x is read back as =x (arbitre.common.spreadsheet): not this file's
        and not (n.startswith("'") and n[1:2] in "=+-@")
    )
)
"""Player names with the file's delimiters, quotes, accents and formula characters."""


@st.composite
def results(draw: st.DrawFn) -> tuple[list[Player], list[Round]]:
    """Players with awkward names and rounds of every kind of game."""
    names = draw(st.lists(NAMES, min_size=2, max_size=7, unique_by=str.casefold))
    players = [Player(n, 1000 + i) for i, n in enumerate(names)]
    rounds = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(names))
        games = []
        for i in range(0, len(order) - 1, 2):
            a, b = order[i], order[i + 1]
            kind = draw(st.sampled_from(("played", "forfeit_a", "forfeit_b", "both", "loss")))
            score = st.integers(-50, 700)
            if kind == "played":
                starts = draw(st.sampled_from((None, a, b)))
                games.append(Game(number, a, b, draw(score), draw(score), starts=starts))
            elif kind == "loss":
                loser = draw(st.sampled_from((a, b)))
                cause = draw(st.sampled_from(list(LossCause)))
                games.append(
                    Game(number, a, b, draw(score), draw(score), loss=loser, loss_cause=cause)
                )
            else:
                present = draw(st.none() | score)
                games.append(
                    Game(
                        number,
                        a,
                        b,
                        present if kind == "forfeit_b" else None,
                        present if kind == "forfeit_a" else None,
                        forfeit_a=kind in ("forfeit_a", "both"),
                        forfeit_b=kind in ("forfeit_b", "both"),
                    )
                )
        if len(order) % 2:
            games.append(Game(number, order[-1], None))
        rounds.append(Round(number, tuple(games)))
    return players, rounds


@settings(max_examples=depth(150), deadline=None)
@given(results(), st.sampled_from(sorted(VOCABULARIES)), st.sampled_from([",", ";"]))
def test_any_results_written_in_either_language_read_back_the_same(
    data: tuple[list[Player], list[Round]], lang: str, delimiter: str
) -> None:
    players, rounds = data
    text = format_results(rounds, lang)
    assert parse_results(text, players) == rounds
    if delimiter == ";":  # a spreadsheet set to French: the same file with semicolons
        text = "\n".join(_resplit(line) for line in text.splitlines())
        assert parse_results(text, players) == rounds


@settings(max_examples=depth(100), deadline=None)
@given(results())
def test_french_and_english_files_of_the_same_results_read_alike(
    data: tuple[list[Player], list[Round]],
) -> None:
    players, rounds = data
    french, english = format_results(rounds, "fr"), format_results(rounds, "en")
    assert french.splitlines()[0] == ",".join(FRENCH.header)
    assert parse_results(french, players) == parse_results(english, players)
    assert parse_results(french.upper(), players) == rounds  # words and names in capitals


def _resplit(line: str) -> str:
    import csv
    import io

    cells = next(csv.reader(io.StringIO(line)))
    out = io.StringIO()
    csv.writer(out, delimiter=";", lineterminator="").writerow(cells)
    return out.getvalue()


def test_the_cli_reads_the_downloaded_french_file_and_words_its_refusals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``arbitre classic standings`` gives the same standings from the French and the English
    file; a bad header is refused in the words of ``--lang``."""
    players = tmp_path / "joueurs.csv"
    players.write_text("".join(f"{p.name},{p.rating}\n" for p in ROSTER), "utf-8")
    outputs = []
    for name, text in (("fr.csv", FRENCH_FILE), ("en.csv", ENGLISH_FILE)):
        (tmp_path / name).write_text(text, "utf-8")
        args = ["classic", "standings", "--players", str(players), "--json"]
        assert main([*args, "--rounds", "5", "--results", str(tmp_path / name)]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1] and len(outputs[0]) == len(ROSTER)
    bad = tmp_path / "bad.csv"
    bad.write_text("ronde;joueur;joueur_b;score_a;score_b\n1;Alice;Bruno;1;2\n", "utf-8")
    args = ["classic", "standings", "--players", str(players), "--results", str(bad)]
    assert main(args) == 2
    assert capsys.readouterr().err == (
        f"arbitre : erreur : {bad}, ligne 1 : la colonne 2 de l'en-tête est « joueur », "
        "attendu « joueur_a » (ou « player_a »)\n"
    )
    assert main(["--lang", "en", *args]) == 2
    assert capsys.readouterr().err == (
        f"arbitre: error: {bad}, line 1: column 2 of the header is “joueur”, "
        "expected “joueur_a” (or “player_a”)\n"
    )
