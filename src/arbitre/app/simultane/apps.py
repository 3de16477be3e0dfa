from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SimultaneConfig(AppConfig):
    name = "arbitre.app.simultane"
    label = "simultane"
    verbose_name = _("Simultanés")
    default_auto_field = "django.db.models.BigAutoField"
