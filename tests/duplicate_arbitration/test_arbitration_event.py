"""Game sheets and standings of a Duplicate event (seed 004 2.6.4, 4.6, 4.7, 5.1; 002 A.4)."""

from __future__ import annotations

import pytest

from arbitre.duplicate import sanctions as S
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.event import Event, EventSettings, GameRecordScores, Player


def ok(score: int) -> Decision:
    return Decision(score, S.NONE)


def warned(score: int) -> Decision:
    return Decision(score, S.SCORE_WRONG)


def players(n: int, **kw: object) -> list[Player]:
    return [Player(licence=f"L{i:02d}", name=f"JOUEUR{i:02d}", **kw) for i in range(n)]  # type: ignore[arg-type]


def game_with(n_players: int, best: int) -> tuple[Event, GameRecordScores]:
    """Move 1 (top 50): player 0 scores ``best``, everybody else 20."""
    ps = players(n_players)
    game = GameRecordScores("TH1", tops=[50])
    for i, p in enumerate(ps):
        game.decisions[p.licence] = [ok(best if i == 0 else 20)]
    return Event("Test", ps, [game]), game


def test_solo_needs_sixteen_players() -> None:
    event15, game15 = game_with(15, 30)
    assert event15.solos(game15) == {}
    assert event15.sheet(game15, "L00").total == 30
    event16, game16 = game_with(16, 30)
    assert event16.solos(game16) == {1: "L00"}
    # +10 even below the top (2.6.4): 30 + 10
    assert event16.sheet(game16, "L00").total == 40
    assert event16.sheet(game16, "L00").solos == 1


def test_no_solo_when_two_players_share_the_best_score() -> None:
    event, game = game_with(16, 30)
    game.decisions["L01"] = [ok(30)]
    event = Event("Test", event.players, [game])
    assert event.solos(game) == {}


def test_fourth_warning_costs_five_points_and_each_later_one() -> None:
    ps = players(2)
    game = GameRecordScores("TH1", tops=[10] * 6)
    game.decisions["L00"] = [warned(10)] * 3 + [ok(10)] * 3
    game.decisions["L01"] = [warned(10)] * 5 + [ok(10)]
    event = Event("Test", ps, [game])
    three = event.sheet(game, "L00")
    five = event.sheet(game, "L01")
    assert (three.warnings, three.penalty, three.total) == (3, 0, 60)
    assert (five.warnings, five.penalty, five.total) == (5, 10, 50)


def test_004_4_7_every_warning_counts_disciplinary_ones_included() -> None:
    """4.7 counts every warning (ruling Duplicate 6): three warnings for a score and a
    disciplinary one (4.4) are four, the fourth costs 5 points; the setting counts the
    disciplinary ones apart, the three others cost nothing."""
    ps = players(1)
    game = GameRecordScores("TH1", tops=[10] * 4)
    game.decisions["L00"] = [warned(10)] * 3 + [Decision(10, S.NONE, disciplinary_warning=True)]
    sheet = Event("T", ps, [game]).sheet(game, "L00")
    assert (sheet.warnings, sheet.disciplinary_warnings, sheet.penalty, sheet.total) == (
        3,
        1,
        5,
        35,
    )
    apart = Event("T", ps, [game], EventSettings(disciplinary_in_penalty=False))
    assert apart.sheet(game, "L00").penalty == 0


def test_004_4_4_disciplinary_warning_on_a_warned_move_counts_twice() -> None:
    """4.4: a disciplinary warning adds to the move's other warning: two moves each with a
    score warning and a disciplinary one make four warnings, 5 points off (4.7)."""
    ps = players(1)
    game = GameRecordScores("TH1", tops=[10] * 2)
    game.decisions["L00"] = [Decision(10, S.SCORE_WRONG, disciplinary_warning=True)] * 2
    assert Event("T", ps, [game]).sheet(game, "L00").penalty == 5


def test_late_player_scores_zero_on_moves_already_played() -> None:
    ps = players(2)
    game = GameRecordScores("TH1", tops=[10, 20, 30], late_from={"L01": 3})
    game.decisions["L00"] = [ok(10), ok(20), ok(30)]
    game.decisions["L01"] = [ok(10), ok(20), ok(30)]  # entered by mistake: still 0 (5.1)
    sheet = Event("T", ps, [game]).sheet(game, "L01")
    assert [line.score for line in sheet.lines] == [0, 0, 30]
    assert sheet.tops_lost == 2 and sheet.difference == -30


