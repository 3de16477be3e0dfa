"""A score above the top after an appeal (seed 004, 5.3 and 5.2), in the Duplicate app.

The engine reports each such move (:func:`arbitre.duplicate.appeal.above_top`); this module
gives it the chief arbiter's decisions kept in the database, words it for the chief's screen,
the standings and the prints, and records the chief's decision to keep the scores (audited).
The other decision, annulling the move (5.2), is the chief's screen's ``annul_move`` action,
offered while :func:`arbitre.duplicate.appeal.annulment_possible`: its ballots are then kept as
annulled, and the mark goes with them.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.duplicate import changes
from arbitre.app.duplicate.models import DuplicateEvent, Game, KeptAboveTop
from arbitre.app.duplicate.services import (
    AUDIT_TARGETS,
    ServiceError,
    User,
    audit,
    build_event,
    worded,
)
from arbitre.app.events.models import actor
from arbitre.duplicate.appeal import AboveTop, KeptScore, above_top, annulment_possible
from arbitre.duplicate.event import Event
from arbitre.duplicate.game import DuplicateGame

KEPT_ACTION = gettext_noop("Score au-dessus du top gardé (5.2, 5.3)")
MOVE_TARGET = gettext_noop("%(game)s coup %(move)s")
AUDIT_TARGETS[KEPT_ACTION] = MOVE_TARGET

ANNUL_REASON = gettext_noop("top dépassé sur recours (5.3)")
"""The reason the chief's screen proposes for the 5.2 annulment of such a move."""


def kept_scores(dup: DuplicateEvent) -> list[KeptScore]:
    """The chief's decisions to keep scores above the top, as the engine reads them."""
    rows = KeptAboveTop.objects.filter(game__duplicate=dup).select_related("game")
    return [KeptScore(k.game.name, k.move_number, k.top_move, k.score) for k in rows]


def pending(dup: DuplicateEvent, event: Event | None = None) -> list[AboveTop]:
    """The moves of the event scored above their top and not decided yet (``event``: the
    engine's event when already built)."""
    games = (event or build_event(dup)).games
    return above_top(games, kept_scores(dup))


def marks(found: list[AboveTop]) -> list[dict[str, Any]]:
    """The marks of the standings and prints, worded in the page's language."""
    return [{**a.to_json(), "text": worded(a.mark)} for a in found]


def chief_warnings(dup: DuplicateEvent, game: Game, engine: DuplicateGame) -> list[dict[str, Any]]:
    """The chief's screen's warnings: each move above its top, worded, with its game's number,
    the tables of the players concerned, and whether the 5.2 annulment is still possible (for
    a move of ``game``, the game on screen, whose engine is ``engine``)."""
    found = pending(dup)
    if not found:
        return []
    numbers = {g.name: g.number for g in dup.games.all()}
    tables = {r.licence: r.table for r in dup.players.all()}
    return [
        {
            **a.to_json(),
            "text": worded(a.message),
            "number": numbers.get(a.game),
            "tables": [tables.get(licence) or licence for licence in a.licences],
            "annul": a.game == game.name and annulment_possible(engine, a.move),
        }
        for a in found
    ]


@transaction.atomic
def keep(dup: DuplicateEvent, game: Game, move: int, reason: str, user: User) -> AboveTop:
    """The chief arbiter keeps the scores above the top of move ``move`` of ``game`` (the
    5.2 annulment not chosen), with the reason: recorded and audited, the mark cleared.
    Refused without a reason, or when no such score awaits a decision on that move."""
    changes.touch(dup)
    reason = reason.strip()
    if not reason:
        raise ServiceError(gettext("Donnez le motif de la décision."))
    Game.objects.select_for_update().get(pk=game.pk)
    found = next((a for a in pending(dup) if a.game == game.name and a.move == move), None)
    if found is None:
        raise ServiceError(
            gettext(
                "Aucun score au-dessus du top n'attend de décision au coup %(move)s de %(game)s."
            )
            % {"move": move, "game": game.name}
        )
    KeptAboveTop.objects.create(
        game=game,
        move_number=move,
        top_move=found.top_move,
        score=found.score,
        reason=reason[:300],
        decided_by=actor(user),
    )
    target = MOVE_TARGET % {"game": game.name, "move": move}
    audit(dup, user, KEPT_ACTION, target, {"top": found.top}, {"score": found.score}, reason)
    return found
