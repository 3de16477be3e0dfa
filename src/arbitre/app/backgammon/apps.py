from django.apps import AppConfig


class BackgammonConfig(AppConfig):
    name = "arbitre.app.backgammon"
    label = "backgammon"
    verbose_name = "Backgammon"
