"""Swiss pairing (seed 003, "Appariements"; rulings.md Backgammon 1-3), hand-worked."""

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
from tests.support import refuses

LETTERS = "ABCDEFGHIJKLMNOP"


def _field(n: int) -> Championship:
    """Players A, B, C... with ELO 1800, 1700, 1600... (A is the strongest)."""
    return Championship([Player(LETTERS[i], 1800 - 100 * i) for i in range(n)])


def _play_favourites(champ: Championship, rp: RoundPairing) -> None:
    """Record the round: the higher ELO wins every match."""
    for p in rp.pairs:
        if p.b is None:
            champ.record_bye(rp.round, p.a)
        else:
            elo_a, elo_b = champ.player(p.a).elo, champ.player(p.b).elo
            champ.record_match(rp.round, p.a, p.b, p.a if elo_a > elo_b else p.b)


def _pairs(rp: RoundPairing) -> list[tuple[str, str | None]]:
    return [(p.a, p.b) for p in rp.pairs]


def test_round_one_halves_even() -> None:
    rp = pair_round(_field(8))
    assert _pairs(rp) == [("A", "E"), ("B", "F"), ("C", "G"), ("D", "H")]
    assert [p.table for p in rp.pairs] == [1, 2, 3, 4]


def test_round_one_odd_bye_first_to_lowest_elo() -> None:
    rp = pair_round(_field(9))
    assert rp.bye == "I"
    assert _pairs(rp)[:4] == [("A", "E"), ("B", "F"), ("C", "G"), ("D", "H")]
    assert rp.to_json()["pairs"][-1] == {"table": 5, "a": "I", "b": "BYE"}


def test_equal_elo_keeps_registration_order() -> None:
    champ = Championship([Player(n, 1500) for n in "WXYZ"])
    assert _pairs(pair_round(champ)) == [("W", "Y"), ("X", "Z")]


def test_eight_players_hand_worked() -> None:
    """Favourites always win. Worked by hand (docs/backgammon-championship.md):
    R4: A (3 pts) floats into the 2-point group, A-C would be a rematch, so the lower
    half is transposed (A-D, B-C); in the odd 1-point group E, F, G, the lowest G cannot
    float (G-H already played), nor F (F-H), so E floats and meets H.
    R5: A and B (already met) float down together; the 2-point group must then send C
    and D down, the only pair that lets G and H be paired without rematch.
    R6: only C-D, E-F, A-G, B-H avoid every rematch; R7 completes the round robin."""
    champ = _field(8)
    expected = [
        [("A", "E"), ("B", "F"), ("C", "G"), ("D", "H")],
        [("A", "C"), ("B", "D"), ("E", "G"), ("F", "H")],
        [("A", "B"), ("C", "E"), ("D", "F"), ("G", "H")],
        [("A", "D"), ("B", "C"), ("F", "G"), ("E", "H")],
        [("A", "F"), ("B", "E"), ("D", "G"), ("C", "H")],
        [("C", "D"), ("E", "F"), ("A", "G"), ("B", "H")],
    ]
    for rnd, want in enumerate(expected, start=1):
        rp = pair_round(champ)
        assert rp.round == rnd
        assert _pairs(rp) == want, rnd
        assert not rp.rematches
        if rnd == 4:
            text = {(p.a, p.b): say(p.explanation) for p in rp.pairs}
            assert "moitié basse transposée" in text[("A", "D")]
            assert "A flotteur" in text[("A", "D")]
            assert "E flotteur" in text[("E", "H")]
        _play_favourites(champ, rp)
    rp = pair_round(champ)
    assert not rp.rematches
    met = {frozenset((r.a, r.b)) for r in champ.results if r.b}
    assert not {frozenset(p) for p in _pairs(rp)} & met
    _play_favourites(champ, rp)
    assert len({frozenset((r.a, r.b)) for r in champ.results}) == 28  # round robin
    with refuses(ChampionshipError, "swiss.round_beyond", rounds=7, round=8):
        pair_round(champ)  # the stage has 7 rounds


