"""Database models of a Duplicate event. The game itself is stored as the engine's game
record (JSON); ballots keep their text and the engine's decision."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from arbitre.app.events.models import AuditRecord, Event
from arbitre.duplicate.pairs import pair_name


class DuplicateEvent(models.Model):
    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="duplicate")
    games_planned = models.PositiveSmallIntegerField("nombre de parties", default=3)
    seconds_per_move = models.PositiveSmallIntegerField("temps par coup (s)", default=180)
    warning_seconds = models.PositiveSmallIntegerField("alerte avant la fin (s)", default=30)
    solo_min_players = models.PositiveSmallIntegerField("joueurs minimum pour un solo", default=16)
    #: seed 004, 4.7 and ruling Duplicate 6: every warning counts, disciplinary ones included
    disciplinary_warnings_count = models.BooleanField(
        "avertissements disciplinaires comptés", default=True
    )
    #: seed 004, 2.2: the last move of the 2 vowels + 2 consonants rule
    strong_until = models.PositiveSmallIntegerField("règle 2+2 jusqu'au coup", default=15)
    #: seed 002 A.4 and rulings (federation ranking) 8: at an official title a tie for first
    #: place is broken by the fewest tops lost; at any other event it stays ex aequo
    title_tie_break = models.BooleanField("titre officiel", default=False)
    #: seed 002 A.2 and A.5: the federation ranking's event type (empty: TH, or SF for one
    #: game) and whether an overseas club runs it (M at least 100, points doubled)
    ranking_type = models.CharField("type d'épreuve du classement", max_length=10, blank=True)
    overseas = models.BooleanField("épreuve d'outre-mer", default=False)
    #: seed 002 A.2.4 and seed 004 5.1: a pairs event, each entry two players
    #: (:class:`PairPartner`); chosen at creation, changed only before the first ballot
    pairs = models.BooleanField("épreuve en paires", default=False)
    lexicon_name = models.CharField("liste de mots", max_length=200, default="")
    lexicon_path = models.CharField(max_length=500, blank=True, default="")
    lexicon_sha256 = models.CharField(max_length=64, blank=True, default="")
    #: the version of what the public pages show (:mod:`arbitre.app.duplicate.changes`):
    #: changed by an SQL update in the transaction of each write, never by :meth:`save`
    public_version = models.PositiveBigIntegerField(default=0, editable=False)
    public_changed_at = models.DateTimeField(null=True, blank=True, editable=False)

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Saved without its version: an instance read before a change of the event, saved
        after it, would take the version back to one the pages already showed."""
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                f.attname
                for f in self._meta.concrete_fields
                if not f.primary_key and f.name not in _VERSION_FIELDS
            ]
        super().save(*args, **kwargs)

    def __str__(self) -> str:
        return str(self.event)


_VERSION_FIELDS = frozenset({"public_version", "public_changed_at"})


class Registration(models.Model):
    """A player of the event."""

    duplicate = models.ForeignKey(DuplicateEvent, on_delete=models.CASCADE, related_name="players")
    licence = models.CharField("licence", max_length=20)
    name = models.CharField("nom", max_length=100)
    first_name = models.CharField("prénom", max_length=100, blank=True)
    club = models.CharField("club", max_length=100, blank=True)
    series = models.PositiveSmallIntegerField("série", null=True, blank=True)
    tier = models.CharField("palier", max_length=2, blank=True)
    category = models.CharField("catégorie d'âge", max_length=10, blank=True)
    table = models.PositiveIntegerField("table", null=True, blank=True)
    arbiter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["table", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["duplicate", "licence"], name="unique_licence_per_event"
            ),
        ]

    @property
    def full_name(self) -> str:
        """``DUPONT Marie``; a pair's entry: ``DUPONT Anne / MARTIN Paul`` (seed 002, A.2.4)."""
        own = f"{self.name} {self.first_name}".strip()
        partner = getattr(self, "partner", None)
        return own if partner is None else pair_name(own, partner.full_name)

    def __str__(self) -> str:
        return f"{self.full_name} ({self.licence})"


class GameManager(models.Manager["Game"]):
    """Games without their undo stack (:attr:`Game.undo_stack`), which only the chief's
    actions and their undo read: up to 30 earlier records, 260 KB of JSON at a game's end,
    which every ballot entered and every page of the game read and decoded (25 ms against
    3 ms for the row on the test machine). Read on first use by those that need it."""

    def get_queryset(self) -> models.QuerySet[Game]:
        return super().get_queryset().defer("undo_stack")


class Game(models.Model):
    duplicate = models.ForeignKey(DuplicateEvent, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    record = models.JSONField(null=True, blank=True)
    predrawn = models.JSONField(null=True, blank=True)
    undo_stack = models.JSONField(default=list, blank=True)
    timer_started_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    #: seed 004, 2.3 and seed 002, A.4: the time of each move of this game when it is not
    #: the event's, as the text of an ``arbitre.duplicate.timing.TimeSchedule`` ("60" for
    #: a blitz, "1-3:60,4-:40" for a title play-off); empty: the event's time per move
    time_schedule = models.CharField(max_length=200, blank=True, default="")
    #: seed 004, 2.3: the signals given, each ``{"move", "kind", "at"}`` (kind: start,
    #: warning, end), ``at`` an ISO time
    signals = models.JSONField(default=list, blank=True)

    objects = GameManager()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["duplicate", "number"], name="unique_game_number"),
        ]

    @property
    def name(self) -> str:
        return f"TH{self.number}"

    def __str__(self) -> str:
        return f"{self.duplicate} — {self.name}"


