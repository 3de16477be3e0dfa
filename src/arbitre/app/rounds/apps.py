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

    def ready(self) -> None:
        from django.db.models.signals import pre_delete

        from arbitre.app.events import backups
        from arbitre.app.rounds import tablelog
        from arbitre.app.rounds.models import KnockoutResult, Round, Table, Tournament

        backups.watch(Round, Table, KnockoutResult)  # a pairing, a result, a final-stage result

        pre_delete.connect(tablelog.forget_final_logs, sender=Tournament, dispatch_uid="final_logs")
