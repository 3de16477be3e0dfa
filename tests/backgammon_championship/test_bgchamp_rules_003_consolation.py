"""Seed 003, "Consolation" (last paragraphs), checked on generated championships of every
size from 9 to 64 players:

    "La consolation est progressive, les demis finalistes perdants du CDF y rentrent en
    quarts de finales. Les quarts de finalistes perdants et les joueurs éliminés au
    départage ou au barrage rentrent au même niveau. [...] un nouveau décompte de points est
    effectué en comptant double les résultats de la 6ème ronde et triple ceux de la 7ème.
    Le nouveau classement obtenu détermine le niveau d'entrée dans la consolation [...] ;
    ainsi toute victoire à la 7ème ronde garantit de gagner au moins tour dans la
    consolation."

Each championship is a 7-round Swiss paired by the engine with random results (a fixed
seed per size), play-offs recorded where the ranking needs one.
"""

from __future__ import annotations

import random

import pytest

from arbitre.backgammon.championship import Championship, ChampionshipError, Player, pair_round
from arbitre.backgammon.championship.bracket import (
    BYE,
    Brackets,
    Ref,
    build_brackets,
    qualified,
    recount,
    won_round,
)
from arbitre.backgammon.championship.tiebreak import standings
from arbitre.common.messages import Message

QUARTER_FINALS = Message.of("bracket.round.consolation_quarter_finals")


def generated(n: int, seed: int) -> Championship:
    """n players of random ELO, 7 rounds paired by the engine, random winners; any tie
    the bracket needs settled is settled by play-offs in the ranking's order."""
    rng = random.Random(seed)
    champ = Championship([Player(f"P{i:02d}", 1400 + rng.randrange(600)) for i in range(n)])
    for rnd in range(1, 8):
        for p in pair_round(champ).pairs:
            if p.b is None:
                champ.record_bye(rnd, p.a)
            else:
                champ.record_match(rnd, p.a, p.b, p.a if rng.random() < 0.5 else p.b)
    for _ in range(n):
        try:
            qualified(champ, seeded=True)
            break
        except ChampionshipError as refusal:
            tied = str(refusal.message.params["players"]).split(", ")
            for i, winner in enumerate(tied):
                for loser in tied[i + 1 :]:
                    champ.record_playoff(winner, loser)
    return champ


def first_matches(b: Brackets) -> dict[str, int]:
    """The round of each player's first consolation match."""
    out: dict[str, int] = {}
    for m in b.matches.values():
        if m.stage == "consolation":
            rnd = int(m.id[1:].split("-")[0])
            for slot in (m.top, m.bottom):
                if isinstance(slot, str):
                    out.setdefault(slot, rnd)
    return out


CASES = [(n, seed) for n in range(9, 65) for seed in (n, 100 + n)]


@pytest.mark.parametrize(("n", "seed"), CASES)
def test_003_consolation_entry_as_written_for_every_field_size(n: int, seed: int) -> None:
    champ = generated(n, seed)
    b = build_brackets(champ)
    table = standings(champ)
    q = qualified(champ, table)
    cut = next(s.points for s in table if s.name == q[-1])
    tie_out = [s.name for s in table if s.name not in q and s.points == cut]
    others = [s.name for s in table if s.name not in q and s.points != cut]
    placed = b.entry_rounds
    qf_round = next(
        int(m.id[1:].split("-")[0]) for m in b.matches.values() if m.round_name == QUARTER_FINALS
    )
    # the semi-final losers enter at the quarter-finals
    assert placed[Ref("loser", "SF1")] == placed[Ref("loser", "SF2")] == qf_round
    # the quarter-final losers and the players eliminated at the tie-break: one level, the
    # quarter-finals when they fit there (6 places) with room for the others, else the
    # latest round before it that holds them (12 places, 24...)
    same = [Ref("loser", f"QF{i}") for i in (1, 2, 3, 4)] + tie_out
    levels = {placed[s] for s in same}
    assert len(levels) == 1
    level = levels.pop()
    need = len(same) + (1 if others else 0)
    assert need <= 6 * 2 ** (qf_round - level)
    assert level == qf_round or need > 6 * 2 ** (qf_round - level - 1)
    # every other player enters by the re-count, never later than that level
    assert set(placed) - set(same) - {Ref("loser", "SF1"), Ref("loser", "SF2")} == set(others)
    assert all(placed[o] <= level for o in others)
    # a 7th-round win gains at least one round: when the re-count players play rounds
    # before the same level, no round-7 winner plays the first of them (a bye wins it)
    winners = {o for o in others if won_round(champ, o, champ.settings.rounds)}
    first = first_matches(b)
    if any(placed[o] < level for o in others):
        assert not [w for w in winners if first.get(w) == 1]
        assert all(placed[w] > 1 or first.get(w, 99) > 1 for w in winners)
    # the best of the re-count enter latest: among those not playing round 1, a better
    # re-count is never placed earlier
    later = [o for o in others if first.get(o) != 1]
    for a in later:
        for c in later:
            if recount(champ, a) > recount(champ, c):
                assert placed[a] >= placed[c]
    # nobody twice, no bye against a bye before the quarter-finals
    names = [s for m in b.matches.values() for s in (m.top, m.bottom) if isinstance(s, str)]
    assert len([x for x in names if x != BYE]) == len({x for x in names if x != BYE})
