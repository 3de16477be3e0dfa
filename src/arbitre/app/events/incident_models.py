"""The register of incidents and sanctions, shared by the three games (issue 19, part 4).

An incident is what happened (a kind and free text), who it concerns (an entrant of a
Classic or backgammon event, a registration of a Duplicate event, kept by name and row
id), its round (a Duplicate game) and table, the sanction given and its amount, who
decided it, and the appeal to the arbitration committee with its decision (seed 003,
1.2 and 3.19: the committee's decision is final). ``applied`` keeps what the sanction
changed (a result, a withdrawal), so that an annulled sanction can be undone.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Incident(models.Model):
    class Kind(models.TextChoices):
        ILLEGAL_MOVE = "illegal_move", _("coup illégal signalé")
        CONDUCT = "conduct", _("comportement")
        CLOCK = "clock", _("pendule, temps")
        ABANDONED_TABLE = "abandoned_table", _("table abandonnée, pendule neutralisée")
        DICE_TOUCHED = "dice_touched", _("dés ramassés avant la pendule")
        SPECTATOR = "spectator", _("spectateur, signal")
        SCORE = "score", _("score, feuille de match")
        DISPUTE = "dispute", _("litige")
        OTHER = "other", _("autre")

    class Sanction(models.TextChoices):
        NONE = "", _("aucune")
        WARNING = "warning", _("avertissement")
        TIME = "time", _("pénalité de temps")
        POINTS = "points", _("pénalité de points")
        LOSS = "loss", _("perte de la partie ou du match")
        DISQUALIFICATION = "disqualification", _("disqualification et perte des prix")
        EXCLUSION = "exclusion", _("exclusion")

    class Appeal(models.TextChoices):
        NONE = "", _("pas d'appel")
        PENDING = "pending", _("appel en cours")
        UPHELD = "upheld", _("sanction maintenue")
        ANNULLED = "annulled", _("sanction annulée")

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="incidents")
    player = models.CharField(_("joueur"), max_length=200, blank=True)
    player_ref = models.PositiveIntegerField(null=True, blank=True)  # Entrant / Registration
    round = models.PositiveSmallIntegerField(_("ronde"), null=True, blank=True)
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    #: a match of the final stage (backgammon bracket or consolation: "QF1", "C-SF2"...)
    match = models.CharField(_("match du tableau final"), max_length=20, blank=True, default="")
    kind = models.CharField(_("nature"), max_length=20, choices=Kind.choices)
    description = models.TextField(_("description"), max_length=2000)
    sanction = models.CharField(
        _("sanction"), max_length=20, choices=Sanction.choices, blank=True, default=""
    )
    amount = models.PositiveIntegerField(_("quantité"), default=0)  # points, or seconds
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    applied = models.JSONField(default=dict, blank=True)
    appeal = models.CharField(
        _("appel"), max_length=10, choices=Appeal.choices, blank=True, default=""
    )
    appeal_text = models.TextField(_("décision du comité"), max_length=2000, blank=True)
    appeal_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    appeal_at = models.DateTimeField(null=True, blank=True)
    #: the arbitration committee that decided the appeal (seed 003, preamble): the
    #: director and the players sitting with them, ``{"director": ..., "members": [...]}``
    appeal_committee = models.JSONField(_("comité d'arbitrage"), default=dict, blank=True)

    class Meta:
        ordering = ["at", "id"]
        verbose_name = _("incident")

    def __str__(self) -> str:
        return f"{self.event_id} #{self.pk} {self.kind} {self.player}"

    @property
    def in_force(self) -> bool:
        """The sanction stands: given and not annulled by the committee."""
        return bool(self.sanction) and self.appeal != Incident.Appeal.ANNULLED
