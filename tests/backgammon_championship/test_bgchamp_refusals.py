"""Refusals of the championship's data and files: a message code with its parameters,
worded in French (the director's language) or in English."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.backgammon.championship import Championship, ChampionshipError, Player
from arbitre.backgammon.championship.csvfiles import parse_results, read_results
from arbitre.backgammon.championship.model import MatchResult, ResultKind
from arbitre.common.messages import Message
from arbitre.i18n import word as say
from tests.support import refusal_of, refuses


def test_players_refused() -> None:
    for name in ("", " Ana"):
        with refuses(ChampionshipError, "championship.invalid_name", name=name):
            Player(name, 1500)
    for name in ("bye", "forfeit:Ana"):
        with refuses(ChampionshipError, "championship.reserved_name", name=name):
            Player(name, 1500)
    with refuses(
        ChampionshipError, "championship.elo_range", name="Ana", elo=4001, low=0, high=4000
    ):
        Player("Ana", 4001)
    with refuses(ChampionshipError, "championship.duplicate_player", name="Ana"):
        Championship([Player("Ana", 1500), Player("Ana", 1600)])


def test_results_refused() -> None:
    with refuses(ChampionshipError, "championship.round_start", round=0):
        MatchResult(0, "A", "B", "A")
    with refuses(ChampionshipError, "championship.bye_alone", round=1, player="A"):
        MatchResult(1, "A", None, "A", ResultKind.BYE)
    with refuses(ChampionshipError, "championship.two_players", round=2):
        MatchResult(2, "A", None, "A")
    forfeit = {"round": 1, "winner": "C", "a": "A", "b": "B"}
    with refuses(ChampionshipError, "championship.forfeit_winner_unknown", **forfeit):
        MatchResult(1, "A", "B", "C", ResultKind.FORFEIT)
    with refuses(ChampionshipError, "championship.match_length", round=1, length=0):
        MatchResult(1, "A", "B", "A", ResultKind.PLAYED, 0)
    result = MatchResult(3, "A", "B", "A")
    with refuses(ChampionshipError, "championship.not_in_match", round=3, player="C", a="A", b="B"):
        result.opponent_of("C")


def test_championship_requests_refused() -> None:
    champ = Championship([Player("A", 1500), Player("B", 1400), Player("C", 1300)])
    with refuses(ChampionshipError, "championship.after_round", player="A", round=-1):
        champ.withdraw("A", -1)
    with refuses(ChampionshipError, "championship.first_round", player="A", round=0):
        champ.arrive_late("A", 0)
    champ.record_match(1, "A", "B", "A")
    with refuses(ChampionshipError, "championship.already_has_result", round=1, player="A"):
        champ.record_match(1, "A", "C", "A")
    champ.withdraw("C", 0)
    with refuses(ChampionshipError, "championship.not_present", round=1, player="C"):
        champ.record_bye(1, "C")
    with refuses(ChampionshipError, "championship.playoff_players", player="A"):
        champ.record_playoff("A", "A")
    assert say(refusal_of(ChampionshipError, champ.record_playoff, "B", "B")) == (
        "un barrage oppose deux joueurs différents (B deux fois)"
    )


def _line(reason: Message, line: int = 1) -> dict[str, object]:
    return {"source": "results", "line": line, "reason": reason}


@pytest.mark.parametrize(
    ("text", "field"),
    [("1,A,B,A,x\n", "match_length"), ("1,A,B,A,9,x,3\n", "score")],
)
def test_results_file_cells_must_be_numbers(text: str, field: str) -> None:
    value = "x"
    reason = Message.of(
        "championship_csv.not_integer",
        field=Message.of(f"championship_csv.field.{field}"),
        value=value,
    )
    with refuses(ChampionshipError, "championship_csv.line", **_line(reason)):  # type: ignore[arg-type]
        parse_results(text)


def test_results_file_refusals_worded_with_the_line(tmp_path: Path) -> None:
    text = "round,player_a,player_b,winner\n1,A,B,A,9,8,3\n"
    refusal = refusal_of(ChampionshipError, parse_results, text)
    assert say(refusal) == (
        "results, ligne 2 : ronde 1 : le score 8-3 ne termine pas un match en 9 points gagné par A"
    )
    assert say(refusal, "en") == (
        "results, line 2: round 1: score 8-3 does not end a 9-point match won by A"
    )
    latin = tmp_path / "r.csv"
    latin.write_bytes("1,Zoé,B,Zoé\n".encode("latin-1"))
    with refuses(ChampionshipError, "championship_csv.not_utf8", source=str(latin)):
        read_results(latin)
