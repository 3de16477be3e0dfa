from django.apps import AppConfig


class BackgammonConfig(AppConfig):
    name = "arbitre.app.backgammon"
    label = "backgammon"
    verbose_name = "Backgammon"

    def ready(self) -> None:
        # the match clock's engine behind the table log (issue 19, part 1)
        from arbitre.app.backgammon import clocktable  # noqa: F401
