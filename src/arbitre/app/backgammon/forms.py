"""The creation form of a backgammon championship (seed 003 settings)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from arbitre.app.rounds.forms import EventFields, PlayerForm

SETS_HELP = _("longueurs des sets séparées par des virgules, ex. 9,9,11")


class BackgammonForm(EventFields):
    rounds = forms.IntegerField(
        label=_("Nombre de rondes suisses"), min_value=1, max_value=15, initial=7
    )
    match_length = forms.IntegerField(
        label=_("Longueur des matchs suisses (points)"), min_value=1, max_value=25, initial=9
    )
    qf_sets = forms.CharField(label=_("Quarts de finale"), initial="9,9,11", help_text=SETS_HELP)
    sf_sets = forms.CharField(label=_("Demi-finales"), initial="9,9,11", help_text=SETS_HELP)
    final_sets = forms.CharField(label=_("Finale"), initial="11,11,11", help_text=SETS_HELP)
    consolation_sets = forms.CharField(label=_("Consolante"), initial="9", help_text=SETS_HELP)
    # seed 003, clock rules 1.1: "Les matchs du CDF seront joués avec une pendule"
    clocked = forms.BooleanField(
        label=_("Matchs suisses à la pendule (retards : règles de la pendule 1.3)"),
        required=False,
        initial=True,
    )
    clock_per_point = forms.FloatField(
        label=_("Pendule : minutes par point de match"), min_value=0.5, max_value=10, initial=2.5
    )
    clock_increment = forms.IntegerField(
        label=_("Pendule : incrément par coup (secondes)"), min_value=0, max_value=60, initial=9
    )


class MatchDayForm(forms.Form):
    """The match-day settings of a championship, changed by its director (seed 003: clock
    rules 2.1, lateness 1.8 and 1.10, points of a bye and of a forfeit win)."""

    clocked = forms.BooleanField(
        label=_("Matchs suisses à la pendule (retards : règles de la pendule 1.3)"),
        required=False,
    )
    clock_per_point = forms.FloatField(
        label=_("Pendule : minutes par point de match"), min_value=0.5, max_value=10
    )
    clock_increment = forms.IntegerField(
        label=_("Pendule : incrément par coup (secondes)"), min_value=0, max_value=60
    )
    break_minutes = forms.FloatField(
        label=_("Pendule : temps de break, matchs de 9 points et moins (minutes)"),
        min_value=0,
        max_value=60,
    )
    break_minutes_long = forms.FloatField(
        label=_("Pendule : temps de break, matchs plus longs (minutes)"),
        min_value=0,
        max_value=60,
    )
    late_grace = forms.FloatField(
        label=_("Retard sans pendule : pénalité à partir de (minutes)"),
        min_value=0,
        max_value=180,
    )
    late_period = forms.FloatField(
        label=_("Retard : durée d'une tranche (minutes)"), min_value=1, max_value=60
    )
    late_points = forms.IntegerField(
        label=_("Retard sans pendule : points par tranche"), min_value=0, max_value=25
    )
    excused_grace = forms.FloatField(
        label=_("Force majeure : retard accordé (minutes)"), min_value=0, max_value=180
    )
    excused_points = forms.IntegerField(
        label=_("Force majeure : points par tranche après ce délai"), min_value=0, max_value=25
    )
    bye_points = forms.FloatField(label=_("Points de l'exempt"), min_value=0, max_value=1)
    forfeit_points = forms.FloatField(
        label=_("Points d'une victoire par forfait"), min_value=0, max_value=1
    )


class BackgammonPlayerForm(PlayerForm):
    """A player of a championship: the rating is the ELO (seed 003)."""

    rating = forms.IntegerField(label="ELO", min_value=0, max_value=4000)
