"""Seed 003, "Tableau final" and "Consolation" (rulings.md Backgammon 5 and 8; decisions
in docs/backgammon-championship.md).

The 8 qualified players meet top to bottom 1-8, 4-5, 3-6, 2-7, best of three sets
(quarter- and semi-finals 2 x 9 points and an 11-point decider, final 2 x 11 and 11). The
consolation is progressive: the semi-final losers and the quarter-final losers enter at its
quarter-finals; the others enter through the re-count (round 6 counted twice, round 7 three
times), the best placed entering latest, so that a 7th-round win gains a round.

The scenarios here have no player eliminated on tie-break (the 9th has fewer points than
the 8th), so they do not depend on how places are shared with such players. Names of
rounds and undecided slots are messages: the tables below give their French wording.
"""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.backgammon.championship import Championship, ChampionshipError, Player, pair_round
from arbitre.backgammon.championship.bracket import (
    BYE,
    BracketMatch,
    Brackets,
    BracketSettings,
    Ref,
    SetScore,
    build_brackets,
    consolation_bracket,
    final_bracket,
    plan_consolation,
    qualified,
    recount,
    won_round,
)
from arbitre.backgammon.championship.tiebreak import standings
from arbitre.common.messages import Message
from arbitre.i18n import word as say
from tests.support import refuses

LETTERS = "ABCDEFGHIJKLMNOP"
FINAL = Message.of("bracket.round.final")
ROUND_1 = Message.of("bracket.round.consolation", round=1)


def _swiss(n: int, upsets: tuple[int, ...]) -> Championship:
    """n players (ELO 1800, 1790, ...), 7 rounds paired by the engine; the higher ELO
    wins, except in the ``upsets`` rounds where the lower ELO wins."""
    names = [LETTERS[i] if n <= 16 else f"P{i:02d}" for i in range(n)]
    champ = Championship([Player(name, 1800 - 10 * i) for i, name in enumerate(names)])
    for rnd in range(1, 8):
        for p in pair_round(champ).pairs:
            if p.b is None:
                champ.record_bye(rnd, p.a)
                continue
            a_higher = champ.player(p.a).elo > champ.player(p.b).elo
            a_wins = a_higher != (rnd in upsets)
            champ.record_match(rnd, p.a, p.b, p.a if a_wins else p.b)
    return champ


@pytest.fixture(scope="module")
def sixteen() -> Championship:
    """16 players, upsets in rounds 2 and 7. Ranking: F 6; E, A, C 5; B, D, I, M 4 (the 8
    qualified); G, H, O, K 3; J, L, P 2; N 1."""
    return _swiss(16, (2, 7))


@pytest.fixture(scope="module")
def thirty_two() -> Championship:
    """32 players, upsets in rounds 1 and 7; 8 qualified on 5 or 6 points, the next on 4."""
    return _swiss(32, (1, 7))


def _fr(value: Any) -> Any:
    """A slot or round name of ``Brackets.to_json`` in French (a name stays a name)."""
    return say(Message.from_dict(value)) if isinstance(value, dict) else value


def _rows(b: Brackets, stage: str) -> list[tuple[str, str, str | None, str | None, list[int]]]:
    data = b.to_json()[stage]
    return [(m["id"], _fr(m["round"]), _fr(m["top"]), _fr(m["bottom"]), m["sets"]) for m in data]


def _entry(b: Brackets) -> dict[str, str]:
    """Each player's consolation entry round, in French."""
    return {name: say(level) for name, level in b.entry_levels.items()}


