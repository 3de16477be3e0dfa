from django.urls import path

from arbitre.app.tournaments import prints, views

app_name = "tournaments"

P = "tournoi/<int:event_id>/"
Q = "public/tournoi/<int:event_id>/"

urlpatterns = [
    path("tournoi/classique/nouveau/", views.create_classic, name="create_classic"),
    path("tournoi/backgammon/nouveau/", views.create_backgammon, name="create_backgammon"),
    path(P, views.detail, name="detail"),
    path(P + "joueurs/ajout/", views.add_player, name="add_player"),
    path(P + "joueurs/import/", views.import_players, name="import_players"),
    path(P + "pointage/", views.check_in, name="check_in"),
    path(P + "joueur/<int:entrant_id>/", views.player_action, name="player_action"),
    path(P + "absence/", views.absence, name="absence"),
    path(P + "apparier/", views.pair, name="pair"),
    path(P + "ronde/<int:number>/", views.round_page, name="round"),
    path(P + "ronde/<int:number>/annuler/", views.undo_pairing, name="undo_pairing"),
    path(P + "ronde/<int:number>/modifier/", views.override, name="override"),
    path(P + "ronde/<int:number>/imprimer/", prints.pairings, name="print_pairings"),
    path(P + "ronde/<int:number>/feuilles/", prints.score_sheets, name="print_sheets"),
    path(P + "table/<int:table_id>/resultat/", views.enter_result, name="result"),
    path(P + "table/<int:table_id>/mat/", prints.upload_mat, name="upload_mat"),
    path(P + "phase-finale/", views.knockout, name="knockout"),
    path(P + "phase-finale/generer/", views.start_knockout, name="start_knockout"),
    path(P + "phase-finale/barrage/", views.playoff, name="playoff"),
    path(P + "phase-finale/resultat/", views.knockout_result, name="knockout_result"),
    path(P + "phase-finale/feuilles/", prints.knockout_sheets, name="print_knockout"),
    path(P + "imprimer/classement/", prints.print_standings, name="print_standings"),
    path(Q, views.public, name="public"),
    path(Q + "etat.json", views.state_json, name="state"),
    path(Q + "ronde/<int:number>/", views.public_round, name="public_round"),
    path(Q + "joueur/<int:entrant_id>/", views.public_player, name="public_player"),
    path(Q + "phase-finale/", views.public_knockout, name="public_knockout"),
    path(Q + "classement.csv", prints.standings_csv, name="standings_csv"),
    path(Q + "resultats.csv", prints.results_csv, name="results_csv"),
    path(Q + "phase-finale.csv", prints.knockout_csv, name="knockout_csv"),
    path(Q + "tournoi.t", prints.tsh_file, name="tsh"),
    path(Q + "table/<int:table_id>/match.mat", prints.download_mat, name="mat"),
]
