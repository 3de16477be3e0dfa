"""Seed 003, "Appariements" (rulings.md Backgammon 1-3; decisions in
docs/backgammon-championship.md).

Round 1: players sorted by ELO, split into two equal halves, the i-th of the top half
against the i-th of the bottom half. Later rounds: the same inside each group of equal
points, without a rematch; an odd group sends a player down (the floater); an odd number of
players: the player with the fewest points and the lowest ELO is exempt once (0.5 point).
Each table carries an explanation (a message, shown to the players in French): these tests
pin its French wording too.
"""

from __future__ import annotations

import pytest

from arbitre.backgammon.championship import (
    Championship,
    ChampionshipError,
    Player,
    RoundPairing,
    pair_round,
)
from arbitre.common.messages import Message
from arbitre.i18n import word as say
from tests.backgammon_championship.test_bgchamp_pairing_gap_oracle import _matchings
from tests.support import refuses

LETTERS = "ABCDEFGHIJKLMNOP"
HALVES = "n° {} de la moitié haute contre n° {} de la moitié basse (ELO {} contre {})"
TRANSPOSED = ", moitié basse transposée pour éviter une rencontre déjà jouée"
ODD = "plus faible ELO possible d'un groupe impair"
AVOID = "descendu pour éviter une rencontre déjà jouée"
GAP = "{} pts d'écart : aucun appariement sans rencontre répétée ne garde toutes les tables à 1 pt d'écart"


def _nine_players_after(rows: list[tuple[int, str, str, str]]) -> Championship:
    """Players P0..P8 (ELO 2000, 1990, ...) with ``rows`` recorded: (round, a, b, winner),
    winner ``"bye"`` for a bye of ``a``."""
    champ = Championship([Player(f"P{i}", 2000 - 10 * i) for i in range(9)])
    for rnd, a, b, w in rows:
        if w == "bye":
            champ.record_bye(rnd, a)
        else:
            champ.record_match(rnd, a, b, w)
    return champ


def _field(n: int) -> Championship:
    """Players A, B, C... with ELO 1800, 1700, 1600... (A is the strongest)."""
    return Championship([Player(LETTERS[i], 1800 - 100 * i) for i in range(n)])


def _favourites_win(champ: Championship, rp: RoundPairing) -> None:
    for p in rp.pairs:
        if p.b is None:
            champ.record_bye(rp.round, p.a)
        else:
            higher = p.a if champ.player(p.a).elo > champ.player(p.b).elo else p.b
            champ.record_match(rp.round, p.a, p.b, higher)


def _floater(name: str, points: str, why: str) -> str:
    return f"{name} flotteur venu du groupe à {points} ({why})"


def _lines(rp: RoundPairing) -> list[str]:
    """The pairing's explanation, worded in French."""
    return [say(line) for line in rp.explain_lines()]


def test_003_appariements_round_1_halves_by_elo_explained() -> None:
    """1st round: the best ELO of the first group meets the best ELO of the second group,
    the second the second, and so on; each table says so."""
    rp = pair_round(_field(8))
    assert rp.round == 1 and not rp.rematches
    assert _lines(rp) == [
        "Table 1 : A - E : Groupe à 0 pt : " + HALVES.format(1, 1, 1800, 1400) + ".",
        "Table 2 : B - F : Groupe à 0 pt : " + HALVES.format(2, 2, 1700, 1300) + ".",
        "Table 3 : C - G : Groupe à 0 pt : " + HALVES.format(3, 3, 1600, 1200) + ".",
        "Table 4 : D - H : Groupe à 0 pt : " + HALVES.format(4, 4, 1500, 1100) + ".",
    ]
    first = Message.of(
        "swiss.pair",
        group=Message.of("swiss.group_one", points=0),
        how=Message.of("swiss.halves", top=1, bottom=1, elo_a=1800, elo_b=1400),
    )
    assert rp.pairs[0].explanation == first
    data = rp.to_json(explain=True)
    assert data["round"] == 1
    assert data["explain"] == [line.as_dict() for line in rp.explain_lines()]
    assert data["pairs"][0] == {"table": 1, "a": "A", "b": "E", "explanation": first.as_dict()}
    assert rp.to_json() == {
        "round": 1,
        "pairs": [
            {"table": 1, "a": "A", "b": "E"},
            {"table": 2, "a": "B", "b": "F"},
            {"table": 3, "a": "C", "b": "G"},
            {"table": 4, "a": "D", "b": "H"},
        ],
    }


