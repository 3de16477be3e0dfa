"""Pairs Duplicate in the engines (seed 002, A.2.4 and B.3; seed 004, 5.1): a worked event
of 4 pairs over two games of two moves, checked by hand from the texts; the federation's
file lists both partners ex aequo with the pair's figures; the ranking gives them the
points A.2.4 prescribes (ranking points only, computed as for an individual event)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.duplicate import sanctions as S
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.event import Event, GameRecordScores, Player
from arbitre.duplicate.event_file import EventFileError, load_event
from arbitre.duplicate.pairs import (
    PAIR_EVENT_TYPES,
    Partner,
    check_event_type,
    individual_places,
    late_from,
    pair_label,
)
from arbitre.duplicate.results_csv import RankingInfo, read_results, results_csv
from arbitre.i18n import word as say
from arbitre.ranking.events import EVENT_TYPES, PctRule, Pp4Rule, score_event
from arbitre.ranking.results_import import ARBITRE, import_results


def ok(score: int) -> Decision:
    return Decision(score, S.NONE)


def pair(n: int, first: str, second: str, series: tuple[int, int] = (5, 5)) -> Player:
    """Pair ``n``: licences ``n01`` and ``n02``, table ``n``."""
    name1, first1 = first.split()
    name2, first2 = second.split()
    return Player(
        licence=f"{n}01",
        name=name1,
        first_name=first1,
        club="Vichy",
        series=series[0],
        table=n,
        partner=Partner(f"{n}02", name2, first2, club="Nice", series=series[1], category="V"),
    )


PAIRS = [
    pair(1, "DUPONT Anne", "MARTIN Paul", (1, 4)),
    pair(2, "BERNARD Luc", "PETIT Zoé", (2, 3)),
    pair(3, "ROUX Léa", "FAURE Marc"),
    pair(4, "BLANC Eva", "GIRARD Tom"),
]
# scores per pair and move: TH1 tops 30, 20; TH2 tops 40, 10
SCORES = {
    "101": ([30, 20], [40, 10]),  # 100: every top
    "201": ([30, 0], [40, 10]),  # 80, one top lost
    "301": ([25, 20], [25, 10]),  # 80, two tops lost
    "401": ([10, 5], [0, 10]),  # 25, three tops lost
}


def worked_event() -> Event:
    th1 = GameRecordScores("TH1", tops=[30, 20])
    th2 = GameRecordScores("TH2", tops=[40, 10])
    for licence, (one, two) in SCORES.items():
        th1.decisions[licence] = [ok(s) for s in one]
        th2.decisions[licence] = [ok(s) for s in two]
    return Event("Paires de Vichy", PAIRS, [th1, th2])


def test_a_pair_is_one_entry_one_sheet_one_line_of_the_standings() -> None:
    """One ballot per pair and move: the pair's decisions are keyed by its first licence and
    the standings rank 4 entries, not 8 players; 80 and 80 tie (no title: ex aequo)."""
    rows = worked_event().standings()
    assert [(r.rank, r.player.full_name, r.total, r.tops_lost) for r in rows] == [
        (1, "DUPONT Anne / MARTIN Paul", 100, 0),
        (2, "BERNARD Luc / PETIT Zoé", 80, 1),
        (2, "ROUX Léa / FAURE Marc", 80, 2),
        (4, "BLANC Eva / GIRARD Tom", 25, 3),
    ]
    assert [r.ex_aequo for r in rows] == [False, True, True, False]
    assert rows[0].percentage == 100.0 and rows[3].percentage == 25.0
    shown = rows[0].to_json()
    assert shown["full_name"] == "DUPONT Anne / MARTIN Paul"
    assert shown["partner"]["licence"] == "102" and shown["licence"] == "101"


def test_002_A_2_4_the_federation_file_lists_both_partners_ex_aequo() -> None:
    """An individual ranking with the two players of a pair ex aequo: the winning pair's
    two players are 1st ex aequo, the two tied pairs' four players 3rd ex aequo (two
    players above them), the last pair's two 7th ex aequo; each row has the player's own
    licence, name, club and series and the pair's table, scores and tops lost."""
    text = results_csv(worked_event(), ranking=RankingInfo(event_id="x-1"))
    rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    assert [(r["licence"], r["nom"], r["rang"], r["total"]) for r in rows] == [
        ("101", "DUPONT", "1ex", "100"),
        ("102", "MARTIN", "1ex", "100"),
        ("201", "BERNARD", "3ex", "80"),
        ("202", "PETIT", "3ex", "80"),
        ("301", "ROUX", "3ex", "80"),
        ("302", "FAURE", "3ex", "80"),
        ("401", "BLANC", "7ex", "25"),
        ("402", "GIRARD", "7ex", "25"),
    ]
    martin = rows[1]
    assert (martin["prenom"], martin["club"], martin["serie"], martin["categorie"]) == (
        "Paul",
        "Nice",
        "4",
        "V",
    )
    assert (martin["table"], martin["TH1"], martin["TH2"], martin["tops_perdus"]) == (
        "1",
        "50",
        "50",
        "0",
    )
    assert {r["type"] for r in rows} == {"PAIRS"}  # A.2.4 by default: ranking points only
    assert [r["paire"] for r in rows[:2]] == ["101/102", "101/102"]
    # the results reader still reads the file (the pair column is one more ranking column)
    assert [line.rank for line in read_results(text)] == [1, 1, 3, 3, 3, 3, 7, 7]


