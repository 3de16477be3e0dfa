from django.apps import AppConfig


class BackgammonConfig(AppConfig):
    name = "arbitre.app.backgammon"
    label = "backgammon"
    verbose_name = "Backgammon"

    def ready(self) -> None:
        # the match clock's engine behind the table log (issue 19, part 1)
        # the final stage's clocks write a set at a flag (issue 33)
        from arbitre.app.backgammon import (
            bracketclock,  # noqa: F401
            clocktable,  # noqa: F401
        )
