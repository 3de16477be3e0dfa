"""A centre's game of a simultané not yet opened is no ordinary planned game: its letters
are the sealed game's, released at its own official start by its code (a TSAP's game 2
opens at its hour with « Ouvrir la partie 2 »). Until then the Duplicate event refuses to
draw it, at random or typed, and to start it (:mod:`arbitre.app.duplicate.draw_guards`)."""

from __future__ import annotations

from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext

from arbitre.app.duplicate.models import Game
from arbitre.app.simultane.models import Received
from arbitre.common.messages import Refusal
from arbitre.duplicate import sealed


def refusal(game: Game) -> str | None:
    """Why ``game`` may not be drawn or started: it belongs to a simultané opened at this
    centre and has not been opened with its code; None for any other game."""
    received = (
        Received.objects.filter(event_id=game.duplicate.event_id)
        .only("name", "games_opened", "starts_at", "sealed")
        .first()
    )
    if received is None or game.number <= received.games_opened:
        return None
    try:
        start = sealed.loads(received.sealed).header.start_of(game.number)
    except Refusal:  # read when it was received: kept as it was
        start = received.starts_at
    local = timezone.localtime(start)
    return gettext(
        "La partie %(number)s du simultané « %(name)s » n'est pas encore ouverte : elle "
        "commence le %(day)s à %(hour)s et s'ouvre alors avec son code (« Ouvrir la partie "
        "%(number)s », page des simultanés). Pas de tirage ni de début de jeu avant."
    ) % {
        "number": game.number,
        "name": received.name,
        "day": date_format(local, "SHORT_DATE_FORMAT"),
        "hour": time_format(local, "H:i"),
    }
