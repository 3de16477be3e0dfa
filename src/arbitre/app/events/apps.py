from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "arbitre.app.events"
    label = "events"
    verbose_name = _("Événements")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from arbitre.app.events import backups

        backups.watch_audit()  # every audited change of any event ends in a backup
