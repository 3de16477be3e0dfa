from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class LicenseesFileForm(forms.Form):
    file = forms.FileField(label=_("Fichier des licenciés (CSV)"))
