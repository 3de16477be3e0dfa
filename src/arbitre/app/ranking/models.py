"""The federation's season (issue 20): its licensees, and the audit of every change."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.formats import number_format
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


class Season(models.Model):
    """A ranking season, 1 September to 31 August (seed 002, A.1), named by its first year.

    ``quota_s1..3`` are the %S1-%S3 divisor quotas (B.1, 2): set by the officer, or derived
    from the previous season when it was closed. ``closed``: its classification is final,
    its figures are the next season's reliquats and the lifetime floors were carried."""

    year = models.PositiveSmallIntegerField(_("saison (première année)"), unique=True)
    quota_s1 = models.FloatField(_("quota S1"), default=245.0)
    quota_s2 = models.FloatField(_("quota S2"), default=337.0)
    quota_s3 = models.FloatField(_("quota S3"), default=574.0)
    # seed 002 B.1: the season's weight of the federal weeks' simultanés is capped by their
    # own regulation, which the seed does not give: empty = no cap
    federal_weeks_cap_s1 = models.FloatField(
        _("plafond Semaines fédérales S1"), null=True, blank=True
    )
    federal_weeks_cap_s2 = models.FloatField(
        _("plafond Semaines fédérales S2"), null=True, blank=True
    )
    federal_weeks_cap_s3 = models.FloatField(
        _("plafond Semaines fédérales S3"), null=True, blank=True
    )
    next_quota_s1 = models.FloatField(null=True, blank=True)
    next_quota_s2 = models.FloatField(null=True, blank=True)
    next_quota_s3 = models.FloatField(null=True, blank=True)
    computed_at = models.DateTimeField(_("calculé le"), null=True, blank=True)
    closed = models.BooleanField(_("close"), default=False)

    class Meta:
        ordering = ["-year"]
        verbose_name = _("saison")

    def __str__(self) -> str:
        return f"{self.year}-{self.year + 1}"


class RankedEvent(models.Model):
    """An official event of the season (seed 002, A.2): its type and number of games decide
    M, D, PP4 and the weights (B.1-B.3); its rows are the results, keyed by licence."""

    class Source(models.TextChoices):
        ARBITRE = "arbitre", _("épreuve Arbitre")
        IMPORT = "import", _("fichier importé")

    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="events")
    name = models.CharField(_("nom"), max_length=200)
    type_code = models.CharField(_("type"), max_length=10)
    games = models.PositiveSmallIntegerField(_("parties"))
    date = models.DateField(_("date"))
    overseas = models.BooleanField(_("outre-mer"), default=False)
    source = models.CharField(_("origine"), max_length=10, choices=Source.choices)
    source_name = models.CharField(_("fichier"), max_length=200, blank=True)
    duplicate_event = models.OneToOneField(
        "events.Event",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="ranked",
    )
    # Arbitre's own identity of an event it ran (installation and number, as its export and
    # its club's upload carry it): an event counts once in its season (issue 33)
    uid = models.CharField(_("identifiant Arbitre"), max_length=80, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # titles and medals (seed 002, A.3, A.4): the championship kind, the nationality limit,
    # and the recorded play-offs or drawings of lots, by title key
    championship = models.CharField(_("championnat"), max_length=20, default="other")
    national = models.BooleanField(_("championnat national"), default=False)
    country = models.CharField(_("pays"), max_length=3, default="FR")
    title_decisions = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("épreuve classée")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d/%m/%Y})"


class ResultRow(models.Model):
    """A player's place in a ranked event, keyed by licence. A licence the federation's
    file does not know stays here, at its place, until the officer matches it to a licensee
    or creates one (issue 20: never dropped)."""

    event = models.ForeignKey(RankedEvent, on_delete=models.CASCADE, related_name="rows")
    line = models.PositiveIntegerField()
    place = models.PositiveIntegerField(_("place"))
    licence = models.CharField(_("licence"), max_length=20, blank=True)
    name = models.CharField(_("nom"), max_length=100, blank=True)
    first_name = models.CharField(_("prénom"), max_length=100, blank=True)
    club = models.CharField(_("club"), max_length=100, blank=True)
    series = models.PositiveSmallIntegerField(_("série"))
    tier = models.CharField(_("palier"), max_length=1, blank=True)
    pair = models.CharField(_("paire"), max_length=40, blank=True)
    category = models.CharField(_("catégorie d'âge"), max_length=10, blank=True)
    tops_lost = models.IntegerField(_("tops perdus"), null=True, blank=True)
    total = models.IntegerField(_("total"), null=True, blank=True)

    class Meta:
        ordering = ["event", "place", "line"]
        indexes = [models.Index(fields=["licence"])]


class Standing(models.Model):
    """A licensee's figures in a season as last computed (seed 002): the classification's
    series and tier and the figures after the yearly decay (next season's reliquats), with
    the engine's explanation of every figure (:func:`arbitre.ranking.explanation`; without
    the series' bar, a figure of the whole series that the page reads from the standings,
    so that a new bar does not rewrite every explanation of the series)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
    licence = models.CharField(_("licence"), max_length=20)
    series = models.PositiveSmallIntegerField(_("série"))
    tier = models.CharField(_("palier"), max_length=1, blank=True)
    order = models.PositiveIntegerField()
    pct_s1 = models.FloatField(default=0.0)
    pct_s2 = models.FloatField(default=0.0)
    pct_s3 = models.FloatField(default=0.0)
    pp4 = models.IntegerField(default=0)
    points = models.IntegerField(default=0)
    explanation = models.JSONField()
    # the engine's digest of the explanation (arbitre.ranking.explain.digests): a recompute
    # rewrites the explanation only when it changed (empty: rewritten at the next one)
    digest = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["season", "order"]
        unique_together = [("season", "licence")]

    @property
    def pct_s1_shown(self) -> str:
        return number_format(100 * self.pct_s1, 2)  # the language's decimal separator

    @property
    def pct_s2_shown(self) -> str:
        return number_format(100 * self.pct_s2, 2)  # the language's decimal separator

    @property
    def pct_s3_shown(self) -> str:
        return number_format(100 * self.pct_s3, 2)  # the language's decimal separator


class PendingChange(models.Model):
    """A change of the published figures (an event's results in, a club's upload accepted,
    a licensee file, an event withdrawn or corrected) shown to its author before it is
    written (issue 33): what it would do (``kind``, ``params``, the file in ``data``), the
    series and tier changes it would make (``changes``) and their ``digest``. Nothing of it
    is published until its author confirms; cancelled, it goes."""

    kind = models.CharField(max_length=20)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    params = models.JSONField(default=dict)
    data = models.BinaryField(default=b"", blank=True)
    changes = models.JSONField(default=list)
    outcome = models.JSONField(default=dict)
    digest = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