def test_003_tableau_final_1_8_4_5_3_6_2_7_in_sets(sixteen: Championship) -> None:
    """Final bracket from the ranking: 1st v 8th, 4th v 5th, 3rd v 6th, 2nd v 7th from top
    to bottom; quarter- and semi-finals 2 x 9 + 11, final 2 x 11 + 11."""
    ranking = [s.name for s in standings(sixteen)]
    assert ranking[:9] == ["F", "E", "A", "C", "B", "D", "I", "M", "G"]
    b = build_brackets(sixteen)
    qf, sf, f = [9, 9, 11], [9, 9, 11], [11, 11, 11]
    assert _rows(b, "final") == [
        ("QF1", "Quart de finale", "F", "M", qf),
        ("QF2", "Quart de finale", "C", "B", qf),
        ("QF3", "Quart de finale", "A", "D", qf),
        ("QF4", "Quart de finale", "E", "I", qf),
        ("SF1", "Demi-finale", "vainqueur QF1", "vainqueur QF2", sf),
        ("SF2", "Demi-finale", "vainqueur QF3", "vainqueur QF4", sf),
        ("F", "Finale", "vainqueur SF1", "vainqueur SF2", f),
    ]


def test_003_consolation_sixteen_players_no_tie_on_the_cut(sixteen: Championship) -> None:
    """16 players and nobody eliminated on tie-break: the semi-final and quarter-final
    losers at the consolation's quarter-finals, 2 places fed by the 8 others in the order
    of the re-count: O 6, K 5, H 4, P 4, G 3, L 3, J 2, N 1 (ties by the first-stage
    ranking). O, K and P won round 7: round 1 is played by the four lowest of those who
    lost it (G-N, L-J); H, who lost it too, enters in round 2 with P; O and K, the best,
    have a bye there and enter in round 3."""
    order = ["O", "K", "H", "P", "G", "L", "J", "N"]
    counts = [6, 5, 4, 4, 3, 3, 2, 1]
    assert [recount(sixteen, n) for n in order] == counts
    assert [n for n in order if won_round(sixteen, n, 7)] == ["O", "K", "P"]
    b = build_brackets(sixteen)
    c = [9]
    assert _rows(b, "consolation") == [
        ("C1-1", "Consolante, tour 1", "G", "N", c),
        ("C1-2", "Consolante, tour 1", "L", "J", c),
        ("C2-1", "Consolante, tour 2", "P", "vainqueur C1-1", c),
        ("C2-2", "Consolante, tour 2", "H", "vainqueur C1-2", c),
        ("C3-1", "Consolante, tour 3", "O", "vainqueur C2-1", c),
        ("C3-2", "Consolante, tour 3", "K", "vainqueur C2-2", c),
        ("C4-1", "Consolante, quarts de finale", "perdant SF1", "vainqueur C3-2", c),
        ("C4-2", "Consolante, quarts de finale", "perdant QF2", "perdant QF3", c),
        ("C4-3", "Consolante, quarts de finale", "perdant SF2", "vainqueur C3-1", c),
        ("C4-4", "Consolante, quarts de finale", "perdant QF1", "perdant QF4", c),
        ("C5-1", "Consolante, demi-finales", "vainqueur C4-1", "vainqueur C4-2", c),
        ("C5-2", "Consolante, demi-finales", "vainqueur C4-3", "vainqueur C4-4", c),
        ("C6-1", "Consolante, finale", "vainqueur C5-1", "vainqueur C5-2", c),
    ]
    assert _entry(b) == {
        **dict.fromkeys("GNLJ", "Consolante, tour 1"),
        **dict.fromkeys("PH", "Consolante, tour 2"),
        **dict.fromkeys("OK", "Consolante, tour 3"),
    }
    assert b.to_json()["consolation"][0]["round"] == ROUND_1.as_dict()


