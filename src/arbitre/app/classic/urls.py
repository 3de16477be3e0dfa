"""URLs of Classic events: the shared round pages under ``classique/`` plus the absences and
the TSH file."""

from django.urls import path

from arbitre.app.classic import views
from arbitre.app.classic.game import GAME
from arbitre.app.rounds.urls import mounted

app_name = "classic"

urlpatterns = mounted(
    GAME,
    staff=[path("absence/", views.absence, name="absence")],
    visitors=[path("tournoi.t", views.tsh_file, name="tsh")],
)
