"""A centre's results of a simultané, as it uploads them to the federation.

Format ``arbitre.duplicate.centre_results``, version 1 (docs/simultanes.md)::

    {"format": "arbitre.duplicate.centre_results", "version": 1,
     "simultane": "sim-3f2a...", "proof": "<hex>",
     "games_ended": [1],
     "players": [{"licence": "123456", "name": "DUPONT", "first_name": "Anne",
                  "series": 2, "category": "V", "games": [812], "total": 812,
                  "warnings": 1, "penalty": 0},
                 {"licence": "NL1", ..., "unlicensed": true}],
     "ballots": [{"licence": "123456", "game": 1, "move": 1, "score": 64,
                  "sanction": "", "warning": false}]}

It travels signed: ``{"results": <the above>, "signature": "<hex>"}``, the signature an
HMAC-SHA256 of the results' canonical JSON (:func:`canonical`) keyed by the SHA-256 of the
club's key (the federation keeps only that digest; :mod:`arbitre.app.federation.services`).
A player's ``unlicensed`` (absent: false) says that the centre entered them « hors
classement », not a licensee (seed 002, A.1): the federation accepts their licence though
its licensee file does not know it. ``proof`` is an HMAC-SHA256 of the simultané's id keyed by its short code: only a centre
that opened the sealed games knows the code, so only it can give the proof.

Pure: no I/O; the caller gives the secrets.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arbitre.common.messages import Message, Refusal
from arbitre.duplicate.event import EventSettings

FORMAT = "arbitre.duplicate.centre_results"
VERSION = 1
#: The most players one centre uploads (a large hall), and ballots per player and game.
MAX_PLAYERS = 5000
MAX_MOVES = 40

MESSAGE_CODES = frozenset(
    f"duplicate.centre_results.{name}"
    for name in (
        "not_results",
        "version",
        "missing",
        "wrong_type",
        "licence_twice",
        "game_number",
        "games_count",
        "total",
        "too_many",
        "unknown_player",
        "ballot_twice",
    )
)
"""Refusals of a centre's results (``duplicate.centre_results.*``)."""


class ResultsRefused(Refusal):
    """A centre's results that cannot be read, with the reason."""


def _refused(code: str, /, **params: str | int) -> ResultsRefused:
    return ResultsRefused(Message.of(f"duplicate.centre_results.{code}", **params))


@dataclass(frozen=True)
class PlayerResult:
    licence: str
    name: str
    first_name: str
    series: int | None
    category: str
    games: tuple[int, ...]
    total: int
    warnings: int
    penalty: int
    #: entered « hors classement » by the centre: not a licensee (seed 002, A.1)
    unlicensed: bool = False


@dataclass(frozen=True)
class BallotResult:
    licence: str
    game: int
    move: int
    score: int
    sanction: str
    warning: bool
    solo: bool = False  # a solo as the centre judged it (its players alone)


@dataclass(frozen=True)
class CentreResults:
    simultane: str
    proof: str
    games_ended: tuple[int, ...]
    players: tuple[PlayerResult, ...]
    ballots: tuple[BallotResult, ...]


def canonical(results: Mapping[str, Any]) -> bytes:
    """The bytes that are signed: keys sorted, no spaces, ASCII."""
    return json.dumps(results, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def sign(results: Mapping[str, Any], secret: bytes) -> str:
    return hmac.new(secret, canonical(results), hashlib.sha256).hexdigest()


def verify(results: Mapping[str, Any], signature: str, secret: bytes) -> bool:
    """Whether ``signature`` is the results' own (compared in constant time)."""
    return hmac.compare_digest(sign(results, secret), signature)


def opening_proof(code: str, simultane: str) -> str:
    """The proof that the centre opened the games: the simultané's id keyed by its code."""
    return hmac.new(code.encode("ascii"), simultane.encode("utf-8"), hashlib.sha256).hexdigest()


def _field(obj: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise _refused("missing", key=key, where=where)
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int,))):
        raise _refused("wrong_type", key=key, where=where)
    return value


