"""Seed 004, 2.6.4 across centres: « tout joueur réalisant seul, sur un coup, un score
supérieur à celui de tous les autres joueurs, obtient une prime de dix points … pas accordée
si le nombre des joueurs est inférieur à seize ». In a simultané the other players are those
of every centre: a centre's own solo is lost when another centre's player reached the same
score, and a solo the centre could not give (under sixteen players there) is given when the
whole simultané has sixteen."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arbitre.duplicate.centre_results import (
    BallotResult,
    CentreResults,
    PlayerResult,
    whole_solo_scores,
    whole_solos,
    whole_totals,
    without,
)


def centre(
    prefix: str, scores: list[int], solo_of: int | None = None, count: int = 8
) -> CentreResults:
    """``count`` players; player i scored ``scores[i]`` on move 1 of game 1 (0 after);
    ``solo_of``: the player the centre judged a solo (its total has the 10 points)."""
    players, ballots = [], []
    for i in range(count):
        score = scores[i] if i < len(scores) else 0
        bonus = 10 if i == solo_of else 0
        licence = f"{prefix}{i}"
        players.append(
            PlayerResult(
                licence, f"J{prefix}{i}", "", 2, "S", (score + bonus,), score + bonus, 0, 0
            )
        )
        ballots.append(BallotResult(licence, 1, 1, score, "none", False, i == solo_of))
    return CentreResults("sim-1", "", (1,), tuple(players), tuple(ballots))


def test_004_2_6_4_a_solo_in_one_centre_of_a_small_field_counts_across_sixteen() -> None:
    a = centre("A", [50, 30])  # 8 players: no solo judged at the centre
    b = centre("B", [40, 40])
    assert whole_solos({"A": a, "B": b}) == {(1, 1): ("A", "A0")}
    totals = whole_totals({"A": a, "B": b})
    assert totals[("A", "A0")] == (60,) and totals[("B", "B0")] == (40,)


def test_004_2_6_4_a_centres_solo_matched_elsewhere_is_no_solo() -> None:
    a = centre("A", [50, 30], solo_of=0, count=16)  # judged a solo among its 16 players
    b = centre("B", [50])
    assert whole_solos({"A": a, "B": b}) == {}
    assert whole_totals({"A": a, "B": b})[("A", "A0")] == (50,)


def test_004_2_6_4_no_solo_under_sixteen_players_in_all() -> None:
    a = centre("A", [50], count=7)
    b = centre("B", [40], count=8)
    assert whole_solos({"A": a, "B": b}) == {}
    assert whole_totals({"A": a, "B": b})[("A", "A0")] == (50,)


def test_a_zero_is_never_a_solo() -> None:
    a = centre("A", [], count=16)
    assert whole_solos({"A": a}) == {}


def test_004_2_6_4_a_withdrawn_centre_and_a_removed_player_are_no_players() -> None:
    a = centre("A", [50, 30], count=9)
    b = centre("B", [50], count=8)  # 17 in all; B0 shares A0's top
    assert whole_solos({"A": a, "B": b}) == {}
    kept = without({"A": a, "B": b}, removed=frozenset({("B", "B0")}))
    assert whole_solos(kept) == {(1, 1): ("A", "A0")}  # sixteen left, A0 alone at 50
    assert [p.licence for p in kept["B"].players] == [f"B{i}" for i in range(1, 8)]
    assert whole_solos(without({"A": a, "B": b}, withdrawn=frozenset({"B"}))) == {}  # nine


@st.composite
def simultanes(draw: st.DrawFn) -> dict[str, CentreResults]:
    """Up to four centres of up to nine players, scores of moves 1-3 drawn from few values
    (ties are common), a move sometimes without a ballot."""
    out = {}
    for c in range(draw(st.integers(1, 4))):
        players, ballots = [], []
        for i in range(draw(st.integers(1, 9))):
            licence = f"{c}-{i}"
            scores = draw(st.lists(st.sampled_from([0, 10, 20, 30, None]), min_size=3, max_size=3))
            total = sum(s for s in scores if s)
            players.append(PlayerResult(licence, licence, "", 2, "S", (total,), total, 0, 0))
            ballots.extend(
                BallotResult(licence, 1, move, score, "none", False)
                for move, score in enumerate(scores, start=1)
                if score is not None
            )
        out[f"C{c}"] = CentreResults("sim-1", "", (1,), tuple(players), tuple(ballots))
    return out


@given(simultanes())
def test_004_2_6_4_solos_against_the_articles_words(centres: dict[str, CentreResults]) -> None:
    """The oracle reads the article: on a move, a player whose score is above that of every
    other player (of every centre, a missing ballot counting nothing), with sixteen players
    at least; a score of nothing is no solo."""
    players = sum(len(c.players) for c in centres.values())
    expected = {}
    for move in (1, 2, 3):
        scores = {
            (name, p.licence): next(
                (b.score for b in c.ballots if b.licence == p.licence and b.move == move), 0
            )
            for name, c in centres.items()
            for p in c.players
        }
        for who, score in scores.items():
            others = [s for w, s in scores.items() if w != who]
            if players >= 16 and score > 0 and all(score > s for s in others):
                expected[(1, move)] = who
    assert whole_solos(centres) == expected
    with_scores = whole_solo_scores(centres)
    assert {k: (c, lic) for k, (c, lic, _) in with_scores.items()} == expected
    for (_, move), (c, lic, score) in with_scores.items():
        assert any(
            b.score == score for b in centres[c].ballots if (b.licence, b.move) == (lic, move)
        )