def test_003_appariements_score_groups_and_floater_reasons() -> None:
    """Eight players, favourites winning (worked example of the docs). Round 4: A, alone
    on 3 points, floats as the lowest ELO that can leave an odd group; A-C was played, so
    the lower half is transposed (A-D, B-C); in the odd 1-point group E floats (G and F
    cannot: G-H and F-H were played). Round 5: A and B have met: both go down to avoid
    the rematch, and so do C and D from the 2-point group. No rematch-free pairing keeps
    every pair within 1 point (A, on 4 points, has met B, the only player on 3): A-F and C-H are 2
    points apart, the smallest largest gap, and say so."""
    champ = _field(8)
    for _ in range(3):
        _favourites_win(champ, pair_round(champ))
    rp = pair_round(champ)
    assert _lines(rp) == [
        "Table 1 : A - D : Groupe à 2 pts : "
        + HALVES.format(1, 2, 1800, 1500)
        + TRANSPOSED
        + " ; "
        + _floater("A", "3 pts", ODD)
        + ".",
        "Table 2 : B - C : Groupe à 2 pts : " + HALVES.format(2, 1, 1700, 1600) + TRANSPOSED + ".",
        "Table 3 : F - G : Groupe à 1 pt : " + HALVES.format(1, 1, 1300, 1200) + ".",
        "Table 4 : E - H : Groupe à 0 pt : "
        + HALVES.format(1, 1, 1400, 1100)
        + " ; "
        + _floater("E", "1 pt", ODD)
        + ".",
    ]
    _favourites_win(champ, rp)
    rp = pair_round(champ)
    assert _lines(rp) == [
        "Table 1 : A - F : Groupe à 2 pts : "
        + HALVES.format(1, 2, 1800, 1300)
        + TRANSPOSED
        + " ; "
        + _floater("A", "4 pts", ODD)
        + " ; "
        + _floater("A", "3 pts", AVOID)
        + " ; "
        + GAP.format(2)
        + ".",
        "Table 2 : B - E : Groupe à 2 pts : "
        + HALVES.format(2, 1, 1700, 1400)
        + TRANSPOSED
        + " ; "
        + _floater("B", "3 pts", AVOID)
        + ".",
        "Table 3 : D - G : Groupe à 1 pt : "
        + HALVES.format(1, 1, 1500, 1200)
        + " ; "
        + _floater("D", "2 pts", AVOID)
        + ".",
        "Table 4 : C - H : Groupe à 0 pt : "
        + HALVES.format(1, 1, 1600, 1100)
        + " ; "
        + _floater("C", "2 pts", AVOID)
        + " ; "
        + _floater("C", "1 pt", ODD)
        + " ; "
        + GAP.format(2)
        + ".",
    ]
    points = {x: champ.points(x) for x in LETTERS[:8]}
    met = {x: champ.opponents_met(x) for x in points}
    assert not any(
        all(b not in met[a] and abs(points[a] - points[b]) <= 1 for a, b in m)
        for m in _matchings(sorted(points))
    )


def test_003_exempt_fewest_points_lowest_elo_once_explained() -> None:
    """Odd number of players: the player with the fewest points and the lowest ELO is
    exempt and scores 0.5; a player is exempt only once. Round 1: I (lowest ELO); round 2:
    H (0 point, I has 0.5), and I, alone on 0.5, floats into the 0-point group."""
    champ = _field(9)
    rp = pair_round(champ)
    assert rp.bye == "I"
    assert _lines(rp)[-1] == (
        "Table 5 : I - exempt : Exempt (0,5 pt) : moins de points (0) puis plus faible ELO "
        "(1000), parmi les joueurs jamais exemptés."
    )
    assert rp.to_json(explain=True)["pairs"][-1]["b"] == "BYE"
    _favourites_win(champ, rp)
    assert champ.points("I") == 0.5
    rp = pair_round(champ)
    assert rp.bye == "H"
    assert _lines(rp)[3:] == [
        "Table 4 : F - I : Groupe à 0 pt : "
        + HALVES.format(2, 2, 1300, 1000)
        + " ; "
        + _floater("I", "0,5 pt", ODD)
        + ".",
        "Table 5 : H - exempt : Exempt (0,5 pt) : moins de points (0) puis plus faible ELO "
        "(1100), parmi les joueurs jamais exemptés.",
    ]
    _favourites_win(champ, rp)
    rp = pair_round(champ)
    assert _lines(rp)[3] == (
        "Table 4 : H - I : Groupe à 0,5 pt : " + HALVES.format(1, 1, 1100, 1000) + "."
    )
    assert rp.bye == "G"


def test_003_exempt_bye_points_setting_in_the_explanation() -> None:
    """The bye's value is a setting (0.5 by the seed); the explanation gives it."""
    champ = _field(3)
    champ.settings.bye_points = 1.0
    rp = pair_round(champ)
    assert say(rp.pairs[-1].explanation) == (
        "Exempt (1 pt) : moins de points (0) puis plus faible ELO (1600), "
        "parmi les joueurs jamais exemptés."
    )


