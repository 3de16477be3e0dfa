"""Forms of the simultanés' pages (French labels)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from arbitre.ranking.events import EVENT_TYPES
from arbitre.ranking.simultane import SECONDS_RANGE, SIMULTANE_TYPES, figures


def type_label(code: str) -> str:
    """« SF — Simultané fédéral… (M = 150) »: the type and what it fixes (seed 002, B.3.2)."""
    fixed = figures(code)
    if fixed.m_fixed is not None:
        what = gettext("M = %(m)s") % {"m": fixed.m_fixed}
    elif fixed.d_hundredths is not None:
        what = gettext("D = %(d)s") % {"d": f"{fixed.d_hundredths / 100:g}".replace(".", ",")}
    else:
        what = gettext("M et D ordinaires")
    return f"{code} — {gettext(EVENT_TYPES[code].label)} ({what})"


class MultipleFiles(forms.ClearableFileInput):
    allow_multiple_selected = True


class GamesField(forms.FileField):
    """One or more games files, each a Duplicate game record (JSON)."""

    def clean(self, data: Any, initial: Any = None) -> Any:
        single = super().clean
        if isinstance(data, (list, tuple)):
            return [single(d, initial) for d in data]
        return [single(data, initial)]


class PublishForm(forms.Form):
    name = forms.CharField(label=_("Nom du simultané"), max_length=200)
    type_code = forms.ChoiceField(label=_("Type (règlement fédéral, B.3.2)"))
    day = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    hour = forms.TimeField(
        label=_("Heure du début officiel"), widget=forms.TimeInput(attrs={"type": "time"})
    )
    later_hours = forms.CharField(
        label=_("Heures de début des parties suivantes (partie 2, 3… : « 16:30 », le même jour)"),
        required=False,
        max_length=200,
        help_text=_(
            "Chaque partie a son propre début officiel et son propre code, donné à ce début : "
            "un TSAP en deux parties en donne une heure, celle de la partie 2."
        ),
    )
    seconds_per_move = forms.IntegerField(
        label=_("Temps par coup (secondes)"),
        initial=180,
        min_value=SECONDS_RANGE[0],
        max_value=SECONDS_RANGE[1],
    )
    games = GamesField(
        label=_("Parties prétirées (fichiers JSON d'Arbitre, dans l'ordre)"),
        widget=MultipleFiles(attrs={"accept": ".json,application/json"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["type_code"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(code, type_label(code)) for code in SIMULTANE_TYPES]

    def starts_at(self) -> dt.datetime:
        """The start, in the server's time zone (the federation's)."""
        day, hour = self.cleaned_data["day"], self.cleaned_data["hour"]
        return timezone.make_aware(dt.datetime.combine(day, hour))

    def clean_later_hours(self) -> list[dt.time]:
        text = self.cleaned_data.get("later_hours", "")
        hours = []
        for part in str(text).replace(";", ",").split(","):
            if not part.strip():
                continue
            try:
                hours.append(dt.time.fromisoformat(part.strip().replace("h", ":")))
            except ValueError:
                raise forms.ValidationError(
                    gettext("« %(hour)s » n'est pas une heure (écrivez 16:30).")
                    % {"hour": part.strip()[:20]}
                ) from None
        return hours

    def later_starts(self) -> list[dt.datetime]:
        """The official starts of games 2, 3…, on the simultané's day (server's zone)."""
        day = self.cleaned_data["day"]
        return [
            timezone.make_aware(dt.datetime.combine(day, hour))
            for hour in self.cleaned_data.get("later_hours", [])
        ]


class AdmitForm(forms.Form):
    club = forms.ChoiceField(label=_("Club (avec une clé active)"))

    def __init__(self, clubs: list[str], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["club"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(c, c) for c in clubs]


class SealedFileForm(forms.Form):
    sealed = forms.FileField(label=_("Fichier scellé (.json reçu de la fédération)"))


class OpenForm(forms.Form):
    code = forms.CharField(
        label=_("Code donné par téléphone (20 chiffres)"),
        required=False,
        max_length=60,
        widget=forms.TextInput(
            attrs={"inputmode": "numeric", "autocomplete": "off", "placeholder": "0000 0000 …"}
        ),
    )


class CorrectionForm(forms.Form):
    """The officer's correction of a centre's upload: a player's score for one game, or the
    player removed from the ranking (``score`` empty and ``remove`` ticked)."""

    centre = forms.ChoiceField(label=_("Centre"))
    licence = forms.CharField(label=_("Licence du joueur"), max_length=20)
    game = forms.IntegerField(label=_("Partie"), min_value=1, initial=1)
    score = forms.IntegerField(
        label=_("Score de la partie au classement (solos compris)"),
        min_value=0,
        max_value=10_000,
        required=False,
    )
    remove = forms.BooleanField(label=_("Retirer ce joueur du classement"), required=False)
    reason = forms.CharField(label=_("Motif (gardé au journal)"), max_length=300)

    def __init__(
        self, centres: list[tuple[int, str]], games: int, *args: Any, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["centre"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(str(pk), club) for pk, club in centres]
        self.fields["game"].widget.attrs["max"] = games  # the service refuses a game beyond

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("remove") and data.get("score") is None:
            self.add_error("score", gettext("Indiquez le score corrigé, ou retirez le joueur."))
        return data


class ReasonForm(forms.Form):
    """A withdrawal, a restoration or a correction undone: its reason (required)."""

    reason = forms.CharField(label=_("Motif (gardé au journal)"), max_length=300)
