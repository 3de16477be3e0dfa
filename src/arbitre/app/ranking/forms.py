from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from arbitre.app.ranking.models import Licensee


class LicenseesFileForm(forms.Form):
    file = forms.FileField(label=_("Fichier des licenciés (CSV)"))


class LicenseeForm(forms.ModelForm):
    """Every field of the licensee file but the licence, which is the key (seed 002, A.3.1)."""

    reason = forms.CharField(label=_("Motif de la modification"), max_length=300, required=False)

    class Meta:
        model = Licensee
        fields = (
            "name",
            "first_name",
            "club",
            "committee",
            "birth_date",
            "category",
            "nationality",
            "federation",
            "series",
            "tier",
            "highest_series",
            "s1_for_life",
            "first_season",
            "affiliated",
            "after_festival",
            "overseas",
        )
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
        return int(series) if series.isdigit() else 7
