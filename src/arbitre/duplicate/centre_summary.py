"""A centre's results summed up once, so that the whole simultané is merged from the
summaries alone (issue 38: the merged standings fresh within 2 s of each upload).

What the merge needs of a centre's ballots is, per move, the best score, who reached it
and how many did (seed 004, 2.6.4: a solo is « seul, sur un coup, un score supérieur à
celui de tous les autres joueurs », the other players being those of every centre), and,
per player, the game totals without the solos the centre judged among its own players.
:func:`summarise` reads the ballots once per upload content; :func:`whole` then judges
the solos of the whole simultané and each player's game totals in
O(centres × moves + players), never reading a ballot again. It gives what
:func:`~arbitre.duplicate.centre_results.whole_solo_scores` and
:func:`~arbitre.duplicate.centre_results.whole_totals` give from every ballot (the
reference, kept as is; tests/simultane/test_incremental_merge.py holds the two equal).

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arbitre.common.collation import french_key
from arbitre.duplicate.centre_results import CentreResults, PlayerResult
from arbitre.duplicate.event import EventSettings


@dataclass(frozen=True)
class Top:
    """The best score of one move in a centre (or in several), one player who reached it,
    and how many did."""

    score: int
    centre: str
    licence: str
    count: int


@dataclass(frozen=True)
class CentreSummary:
    """What the merge needs of one centre's upload, its removed players left out."""

    centre: str
    #: the players the simultané ranks, in the upload's order
    players: tuple[PlayerResult, ...]
    #: licence -> the game totals without the solos the centre judged itself
    base: dict[str, tuple[int, ...]]
    #: (game, move) -> the best score of the move in this centre
    tops: dict[tuple[int, int], Top]
    #: licence -> the French sort key of the player's name and first name
    keys: dict[str, tuple[tuple[str, str, str], tuple[str, str, str]]]


def summarise(
    centre: str,
    results: CentreResults,
    removed: frozenset[str] = frozenset(),
    settings: EventSettings | None = None,
) -> CentreSummary:
    """The summary of ``results``, the players of licences in ``removed`` and their
    ballots left out (they are then no players of the simultané: seed 004, 2.6.4, as
    :func:`~arbitre.duplicate.centre_results.without`); one pass over the ballots."""
    rules = settings or EventSettings()
    players = tuple(p for p in results.players if p.licence not in removed)
    local: dict[tuple[str, int], int] = {}
    tops: dict[tuple[int, int], Top] = {}
    for b in results.ballots:
        if b.licence in removed:
            continue
        if b.solo:
            local[(b.licence, b.game)] = local.get((b.licence, b.game), 0) + 1
        key = (b.game, b.move)
        top = tops.get(key)
        if top is None or b.score > top.score:
            tops[key] = Top(b.score, centre, b.licence, 1)
        elif b.score == top.score:
            tops[key] = Top(top.score, top.centre, top.licence, top.count + 1)
    base = {
        p.licence: tuple(
            total - rules.solo_bonus * local.get((p.licence, game), 0)
            for game, total in enumerate(p.games, start=1)
        )
        for p in players
    }
    keys = {p.licence: (french_key(p.name), french_key(p.first_name)) for p in players}
    return CentreSummary(centre, players, base, tops, keys)


def whole(
    summaries: Iterable[CentreSummary], settings: EventSettings | None = None
) -> tuple[dict[tuple[int, int], tuple[str, str, int]], dict[tuple[str, str], tuple[int, ...]]]:
    """The solos of the whole simultané ((game, move) -> (centre, licence, score): a
    player alone at the best score of a move over every centre, that score above nothing,
    none under sixteen players in all: seed 004, 2.6.4) and each player's game totals
    with those solos ((centre, licence) -> totals), from the summaries alone."""
    rules = settings or EventSettings()
    summaries = list(summaries)
    best: dict[tuple[int, int], Top] = {}
    if sum(len(s.players) for s in summaries) >= rules.solo_min_players:
        for summary in summaries:
            for key, top in summary.tops.items():
                known = best.get(key)
                if known is None or top.score > known.score:
                    best[key] = top
                elif top.score == known.score:
                    best[key] = Top(
                        known.score, known.centre, known.licence, known.count + top.count
                    )
    solos = {
        key: (top.centre, top.licence, top.score)
        for key, top in best.items()
        if top.score > 0 and top.count == 1
    }
    games = {(s.centre, licence): scores for s in summaries for licence, scores in s.base.items()}
    for (game, _), (centre, licence, _) in solos.items():
        scores = games[(centre, licence)]
        if 1 <= game <= len(scores):
            games[(centre, licence)] = (
                *scores[: game - 1],
                scores[game - 1] + rules.solo_bonus,
                *scores[game:],
            )
    return solos, games


#: The version of :func:`as_data`'s layout: a summary stored in another is made again.
DATA_VERSION = 1


def as_data(summary: CentreSummary) -> dict[str, object]:
    """The summary as plain JSON data (lists, strings, numbers), so that a server process
    that did not read the upload merges it from its stored summary (:func:`from_data`)
    instead of reading its ballots again."""
    return {
        "v": DATA_VERSION,
        "centre": summary.centre,
        "players": [
            [
                p.licence,
                p.name,
                p.first_name,
                p.series,
                p.category,
                list(p.games),
                p.total,
                p.warnings,
                p.penalty,
                p.unlicensed,
                list(summary.base[p.licence]),
            ]
            for p in summary.players
        ],
        "tops": [
            [game, move, t.score, t.licence, t.count]
            for (game, move), t in sorted(summary.tops.items())
        ],
    }


def from_data(data: object) -> CentreSummary | None:
    """The summary :func:`as_data` gave, or None for data of another layout (made again
    from the upload then). The name keys are made again (:func:`french_key`)."""
    if not isinstance(data, dict) or data.get("v") != DATA_VERSION:
        return None
    centre = data["centre"]
    players, base = [], {}
    for licence, name, first, series, category, games, total, warn, pen, unlic, own in data[
        "players"
    ]:
        players.append(
            PlayerResult(
                licence, name, first, series, category, tuple(games), total, warn, pen, unlic
            )
        )
        base[licence] = tuple(own)
    tops = {
        (game, move): Top(score, centre, licence, count)
        for game, move, score, licence, count in data["tops"]
    }
    keys = {p.licence: (french_key(p.name), french_key(p.first_name)) for p in players}
    return CentreSummary(centre, tuple(players), base, tops, keys)
