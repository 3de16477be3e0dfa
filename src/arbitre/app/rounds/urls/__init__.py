"""URL patterns of the shared round pages, one module per role; each game's URL module
mounts them under its own prefix with its :class:`~arbitre.app.rounds.games.PairedGame`."""

from __future__ import annotations

from typing import Any

from django.urls import URLPattern, include, path

from arbitre.app.rounds.games import PairedGame
from arbitre.app.rounds.urls import arbiter, director, public


def mounted(game: PairedGame, staff: list[URLPattern], visitors: list[URLPattern]) -> list[Any]:
    """The shared pages of ``game`` plus its own (``staff``: directors and arbiters;
    ``visitors``: public), under ``<prefix>/<id>/`` and ``public/<prefix>/<id>/``."""
    prefix = game.url_prefix
    own = director.patterns(game) + arbiter.patterns(game) + staff
    return [
        path(f"{prefix}/nouveau/", *director.create(game)),
        path(f"{prefix}/<int:event_id>/", include(own)),
        path(f"public/{prefix}/<int:event_id>/", include(public.patterns(game) + visitors)),
    ]
