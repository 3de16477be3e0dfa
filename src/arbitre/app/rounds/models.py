"""Database models of a paired event (Classic Scrabble, seed 000; backgammon, seed 003).

The app stores inputs only: players, check-in, absences, withdrawals, the pairings the engine
produced (and the director's overrides), results. Standings, tie-breaks and brackets are
recomputed by the engines from these rows.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from arbitre.app.events.models import AuditRecord, Event


class Tournament(models.Model):
    """Settings of a Classic tournament or a backgammon championship (``event.kind``)."""

    class Profile(models.TextChoices):
        FBS = "fbs", _("FBS (Belgique)")
        FFSC = "ffsc", _("FFSc (France)")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="tournament")
    rounds = models.PositiveSmallIntegerField("nombre de rondes")
    rounds_auto = models.BooleanField(default=False)  # fixed from the players at round 1
    profile = models.CharField(
        "profil de règles", max_length=10, choices=Profile.choices, default=Profile.FBS
    )
    # Classic (seed 000)
    best_of = models.PositiveSmallIntegerField("manche", default=1)
    final_size = models.PositiveSmallIntegerField("phase finale", default=0)
    final_best_of = models.PositiveSmallIntegerField("manche de la phase finale", default=3)
    #: rulings.md Classic 9 (001 4.2.2): moves withdrawn after a challenge count as passes.
    withdrawn_as_passes = models.BooleanField("coups retirés comptés comme passes", default=False)
    # Backgammon (seed 003)
    match_length = models.PositiveSmallIntegerField("longueur des matchs suisses", default=9)
    qf_sets = models.CharField("sets des quarts", max_length=30, default="9,9,11")
    sf_sets = models.CharField("sets des demies", max_length=30, default="9,9,11")
    final_sets = models.CharField("sets de la finale", max_length=30, default="11,11,11")
    consolation_sets = models.CharField("sets de la consolante", max_length=30, default="9")
    clock_per_point = models.FloatField("temps par point (min)", default=2.5)
    clock_increment = models.PositiveSmallIntegerField("incrément (s)", default=9)
    # backgammon match day (seed 003; rulings Backgammon 2, 6, 7): settings of the director
    clocked = models.BooleanField("matchs à la pendule", default=False)
    break_minutes = models.FloatField("break, matchs de 9 points et moins (min)", default=10)
    break_minutes_long = models.FloatField("break, matchs plus longs (min)", default=12)
    late_grace = models.FloatField("retard sans pendule : délai (min)", default=20)
    late_period = models.FloatField("retard : tranche (min)", default=5)
    late_points = models.PositiveSmallIntegerField("retard sans pendule : points", default=1)
    excused_grace = models.FloatField("heure de force majeure (min)", default=60)
    excused_points = models.PositiveSmallIntegerField("après cette heure : points", default=3)
    bye_points = models.FloatField("points de l'exempt", default=0.5)
    forfeit_points = models.FloatField("points d'une victoire par forfait", default=1.0)
    bracket_started = models.BooleanField(default=False)
    final_started = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return str(self.event)


class Entrant(models.Model):
    """A registered player. ``first_round``: late entry; ``withdrawn_after``: last round played."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    name = models.CharField("nom", max_length=100)
    rating = models.PositiveIntegerField("classement")
    starred = models.BooleanField("cote PL*", default=False)
    club = models.CharField("club", max_length=100, blank=True)
    licence = models.CharField("licence", max_length=30, blank=True)
    checked_in = models.BooleanField("pointé", default=False)
    #: When the player declared their presence from their phone (the director confirms).
    self_checked_in_at = models.DateTimeField(null=True, blank=True)
    #: Wrong licences typed for this player on the self check-in page (locked at 5).
    self_check_in_failures = models.PositiveSmallIntegerField(default=0)
    first_round = models.PositiveSmallIntegerField(default=1)
    withdrawn_after = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_entrant_name"),
        ]

    def __str__(self) -> str:
        return self.name


class Absence(models.Model):
    """An absence announced for one round (seed 000 "Forfaits provisoires")."""

    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="absences")
    round = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["entrant", "round"], name="unique_absence"),
        ]


