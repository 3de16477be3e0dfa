from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SimultaneConfig(AppConfig):
    name = "arbitre.app.simultane"
    label = "simultane"
    verbose_name = _("Simultanés")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from arbitre.app.duplicate.models import BallotEntry, Game
        from arbitre.app.simultane import signals

        post_save.connect(signals.game_saved, sender=Game, dispatch_uid="simultane-game")
        post_save.connect(signals.ballot_saved, sender=BallotEntry, dispatch_uid="simultane-ballot")
