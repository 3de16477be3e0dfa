"""Formula-looking cells neutralised in exports and restored on reading (issue 22, part 4)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arbitre.classic.tournament import Game, Player, Round
from arbitre.classic.tournament.results_csv import format_results, parse_results
from arbitre.classic.tournament.tsh import format_tsh
from arbitre.common.spreadsheet import TRIGGERS, neutralise, restore


@given(st.text(max_size=30) | st.from_regex(r"'{0,3}[=+\-@\t\r'a-z0-9]{0,5}", fullmatch=True))
def test_restore_undoes_neutralise(text: str) -> None:
    assert restore(neutralise(text)) == text


def test_a_name_beginning_with_an_apostrophe_and_a_formula_sign_reads_back_whole() -> None:
    for name in ("'=Ana", "''+Bo", "'-Cy"):
        assert neutralise(name) == "'" + name
        assert restore(neutralise(name)) == name
    for kept in ("'t Hooft", "'-12", "''"):
        assert neutralise(kept) == kept


@given(st.text(max_size=30))
def test_a_neutralised_text_never_starts_a_formula(text: str) -> None:
    safe = neutralise(text)
    if safe.startswith(TRIGGERS):
        float(safe.replace(",", "."))  # only numbers keep a sign in front


def test_numbers_stay_numbers() -> None:
    for number in ("-12", "+3", "-1,5", "-0.25", "0", "412"):
        assert neutralise(number) == number
    for formula in ("=1+1", "+A1", "-A1", "@SUM(A1)", "\t=1", "\r=1", "-", "=", "- 3"):
        assert neutralise(formula) == "'" + formula


def test_classic_exports_neutralise_names_and_read_back() -> None:
    players = [Player("=HYPERLINK(1)", 1500), Player("@Bea", 1400), Player("-Cy", 1300)]
    rounds = [Round(1, (Game(1, "=HYPERLINK(1)", "@Bea", -5, 300), Game(1, "-Cy", None)))]
    text = format_results(rounds)
    assert "'=HYPERLINK(1)" in text and "'@Bea" in text and "'-Cy" in text
    assert ",-5," in text  # a negative score stays a number
    assert parse_results(text, players) == rounds
    tsh = format_tsh(players, rounds)
    assert all(line.startswith("'") for line in tsh.splitlines())


def test_backgammon_results_neutralise_names_and_read_back() -> None:
    from arbitre.backgammon import championship as bg
    from arbitre.backgammon.championship.csvfiles import format_results, parse_results

    champ = bg.Championship(
        [bg.Player("=cmd", 1500), bg.Player("+Bea", 1400), bg.Player("Cy", 1300)]
    )
    champ.record(bg.MatchResult(1, "=cmd", "+Bea", "+Bea", bg.ResultKind.PLAYED, 5, 2, 5))
    champ.record(bg.MatchResult(1, "Cy", None, None, bg.ResultKind.BYE))
    text = format_results(champ)
    assert "'=cmd" in text and "'+Bea" in text
    assert parse_results(text) == champ.results


def test_duplicate_results_neutralise_names_and_read_back() -> None:
    from arbitre.duplicate import sanctions as S
    from arbitre.duplicate.decision import Decision
    from arbitre.duplicate.event import Event, GameRecordScores, Player
    from arbitre.duplicate.results_csv import read_results, results_csv

    ps = [Player("1", "=SUM(A1)", club="@club"), Player("2", "-B")]
    game = GameRecordScores(
        "TH1", [10], decisions={"1": [Decision(10, S.NONE)], "2": [Decision(-3, S.NONE)]}
    )
    text = results_csv(Event("E", ps, [game]))
    assert "'=SUM(A1)" in text and "'@club" in text and "'-B" in text
    lines = read_results(text)
    assert [(r.name, r.club) for r in lines] == [("=SUM(A1)", "@club"), ("-B", "")]


def test_ranking_files_neutralise_names_and_read_back() -> None:
    from arbitre.ranking.csvformat import format_licensees_csv, parse_licensees
    from arbitre.ranking.season import Licensee

    people = [Licensee("123456", "=HYPERLINK(1)", 3, "B"), Licensee("234567", "Dupont", 7)]
    text = format_licensees_csv(people)
    assert "'=HYPERLINK(1)" in text
    assert [p.name for p in parse_licensees(text)] == ["=HYPERLINK(1)", "Dupont"]