def test_nine_players_byes() -> None:
    """R2: the bye goes to the fewest points then lowest ELO (H, 0 pt; I has 0.5 from its
    bye); I, alone in its group, floats down to the 0-point group. R3: G has 0 pt."""
    champ = _field(9)
    expected = [
        ([("A", "E"), ("B", "F"), ("C", "G"), ("D", "H")], "I"),
        ([("A", "C"), ("B", "D"), ("E", "G"), ("F", "I")], "H"),
        ([("A", "B"), ("C", "E"), ("D", "F"), ("H", "I")], "G"),
        # R4: bye to F (1 pt, lower ELO than E); A floats, A-C was played: transposed;
        # H (1.5) floats into the 1-point group
        ([("A", "D"), ("B", "C"), ("E", "H"), ("G", "I")], "F"),
        # R5: A and B cannot meet each other nor C or D: both float; in {A, B, F, G, H}
        # only B can float on to meet I
        ([("C", "D"), ("A", "G"), ("F", "H"), ("B", "I")], "E"),
    ]
    for want, bye in expected:
        rp = pair_round(champ)
        assert _pairs(rp)[:-1] == want
        assert rp.bye == bye
        _play_favourites(champ, rp)
    for _ in range(2):
        rp = pair_round(champ)
        assert not rp.rematches
        _play_favourites(champ, rp)
    byes = [r.a for r in champ.results if r.b is None]
    assert len(byes) == 7 and len(set(byes)) == 7  # at most one bye each


def test_sixteen_players_forfeit_and_withdrawal() -> None:
    """D is absent in round 2 (H wins by forfeit: 1 point, not a meeting); P withdraws
    after round 4, so rounds 5-7 have a bye."""
    champ = _field(16)
    champ.withdraw("P", 4)
    rp = pair_round(champ)
    assert _pairs(rp) == [
        ("A", "I"), ("B", "J"), ("C", "K"), ("D", "L"),
        ("E", "M"), ("F", "N"), ("G", "O"), ("H", "P"),
    ]  # fmt: skip
    _play_favourites(champ, rp)
    rp = pair_round(champ)
    assert _pairs(rp) == [
        ("A", "E"), ("B", "F"), ("C", "G"), ("D", "H"),
        ("I", "M"), ("J", "N"), ("K", "O"), ("L", "P"),
    ]  # fmt: skip
    for p in rp.pairs:
        if p.a == "D":
            champ.record_forfeit(2, "D", "H", "H")
        else:
            champ.record_match(2, p.a, p.b or "", p.a)
    assert champ.points("H") == 2 and champ.points("D") == 1
    rp = pair_round(champ)
    # H (2 pts by the forfeit) joins the top group; D drops to the 1-point group
    assert _pairs(rp) == [
        ("A", "C"), ("B", "H"), ("D", "I"), ("E", "J"),
        ("F", "K"), ("G", "L"), ("M", "O"), ("N", "P"),
    ]  # fmt: skip
    _play_favourites(champ, rp)
    byes = []
    for rnd in range(4, 8):
        rp = pair_round(champ)
        seated = [n for p in rp.pairs for n in (p.a, p.b) if n]
        assert sorted(seated) == sorted(champ.present(rnd))
        assert ("P" in seated) == (rnd == 4)
        assert not rp.rematches
        if rp.bye:
            byes.append(rp.bye)
        _play_favourites(champ, rp)
    assert len(byes) == 3 and len(set(byes)) == 3


def test_pairing_refuses_incomplete_round_and_repairing() -> None:
    champ = _field(4)
    rp = pair_round(champ)
    champ.record_match(1, "A", "C", "A")
    with refuses(ChampionshipError, "championship.round_incomplete", round=1, players="B, D"):
        pair_round(champ)
    with refuses(ChampionshipError, "swiss.round_has_results", round=1):
        pair_round(champ, 1)
    champ.record_match(1, "B", "D", "B")
    with refuses(ChampionshipError, "swiss.previous_round_unpaired", round=3, previous=2):
        pair_round(champ, 3)
    assert pair_round(champ).round == 2
    assert rp.round == 1