def _count(obj: Any, key: str, where: str) -> int:
    value: int = _field(obj, key, int, where)
    if value < 0:
        raise _refused("wrong_type", key=key, where=where)
    return value


def _player(raw: Any, games: int, where: str) -> PlayerResult:
    series = raw.get("series") if isinstance(raw, dict) else None
    if series is not None and (isinstance(series, bool) or not isinstance(series, int)):
        raise _refused("wrong_type", key="series", where=where)
    scores = _field(raw, "games", list, where)
    if len(scores) != games or not all(
        isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in scores
    ):
        raise _refused("games_count", where=where, expected=games)
    total = _count(raw, "total", where)
    if total != sum(scores):
        raise _refused("total", where=where, total=total, sum=sum(scores))
    licence = _field(raw, "licence", str, where).strip()
    if not 0 < len(licence) <= 20:
        raise _refused("wrong_type", key="licence", where=where)
    return PlayerResult(
        licence=licence,
        name=_field(raw, "name", str, where)[:100],
        first_name=_field(raw, "first_name", str, where)[:100],
        series=series,
        category=_field(raw, "category", str, where)[:10],
        games=tuple(scores),
        total=total,
        warnings=_count(raw, "warnings", where),
        penalty=_count(raw, "penalty", where),
        unlicensed=_flag(raw, "unlicensed", where),
    )


def _flag(raw: Any, key: str, where: str) -> bool:
    """An optional true/false mark (absent: false)."""
    value = raw.get(key, False) if isinstance(raw, dict) else False
    if not isinstance(value, bool):
        raise _refused("wrong_type", key=key, where=where)
    return value


def _solo(raw: Any, where: str) -> bool:
    """The ballot's ``solo`` mark (absent: none)."""
    solo = raw.get("solo", False) if isinstance(raw, dict) else False
    if not isinstance(solo, bool):
        raise _refused("wrong_type", key="solo", where=where)
    return solo


