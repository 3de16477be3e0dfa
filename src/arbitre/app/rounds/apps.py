from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RoundsConfig(AppConfig):
    """Swiss rounds shared by Classic Scrabble and backgammon events.

    The label stays ``tournaments``: the tables and migrations of the databases already in
    use keep their names."""

    name = "arbitre.app.rounds"
    label = "tournaments"
    verbose_name = _("Rondes appariées (Scrabble classique, backgammon)")
    default_auto_field = "django.db.models.BigAutoField"
