"""Filters of the server's log.

A refused request (403 for a page of another event, 404 for a mistyped address) is worth one
line in the log, not a traceback: Django logs a :class:`~django.core.exceptions.
PermissionDenied` with its exception attached, which fills the director's terminal with
tracebacks of nothing wrong. Server errors (5xx) keep their traceback.
"""

from __future__ import annotations

import logging


class RefusalsWithoutTraceback(logging.Filter):
    """Drops the traceback of a request refused with a 4xx status; keeps the line."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
