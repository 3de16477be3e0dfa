"""A simultané on the federation's server (its sealed games, the centres admitted) and on a
centre's laptop (the sealed file it received, the event it opened)."""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from arbitre.app.events.models import AuditRecord


class Simultane(models.Model):
    """A simultané published by the federation. ``code`` is the secret that opens ``sealed``:
    released by the API from ``starts_at`` on, never before."""

    uid = models.CharField(max_length=40, unique=True)
    name = models.CharField(_("nom"), max_length=200)
    type_code = models.CharField(_("type"), max_length=10)
    starts_at = models.DateTimeField(_("début officiel"))
    seconds_per_move = models.PositiveSmallIntegerField(_("temps par coup (s)"))
    games = models.PositiveSmallIntegerField(_("parties"))
    code = models.CharField(max_length=20)
    sealed = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    #: closed by the officer: the merged standings no longer change
    closed_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: bumped in the same transaction as every change of what its pages show (an upload
    #: received or replaced, a centre admitted, removed, withdrawn or restored, a score
    #: corrected, the simultané closed): the merged standings are computed once per version
    #: (:mod:`.merged`), and the public pages poll it
    version = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["-starts_at", "-id"]

    def __str__(self) -> str:
        return self.name


class SimultaneGame(models.Model):
    """One game of a simultané (federation side, sealed file version 2): its official start
    and the code that opens it alone, released from that start on. A simultané published
    before (version 1) has none: its one ``code`` opens every game at ``starts_at``."""

    simultane = models.ForeignKey(Simultane, on_delete=models.CASCADE, related_name="releases")
    number = models.PositiveSmallIntegerField()
    starts_at = models.DateTimeField(_("début officiel"))
    code = models.CharField(max_length=20)

    class Meta:
        ordering = ["simultane", "number"]
        constraints = [
            models.UniqueConstraint(fields=["simultane", "number"], name="unique_simultane_game"),
        ]


class ListedUpload(NamedTuple):
    """What the public pages show of a centre's upload."""

    players: int
    withdrawn_at: datetime | None
    withdrawn_reason: str


class ListedCentre(NamedTuple):
    """A centre as the public pages list it (``upload`` None: nothing received)."""

    club: str
    upload: ListedUpload | None


class CentreQuerySet(models.QuerySet["Centre"]):
    def listed(self) -> list[ListedCentre]:
        """The centres as the public pages list them, in their order, read as plain values
        (four columns, no model built): the public standings are rendered again at each
        upload, and reading 300 centres with their uploads as models took a fifth of it."""
        rows = self.values_list(
            "club",
            "upload__pk",
            "upload__players",
            "upload__withdrawn_at",
            "upload__withdrawn_reason",
        )
        return [
            ListedCentre(club, None if pk is None else ListedUpload(players, withdrawn, reason))
            for club, pk, players, withdrawn, reason in rows
        ]

    def with_upload(self) -> CentreQuerySet:
        """The centres with their upload's figures, not its payload nor its stored summary:
        a page listing the centres reads no results (at full size, 300 payloads decoded
        took ~0.4 s a page, and 300 summaries a fifth of the public standings' rendering)."""
        return self.select_related("upload").defer("upload__payload", "upload__summary")


class Centre(models.Model):
    """A club admitted to play a simultané, by its name on the federation's club keys: any
    active key of that club downloads the games (a key replaced keeps the admission)."""

    simultane = models.ForeignKey(Simultane, on_delete=models.CASCADE, related_name="centres")
    club = models.CharField(_("club"), max_length=100)
    admitted_at = models.DateTimeField(auto_now_add=True)
    key_fetched_at = models.DateTimeField(null=True, blank=True)

    objects = CentreQuerySet.as_manager()

    class Meta:
        ordering = ["club"]
        constraints = [
            models.UniqueConstraint(fields=["simultane", "club"], name="unique_centre"),
        ]


class CentreUpload(models.Model):
    """A centre's latest results of a simultané (federation side): one per centre, whatever
    the number of times it sent them; its rows are merged into the standings."""

    centre = models.OneToOneField(Centre, on_delete=models.CASCADE, related_name="upload")
    payload = models.JSONField()
    digest = models.CharField(max_length=64)
    #: what the merge needs of the payload, summed up once by the process that received it
    #: (:func:`.merged.stored_summary`): another process merges the upload without
    #: reading its ballots
    summary = models.JSONField(default=dict, blank=True)
    games_ended = models.JSONField(default=list)
    players = models.PositiveIntegerField(default=0)
    sent_count = models.PositiveIntegerField(default=1)
    received_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    #: withdrawn by the officer (with the reason): kept, out of the merged standings, until
    #: restored; a re-send from the centre leaves it withdrawn
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_reason = models.CharField(max_length=300, blank=True)


class UploadedLicence(models.Model):
    """A licence ranked by a centre's latest upload (federation side), withdrawn uploads and
    players removed by the officer included (a player plays a simultané once): an upload's
    players are checked against every other centre's by one indexed query
    (:mod:`.elsewhere`), never by reading every upload. Written with the upload, in its
    transaction."""

    simultane = models.ForeignKey(Simultane, on_delete=models.CASCADE, related_name="+")
    upload = models.ForeignKey(CentreUpload, on_delete=models.CASCADE, related_name="licences")
    licence = models.CharField(max_length=20)

    class Meta:
        indexes = [models.Index(fields=["simultane", "licence"], name="simultane_licence")]


class Correction(models.Model):
    """The officer's correction of a centre's upload, standing over the centre's re-sends
    until the officer undoes it: a player's score for one game (``game`` >= 1, ``score``: the
    game's score in the merged standings, solos of the whole simultané included), or the
    player removed from the ranking (``game`` = :data:`REMOVED`, no score)."""

    REMOVED = 0

    centre = models.ForeignKey(Centre, on_delete=models.CASCADE, related_name="corrections")
    licence = models.CharField(max_length=20)
    game = models.PositiveSmallIntegerField()
    score = models.IntegerField(null=True, blank=True)
    reason = models.CharField(max_length=300)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["centre__club", "licence", "game"]
        constraints = [
            models.UniqueConstraint(
                fields=["centre", "licence", "game"], name="unique_simultane_correction"
            ),
        ]


class SimultaneAudit(AuditRecord):
    """The officer's corrections and withdrawals of a simultané's uploads: who, when, what,
    before, after, why (the reason is required)."""

    simultane = models.ForeignKey(Simultane, on_delete=models.CASCADE, related_name="audit")


class Received(models.Model):
    """A sealed simultané on a centre's laptop: read before the start, opened at the start
    into a Duplicate event (``event``)."""

    class Opened(models.TextChoices):
        ONLINE = "online", _("clé reçue de la fédération")
        CODE = "code", _("code donné par téléphone")

    uid = models.CharField(max_length=80, unique=True)
    name = models.CharField(_("nom"), max_length=200)
    type_code = models.CharField(_("type"), max_length=10)
    starts_at = models.DateTimeField(_("début officiel"))
    seconds_per_move = models.PositiveSmallIntegerField(_("temps par coup (s)"))
    games = models.PositiveSmallIntegerField(_("parties"))
    sealed = models.TextField()
    received_at = models.DateTimeField(auto_now=True)
    event = models.OneToOneField(
        "events.Event", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    opened_at = models.DateTimeField(null=True, blank=True)
    #: the code that opened game 1: the proof of the opening in the results uploaded
    code = models.CharField(max_length=20, blank=True)
    #: how many games are opened, in order (version 2: each at its own start)
    games_opened = models.PositiveSmallIntegerField(default=0)
    opened_with = models.CharField(max_length=10, choices=Opened.choices, blank=True)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-starts_at", "-id"]

    def __str__(self) -> str:
        return self.name


class CentrePlayer(models.Model):
    """What the federation said of a licence registered at a centre (centre side), and
    whether the director entered the player « hors classement » (not a licensee: seed 002,
    A.1); the federation refuses an upload with a licence it does not know otherwise."""

    class Status(models.TextChoices):
        UNCHECKED = "unchecked", _("non vérifiée")
        KNOWN = "known", _("licence connue de la fédération")
        UNKNOWN = "unknown", _("licence inconnue de la fédération")

    received = models.ForeignKey(Received, on_delete=models.CASCADE, related_name="players")
    licence = models.CharField(_("licence"), max_length=20)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.UNCHECKED)
    #: the federation's own record of the licensee (name, club, series, category)
    known_as = models.JSONField(default=dict, blank=True)
    checked_at = models.DateTimeField(null=True, blank=True)
    unlicensed = models.BooleanField(_("hors classement (non licencié)"), default=False)

    class Meta:
        ordering = ["received", "licence"]
        constraints = [
            models.UniqueConstraint(fields=["received", "licence"], name="unique_centre_player"),
        ]


class SharedPart(models.Model):
    """A part of a simultané's pages (the public standings' live part, the officer's
    tables) rendered at one version by the first server process that needed it, read by
    every other process instead of merging and rendering again (:mod:`.shared_parts`). One
    row per part, overwritten by a later version."""

    simultane = models.ForeignKey(Simultane, on_delete=models.CASCADE, related_name="+")
    #: the part's key (page, filters, address, language), hashed
    name = models.CharField(max_length=64)
    version = models.PositiveBigIntegerField()
    body = models.TextField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["simultane", "name"], name="unique_shared_part"),
        ]
