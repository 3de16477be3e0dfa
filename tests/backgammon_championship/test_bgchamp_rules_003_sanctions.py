"""Sanctions at a backgammon table, pinned article by article (seed 003, 1.13, 2.4, 3.15,
4.2; clock rules 2.3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.backgammon.championship import ChampionshipError, MatchResult, ResultKind
from arbitre.backgammon.championship.csvfiles import format_results, parse_results
from arbitre.backgammon.championship.model import Championship, Player
from arbitre.backgammon.championship.sanctions import (
    Sanction,
    SanctionKind,
    abandoned_table_penalties,
    apply_sanctions,
    dice_touched_penalty,
    illegal_move_sanction_allowed,
    sanction_sets,
    time_penalty_ending,
)
from tests.support import refuses

K = SanctionKind


def played(winner: str = "Ana", score: tuple[int, int] | None = (9, 7)) -> MatchResult:
    a, b = score if score else (None, None)
    return MatchResult(3, "Ana", "Bea", winner, ResultKind.PLAYED, 9, a, b)


def test_003_3_15_illegal_moves_sanctioned_after_three_notifications() -> None:
    """3.15: "La répétition de coups illégaux peut être sanctionnée (après 3 notifications
    au directeur du tournoi)": the first two notifications allow a warning only; from the
    third, a time or a score penalty."""
    for kind in (K.TIME, K.POINTS):
        assert not illegal_move_sanction_allowed(1, kind)
        assert not illegal_move_sanction_allowed(2, kind)
        assert illegal_move_sanction_allowed(3, kind)
        assert illegal_move_sanction_allowed(4, kind)
    assert illegal_move_sanction_allowed(1, K.WARNING)


def test_003_3_15_illegal_moves_by_time_or_score_only() -> None:
    """3.15: "soit par une pénalité au temps soit par une pénalité au score": not a loss
    of the match, even at the third notification."""
    for kind in (K.LOSS, K.DISQUALIFICATION, K.EXCLUSION):
        with refuses(ChampionshipError, "sanction.illegal_move_kind", kind=kind.value):
            illegal_move_sanction_allowed(3, kind)


def test_003_3_15_point_penalty_added_to_the_opponents_score() -> None:
    """3.15, a score penalty: 2 points against Bea, who lost 9-5, give Ana 11-5; against
    Ana, who won 9-5, Bea's 5 become 7 and Ana keeps the match."""
    after = apply_sanctions(played(score=(9, 5)), [Sanction(K.POINTS, 1, 2)])
    assert (after.winner, after.score_a, after.score_b, after.decided) == ("Ana", 11, 5, "")
    after = apply_sanctions(played(score=(9, 5)), [Sanction(K.POINTS, 0, 2)])
    assert (after.winner, after.score_a, after.score_b, after.decided) == ("Ana", 9, 7, "")


def test_003_3_15_point_penalty_reaching_the_length_loses_the_match() -> None:
    """A score penalty that brings the opponent to the match length ends the match in their
    favour, the real score kept: Ana won 9-7, 2 points against her make Bea's 9."""
    after = apply_sanctions(played(score=(9, 7)), [Sanction(K.POINTS, 0, 2)])
    assert (after.winner, after.score_a, after.score_b, after.decided) == (
        "Bea",
        9,
        9,
        "penalty",
    )
    one_short = apply_sanctions(played(score=(9, 6)), [Sanction(K.POINTS, 0, 2)])
    assert (one_short.winner, one_short.score_b, one_short.decided) == ("Ana", 8, "")


def test_003_3_15_point_penalty_without_score_decides_only_from_the_length() -> None:
    """The score not written: a penalty of the whole match length gives the match to the
    opponent; a smaller one leaves the winner."""
    assert apply_sanctions(played(score=None), [Sanction(K.POINTS, 0, 8)]).winner == "Ana"
    lost = apply_sanctions(played(score=None), [Sanction(K.POINTS, 0, 9)])
    assert (lost.winner, lost.decided) == ("Bea", "penalty")
    assert apply_sanctions(played(score=None), [Sanction(K.POINTS, 1, 9)]).winner == "Ana"


