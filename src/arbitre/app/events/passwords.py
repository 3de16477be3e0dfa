"""The password validator of every account form (first start, ``arbitre createadmin``, the
accounts page's creation and reset): Django's similarity to the user's name and e-mail,
and a password that contains one of them whole (``weak3weak3`` for ``weak3``), which
Django's character-count ratio lets through, refused too."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth import password_validation
from django.core.exceptions import FieldDoesNotExist, ValidationError

SHORTEST_PART = 4
"""Parts of a name shorter than this (``fr`` of an address) are not looked for."""


class UserAttributeSimilarityValidator(password_validation.UserAttributeSimilarityValidator):
    """Django's validator, and a password containing the user name, the e-mail address,
    the first or last name, or a part of one of them (split on non-word characters) of
    at least :data:`SHORTEST_PART` characters, refused with Django's words."""

    def validate(self, password: str, user: Any = None) -> None:
        super().validate(password, user)
        if not user:
            return
        lowered = password.lower()
        for attribute in self.user_attributes:
            value = getattr(user, attribute, None)
            if not value or not isinstance(value, str):
                continue
            parts = [value.lower(), *re.split(r"\W+", value.lower())]
            if any(len(p) >= SHORTEST_PART and p in lowered for p in parts):
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
