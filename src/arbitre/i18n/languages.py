"""The languages of the catalogues: French first, English on request."""

from __future__ import annotations

LANGUAGES = ("fr", "en")
"""Every language the catalogues word messages in."""

DEFAULT_LANGUAGE = "fr"
"""The language of the interface and the command line unless another is asked for."""
