"""Titles and medals at a Duplicate event (seed 002, A.3 and A.4)."""

from __future__ import annotations

import pytest

from arbitre.i18n import word
from arbitre.ranking.titles import (
    Championship,
    Contender,
    Decider,
    PlayoffFormat,
    TieDecision,
    Title,
    TitleError,
    TitleSettings,
    designate,
    playoff_format,
)

INDIVIDUAL = TitleSettings(Championship.INDIVIDUAL)


def fr(licence: str, place: int, series: int = 5, **kw: object) -> Contender:
    kw.setdefault("nationality", "FR")
    return Contender(licence, place, series, **kw)  # type: ignore[arg-type]


def by_key(titles: list[Title]) -> dict[str, Title]:
    return {t.key: t for t in titles}


def podium(title: Title) -> list[tuple[str, int, str]]:
    return [("+".join(m.licences), m.rank, m.medal) for m in title.medallists]


def codes(title: Title) -> list[str]:
    return [n.code.removeprefix("ranking.titles.") for n in title.notes]


def test_002_A4_series_titles_ignore_players_of_other_series() -> None:
    players = [fr("a", 1, 4), fr("b", 2, 3), fr("c", 3, 3), fr("d", 4, 4), fr("e", 5, 3)]
    titles = by_key(designate(players, INDIVIDUAL))
    assert podium(titles["S3"]) == [("b", 1, "gold"), ("c", 2, "silver"), ("e", 3, "bronze")]
    assert podium(titles["S4"]) == [("a", 1, "gold"), ("d", 2, "silver")]
    assert podium(titles["overall"]) == [("a", 1, "gold"), ("b", 2, "silver"), ("c", 3, "bronze")]


def test_002_A4_age_category_titles_likewise() -> None:
    players = [
        fr("a", 1, 2),
        fr("b", 2, 5, category="V"),
        fr("c", 3, 1),
        fr("d", 4, 6, category="V"),
    ]
    titles = by_key(designate(players, INDIVIDUAL))
    assert podium(titles["category:V"]) == [("b", 1, "gold"), ("d", 2, "silver")]
    assert word(titles["category:V"].name) == "titre V"


def test_002_A4_official_title_tie_goes_to_the_fewest_tops_lost() -> None:
    players = [fr("a", 1, tops_lost=5), fr("b", 1, tops_lost=3), fr("c", 3, tops_lost=1)]
    overall = designate(players, INDIVIDUAL)[0]
    assert podium(overall) == [("b", 1, "gold"), ("a", 2, "silver"), ("c", 3, "bronze")]
    assert codes(overall) == ["tops_lost"]
    assert overall.pending is None


@pytest.mark.parametrize("kind", [Championship.OTHER, Championship.PROMOTION])
def test_002_A4_elsewhere_a_title_tie_stays_ex_aequo(kind: Championship) -> None:
    players = [fr("a", 1, tops_lost=5), fr("b", 1, tops_lost=3), fr("c", 3)]
    overall = designate(players, TitleSettings(kind))[0]
    assert podium(overall) == [("a", 1, "gold"), ("b", 1, "gold"), ("c", 3, "bronze")]
    assert codes(overall) == ["ex_aequo"]


def test_002_A4_series_title_ties_are_not_broken_even_at_the_individual() -> None:
    players = [fr("x", 1, 1), fr("a", 2, 3, tops_lost=9), fr("b", 2, 3, tops_lost=2), fr("c", 4, 3)]
    s3 = by_key(designate(players, INDIVIDUAL))["S3"]
    assert podium(s3) == [("a", 1, "gold"), ("b", 1, "gold"), ("c", 3, "bronze")]
    assert codes(s3) == ["ex_aequo"]


def test_002_A4_espoir_vermeil_diamant_titles_broken_under_18_not() -> None:
    players = [
        fr("a", 1, 2, category="Espoirs", tops_lost=4),
        fr("b", 1, 2, category="Espoirs", tops_lost=6),
        fr("c", 3, 4, category="-18", tops_lost=1),
        fr("d", 3, 4, category="-18", tops_lost=8),
    ]
    titles = by_key(designate(players, INDIVIDUAL))
    assert podium(titles["category:Espoirs"]) == [("a", 1, "gold"), ("b", 2, "silver")]
    assert podium(titles["category:-18"]) == [("c", 1, "gold"), ("d", 1, "gold")]


def test_002_A4_level_on_tops_lost_the_title_awaits_its_play_off() -> None:
    players = [
        fr("a", 1, tops_lost=4, name="DUPONT"),
        fr("b", 1, tops_lost=4),
        fr("c", 1, tops_lost=7),
    ]
    overall = designate(players, INDIVIDUAL)[0]
    assert overall.tied == ("a", "b")
    assert overall.pending is not None
    assert word(overall.pending) == (
        "DUPONT (a), b à égalité pour le titre : départage en mort subite (3 coups en blitz, "
        "suite en 40 secondes), une partie complète au plus ; tirage au sort s'ils le refusent "
        "(002 A.4)"
    )
    # meanwhile both stand first, and the third (more tops lost) second
    assert podium(overall) == [("a", 1, "gold"), ("b", 1, "gold"), ("c", 2, "silver")]


