from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "arbitre.app.events"
    label = "events"
    verbose_name = "Événements"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from arbitre.app.events import backups

        backups.watch_audit()  # every audited change of any event ends in a backup
