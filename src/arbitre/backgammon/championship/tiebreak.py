"""Ranking after the Swiss stage: points, then D = 20·B + P, then play-off (seed 003,
"Qualification pour les quarts de finales et départage"; rulings.md Backgammon 4).

- B (``buchholz_beaten``): sum of the final points of the opponents the player beat over
  the board (forfeits and byes excluded).
- P (``performance``): mean ELO of the opponents actually played, rounded to the unit,
  plus dp(p), p = score fraction over those matches rounded to the hundredth (FIDE table,
  spec/facts.md).
- D (``tiebreak_d``) = 20·B + P.

Refusals are :class:`ChampionshipError` with a ``tiebreak.*`` code.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Any

from arbitre.backgammon.championship.model import Championship, ChampionshipError, ResultKind
from arbitre.common.messages import Message, Param

MESSAGE_CODES = frozenset({"tiebreak.fraction_range", "tiebreak.no_match", "tiebreak.score_range"})
"""The refusals of the tie-break's arithmetic."""


def _refuse(code: str, **params: Param) -> ChampionshipError:
    return ChampionshipError(Message.of(f"tiebreak.{code}", **params))


# dp for p = 0.50 .. 1.00 (spec/facts.md, FIDE rating regulations).
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322,
    336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip

#: The normalisation factor of the Buchholz: B' = 20·B (seed 003).
BUCHHOLZ_FACTOR = 20


def round_half_up(x: Fraction) -> int:
    """Round to the nearest integer, halves upward (away from zero for positives)."""
    floor = x.numerator // x.denominator
    return floor + 1 if x - floor >= Fraction(1, 2) else floor


def dp(score_fraction: Fraction | float) -> int:
    """FIDE dp for a score fraction p in [0, 1], p rounded to the hundredth (a float is read
    as the nearest fraction of denominator at most a million, without its noise)."""
    p = Fraction(score_fraction).limit_denominator(10**6)
    if not 0 <= p <= 1:
        raise _refuse("fraction_range", fraction=float(p))
    hundredths = round_half_up(p * 100)
    if hundredths >= 50:
        return _DP_UPPER[hundredths - 50]
    return -_DP_UPPER[50 - hundredths]


def performance(opponent_elos: list[int], score: float) -> int:
    """Mean opponents' ELO (rounded) + dp(score / games) (rulings.md Backgammon 4); the score
    is read to the thousandth (nearest fraction of denominator at most 1000)."""
    if not opponent_elos:
        raise _refuse("no_match")
    games = len(opponent_elos)
    s = Fraction(score).limit_denominator(1000)
    if not 0 <= s <= games:
        raise _refuse("score_range", score_points=score, matches=games)
    mean = round_half_up(Fraction(sum(opponent_elos), games))
    return mean + dp(s / games)


def tiebreak_d(buchholz_beaten: float, perf: int) -> float:
    """D = 20·B + P (seed 003)."""
    return BUCHHOLZ_FACTOR * buchholz_beaten + perf


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    elo: int
    points: float
    buchholz: float
    performance: int
    d: float
    played: int
    #: equal on points and D with a neighbour, not separated by a play-off.
    tied: bool = False
    withdrawn: bool = False

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if float(self.d).is_integer():
            data["d"] = int(self.d)
        return data


def player_tiebreak(
    champ: Championship, name: str, up_to_round: int | None = None
) -> tuple[float, int, float, int]:
    """(B, P, D, matches played over the board) of ``name`` after ``up_to_round``.

    A player with no match over the board gets their own ELO as P (docs).
    """
    b = 0.0
    elos: list[int] = []
    score = 0.0
    for r in champ.results_of(name, up_to_round):
        if r.kind is not ResultKind.PLAYED:
            continue
        other = r.opponent_of(name)
        assert other is not None
        elos.append(champ.player(other).elo)
        if r.winner == name:
            score += 1
            b += champ.points(other, up_to_round)
    perf = performance(elos, score) if elos else champ.player(name).elo
    return b, perf, tiebreak_d(b, perf), len(elos)


def standings(champ: Championship, up_to_round: int | None = None) -> list[Standing]:
    """The first-stage ranking: points, D, then the director's play-offs.

    Players still equal get the same rank (the better one) and ``tied=True``; their order
    in the list is ELO order, for display only.
    """
    rows = []
    for p in champ.players:
        b, perf, d, played = player_tiebreak(champ, p.name, up_to_round)
        rows.append((champ.points(p.name, up_to_round), d, p.name, b, perf, played))
    rows.sort(key=lambda r: (-r[0], -r[1], champ.elo_key(r[2])))
    out: list[Standing] = []
    i = 0
    last_round = up_to_round if up_to_round is not None else champ.rounds_played()
    while i < len(rows):
        j = i
        while j < len(rows) and rows[j][0] == rows[i][0] and rows[j][1] == rows[i][1]:
            j += 1
        block = rows[i:j]
        names = {r[2] for r in block}
        wins = {n: 0 for n in names}
        for w, loser in champ.playoffs:
            if w in names and loser in names:
                wins[w] += 1
        block.sort(key=lambda r: (-wins[r[2]], champ.elo_key(r[2])))
        k = 0
        while k < len(block):
            m = k
            while m < len(block) and wins[block[m][2]] == wins[block[k][2]]:
                m += 1
            for r in block[k:m]:
                pts, d, name, b, perf, played = r
                last = champ.withdrawals.get(name)
                out.append(
                    Standing(
                        rank=i + k + 1,
                        name=name,
                        elo=champ.player(name).elo,
                        points=pts,
                        buchholz=b,
                        performance=perf,
                        d=d,
                        played=played,
                        tied=m - k > 1,
                        withdrawn=(last is not None and last < last_round)
                        or name in champ.excluded,
                    )
                )
            k = m
        i = j
    return out