@pytest.mark.parametrize(
    ("type_code", "expected"),
    [
        # B.3.1-B.3.3: n = 8 players (both of each pair), 2 games: D = 2, M = 16,
        # m = 16 - 2 (P - 1) at P = 1, 3, 7
        ("PAIRS", {1: 16, 3: 12, 7: 4}),
        # B.3.2: the pairs championships have D = 1: M = 8, m = 8 - (P - 1)
        ("CP", {1: 8, 3: 6, 7: 2}),
    ],
)
def test_002_A_2_4_both_partners_get_the_same_rank_and_ranking_points_only(
    type_code: str, expected: dict[int, int]
) -> None:
    text = results_csv(worked_event(), ranking=RankingInfo(event_type=type_code))
    imported = import_results(text, ARBITRE, known={})
    scored = score_event(imported.event)
    assert scored.n == 8
    by_licence = {s.entry.licence: s for s in scored.scores}
    for n in (1, 2, 3, 4):
        first, second = by_licence[f"{n}01"], by_licence[f"{n}02"]
        assert first.place == second.place
        assert first.points == second.points == expected[first.place]
        assert first.entry.pair == second.entry.pair != ""
    # "attribution de points de classement uniquement": no PP4, no %Sn, even for the
    # partners of series 1 to 4 (pair 1: series 1 and 4; pair 2: series 2 and 3)
    assert all(s.pp4_tenths == 0 and s.pct == () for s in scored.scores)


def test_the_pairs_types_award_ranking_points_only() -> None:
    for code in PAIR_EVENT_TYPES:
        assert EVENT_TYPES[code].pp4 is Pp4Rule.NONE and EVENT_TYPES[code].pct is PctRule.NONE
    assert EVENT_TYPES["CP"].d_hundredths == 100  # B.3.2: D = 1


def test_a_pairs_event_refuses_an_individual_ranking_type_and_the_reverse() -> None:
    assert check_event_type("", True) is None and check_event_type("cp", True) is None
    refused = check_event_type("TH", True)
    assert refused is not None and refused.code == "duplicate.pairs.event_type"
    refused = check_event_type("PAIRS", False)
    assert refused is not None and refused.code == "duplicate.pairs.individual_type"
    assert check_event_type("TH", False) is None


def test_004_5_1_a_pair_is_late_only_when_both_partners_are() -> None:
    """5.1: "ou les deux joueurs, en compétition par paires": one partner on time, the
    pair plays every move; both late, it plays from the first one's arrival."""
    assert late_from(None, None) is None
    assert late_from(2, None) is None and late_from(None, 3) is None
    assert late_from(3, 2) == 2 and late_from(2, 4) == 2
    # both partners of pair 1 arrive for move 2: its move 1 counts null (its ballot too)
    both = late_from(2, 3)
    assert both == 2
    th1 = GameRecordScores("TH1", tops=[30, 20], late_from={"101": both})
    th1.decisions["101"] = [ok(30), ok(20)]
    th1.decisions["201"] = [ok(30), ok(20)]
    event = Event("E", PAIRS[:2], [th1])
    assert {r.player.licence: r.total for r in event.standings()} == {"101": 20, "201": 50}


def _oracle_places(entries: list[tuple[int, int]]) -> list[int]:
    """Every player listed one by one; a player's place is 1 + the players ranked strictly
    better (ex aequo share the better place)."""
    people = [rank for rank, size in entries for _ in range(size)]
    return [1 + sum(1 for other in people if other < rank) for rank, _ in entries]


