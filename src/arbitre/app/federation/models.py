"""The federation's side (club tokens, uploads received) and the club's side (the link to
the federation, the outbox)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ClubToken(models.Model):
    """A club's API key on the federation's server. Only its SHA-256 is kept; the key itself
    is shown once, when the officer creates it."""

    club = models.CharField(_("club"), max_length=100)
    digest = models.CharField(max_length=64, unique=True)
    hint = models.CharField(max_length=8)  # the key's first characters, to tell keys apart
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["club", "-created_at"]

    def __str__(self) -> str:
        return self.club


class Upload(models.Model):
    """Results a club sent (federation side): one per club and event (``uid``), whatever the
    number of times it was sent."""

    class Status(models.TextChoices):
        PENDING = "pending", _("en attente")
        ACCEPTED = "accepted", _("accepté")
        REJECTED = "rejected", _("refusé")

    token = models.ForeignKey(ClubToken, on_delete=models.PROTECT, related_name="uploads")
    uid = models.CharField(max_length=80)
    name = models.CharField(_("épreuve"), max_length=200)
    date = models.DateField(_("date"), null=True, blank=True)
    payload = models.TextField()
    digest = models.CharField(max_length=64)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(_("raison"), max_length=300, blank=True)
    received_at = models.DateTimeField(auto_now_add=True)
    sent_count = models.PositiveIntegerField(default=1)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    ranked_event = models.ForeignKey(
        "ranking.RankedEvent", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-received_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["token", "uid"], name="unique_upload_per_club"),
        ]


class Link(models.Model):
    """The club's link to its federation (club side; one row): the server's address, the
    club's key, and this installation's id that makes every event's upload id unique."""

    url = models.URLField(_("adresse du serveur de la fédération"), blank=True)
    token = models.CharField(_("clé du club"), max_length=80, blank=True)
    installation = models.CharField(max_length=32)


class OutboxItem(models.Model):
    """An event's results waiting to reach the federation, or sent and answered (club side)."""

    class State(models.TextChoices):
        QUEUED = "queued", _("en file d'attente")
        SENT = "sent", _("reçu par la fédération, en attente de décision")
        ACCEPTED = "accepted", _("accepté par la fédération")
        REJECTED = "rejected", _("refusé par la fédération")

    event = models.OneToOneField("events.Event", on_delete=models.CASCADE, related_name="outbox")
    uid = models.CharField(max_length=80, unique=True)
    name = models.CharField(max_length=200)
    date = models.DateField(null=True, blank=True)
    payload = models.TextField()
    #: the federation API's path this item is posted to, its payload the JSON body (a
    #: simultané's results, issue 38); empty: the results file of an event (``API``)
    path = models.CharField(max_length=200, blank=True, default="")
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    reason = models.CharField(max_length=300, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    queued_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    answered_at = models.DateTimeField(null=True, blank=True)