def test_003_consolation_a_7th_round_win_gains_a_round(thirty_two: Championship) -> None:
    """Seed: "toute victoire à la 7ème ronde garantit de gagner au moins tour dans la
    consolation". 32 players, nobody eliminated on tie-break: 24 players feed 2 places.
    The 14 who lost round 7 play round 1 (7 matches, the best against the lowest); the 10
    who won it enter in round 2, every one of them, the lowest re-counts (P29, P31: 4)
    included."""
    b = build_brackets(thirty_two)
    entry = _entry(b)
    pool = list(b.entry_rounds)
    others = [n for n in pool if isinstance(n, str)]
    assert len(others) == 24
    winners = {n for n in others if won_round(thirty_two, n, 7)}
    first = {n for n, level in entry.items() if level == "Consolante, tour 1"}
    assert len(winners) == 10 and not winners & first
    assert first == set(others) - winners
    assert all(b.entry_rounds[n] == 2 for n in winners)
    assert [recount(thirty_two, n) for n in ("P29", "P31")] == [4, 4]
    rows = _rows(b, "consolation")
    assert [r[:4] for r in rows[:9]] == [
        ("C1-1", "Consolante, tour 1", "P04", "P30"),
        ("C1-2", "Consolante, tour 1", "P05", "P15"),
        ("C1-3", "Consolante, tour 1", "P03", "P24"),
        ("C1-4", "Consolante, tour 1", "P22", "P23"),
        ("C1-5", "Consolante, tour 1", "P12", "P14"),
        ("C1-6", "Consolante, tour 1", "P13", "P11"),
        ("C1-7", "Consolante, tour 1", "P09", "P10"),
        ("C2-1", "Consolante, tour 2", "vainqueur C1-6", "vainqueur C1-7"),
        ("C3-1", "Consolante, tour 3", "P20", "vainqueur C2-1"),
    ]
    assert [r[1] for r in rows[9:]] == (
        ["Consolante, tour 3"] * 7
        + ["Consolante, tour 4"] * 4
        + ["Consolante, tour 5"] * 2
        + ["Consolante, quarts de finale"] * 4
        + ["Consolante, demi-finales"] * 2
        + ["Consolante, finale"]
    )


def test_003_consolation_settings_are_used(sixteen: Championship) -> None:
    """Set lengths, re-count weights and the entry round's size are settings: a 7-point
    consolation, a re-count without weights (plain points, ties by the ranking), and a
    16-place entry round (everyone enters directly, byes to the best)."""
    settings = BracketSettings(
        quarter_final=(7, 7, 9), final=(13,), consolation=(7,), recount_weights=()
    )
    b = build_brackets(sixteen, settings)
    assert b.matches["QF1"].sets == (7, 7, 9)
    assert b.matches["F"].sets == (13,)
    rows = _rows(b, "consolation")
    assert all(r[4] == [7] for r in rows)
    # plain points: G, H, O, K 3; J, L, P 2; N 1 (ranking order inside equal points)
    # with plain points (G, H, O, K 3; J, L, P 2; N 1), round 1: H-N, J-L (lost round 7)
    assert [r[2:4] for r in rows[:4]] == [
        ("H", "N"),
        ("J", "L"),
        ("P", "vainqueur C1-1"),
        ("K", "vainqueur C1-2"),
    ]
    same = consolation_bracket(sixteen, settings)
    assert _rows(same, "consolation") == rows
    assert same.matches["QF2"].sets == (7, 7, 9)


def test_003_consolation_into_an_existing_bracket_keeps_its_results(
    sixteen: Championship,
) -> None:
    """The consolation can be added to a final bracket whose results are entered: the
    losers named are the real ones. Into an empty bracket, the final bracket is built."""
    b = final_bracket(sixteen)
    b.record("QF1", "M")
    out = consolation_bracket(sixteen, into=b)
    assert out is b
    assert _fr(out.to_json()["consolation"][-4]["bottom"]) == "perdant QF4"
    assert out.to_json()["consolation"][-4]["bottom"] == {
        "code": "bracket.loser_of",
        "params": {"match": "QF4"},
    }
    qf4 = next(m for m in out.to_json()["consolation"] if m["id"] == "C4-4")
    assert qf4["top"] == "F"  # F lost QF1
    kept = final_bracket(sixteen, BracketSettings(final=(13,)))
    consolation_bracket(sixteen, BracketSettings(), into=kept)
    assert kept.matches["F"].sets == (13,)  # the final bracket given is left as it is
    empty = consolation_bracket(sixteen, BracketSettings(final=(13,)), into=Brackets())
    assert empty.matches["F"].sets == (13,)
    assert _rows(empty, "consolation") == _rows(build_brackets(sixteen), "consolation")


