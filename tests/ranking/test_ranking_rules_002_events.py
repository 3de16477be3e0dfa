"""Seed 002, B.1-B.3 for one event: PP4 by event type, Y, weights, bands, refusals.

Each test names the article it pins; figures are worked from the seed's formulas.
"""

from __future__ import annotations

import pytest

from arbitre.ranking import (
    EVENT_TYPES,
    Entry,
    Event,
    PctFigure,
    event_type,
    event_weight,
    score_event,
)
from arbitre.ranking.events import score_events
from tests.ranking.helpers import refused


def make_event(code: str, games: int, series: list[int]) -> Event:
    entries = tuple(Entry(i + 1, f"L{i}", f"Player {i}", s) for i, s in enumerate(series))
    return Event(event_type(code), games, entries, name="test")


# B.2: (code, games) -> (coefficient, PP4 of the winner with 12 players of S1-S4 and 3 of S6)
# TH-like: winner = max(Y, floor / coef) x coef = the floor; centres: floor 20;
# per-game events: coef x games x Y (no floor); pairs, permanent simultanés: none (A.2.4).
PP4_BY_TYPE = {
    ("TH", 5): (1.2, 48),
    ("TH", 4): (1.1, 44),
    ("TH", 3): (1.0, 40),
    ("TH", 2): (1.0, 32),
    ("GC", 3): (1.0, 40),
    ("CENTRES", 2): (0.5, 20),
    ("TSAP", 2): (0.5, 20),
    ("SF", 1): (0.1, 1.2),
    ("SP", 1): (0, 0),
    ("ICQ", 1): (0.2, 2.4),
    ("ICF", 1): (0.5, 6),
    ("PAIRS", 3): (0, 0),
    ("CP", 3): (0, 0),
    ("CF1", 1): (0.5, 20),
    ("CF2", 4): (1.1, 44),
    ("CF3", 3): (1.0, 40),
    ("CFF", 5): (1.2, 48),
    ("VQ", 1): (0.5, 20),
    ("VD", 1): (0.5, 20),
    ("VF", 4): (1.1, 44),
    ("WI", 5): (1.2, 48),
    ("WB", 2): (1.0, 32),
    ("SM", 1): (0.5, 20),
    ("SMB", 1): (0.5, 20),
    ("SH", 1): (0.5, 20),
    ("SJ", 1): (0.5, 20),
}


def test_002_B2_pp4_table_covers_every_event_type() -> None:
    """B.2: every official event type has a PP4 rule; the table below names each one."""
    assert {code for code, _ in PP4_BY_TYPE} == set(EVENT_TYPES)


@pytest.mark.parametrize(("code", "games"), sorted(PP4_BY_TYPE))
def test_002_B2_pp4_coefficient_and_floor_of_each_event_type(code: str, games: int) -> None:
    """B.2: PP4 = max(Y - X + 1, 0) times the event's coefficient, with Y raised to the
    floor: 1.2/48 for TH5+, 1.1/44 TH4, 1/40 TH3, 1/32 TH2, 0.5/20 centres and TSAP, 0.2 and
    0.5 per Interclubs game, 0.1 for Simultanés de France (no floor)."""
    coef, winner = PP4_BY_TYPE[(code, games)]
    es = score_event(make_event(code, games, [4] * 12 + [6] * 3))
    assert es.pp4_tenths_coef == round(coef * 10)
    assert es.scores[0].pp4 == pytest.approx(winner)
    if winner >= 20:  # Y raised to floor / coef: the 15th still scores 14 coefficients less
        assert es.scores[-1].pp4 == pytest.approx(winner - 14 * coef)
    else:  # no floor: Y = 12, the 15th is beyond Y
        assert es.scores[1].pp4 == pytest.approx(coef * 11)
        assert es.scores[-1].pp4 == 0


def test_002_B2_y_counts_players_of_series_1_to_4_only() -> None:
    """B.2: Y is the number of players of series 1 to 4 engaged; series 5-7 do not count."""
    es = score_event(make_event("TH", 3, [1, 2, 3, 4] * 12 + [5] * 10 + [6, 7] * 5))
    assert es.y == 48 and es.y_used == 48
    assert es.scores[0].pp4 == 48
    assert es.scores[47].pp4 == 1
    assert es.scores[48].pp4 == 0


def test_002_B1_weight_of_series_absent_from_the_event_is_zero() -> None:
    """B.1: PoidsSn is built from the number of Sn players present; none present, no weight."""
    for code in ("TH", "SF"):
        for series in (1, 2, 3):
            assert event_weight(series, 0, 1 if code == "SF" else 3, event_type(code)) == 0


def test_002_B1_pct_figure_gives_the_place_within_the_band() -> None:
    """B.1: %Sn = (A_n - P_n + 1) / A_n, P_n the place within the band of series n."""
    es = score_event(make_event("TH", 3, [1, 2, 1, 1, 5]))
    # S1 band: places 1, 3, 4 (A_1 = 3); the S2 player at place 2 is second in it
    second = es.scores[1].pct_for(1)
    assert second == PctFigure(1, 2 / 3, 2, 3, 6.0, 0.0)
    assert es.scores[3].pct_for(1) == PctFigure(1, 1 / 3, 3, 3, 6.0, 0.0)


@pytest.mark.parametrize("code", ["TH", "GC", "PAIRS"])
def test_002_A2_2_th_gc_and_pairs_tournaments_need_two_games(code: str) -> None:
    """A.2.2: homologated tournaments (Grand Chelem included) are in 2 games or more; pairs
    tournaments are TH too (A.2.4). One game is refused."""
    with refused("2 games or more"):
        make_event(code, 1, [5, 5])
    assert score_event(make_event(code, 2, [5, 5])).m_winner == 4


def test_002_A1_entry_series_outside_1_to_7_refused() -> None:
    """A.1: series are numbered 1 to 7; an event line with series 0 or 8 is refused."""
    for series in (0, 8):
        with refused(f"series {series} not in 1-7"):
            make_event("TH", 3, [5, series])
    assert make_event("TH", 3, [1, 7]).entries[1].series == 7


def test_002_refusals_of_impossible_events_say_why() -> None:
    """Inputs the regulation makes impossible are refused, with the reason: no game, an empty
    ranking, a place 0."""
    with refused("at least 1"):
        make_event("TH", 0, [5, 5])
    with refused("ranking is empty"):
        Event(event_type("TH"), 3, ())
    with refused("place 0 is not positive"):
        Event(event_type("TH"), 3, (Entry(0, "A"), Entry(1, "B")))


def test_002_A2_unknown_event_type_lists_the_official_ones() -> None:
    """A.2: only the official events count; an unknown code is refused, naming the known ones."""
    with refused("known: TH, GC, CENTRES, TSAP, SF"):
        event_type("XX")
    assert event_type(" th ") is EVENT_TYPES["TH"]


def test_002_B_score_events_scores_each_event() -> None:
    """B.1-B.3: scoring several events gives each event's own figures, in order."""
    events = [make_event("TH", 2, [5] * 10), make_event("TH", 5, [5] * 9)]
    assert score_events(events) == [score_event(e) for e in events]
    assert [es.m_winner for es in score_events(events)] == [20, 23]
