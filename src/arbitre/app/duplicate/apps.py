from django.apps import AppConfig


class DuplicateConfig(AppConfig):
    name = "arbitre.app.duplicate"
    label = "duplicate"
    verbose_name = "Scrabble duplicate"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from arbitre.app.duplicate import signals
        from arbitre.app.duplicate.models import Game
        from arbitre.app.events import backups

        signals.connect()
        backups.watch(Game)  # a move revealed, a draw, an undo