def test_003_exempt_when_everyone_has_had_a_bye() -> None:
    """Decision (docs): once every present player has been exempt, the fewest byes decide,
    then the fewest points and the lowest ELO, and the explanation says so."""
    champ = _field(3)
    champ.settings.rounds = 5
    byes = []
    for _ in range(4):
        rp = pair_round(champ)
        byes.append(rp.bye)
        _favourites_win(champ, rp)
    # rounds 1-3: C, B, then A (everyone once); round 4: C again (fewest points, lowest ELO)
    assert byes == ["C", "B", "A", "C"]
    rp = pair_round(champ)
    # round 5: A and B have one bye, C two: B (fewer points than A)
    assert rp.bye == "B"
    assert say(rp.pairs[-1].explanation) == (
        "Exempt (0,5 pt) : moins de points (1,5) puis plus faible ELO (1700), "
        "tous les joueurs présents ayant déjà été exemptés."
    )


def test_003_rematch_kept_only_when_unavoidable_explained() -> None:
    """Four players who have all met: round 4 must repeat matches. The last group is paired
    outside the halves, the strongest first against the first partner from the bottom
    half position (A-C, not A-B nor A-D), and each table says the rematch was
    unavoidable."""
    champ = Championship([Player(n, 1800 - 100 * i) for i, n in enumerate("ABCD")])
    champ.settings.rounds = 4
    for rnd in range(1, 4):
        rp = pair_round(champ)
        for p in rp.pairs:
            champ.record_match(rnd, p.a, p.b or "", p.a)
    rp = pair_round(champ)
    assert [(p.a, p.b) for p in rp.pairs] == [("A", "C"), ("B", "D")]
    assert rp.rematches == (("A", "C"), ("B", "D"))
    free = "appariement hors moitiés (ELO {} contre {}) pour éviter une rencontre déjà jouée"
    forced = "rencontre répétée inévitable (aucun appariement sans répétition)"
    # every group floats its players down to the last (0-point) group, where A, B, C, D
    # are paired freely: A (3 pts) odd alone; A and B (2 pts) have met; A, B, C (1 pt)
    assert _lines(rp) == [
        "Table 1 : A - C : Groupe à 0 pt : "
        + free.format(1800, 1600)
        + " ; "
        + " ; ".join(
            [
                _floater("A", "3 pts", ODD),
                _floater("A", "2 pts", AVOID),
                _floater("A", "1 pt", AVOID),
                _floater("C", "1 pt", AVOID),
                forced,
            ]
        )
        + ".",
        "Table 2 : B - D : Groupe à 0 pt : "
        + free.format(1700, 1500)
        + " ; "
        + " ; ".join([_floater("B", "2 pts", AVOID), _floater("B", "1 pt", AVOID), forced])
        + ".",
        "Revanche inévitable : A - C, B - D.",
    ]


def test_003_appariements_refuse_rounds_outside_the_stage() -> None:
    """Rounds are numbered from 1 to the stage's number of rounds (7): round 0, a round
    beyond the stage, a round already paired and played, or a round whose previous one is
    not played are refused; so is a round with fewer than two players present."""
    champ = _field(4)
    with refuses(ChampionshipError, "swiss.round_start", round=0):
        pair_round(champ, 0)
    with refuses(ChampionshipError, "swiss.round_start", round=-1):
        pair_round(champ, -1)
    with refuses(ChampionshipError, "swiss.round_beyond", rounds=7, round=8):
        pair_round(champ, 8)
    assert pair_round(champ, 1).round == 1
    with refuses(ChampionshipError, "swiss.previous_round_unpaired", round=2, previous=1):
        pair_round(champ, 2)
    for rnd in range(1, 8):
        rp = pair_round(champ)
        assert rp.round == rnd
        _favourites_win(champ, rp)
    with refuses(ChampionshipError, "swiss.round_beyond", rounds=7, round=8):
        pair_round(champ)
    with refuses(ChampionshipError, "swiss.round_has_results", round=7):
        pair_round(champ, 7)
    alone = _field(3)
    alone.withdraw("A", 0)
    alone.withdraw("B", 0)
    with refuses(ChampionshipError, "swiss.fewer_than_two", round=1):
        pair_round(alone)
    two = _field(3)
    two.withdraw("C", 0)
    rp = pair_round(two)
    assert [(p.a, p.b) for p in rp.pairs] == [("A", "B")] and rp.bye is None


def test_003_appariements_after_each_round_not_before_a_played_one() -> None:
    """Rounds are paired one after the other ("après chaque ronde"): a round cannot be
    paired once a later round has results (its pairing would ignore the later meetings)."""
    champ = Championship([Player(n, 1500) for n in "ABCD"])
    champ.record_match(1, "A", "C", "A")
    champ.record_match(1, "B", "D", "B")
    champ.record_match(3, "A", "B", "A")
    champ.record_match(3, "C", "D", "C")
    with refuses(ChampionshipError, "swiss.later_round_has_results", round=2, later=3):
        pair_round(champ, 2)
    assert pair_round(champ).round == 4