def test_003_tableau_final_needs_every_result_of_the_last_round() -> None:
    """The bracket is built from the final ranking: a last round with a result missing
    is refused, as is a number of qualified players other than 8."""
    champ = Championship([Player(f"P{i:02d}", 1800 - 10 * i) for i in range(10)])
    champ.settings.rounds = 1
    for p in pair_round(champ).pairs[:-1]:
        champ.record_match(1, p.a, p.b or "", p.a)
    with refuses(ChampionshipError, "bracket.swiss_unfinished", rounds=1):
        final_bracket(champ)
    champ.record_match(1, "P04", "P09", "P04")
    assert qualified(champ) == ["P00", "P01", "P02", "P03", "P04", "P05", "P06", "P07"]
    assert final_bracket(champ).matches["QF1"].top == "P00"
    champ.settings.qualified = 4
    with refuses(ChampionshipError, "bracket.eight_qualified", qualified=4):
        final_bracket(champ)


def _equal_field(n: int) -> Championship:
    """n players of equal ELO; round 1: P0-P1, P2-P3, ... the first of each pair wins."""
    champ = Championship([Player(f"P{i}", 1500) for i in range(n)])
    champ.settings.rounds = 1
    for i in range(0, n - 1, 2):
        champ.record_match(1, f"P{i}", f"P{i + 1}", f"P{i}")
    return champ


def test_003_qualification_fewer_than_eight_byes_to_the_highest_ranked() -> None:
    """Eight players fill the bracket. With five eligible (a withdrawn player does not
    count), the 1st, 2nd and 3rd have byes (their opponents 8th, 7th and 6th are missing)
    and only the 4th and 5th play a quarter-final; a single player has no bracket."""
    champ = Championship([Player(f"P{i}", 1800 - 10 * i) for i in range(8)])
    champ.settings.rounds = 1
    for i in range(4):
        champ.record_match(1, f"P{i}", f"P{i + 4}", f"P{i}")
    assert qualified(champ) == [f"P{i}" for i in range(8)]
    for name in ("P5", "P6", "P7"):
        champ.withdraw(name, 0)
    assert qualified(champ) == ["P0", "P1", "P2", "P3", "P4"]
    b = build_brackets(champ)
    pairs = [b.players(m) for m in ("QF1", "QF2", "QF3", "QF4")]
    assert pairs == [("P0", BYE), ("P3", "P4"), ("P2", BYE), ("P1", BYE)]
    assert [b.winner(m) for m in ("QF1", "QF3", "QF4")] == ["P0", "P2", "P1"]
    assert b.players("SF2") == ("P2", "P1")
    with refuses(ChampionshipError, "bracket.bye_no_result", match="QF1"):
        b.record("QF1", "P0")
    b.record("QF2", "P4")
    assert b.players("SF1") == ("P0", "P4")
    # the consolation: P3 (loser of QF2) waits for the semi-final losers
    for name in ("P1", "P2", "P3", "P4"):
        champ.withdraw(name, 0)
    with refuses(ChampionshipError, "bracket.too_few_players", found=1, needed=2):
        qualified(champ)


def test_003_departage_tie_only_matters_at_the_cut_or_between_seeds() -> None:
    """Criterion 3 (play-off) is needed when players equal on points and D straddle the
    8th place, or, for the seeds of the bracket, inside the 8. A tie between the 7th and
    8th still qualifies both (but seeds need a play-off); a tie between the 9th and 10th
    changes nothing."""
    # 16 equal players: 8 winners tied, 8 losers tied
    champ = _equal_field(16)
    # winners: settle all but the last two (P12, P14) with play-offs; same for the losers
    winners = [f"P{i}" for i in range(0, 16, 2)]
    for i, w in enumerate(winners[:6]):
        for lo in winners[i + 1 :]:
            champ.record_playoff(w, lo)
    q = qualified(champ)
    assert q == winners
    with refuses(ChampionshipError, "bracket.playoff_needed", players="P12, P14"):
        qualified(champ, seeded=True)
    champ.record_playoff("P12", "P14")
    assert qualified(champ, seeded=True) == winners
    # the losers are all tied (9th to 16th): no play-off needed for the bracket
    assert final_bracket(champ).matches["QF1"].bottom == "P14"


