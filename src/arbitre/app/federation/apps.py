from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FederationConfig(AppConfig):
    name = "arbitre.app.federation"
    label = "federation"
    verbose_name = _("Transmission à la fédération")
    default_auto_field = "django.db.models.BigAutoField"