def test_003_exempt_equal_points_and_elo_later_registration() -> None:
    """Equal points and ELO: the bye goes to the player registered last (docs), the
    others being paired in registration order."""
    rp = pair_round(Championship([Player(n, 1500) for n in "WXY"]))
    assert rp.bye == "Y"
    assert [(p.a, p.b) for p in rp.pairs] == [("W", "X"), ("Y", None)]


def test_003_rematch_only_where_unavoidable_fewest_rematches() -> None:
    """Four players; A-D was a forfeit (not a meeting), every other pair but C-D has met:
    no pairing avoids a rematch. The strongest, A, takes the one partner he has not met,
    D; only B-C is repeated (never A-C, which would repeat two matches)."""
    champ = Championship([Player(n, 1800 - 100 * i) for i, n in enumerate("ABCD")])
    champ.record_match(1, "A", "B", "A")
    champ.record_forfeit(1, "C", "D", "C")
    champ.record_match(2, "A", "C", "A")
    champ.record_match(2, "B", "D", "B")
    champ.record_forfeit(3, "A", "D", "D")
    champ.record_match(3, "B", "C", "C")
    rp = pair_round(champ)
    assert [(p.a, p.b) for p in rp.pairs] == [("A", "D"), ("B", "C")]
    assert rp.rematches == (("B", "C"),)
    assert "rencontre répétée inévitable" not in say(rp.pairs[0].explanation)
    assert say(rp.pairs[1].explanation).endswith(
        "rencontre répétée inévitable (aucun appariement sans répétition)."
    )


def test_003_exempt_passes_to_the_next_when_it_would_force_a_rematch_explained() -> None:
    """Decision (docs): the bye goes to the next eligible player when the first one's bye
    would force a rematch among the others, and the explanation names who was passed over.
    Nine players after six rounds (the data of the property test module): P0, P1, P2 have
    had no bye; P2 has the fewest points, but without P2 the eight others cannot be paired
    without a rematch: P1 is exempt."""
    rows = [
        (1, "P0", "P4", "P0"), (1, "P1", "P5", "P1"), (1, "P2", "P6", "P6"),
        (1, "P3", "P7", "P7"), (1, "P8", "", "bye"), (2, "P0", "P6", "P0"),
        (2, "P1", "P7", "P7"), (2, "P2", "P4", "P4"), (2, "P3", "P8", "P8"),
        (2, "P5", "", "bye"), (3, "P0", "P7", "P0"), (3, "P1", "P6", "P1"),
        (3, "P4", "P8", "P8"), (3, "P2", "P5", "P2"), (3, "P3", "", "bye"),
        (4, "P0", "P8", "P0"), (4, "P1", "P4", "P1"), (4, "P2", "P7", "P2"),
        (4, "P3", "P5", "P5"), (4, "P6", "", "bye"), (5, "P0", "P1", "P1"),
        (5, "P2", "P8", "P8"), (5, "P5", "P7", "P5"), (5, "P3", "P6", "P6"),
        (5, "P4", "", "bye"), (6, "P1", "P8", "P8"), (6, "P0", "P5", "P0"),
        (6, "P4", "P6", "P4"), (6, "P2", "P3", "P2"), (6, "P7", "", "bye"),
    ]  # fmt: skip
    champ = _nine_players_after(rows)
    rp = pair_round(champ)
    assert rp.bye == "P1" and not rp.rematches
    assert _lines(rp)[-1] == (
        "Table 5 : P1 - exempt : Exempt (0,5 pt) : moins de points (4) puis plus faible ELO "
        "(1990), parmi les joueurs jamais exemptés ; P2 non exempté car les autres joueurs "
        "n'auraient pas pu être appariés sans rencontre répétée."
    )
    assert [(p.a, p.b) for p in rp.pairs[:4]] == [
        ("P0", "P2"),
        ("P5", "P8"),
        ("P6", "P7"),
        ("P3", "P4"),
    ]


def test_003_appariements_lower_half_transposed_only_where_needed() -> None:
    """Ruling 3: a rematch inside the halves is avoided by transposing the lower half, the
    first permutation in order: here only B-E was played, so A-D stays, and the 2nd and
    3rd of the lower half are swapped (B-F, C-E); only the swapped tables say so."""
    champ = Championship([Player(n, 1800 - 100 * i) for i, n in enumerate("ABCDEF")])
    for rnd, a, b, w in [
        (1, "B", "E", "B"),
        (1, "A", "C", "A"),
        (1, "D", "F", "D"),
        (2, "E", "D", "E"),
        (2, "C", "B", "C"),
        (2, "F", "A", "F"),
    ]:
        champ.record_match(rnd, a, b, w)
    assert _lines(pair_round(champ)) == [
        "Table 1 : A - D : Groupe à 1 pt : " + HALVES.format(1, 1, 1800, 1500) + ".",
        "Table 2 : B - F : Groupe à 1 pt : " + HALVES.format(2, 3, 1700, 1300) + TRANSPOSED + ".",
        "Table 3 : C - E : Groupe à 1 pt : " + HALVES.format(3, 2, 1600, 1400) + TRANSPOSED + ".",
    ]


