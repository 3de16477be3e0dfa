"""Forms of the Duplicate event pages (French labels and messages)."""

from __future__ import annotations

import re

from django import forms

from arbitre.common.players_csv import LICENCE_PATTERN

RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


class EventForm(forms.Form):
    name = forms.CharField(label="Nom de l'événement", max_length=200)
    date = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}))
    place = forms.CharField(label="Lieu", max_length=200, required=False)
    games_planned = forms.IntegerField(
        label="Nombre de parties", min_value=1, max_value=20, initial=3
    )
    seconds_per_move = forms.IntegerField(
        label="Temps par coup (secondes)", min_value=10, max_value=900, initial=180
    )
    lexicon_file = forms.FileField(
        label="Liste de mots (facultatif : la liste libre par défaut sinon)", required=False
    )


class PlayerForm(forms.Form):
    licence = forms.RegexField(
        label="Licence",
        max_length=20,
        regex=LICENCE_PATTERN,
        error_messages={"invalid": "20 lettres, chiffres, points et tirets au plus."},
    )
    name = forms.CharField(label="Nom", max_length=100)
    first_name = forms.CharField(label="Prénom", max_length=100, required=False)
    club = forms.CharField(label="Club", max_length=100, required=False)
    series = forms.IntegerField(label="Série", min_value=1, max_value=7, required=False)
    tier = forms.ChoiceField(
        label="Palier",
        choices=[("", "—"), ("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
        required=False,
    )
    category = forms.CharField(label="Catégorie d'âge", max_length=10, required=False)
    table = forms.IntegerField(label="Table", min_value=1, required=False)


class PlayersFileForm(forms.Form):
    file = forms.FileField(label="Fichier CSV des joueurs")


class ArbiterForm(forms.Form):
    username = forms.CharField(label="Identifiant de l'arbitre", max_length=150)
    password = forms.CharField(
        label="Mot de passe (pour un nouveau compte)", widget=forms.PasswordInput, required=False
    )
    tables = forms.CharField(label="Tables (ex. 1-10)", max_length=20)

    def clean_tables(self) -> tuple[int, int]:
        m = RANGE.match(self.cleaned_data["tables"])
        if not m:
            raise forms.ValidationError("Indiquez une table (4) ou une plage de tables (1-10).")
        low = int(m.group(1))
        high = int(m.group(2) or low)
        if high < low:
            raise forms.ValidationError("La plage de tables est à l'envers.")
        return low, high


class PredrawnForm(forms.Form):
    record = forms.FileField(label="Partie prétirée (fichier JSON d'Arbitre)")


class LatenessForm(forms.Form):
    game = forms.IntegerField(label="Partie (numéro)", min_value=1, initial=1)
    licence = forms.CharField(label="Licence du joueur en retard", max_length=20)
    from_move = forms.IntegerField(label="Arrivé pour le coup", min_value=2)