@pytest.mark.parametrize(
    ("decision", "expected", "note"),
    [
        (
            TieDecision(Decider.PLAYOFF, "b"),
            [("b", 1, "gold"), ("a", 2, "silver")],
            "decided_playoff",
        ),
        (
            TieDecision(Decider.GRAND_PRIX, "a"),
            [("a", 1, "gold"), ("b", 2, "silver")],
            "decided_grand_prix",
        ),
        (TieDecision(Decider.LOTS, "b"), [("b", 1, "gold"), ("a", 2, "silver")], "lots"),
        # one full play-off game still level: ex aequo for good
        (TieDecision(Decider.PLAYOFF, None), [("a", 1, "gold"), ("b", 1, "gold")], "still_level"),
    ],
)
def test_002_A4_play_off_grand_prix_or_lots_recorded(
    decision: TieDecision, expected: list[tuple[str, int, str]], note: str
) -> None:
    players = [fr("a", 1, tops_lost=4), fr("b", 1, tops_lost=4), fr("c", 3, tops_lost=0)]
    overall = designate(players, INDIVIDUAL, {"overall": decision})[0]
    assert podium(overall) == [*expected, ("c", 3, "bronze")]
    assert codes(overall) == [note] and overall.pending is None


def test_recorded_decisions_that_do_not_fit_are_refused() -> None:
    tied = [fr("a", 1, tops_lost=4), fr("b", 1, tops_lost=4), fr("c", 3)]
    with pytest.raises(TitleError) as caught:
        designate(tied, INDIVIDUAL, {"overall": TieDecision(Decider.LOTS, None)})
    assert caught.value.message.code == "ranking.titles.winner_needed"
    with pytest.raises(TitleError) as caught:
        designate(tied, INDIVIDUAL, {"overall": TieDecision(Decider.PLAYOFF, "c")})
    assert caught.value.message.code == "ranking.titles.not_tied"
    with pytest.raises(TitleError) as caught:  # the series title keeps its tie: nothing to decide
        designate(tied, INDIVIDUAL, {"S5": TieDecision(Decider.PLAYOFF, "a")})
    assert caught.value.message.params == {"title": "S5"}
    with pytest.raises(TitleError):  # the tops lost decided it already
        designate(
            [fr("a", 1, tops_lost=1), fr("b", 1, tops_lost=4)],
            INDIVIDUAL,
            {"overall": TieDecision(Decider.PLAYOFF, "b")},
        )
    with pytest.raises(TitleError):
        designate(tied, INDIVIDUAL, {"S9": TieDecision(Decider.PLAYOFF, "a")})


def test_002_A4_play_off_formats() -> None:
    assert playoff_format(Championship.INDIVIDUAL) is PlayoffFormat.BLITZ_THEN_40S
    assert playoff_format(Championship.PAIRS) is PlayoffFormat.BLITZ_THEN_40S
    assert playoff_format(Championship.ESPOIRS) is PlayoffFormat.BLITZ_THEN_40S
    assert playoff_format(Championship.ORIGINAL) is PlayoffFormat.JOKER_BLITZ
    assert playoff_format(Championship.VERMEIL) is PlayoffFormat.BLITZ
    assert playoff_format(Championship.INDIVIDUAL, "Diamants") is PlayoffFormat.BLITZ


def test_002_A4_missing_tops_lost_send_the_tie_to_the_play_off() -> None:
    overall = designate([fr("a", 1, tops_lost=2), fr("b", 1)], INDIVIDUAL)[0]
    assert codes(overall) == ["tops_missing"] and overall.tied == ("a", "b")


def test_002_A3_national_titles_and_podiums_only_to_its_nationals() -> None:
    players = [
        Contender("be", 1, 3, nationality="BE", name="PEETERS"),
        fr("a", 2, 3),
        Contender("x", 3, 3, name="SANS"),  # nationality unknown
        fr("b", 4, 3),
        fr("c", 5, 3),
        Contender("ch", 6, 3, nationality="CH"),  # below the podium: no note
    ]
    titles = by_key(designate(players, INDIVIDUAL))
    for key in ("overall", "S3"):
        assert podium(titles[key]) == [("a", 1, "gold"), ("b", 2, "silver"), ("c", 3, "bronze")]
        assert codes(titles[key]) == ["not_national", "nationality_unknown"]
    assert word(titles["S3"].notes[0]) == (
        "PEETERS (be), nationalité BE : ni titre ni podium national (002 A.3)"
    )
    # a non-national event (a TH): everyone
    open_ = designate(players, TitleSettings(national=False))[0]
    assert podium(open_)[0] == ("be", 1, "gold")


def test_002_A4_pairs_title_to_the_pair_with_fewer_tops_lost() -> None:
    players = [
        fr("a1", 1, 2, pair="A", tops_lost=3),
        fr("a2", 1, 4, pair="A", tops_lost=3),
        fr("b1", 1, 3, pair="B", tops_lost=2),
        fr("b2", 1, 3, pair="B", tops_lost=2),
        fr("c1", 5, 3, pair="C"),
        Contender("c2", 5, 3, pair="C", nationality="BE"),
    ]
    titles = by_key(designate(players, TitleSettings(Championship.PAIRS)))
    # A.3: a pair with a foreign player has no national podium
    assert podium(titles["overall"]) == [("b1+b2", 1, "gold"), ("a1+a2", 2, "silver")]
    # a series title goes to a pair whose two players are of that series
    assert podium(titles["S3"]) == [("b1+b2", 1, "gold")]
    assert "S2" in titles and podium(titles["S2"]) == []
