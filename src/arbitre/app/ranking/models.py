"""The federation's season (issue 20): its licensees, and the audit of every change."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from arbitre.app.events.models import AuditRecord


class Licensee(models.Model):
    """A licensee of the federation, as its licensee file gives them (seed 002, A.1, A.3)."""

    licence = models.CharField(_("licence"), max_length=20, unique=True)
    name = models.CharField(_("nom"), max_length=100)
    first_name = models.CharField(_("prénom"), max_length=100, blank=True)
    club = models.CharField(_("club"), max_length=100, blank=True)
    committee = models.CharField(_("comité"), max_length=100, blank=True)
    birth_date = models.DateField(_("date de naissance"), null=True, blank=True)
    category = models.CharField(_("catégorie d'âge"), max_length=10, blank=True)
    nationality = models.CharField(_("nationalité"), max_length=3, blank=True)
    federation = models.CharField(_("fédération"), max_length=20, blank=True)
    first_federation = models.CharField(
        _("fédération de première affiliation"), max_length=20, blank=True
    )
    series = models.PositiveSmallIntegerField(_("série"))
    tier = models.CharField(_("palier"), max_length=1, blank=True)
    highest_series = models.PositiveSmallIntegerField(_("meilleure série atteinte"))
    s1_for_life = models.BooleanField(_("S1 à vie"), default=False)
    first_season = models.PositiveSmallIntegerField(_("première saison"), default=0)
    affiliated = models.BooleanField(_("affilié"), default=True)
    after_festival = models.BooleanField(_("affilié après le festival"), default=False)
    overseas = models.BooleanField(_("outre-mer"), default=False)

    class Meta:
        ordering = ["name", "first_name", "licence"]
        verbose_name = _("licencié")
        verbose_name_plural = _("licenciés")

    def __str__(self) -> str:
        return f"{self.name} {self.first_name} ({self.licence})".replace("  ", " ")

    @property
    def series_label(self) -> str:
        return f"{self.series}{self.tier}"


class RankingAudit(AuditRecord):
    """Changes of the federation's season: imports of the licensee file, edits."""