def test_003_exchange_between_the_halves_explained() -> None:
    """Ruling 3: when no transposition of the lower half avoids a rematch, one player of
    each half is exchanged. All four on 1 point; A has met C and D: B and C change halves,
    giving A-B and C-D, and both tables say so."""
    champ = Championship([Player(n, 1800 - 100 * i) for i, n in enumerate("ABCD")])
    champ.record_match(1, "A", "C", "A")
    champ.record_match(1, "B", "D", "B")
    champ.record_match(2, "A", "D", "D")
    champ.record_match(2, "B", "C", "C")
    swapped = ", B et C échangés entre les moitiés pour éviter une rencontre déjà jouée"
    assert _lines(pair_round(champ)) == [
        "Table 1 : A - B : Groupe à 1 pt : " + HALVES.format(1, 1, 1800, 1700) + swapped + ".",
        "Table 2 : C - D : Groupe à 1 pt : " + HALVES.format(2, 2, 1600, 1500) + swapped + ".",
    ]


def test_003_exempt_passes_over_two_players_explained() -> None:
    """The bye passes over every player whose bye would force a rematch: nine players
    before round 7, P8, P7, P1, P5, P4, P6 have had a bye; P3 and P2 cannot have it without
    a rematch among the others, so P0 is exempt, and the explanation names both."""
    rows = [
        (1, "P0", "P4", "P0"), (1, "P1", "P5", "P5"), (1, "P2", "P6", "P2"),
        (1, "P3", "P7", "P3"), (1, "P8", "", "bye"), (2, "P0", "P3", "P0"),
        (2, "P2", "P5", "P2"), (2, "P1", "P6", "P6"), (2, "P4", "P8", "P4"),
        (2, "P7", "", "bye"), (3, "P0", "P2", "P0"), (3, "P3", "P5", "P3"),
        (3, "P4", "P6", "P6"), (3, "P7", "P8", "P8"), (3, "P1", "", "bye"),
        (4, "P0", "P6", "P0"), (4, "P2", "P3", "P3"), (4, "P1", "P8", "P1"),
        (4, "P4", "P7", "P7"), (4, "P5", "", "bye"), (5, "P3", "P6", "P6"),
        (5, "P0", "P5", "P0"), (5, "P1", "P7", "P1"), (5, "P2", "P8", "P2"),
        (5, "P4", "", "bye"), (6, "P0", "P1", "P0"), (6, "P2", "P7", "P2"),
        (6, "P3", "P8", "P8"), (6, "P4", "P5", "P4"), (6, "P6", "", "bye"),
    ]  # fmt: skip
    champ = _nine_players_after(rows)
    rp = pair_round(champ)
    assert rp.bye == "P0" and not rp.rematches
    assert say(rp.pairs[-1].explanation) == (
        "Exempt (0,5 pt) : moins de points (6) puis plus faible ELO (2000), parmi les joueurs "
        "jamais exemptés ; P3, P2 non exemptés car les autres joueurs n'auraient pas pu "
        "être appariés sans rencontre répétée."
    )


def test_003_appariements_round_1_by_elo_not_by_name() -> None:
    """1st round: players are sorted by their ELO, whatever their names or registration
    order: Zoé 1900, Chloé 1750 (top half) against Martin 1650, Albert 1500."""
    champ = Championship(
        [Player("Martin", 1650), Player("Albert", 1500), Player("Zoé", 1900), Player("Chloé", 1750)]
    )
    rp = pair_round(champ)
    assert [(p.a, p.b) for p in rp.pairs] == [("Zoé", "Martin"), ("Chloé", "Albert")]


def test_003_appariements_a_forced_rematch_does_not_spread() -> None:
    """Eight players before round 6 (random results): no pairing of the round avoids every
    rematch. The groups that can be paired without one are paired as usual (with an
    exchange between halves in the 3-point group); only the last group repeats a match,
    A-C: one rematch, not more."""
    rows = [
        (1, "A", "E", "E"), (1, "B", "F", "B"), (1, "C", "G", "G"), (1, "D", "H", "H"),
        (2, "B", "G", "G"), (2, "E", "H", "H"), (2, "A", "D", "D"), (2, "C", "F", "F"),
        (3, "G", "H", "G"), (3, "B", "E", "B"), (3, "D", "F", "F"), (3, "A", "C", "A"),
        (4, "B", "H", "B"), (4, "A", "F", "F"), (4, "D", "G", "D"), (4, "C", "E", "E"),
        (5, "F", "G", "F"), (5, "D", "E", "D"), (5, "A", "B", "B"), (5, "C", "H", "H"),
    ]  # fmt: skip
    champ = _field(8)
    for rnd, a, b, w in rows:
        champ.record_match(rnd, a, b, w)
    rp = pair_round(champ)
    assert [(p.a, p.b) for p in rp.pairs] == [("B", "D"), ("F", "H"), ("E", "G"), ("A", "C")]
    assert rp.rematches == (("A", "C"),)
    assert say(rp.pairs[3].explanation).endswith(
        "; rencontre répétée inévitable (aucun appariement sans répétition)."
    )


