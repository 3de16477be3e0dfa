"""Forms of the paired tournaments (French labels and messages)."""

from __future__ import annotations

from django import forms


class _EventFields(forms.Form):
    name = forms.CharField(label="Nom de l'événement", max_length=200)
    date = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}))
    place = forms.CharField(label="Lieu", max_length=200, required=False)


class ClassicForm(_EventFields):
    rounds = forms.IntegerField(
        label="Nombre de rondes (vide : selon le nombre de joueurs, 4 jusqu'à 16)",
        min_value=1,
        max_value=30,
        required=False,
    )
    profile = forms.ChoiceField(
        label="Profil de règles", choices=[("fbs", "FBS (Belgique)"), ("ffsc", "FFSc (France)")]
    )
    best_of = forms.TypedChoiceField(
        label="Match",
        choices=[(1, "une partie"), (3, "au meilleur des trois parties")],
        coerce=int,
        initial=1,
    )
    final_size = forms.TypedChoiceField(
        label="Phase finale",
        choices=[(0, "aucune"), (2, "finale entre les deux premiers"), (4, "les quatre premiers")],
        coerce=int,
        initial=0,
    )
    final_best_of = forms.TypedChoiceField(
        label="Matchs de la phase finale",
        choices=[(3, "au meilleur des trois parties"), (1, "une partie")],
        coerce=int,
        initial=3,
    )


SETS_HELP = "longueurs des sets séparées par des virgules, ex. 9,9,11"


class BackgammonForm(_EventFields):
    rounds = forms.IntegerField(
        label="Nombre de rondes suisses", min_value=1, max_value=15, initial=7
    )
    match_length = forms.IntegerField(
        label="Longueur des matchs suisses (points)", min_value=1, max_value=25, initial=9
    )
    qf_sets = forms.CharField(label="Quarts de finale", initial="9,9,11", help_text=SETS_HELP)
    sf_sets = forms.CharField(label="Demi-finales", initial="9,9,11", help_text=SETS_HELP)
    final_sets = forms.CharField(label="Finale", initial="11,11,11", help_text=SETS_HELP)
    consolation_sets = forms.CharField(label="Consolante", initial="9", help_text=SETS_HELP)
    clock_per_point = forms.FloatField(
        label="Pendule : minutes par point de match", min_value=0.5, max_value=10, initial=2.5
    )
    clock_increment = forms.IntegerField(
        label="Pendule : incrément par coup (secondes)", min_value=0, max_value=60, initial=9
    )


class PlayerForm(forms.Form):
    name = forms.CharField(label="Nom", max_length=100)
    rating = forms.IntegerField(label="Classement (cote PL / ELO)", min_value=0, max_value=4000)
    starred = forms.BooleanField(label="Cote PL* (issue du duplicate)", required=False)
    club = forms.CharField(label="Club", max_length=100, required=False)
    licence = forms.CharField(label="Licence", max_length=30, required=False)


class PlayersFileForm(forms.Form):
    file = forms.FileField(label="Fichier CSV des joueurs")
