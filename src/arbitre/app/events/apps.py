from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "arbitre.app.events"
    label = "events"
    verbose_name = "Événements"
    default_auto_field = "django.db.models.BigAutoField"
