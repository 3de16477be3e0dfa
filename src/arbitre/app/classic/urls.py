"""URLs of Classic events: the shared round pages under ``classique/`` plus the absences, the
TSH file and the table pages (issue 18)."""

from django.urls import path

from arbitre.app.classic import finalviews, friendlyviews, tableviews, views
from arbitre.app.classic.game import GAME
from arbitre.app.rounds.urls import mounted

app_name = "classic"

urlpatterns = mounted(
    GAME,
    staff=[
        path("absence/", views.absence, name="absence"),
        path("liste-de-mots/", views.word_list, name="word_list"),
        path("table/<int:table_id>/", tableviews.arbiter_page, name="table_arbiter"),
        path("table/<int:table_id>/etat/", tableviews.arbiter_state, name="table_arbiter_state"),
        path(
            "table/<int:table_id>/action/", tableviews.arbiter_action, name="table_arbiter_action"
        ),
        path("table/<int:table_id>/rouvrir/", tableviews.reopen, name="table_reopen"),
        path("ronde/<int:number>/tables/", tableviews.overview, name="table_overview"),
        path(
            "ronde/<int:number>/tables.json",
            tableviews.overview_json,
            name="table_overview_json",
        ),
        path("pendule/", tableviews.set_clock, name="table_clock"),
        path("phase-finale/table/<int:log_id>/", finalviews.page, name="final_table"),
        path("phase-finale/table/<int:log_id>/etat/", finalviews.state, name="final_table_state"),
        path(
            "phase-finale/table/<int:log_id>/action/",
            finalviews.action,
            name="final_table_action",
        ),
        path(
            "phase-finale/table/<int:log_id>/rouvrir/",
            finalviews.reopen,
            name="final_table_reopen",
        ),
    ],
    visitors=[path("tournoi.t", views.tsh_file, name="tsh")],
) + [
    path("classique/table/", tableviews.enter_code, name="table_code"),
    path("classique/table/<str:code>/", tableviews.page, name="table_page"),
    path("classique/table/<str:code>/etat/", tableviews.state, name="table_state"),
    path("classique/table/<str:code>/action/", tableviews.action, name="table_action"),
    path("classique/table/<str:code>/imprimer/", tableviews.print_sheet, name="table_print"),
    path("classique/table/<str:code>/partie.gcg", tableviews.gcg, name="table_gcg"),
    path("classique/amicale/", friendlyviews.friendly, name="friendly"),
    path(
        "classique/amicale/<str:code>/",
        friendlyviews.friendly_arbiter,
        name="table_friendly_arbiter",
    ),
    path(
        "classique/amicale/<str:code>/action/",
        friendlyviews.friendly_action,
        name="table_friendly_action",
    ),
    path(
        "classique/amicale/<str:code>/rouvrir/",
        friendlyviews.friendly_reopen,
        name="table_friendly_reopen",
    ),
]
