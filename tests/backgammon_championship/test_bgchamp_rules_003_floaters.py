"""Seed 003, "Appariements": "En cas d'imparité, le joueur isolé (flotteur) joue dans un
groupe voisin (1 point d'écart)"; rulings.md Backgammon 3: the floater is the group's
lowest-ELO player. When a group must send two players down (the players below could not
all be paired otherwise), the same reading holds (docs/backgammon-championship.md): the
pair nearest the bottom of the group goes first; two pairs as near, the one whose higher
player stands lower. Histories written out round by round."""

from __future__ import annotations

from arbitre.backgammon.championship import Championship, Player, pair_round
from arbitre.backgammon.championship.model import SwissSettings
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


def test_003_an_odd_group_floats_one_then_three_then_five_players() -> None:
    """Twelve players after six rounds (docs/backgammon-championship.md, repairs 3: an odd
    group floats one player, then the lowest 3, then 5...). The 3-point group has seven
    players, J01 and J00 come down from 4 points among them; by ELO J09 (1500), J04, J08
    (1450), then four at 1400. Neither its lowest player alone nor its lowest three can
    float with the players below paired without a rematch, its lowest five can: J09 and
    J04 stay and play each other in their group, the five others float to 2 points (and
    J10 on to 0), nobody of the group is left out."""
    champ = _champ(
        [1400, 1400, 1400, 1400, 1450, 1650, 1650, 1600, 1450, 1500, 1400, 1450],
        [
            (1, "J03", "J05", "J05", ""), (1, "J11", "J01", "J01", ""), (1, "J04", "J02", "J04", ""),
            (1, "J09", "J10", "J09", ""), (1, "J08", "J00", "J00", "forfeit"), (1, "J06", "J07", "J07", "forfeit"),
            (2, "J10", "J00", "J00", ""), (2, "J06", "J08", "J08", ""), (2, "J01", "J02", "J01", ""),
            (2, "J03", "J04", "J04", ""), (2, "J11", "J07", "J07", ""), (2, "J09", "J05", "J05", "forfeit"),
            (3, "J06", "J09", "J09", ""), (3, "J03", "J07", "J07", ""), (3, "J00", "J10", "J10", ""),
            (3, "J08", "J04", "J08", ""), (3, "J11", "J02", "J11", ""), (3, "J01", "J05", "J05", ""),
            (4, "J02", "J09", "J02", ""), (4, "J11", "J03", "J03", ""), (4, "J01", "J07", "J07", ""),
            (4, "J00", "J08", "J00", ""), (4, "J06", "J04", "J04", ""), (4, "J05", "J10", "J10", ""),
            (5, "J10", "J01", "J01", ""), (5, "J07", "J08", "J08", ""), (5, "J11", "J06", "J11", ""),
            (5, "J05", "J09", "J05", "forfeit"), (5, "J00", "J02", "J00", "forfeit"), (5, "J04", "J03", "J03", ""),
            (6, "J00", "J01", "J01", ""), (6, "J05", "J04", "J05", ""), (6, "J11", "J09", "J09", ""),
            (6, "J08", "J10", "J10", ""), (6, "J07", "J03", "J03", "forfeit"), (6, "J06", "J02", "J02", ""),
        ],
    )  # fmt: skip
    three = [p.name for p in champ.players if champ.points(p.name, 6) == 3]
    assert sorted(three) == ["J03", "J04", "J08", "J09", "J10"]
    rp = pair_round(champ)
    assert not rp.rematches
    text = {(p.a, p.b): word(p.explanation) for p in rp.pairs}
    assert text[("J09", "J04")].startswith("Groupe à 3 pts : n° 1 de la moitié haute")
    assert "flotteur" not in text[("J09", "J04")]
    floated = [f"{n} flotteur venu du groupe à 3 pts" for n in ("J08", "J00", "J01", "J03", "J10")]
    assert all(any(f in t for t in text.values()) for f in floated)
    assert sorted(n for p in rp.pairs for n in (p.a, p.b)) == sorted(p.name for p in champ.players)


def test_003_rematches_unavoidable_every_player_is_still_paired_once() -> None:
    """Eight players after nine rounds of a ten-round first stage (the number of rounds is a
    setting): every pairing of the eight repeats a match already played. The round is
    still paired: every player at one table, the rematches kept are listed, and there are
    as few of them as any pairing of the eight can have (an exhaustive count)."""
    champ = Championship(
        [
            Player(f"J{i:02d}", elo)
            for i, elo in enumerate([1550, 1500, 1500, 1500, 1600, 1400, 1550, 1650])
        ],
        SwissSettings(rounds=10),
    )
    for rnd, a, b, winner in [
            (1, "J04", "J03", "J04"), (1, "J06", "J01", "J06"), (1, "J05", "J07", "J07"), (1, "J02", "J00", "J02"),
            (2, "J01", "J04", "J04"), (2, "J03", "J07", "J07"), (2, "J06", "J02", "J06"), (2, "J00", "J05", "J00"),
            (3, "J04", "J05", "J05"), (3, "J02", "J01", "J01"), (3, "J00", "J06", "J00"), (3, "J03", "J07", "J03"),
            (4, "J00", "J02", "J02"), (4, "J07", "J01", "J01"), (4, "J06", "J05", "J06"), (4, "J03", "J04", "J03"),
            (5, "J01", "J00", "J00"), (5, "J02", "J05", "J02"), (5, "J06", "J03", "J03"), (5, "J07", "J04", "J04"),
            (6, "J06", "J03", "J06"), (6, "J07", "J04", "J07"), (6, "J02", "J01", "J01"), (6, "J00", "J05", "J05"),
            (7, "J06", "J07", "J07"), (7, "J05", "J03", "J05"), (7, "J02", "J00", "J00"), (7, "J01", "J04", "J04"),
            (8, "J00", "J06", "J06"), (8, "J01", "J05", "J05"), (8, "J03", "J04", "J04"), (8, "J02", "J07", "J07"),
            (9, "J00", "J07", "J00"), (9, "J03", "J05", "J05"), (9, "J01", "J04", "J04"), (9, "J02", "J06", "J02"),
    ]:  # fmt: skip
        champ.record_match(rnd, a, b, winner)
    names = [p.name for p in champ.players]
    met = {frozenset((r.a, r.b)) for r in champ.results if r.b is not None}

    def matchings(players: list[str]) -> list[list[frozenset[str]]]:
        if not players:
            return [[]]
        first, rest = players[0], players[1:]
        return [
            [frozenset((first, partner)), *tail]
            for i, partner in enumerate(rest)
            for tail in matchings(rest[:i] + rest[i + 1 :])
        ]

    fewest = min(sum(p in met for p in m) for m in matchings(names))
    assert fewest > 0
    rp = pair_round(champ)
    assert sorted(n for p in rp.pairs for n in (p.a, p.b)) == names
    assert [frozenset(r) for r in rp.rematches] == [
        frozenset((p.a, p.b)) for p in rp.pairs if frozenset((p.a, p.b)) in met
    ]
    assert len(rp.rematches) == fewest
