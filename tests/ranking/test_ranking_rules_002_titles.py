"""Titles and medals at a Duplicate event (seed 002, A.3 and A.4)."""

from __future__ import annotations

import pytest

from arbitre.common import Message
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
    contenders_from,
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
        fr("b", 1, tops_lost=4, name="MARTIN"),
        fr("a", 1, tops_lost=4, name="DUPONT"),
        fr("c", 1, tops_lost=7),
    ]
    overall = designate(players, INDIVIDUAL)[0]
    assert overall.tied == ("a", "b")  # named in alphabetical order
    assert overall.pending is not None
    assert word(overall.pending) == (
        "DUPONT (a), MARTIN (b) à égalité pour le titre : départage en mort subite (3 coups en blitz, "
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


def as_dicts(title: Title) -> list[dict[str, object]]:
    return [n.as_dict() for n in title.notes]


def test_explanations_carry_the_players_and_figures() -> None:
    p = [fr("a", 1, tops_lost=2, name="A"), fr("b", 1, tops_lost=5, name="B")]
    assert as_dicts(designate(p, INDIVIDUAL)[0]) == [
        {"code": "ranking.titles.tops_lost", "params": {"players": "A (a)", "tops": 2}}
    ]
    p = [fr("a", 1, name="A"), fr("b", 1, tops_lost=1, name="B")]
    t = designate(p, INDIVIDUAL, {"overall": TieDecision(Decider.PLAYOFF, None)})[0]
    assert as_dicts(t) == [
        {"code": "ranking.titles.tops_missing", "params": {"players": "A (a), B (b)"}},
        {"code": "ranking.titles.still_level", "params": {"players": "A (a), B (b)"}},
    ]
    t = designate(p, INDIVIDUAL, {"overall": TieDecision(Decider.LOTS, "b")})[0]
    assert as_dicts(t)[1] == {"code": "ranking.titles.lots", "params": {"winner": "B (b)"}}
    assert t.tied == () and t.medallists[0].unit == "b"
    pending = designate(p, TitleSettings(Championship.ORIGINAL))[0].pending
    assert pending is not None and pending.as_dict() == {
        "code": "ranking.titles.playoff",
        "params": {
            "players": "A (a), B (b)",
            "format": {"code": "ranking.titles.format.joker_blitz", "params": {}},
        },
    }
    unknown = [Contender("x", 1, 3, name="X"), fr("a", 2, 3)]
    assert as_dicts(designate(unknown, INDIVIDUAL)[0]) == [
        {"code": "ranking.titles.nationality_unknown", "params": {"player": "X (x)"}}
    ]
    s3 = designate(unknown, INDIVIDUAL)[1]
    assert s3.name.as_dict() == {"code": "ranking.titles.series", "params": {"series": 3}}


def test_refusals_name_the_title_and_the_winner() -> None:
    tied = [fr("a", 1, tops_lost=4), fr("b", 1, tops_lost=4), fr("c", 3)]
    cases = [
        ({"overall": TieDecision(Decider.LOTS, None)}, ("winner_needed", {"title": "overall"})),
        (
            {"overall": TieDecision(Decider.PLAYOFF, "c")},
            ("not_tied", {"winner": "c", "title": "overall"}),
        ),
        ({"S5": TieDecision(Decider.PLAYOFF, "a")}, ("no_tie", {"title": "S5"})),
        ({"S9": TieDecision(Decider.PLAYOFF, "a")}, ("no_tie", {"title": "S9"})),
    ]
    for decisions, (code, params) in cases:
        with pytest.raises(TitleError) as caught:
            designate(tied, INDIVIDUAL, decisions)
        assert caught.value.message.as_dict() == {
            "code": f"ranking.titles.{code}",
            "params": params,
        }
    single = [fr("a", 1), fr("b", 2)]
    for kind in (Championship.INDIVIDUAL, Championship.OTHER):
        with pytest.raises(TitleError) as caught:
            designate(single, TitleSettings(kind), {"overall": TieDecision(Decider.LOTS, "a")})
        assert caught.value.message.params == {"title": "overall"}
    with pytest.raises(TitleError) as caught:  # a series tie kept: nothing to decide
        designate(
            [fr("a", 1, 3), fr("b", 1, 3)],
            TitleSettings(Championship.OTHER),
            {"overall": TieDecision(Decider.LOTS, "a")},
        )
    assert caught.value.message.params == {"title": "overall"}
    # a tie for the title already broken by the tops lost: no play-off to record either
    with pytest.raises(TitleError) as caught:
        designate(
            [fr("a", 1, tops_lost=1), fr("b", 1, tops_lost=2)],
            INDIVIDUAL,
            {"overall": TieDecision(Decider.PLAYOFF, "a")},
        )
    assert caught.value.message.params == {"title": "overall"}


def test_002_A4_the_fewest_tops_lost_shared_by_several_names_them_all() -> None:
    """Three level for the title, two with the fewest tops lost: the note names both (in
    alphabetical order), and the title awaits their play-off; a title without a tie has no
    players level."""
    players = [
        fr("a", 1, tops_lost=2, name="A"),
        fr("b", 1, tops_lost=2, name="B"),
        fr("c", 1, tops_lost=3, name="C"),
    ]
    overall = designate(players, INDIVIDUAL)[0]
    assert overall.notes[0].as_dict() == {
        "code": "ranking.titles.tops_lost",
        "params": {"players": "A (a), B (b)", "tops": 2},
    }
    assert overall.tied == ("a", "b")
    alone = designate([fr("a", 1), fr("b", 2)], INDIVIDUAL)[0]
    assert alone.tied == () and alone.pending is None


def test_vermeil_category_play_off_is_blitz_at_any_championship() -> None:
    assert playoff_format(Championship.INDIVIDUAL, "Vermeils") is PlayoffFormat.BLITZ
    assert playoff_format(Championship.INDIVIDUAL, "Espoir") is PlayoffFormat.BLITZ_THEN_40S
    p = [
        fr("a", 1, category="Vermeil", tops_lost=1),
        fr("b", 1, category="Vermeil", tops_lost=1),
    ]
    titles = by_key(designate(p, TitleSettings(Championship.OTHER)))
    assert titles["category:Vermeil"].pending is None  # not a championship: ex aequo
    titles = by_key(designate(p, INDIVIDUAL, {"overall": TieDecision(Decider.PLAYOFF, "a")}))
    pending = titles["category:Vermeil"].pending
    assert pending is not None
    assert pending.params["format"] == Message.of("ranking.titles.format.blitz")
    # the series title of the same players keeps its tie
    assert titles["S5"].pending is None and [m.rank for m in titles["S5"].medallists] == [1, 1]


def test_contenders_from_places_by_totals_pairs_and_the_licensee_file() -> None:
    from arbitre.ranking import Entry
    from arbitre.ranking.licensees import LicenseeRecord
    from arbitre.ranking.results_import import ImportedRow

    rows = [
        ImportedRow(2, Entry(1, "1", "A", 2, "", "p"), "Ana", total=60, tops_lost=1),
        ImportedRow(3, Entry(2, "2", "B", 3, "", "p"), "Bo", total=60, tops_lost=2),
        ImportedRow(4, Entry(3, "3", "C", 4), category="J", total=50),
        ImportedRow(5, Entry(4, "4", "D", 5), total=49),
    ]
    people = {
        "1": LicenseeRecord(2, "1", "A", category="V", nationality="FR"),
        "3": LicenseeRecord(4, "3", "C", category="E", nationality="BE"),
    }
    got = contenders_from(rows, people)
    assert [(c.place, c.pair, c.category, c.nationality, c.name) for c in got] == [
        (1, "p", "V", "FR", "A Ana"),
        (1, "p", "", "", "B Bo"),
        (3, "", "J", "BE", "C"),
        (4, "", "", "", "D"),
    ]
    # without every total, the file's places are kept
    partial = [rows[0], ImportedRow(3, Entry(2, "2", "B", 3), total=None)]
    assert [c.place for c in contenders_from(partial, people)] == [1, 2]
    # ... even where two rows with a total are level (the file broke that tie itself)
    level = [rows[0], rows[1], ImportedRow(4, Entry(3, "3", "C", 4), total=None)]
    assert [c.place for c in contenders_from(level, people)] == [1, 2, 3]
