"""The settings of the servers and commands the tests start in processes of their own
(``arbitre serve``, ``arbitre createadmin``: :mod:`tests.app.server`): the application's
settings, with passwords hashed by Django's PBKDF2 at 1,000 rounds
(:class:`tests.hashing.QuickPasswordHasher`) instead of 1,000,000.

A fifth of a second of one processor went to each login and each account a browser test
made on its server, a processor-minute over the suite. What the tests check of passwords
(refused, accepted, throttled, locked) does not depend on the number of rounds, and a
password stored with the settings' own rounds is still accepted (same algorithm). The
first director of ``tests/app/test_serve_smoke.py`` is still made through the settings' own
hasher (``arbitre_server(real_password_hashing=True)``).
"""

from arbitre.app.settings import *  # noqa: F403 - the application's settings, all of them

PASSWORD_HASHERS = [
    "tests.hashing.QuickPasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
