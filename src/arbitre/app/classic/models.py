"""Database models of a Classic event beyond the shared rounds (``arbitre.app.rounds``)."""

from __future__ import annotations

from django.db import models

from arbitre.app.rounds.models import Tournament


class WordList(models.Model):
    """The word list the challenges at a Classic event's tables are judged by (seed 001, 1.2;
    seed 000, 5.1: the ODS in force, which the director uploads). No row: the shipped default
    list. ``path`` is the kept file (:mod:`arbitre.app.wordlists`), ``name`` the file's name
    as the director sent it, ``words`` its number of words."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="word_list"
    )
    name = models.CharField("liste de mots", max_length=200)
    path = models.CharField(max_length=500)
    sha256 = models.CharField(max_length=64)
    words = models.PositiveIntegerField("nombre de mots")

    def __str__(self) -> str:
        return self.name