def test_003_two_floaters_nearest_the_bottom_first() -> None:
    """Decision (docs, ruling 3): when an even group cannot be paired, two of its players
    float down, trying the pairs nearest the bottom of the group first, and keeping the
    first that lets the groups below be paired without a rematch. Eight players before
    round 6 (random results): the 3-point group floats whole; in the 2-point group (P00,
    P02, P03, P05, P06, P07 by ELO), P06-P07, P05-P07 and P05-P06 cannot go down, P03 and
    P07 do."""
    rows = [
        (1, "P00", "P04", "P00"), (1, "P01", "P05", "P05"), (1, "P02", "P06", "P02"),
        (1, "P03", "P07", "P07"), (2, "P00", "P05", "P05"), (2, "P02", "P07", "P07"),
        (2, "P01", "P04", "P04"), (2, "P03", "P06", "P03"), (3, "P05", "P07", "P05"),
        (3, "P00", "P03", "P03"), (3, "P02", "P04", "P02"), (3, "P01", "P06", "P06"),
        (4, "P02", "P03", "P03"), (4, "P00", "P06", "P00"), (4, "P04", "P05", "P05"),
        (4, "P01", "P07", "P07"), (5, "P03", "P05", "P03"), (5, "P00", "P07", "P00"),
        (5, "P04", "P06", "P06"), (5, "P01", "P02", "P01"),
    ]  # fmt: skip
    champ = Championship([Player(f"P{i:02d}", 2000 - 10 * i) for i in range(8)])
    for rnd, a, b, w in rows:
        champ.record_match(rnd, a, b, w)
    rp = pair_round(champ)
    assert not rp.rematches
    assert [(p.a, p.b) for p in rp.pairs] == [
        ("P00", "P02"),
        ("P05", "P06"),
        ("P01", "P03"),
        ("P04", "P07"),
    ]
    assert _floater("P03", "2 pts", AVOID) in say(rp.pairs[2].explanation)
    assert _floater("P07", "2 pts", AVOID) in say(rp.pairs[3].explanation)


def _played(n: int, rows: list[tuple[int, str, str, str]]) -> Championship:
    champ = Championship([Player(f"P{i:02d}", 2000 - 10 * i) for i in range(n)])
    for rnd, a, b, w in rows:
        champ.record_match(rnd, a, b, w)
    return champ


def test_003_two_floaters_same_distance_lowest_first() -> None:
    """Decision (docs): among pairs of floaters as near the bottom, the lower pair is tried
    first. Ten players before round 6 (random results): P05 and P06 (4 points) have met
    and go down; the groups are then paired without a rematch as shown. No rematch-free
    pairing keeps every pair within 1 point (the oracle's enumeration): the largest gap is
    the smallest possible, 2 points, and both such tables say so."""
    champ = _played(
        10,
        [
            (1, "P00", "P05", "P05"),
            (1, "P01", "P06", "P06"),
            (1, "P02", "P07", "P07"),
            (1, "P03", "P08", "P08"),
            (1, "P04", "P09", "P04"),
            (2, "P04", "P06", "P06"),
            (2, "P05", "P07", "P05"),
            (2, "P00", "P03", "P03"),
            (2, "P01", "P08", "P08"),
            (2, "P02", "P09", "P02"),
            (3, "P05", "P06", "P05"),
            (3, "P02", "P04", "P02"),
            (3, "P03", "P07", "P07"),
            (3, "P00", "P08", "P08"),
            (3, "P01", "P09", "P09"),
            (4, "P05", "P08", "P05"),
            (4, "P02", "P06", "P06"),
            (4, "P03", "P09", "P03"),
            (4, "P04", "P07", "P04"),
            (4, "P00", "P01", "P01"),
            (5, "P06", "P08", "P06"),
            (5, "P02", "P05", "P02"),
            (5, "P03", "P04", "P03"),
            (5, "P01", "P07", "P07"),
            (5, "P00", "P09", "P09"),
        ],  # fmt: skip
    )
    rp = pair_round(champ)
    assert not rp.rematches
    assert [(p.a, p.b) for p in rp.pairs] == [
        ("P03", "P05"),
        ("P06", "P07"),
        ("P08", "P09"),
        ("P01", "P02"),
        ("P00", "P04"),
    ]
    assert _floater("P05", "4 pts", AVOID) in say(rp.pairs[0].explanation)
    assert _floater("P06", "4 pts", AVOID) in say(rp.pairs[1].explanation)
    assert _floater("P08", "3 pts", AVOID) in say(rp.pairs[2].explanation)
    assert [GAP.format(2) in say(p.explanation) for p in rp.pairs] == [0, 0, 0, 1, 1]
    points = {x: champ.points(x) for x in champ.present(6)}
    met = {x: champ.opponents_met(x) for x in points}
    assert not any(
        all(b not in met[a] and abs(points[a] - points[b]) <= 1 for a, b in m)
        for m in _matchings(sorted(points))
    )


