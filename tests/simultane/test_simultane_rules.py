"""A simultané's type fixes M or D (seed 002, B.3.2), its number of games (A.2.3), and its
games are opened at the official start, not a second before."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from arbitre.ranking import simultane
from arbitre.ranking.simultane import SimultaneRefused, check, figures, released

START = datetime(2027, 3, 12, 13, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("code", "m", "d"),
    [
        # B.3.2: « sont fixes le M des Simultanés Fédéraux en 1 partie (M=150), le M des
        # parties de Simultanés Permanents (M=100), le M des TSAP en 2 parties (M = 300) »
        ("SF", 150, None),
        ("SP", 100, None),
        ("TSAP", 300, None),
        # B.3.2: Simultané Mondial D = 0,1; Blitz and semi-rapide D = 0,5; Handicap and
        # Jeunes D = 0,2; phase 1 D = 0,2; Vermeil qualification and VerDiam D = 0,2
        ("SM", None, 10),
        ("SMB", None, 50),
        ("SH", None, 20),
        ("SJ", None, 20),
        ("CF1", None, 20),
        ("VQ", None, 20),
        ("VD", None, 20),
        # events by centres keep the ordinary M and D
        ("CENTRES", None, None),
    ],
)
def test_002_B_3_2_the_type_fixes_m_or_d(code: str, m: int | None, d: int | None) -> None:
    assert figures(code) == simultane.Figures(m, d)
    assert figures(code.lower()) == figures(code)


@pytest.mark.parametrize("code", ["TH", "GC", "CFF", "PAIRS", "ZZ"])
def test_a_type_that_is_not_a_simultane_is_refused(code: str) -> None:
    with pytest.raises(SimultaneRefused) as refused:
        figures(code)
    assert refused.value.message.code == "ranking.simultane.type"


def test_002_A_2_3_sf_and_sp_are_one_game_a_tsap_two() -> None:
    check("SF de mars", "SF", 1, 180, aware=True)
    check("TSAP", "TSAP", 2, 180, aware=True)
    check("Mondial", "SM", 3, 180, aware=True)
    for code, games in (("SF", 2), ("SP", 3)):
        with pytest.raises(SimultaneRefused, match="one_game"):
            check("X", code, games, 180, aware=True)
    for games in (1, 3):
        with pytest.raises(SimultaneRefused, match="tsap"):
            check("X", "TSAP", games, 180, aware=True)


@pytest.mark.parametrize(
    ("name", "games", "seconds", "aware", "code"),
    [
        (" ", 1, 180, True, "name"),
        ("X", 0, 180, True, "games"),
        ("X", 1, 29, True, "seconds"),
        ("X", 1, 601, True, "seconds"),
        ("X", 1, 180, False, "no_zone"),
    ],
)
def test_what_cannot_be_published_says_why(
    name: str, games: int, seconds: int, aware: bool, code: str
) -> None:
    with pytest.raises(SimultaneRefused) as refused:
        check(name, "SM", games, seconds, aware=aware)
    assert refused.value.message.code == f"ranking.simultane.{code}"


def test_the_games_open_at_the_start_not_a_second_before() -> None:
    assert not released(START - timedelta(seconds=1), START)
    assert released(START, START)
    assert released(START + timedelta(hours=3), START)
    # the same instant in another zone (a centre overseas)
    assert released(START.astimezone(simultane_zone()), START)


def simultane_zone():  # type: ignore[no-untyped-def]
    from zoneinfo import ZoneInfo

    return ZoneInfo("America/Martinique")
