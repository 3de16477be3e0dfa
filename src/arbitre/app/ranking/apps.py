from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RankingConfig(AppConfig):
    name = "arbitre.app.ranking"
    label = "ranking"
    verbose_name = _("Classement fédéral")
    default_auto_field = "django.db.models.BigAutoField"