def test_compensation_is_the_mean_of_the_arbiters_players_capped() -> None:
    ps = [
        Player("A1", "UN", arbiter="A"),
        Player("A2", "DEUX", arbiter="A"),
        Player("A3", "TROIS", arbiter="A"),
        Player("B1", "QUATRE", arbiter="B"),
    ]
    refused = Decision(0, S.INVALID_WORD, invalid_word="RUSA", proposed_score=40, compensation=True)
    game = GameRecordScores("TH1", tops=[50])
    game.decisions = {"A1": [refused], "A2": [ok(50)], "A3": [ok(25)], "B1": [ok(50)]}
    event = Event("T", ps, [game])
    # mean of arbiter A's players, zeros included: (0 + 50 + 25) / 3 = 25
    assert event.move_scores(game, 1)["A1"] == 25
    capped = Decision(0, S.INVALID_WORD, invalid_word="RUSA", proposed_score=12, compensation=True)
    game.decisions["A1"] = [capped]
    assert Event("T", ps, [game]).move_scores(game, 1)["A1"] == 12


def test_004_5_1_a_compensation_for_a_player_not_yet_at_the_table_scores_0() -> None:
    """4.6 compensates with the mean of the arbiter's players *at the table*; a player who
    arrived for a later move (5.1) is not at the table: the move scores 0 for them, whatever
    their ballot says (found by the kept standings' stateful test: a late player alone with
    their arbiter made the mean 0/0)."""
    ps = [Player("A1", "UN", arbiter="A"), Player("B1", "DEUX", arbiter="B")]
    refused = Decision(0, S.INVALID_WORD, invalid_word="RUSA", proposed_score=0, compensation=True)
    game = GameRecordScores("TH1", tops=[20, 30], late_from={"A1": 2})
    game.decisions = {"A1": [refused, ok(30)], "B1": [ok(20), ok(30)]}
    event = Event("T", ps, [game])
    assert event.move_scores(game, 1) == {"A1": 0, "B1": 20}
    assert event.move_scores(game, 2) == {"A1": 30, "B1": 30}


def test_002_A4_title_tie_broken_by_tops_lost_only_at_a_title_other_ties_ex_aequo() -> None:
    ps = players(5, series=4, category="V")
    g1 = GameRecordScores("TH1", tops=[50, 50])
    g1.decisions = {
        "L00": [ok(50), ok(30)],  # 80, one top lost
        "L01": [ok(40), ok(40)],  # 80, two tops lost
        "L02": [ok(40), ok(40)],  # 80, two tops lost
        "L03": [ok(50), ok(50)],  # 100, title alone
        "L04": [ok(50), ok(50)],  # 100, title alone too
    }
    event = Event("T", ps, [g1])
    rows = event.standings()
    # L03 and L04 tie for the title with no top lost: still ex aequo after the tie-break;
    # the tie at 80 is not for the title: ex aequo although tops lost differ
    assert [(r.player.licence, r.rank, r.ex_aequo) for r in rows] == [
        ("L03", 1, True),
        ("L04", 1, True),
        ("L00", 3, True),
        ("L01", 3, True),
        ("L02", 3, True),
    ]
    assert rows[0].percentage == 100.0 and rows[2].difference == -20
    # rulings (federation ranking) 8: at an ordinary event a tie for first place with
    # different tops lost stays ex aequo...
    g1.decisions["L04"] = [ok(60), ok(40)]  # 100 too, one top lost
    rows = Event("T", ps, [g1]).standings()
    assert [(r.player.licence, r.rank, r.ex_aequo) for r in rows[:2]] == [
        ("L03", 1, True),
        ("L04", 1, True),
    ]
    # ...and at an official title (002 A.4) the fewest tops lost break it
    title = EventSettings(title_tie_break=True)
    rows = Event("T", ps, [g1], title).standings()
    assert [(r.player.licence, r.rank, r.ex_aequo) for r in rows[:2]] == [
        ("L03", 1, False),
        ("L04", 2, False),
    ]
    # by series: ties are not broken (002 A.4), not even for first place of a title
    by_series = Event("T", ps, [g1], title).standings(series=4)
    assert [(r.player.licence, r.rank) for r in by_series[:2]] == [("L03", 1), ("L04", 1)]
    assert [r.player.licence for r in event.standings(category="J")] == []


def test_no_solo_and_no_top_lost_before_every_ballot_is_in() -> None:
    event, game = game_with(16, 30)
    game.decisions["L05"] = [None]
    event = Event("Test", event.players, [game])
    assert event.solos(game) == {}  # announced at the end of the move's entry only
    assert event.sheet(game, "L05").tops_lost == 0


def test_standings_sum_several_games() -> None:
    ps = players(2)
    g1 = GameRecordScores("TH1", tops=[50])
    g2 = GameRecordScores("TH2", tops=[60])
    g1.decisions = {"L00": [ok(50)], "L01": [ok(10)]}
    g2.decisions = {"L00": [ok(0)], "L01": [ok(60)]}
    rows = Event("T", ps, [g1, g2]).standings()
    assert [(r.player.licence, r.games, r.total) for r in rows] == [
        ("L01", (10, 60), 70),
        ("L00", (50, 0), 50),
    ]


