"""Simultanés (issue 38): one pre-drawn game played at the same hour in many clubs.

The same application runs on the federation's server and on the centres' laptops. On the
federation's server the ranking officer publishes a simultané (:mod:`.publish`): its games
are sealed (:mod:`arbitre.duplicate.sealed`) under a short code that the server releases at
the official start (:mod:`.api`), or that the federation reads out by phone. A centre
(:mod:`.centre`) downloads the sealed file ahead of time with its club key, and at the start
opens it into an ordinary Duplicate event with pre-drawn games. docs/simultanes.md says what
exists and what remains.
"""
