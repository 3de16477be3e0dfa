"""The creation form of a Classic event (seed 000 settings)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from arbitre.app.rounds.forms import EventFields, PlayerForm


class ClassicForm(EventFields):
    rounds = forms.IntegerField(
        label=_("Nombre de rondes (vide : selon le nombre de joueurs, 4 jusqu'à 16)"),
        min_value=1,
        max_value=30,
        required=False,
    )
    profile = forms.ChoiceField(
        label=_("Profil de règles"),
        choices=[("fbs", _("FBS (Belgique)")), ("ffsc", _("FFSc (France)"))],
    )
    best_of = forms.TypedChoiceField(
        label=_("Match"),
        choices=[(1, _("une partie")), (3, _("au meilleur des trois parties"))],
        coerce=int,
        initial=1,
    )
    final_size = forms.TypedChoiceField(
        label=_("Phase finale"),
        choices=[
            (0, _("aucune")),
            (2, _("finale entre les deux premiers")),
            (4, _("les quatre premiers")),
        ],
        coerce=int,
        initial=0,
    )
    final_best_of = forms.TypedChoiceField(
        label=_("Matchs de la phase finale"),
        choices=[(3, _("au meilleur des trois parties")), (1, _("une partie"))],
        coerce=int,
        initial=3,
    )
    withdrawn_as_passes = forms.BooleanField(
        label=_(
            "Compter les coups retirés après contestation comme des passes (six passes "
            "consécutives finissent la partie, 001 4.2.2)"
        ),
        required=False,
    )


class ClassicPlayerForm(PlayerForm):
    starred = forms.BooleanField(label=_("Cote PL* (issue du duplicate)"), required=False)