class Round(models.Model):
    """A paired round; ``explain`` holds the engine's explanation lines."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    explain = models.JSONField(default=list, blank=True)
    order = models.JSONField(default=list, blank=True)  # ranking order used by the pairing
    paired_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round"),
        ]


class Table(models.Model):
    """One table of a round and its result (``entered``)."""

    class Forfeit(models.TextChoices):
        NONE = "", _("aucun")
        A = "a", _("joueur A absent")
        B = "b", _("joueur B absent")
        BOTH = "both", _("les deux absents")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    a = models.CharField(max_length=100)
    b = models.CharField(max_length=100, blank=True)  # "" = bye
    rule = models.CharField(max_length=40, blank=True)
    explanation = models.TextField(blank=True)
    starts = models.JSONField(default=list, blank=True)
    overridden = models.BooleanField(default=False)
    entered = models.BooleanField(default=False)
    score_a = models.IntegerField(null=True, blank=True)
    score_b = models.IntegerField(null=True, blank=True)
    forfeit = models.CharField(max_length=4, blank=True, default="")
    winner = models.CharField(max_length=100, blank=True)
    late_a = models.PositiveSmallIntegerField(default=0)  # minutes (backgammon, 1.10)
    late_b = models.PositiveSmallIntegerField(default=0)
    penalty_a = models.PositiveSmallIntegerField(default=0)  # points
    penalty_b = models.PositiveSmallIntegerField(default=0)
    # Classic: "a" / "b" lost the game whatever the score, and why (engine's LossCause)
    loss = models.CharField(max_length=1, blank=True, default="")
    loss_cause = models.CharField(max_length=10, blank=True, default="")
    # backgammon: how the match ended before its end ("time", "both_time",
    # "disqualification", "lateness"), and the force-majeure hour granted (seed 003, 1.8)
    ended = models.CharField(max_length=20, blank=True, default="")
    excused_a = models.BooleanField(default=False)
    excused_b = models.BooleanField(default=False)
    clock_minutes_a = models.FloatField(default=0)  # minutes off the clock (clock rules 1.3)
    clock_minutes_b = models.FloatField(default=0)
    mat = models.TextField(blank=True)  # Jellyfish .mat of the match, when entered
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round__number", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_table"),
        ]

    @property
    def is_bye(self) -> bool:
        return not self.b


class KnockoutResult(models.Model):
    """A result of the final stage: backgammon bracket/consolation, Classic final phase."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="knockout")
    match_id = models.CharField(max_length=20)
    winner = models.CharField(max_length=100)
    scores = models.JSONField(default=list, blank=True)  # [[top, bottom], ...]
    mat = models.TextField(blank=True)
    entered_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "match_id"], name="unique_ko_match"),
        ]


class Playoff(models.Model):
    """A one-point play-off between backgammon players tied on points and D (seed 003)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="playoffs")
    winner = models.CharField(max_length=100)
    loser = models.CharField(max_length=100)


class AuditEntry(AuditRecord):
    """Every change: who, when, what before, what after, and the reason when one is given."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")


class TableLog(models.Model):
    """The events of one game played at a table (issue 18), stored as the engine's JSON list:
    a Classic game (:mod:`arbitre.classic.table`) or, later, a backgammon match clock. One per
    :class:`Table`, or none (``table`` empty) for a friendly game outside any tournament.

    ``code`` opens the table's page without an account (that table only, for its round
    only); ``pins`` sign the sheet, one per player; ``client_ids`` are the ids of the presses already applied (a press sent twice is
    applied once); ``version`` grows with every stored event (the pages poll it); ``epoch``
    is the Unix time the events' ``at`` seconds count from; ``setup`` is what the engine
    needs to start (names, profile, clock, who starts)."""

    class Kind(models.TextChoices):
        CLASSIC = "classic", _("Scrabble classique")

    kind = models.CharField(max_length=20, choices=Kind.choices)
    table = models.OneToOneField(
        Table, null=True, blank=True, on_delete=models.CASCADE, related_name="log"
    )
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.CASCADE, related_name="table_logs"
    )
    code = models.CharField(max_length=12, unique=True)
    #: the players' personal PINs (A's, B's), printed on their parts of the table's slip;
    #: empty for a friendly game and for a log made before issue 34
    pins = models.JSONField(default=list, blank=True)
    title = models.CharField(max_length=200, blank=True)
    setup = models.JSONField(default=dict, blank=True)
    events = models.JSONField(default=list, blank=True)
    client_ids = models.JSONField(default=list, blank=True)
    version = models.PositiveIntegerField(default=0)
    epoch = models.FloatField()
    created_by = models.CharField(max_length=150, blank=True)  # friendly game: the director
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "code"], name="unique_table_code"),
        ]

    def __str__(self) -> str:
        return self.code


class TableClockSettings(models.Model):
    """The clock a director sets for the tables of a Classic event (seed 001 6.1: ``chess``
    credit per player, ``move`` timer per move with a warning, ``global`` credit for both;
    seed 000: a chess clock of at least 20 minutes per player)."""

    class Kind(models.TextChoices):
        CHESS = "chess", _("pendule d'échecs : un crédit par joueur")
        MOVE = "move", _("minuterie par coup, avec alarme")
        GLOBAL = "global", _("crédit global pour les deux joueurs")

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="table_clock"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.CHESS)
    seconds = models.PositiveIntegerField(default=25 * 60)
    warning = models.PositiveIntegerField(default=0)


class TableLogAudit(AuditRecord):
    """The audit log of a game played at a table outside any tournament (a friendly game,
    issue 18): its creation, start, sanctions, signed result, reopening. A tournament table's
    entries go to its event's log (:class:`AuditEntry`)."""

    table_log = models.ForeignKey(TableLog, on_delete=models.CASCADE, related_name="audit")