def test_003_4_2_loss_of_the_match_keeps_the_real_score() -> None:
    """4.2, the director sanctions: the match lost whatever its score."""
    after = apply_sanctions(played(score=(9, 3)), [Sanction(K.LOSS, 0)])
    assert (after.winner, after.score_a, after.score_b, after.decided) == (
        "Bea",
        9,
        3,
        "penalty",
    )
    # against the loser: nothing changes
    assert apply_sanctions(played(score=(9, 3)), [Sanction(K.LOSS, 1)]) == played(score=(9, 3))


def test_003_2_4_disqualification_loses_the_match_the_event_and_the_prizes() -> None:
    """2.4: "la disqualification immédiate du joueur fautif ; ce dernier perd le droit de
    recevoir tout prix"."""
    s = Sanction(K.DISQUALIFICATION, 1)
    after = apply_sanctions(played("Bea", (4, 9)), [s])
    assert (after.winner, after.decided) == ("Ana", "disqualification")
    assert s.loses_match and s.leaves_event and s.forfeits_prizes


def test_003_1_13_exclusion_leaves_the_event_without_the_prize_rule() -> None:
    """1.13: the director may exclude a troublemaker; the prizes rule is 2.4's only."""
    s = Sanction(K.EXCLUSION, 0)
    assert s.leaves_event and s.loses_match and not s.forfeits_prizes
    assert apply_sanctions(played(), [s]).winner == "Bea"
    for kind, amount in ((K.WARNING, 0), (K.TIME, 30), (K.POINTS, 1), (K.LOSS, 0)):
        assert not Sanction(kind, 0, amount).leaves_event
        assert not Sanction(kind, 0, amount).forfeits_prizes
    assert not Sanction(K.WARNING, 0).loses_match
    assert not Sanction(K.TIME, 0, 30).loses_match


def test_warnings_and_time_penalties_leave_a_written_result() -> None:
    result = played(score=(9, 7))
    assert apply_sanctions(result, [Sanction(K.WARNING, 0), Sanction(K.TIME, 0, 300)]) == result


def test_a_forfeit_won_by_a_disqualified_player_is_won_by_nobody() -> None:
    forfeit = MatchResult(2, "Ana", "Bea", "Ana", ResultKind.FORFEIT)
    assert apply_sanctions(forfeit, [Sanction(K.DISQUALIFICATION, 0)]).winner is None
    assert apply_sanctions(forfeit, [Sanction(K.DISQUALIFICATION, 1)]).winner == "Ana"
    assert apply_sanctions(forfeit, [Sanction(K.POINTS, 0, 9)]) == forfeit


def test_a_bye_is_never_changed() -> None:
    bye = MatchResult(2, "Ana", None, None, ResultKind.BYE)
    assert apply_sanctions(bye, [Sanction(K.LOSS, 0)]) == bye


def test_003_clock_2_3_abandoned_table_five_minutes() -> None:
    """Clock rules 2.3: both players gone while the clock is neutralised: 5 minutes each;
    one gone: "la même sanction s'applique uniquement au joueur présent"."""
    assert abandoned_table_penalties(False, False) == (300, 300)
    assert abandoned_table_penalties(True, False) == (300, 0)
    assert abandoned_table_penalties(False, True) == (0, 300)
    assert abandoned_table_penalties(True, True) == (0, 0)


def test_003_clock_2_3_even_when_it_loses_the_match_both_then_score_0() -> None:
    """Clock rules 2.3: "même si cela fait perdre le match à un ou aux deux joueurs auquel
    cas les deux joueurs marquent 0 point"."""
    assert time_penalty_ending(200, 250, 300, 300) == "both_time"
    assert time_penalty_ending(300, 250, 300, 300) == "both_time"
    assert time_penalty_ending(301, 250, 300, 300) == "b"
    assert time_penalty_ending(200, 301, 300, 300) == "a"
    assert time_penalty_ending(200, 301, 0, 300) == ""