def test_003_departage_two_tied_across_the_cut_need_a_playoff() -> None:
    """Two players equal on points and D at the 8th and 9th places: a play-off decides."""
    champ = _equal_field(18)
    winners = [f"P{i}" for i in range(0, 18, 2)]  # 9 winners for 8 places
    for i, w in enumerate(winners[:7]):
        for lo in winners[i + 1 :]:
            champ.record_playoff(w, lo)
    with refuses(ChampionshipError, "bracket.playoff_needed", players="P14, P16"):
        qualified(champ)
    champ.record_playoff("P16", "P14")
    assert qualified(champ)[-1] == "P16"


def test_003_qualification_from_the_ranking_given() -> None:
    """The qualified are the first 8 of the ranking passed (here the ranking after round
    1 of a 2-round stage, where P9 is not yet among them)."""
    champ = Championship([Player(f"P{i}", 1800 - 10 * i) for i in range(10)])
    champ.settings.rounds = 2
    for i in range(5):
        champ.record_match(1, f"P{i}", f"P{i + 5}", f"P{i}")
    champ.record_match(2, "P0", "P1", "P0")
    champ.record_match(2, "P2", "P3", "P2")
    champ.record_match(2, "P4", "P9", "P9")
    champ.record_match(2, "P5", "P6", "P5")
    champ.record_match(2, "P7", "P8", "P7")
    after1 = qualified(champ, standings(champ, 1))
    assert "P9" not in after1
    assert "P9" in qualified(champ)


def test_003_tableau_final_sets_must_end_the_match() -> None:
    """Each set is played to its length (4.1): the winner reaches it, the loser stays
    below (10-9 or 9-9 in a 9-point set is refused; 9-0 is a set); the match ends when a
    player has won the majority of the sets, and the sets must agree with the winner."""
    b = Brackets()
    b.add(BracketMatch("M", "final", FINAL, "X", "Y", (9, 9, 11)))
    for bad in (SetScore(10, 9), SetScore(9, 9), SetScore(9, -1)):
        score = {"top": bad.top, "bottom": bad.bottom}
        with refuses(
            ChampionshipError, "bracket.set_not_final", match="M", set=1, length=9, **score
        ):
            b.record("M", "X", (bad, SetScore(9, 0), SetScore(11, 0)))
    with refuses(ChampionshipError, "bracket.sets_undecided", match="M"):
        b.record("M", "X", (SetScore(9, 0),))
    with refuses(ChampionshipError, "bracket.set_after_win", match="M", set=3):
        b.record("M", "X", (SetScore(9, 0), SetScore(9, 3), SetScore(11, 0)))
    with refuses(ChampionshipError, "bracket.sets_contradict", match="M"):
        b.record("M", "Y", (SetScore(9, 0), SetScore(9, 3)))
    # a match of an even number of sets (built by hand) may end level: no further set
    b.add(BracketMatch("E", "final", FINAL, "X", "Y", (9, 9)))
    with refuses(ChampionshipError, "bracket.too_many_sets", match="E", sets=2):
        b.record("E", "X", (SetScore(9, 0), SetScore(0, 9), SetScore(9, 0)))
    b.record("M", "X", (SetScore(9, 0), SetScore(0, 9), SetScore(11, 10)))
    assert b.to_json()["final"][0] == {
        "id": "M",
        "round": FINAL.as_dict(),
        "top": "X",
        "bottom": "Y",
        "sets": [9, 9, 11],
        "winner": "X",
        "set_scores": [[9, 0], [0, 9], [11, 10]],
    }
    assert b.loser("M") == "Y"
    # best of five sets: two sets do not decide, three do
    b.add(BracketMatch("B5", "final", FINAL, "X", "Y", (5, 5, 5, 5, 5)))
    with refuses(ChampionshipError, "bracket.sets_undecided", match="B5"):
        b.record("B5", "Y", (SetScore(0, 5), SetScore(0, 5)))
    b.record("B5", "Y", (SetScore(0, 5), SetScore(5, 4), SetScore(0, 5), SetScore(3, 5)))
    assert b.winner("B5") == "Y"


