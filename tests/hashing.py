"""Passwords hashed quickly in the tests (a module of its own: the servers the tests start
load it through :mod:`tests.server_settings` without the test tools)."""

from django.contrib.auth.hashers import PBKDF2PasswordHasher


class QuickPasswordHasher(PBKDF2PasswordHasher):
    """Django's PBKDF2 (same algorithm, same stored format) at 1,000 rounds, for the tests'
    own process (``tests/conftest.py``) and the servers they start
    (:mod:`tests.server_settings`): what the tests check of passwords (refused, accepted,
    changed, locked) does not depend on the number of rounds."""

    iterations = 1_000