def test_the_amount_of_a_sanction_is_checked() -> None:
    with refuses(ChampionshipError, "sanction.amount", kind="points", amount=0):
        Sanction(K.POINTS, 0, 0)
    with refuses(ChampionshipError, "sanction.amount", kind="time", amount=-5):
        Sanction(K.TIME, 1, -5)
    with refuses(ChampionshipError, "sanction.amount_unused", kind="loss", amount=2):
        Sanction(K.LOSS, 0, 2)
    with refuses(ChampionshipError, "sanction.side", side=2):
        Sanction(K.WARNING, 2)
    assert Sanction(K.TIME, 1, 1).amount == 1


def test_a_result_decided_by_a_penalty_is_written_and_read_back() -> None:
    champ = Championship([Player("Ana", 1600), Player("Bea", 1500)])
    champ.record(apply_sanctions(played(score=(9, 7)), [Sanction(K.POINTS, 0, 2)]))
    text = format_results(champ)
    assert parse_results(text) == champ.results


@given(
    st.integers(0, 8),
    st.integers(1, 20),
    st.sampled_from([0, 1]),
    st.booleans(),
)
def test_a_point_penalty_never_takes_a_win_from_the_player_it_favours(
    loser_score: int, points: int, side: int, a_wins: bool
) -> None:
    """A score penalty only ever helps the sanctioned player's opponent."""
    score = (9, loser_score) if a_wins else (loser_score, 9)
    before = played("Ana" if a_wins else "Bea", score)
    after = apply_sanctions(before, [Sanction(K.POINTS, side, points)])
    opponent = "Bea" if side == 0 else "Ana"
    if before.winner == opponent:
        assert after.winner == opponent
    gained = (after.score_b - score[1]) if side == 0 else (after.score_a - score[0])
    assert gained == points


@pytest.mark.parametrize("kind", [K.LOSS, K.DISQUALIFICATION, K.EXCLUSION])
def test_sanctions_apply_in_order_points_then_loss(kind: SanctionKind) -> None:
    after = apply_sanctions(played(score=(9, 7)), [Sanction(kind, 1), Sanction(K.POINTS, 1, 3)])
    assert (after.winner, after.score_a, after.score_b) == ("Ana", 12, 7)


def test_003_2_4_a_player_disqualified_in_the_last_round_is_out_of_the_bracket() -> None:
    """2.4 and 1.13: a player disqualified or excluded takes no further part: even when
    the sanction comes in the last Swiss round, they are not among the eight qualified,
    and the ninth player takes the place."""
    from arbitre.backgammon.championship import SwissSettings, qualified, standings

    players = [Player(f"P{i}", 2000 - 10 * i) for i in range(10)]
    champ = Championship(players, settings=SwissSettings(rounds=1, match_length=5))
    for i in range(0, 10, 2):
        champ.record(MatchResult(1, f"P{i}", f"P{i + 1}", f"P{i}", ResultKind.PLAYED, 5, 5, 1))
    assert "P0" in qualified(champ)
    champ.exclude("P0", 1)
    table = standings(champ)
    assert [s.withdrawn for s in table if s.name == "P0"] == [True]
    assert "P0" not in qualified(champ) and len(qualified(champ)) == 8
    assert champ.withdrawals["P0"] == 1
    champ.exclude("P2", 3)  # a later round never undoes an earlier withdrawal
    champ.withdraw("P4", 0)
    champ.exclude("P4", 1)
    assert champ.withdrawals["P4"] == 0 and champ.withdrawals["P2"] == 3