def test_003_tableau_final_results_need_both_players(sixteen: Championship) -> None:
    """A semi-final cannot be entered while one of its quarter-finals is not decided."""
    b = final_bracket(sixteen)
    b.record("QF1", "F")
    assert b.players("SF1") == ("F", None)
    with refuses(ChampionshipError, "bracket.players_unknown", match="SF1"):
        b.record("SF1", "F")
    with refuses(ChampionshipError, "bracket.unknown_match", match="SF3"):
        b.record("SF3", "F")
    b.record("QF2", "B")
    b.record("SF1", "B", (SetScore(3, 9), SetScore(9, 8), SetScore(10, 11)))
    assert b.to_json()["final"][4]["set_scores"] == [[3, 9], [9, 8], [10, 11]]
    assert b.to_json()["final"][6]["top"] == "B"


def test_003_consolation_a_bye_goes_through_without_a_match() -> None:
    """A player facing a bye goes through; no result can be entered for a bye."""
    b = Brackets()
    b.add(BracketMatch("X1", "consolation", ROUND_1, "X", BYE, (9,)))
    b.add(BracketMatch("X2", "consolation", ROUND_1, BYE, "Y", (9,)))
    b.add(BracketMatch("X3", "consolation", ROUND_1, BYE, BYE, (9,)))
    b.add(BracketMatch("X4", "consolation", ROUND_1, Ref("winner", "Z"), BYE, (9,)))
    b.add(BracketMatch("Z", "consolation", ROUND_1, "U", "V", (9,)))
    assert [b.winner(m) for m in ("X1", "X2", "X3", "X4")] == ["X", "Y", BYE, None]
    assert [b.loser(m) for m in ("X1", "X2", "X3", "X4")] == [BYE, BYE, BYE, None]
    with refuses(ChampionshipError, "bracket.bye_no_result", match="X1"):
        b.record("X1", "X")
    b.record("Z", "V")
    assert b.winner("X4") == "V"
    assert b.to_json()["consolation"][3]["top"] == "V"


def test_003_consolation_plan_same_level_and_the_round_7_promise() -> None:
    """The quarter-final losers and the players eliminated on tie-break enter at the
    quarter-finals while they fit there with room for the others (6 places), else
    together one round earlier (12 places); the first feeding round is played only by
    players who lost round 7, so many as the plain knock-out would need when there are
    enough of them."""
    assert plan_consolation(4, 8, 8).first_round == 4  # plain knock-out: 8 play round 1
    assert plan_consolation(4, 8, 5).first_round == 2  # only 4 of the 5 losers play
    assert plan_consolation(5, 1, 0).level_lines == 6  # 4 + 1 + one place: quarter-finals
    assert plan_consolation(6, 1, 0).level_lines == 12  # no room left: one round earlier
    assert plan_consolation(6, 0, 0).level_lines == 6  # nobody else: quarter-finals
    assert plan_consolation(12, 0, 0).level_lines == 12
    assert plan_consolation(12, 1, 1).level_lines == 24
    fed = plan_consolation(5, 2, 0)
    assert (fed.places, fed.feeding, fed.first_round, fed.feeder_size) == (1, True, 0, 2)


def test_003_consolation_plan_refuses_impossible_counts() -> None:
    """Negative counts, or more round-7 losers than players, are refused."""
    for same, others, losers in ((-1, 0, 0), (0, -1, 0), (0, 0, -1), (4, 2, 3)):
        with refuses(
            ChampionshipError,
            "bracket.consolation_counts",
            same=same,
            others=others,
            losers=losers,
        ):
            plan_consolation(same, others, losers)


