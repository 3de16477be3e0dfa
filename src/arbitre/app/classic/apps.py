from django.apps import AppConfig


class ClassicConfig(AppConfig):
    name = "arbitre.app.classic"
    label = "classic"
    verbose_name = "Scrabble classique"