def test_003_odd_group_sends_down_its_three_lowest() -> None:
    """Decision (docs, ruling 3): an odd group that cannot send one player down sends the
    lowest three (then five...). Eight players before round 5 (random results): the 3-point
    group floats whole; in the 2-point group (P01, P02, P03, P05, P07) no single floater
    works, the three lowest (P03, P05, P07) go down and P01-P02 play."""
    champ = _played(
        8,
        [
            (1, "P00", "P04", "P04"),
            (1, "P01", "P05", "P05"),
            (1, "P02", "P06", "P02"),
            (1, "P03", "P07", "P03"),
            (2, "P02", "P04", "P02"),
            (2, "P03", "P05", "P03"),
            (2, "P00", "P06", "P00"),
            (2, "P01", "P07", "P01"),
            (3, "P02", "P03", "P02"),
            (3, "P00", "P05", "P05"),
            (3, "P01", "P04", "P01"),
            (3, "P06", "P07", "P07"),
            (4, "P01", "P03", "P03"),
            (4, "P02", "P05", "P05"),
            (4, "P00", "P07", "P07"),
            (4, "P04", "P06", "P06"),
        ],  # fmt: skip
    )
    rp = pair_round(champ)
    assert not rp.rematches
    assert [(p.a, p.b) for p in rp.pairs] == [
        ("P01", "P02"),
        ("P00", "P03"),
        ("P04", "P07"),
        ("P05", "P06"),
    ]
    for table, name in ((1, "P03"), (2, "P07"), (3, "P05")):
        assert _floater(name, "2 pts", AVOID) in say(rp.pairs[table].explanation)


def _favourites_everywhere(n: int) -> list[list[tuple[str, str | None]]]:
    """n players (ELO 1800, 1790, ...), 7 rounds paired by the engine, the higher ELO
    always winning; the pairs of every round."""
    champ = Championship([Player(f"P{i}", 1800 - 10 * i) for i in range(n)])
    rounds = []
    for rnd in range(1, 8):
        rp = pair_round(champ)
        rounds.append([(p.a, p.b) for p in rp.pairs])
        for p in rp.pairs:
            if p.b is None:
                champ.record_bye(rnd, p.a)
            else:
                champ.record_match(rnd, p.a, p.b, p.a)
    return rounds


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_003_appariements_unavoidable_rematches_rotate(n: int) -> None:
    """ "en évitant la répétition d'un match": in a field too small for 7 rounds without
    rematches, rematches are spread: no pair meets a third time while another pair has
    met once only, and 4 or 6 players replay the rounds without rematch in their order
    (rulings.md Backgammon 3, decision in docs/backgammon-championship.md)."""
    rounds = _favourites_everywhere(n)
    count: dict[frozenset[str], int] = {}
    for pairs in rounds:
        for a, b in pairs:
            if b is not None:
                pair = frozenset((a, b))
                count[pair] = count.get(pair, 0) + 1
                assert count[pair] <= min(count.values()) + 1 or len(count) < n * (n - 1) // 2
    assert max(count.values()) - min(count.values()) <= 1
    tables = [{frozenset(p) for p in pairs} for pairs in rounds]
    if n == 4:
        assert tables[3:] == [tables[0], tables[1], tables[2], tables[0]]
    if n == 6:
        assert tables[5:] == [tables[0], tables[1]]


def _gaps(champ: Championship, rp: RoundPairing) -> list[float]:
    """Points apart of each table's players, before the round."""
    before = rp.round - 1
    return [abs(champ.points(p.a, before) - champ.points(p.b, before)) for p in rp.pairs if p.b]


