"""The Duplicate app's fixtures (a small word list, a director, an event of 20 players),
for the tests of a Duplicate event feeding the season."""

from tests.app_duplicate.conftest import director, event, lexicon  # noqa: F401
