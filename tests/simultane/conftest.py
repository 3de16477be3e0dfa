"""Fixtures of the simultanés' tests: the small word list and the director (an account
manager, hence a ranking officer too) of the Duplicate app's tests."""

from tests.app_duplicate.conftest import director, lexicon

__all__ = ["director", "lexicon"]
