"""Forms shared by the paired games (French labels and messages)."""

from __future__ import annotations

from django import forms


class EventFields(forms.Form):
    name = forms.CharField(label="Nom de l'événement", max_length=200)
    date = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}))
    place = forms.CharField(label="Lieu", max_length=200, required=False)


class PlayerForm(forms.Form):
    name = forms.CharField(label="Nom", max_length=100)
    rating = forms.IntegerField(label="Classement", min_value=0, max_value=4000)
    club = forms.CharField(label="Club", max_length=100, required=False)
    licence = forms.CharField(label="Licence", max_length=30, required=False)


class PlayersFileForm(forms.Form):
    file = forms.FileField(label="Fichier CSV des joueurs")
