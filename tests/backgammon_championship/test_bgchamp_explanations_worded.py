"""The Swiss pairing's explanations are messages (codes ``swiss.*``): worded in French by
default, in English on request, every placeholder filled, points written the reader's way."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.backgammon.championship import Championship, Player, pair_round
from arbitre.common.messages import Message
from arbitre.i18n import word as say
from tests.support import depth

ENGLISH = re.compile(
    r"\b(against|half|halves|group of|bye|floats|rematch|lowest|fewest|players?|avoid|"
    r"exchanged|transposed|already|round)\b|\d\.\d"
)
FRENCH = re.compile(r"\b(contre|moitié|groupe|exempt|flotteur|rencontre|joueurs?)\b|\d,\d", re.I)


@settings(max_examples=depth(30), deadline=None)
@given(
    count=st.integers(min_value=3, max_value=16),
    seed=st.integers(min_value=0, max_value=10_000),
    rounds=st.integers(min_value=1, max_value=7),
)
def test_every_explanation_of_the_pairing_reads_in_french_and_in_english(
    count: int, seed: int, rounds: int
) -> None:
    rng = random.Random(seed)
    champ = Championship([Player(f"J{i}", rng.randrange(1200, 2000)) for i in range(count)])
    for rnd in range(1, rounds + 1):
        rp = pair_round(champ)
        for line in rp.explain_lines():
            assert isinstance(line, Message)
            french, english = say(line), say(line, "en")
            assert not ENGLISH.search(french), (line, french)
            assert not FRENCH.search(english), (line, english)
            assert "{" not in french and "{" not in english, line
            assert french.endswith(".") and english.endswith(".")
        for p in rp.pairs:
            if p.b is None:
                champ.record_bye(rnd, p.a)
            elif rng.random() < 0.1:
                champ.record_forfeit(rnd, p.a, p.b, rng.choice([p.a, p.b]))
            else:
                champ.record_match(rnd, p.a, p.b, rng.choice([p.a, p.b]))


def test_a_half_point_group_and_its_floater_in_both_languages() -> None:
    """Nine players: round 1 gives I the bye (0.5 point); in round 2 I, alone on 0.5, floats
    down into the 0-point group. The points read 0,5 in French, 0.5 in English."""
    champ = Championship([Player(name, 1800 - 100 * i) for i, name in enumerate("ABCDEFGHI")])
    for p in pair_round(champ).pairs:
        if p.b is None:
            champ.record_bye(1, p.a)
        else:
            champ.record_match(1, p.a, p.b, p.a)
    table = next(p for p in pair_round(champ).pairs if "I" in (p.a, p.b))
    assert say(table.explanation) == (
        "Groupe à 0 pt : n° 2 de la moitié haute contre n° 2 de la moitié basse "
        "(ELO 1300 contre 1000) ; I flotteur venu du groupe à 0,5 pt "
        "(plus faible ELO possible d'un groupe impair)."
    )
    assert say(table.explanation, "en") == (
        "Group of 0 pt: no. 2 of the top half against no. 2 of the bottom half "
        "(ELO 1300 against 1000); I floats down from the group of 0.5 pt "
        "(lowest possible ELO of an odd group)."
    )
    floater = table.explanation.params["notes"]
    assert floater == Message.of(
        "swiss.floater_one",
        player="I",
        points=0.5,
        reason=Message.of("swiss.floater.odd_group"),
    )
