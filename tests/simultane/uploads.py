"""Centres' results written by hand for the federation's side of the tests (no game played):
each player's score on each move of game 1, signed with the club's key and proving the
opening with the simultané's code, as a centre's Arbitre sends them
(:mod:`arbitre.app.simultane.sending`)."""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any

from arbitre.duplicate import centre_results

START = dt.datetime(2027, 3, 12, 14, 0, tzinfo=dt.UTC)
CODE = "48210937556218407730"


def results(uid: str, players: list[tuple[str, str, list[int]]], solos: int = 0) -> dict[str, Any]:
    """``players``: (licence, name, scores of moves 1, 2, ... of game 1); the first
    ``solos`` players have a solo judged by their centre on move 1 (10 points in their
    total, seed 004, 2.6.4)."""
    rows: list[dict[str, Any]] = []
    ballots: list[dict[str, Any]] = []
    for index, (licence, name, scores) in enumerate(players):
        bonus = 10 if index < solos else 0
        total = sum(scores) + bonus
        rows.append(
            {
                "licence": licence,
                "name": name,
                "first_name": "",
                "series": 2,
                "category": "S",
                "games": [total],
                "total": total,
                "warnings": 0,
                "penalty": 0,
            }
        )
        ballots.extend(
            {
                "licence": licence,
                "game": 1,
                "move": move,
                "score": score,
                "sanction": "none",
                "warning": False,
                "solo": move == 1 and index < solos,
            }
            for move, score in enumerate(scores, start=1)
        )
    return {
        "format": centre_results.FORMAT,
        "version": centre_results.VERSION,
        "simultane": uid,
        "proof": centre_results.opening_proof(CODE, uid),
        "games_ended": [1],
        "players": rows,
        "ballots": ballots,
    }


def signed(data: dict[str, Any], club_key: str) -> dict[str, Any]:
    secret = hashlib.sha256(club_key.encode("utf-8")).hexdigest().encode("ascii")
    return {"results": data, "signature": centre_results.sign(data, secret)}


def create_simultane(name: str = "Simultané de test", uid: str = "sim-0123456789abcdef") -> Any:
    """A simultané of one game whose code is :data:`CODE` (its sealed file is not needed on
    the federation's side of the results)."""
    from arbitre.app.simultane.models import Simultane

    return Simultane.objects.create(
        uid=uid,
        name=name,
        type_code="SF",
        starts_at=START,
        seconds_per_move=180,
        games=1,
        code=CODE,
        sealed="{}",
    )


def register(*players: tuple[str, str, list[int]]) -> None:
    """The players' licences in the federation's licensee file (an upload naming a licence
    the federation does not know, not entered « hors classement », is refused)."""
    from arbitre.app.ranking.models import Licensee

    for licence, name, _ in players:
        Licensee.objects.get_or_create(
            licence=licence, defaults={"name": name, "series": 2, "highest_series": 2}
        )