def test_003_3_15_point_penalty_against_the_second_player() -> None:
    """The same rule for the table's second player: Bea won 9-7; 2 points against her
    bring Ana to 9: Ana wins 9-9 by the penalty."""
    after = apply_sanctions(played("Bea", (7, 9)), [Sanction(K.POINTS, 1, 2)])
    assert (after.winner, after.score_a, after.score_b, after.decided) == (
        "Ana",
        9,
        9,
        "penalty",
    )


def test_a_half_written_score_counts_as_unknown() -> None:
    half = MatchResult(3, "Ana", "Bea", "Ana", ResultKind.PLAYED, 9, None, 4)
    assert apply_sanctions(half, [Sanction(K.POINTS, 0, 2)]) == half
    assert apply_sanctions(half, [Sanction(K.POINTS, 0, 9)]).winner == "Bea"


def test_003_clock_2_3_a_time_used_up_exactly_is_used_up() -> None:
    assert time_penalty_ending(400, 300, 0, 300) == "b"
    assert time_penalty_ending(300, 400, 300, 0) == "a"


def test_003_clock_3_9_dice_picked_up_too_soon_cost_30_seconds() -> None:
    """Clock rules 3.9: "qui pénalisera alors son adversaire de 30 secondes"."""
    assert dice_touched_penalty(1) == Sanction(K.TIME, 1, 30)
    assert dice_touched_penalty(0).side == 0


QF = (9, 9, 11)  # seed 003 "Tableau final": quarter-finals 2 x 9 points, decider of 11


def test_003_3_15_point_penalty_in_the_bracket_flips_the_deciding_set() -> None:
    """3.15 in a final-stage match: top won 2-1 in sets, the decider 11-8; a 3-point
    penalty against top in that set brings bottom to 11: the set is bottom's (real score
    11-11 kept) and so is the match (2 sets to 1)."""
    sets = ((9, 4), (3, 9), (11, 8))
    out = sanction_sets(QF, sets, 0, [(Sanction(K.POINTS, 0, 3), 2)])
    assert out.winner == 1 and out.decided == "penalty"
    assert out.sets == ((9, 4), (3, 9), (11, 11))
    short = sanction_sets(QF, sets, 0, [(Sanction(K.POINTS, 0, 2), 2)])
    assert short.winner == 0 and short.decided == "" and short.sets[2] == (11, 10)


def test_003_3_15_point_penalty_leaving_the_sets_level_reopens_the_match() -> None:
    """Top won 2-0 (9-7, 9-6); 3 points against top in the second set give it to bottom:
    one set each, the decider is to be played: no winner."""
    out = sanction_sets(QF, ((9, 7), (9, 6)), 0, [(Sanction(K.POINTS, 0, 3), 1)])
    assert out.winner is None and out.decided == "penalty" and out.sets == ((9, 7), (9, 9))


def test_003_3_15_point_penalty_in_a_set_being_played_is_carried_on_the_sheet() -> None:
    """Given while a set is being played (no set index), or against the player who lost
    that set, the penalty changes no winner; the points go to the opponent's score."""
    sets = ((9, 4),)
    assert sanction_sets(QF, sets, None, [(Sanction(K.POINTS, 0, 5), None)]).sets == sets
    out = sanction_sets(QF, ((9, 4), (9, 2)), 0, [(Sanction(K.POINTS, 1, 5), 1)])
    assert out.winner == 0 and out.sets == ((9, 4), (14, 2)) and out.decided == ""


