"""CSV formats and the ``arbitre backgammon`` championship commands."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.backgammon.championship import Championship, ChampionshipError, Player, pair_round
from arbitre.backgammon.championship.csvfiles import (
    format_results,
    parse_bracket_results,
    parse_players,
    parse_results,
)
from arbitre.backgammon.championship.model import ResultKind
from arbitre.cli import main
from arbitre.common.messages import Message
from arbitre.common.players_csv import PlayersFileError
from tests.support import depth, refuses


def test_players_csv_forms() -> None:
    text = "name,elo,club,licence\nAlice,1800,Paris,F123\n# comment\n\nBruno,1700\n"
    players = parse_players(text)
    assert players == [Player("Alice", 1800, "Paris", "F123"), Player("Bruno", 1700)]
    assert parse_players("Chloé;1650;Lyon\n") == [Player("Chloé", 1650, "Lyon")]


@pytest.mark.parametrize(
    ("text", "errors"),
    [
        ("Alice,abc\n", [(1, "players_csv.not_integer")]),
        ("Alice,1800\nAlice,1700\n", [(2, "players_csv.duplicate")]),
        ("Alice\n", [(1, "players_csv.required")]),
        ("BYE,1500\n", [(1, "players_csv.reserved_name")]),
        (
            "Alice,4001\nBob,-1\n",
            [(1, "players_csv.out_of_range"), (2, "players_csv.out_of_range")],
        ),
        ("", [(1, "players_csv.empty")]),
    ],
)
def test_players_csv_errors(text: str, errors: list[tuple[int, str]]) -> None:
    with pytest.raises(PlayersFileError) as caught:
        parse_players(text)
    assert [(e.line, e.message.code) for e in caught.value.errors] == errors


def test_results_csv_forms() -> None:
    text = (
        "round,player_a,player_b,winner\n"
        "1,Alice,Bruno,Bruno,9,7,9\n"
        "1,Chloé,,bye\n"
        "2,Alice,Chloé,forfeit:Chloé\n"
        "2,Bruno,BYE,bye\n"
        "3,Alice,Bruno,forfeit:both\n"
    )
    r = parse_results(text)
    assert (r[0].kind, r[0].winner, r[0].match_length, r[0].score_b) == (
        ResultKind.PLAYED, "Bruno", 9, 9,
    )  # fmt: skip
    assert (r[1].kind, r[1].a, r[1].b) == (ResultKind.BYE, "Chloé", None)
    assert (r[2].kind, r[2].winner) == (ResultKind.FORFEIT, "Chloé")
    assert (r[3].kind, r[3].a) == (ResultKind.BYE, "Bruno")
    assert (r[4].kind, r[4].winner) == (ResultKind.FORFEIT, None)


ROUND = Message.of("championship_csv.field.round")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (
            "x,Alice,Bruno,Alice",
            Message.of("championship_csv.not_integer", field=ROUND, value="x"),
        ),
        (
            "1,Alice,Bruno,Chloé",
            Message.of(
                "championship.winner_unknown", round=1, winner="Chloé", a="Alice", b="Bruno"
            ),
        ),
        (
            "1,Alice,Bruno,forfeit:Chloé",
            Message.of("championship_csv.forfeit_winner", winner="Chloé", a="Alice", b="Bruno"),
        ),
        (
            "1,Alice,Bruno,Alice,9,8,3",
            Message.of(
                "championship.score_not_final",
                round=1,
                score_a=8,
                score_b=3,
                length=9,
                winner="Alice",
            ),
        ),
        ("1,Alice,Bruno", Message.of("championship_csv.results_columns", found=3)),
        ("1,Alice,Alice,Alice", Message.of("championship.two_players", round=1)),
        ("1,Alice,Bruno,bye", Message.of("championship_csv.bye_one_player", player="Bruno")),
        (
            "1,Alice,BYE,Bruno",
            Message.of("championship_csv.bye_winner", winner="Bruno", player="Alice"),
        ),
    ],
)
def test_results_csv_errors(line: str, reason: Message) -> None:
    with refuses(
        ChampionshipError, "championship_csv.line", source="results", line=1, reason=reason
    ):
        parse_results(line + "\n")


def test_bracket_results_csv() -> None:
    rows = parse_bracket_results("match,winner,sets\nQF1,Alice,9-4 3-9 11-10\nSF1,Bruno\n")
    assert rows[0][0] == "QF1" and rows[0][2][2].top == 11
    assert rows[1] == ("SF1", "Bruno", ())
    reason = Message.of("championship_csv.set_score", value="9:4")
    with refuses(ChampionshipError, "championship_csv.line", source="s", line=1, reason=reason):
        parse_bracket_results("QF1,Alice,9:4\n", "s")
    reason = Message.of("championship_csv.bracket_columns", found=1)
    with refuses(ChampionshipError, "championship_csv.line", source="s", line=2, reason=reason):
        parse_bracket_results("QF1,Alice\nQF2\n", "s")
    field = Message.of("championship_csv.field.set_score")
    reason = Message.of("championship_csv.not_integer", field=field, value="x")
    with refuses(ChampionshipError, "championship_csv.line", source="s", line=1, reason=reason):
        parse_bracket_results("QF1,Alice,9-x\n", "s")


@settings(max_examples=depth(25), deadline=None)
@given(st.integers(4, 20), st.integers(0, 2**32 - 1))
def test_results_round_trip(n: int, seed: int) -> None:
    rng = random.Random(seed)
    champ = Championship([Player(f"J{i}", 1500 + i) for i in range(n)])
    for rnd in range(1, 5):
        for p in pair_round(champ).pairs:
            if p.b is None:
                champ.record_bye(rnd, p.a)
            elif rng.random() < 0.2:
                champ.record_forfeit(rnd, p.a, p.b, rng.choice([p.a, p.b, None]))
            else:
                champ.record_match(rnd, p.a, p.b, p.a, 9, (9, rng.randint(0, 8)))
    again = parse_results(format_results(champ))
    assert sorted(again, key=repr) == sorted(champ.results, key=repr)


# --- CLI -----------------------------------------------------------------------------


def _files(tmp_path: Path, n: int = 10) -> tuple[Path, Path]:
    players = tmp_path / "players.csv"
    players.write_text(
        "name,elo,club,licence\n" + "".join(f"P{i},{1900 - 50 * i}\n" for i in range(n)),
        encoding="utf-8",
    )
    results = tmp_path / "results.csv"
    results.write_text("round,player_a,player_b,winner\n", encoding="utf-8")
    return players, results


def _run(capsys: pytest.CaptureFixture[str], *argv: str, lang: str = "fr") -> tuple[int, str, str]:
    status = main(["--lang", lang, "backgammon", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_full_swiss_then_brackets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players, results = _files(tmp_path, 10)
    lines = ["round,player_a,player_b,winner"]
    for rnd in range(1, 8):
        status, out, _ = _run(
            capsys, "pair", "--players", str(players), "--results", str(results), "--json"
        )
        assert status == 0
        data = json.loads(out)
        assert data["round"] == rnd
        assert [p["table"] for p in data["pairs"]] == list(range(1, 6))
        for p in data["pairs"]:
            assert p["b"] != "BYE"  # 10 players: no bye
            lines.append(f"{rnd},{p['a']},{p['b']},{p['a']}")
        results.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, _ = _run(
        capsys, "standings", "--players", str(players), "--results", str(results), "--json"
    )
    table = json.loads(out)
    assert {"rank", "name", "points", "buchholz", "performance", "d"} <= set(table[0])
    assert sum(row["points"] for row in table) == 35
    status, out, err = _run(
        capsys, "bracket", "--players", str(players), "--results", str(results), "--json"
    )
    if status == 2:  # a tie among the top 8: settle it with play-offs
        assert "barrage nécessaire" in err
        return
    data = json.loads(out)
    assert [m["id"] for m in data["final"]] == ["QF1", "QF2", "QF3", "QF4", "SF1", "SF2", "F"]
    names = [r["name"] for r in table]
    assert (data["final"][0]["top"], data["final"][0]["bottom"]) == (names[0], names[7])
    assert data["final"][4]["top"] == {
        "code": "bracket.winner_of",
        "params": {"match": "QF1"},
        "text": "vainqueur QF1",
    }
    assert data["consolation"][-1]["round"] == {
        "code": "bracket.round.consolation_final",
        "params": {},
        "text": "Consolante, finale",
    }


def test_cli_pair_explain_and_bye(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players, _ = _files(tmp_path, 5)
    status, out, _ = _run(capsys, "pair", "--players", str(players), "--explain", "--json")
    data = json.loads(out)
    assert data["pairs"][-1]["b"] == "BYE" and data["pairs"][-1]["a"] == "P4"
    bye = data["pairs"][-1]["explanation"]
    assert bye["code"] == "swiss.bye"
    assert bye["params"]["bye_points"] == 0.5 and bye["params"]["elo"] == 1700
    assert bye["params"]["among"]["code"] == "swiss.bye.never_exempt"
    assert bye["text"] == (
        "Exempt (0,5 pt) : moins de points (0) puis plus faible ELO (1700), parmi les joueurs "
        "jamais exemptés."
    )
    assert data["explain"][-1]["text"] == "Table 3 : P4 - exempt : " + bye["text"]
    status, out, _ = _run(capsys, "pair", "--players", str(players), "--explain")
    assert "exempt" in out and "moitié haute" in out and "(0,5 pt)" in out
    status, out, _ = _run(capsys, "pair", "--players", str(players), "--explain", lang="en")
    assert "Bye (0.5 pt): fewest points (0) then lowest ELO (1700)" in out


def test_cli_withdraw_and_late(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players, _ = _files(tmp_path, 6)
    status, out, _ = _run(
        capsys, "pair", "--players", str(players), "--withdraw", "P0:0", "--late", "P1:2",
        "--json",
    )  # fmt: skip
    seated = {x for p in json.loads(out)["pairs"] for x in (p["a"], p["b"])}
    assert seated == {"P2", "P3", "P4", "P5"}


def test_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players, results = _files(tmp_path, 4)
    results.write_text("1,P0,Nobody,P0\n", encoding="utf-8")
    status, _, err = _run(capsys, "pair", "--players", str(players), "--results", str(results))
    assert status == 2 and err == f"arbitre : erreur : {results} : joueur « Nobody » inconnu\n"
    status, _, err = _run(capsys, "standings", "--players", str(tmp_path / "missing.csv"))
    assert status == 2 and err.startswith("arbitre : erreur :")
    status, _, err = _run(capsys, "bracket", "--players", str(players))
    assert status == 2 and "le tableau a besoin des résultats des 7 rondes" in err
    status, _, err = _run(capsys, "bracket", "--players", str(players), lang="en")
    assert status == 2 and "the Swiss stage is not finished" in err


def test_cli_lateness(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "lateness", "--minutes", "35", "--length", "7", "--json")
    assert json.loads(out) == {
        "minutes_late": 35.0,
        "penalty_points": 4,
        "disqualified": True,
        "message": {
            "code": "lateness.disqualified",
            "params": {"penalty": 4, "score": "4/0"},
            "text": "4 points de pénalité : joueur disqualifié",
        },
    }
    status, out, _ = _run(capsys, "lateness", "--minutes", "26", "--length", "7")
    assert out == "2 points de pénalité (score 2/0)\n"
    status, out, _ = _run(capsys, "lateness", "--clock", "10", "16", "--json")
    assert json.loads(out) == {
        "deduction_a": 5.0,
        "deduction_b": 11.0,
        "message": {
            "code": "lateness.clock",
            "params": {"a_minutes": 5.0, "b_minutes": 11.0},
            "text": "temps retiré : A 5 min, B 11 min",
        },
    }
    status, out, _ = _run(capsys, "lateness", "--clock", "15", "16")
    assert out == "temps retiré : A 7,5 min, B 8,5 min\n"
    status, _, err = _run(capsys, "lateness")
    assert status == 2


def test_cli_bracket_results_and_playoff(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ten players, favourites win: the eight qualified are P0, P1, P2, P3, P5, P4, P7, P6
    (P5 scores 4 points, P4 3; ties settled by D): QF1 P0-P7, QF2 P3-P5."""
    players, results = _files(tmp_path, 10)
    lines = ["round,player_a,player_b,winner"]
    champ = Championship([Player(f"P{i}", 1900 - 50 * i) for i in range(10)])
    for rnd in range(1, 8):
        for p in pair_round(champ).pairs:
            assert p.b is not None
            champ.record_match(rnd, p.a, p.b, p.a)
            lines.append(f"{rnd},{p.a},{p.b},{p.a}")
    results.write_text("\n".join(lines) + "\n", encoding="utf-8")
    bracket = tmp_path / "bracket.csv"
    bracket.write_text("match,winner,sets\nQF1,P7,5-9 9-7 10-11\nQF2,P3\n", encoding="utf-8")
    common = ["--players", str(players), "--results", str(results)]
    status, out, err = _run(capsys, "bracket", *common, "--bracket-results", str(bracket), "--json")
    assert status == 0, err
    data = json.loads(out)
    qf1 = data["final"][0]
    assert (qf1["top"], qf1["bottom"], qf1["winner"]) == ("P0", "P7", "P7")
    assert qf1["set_scores"] == [[5, 9], [9, 7], [10, 11]]
    assert (data["final"][1]["top"], data["final"][1]["bottom"]) == ("P3", "P5")
    assert (data["final"][4]["top"], data["final"][4]["bottom"]) == ("P7", "P3")
    consolation_slots = [x for m in data["consolation"] for x in (m["top"], m["bottom"])]
    assert "P0" in consolation_slots and "P5" in consolation_slots  # losers of QF1, QF2
    bad = tmp_path / "bad.csv"
    bad.write_text("QF1,P7,9-5 9-7\n", encoding="utf-8")
    status, _, err = _run(capsys, "bracket", *common, "--bracket-results", str(bad))
    assert status == 2 and err == "arbitre : erreur : QF1 : les sets contredisent le vainqueur\n"
