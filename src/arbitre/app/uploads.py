"""Reading an uploaded file within a size limit, refused with a message in the user's language
beyond it (the request itself is capped by :class:`arbitre.app.middleware.RefuseLargeRequests`)."""

from __future__ import annotations

from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext

PLAYERS_FILE_BYTES = 2 * 1024 * 1024
"""A players file of 20,000 licensees is under 2 MB."""
MATCH_FILE_BYTES = 1024 * 1024
"""A Jellyfish ``.mat`` record of a long match is a few tens of kB."""
WORD_LIST_BYTES = 32 * 1024 * 1024
"""A word list of the ODS (about 400,000 words) is under 5 MB."""


class UploadTooLarge(ValueError):
    """The file is larger than its kind allows; the message is in the user's language."""


def read_limited(upload: Any, limit: int, what: str) -> bytes:
    """The bytes of ``upload`` (a Django ``UploadedFile``), refused when larger than ``limit``
    without reading it."""
    size = getattr(upload, "size", None)
    if size is None or size > limit:
        raise UploadTooLarge(
            gettext("%(what)s trop volumineux : %(size)s Ko, %(limit)s Ko au plus.")
            % {"what": what, "size": _kb(size or 0), "limit": _kb(limit)}
        )
    data = upload.read(limit + 1)
    if len(data) > limit:
        raise UploadTooLarge(
            gettext("%(what)s trop volumineux : %(limit)s Ko au plus.")
            % {"what": what, "limit": _kb(limit)}
        )
    return bytes(data)


def _kb(size: int) -> str:
    """Kilobytes with the thousands separator of the user's language (a narrow no-break space
    in French)."""
    return str(number_format(size // 1024, force_grouping=True)).replace("\xa0", "\u202f")
