"""Reading an uploaded file within a size limit, refused with a French message beyond it
(the request itself is capped by :class:`arbitre.app.middleware.RefuseLargeRequests`)."""

from __future__ import annotations

from typing import Any

PLAYERS_FILE_BYTES = 2 * 1024 * 1024
"""A players file of 20,000 licensees is under 2 MB."""
MATCH_FILE_BYTES = 1024 * 1024
"""A Jellyfish ``.mat`` record of a long match is a few tens of kB."""


class UploadTooLarge(ValueError):
    """The file is larger than its kind allows; the message is French."""


def read_limited(upload: Any, limit: int, what: str) -> bytes:
    """The bytes of ``upload`` (a Django ``UploadedFile``), refused when larger than ``limit``
    without reading it."""
    size = getattr(upload, "size", None)
    if size is None or size > limit:
        raise UploadTooLarge(
            f"{what} trop volumineux : {_kb(size or 0)} Ko, {_kb(limit)} Ko au plus."
        )
    data = upload.read(limit + 1)
    if len(data) > limit:
        raise UploadTooLarge(f"{what} trop volumineux : {_kb(limit)} Ko au plus.")
    return bytes(data)


def _kb(size: int) -> str:
    return f"{size // 1024:,}".replace(",", "\u202f")
