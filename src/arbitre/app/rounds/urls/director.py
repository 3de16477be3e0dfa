"""Pages of the director: set-up, players, check-in, pairing and its changes, final stage."""

from __future__ import annotations

from typing import Any

from django.urls import URLPattern, path

from arbitre.app.rounds import views
from arbitre.app.rounds.games import PairedGame


def create(game: PairedGame) -> tuple[Any, ...]:
    """The arguments of the creation page's ``path()``."""
    return (views.create, {"game": game}, "create")


def patterns(game: PairedGame) -> list[URLPattern]:
    g = {"game": game}
    return [
        path("evenement/", views.edit_event, g, name="edit_event"),
        path("joueurs/ajout/", views.add_player, g, name="add_player"),
        path("joueurs/import/", views.import_players, g, name="import_players"),
        path("pointage/", views.check_in, g, name="check_in"),
        path("joueur/<int:entrant_id>/", views.player_action, g, name="player_action"),
        path("apparier/", views.pair, g, name="pair"),
        path("ronde/<int:number>/annuler/", views.undo_pairing, g, name="undo_pairing"),
        path("ronde/<int:number>/modifier/", views.override, g, name="override"),
        path("phase-finale/generer/", views.start_knockout, g, name="start_knockout"),
        path("joueur/<int:entrant_id>/modifier/", views.edit_player, g, name="edit_player"),
        path("joueur/<int:entrant_id>/supprimer/", views.remove_player, g, name="remove_player"),
    ]