def test_003_set_lengths_are_odd_counts_of_one_point_or_more() -> None:
    """Settings: every stage is an odd number of sets, each of 1 point or more."""
    assert BracketSettings(consolation=(1,)).consolation == (1,)
    stage = Message.of("bracket.stage.consolation")
    for bad, sets in (((), ""), ((9, 9), "9, 9"), ((9, 0, 11), "9, 0, 11")):
        with refuses(ChampionshipError, "bracket.sets_setting", stage=stage, sets=sets):
            BracketSettings(consolation=bad)
    assert say(Message.of("bracket.sets_setting", stage=stage, sets="9, 9")) == (
        "consolante : un nombre impair de sets d'au moins 1 point, pas 9, 9"
    )


def test_003_consolation_recount_uses_the_bye_points_setting() -> None:
    """The re-count counts every result's points (a bye at its setting's value), rounds 6
    and 7 weighted 2 and 3."""
    champ = Championship([Player("X", 1500), Player("Y", 1400), Player("Z", 1300)])
    champ.settings.bye_points = 1.0
    champ.record_bye(7, "X")
    champ.record_match(6, "X", "Y", "X")
    assert recount(champ, "X") == 3 * 1.0 + 2 * 1
    assert not won_round(champ, "X", 7)


def test_003_4_2_a_match_decided_by_sanction_keeps_its_sets(sixteen: Championship) -> None:
    """A quarter-final lost by a sanction (4.2, 2.4) while its loser led 1-0 in sets: the
    sets stay as played, the winner goes on to the semi-final; without ``decided`` those
    sets would contradict the winner and are refused."""
    b = build_brackets(sixteen)
    with refuses(ChampionshipError, "bracket.sets_undecided", match="QF1"):
        b.record("QF1", "M", (SetScore(9, 4),))
    b.record("QF1", "M", (SetScore(9, 4),), decided=True)
    assert b.winner("QF1") == "M" and b.players("SF1")[0] == "M"
    assert b.set_scores["QF1"] == (SetScore(9, 4),)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7])
def test_003_tableau_final_every_field_below_eight_byes_to_the_best_and_played_out(
    n: int,
) -> None:
    """Fewer than eight eligible players (2 to 7): the missing seeds are the lowest, so the
    byes of the quarter-finals go to the highest ranked, one each (the seed's 1-8, 4-5,
    3-6, 2-7 kept); the bracket and the consolation can be played to the end, no match
    waiting for a player who will never come."""
    champ = Championship([Player(f"P{i}", 1800 - 10 * i) for i in range(n)])
    champ.settings.rounds = 1
    for i in range(n // 2):
        champ.record_match(1, f"P{i}", f"P{n - 1 - i}", f"P{i}")
    if n % 2:
        champ.record_bye(1, f"P{n // 2}")
    seeds = qualified(champ, seeded=True)
    assert len(seeds) == n
    b = build_brackets(champ)
    quarter = {m: b.players(m) for m in ("QF1", "QF2", "QF3", "QF4")}
    with_bye = {
        p for top, bottom in quarter.values() for p in (top, bottom) if BYE in (top, bottom)
    } - {BYE}
    assert with_bye == set(seeds[: min(8 - n, n)])
    # play it out: the upper player wins every match that has two players
    for _ in range(len(b.matches)):
        for m in b.matches.values():
            top, bottom = b.players(m.id)
            if top and bottom and BYE not in (top, bottom) and b.winner(m.id) is None:
                b.record(m.id, top)
    assert b.winner("F") == seeds[0]
    real = set(seeds)
    for m in b.matches.values():
        top, bottom = b.players(m.id)
        assert b.winner(m.id) is not None or not ({top, bottom} & real), (n, m.id, top, bottom)
    in_consolation = {
        p for m in b.matches.values() if m.stage == "consolation" for p in b.players(m.id)
    } & real
    assert in_consolation == real - {b.players("F")[0], b.players("F")[1]}
