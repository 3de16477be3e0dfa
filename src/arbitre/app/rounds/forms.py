"""Forms shared by the paired games (labels worded in the user's language, French by default)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from arbitre.app.events.widgets import date_input
from arbitre.common.players_csv import LICENCE_PATTERN


class EventFields(forms.Form):
    name = forms.CharField(label=_("Nom de l'événement"), max_length=200)
    date = forms.DateField(label=_("Date"), widget=date_input())
    place = forms.CharField(label=_("Lieu"), max_length=200, required=False)


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Nom"), max_length=100)
    rating = forms.IntegerField(
        label=pgettext_lazy("rating", "Classement"), min_value=0, max_value=4000
    )
    club = forms.CharField(label=_("Club"), max_length=100, required=False)
    licence = forms.CharField(label=_("Licence"), max_length=30, required=False)

    def clean_licence(self) -> str:
        """The rule of a players file (:data:`~arbitre.common.players_csv.LICENCE_PATTERN`):
        letters, digits, dots and hyphens, 20 at most."""
        licence: str = self.cleaned_data["licence"]
        if licence and not LICENCE_PATTERN.fullmatch(licence):
            raise forms.ValidationError(
                _("Licence invalide : lettres, chiffres, points et tirets, 20 au plus.")
            )
        return licence


class PlayersFileForm(forms.Form):
    file = forms.FileField(label=_("Fichier CSV des joueurs"))