def test_standings_are_provisional_while_a_ballot_of_a_played_move_is_missing() -> None:
    """A missing ballot counts 0 until it is entered: the standings say how many are missing
    (issue 21); a player who arrived late is not waited for on the moves before (5.1)."""
    ps = players(3)
    game = GameRecordScores("TH1", tops=[10, 20])
    game.decisions["L00"] = [ok(10), ok(20)]
    game.decisions["L01"] = [ok(10), None]  # move 2 not entered yet
    game.decisions["L02"] = [None, ok(5)]  # arrived for move 2
    game.late_from["L02"] = 2
    table = Event("Test", ps, [game]).standings_table()
    assert table.missing_ballots == 1 and table.to_json()["missing_ballots"] == 1
    game.decisions["L01"][1] = ok(12)
    assert Event("Test", ps, [game]).standings_table().missing_ballots == 0


def test_ex_aequo_players_listed_in_french_alphabetical_order() -> None:
    """Players tied are listed alphabetically as a French reader expects: ÉMILE between
    DUPONT and FABRE, not after ZOLA as plain string order would put it."""
    names = ["ZOLA", "ÉMILE", "FABRE", "DUPONT", "Œuvre", "ODIN"]
    ps = [Player(licence=f"L{i}", name=n) for i, n in enumerate(names)]
    game = GameRecordScores("TH1", tops=[50])
    game.decisions = {p.licence: [ok(20)] for p in ps}
    rows = Event("T", ps, [game]).standings()
    assert [r.player.name for r in rows] == ["DUPONT", "ÉMILE", "FABRE", "ODIN", "Œuvre", "ZOLA"]
    assert {r.rank for r in rows} == {1}


def test_withdrawn_player_keeps_what_was_played_and_scores_zero_from_the_withdrawal() -> None:
    """A player who withdraws during the event (the project's ruling, the seed being silent):
    the moves played stay, every move from the withdrawal on scores 0 and counts as a top
    lost, no ballot of theirs is awaited (the standings are not provisional for it), and the
    standings mark them while still ranking them by total."""
    ps = players(3)
    g1 = GameRecordScores("TH1", tops=[10, 20, 30], withdrawn_from={"L02": 3})
    g2 = GameRecordScores("TH2", tops=[40], withdrawn_from={"L02": 1})
    g1.decisions = {
        "L00": [ok(10), ok(20), ok(30)],
        "L01": [ok(5), ok(5), ok(5)],
        "L02": [ok(10), ok(20), None],
    }
    g2.decisions = {"L00": [ok(40)], "L01": [ok(40)], "L02": [ok(40)]}  # 40: never counted
    event = Event("T", ps, [g1, g2])
    sheet = event.sheet(g1, "L02")
    assert [line.score for line in sheet.lines] == [10, 20, 0]
    assert [line.absence for line in sheet.lines] == ["", "", "withdrawn"]
    assert sheet.tops_lost == 1 and sheet.total == 30
    assert event.sheet(g2, "L02").total == 0 and event.sheet(g2, "L02").tops_lost == 1
    assert event.missing_ballots() == 0
    table = event.standings_table()
    assert [(r.player.licence, r.total, r.withdrawn) for r in table.rows] == [
        ("L00", 100, False),
        ("L01", 55, False),
        ("L02", 30, True),
    ]
    assert table.to_json()["standings"][2]["withdrawn"] is True


def test_withdrawn_player_is_not_awaited_nor_in_the_arbiters_mean() -> None:
    """Once withdrawn, a player's missing ballot holds no solo back, and the 4.6
    compensation is the mean of the arbiter's players still at the table."""
    ps = [Player(f"L{i:02d}", f"J{i:02d}", arbiter="A") for i in range(16)]
    refused = Decision(0, S.INVALID_WORD, invalid_word="RUSA", proposed_score=40, compensation=True)
    game = GameRecordScores("TH1", tops=[50], withdrawn_from={"L15": 1})
    game.decisions = {p.licence: [ok(30)] for p in ps[2:15]}
    game.decisions["L00"] = [ok(50)]
    game.decisions["L01"] = [refused]
    event = Event("T", ps, [game])
    assert event.solos(game) == {1: "L00"}
    # (50 + 0 + 13 x 30) / 15 = 29 (the withdrawn player's 0 is not among them: 27 with it)
    assert event.move_scores(game, 1)["L01"] == 29
    late = GameRecordScores("TH1", tops=[50], late_from={"L15": 2}, decisions=game.decisions)
    assert Event("T", ps, [late]).move_scores(late, 1)["L01"] == 29
    assert Event("T", ps, [late]).sheet(late, "L15").lines[0].absence == "late"


def test_the_sheet_of_a_licence_not_registered_is_refused() -> None:
    event, game = game_with(3, 30)
    assert event.sheet(game, "L02").total == 20
    with pytest.raises(KeyError):
        event.sheet(game, "L99")