@pytest.mark.parametrize(
    ("kind", "decided"),
    [
        (K.LOSS, "penalty"),
        (K.DISQUALIFICATION, "disqualification"),
        (K.EXCLUSION, "disqualification"),
    ],
)
def test_003_4_2_2_4_1_13_a_bracket_match_lost_by_sanction(kind: K, decided: str) -> None:
    """4.2, 2.4, 1.13: the match goes to the opponent, the sets played kept: top led 1-0
    in sets and is disqualified; a match not started is lost the same way; a sanction
    against the player who won it already changes nothing."""
    out = sanction_sets(QF, ((9, 4),), None, [(Sanction(kind, 0), None)])
    assert (out.winner, out.sets, out.decided) == (1, ((9, 4),), decided)
    assert sanction_sets(QF, (), None, [(Sanction(kind, 1), None)]).winner == 0
    lost = sanction_sets(QF, ((2, 9), (4, 9)), 1, [(Sanction(kind, 0), None)])
    assert (lost.winner, lost.decided) == (1, "")


def test_003_3_15_penalty_against_the_second_player_who_won_short_of_the_length() -> None:
    """3.15: Bea (second player) won 9-3; 2 points against her bring Ana to 5 only: Bea
    keeps the match, the score 5-9."""
    won = MatchResult(3, "Ana", "Bea", "Bea", ResultKind.PLAYED, 9, 3, 9)
    after = apply_sanctions(won, [Sanction(K.POINTS, 1, 2)])
    assert (after.winner, after.score_a, after.score_b, after.decided) == ("Bea", 5, 9, "")


def test_003_3_15_bracket_penalty_in_the_first_set_and_the_bottom_player() -> None:
    """The penalty given in the first set (index 0) against bottom, who won it 9-7 and the
    match 2-0: top reaches 9, the set is top's, one set each: the match goes on. Given
    after a warning, it counts all the same; a set that does not exist is ignored."""
    sets = ((7, 9), (4, 9))
    given = [(Sanction(K.WARNING, 1), None), (Sanction(K.POINTS, 1, 2), 0)]
    out = sanction_sets(QF, sets, 1, given)
    assert (out.winner, out.sets, out.decided) == (None, ((9, 9), (4, 9)), "penalty")
    assert sanction_sets(QF, sets, 1, [(Sanction(K.POINTS, 1, 2), 2)]).sets == sets


def test_003_3_15_bracket_penalty_gives_top_the_match_in_five_sets() -> None:
    """Best of five (a setting): bottom won 3-2 in sets; a penalty against bottom in the
    last set gives it to top, who then has three sets: top wins."""
    five = (5, 5, 5, 5, 7)
    sets = ((5, 1), (2, 5), (5, 3), (1, 5), (4, 7))
    out = sanction_sets(five, sets, 1, [(Sanction(K.POINTS, 1, 3), 4)])
    assert (out.winner, out.decided) == (0, "penalty")
    four = ((5, 1), (2, 5), (3, 5), (1, 5))  # bottom 3-1: the flip leaves 2-2, play on
    assert sanction_sets(five, four, 1, [(Sanction(K.POINTS, 1, 4), 3)]).winner is None
    lost = sanction_sets(five, sets, 1, [(Sanction(K.LOSS, 1), None)])
    assert (lost.winner, lost.decided) == (0, "penalty")
    kept = sanction_sets(QF, ((9, 2), (9, 3)), 0, [(Sanction(K.LOSS, 1), None)])
    assert (kept.winner, kept.decided) == (0, "")


def test_003_4_2_a_match_at_the_wrong_length_offers_a_sanction_of_both_at_the_next_round() -> None:
    """4.2: "le directeur du tournoi peut sanctionner les deux joueurs au tour suivant et
    le perdant ne peut exiger réparation"."""
    from arbitre.backgammon.championship.sanctions import wrong_length

    assert wrong_length(9, 9, 3) is None
    offer = wrong_length(9, 7, 3)
    assert offer is not None and offer.at_round == 4
    assert offer.explanation.params["played"] == 7
    both = offer.sanctions(SanctionKind.POINTS, 1)
    assert {s.side for s in both} == {0, 1} and all(s.amount == 1 for s in both)
    assert SanctionKind.LOSS not in offer.kinds
    with pytest.raises(ChampionshipError):
        offer.sanctions(SanctionKind.LOSS)
