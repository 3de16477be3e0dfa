"""The parts a change of a simultané's version makes new, rendered once the change commits
(issue 38, item 5: 10,000 viewers behind the proxy, the officer polling every 2 s while the
centres upload about once a second).

Without it, the first request of a new version renders it: nearly every poll of the
officer's page (about 50 ms of processor at 6,000 players, beside the viewers' load) and
the proxy's refresh of the public standings each second. Here the process that committed the
change renders, in a thread of its own, the officer's page as it opens, then the public
standings' live part (whole), in the site's language, and stores them for every process
(:mod:`.shared_parts`); the officer's next poll and the proxy's refresh read them. A thread
per process renders the last version asked, once: a burst of uploads is rendered once. The
officer's poll that finds the page's parts of a new version neither stored nor being
rendered asks this thread for them (:func:`ask`, in the officer's language) and shows them
as last rendered meanwhile: a poll never merges.

On PostgreSQL only (the federation's server): on SQLite, a club's laptop, each process
renders its own (one writer), as before. Under ``arbitre serve --processes N`` the workers
hand their asks to a process that serves no request (:func:`forward_to`,
:mod:`arbitre.cli._renderer`): a rendering in a worker's thread held that worker's
interpreter lock, and its polls waited for it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from django.conf import settings
from django.db import connection, transaction
from django.utils import translation

log = logging.getLogger("arbitre.simultane")

_pending: set[tuple[int, str]] = set()  # (simultané, language)
_wake = threading.Condition()
_thread: threading.Thread | None = None
_forward: Callable[[int, str], bool] | None = None


def forward_to(tell: Callable[[int, str], bool] | None) -> None:
    """Hand this process's asks to ``tell(simultane_id, language)`` (the renderer's pipe,
    in a worker of ``arbitre serve --processes N``); an ask it does not take (it returns
    False: the pipe is full, or nobody reads it any more) is rendered in this process's
    thread, as without it. ``None``: this process renders its own."""
    global _forward
    _forward = tell


def after_change(simultane_id: int) -> None:
    """Render the simultané's new parts once the current transaction commits (call it in
    the change's transaction)."""
    if federation_server():
        transaction.on_commit(lambda: ask(simultane_id, settings.LANGUAGE_CODE))


def federation_server() -> bool:
    """Whether this server's database is shared by processes that each render (PostgreSQL)."""
    return connection.vendor == "postgresql"


def ask(simultane_id: int, language: str) -> None:
    """Render the simultané's parts at its version as stored then, in ``language``, in this
    process's background thread (a request asked already and not yet begun counts once)."""
    global _thread
    if _forward is not None and _forward(simultane_id, language):
        return
    with _wake:
        _pending.add((simultane_id, language))
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_loop, name="arbitre-prerender", daemon=True)
            _thread.start()
        _wake.notify()


def _loop() -> None:
    while True:
        with _wake:
            while not _pending:
                _wake.wait()
            simultane_id, language = _pending.pop()
        try:
            render_now(simultane_id, language)
        except Exception:  # a rendering that fails is done again by the first request
            log.exception("simultané %s: parts not rendered ahead", simultane_id)
        finally:
            connection.close()


def render_now(simultane_id: int, language: str | None = None) -> None:
    """The officer's first page and the public live part at the simultané's version as
    stored now, in ``language`` (by default the site's), rendered and stored unless another
    process did."""
    from arbitre.app.simultane import officer_page, public_views
    from arbitre.app.simultane.models import Simultane

    simultane = Simultane.objects.filter(pk=simultane_id).first()
    if simultane is None:
        return
    with translation.override(language or settings.LANGUAGE_CODE):
        # the officer's first: polled by the page itself, while the proxy keeps the public
        # version it answers a second (docs/federation-server.md)
        officer_page.first_page(simultane)
        public_views.fragment(simultane, None, None, None)
