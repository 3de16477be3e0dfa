"""Pages of the arbiters (and the director): the event, rounds, results, prints."""

from __future__ import annotations

from django.urls import URLPattern, path

from arbitre.app.rounds import prints, views
from arbitre.app.rounds.games import PairedGame


def patterns(game: PairedGame) -> list[URLPattern]:
    g = {"game": game}
    return [
        path("", views.detail, g, name="detail"),
        path("ronde/<int:number>/", views.round_page, g, name="round"),
        path("ronde/<int:number>/imprimer/", prints.pairings, g, name="print_pairings"),
        path("ronde/<int:number>/feuilles/", prints.score_sheets, g, name="print_sheets"),
        path("ronde/<int:number>/billets/", prints.slips, g, name="print_slips"),
        path("table/<int:table_id>/resultat/", views.enter_result, g, name="result"),
        path("phase-finale/", views.knockout, g, name="knockout"),
        path("phase-finale/resultat/", views.knockout_result, g, name="knockout_result"),
        path("imprimer/classement/", prints.print_standings, g, name="print_standings"),
    ]
