"""URLs of backgammon championships: the shared round pages under ``backgammon/`` plus the
play-off, the final stage's match sheets and the match records."""

from django.urls import path

from arbitre.app.backgammon import clockviews, matchclockviews, startfix, views
from arbitre.app.backgammon.game import GAME
from arbitre.app.rounds.urls import mounted

app_name = "backgammon"

urlpatterns = mounted(
    GAME,
    staff=[
        path("reglages/", views.match_day_settings, name="settings"),
        path("phase-finale/barrage/", views.playoff, name="playoff"),
        path("phase-finale/feuilles/", views.knockout_sheets, name="print_knockout"),
        path("table/<int:table_id>/mat/", views.upload_mat, name="upload_mat"),
        path("table/<int:table_id>/longueur/", views.wrong_length, name="wrong_length"),
        path("table/<int:table_id>/pendule/", clockviews.page, name="clock"),
        # seed 003, 3.16: a wrong starting position corrected in the table's record
        path("table/<int:table_id>/depart/", startfix.table_page, name="start_correction"),
        path(
            "phase-finale/<str:mid>/depart/",
            startfix.match_page,
            name="start_correction_match",
        ),
        path("table/<int:table_id>/pendule/etat/", clockviews.state, name="clock_state"),
        path("table/<int:table_id>/pendule/action/", clockviews.action, name="clock_action"),
        path("ronde/<int:number>/pendules/", clockviews.round_clocks, name="round_clocks"),
        # the final stage's clocks (issue 33): a match by its id ("QF1", "C-QF1")
        path("phase-finale/pendules/", matchclockviews.all_clocks, name="match_clocks"),
        path("phase-finale/<str:mid>/pendule/", matchclockviews.page, name="match_clock"),
        path(
            "phase-finale/<str:mid>/pendule/etat/",
            matchclockviews.state,
            name="match_clock_state",
        ),
        path(
            "phase-finale/<str:mid>/pendule/action/",
            matchclockviews.action,
            name="match_clock_action",
        ),
        path(
            "phase-finale/<str:mid>/pendule/compensation/",
            matchclockviews.compensation,
            name="match_clock_compensation",
        ),
        path(
            "phase-finale/<str:mid>/pendule/absents/",
            matchclockviews.both_absent,
            name="match_clock_both_absent",
        ),
        path(
            "table/<int:table_id>/pendule/compensation/",
            clockviews.compensation,
            name="clock_compensation",
        ),
        path(
            "table/<int:table_id>/pendule/absents/",
            clockviews.both_absent,
            name="clock_both_absent",
        ),
    ],
    visitors=[path("table/<int:table_id>/match.mat", views.download_mat, name="mat")],
) + [
    # the players open their table's clock with the code of their table's slip (no account)
    path("backgammon/table/", clockviews.enter_code, name="table_code"),
    path("backgammon/table/<str:code>/", clockviews.code_page, name="table_page"),
    path("backgammon/table/<str:code>/etat/", clockviews.code_state, name="table_state"),
    path("backgammon/table/<str:code>/action/", clockviews.code_action, name="table_action"),
]
