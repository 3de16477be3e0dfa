"""The backgammon results files (Swiss and final stage) in French and in English: both read,
either written, the same results either way; an unknown header or word refused with its
message code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.backgammon.championship import Championship, ChampionshipError, Player, pair_round
from arbitre.backgammon.championship.bracket import SetScore
from arbitre.backgammon.championship.csvfiles import (
    DECIDED,
    ENGLISH,
    FRENCH,
    VOCABULARIES,
    format_bracket_results,
    format_results,
    parse_bracket_results,
    parse_results,
)
from arbitre.backgammon.championship.model import MatchResult, ResultKind
from arbitre.cli import main
from arbitre.common.messages import Message
from arbitre.common.players_csv import RESERVED_NAMES, RESERVED_PREFIXES
from arbitre.i18n import word
from tests.support import depth, refuses

FRENCH_FILE = """ronde;joueur_a;joueur_b;vainqueur;longueur;score_a;score_b;fin
1;Alice;Bruno;Bruno;9;7;9;
1;Chloé;;exempt;;;;
2;Alice;Chloé;forfait:Chloé;;;;
2;Bruno;EXEMPT;Exempt;;;;
3;Alice;Bruno;Forfait:double;;;;
3;Chloé;David;David;7;3;5;temps
4;Alice;David;Alice;7;2;1;Pénalité
4;Bruno;Chloé;forfait:Bruno;7;4;0;retard
5;Alice;Chloé;Chloé;5;0;0;temps_double
5;Bruno;David;David;5;1;2;disqualification
"""

ENGLISH_FILE = """round,player_a,player_b,winner,match_length,score_a,score_b,ended
1,Alice,Bruno,Bruno,9,7,9,
1,Chloé,,bye,,,,
2,Alice,Chloé,forfeit:Chloé,,,,
2,Bruno,BYE,bye,,,,
3,Alice,Bruno,forfeit:both,,,,
3,Chloé,David,David,7,3,5,time
4,Alice,David,Alice,7,2,1,penalty
4,Bruno,Chloé,forfeit:Bruno,7,4,0,lateness
5,Alice,Chloé,Chloé,5,0,0,both_time
5,Bruno,David,David,5,1,2,disqualification
"""


def test_the_french_results_file_reads_as_the_english_one() -> None:
    """Every word of the French file (any case, accents or not) means its English one."""
    french = parse_results(FRENCH_FILE)
    assert french == parse_results(ENGLISH_FILE)
    assert french[:3] == [
        MatchResult(1, "Alice", "Bruno", "Bruno", ResultKind.PLAYED, 9, 7, 9),
        MatchResult(1, "Chloé", None, None, ResultKind.BYE),
        MatchResult(2, "Alice", "Chloé", "Chloé", ResultKind.FORFEIT),
    ]
    assert (french[3].kind, french[3].a) == (ResultKind.BYE, "Bruno")
    assert (french[4].kind, french[4].winner) == (ResultKind.FORFEIT, None)
    assert [r.decided for r in french[5:]] == [
        "time",
        "penalty",
        "lateness",
        "both_time",
        "disqualification",
    ]
    assert (french[7].kind, french[7].score_a, french[7].match_length) == (
        ResultKind.FORFEIT,
        4,
        7,
    )


def test_each_vocabulary_maps_every_word_once() -> None:
    assert FRENCH.results_header == (
        "ronde",
        "joueur_a",
        "joueur_b",
        "vainqueur",
        "longueur",
        "score_a",
        "score_b",
        "fin",
    )
    assert FRENCH.bracket_header == ("match", "vainqueur", "manches")
    assert ENGLISH.bracket_header == ("match", "winner", "sets")
    for words in VOCABULARIES.values():
        assert set(words.ended) == set(DECIDED) - {""}
        assert len(set(words.ended.values())) == len(DECIDED) - 1
        assert words.bye in RESERVED_NAMES
        assert f"{words.forfeit}:" in RESERVED_PREFIXES
    assert (FRENCH.bye, FRENCH.forfeit, FRENCH.both) == ("exempt", "forfait", "double")
    assert ENGLISH.ended == {d: d for d in DECIDED if d}


def test_the_writers_speak_french_unless_told() -> None:
    champ = Championship([Player(n, 1500) for n in ("Alice", "Bruno", "Chloé", "David")])
    for r in parse_results(ENGLISH_FILE):
        champ.record(r)
    assert format_results(champ) == format_results(champ, "fr")
    french_written = (
        FRENCH_FILE.replace(";", ",")
        .replace("EXEMPT", "")
        .replace("Exempt", "exempt")
        .replace("Forfait", "forfait")
        .replace("Pénalité", "penalite")
    )
    assert format_results(champ) == french_written
    assert format_results(champ, "en") == ENGLISH_FILE.replace("BYE", "")
    rows = [("QF1", "Alice", [(9, 4), (3, 9), (11, 10)]), ("SF1", "=Bruno", [])]
    assert (
        format_bracket_results(rows)
        == "match,vainqueur,manches\nQF1,Alice,9-4 3-9 11-10\nSF1,'=Bruno,\n"
    )
    assert format_bracket_results(rows, "en").splitlines()[0] == "match,winner,sets"


@pytest.mark.parametrize(
    ("text", "column", "found", "french", "english"),
    [
        ("ronde,joueur_a,joueur_b,gagnant\n", 4, "gagnant", "vainqueur", "winner"),
        ("round,player_a,player_b,winner,length\n", 5, "length", "longueur", "match_length"),
        ("ronde,joueur_a,joueur_b,vainqueur,longueur,score_a,score_b,fin,x\n", 9, "x", "", ""),
    ],
)
def test_an_unknown_results_header_is_refused_with_its_column(
    text: str, column: int, found: str, french: str, english: str
) -> None:
    reason = Message.of(
        "championship_csv.header", column=column, found=found, french=french, english=english
    )
    with refuses(ChampionshipError, "championship_csv.line", source="r", line=1, reason=reason):
        parse_results(text + "1,A,B,A\n", "r")


def test_an_unknown_bracket_header_is_refused_with_its_column() -> None:
    reason = Message.of(
        "championship_csv.header", column=3, found="scores", french="manches", english="sets"
    )
    with refuses(ChampionshipError, "championship_csv.line", source="b", line=2, reason=reason):
        parse_bracket_results("# final\nmatch;vainqueur;scores\nQF1;Alice\n", "b")
    assert parse_bracket_results("Match;Winner;Manches\nQF1;Alice;9-4\n") == [
        ("QF1", "Alice", (SetScore(9, 4),))
    ]


def test_an_unknown_end_word_is_refused_in_both_languages() -> None:
    text = "1,A,B,A,9,3,5,drapeau\n"
    refusal = pytest.raises(ChampionshipError, parse_results, text).value
    assert refusal.message == Message.of(
        "championship_csv.line",
        source="results",
        line=1,
        reason=Message.of("championship_csv.ended", value="drapeau"),
    )
    assert word(refusal.message) == (
        "results, ligne 1 : fin « drapeau » : vide, temps, temps_double, disqualification, "
        "retard ou penalite"
    )
    assert "time, both_time" in word(refusal.message, "en")


def test_a_player_named_like_the_double_forfeit_wins_their_forfeit() -> None:
    """``forfait:Double`` between Double and Alice names the player, not a double forfeit."""
    (r,) = parse_results("1,Alice,Double,forfait:Double\n")
    assert (r.kind, r.winner) == (ResultKind.FORFEIT, "Double")
    (r,) = parse_results("1,Alice,Bruno,forfait:Double\n")
    assert (r.kind, r.winner) == (ResultKind.FORFEIT, None)


NAMES = st.text(
    alphabet="abcdeéçABZ ,;\"'=+-@#:", min_size=1, max_size=10
).filter(
    lambda n: (
        n == n.strip()
        and n.casefold() not in RESERVED_NAMES
        and not n.casefold().startswith(RESERVED_PREFIXES)
        # a name written '=x is read back as =x (arbitre.common.spreadsheet): not this file's
        and not (n.startswith("'") and n[1:2] in "=+-@")
    )
)
"""Player names with the file's delimiters, quotes, accents, colons and formula characters."""


