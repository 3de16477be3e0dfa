"""Reading JSON that users send (a table's action, an entry, a club's upload, a season
archive) into values every database can store, or a refusal in the user's language.

Python's reader fails with ``RecursionError`` on deeply nested arrays (a server error), and
accepts escapes that no text can hold in PostgreSQL: a lone surrogate (``\\ud800``) and the
NUL character (``\\u0000``), which SQLite stores and PostgreSQL refuses (another server error,
on PostgreSQL only). Here both are refused before anything is stored.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.utils.translation import gettext

MAX_DEPTH = 32
"""The deepest nesting accepted: the application's own documents (a season archive, a table's
record) are a few levels deep."""

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
"""Characters PostgreSQL cannot store in text: NUL and the halves of a surrogate pair alone."""


class JsonRefused(ValueError):
    """The JSON cannot be used; the message is in the user's language."""


def loads(data: bytes | str, *, max_depth: int = MAX_DEPTH) -> Any:
    """The value of ``data`` (UTF-8 JSON), refused when it is not JSON, nests deeper than
    ``max_depth`` or holds a character a database cannot store.

    >>> loads(b'{"event": ["press", 1]}')
    {'event': ['press', 1]}
    """
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        value = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise JsonRefused(gettext("Données illisibles : du JSON en UTF-8 est attendu.")) from None
    except RecursionError:
        raise _too_deep(max_depth) from None
    check(value, max_depth=max_depth)
    return value


def check(value: Any, *, max_depth: int = MAX_DEPTH) -> None:
    """Refuse ``value`` when it nests deeper than ``max_depth`` or one of its texts (keys
    included) holds a character a database cannot store; walked without recursion."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if UNSTORABLE.search(item):
                raise JsonRefused(
                    gettext(
                        "Données refusées : elles contiennent un caractère qu'aucun texte ne "
                        "peut garder (caractère nul ou moitié de paire de substitution)."
                    )
                )
            continue
        if isinstance(item, dict | list):
            if depth > max_depth:
                raise _too_deep(max_depth)
            if isinstance(item, dict):
                stack.extend((k, depth) for k in item)
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)


def _too_deep(max_depth: int) -> JsonRefused:
    return JsonRefused(
        gettext("Données refusées : plus de %(depth)s niveaux imbriqués.") % {"depth": max_depth}
    )
