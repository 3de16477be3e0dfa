from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClassicConfig(AppConfig):
    name = "arbitre.app.classic"
    label = "classic"
    verbose_name = _("Scrabble classique")

    def ready(self) -> None:
        # the Classic engine behind the table logs (issue 18)
        from arbitre.app.classic import tables  # noqa: F401