@st.composite
def championships(draw: st.DrawFn) -> Championship:
    """A championship with every kind of result: played, ended early, forfeits, byes."""
    names = draw(st.lists(NAMES, min_size=2, max_size=7, unique=True))
    champ = Championship([Player(n, 1500) for n in names])
    for number in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(names))
        for a, b in zip(order[::2], order[1::2], strict=False):
            kind = draw(st.sampled_from(("played", "ended", "forfeit")))
            winner = draw(st.sampled_from((a, b)))
            length = draw(st.integers(1, 15))
            low = draw(st.integers(0, length - 1))
            if kind == "played":
                score = draw(st.sampled_from((None, (length, low))))
                if score is not None and winner == b:
                    score = (low, length)
                result = MatchResult(
                    number,
                    a,
                    b,
                    winner,
                    ResultKind.PLAYED,
                    draw(st.sampled_from((None, length))) if score is None else length,
                    score[0] if score else None,
                    score[1] if score else None,
                )
            elif kind == "ended":
                decided = draw(st.sampled_from(DECIDED[1:]))
                other = draw(st.integers(0, length - 1))
                result = MatchResult(
                    number, a, b, winner, ResultKind.PLAYED, length, low, other, decided=decided
                )
            else:
                who = draw(st.sampled_from((a, b, None)))
                decided = draw(st.sampled_from(("", "lateness", "disqualification")))
                result = (
                    MatchResult(number, a, b, who, ResultKind.FORFEIT)
                    if not decided
                    else MatchResult(
                        number, a, b, who, ResultKind.FORFEIT, length, low, 0, decided=decided
                    )
                )
            champ.record(result)
        if len(order) % 2:
            champ.record_bye(number, order[-1])
    return champ


@settings(max_examples=depth(150), deadline=None)
@given(championships(), st.sampled_from(sorted(VOCABULARIES)))
def test_any_results_written_in_either_language_read_back_the_same(
    champ: Championship, lang: str
) -> None:
    text = format_results(champ, lang)
    assert parse_results(text) == sorted(champ.results, key=lambda r: r.round)