class Lateness(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="latecomers")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE)
    from_move = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "registration"], name="unique_lateness"),
        ]


class BallotEntry(models.Model):
    """One player's ballot for one move, with the engine's decision (JSON)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="ballots")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="ballots")
    move_number = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=200)
    decision = models.JSONField()
    score = models.IntegerField()
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["move_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "registration", "move_number"], name="unique_ballot"
            ),
        ]
        #: the ballots written since a time, read by the standings kept in memory (issue 37)
        indexes = [models.Index(fields=["updated_at"], name="ballot_updated_at")]


class AuditEntry(AuditRecord):
    """Every entry and correction: who, when, what before, what after."""

    duplicate = models.ForeignKey(DuplicateEvent, on_delete=models.CASCADE, related_name="audit")


class AnnulledBallot(models.Model):
    """A ballot of a move the chief arbiter annulled (seed 004, 5.2): kept, marked annulled,
    out of every score. ``attempt`` is the annulled move's place among the attempts of its
    move number in the game record (1 for the first attempt)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="annulled_ballots")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    move_number = models.PositiveSmallIntegerField()
    attempt = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=200)
    decision = models.JSONField()
    score = models.IntegerField()
    annulled_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["move_number", "attempt", "registration__table"]


class AcceptedWord(models.Model):
    """A word missing from the event's word list accepted on appeal (seed 004, 5.3): valid
    for every ballot of the event from then on, and every ballot that used it re-judged."""

    duplicate = models.ForeignKey(
        DuplicateEvent, on_delete=models.CASCADE, related_name="accepted_words"
    )
    word = models.CharField(max_length=15)
    reason = models.CharField(max_length=300)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    accepted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["word"]
        constraints = [
            models.UniqueConstraint(fields=["duplicate", "word"], name="unique_accepted_word"),
        ]


class Withdrawal(models.Model):
    """A player who withdrew during the event (the project's ruling, seed 004 being silent):
    what they played stays, they play no move from ``from_move`` of ``game`` on (nor any
    later game), those moves score 0 and no ballot of theirs is awaited."""

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="withdrawal"
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    from_move = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=300, blank=True)
    recorded_at = models.DateTimeField(auto_now=True)


class KeptAboveTop(models.Model):
    """The chief arbiter kept the scores above the top of move ``move_number`` of ``game``
    after an appeal (seed 004, 5.3; the 5.2 annulment not chosen), up to ``score``, with the
    reason: the standings and prints stop marking the move. ``top_move`` is the move's top
    then (the move undone and played again is another move)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="kept_above_top")
    move_number = models.PositiveSmallIntegerField()
    top_move = models.CharField(max_length=40)
    score = models.IntegerField()
    reason = models.CharField(max_length=300)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game__number", "move_number", "decided_at"]


class PairPartner(models.Model):
    """The second player of a pair (seed 002, A.2.4): the pair is its :class:`Registration`
    (the first player's licence and name, the table, the arbiter, the ballots: one ballot per
    pair and move); this player is ranked with their own licence, ex aequo with the first.
    ``duplicate`` keeps every licence of the event unique among the partners (the service
    checks them against the first players too)."""

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="partner"
    )
    duplicate = models.ForeignKey(DuplicateEvent, on_delete=models.CASCADE, related_name="+")
    licence = models.CharField("licence", max_length=20)
    name = models.CharField("nom", max_length=100)
    first_name = models.CharField("prénom", max_length=100, blank=True)
    club = models.CharField("club", max_length=100, blank=True)
    series = models.PositiveSmallIntegerField("série", null=True, blank=True)
    tier = models.CharField("palier", max_length=2, blank=True)
    category = models.CharField("catégorie d'âge", max_length=10, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["duplicate", "licence"], name="unique_partner_licence_per_event"
            ),
        ]

    @property
    def full_name(self) -> str:
        return f"{self.name} {self.first_name}".strip()

    def __str__(self) -> str:
        return f"{self.full_name} ({self.licence})"


# -- check-in, places and the arbiters' table ranges (issue 35) ------------------------------


class Presence(models.Model):
    """A player's check-in (pointage) before game 1: ``present`` as the director confirmed
    it; ``declared_at`` when the player declared themselves present from a phone (self
    check-in, confirmed by the director); ``failures`` counts wrong licences typed for them."""

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="presence"
    )
    present = models.BooleanField(default=False)
    confirmed = models.BooleanField(default=False)
    declared_at = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveSmallIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)


class TableRange(models.Model):
    """The tables ``low`` to ``high`` given to an arbiter: stored as a range, so that the
    players at those tables are theirs whenever they are seated (a player added later at a
    covered table, or a numbering done after the assignment)."""

    duplicate = models.ForeignKey(
        DuplicateEvent, on_delete=models.CASCADE, related_name="table_ranges"
    )
    arbiter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    low = models.PositiveIntegerField()
    high = models.PositiveIntegerField()

    class Meta:
        ordering = ["low"]

    def covers(self, table: int | None) -> bool:
        return table is not None and self.low <= table <= self.high
