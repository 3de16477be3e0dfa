"""Guessing table codes from one client (issue 34): how many guesses a second the server
answers, and how long a first hit on one of the live codes would then take.

A fresh SQLite database in a temporary data directory gets ``--tables`` Classic games
opened by code; one client (the Django test client, one address) then asks the table state
of random codes (the table code alphabet, ``--length`` characters) for at most ``--count``
guesses or ``--seconds`` seconds, whichever comes first. Prints the guesses answered per
second, how many were refused as unknown and how many by the lock-out (the throttle of
:mod:`arbitre.app.rounds.codeguard`, when the code under test has one), and the expected
time to a first hit at the measured rate: ``alphabet ** length / tables`` guesses.

Run: ``python bench/bench_table_codes.py [--tables 59] [--count 3000] [--seconds 20]``.
Run it on a tree before issue 34 (``PYTHONPATH=<that tree>/src``) for the figure before.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import tempfile
import time


def _hours(seconds: float) -> str:
    if seconds < 3600:
        return f"{seconds / 60:.1f} min"
    if seconds < 3600 * 24 * 365:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / (3600 * 24 * 365):.3g} years"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=59)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--length", type=int, default=0, help="code length (default: the app's)")
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="bench-table-codes-")
    os.environ["ARBITRE_DATA_DIR"] = data
    os.environ.pop("ARBITRE_DATABASE_URL", None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "arbitre.app.settings"
    import django

    django.setup()
    logging.getLogger("django.request").setLevel(logging.ERROR)  # one line per 404 otherwise
    logging.getLogger("arbitre").setLevel(logging.ERROR)
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    from arbitre.app.classic import tables
    from arbitre.app.rounds import tablelog

    for i in range(args.tables):
        setup = {"names": [f"A{i}", f"B{i}"], "profile": "ffsc", "clock": None, "starter": 0}
        tablelog.create_log(tables.KIND, setup)
    length = args.length or tablelog.CODE_LENGTH
    alphabet = tablelog.CODE_ALPHABET
    rng = random.Random(34)
    client = Client(REMOTE_ADDR="10.34.0.1", HTTP_HOST="127.0.0.1")
    counts = {"unknown": 0, "locked": 0, "hit": 0, "other": 0}
    first_lock: float | None = None
    guesses = 0
    start = time.perf_counter()
    while guesses < args.count and time.perf_counter() - start < args.seconds:
        code = "".join(rng.choice(alphabet) for _ in range(length))
        response = client.get(f"/classique/table/{code}/etat/")
        guesses += 1
        text = response.content.decode("utf-8", "replace")
        if response.status_code == 200:
            counts["hit"] += 1
        elif "inconnu" in text and "Trop de codes" not in text:
            counts["unknown"] += 1
        elif "Trop de codes" in text:
            counts["locked"] += 1
            if first_lock is None:
                first_lock = time.perf_counter() - start
        else:
            counts["other"] += 1
    elapsed = time.perf_counter() - start
    answered = guesses / elapsed
    # guesses that reach the code lookup: the lock-out refuses the others before any lookup
    tried = counts["unknown"] + counts["hit"]
    tried_rate = tried / elapsed
    space = len(alphabet) ** length
    print(f"tables: {args.tables}, code length: {length}, alphabet: {len(alphabet)}")
    print(f"requests: {guesses} in {elapsed:.2f} s = {answered:.0f} answered/s")
    print(
        f"codes actually tried: {tried} = {tried_rate:.1f}/s; refused unknown "
        f"{counts['unknown']}, refused by the lock-out {counts['locked']}, other {counts['other']}"
    )
    if first_lock is not None:
        print(f"first lock-out after {first_lock:.2f} s")
    expected = space / args.tables
    try:
        from arbitre.app.rounds import codeguard  # type: ignore[attr-defined]
    except ImportError:
        codeguard = None
    if codeguard is not None:
        allowed, per = codeguard.RATE.split("/")
        window = {"s": 1, "m": 60, "h": 3600}[per[-1]] * int(per[:-1] or 1)
        tried_rate = min(tried_rate, int(allowed) / window)
        print(f"sustained by the throttle ({codeguard.RATE}): {tried_rate:.3f} codes/s")
    if tried_rate > 0:
        print(
            f"expected time to a first hit: {expected:.3g} guesses / {tried_rate:.1f} per s "
            f"= {_hours(expected / tried_rate)}"
        )


if __name__ == "__main__":
    main()
