"""Final bracket and consolation (seed 003, "Tableau final", "Consolation")."""

from __future__ import annotations

import pytest

from arbitre.backgammon.championship import Championship, ChampionshipError, Player, pair_round
from arbitre.backgammon.championship.bracket import (
    BracketSettings,
    Ref,
    SetScore,
    build_brackets,
    final_bracket,
    plan_consolation,
    qualified,
    recount,
    won_round,
)
from arbitre.backgammon.championship.tiebreak import standings
from arbitre.common.messages import Message
from tests.backgammon_championship.test_bgchamp_pairing import _field, _play_favourites
from tests.support import refuses


def _sixteen() -> Championship:
    """16 players, favourites win all 7 rounds. Final ranking (points, D): A 7, B 6, C 5,
    then E, D, F, G, H, J, K on 4 points separated by D; I 3..."""
    champ = _field(16)
    for _ in range(7):
        _play_favourites(champ, pair_round(champ))
    return champ


def test_final_bracket_seeding() -> None:
    champ = _sixteen()
    q = [s.name for s in standings(champ)[:8]]
    assert q == ["A", "B", "C", "E", "D", "F", "G", "H"]
    b = final_bracket(champ)
    pairs = [(b.matches[m].top, b.matches[m].bottom) for m in ("QF1", "QF2", "QF3", "QF4")]
    # 1-8, 4-5, 3-6, 2-7 from top to bottom
    assert pairs == [(q[0], q[7]), (q[3], q[4]), (q[2], q[5]), (q[1], q[6])]
    assert b.matches["QF1"].sets == (9, 9, 11)
    assert b.matches["SF2"].sets == (9, 9, 11)
    assert b.matches["F"].sets == (11, 11, 11)


def test_winners_advance_and_sets_are_checked() -> None:
    b = final_bracket(_sixteen())
    assert b.players("SF1") == (None, None)
    b.record("QF1", "H", (SetScore(9, 5), SetScore(3, 9), SetScore(7, 11)))
    b.record("QF2", "E", (SetScore(9, 2), SetScore(9, 8)))
    assert b.players("SF1") == ("H", "E")
    assert b.loser("QF1") == "A"
    with refuses(ChampionshipError, "bracket.set_after_win", match="QF3", set=3):
        b.record("QF3", "C", (SetScore(9, 2), SetScore(9, 8), SetScore(11, 3)))
    not_a_9_point_set = {"match": "QF3", "set": 1, "top": 8, "bottom": 2, "length": 9}
    with refuses(ChampionshipError, "bracket.set_not_final", **not_a_9_point_set):
        b.record("QF3", "C", (SetScore(8, 2), SetScore(9, 8)))
    decider = {"match": "QF3", "set": 3, "top": 9, "bottom": 3, "length": 11}
    with refuses(ChampionshipError, "bracket.set_not_final", **decider):
        b.record("QF3", "C", (SetScore(9, 2), SetScore(2, 9), SetScore(9, 3)))  # decider is 11
    with refuses(ChampionshipError, "bracket.sets_contradict", match="QF3"):
        b.record("QF3", "F", (SetScore(9, 2), SetScore(9, 8)))
    with refuses(
        ChampionshipError, "bracket.not_a_player", match="QF3", winner="A", top="C", bottom="F"
    ):
        b.record("QF3", "A")
    with refuses(ChampionshipError, "bracket.players_unknown", match="F"):
        b.record("F", "A")
    b.record("QF3", "C")
    b.record("QF4", "B")
    b.record("SF1", "E")
    b.record("SF2", "B")
    short = {"match": "F", "set": 1, "top": 9, "bottom": 2, "length": 11}
    with refuses(ChampionshipError, "bracket.set_not_final", **short):
        b.record("F", "E", (SetScore(9, 2), SetScore(9, 8)))
    b.record("F", "E", (SetScore(11, 2), SetScore(11, 8)))
    assert b.winner("F") == "E"


