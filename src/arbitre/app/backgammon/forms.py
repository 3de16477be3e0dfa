"""The creation form of a backgammon championship (seed 003 settings)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from arbitre.app.rounds.forms import EventFields

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
    clock_per_point = forms.FloatField(
        label=_("Pendule : minutes par point de match"), min_value=0.5, max_value=10, initial=2.5
    )
    clock_increment = forms.IntegerField(
        label=_("Pendule : incrément par coup (secondes)"), min_value=0, max_value=60, initial=9
    )
