"""The event: one tournament of one game kind, whatever its format."""

from django.db import models


class Event(models.Model):
    class Kind(models.TextChoices):
        DUPLICATE = "duplicate", "Scrabble duplicate"
        CLASSIC = "classic", "Scrabble classique"
        BACKGAMMON = "backgammon", "Backgammon"

    name = models.CharField("nom", max_length=200)
    kind = models.CharField("jeu", max_length=20, choices=Kind.choices)
    date = models.DateField("date")
    place = models.CharField("lieu", max_length=200, blank=True)
    created_at = models.DateTimeField("créé le", auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = "événement"
        verbose_name_plural = "événements"

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d/%m/%Y})"