def test_bracket_needs_the_whole_swiss_stage() -> None:
    champ = _field(16)
    for _ in range(6):
        _play_favourites(champ, pair_round(champ))
    with refuses(ChampionshipError, "bracket.swiss_unfinished", rounds=7):
        final_bracket(champ)


def test_set_lengths_are_settings() -> None:
    settings = BracketSettings(quarter_final=(7, 7, 9), final=(13,))
    b = final_bracket(_sixteen(), settings)
    assert b.matches["QF2"].sets == (7, 7, 9)
    assert b.matches["F"].sets == (13,)
    with refuses(
        ChampionshipError,
        "bracket.sets_setting",
        stage=Message.of("bracket.stage.final"),
        sets="11, 11",
    ):
        BracketSettings(final=(11, 11))


def test_unsettled_tie_at_the_cut_needs_a_playoff() -> None:
    champ = Championship([Player(f"P{i}", 1500) for i in range(10)])
    champ.settings.rounds = 1
    for i in range(0, 10, 2):
        champ.record_match(1, f"P{i}", f"P{i + 1}", f"P{i}")
    # five winners tied on points and D, five losers tied: the cut (8th/9th) is a tie
    with refuses(ChampionshipError, "bracket.playoff_needed", players="P1, P3, P5, P7, P9"):
        qualified(champ)
    for w, lo in [("P1", "P3"), ("P1", "P5"), ("P1", "P7"), ("P3", "P5"), ("P3", "P7"),
                  ("P5", "P7"), ("P1", "P9"), ("P3", "P9"), ("P5", "P9")]:  # fmt: skip
        champ.record_playoff(w, lo)
    q = qualified(champ)
    assert set(q) == {"P0", "P2", "P4", "P6", "P8", "P1", "P3", "P5"}
    # the five winners are still tied: their seeds need play-offs too
    with refuses(ChampionshipError, "bracket.playoff_needed", players="P0, P2, P4, P6, P8"):
        final_bracket(champ)


def test_withdrawn_player_does_not_qualify_nor_enter_the_consolation() -> None:
    champ = _field(16)
    champ.withdraw("A", 5)
    for _ in range(7):
        _play_favourites(champ, pair_round(champ))
    assert "A" not in qualified(champ)
    b = build_brackets(champ)
    assert "A" not in b.entry_levels


def test_consolation_entry_levels_sixteen() -> None:
    """Semi-final losers enter at the consolation's quarter-finals. The quarter-final
    losers and J, K (eliminated on tie-break, 4 points like H) make 6 players at the same
    level: with the 6 others to come they do not fit in the quarter-finals, so all of them
    enter one round earlier (12 places), the others directly in the 6 places left."""
    champ = _sixteen()
    b = build_brackets(champ)
    quarter_finals = Message.of("bracket.round.consolation_quarter_finals")
    round_1 = Message.of("bracket.round.consolation", round=1)
    qf = [m for m in b.matches.values() if m.round_name == quarter_finals]
    assert len(qf) == 4
    slots = [s for m in qf for s in (m.top, m.bottom)]
    assert Ref("loser", "SF1") in slots and Ref("loser", "SF2") in slots
    # the two semi-final losers are seeds 1 and 2: they can only meet in the final
    assert qf[0].top == Ref("loser", "SF1") and qf[2].top == Ref("loser", "SF2")
    same = [Ref("loser", f"QF{i}") for i in (1, 2, 3, 4)] + ["J", "K"]
    assert {b.entry_rounds[s] for s in same} == {1}
    assert b.entry_rounds[Ref("loser", "SF1")] == 2
    assert {n: b.entry_levels[n] for n in "IJKLMNOP"} == dict.fromkeys("IJKLMNOP", round_1)
    first = [(m.top, m.bottom) for m in b.matches.values() if m.id.startswith("C1-")]
    assert first == [
        (Ref("loser", "QF1"), "P"),
        (Ref("loser", "QF2"), "O"),
        (Ref("loser", "QF3"), "N"),
        (Ref("loser", "QF4"), "M"),
        ("J", "L"),
        ("K", "I"),
    ]
    consolation_final = Message.of("bracket.round.consolation_final")
    final = [m for m in b.matches.values() if m.round_name == consolation_final]
    assert len(final) == 1


