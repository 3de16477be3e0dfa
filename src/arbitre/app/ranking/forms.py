from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from arbitre.app.ranking.models import Licensee, Season
from arbitre.app.ranking.services import EDITABLE


class LicenseesFileForm(forms.Form):
    file = forms.FileField(label=_("Fichier des licenciés (CSV)"))


class LicenseeForm(forms.ModelForm):
    """Every field of the licensee file but the licence, which is the key (seed 002, A.3.1)."""

    reason = forms.CharField(label=_("Motif de la modification"), max_length=300, required=False)

    class Meta:
        model = Licensee
        fields = EDITABLE  # every field of the licensee file but the licence
        widgets = {"birth_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["first_season"].required = False
        self.fields["highest_series"].required = False

    def clean_first_season(self) -> int:
        return self.cleaned_data.get("first_season") or 0

    def clean_highest_series(self) -> int:
        """Empty: the current series (as in the licensee file)."""
        value = self.cleaned_data.get("highest_series")
        if value:
            return int(value)
        series = str(self.data.get("series", ""))
        return int(series) if series.isascii() and series.isdigit() else 7


def _type_choices() -> list[tuple[str, str]]:
    """Each event type with its name (seed 002, A.2, B.3.2): « TH — Tournoi homologué »."""
    from arbitre.app.ranking.templatetags.ranking_labels import type_label
    from arbitre.ranking import EVENT_TYPES

    return [("", "—")] + [(code, type_label(code)) for code in EVENT_TYPES]


class ResultsFileForm(forms.Form):
    """A results file of an event run elsewhere (Arbitre's export, or another program's
    with its column mapping); the event's values the file does not carry."""

    file = forms.FileField(label=_("Fichier des résultats (CSV)"))
    name = forms.CharField(label=_("Nom de l'épreuve"), max_length=200)
    mapping = forms.CharField(
        label=_("Correspondance des colonnes (TOML, vide pour un export d'Arbitre)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "cols": 60}),
    )
    type_code = forms.ChoiceField(label=_("Type d'épreuve"), required=False, choices=_type_choices)
    games = forms.IntegerField(label=_("Nombre de parties"), required=False, min_value=1)
    date = forms.DateField(
        label=_("Date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    overseas = forms.NullBooleanField(
        label=_("Épreuve d'outre-mer (A.5)"),
        required=False,
        widget=forms.Select(
            choices=[("", _("comme le fichier")), ("true", _("oui")), ("false", _("non"))]
        ),
    )


class DuplicateFeedForm(forms.Form):
    """The ranking's event type of a Duplicate event run in Arbitre (seed 002, A.2) and
    whether an overseas club runs it (A.5)."""

    type_code = forms.ChoiceField(label=_("Type d'épreuve"), required=False, choices=_type_choices)
    overseas = forms.BooleanField(
        label=_("Épreuve d'un club d'outre-mer (M au moins 100, points doublés : A.5)"),
        required=False,
    )


class ClosureForm(DuplicateFeedForm):
    """The closing form: with the reason that keeps players a championship with a
    qualifying phase does not admit (seed 002, A.3.2)."""

    reason = forms.CharField(
        label=_("Motif du maintien de joueurs non admis (championnats à phase qualificative)"),
        max_length=300,
        required=False,
    )


class SeasonSettingsForm(forms.ModelForm):
    """A season's quotas (seed 002 B.1, 2) and the federal weeks' weight cap (B.1): the three
    caps together, or none."""

    class Meta:
        model = Season
        fields = (
            "quota_s1",
            "quota_s2",
            "quota_s3",
            "federal_weeks_cap_s1",
            "federal_weeks_cap_s2",
            "federal_weeks_cap_s3",
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for key in self.Meta.fields:
            value = data.get(key)
            if value is not None and not 0 <= value <= 1_000_000:
                self.add_error(key, _("Entre 0 et 1 000 000."))
        caps = [data.get(f"federal_weeks_cap_s{n}") for n in (1, 2, 3)]
        if any(c is None for c in caps) and any(c is not None for c in caps):
            raise forms.ValidationError(_("Donnez les trois plafonds, ou aucun."))
        return data