@settings(max_examples=depth(100), deadline=None)
@given(championships())
def test_french_and_english_results_files_read_alike(champ: Championship) -> None:
    french, english = format_results(champ, "fr"), format_results(champ, "en")
    assert french.splitlines()[0].startswith("ronde,joueur_a,joueur_b,vainqueur,longueur")
    assert parse_results(french) == parse_results(english)


SETS = st.lists(st.tuples(st.integers(0, 25), st.integers(0, 25)), max_size=5)


@settings(max_examples=depth(100), deadline=None)
@given(
    st.lists(
        st.tuples(st.from_regex(r"[A-Z]{1,3}[0-9]{1,2}", fullmatch=True), NAMES, SETS),
        max_size=8,
    ),
    st.sampled_from(sorted(VOCABULARIES)),
)
def test_any_bracket_results_written_in_either_language_read_back_the_same(
    rows: list[tuple[str, str, list[tuple[int, int]]]], lang: str
) -> None:
    parsed = parse_bracket_results(format_bracket_results(rows, lang))
    assert parsed == [(m, w, tuple(SetScore(t, b) for t, b in s)) for m, w, s in rows]


def test_the_cli_reads_the_downloaded_french_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``arbitre backgammon bracket`` gives the same final stage from the French files (as the
    web application writes them) and from the English ones."""
    players = tmp_path / "joueurs.csv"
    players.write_text("".join(f"P{i},{1900 - 50 * i}\n" for i in range(10)), "utf-8")
    champ = Championship([Player(f"P{i}", 1900 - 50 * i) for i in range(10)])
    for rnd in range(1, 8):
        for p in pair_round(champ).pairs:
            assert p.b is not None
            champ.record_match(rnd, p.a, p.b, p.a)
    bracket = [("QF1", "P7", [(5, 9), (9, 7), (10, 11)]), ("QF2", "P3", [])]
    outputs = []
    for lang in ("fr", "en"):
        results, sets = tmp_path / f"results-{lang}.csv", tmp_path / f"bracket-{lang}.csv"
        results.write_text(format_results(champ, lang), "utf-8")
        sets.write_text(format_bracket_results(bracket, lang), "utf-8")
        argv = ["backgammon", "bracket", "--players", str(players), "--results", str(results)]
        assert main([*argv, "--bracket-results", str(sets), "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    assert outputs[0]["final"][0]["winner"] == "P7"


def _refusal(text: str, parse: object = parse_results) -> Message:
    with pytest.raises(ChampionshipError) as caught:
        parse(text, "f")  # type: ignore[operator]
    return caught.value.message


def _line(line: int, reason: Message) -> Message:
    return Message.of("championship_csv.line", source="f", line=line, reason=reason)


def test_one_header_on_the_first_line_only() -> None:
    """Empty trailing header cells are ignored; a second header line, or one after the data,
    is a row whose round is not a number."""
    assert parse_results("Ronde;\n1;A;B;A\n") == [MatchResult(1, "A", "B", "A")]
    round_field = Message.of("championship_csv.field.round")
    for text, line in (
        ("ronde,joueur_a,joueur_b,vainqueur\nround,player_a,player_b,winner\n", 2),
        ("1,A,B,A\nround,player_a,player_b,winner\n", 2),
    ):
        reason = Message.of("championship_csv.not_integer", field=round_field, value="round")
        assert _refusal(text) == _line(line, reason)


def test_results_rows_refused_with_their_exact_reason() -> None:
    score = Message.of("championship_csv.field.score")
    assert _refusal("1,A,B,A,9,9,x\n") == _line(
        1, Message.of("championship_csv.not_integer", field=score, value="x")
    )
    # one score missing: no score at all
    assert parse_results("1,A,B,A,9,,5\n") == [MatchResult(1, "A", "B", "A", match_length=9)]


def test_bracket_rows_refused_with_their_exact_reason() -> None:
    field = Message.of("championship_csv.field.set_score")
    assert _refusal("QF1,A,x-4\n", parse_bracket_results) == _line(
        1, Message.of("championship_csv.not_integer", field=field, value="x")
    )
    assert _refusal("QF1,A,9-4-3\n", parse_bracket_results) == _line(
        1, Message.of("championship_csv.not_integer", field=field, value="4-3")
    )
    assert _refusal("QF1,A\n,B\n", parse_bracket_results) == _line(
        2, Message.of("championship_csv.bracket_columns", found=2)
    )
    with pytest.raises(ChampionshipError) as caught:
        parse_bracket_results("QF1\n")
    assert caught.value.message.params["source"] == "bracket results"


def test_a_file_with_no_early_end_has_seven_columns() -> None:
    champ = Championship([Player("A", 1500), Player("B", 1400), Player("C", 1300)])
    champ.record(MatchResult(1, "A", "B", "A", ResultKind.PLAYED, 5, 5, 2))
    champ.record_bye(1, "C")
    assert format_results(champ).splitlines()[1:] == ["1,A,B,A,5,5,2", "1,C,,exempt,,,"]
    with pytest.raises(KeyError):
        format_results(champ, "de")
