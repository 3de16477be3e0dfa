"""The creation form of a Classic event (seed 000 settings)."""

from __future__ import annotations

from django import forms

from arbitre.app.rounds.forms import EventFields, PlayerForm


class ClassicForm(EventFields):
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


class ClassicPlayerForm(PlayerForm):
    starred = forms.BooleanField(label="Cote PL* (issue du duplicate)", required=False)
