"""Forms of the Duplicate event pages (labels and messages through the interface's catalogue,
French by default)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from arbitre.app.events.widgets import date_input
from arbitre.common.players_csv import LICENCE_PATTERN

RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


class EventForm(forms.Form):
    name = forms.CharField(label=_("Nom de l'événement"), max_length=200)
    date = forms.DateField(label=_("Date"), widget=date_input())
    place = forms.CharField(label=_("Lieu"), max_length=200, required=False)
    games_planned = forms.IntegerField(
        label=_("Nombre de parties"), min_value=1, max_value=20, initial=3
    )
    seconds_per_move = forms.IntegerField(
        label=_("Temps par coup (secondes)"), min_value=10, max_value=900, initial=180
    )
    lexicon_file = forms.FileField(
        label=_("Liste de mots (facultatif : la liste libre par défaut sinon)"), required=False
    )


class PlayerForm(forms.Form):
    licence = forms.RegexField(
        label=_("Licence"),
        max_length=20,
        regex=LICENCE_PATTERN,
        error_messages={"invalid": _("20 lettres, chiffres, points et tirets au plus.")},
    )
    name = forms.CharField(label=_("Nom"), max_length=100)
    first_name = forms.CharField(label=_("Prénom"), max_length=100, required=False)
    club = forms.CharField(label=_("Club"), max_length=100, required=False)
    series = forms.IntegerField(label=_("Série"), min_value=1, max_value=7, required=False)
    tier = forms.ChoiceField(
        label=_("Palier"),
        choices=[("", "—"), ("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")],
        required=False,
    )
    category = forms.CharField(label=_("Catégorie d'âge"), max_length=10, required=False)
    table = forms.IntegerField(label=_("Table"), min_value=1, required=False)


class PlayersFileForm(forms.Form):
    file = forms.FileField(label=_("Fichier CSV des joueurs"))


class ArbiterForm(forms.Form):
    username = forms.CharField(label=_("Identifiant de l'arbitre"), max_length=150)
    password = forms.CharField(
        label=_("Mot de passe (pour un nouveau compte)"), widget=forms.PasswordInput, required=False
    )
    tables = forms.CharField(label=_("Tables (ex. 1-10)"), max_length=20)

    def clean_tables(self) -> tuple[int, int]:
        m = RANGE.match(self.cleaned_data["tables"])
        if not m:
            raise forms.ValidationError(_("Indiquez une table (4) ou une plage de tables (1-10)."))
        low = int(m.group(1))
        high = int(m.group(2) or low)
        if high < low:
            raise forms.ValidationError(_("La plage de tables est à l'envers."))
        return low, high


class PredrawnForm(forms.Form):
    record = forms.FileField(label=_("Partie prétirée (fichier JSON d'Arbitre)"))


class LatenessForm(forms.Form):
    game = forms.IntegerField(label=_("Partie (numéro)"), min_value=1, initial=1)
    licence = forms.CharField(label=_("Licence du joueur en retard"), max_length=20)
    from_move = forms.IntegerField(
        label=_("Arrivé pour le coup"),
        min_value=2,
        help_text=_(
            "Les coups précédents de cette partie comptent 0 (5.1). Pour une partie manquée "
            "en entier, indiquez un coup après le dernier (99)."
        ),
    )


def ranking_type_choices() -> list[tuple[str, str]]:
    """The federation ranking's event types (seed 002, A.2) by code (``arbitre ranking
    types`` and docs/ranking.md describe them), empty first (the default)."""
    from arbitre.ranking import EVENT_TYPES

    return [("", "—")] + [(code, code) for code in EVENT_TYPES]


class SettingsForm(forms.Form):
    """The event's settings a director may change after creating it."""

    name = forms.CharField(label=_("Nom de l'événement"), max_length=200)
    date = forms.DateField(label=_("Date"), widget=date_input())
    place = forms.CharField(label=_("Lieu"), max_length=200, required=False)
    games_planned = forms.IntegerField(label=_("Nombre de parties"), min_value=1, max_value=20)
    seconds_per_move = forms.IntegerField(
        label=_("Temps par coup (secondes)"), min_value=10, max_value=900
    )
    warning_seconds = forms.IntegerField(
        label=_("Alerte avant la fin du temps (secondes)"), min_value=0, max_value=120
    )
    solo_min_players = forms.IntegerField(
        label=_("Joueurs nécessaires pour compter les solos"), min_value=1, max_value=10_000
    )
    strong_until = forms.IntegerField(
        label=_("Règle des deux voyelles et deux consonnes jusqu'au coup"),
        min_value=1,
        max_value=99,
    )
    disciplinary_warnings_count = forms.BooleanField(
        label=_("Les avertissements disciplinaires comptent pour la pénalité (4.7)"),
        required=False,
    )
    title_tie_break = forms.BooleanField(
        label=_(
            "Titre officiel : championnat de France Individuel, Blitz, Paires, Parties "
            "Originales, Espoirs, Vermeils ou Diamants (règlement fédéral A.4)"
        ),
        help_text=_(
            "Coché : une égalité pour la première place du classement général est départagée "
            "par le plus petit nombre de tops perdus, puis reste ex aequo (l'épreuve en mort "
            "subite se joue hors d'Arbitre). Non coché, comme pour tout autre tournoi : toute "
            "égalité reste ex aequo. Les classements par série ou par catégorie d'âge ne sont "
            "jamais départagés."
        ),
        required=False,
    )

    ranking_type = forms.ChoiceField(
        label=_("Type d'épreuve du classement fédéral"),
        help_text=_("Vide : tournoi homologué (TH), ou simultané fédéral (SF) en une partie."),
        required=False,
        choices=ranking_type_choices,
    )
    overseas = forms.BooleanField(
        label=_("Épreuve d'un club d'outre-mer (règlement fédéral A.5)"),
        help_text=_(
            "Cochée : le M d'un tournoi homologué est au moins 100, et les points des joueurs "
            "licenciés et résidant outre-mer sont doublés en fin de saison."
        ),
        required=False,
    )

    def __init__(self, *args: Any, games: Sequence[int] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for number in games:
            self.fields[f"game_{number}_seconds"] = forms.IntegerField(
                label=_(
                    "Temps par coup de la partie TH%(number)s (secondes, vide : celui de "
                    "l'événement)"
                )
                % {"number": number},
                min_value=10,
                max_value=900,
                required=False,
            )

    def game_times(self) -> dict[int, int | None]:
        """Each game's own time per move (``None``: the event's)."""
        return {
            int(name.split("_")[1]): value
            for name, value in self.cleaned_data.items()
            if name.startswith("game_")
        }


class WithdrawalForm(forms.Form):
    """A player withdrawing during the event: from which move of which game."""

    game = forms.IntegerField(label=_("Abandon à partir de la partie (numéro)"), min_value=1)
    from_move = forms.IntegerField(label=_("et du coup"), min_value=1, initial=1)
    reason = forms.CharField(label=_("Motif (facultatif)"), max_length=300, required=False)
