"""Public pages (no login): standings, rounds, players, final stage, exports, live state."""

from __future__ import annotations

from django.urls import URLPattern, path

from arbitre.app.rounds import checkin_views, hall, prints, public
from arbitre.app.rounds.games import PairedGame


def patterns(game: PairedGame) -> list[URLPattern]:
    g = {"game": game}
    return [
        path("", public.public, g, name="public"),
        path("etat.json", public.state_json, g, name="state"),
        path("salle/", hall.screen, g, name="hall"),
        path("salle.json", hall.screen_json, g, name="hall_json"),
        path("pointage/", checkin_views.self_check_in, g, name="self_check_in"),
        path("ronde/<int:number>/", public.public_round, g, name="public_round"),
        path("joueur/<int:entrant_id>/", public.public_player, g, name="public_player"),
        path("phase-finale/", public.public_knockout, g, name="public_knockout"),
        path("classement.csv", prints.standings_csv, g, name="standings_csv"),
        path("resultats.csv", prints.results_csv, g, name="results_csv"),
        path("phase-finale.csv", prints.knockout_csv, g, name="knockout_csv"),
    ]