def loads(data: Any, games: int) -> CentreResults:
    """The results in ``data`` (parsed JSON) of a simultané of ``games`` games, checked, or
    :class:`ResultsRefused` naming the first fault (``where``: the player's line)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refused("not_results", format=FORMAT)
    if data.get("version") != VERSION:
        raise _refused("version", version=repr(data.get("version"))[:20])
    ended = _field(data, "games_ended", list, "")
    if not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= games for n in ended):
        raise _refused("game_number", games=games)
    rows = _field(data, "players", list, "")
    ballots = _field(data, "ballots", list, "")
    if len(rows) > MAX_PLAYERS or len(ballots) > MAX_PLAYERS * games * MAX_MOVES:
        raise _refused("too_many", limit=MAX_PLAYERS)
    players = []
    seen: set[str] = set()
    for index, raw in enumerate(rows, start=1):
        player = _player(raw, games, f"joueur {index}")
        if player.licence in seen:
            raise _refused("licence_twice", licence=player.licence)
        seen.add(player.licence)
        players.append(player)
    read = []
    keys: set[tuple[str, int, int]] = set()
    for index, raw in enumerate(ballots, start=1):
        where = f"bulletin {index}"
        ballot = BallotResult(
            licence=_field(raw, "licence", str, where),
            game=_count(raw, "game", where),
            move=_count(raw, "move", where),
            score=_count(raw, "score", where),
            sanction=_field(raw, "sanction", str, where)[:40],
            warning=_field(raw, "warning", bool, where),
            solo=_solo(raw, where),
        )
        if ballot.licence not in seen:
            raise _refused("unknown_player", licence=ballot.licence, where=where)
        if not 1 <= ballot.game <= games:
            raise _refused("game_number", games=games)
        key = (ballot.licence, ballot.game, ballot.move)
        if key in keys:
            raise _refused("ballot_twice", where=where)
        keys.add(key)
        read.append(ballot)
    return CentreResults(
        simultane=_field(data, "simultane", str, ""),
        proof=_field(data, "proof", str, ""),
        games_ended=tuple(sorted(set(ended))),
        players=tuple(players),
        ballots=tuple(read),
    )


# -- solos of the whole simultané ----------------------------------------------------------------


def whole_solos(
    centres: Mapping[str, CentreResults], settings: EventSettings | None = None
) -> dict[tuple[int, int], tuple[str, str]]:
    """(game, move) -> (centre, licence) of each solo of the whole simultané (seed 004,
    2.6.4: « tout joueur réalisant seul, sur un coup, un score supérieur à celui de tous les
    autres joueurs »; none under sixteen players, counted over every centre). A move's
    score missing from the uploads (no ballot) counts as nothing."""
    found = whole_solo_scores(centres, settings)
    return {key: (centre, licence) for key, (centre, licence, _) in found.items()}


def whole_solo_scores(
    centres: Mapping[str, CentreResults], settings: EventSettings | None = None
) -> dict[tuple[int, int], tuple[str, str, int]]:
    """:func:`whole_solos` with each solo's score: (game, move) -> (centre, licence, score),
    in one pass over the ballots (the top of each move and how many reached it)."""
    rules = settings or EventSettings()
    if sum(len(c.players) for c in centres.values()) < rules.solo_min_players:
        return {}
    best: dict[tuple[int, int], tuple[int, str, str, int]] = {}
    for centre, results in centres.items():
        for b in results.ballots:
            key = (b.game, b.move)
            top = best.get(key)
            if top is None or b.score > top[0]:
                best[key] = (b.score, centre, b.licence, 1)
            elif b.score == top[0]:
                best[key] = (top[0], top[1], top[2], top[3] + 1)
    return {
        key: (centre, licence, score)
        for key, (score, centre, licence, count) in best.items()
        if score > 0 and count == 1
    }


def whole_totals(
    centres: Mapping[str, CentreResults],
    settings: EventSettings | None = None,
    solos: Mapping[tuple[int, int], tuple[str, str]] | None = None,
) -> dict[tuple[str, str], tuple[int, ...]]:
    """(centre, licence) -> the player's game totals with the solos of the whole simultané
    in place of those each centre judged among its own players (2.6.4: a solo is a solo of
    the whole simultané); ``solos``: :func:`whole_solos` of ``centres`` when already
    judged."""
    rules = settings or EventSettings()
    if solos is None:
        solos = whole_solos(centres, rules)
    won: dict[tuple[str, str, int], int] = {}
    for (game, _), (centre, licence) in solos.items():
        won[(centre, licence, game)] = won.get((centre, licence, game), 0) + 1
    out = {}
    for centre, results in centres.items():
        local: dict[tuple[str, int], int] = {}
        for b in results.ballots:
            if b.solo:
                local[(b.licence, b.game)] = local.get((b.licence, b.game), 0) + 1
        for p in results.players:
            out[(centre, p.licence)] = tuple(
                total
                + rules.solo_bonus
                * (won.get((centre, p.licence, game), 0) - local.get((p.licence, game), 0))
                for game, total in enumerate(p.games, start=1)
            )
    return out


def without(
    centres: Mapping[str, CentreResults],
    withdrawn: frozenset[str] = frozenset(),
    removed: frozenset[tuple[str, str]] = frozenset(),
) -> dict[str, CentreResults]:
    """The centres the simultané ranks: those the federation's officer ``withdrew`` left out,
    and the players they ``removed`` from the ranking ((centre, licence)) with their ballots.
    They are then no players of the simultané: they count neither for the sixteen players
    nor against another player's solo (seed 004, 2.6.4)."""
    out = {}
    for centre, results in centres.items():
        if centre in withdrawn:
            continue
        gone = {licence for c, licence in removed if c == centre}
        if gone:
            results = CentreResults(
                results.simultane,
                results.proof,
                results.games_ended,
                tuple(p for p in results.players if p.licence not in gone),
                tuple(b for b in results.ballots if b.licence not in gone),
            )
        out[centre] = results
    return out
