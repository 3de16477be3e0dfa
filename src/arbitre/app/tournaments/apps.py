from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "arbitre.app.tournaments"
    label = "tournaments"
    verbose_name = "Tournois appariés (Scrabble classique, backgammon)"
    default_auto_field = "django.db.models.BigAutoField"