@given(st.lists(st.tuples(st.integers(1, 12), st.integers(1, 2)), max_size=20))
def test_individual_places_hold_the_oracle(entries: list[tuple[int, int]]) -> None:
    assert individual_places(entries) == _oracle_places(entries)


def test_individual_event_exports_are_unchanged() -> None:
    """A player alone keeps their rank as it was, with no pair column."""
    game = GameRecordScores("TH1", tops=[10])
    game.decisions = {"1": [ok(10)], "2": [ok(5)]}
    text = results_csv(Event("E", [Player("1", "A"), Player("2", "B")], [game, game]))
    header = text.splitlines()[0].split(";")
    assert "paire" not in header and header[-1] == "epreuve"
    assert [line.rank for line in read_results(text)] == [1, 2]


def test_a_partner_licence_twice_in_the_event_is_refused() -> None:
    from arbitre.duplicate.event import EventError

    alone = Player("102", "SEUL")
    with pytest.raises(EventError) as refused:
        Event("E", [PAIRS[0], alone])
    assert refused.value.message.params == {"licence": "102"}


def test_the_event_file_holds_pairs(tmp_path: Path) -> None:
    """``arbitre duplicate standings``'s event file: an entry's ``partner`` is its second
    player; the results file of the command lists both, ex aequo."""
    data = {
        "format": "arbitre.duplicate.event",
        "version": 1,
        "name": "Paires",
        "players": [
            {"licence": "101", "name": "DUPONT", "first_name": "Anne",
             "partner": {"licence": "102", "name": "MARTIN", "first_name": "Paul", "series": 4}},
            {"licence": "201", "name": "ROUX",
             "partner": {"licence": "202", "name": "FAURE"}},
        ],
        "games": [{"name": "TH1", "tops": [30], "scores": {"101": [30], "201": [10]}}],
    }  # fmt: skip
    path = tmp_path / "paires.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    event = load_event(path, lambda record: set())
    assert [r.player.full_name for r in event.standings()] == [
        "DUPONT Anne / MARTIN Paul",
        "ROUX / FAURE",
    ]
    rows = list(csv.DictReader(io.StringIO(results_csv(event)), delimiter=";"))
    assert [(r["licence"], r["rang"], r["serie"]) for r in rows] == [
        ("101", "1ex", ""),
        ("102", "1ex", "4"),
        ("201", "3ex", ""),
        ("202", "3ex", ""),
    ]
    data["players"][1]["partner"] = {"licence": "202", "name": "FAURE", "series": 9}  # type: ignore[index]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EventFileError) as refused:
        load_event(path, lambda record: set())
    assert refused.value.message.params["where"].params == {"number": 2}


def test_the_refusals_of_a_ranking_type_name_the_type_and_the_pairs_types() -> None:
    """The director reads which type was given and which ones a pairs event takes."""
    refused = check_event_type(" th ", True)
    assert refused is not None
    assert refused.params == {"type": "TH", "known": "PAIRS, CP"}
    assert "PAIRS, CP" in say(refused) and "TH" in say(refused)
    refused = check_event_type("pairs", False)
    assert refused is not None and refused.params == {"type": "PAIRS"}
    assert "PAIRS" in say(refused)


def test_the_second_partner_is_shown_with_a_player_s_own_fields() -> None:
    """A.2.4: the partner is a licensee of their own; the standings show them with the same
    fields, under the same names, as the first partner (licence, names, club, series with
    its tier, category), and nothing of a seat (no table)."""
    first = Player(
        licence="101",
        name="DUPONT",
        first_name="Anne",
        club="Vichy",
        series=4,
        tier="B",
        category="V",
        partner=Partner("102", "MARTIN", "Paul", "Nice", 5, "A", "D"),
    )
    shown = first.to_json()
    partner = shown["partner"]
    assert partner == {
        "licence": "102",
        "name": "MARTIN",
        "first_name": "Paul",
        "club": "Nice",
        "series": "5A",
        "category": "D",
    }
    assert set(partner) < set(shown) and "table" not in partner


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("A" * 20, "B" * 19, "A" * 20 + "/" + "B" * 19),  # 40 characters: the two licences
        ("A" * 20, "B" * 20, "A" * 20),  # 41: the first licence alone
        ("A" * 45, "B", "A" * 40),  # the first licence itself cut to 40
    ],
)
def test_a_pair_mark_holds_at_most_40_characters(first: str, second: str, expected: str) -> None:
    assert pair_label(first, second) == expected
