"""The password validator of every account form (first start, ``arbitre createadmin``, the
accounts page's creation and reset): Django's similarity to the user's name and e-mail,
and a password whose strength is the user's name refused too: ``weak3weak3`` for
``weak3``, which Django's character-count ratio lets through."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth import password_validation
from django.core.exceptions import FieldDoesNotExist, ValidationError

SHORTEST_PART = 3
"""Parts of a name shorter than this (``fr`` of an address) are not taken out."""


class UserAttributeSimilarityValidator(password_validation.UserAttributeSimilarityValidator):
    """Django's validator; then the user name, the e-mail address, the first and last
    names and their parts (split on non-word characters, :data:`SHORTEST_PART` characters
    or more) are taken out of the password wherever they appear, whatever the case: what
    is left must still have ``min_length`` characters (the length the length validator
    asks), since a name is known to anyone who wants to guess the password. Refused with
    Django's words (« trop semblable au champ … »)."""

    def __init__(self, *args: Any, min_length: int = 8, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.min_length = min_length

    def validate(self, password: str, user: Any = None) -> None:
        super().validate(password, user)
        if not user:
            return
        for attribute in self.user_attributes:
            value = getattr(user, attribute, None)
            if not value or not isinstance(value, str):
                continue
            parts = {value.lower(), *re.split(r"\W+", value.lower())}
            left = password.lower()
            for part in sorted(parts, key=len, reverse=True):
                if len(part) >= SHORTEST_PART:
                    left = left.replace(part, "")
            if len(left) < self.min_length <= len(password):
                raise ValidationError(
                    self.get_error_message(),
                    code="password_too_similar",
                    params={"verbose_name": _verbose_name(user, attribute)},
                )


def _verbose_name(user: Any, attribute: str) -> str:
    try:
        return str(user._meta.get_field(attribute).verbose_name)
    except FieldDoesNotExist:
        return attribute
