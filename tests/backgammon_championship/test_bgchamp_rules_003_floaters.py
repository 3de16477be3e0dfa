"""Seed 003, "Appariements": "En cas d'imparité, le joueur isolé (flotteur) joue dans un
groupe voisin (1 point d'écart)"; rulings.md Backgammon 3: the floater is the group's
lowest-ELO player. When a group must send two players down (the players below could not
all be paired otherwise), the same reading holds (docs/backgammon-championship.md): the
pair nearest the bottom of the group goes first; two pairs as near, the one whose higher
player stands lower. Histories written out round by round."""

from __future__ import annotations

from arbitre.backgammon.championship import Championship, Player, pair_round
from arbitre.i18n import word

AVOID = "descendu pour éviter une rencontre déjà jouée"


def _champ(elos: list[int], rows: list[tuple[int, str, str, str, str]]) -> Championship:
    champ = Championship([Player(f"J{i:02d}", elo) for i, elo in enumerate(elos)])
    for rnd, a, b, winner, kind in rows:
        if kind == "forfeit":
            champ.record_forfeit(rnd, a, b, winner)
        else:
            champ.record_match(rnd, a, b, winner)
    return champ


def test_003_two_floaters_are_the_two_lowest_of_the_group() -> None:
    """Six players after three rounds. The 2-point group, by ELO: J01, J02, J05 (1600, in
    registration order), J03 (1450). Below it J04 (1 pt) and J00 (0 pt) have met: two of
    the group must go down. The two lowest, J05 and J03, can (J03 meets J04, J05 meets
    J00, J01 and J02 never met), so they float, not J02 with J03 (which also would do)."""
    champ = _champ(
        [1400, 1600, 1600, 1450, 1650, 1600],
        [
            (1, "J05", "J02", "J05", ""), (1, "J03", "J00", "J03", ""),
            (1, "J04", "J01", "J01", ""), (2, "J03", "J05", "J05", ""),
            (2, "J01", "J00", "J01", ""), (2, "J02", "J04", "J02", ""),
            (3, "J00", "J04", "J04", ""), (3, "J05", "J02", "J02", ""),
            (3, "J01", "J03", "J03", ""),
        ],
    )  # fmt: skip
    rp = pair_round(champ)
    assert [(p.a, p.b) for p in rp.pairs] == [("J01", "J02"), ("J04", "J03"), ("J05", "J00")]
    assert not rp.rematches
    assert "J03 flotteur venu du groupe à 2 pts" in word(rp.pairs[1].explanation)


def test_003_two_floaters_as_near_the_bottom_the_lower_pair_first() -> None:
    """Eight players after four rounds. The 2-point group, by ELO: J01 (1650), J03, J05
    (1550), J06 (1400); the two lowest pairs (J05-J06, J03-J06) cannot both go down with
    the 1-point players J02 and J04 (who met). Next, as near the bottom: J03-J05 and J01-J06;
    the pair whose higher player stands lower goes, J03 and J05, each to a partner of the
    1-point group, and J01 meets J06."""
    champ = _champ(
        [1450, 1650, 1550, 1550, 1400, 1550, 1400, 1600],
        [
            (1, "J05", "J01", "J01", ""), (1, "J07", "J03", "J07", ""),
            (1, "J04", "J06", "J06", "forfeit"), (1, "J02", "J00", "J02", ""),
            (2, "J07", "J01", "J07", ""), (2, "J06", "J05", "J05", ""),
            (2, "J02", "J04", "J04", ""), (2, "J03", "J00", "J00", ""),
            (3, "J00", "J06", "J00", ""), (3, "J07", "J03", "J03", ""),
            (3, "J01", "J02", "J01", ""), (3, "J05", "J04", "J05", "forfeit"),
            (4, "J01", "J03", "J03", ""), (4, "J05", "J00", "J00", ""),
            (4, "J07", "J02", "J07", ""), (4, "J06", "J04", "J06", ""),
        ],
    )  # fmt: skip
    rp = pair_round(champ)
    assert [(p.a, p.b) for p in rp.pairs] == [
        ("J07", "J00"),
        ("J01", "J06"),
        ("J02", "J05"),
        ("J03", "J04"),
    ]
    for table, floater in ((2, "J05"), (3, "J03")):
        said = word(rp.pairs[table].explanation)
        assert f"{floater} flotteur venu du groupe à 2 pts ({AVOID})" in said


def test_003_unavoidable_rematch_with_the_partner_met_the_fewest_times() -> None:
    """Four players, six rounds: every pair but J02-J00 (a forfeit is no meeting) has met,
    so round 7 repeats matches. J03 (highest ELO) is paired with the partner met the
    fewest times, longest ago (docs: the rematches rotate): J02, met once in round 5,
    rather than J00, met four times (last in round 4) or J01, met once in round 6."""
    champ = _champ(
        [1400, 1550, 1450, 1650],
        [
            (1, "J01", "J02", "J01", ""), (1, "J03", "J00", "J03", ""),
            (2, "J01", "J02", "J02", ""), (2, "J03", "J00", "J03", ""),
            (3, "J01", "J02", "J02", ""), (3, "J03", "J00", "J03", ""),
            (4, "J00", "J03", "J00", ""), (4, "J01", "J02", "J01", ""),
            (5, "J01", "J00", "J01", ""), (5, "J02", "J03", "J02", ""),
            (6, "J02", "J00", "J00", "forfeit"), (6, "J03", "J01", "J03", ""),
        ],
    )  # fmt: skip
    rp = pair_round(champ)
    assert [(p.a, p.b) for p in rp.pairs] == [("J03", "J02"), ("J01", "J00")]
    assert rp.rematches == (("J03", "J02"), ("J01", "J00"))