def test_003_appariements_floater_in_the_neighbouring_group_twenty_players() -> None:
    """ "Le joueur isolé (flotteur) joue dans un groupe voisin (1 point d'écart)". Twenty
    players before round 3 (random results; issue 33): the 2-point group (P01, P02, P04,
    P12, P19) is odd and P02, its lowest ELO, floats into the 1-point group, where it now
    has the lowest ELO of an odd group of eleven. It must not float on to the 0-point group
    (2 points from its partner, as the engine did): a rematch-free pairing with every pair
    within 1 point exists, and P15, the lowest ELO of the 1-point players, floats instead."""
    elos = [1541, 1610, 1405, 2038, 1705, 1790, 1458, 1392, 1368, 1320]
    elos += [1711, 1862, 1596, 2083, 1360, 1527, 1832, 1849, 1668, 1583]
    champ = Championship([Player(f"P{i:02d}", elo) for i, elo in enumerate(elos)])
    for rnd, a, b, winner in [
        (1, "P13", "P12", "P12"), (1, "P03", "P19", "P19"), (1, "P11", "P00", "P11"),
        (1, "P17", "P15", "P15"), (1, "P16", "P06", "P16"), (1, "P05", "P02", "P02"),
        (1, "P10", "P07", "P10"), (1, "P04", "P08", "P04"), (1, "P18", "P14", "P18"),
        (1, "P01", "P09", "P01"),
        (2, "P11", "P01", "P01"), (2, "P16", "P12", "P12"), (2, "P10", "P19", "P19"),
        (2, "P04", "P15", "P04"), (2, "P18", "P02", "P02"), (2, "P13", "P06", "P13"),
        (2, "P03", "P07", "P03"), (2, "P17", "P08", "P17"), (2, "P05", "P14", "P05"),
        (2, "P00", "P09", "P00"),
    ]:  # fmt: skip
        champ.record_match(rnd, a, b, winner)
    rp = pair_round(champ)
    assert not rp.rematches
    assert max(_gaps(champ, rp)) == 1
    assert ("P16", "P02") in [(p.a, p.b) for p in rp.pairs]
    assert ("P15", "P08") in [(p.a, p.b) for p in rp.pairs]
    lines = _lines(rp)
    assert _floater("P02", "2 pts", ODD) in lines[6]
    assert _floater("P15", "1 pt", ODD) in lines[7]
    assert not any("d'écart" in line for line in lines)


def test_003_appariements_a_floater_floats_again_last() -> None:
    """Rulings.md Backgammon 3: a floater does not float again in the same round. Before
    round 4, X3 (lowest ELO of the 3-point group) floats into the 2.5-point group {Y2, Y1},
    where it has the lowest ELO again: floating it on to the 2-point group would keep every
    pair within 1 point, but Y1, the group's own lowest ELO, floats instead and X3 meets
    Y2. (K arrives in round 4; L5 has 0.5 from a bye.)"""
    elos = {"X1": 2000, "X2": 1950, "Y2": 1900, "Y1": 1850, "Z1": 1800, "X3": 1500}
    elos |= {"L1": 1400, "L2": 1380, "L3": 1360, "L4": 1340, "L5": 1320, "K": 1200}
    champ = Championship([Player(name, elo) for name, elo in elos.items()])
    champ.arrive_late("K", 4)
    for rnd, (bye, *matches) in enumerate(
        [
            ["Y1", "X1-L1", "X2-L2", "X3-L3", "Y2-L4", "Z1-L5"],
            ["Y2", "X1-L2", "X2-L3", "X3-L4", "Y1-L5", "Z1-L1"],
            ["L5", "X1-L3", "X2-L4", "X3-L1", "Y1-L2", "Y2-Z1"],
        ],
        start=1,
    ):
        champ.record_bye(rnd, bye)
        for match in matches:
            a, b = match.split("-")
            champ.record_match(rnd, a, b, a)
    rp = pair_round(champ)
    assert [(p.a, p.b) for p in rp.pairs[:3]] == [("X1", "X2"), ("Y2", "X3"), ("Y1", "Z1")]
    assert _lines(rp)[1:3] == [
        "Table 2 : Y2 - X3 : Groupe à 2,5 pts : "
        + HALVES.format(1, 1, 1900, 1500)
        + " ; "
        + _floater("X3", "3 pts", ODD)
        + ".",
        "Table 3 : Y1 - Z1 : Groupe à 2 pts : "
        + HALVES.format(1, 1, 1850, 1800)
        + " ; "
        + _floater("Y1", "2,5 pts", ODD)
        + ".",
    ]


def test_003_appariements_last_group_paired_from_the_bottom_half_position() -> None:
    """Decision (docs, repair 3): a last group with no arrangement by halves is paired
    freely, the highest ELO first against the first partner from the bottom-half position
    down. Six players before round 4 (random results): P00 has met P01, P02 and P03, and
    no pairing of the round avoids every rematch; P00's search starts at the bottom-half
    position (P04), then P01 takes P03 and P02-P05 is the rematch kept."""
    champ = Championship([Player(f"P{i:02d}", 2000 - 10 * i) for i in range(6)])
    champ.settings.rounds = 8
    for rnd, a, b, winner in [
        (1, "P00", "P03", "P00"), (1, "P01", "P04", "P01"), (1, "P02", "P05", "P02"),
        (2, "P00", "P01", "P00"), (2, "P02", "P04", "P04"), (2, "P03", "P05", "P05"),
        (3, "P00", "P02", "P00"), (3, "P01", "P05", "P01"), (3, "P03", "P04", "P03"),
    ]:  # fmt: skip
        champ.record_match(rnd, a, b, winner)
    rp = pair_round(champ)
    assert [(p.a, p.b) for p in rp.pairs] == [("P00", "P04"), ("P01", "P03"), ("P02", "P05")]
    assert rp.rematches == (("P02", "P05"),)