def test_late_arrival_is_not_paired_before_arrival() -> None:
    champ = _field(5)
    champ.arrive_late("A", 2)
    rp = pair_round(champ)
    assert rp.bye is None and "A" not in [n for p in rp.pairs for n in (p.a, p.b)]
    _play_favourites(champ, rp)
    rp = pair_round(champ)
    assert "A" in [n for p in rp.pairs for n in (p.a, p.b)]
    assert champ.points("A", 1) == 0


def test_exchange_between_halves_when_transpositions_fail() -> None:
    """All four on 1 point; A has met C and D, so no transposition of the lower half
    works: B and C are exchanged between the halves (ruling 3), giving A-B and C-D."""
    champ = _field(4)
    champ.record_match(1, "A", "C", "A")
    champ.record_match(1, "B", "D", "B")
    champ.record_match(2, "A", "D", "D")
    champ.record_match(2, "B", "C", "C")
    rp = pair_round(champ)
    assert _pairs(rp) == [("A", "B"), ("C", "D")]
    assert all("B et C échangés entre les moitiés" in say(p.explanation) for p in rp.pairs)
    assert rp.pairs[0].explanation.params["how"] == Message.of(
        "swiss.halves_exchanged",
        halves=Message.of("swiss.halves", top=1, bottom=1, elo_a=1800, elo_b=1700),
        a="B",
        b="C",
    )
    assert not rp.rematches


def test_two_floaters_explained() -> None:
    """Round 5 of the eight-player example: A and B float down together."""
    champ = _field(8)
    for _ in range(4):
        _play_favourites(champ, pair_round(champ))
    rp = pair_round(champ)
    text = {(p.a, p.b): say(p.explanation) for p in rp.pairs}
    assert "A flotteur venu du groupe à 4 pts" in text[("A", "F")]
    assert "descendu pour éviter une rencontre déjà jouée" in text[("A", "F")]
    assert "C flotteur venu du groupe" in text[("C", "H")]


def test_transposition_search_is_bounded() -> None:
    """Decision (docs, ruling 3): the search of lower-half transpositions visits at most
    20000 nodes, so that a pathological group cannot stall the pairing; past that it gives
    up (the halves then exchange players). The last top player may meet only the first
    bottom player: with 8 a side the first transposition is found (10166 nodes), with 9 a
    side (79448 nodes) the search gives up."""
    from arbitre.backgammon.championship.pairing import _first_permutation

    for k, found in ((8, True), (9, False)):
        top = [f"T{i}" for i in range(k)]
        bottom = [f"B{j}" for j in range(k)]

        def ok(a: str, b: str, last: str = top[-1]) -> bool:
            return a != last or b == "B0"

        perm = _first_permutation(ok, top, bottom)
        if found:
            assert perm == [1, 2, 3, 4, 5, 6, 7, 0]
        else:
            assert perm is None


def test_transposition_budget_counts_every_node_it_allows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound is "at most N nodes": a search that needs exactly N nodes (the 8-a-side
    group above: 10166) still finds its transposition within a budget of N, and gives up
    within N - 1."""
    from arbitre.backgammon.championship import pairing

    top = [f"T{i}" for i in range(8)]
    bottom = [f"B{j}" for j in range(8)]

    def ok(a: str, b: str) -> bool:
        return a != "T7" or b == "B0"

    for budget, expected in ((10166, [1, 2, 3, 4, 5, 6, 7, 0]), (10165, None)):
        monkeypatch.setattr(pairing, "_NODE_BUDGET", budget)
        assert pairing._first_permutation(ok, top, bottom) == expected
