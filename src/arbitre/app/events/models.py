"""The event: one tournament of one game kind, whatever its format; and the audit record
every kind of event keeps of its changes."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Event(models.Model):
    class Kind(models.TextChoices):
        DUPLICATE = "duplicate", _("Scrabble duplicate")
        CLASSIC = "classic", _("Scrabble classique")
        BACKGAMMON = "backgammon", _("Backgammon")

    name = models.CharField(_("nom"), max_length=200)
    kind = models.CharField(_("jeu"), max_length=20, choices=Kind.choices)
    date = models.DateField(_("date"))
    place = models.CharField(_("lieu"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("créé le"), auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("événement")
        verbose_name_plural = _("événements")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d/%m/%Y})"

    def get_absolute_url(self) -> str:
        """The event's page, in its game's app."""
        return reverse(PAGES[self.kind], args=[self.pk])

    def public_url(self) -> str:
        """The event's live public page (no login), in its game's app."""
        return reverse(PUBLIC_PAGES[self.kind], args=[self.pk])


PAGES = {
    Event.Kind.DUPLICATE: "duplicate:detail",
    Event.Kind.CLASSIC: "classic:detail",
    Event.Kind.BACKGAMMON: "backgammon:detail",
}
"""The URL name of each kind of event's page."""

PUBLIC_PAGES = {
    Event.Kind.DUPLICATE: "duplicate:public_standings",
    Event.Kind.CLASSIC: "classic:public",
    Event.Kind.BACKGAMMON: "backgammon:public",
}
"""The URL name of each kind of event's live public page."""


class EventRole(models.Model):
    """A user's role in one event: its director (or co-director) or one of its arbiters.

    Rights are per event: an arbiter acts and reads private pages only in the events they
    are assigned to (``arbitre.app.events.roles``)."""

    class Role(models.TextChoices):
        DIRECTOR = "directeur", pgettext_lazy("role", "directeur")
        ARBITER = "arbitre", pgettext_lazy("role", "arbitre")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    role = models.CharField(_("rôle"), max_length=20, choices=Role.choices)

    class Meta:
        ordering = ["event", "role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="unique_role_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.user} : {self.role} de {self.event}"


def actor(user: Any) -> Any:
    """The user to record as the author of a change (``None`` for an anonymous one)."""
    return user if getattr(user, "is_authenticated", False) else None


class AuditRecord(models.Model):
    """One entry of an event's audit log: who, when, what, before, after, why.

    Abstract: each kind of event keeps its own table with a foreign key to itself."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=60)
    target = models.CharField(max_length=200, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=300, blank=True)

    class Meta:
        abstract = True
        ordering = ["-at", "-id"]

    @classmethod
    def log(
        cls,
        user: Any,
        action: str,
        target: str = "",
        before: Any = None,
        after: Any = None,
        reason: str = "",
        **owner: Any,
    ) -> AuditRecord:
        """Record a change made by ``user`` on the event given in ``owner``."""
        return cls.objects.create(
            user=actor(user),
            action=action,
            target=target[:200],
            before=before,
            after=after,
            reason=reason[:300],
            **owner,
        )


class StaffAudit(AuditRecord):
    """Changes of accounts and of the staff of events: who was created, disabled, given a
    role in which event, by whom. ``event`` is empty for a change of an account alone."""

    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="staff_audit"
    )


from arbitre.app.events.incident_models import Incident  # noqa: E402  (the register's model)

__all__ = ["AuditRecord", "Event", "EventRole", "Incident", "PAGES", "StaffAudit", "actor"]
