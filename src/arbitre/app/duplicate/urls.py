from django.urls import path

from arbitre.app.duplicate import (
    appeal_views,
    checkin_views,
    game_state,
    hall,
    pair_views,
    prints,
    public,
    views,
)

app_name = "duplicate"

urlpatterns = [
    path("lexique/etat/", views.lexicon_status, name="lexicon_status"),
    path("duplicate/nouveau/", views.create_event, name="create"),
    path("duplicate/<int:event_id>/", views.detail, name="detail"),
    path("duplicate/<int:event_id>/reglages/", views.event_settings, name="settings"),
    path("duplicate/<int:event_id>/joueurs/import/", views.import_players, name="import_players"),
    path("duplicate/<int:event_id>/joueurs/ajout/", views.add_player, name="add_player"),
    path(
        "duplicate/<int:event_id>/joueurs/modifier/<path:licence>",
        views.edit_player,
        name="edit_player",
    ),
    path("duplicate/<int:event_id>/arbitres/", views.assign_arbiter, name="assign_arbiter"),
    path("duplicate/<int:event_id>/paires/", pair_views.pairs_page, name="pairs"),
    path("duplicate/<int:event_id>/paires/formule/", pair_views.pairs_mode, name="pairs_mode"),
    path("duplicate/<int:event_id>/paires/import/", pair_views.import_pairs, name="import_pairs"),
    path(
        "duplicate/<int:event_id>/paires/<int:registration_id>/partenaire/",
        pair_views.edit_partner,
        name="edit_partner",
    ),
    path("duplicate/<int:event_id>/partie/<int:number>/ja/", views.chief, name="chief"),
    # check-in, places, arbiters' table ranges, missing ballots (issue 35)
    path("duplicate/<int:event_id>/pointage/", checkin_views.director_page, name="checkin"),
    path(
        "public/duplicate/<int:event_id>/pointage/",
        checkin_views.self_check_in,
        name="self_check_in",
    ),
    path(
        "duplicate/<int:event_id>/partie/<int:number>/ja/manquants.json",
        checkin_views.missing_json,
        name="missing_json",
    ),
    path(
        "duplicate/<int:event_id>/partie/<int:number>/pretiree/",
        views.upload_predrawn,
        name="predrawn",
    ),
    path("duplicate/<int:event_id>/retard/", views.mark_late, name="late"),
    path("duplicate/<int:event_id>/departage/", views.title_playoff, name="title_playoff"),
    path("duplicate/<int:event_id>/recours/", views.appeal, name="appeal"),
    path(
        "duplicate/<int:event_id>/recours/top-garde/",
        appeal_views.keep_above_top,
        name="keep_above_top",
    ),
    path("duplicate/<int:event_id>/partie/<int:number>/saisie/", views.entry, name="entry"),
    path(
        "duplicate/<int:event_id>/partie/<int:number>/saisie/api/",
        views.entry_api,
        name="entry_api",
    ),
    path(
        "duplicate/<int:event_id>/partie/<int:number>/saisie/progression.json",
        views.entry_progress,
        name="entry_progress",
    ),
    path(
        "duplicate/<int:event_id>/partie/<int:number>/imprimer/",
        prints.game_sheet,
        name="print_game",
    ),
    path(
        "duplicate/<int:event_id>/partie/<int:number>/avertissements/",
        prints.warning_slips,
        name="print_slips",
    ),
    path("duplicate/<int:event_id>/imprimer/classement/", prints.standings, name="print_standings"),
    path(
        "duplicate/<int:event_id>/imprimer/joueur/<path:licence>/",
        prints.player_sheet,
        name="print_player",
    ),
    path(
        "duplicate/<int:event_id>/export/resultats.csv", prints.results_csv_view, name="results_csv"
    ),
    path("public/duplicate/<int:event_id>/", public.public_standings, name="public_standings"),
    path("public/duplicate/<int:event_id>/salle/", hall.screen, name="hall"),
    path("public/duplicate/<int:event_id>/salle.json", hall.screen_json, name="hall_json"),
    path(
        "public/duplicate/<int:event_id>/classement.json",
        public.public_standings_json,
        name="public_json",
    ),
    path(
        "public/duplicate/<int:event_id>/joueur/<path:licence>/",
        public.public_player,
        name="public_player",
    ),
    path(
        "public/duplicate/<int:event_id>/joueur/<path:licence>/progression.svg",
        prints.progression_svg,
        name="progression",
    ),
    path(
        "public/duplicate/<int:event_id>/partie/<int:number>/",
        public.public_move,
        name="public_move",
    ),
    path(
        "public/duplicate/<int:event_id>/partie/<int:number>/etat.json",
        game_state.game_state_json,
        name="game_state",
    ),
]