def test_recount_weights_last_rounds() -> None:
    champ = _sixteen()
    # K: results by round, weighted 1,1,1,1,1,2,3
    points = {r.round: r.points_of("K") for r in champ.results_of("K")}
    expected = sum(p * {6: 2, 7: 3}.get(rnd, 1) for rnd, p in points.items())
    assert recount(champ, "K") == expected
    a_win = Championship(
        [Player("X", 1500), Player("Y", 1500), Player("Z", 1500), Player("W", 1500)]
    )
    a_win.settings.rounds = 7
    for rnd in range(1, 8):
        a_win.record_match(rnd, "X", "Y", "X" if rnd == 7 else "Y")
        a_win.record_match(rnd, "Z", "W", "Z" if rnd == 6 else "W")
    assert recount(a_win, "X") == 3 and recount(a_win, "Z") == 2
    assert won_round(a_win, "X", 7) and not won_round(a_win, "Z", 7)


def test_last_round_winners_skip_the_first_consolation_round() -> None:
    """Round 1 of the consolation is played only by players who lost the last Swiss round,
    the lowest of the re-count among them; every last-round winner enters later."""
    champ = Championship([Player(f"P{i:02d}", 2000 - 10 * i) for i in range(32)])
    for _ in range(7):
        _play_favourites(champ, pair_round(champ))
    b = build_brackets(champ)
    first = {n for m in b.matches.values() if m.id.startswith("C1-") for n in (m.top, m.bottom)}
    q = set(qualified(champ))
    tie_out = {s.name for s in standings(champ) if s.points == 4 and s.name not in q}
    pool = [p.name for p in champ.players if p.name not in q | tie_out]
    losers = {n for n in pool if not won_round(champ, n, 7)}
    assert first == {"P15", "P19", "P24", "P25", "P27", "P28", "P30", "P31"}
    assert first <= losers and len(losers) == 11
    assert min(recount(champ, n) for n in losers - first) >= max(recount(champ, n) for n in first)
    winners = [n for n in pool if won_round(champ, n, 7)]
    assert winners and all(b.entry_rounds[n] == 2 for n in winners)
    # the quarter-final losers and the 8 players eliminated on tie-break: one level
    assert len(tie_out) == 8
    same = [Ref("loser", f"QF{i}") for i in (1, 2, 3, 4)] + sorted(tie_out)
    assert {b.entry_rounds[s] for s in same} == {2}


@pytest.mark.parametrize(
    ("same", "others", "losers", "lines", "places", "first", "feeder"),
    [
        (5, 7, 4, 6, 1, 2, 8),  # 16 players, one eliminated on tie-break
        (4, 8, 4, 6, 2, 2, 8),  # 16 players, no tie on the cut, 4 lost round 7
        (4, 8, 8, 6, 2, 4, 4),  # the same, all 8 lost round 7: a plain knock-out
        (6, 6, 6, 12, 6, 0, 6),  # two eliminated on tie-break: one round earlier
        (6, 0, 0, 6, 0, 0, 0),  # two eliminated on tie-break, nobody else
        (7, 21, 11, 12, 5, 1, 20),  # 32 players, three eliminated on tie-break
        (4, 2, 1, 6, 2, 0, 2),  # 10 players: everyone enters at the quarter-finals
        (12, 30, 1, 24, 12, 0, 48),  # a single round-7 loser: no round 1 for the promise
    ],
)
def test_consolation_plans(
    same: int, others: int, losers: int, lines: int, places: int, first: int, feeder: int
) -> None:
    plan = plan_consolation(same, others, losers)
    assert (plan.level_lines, plan.places, plan.first_round, plan.feeder_size) == (
        lines,
        places,
        first,
        feeder,
    )
    assert plan.feeding == (others > places)
    # the feeding knock-out after round 1 holds the players left and yields the places
    if plan.feeding:
        assert feeder // 2 < others - first <= feeder
