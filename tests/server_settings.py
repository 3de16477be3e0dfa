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

A server of one process started by :func:`tests.app.server.arbitre_server` leaves the default
word list and the top search to the first search that needs them (``PREPARE_AT_START``), as
the tests' own Django servers do, unless the test asks for them at start (``prepare=True``):
loading the search's kernel and warming it up cost about a second of processor per server,
and most of the tests' servers never search. The tests of starting and stopping
(:mod:`tests.app.test_serve_stop`, :mod:`tests.app.test_start`) prepare as served.
"""

import os

from arbitre.app.settings import *  # noqa: F403 - the application's settings, all of them

PREPARE_AT_START = os.environ.get("ARBITRE_TESTS_PREPARE_AT_START", "1") == "1"

PASSWORD_HASHERS = [
    "tests.hashing.QuickPasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
