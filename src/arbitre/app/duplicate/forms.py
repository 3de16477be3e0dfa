"""Forms of the Duplicate event pages (labels and messages through the interface's catalogue,
French by default)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from arbitre.app.events.widgets import date_input
from arbitre.common.messages import Refusal
from arbitre.common.players_csv import LICENCE_PATTERN
from arbitre.duplicate import timing
from arbitre.i18n import DEFAULT_LANGUAGE, word

RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")

CUSTOM = "custom"
TIME_PRESETS = (
    ("", _("Celui de l'événement")),
    ("normal", _("3 minutes par coup")),
    ("semi_rapid_150", _("Semi-rapide : 2 minutes 30 par coup")),
    ("semi_rapid_120", _("Semi-rapide : 2 minutes par coup")),
    ("blitz", _("Blitz : 1 minute par coup")),
    ("title_playoff", _("Départage d'un titre (A.4) : 3 coups en blitz, suite en 40 secondes")),
    (CUSTOM, _("Barème personnalisé (ci-dessous)")),
)
"""A game's time (seed 004, 2.3): the event's, a preset of ``arbitre.duplicate.timing``
(seed 002, A.1 and A.4) or a schedule typed by the director."""


def _language() -> str:
    return get_language() or DEFAULT_LANGUAGE


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
    #: seed 002, A.2.4: each entry two players (changeable until the first ballot)
    pairs = forms.BooleanField(label=_("Épreuve en paires"), required=False)


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
            "subite, une partie au plus, se crée depuis la page de l'événement). Non coché, "
            "comme pour tout autre tournoi : toute égalité reste ex aequo. Les classements "
            "par série ou par catégorie d'âge ne sont jamais départagés."
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
        self.games = tuple(games)
        for number in self.games:
            self.fields[f"game_{number}_preset"] = forms.ChoiceField(
                label=_("Temps de la partie TH%(number)s") % {"number": number},
                choices=TIME_PRESETS,
                required=False,
            )
            self.fields[f"game_{number}_schedule"] = forms.CharField(
                label=_("Barème personnalisé de la partie TH%(number)s") % {"number": number},
                help_text=_(
                    "Avec « Barème personnalisé » : tranches de coups et leur temps en secondes, "
                    "séparées par des virgules : "
                    "1-3:60,4-:40 (la dernière tranche va jusqu'à la fin de la partie), ou un "
                    "seul temps pour tous les coups (120)."
                ),
                max_length=timing.MAX_TEXT,
                required=False,
            )

    def clean(self) -> dict[str, Any]:
        """Each game's schedule text: the event's (``""``, whatever the custom field holds),
        a preset's, or the custom schedule typed, refused in the page's language."""
        data = super().clean()
        for number in self.games:
            preset = data.get(f"game_{number}_preset") or ""
            text = data.get(f"game_{number}_schedule") or ""
            if preset == CUSTOM:
                try:
                    data[f"game_{number}_time"] = str(timing.parse(text))
                except Refusal as refused:
                    self.add_error(f"game_{number}_schedule", word(refused.message, _language()))
            elif preset:
                data[f"game_{number}_time"] = str(timing.PRESETS[preset])
            else:
                data[f"game_{number}_time"] = ""
        return data

    def game_times(self) -> dict[int, str]:
        """Each game's own time schedule, as its text (``""``: the event's time per move)."""
        return {number: self.cleaned_data[f"game_{number}_time"] for number in self.games}

    @staticmethod
    def game_initial(number: int, schedule: str) -> dict[str, str]:
        """The form's values for a game's stored schedule (a preset when it is one)."""
        if not schedule:
            return {f"game_{number}_preset": "", f"game_{number}_schedule": ""}
        try:
            preset = timing.preset_of(timing.parse(schedule))
        except Refusal:
            preset = None
        return {f"game_{number}_preset": preset or CUSTOM, f"game_{number}_schedule": schedule}


class WithdrawalForm(forms.Form):
    """A player withdrawing during the event: from which move of which game."""

    game = forms.IntegerField(label=_("Abandon à partir de la partie (numéro)"), min_value=1)
    from_move = forms.IntegerField(label=_("et du coup"), min_value=1, initial=1)
    reason = forms.CharField(label=_("Motif (facultatif)"), max_length=300, required=False)
