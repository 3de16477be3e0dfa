"""What a starting server tells on its console, and when it says it is ready.

The default word list, the top-search kernel and the first game are made ready by the
preparation thread (:mod:`arbitre.app.duplicate.preparation`); :func:`follow` tells each of its
steps on the console as it goes (a bar while the word list compiles, a running line with the
seconds elapsed for the other steps) and its duration once done. :func:`warm_up` then answers a
first page in the process, and :func:`check` times a first draw, top search and page again:
"ready" is said only when each answers within :data:`READY_SECONDS`, in every process.
"""

from __future__ import annotations

import io
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

from arbitre.cli._i18n import language, tr
from arbitre.i18n.numbers import DECIMAL_MARK

READY_SECONDS = 2.0
"""A first draw, top search or page slower than this is not ready."""
CHECKS = 3
"""Rounds of warm-up at most before the server says it is ready anyway (a machine so loaded
that a page takes over 2 s is told so: the figures are printed)."""


def seconds(value: float) -> str:
    """A duration as the console writes it (decimal mark of the language)."""
    if value < 0.01:
        return f"{value * 1000:.1f} ms".replace(".", DECIMAL_MARK.get(language(), "."))
    if value < 1:
        return f"{value * 1000:.0f} ms"
    return f"{value:.1f} s".replace(".", DECIMAL_MARK.get(language(), "."))


def kernel_cached() -> bool:
    """Whether numba's cache already holds compiled kernels (before the preparation: if not,
    the kernel's step is a compilation)."""
    import arbitre.jit  # noqa: F401  # points numba's cache at this version's folder

    folder = os.environ.get("NUMBA_CACHE_DIR") or None
    return folder is not None and any(Path(folder).rglob("*.nbi"))


class Console:
    """Tells the preparation's steps on ``stream`` (stderr): ``bar`` draws the word list's
    compilation as a bar (``arbitre start``), else a line per step."""

    def __init__(self, stream: TextIO | None = None, bar: bool = True) -> None:
        self.stream = stream or sys.stderr
        self.bar = bar
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.compiled_list = False
        self.told: set[str] = set()  # the steps whose duration was told
        self.kernel_compiled = False  # noted by :meth:`preparing`

    def preparing(self) -> None:
        """Note, just before the preparation starts (which fills numba's cache), whether
        the kernel's step will be a compilation. Not at construction: finding out imports
        numba (a third of a server's start), for nothing when the server leaves the
        preparation to the first search (``PREPARE_AT_START`` off)."""
        self.kernel_compiled = not kernel_cached()

    def say(self, text: str) -> None:
        print(text, file=self.stream, flush=True)

    def follow(self, stop: threading.Event | None = None) -> bool:
        """Tell the preparation's steps until it ends (or ``stop`` is set); True when the
        word list and the kernel are ready, False when it failed (the reason is told)."""
        from arbitre.app.duplicate import preparation

        step, started, bar, shown = "", time.monotonic(), None, -1.0
        while True:
            now = preparation.snapshot()
            if now.step != step:
                if bar is not None:
                    bar.close()
                    bar = None
                self._done(step)
                self._catch_up((now.step,))
                step, started, shown = now.step, time.monotonic(), -1.0
                if step:
                    self.say(tr("arbitre: %(step)s…") % {"step": tr(step)})
            if step == preparation.COMPILING and now.total:
                self.compiled_list = True
                if bar is None and self.bar:
                    bar = _bar(tr(step), now.total, self.stream)
                if bar is not None and now.done != bar.n:
                    bar.update(now.done - bar.n)
            elif self.tty and step and time.monotonic() - shown >= 1:
                shown = time.monotonic()
                elapsed = seconds(shown - started)
                print(f"\r  … {elapsed}   ", end="", file=self.stream, flush=True)
            if now.state != preparation.RUNNING:
                if bar is not None:
                    bar.close()
                self._done(step)
                self._catch_up(())
                if now.state == preparation.FAILED:
                    error = preparation.status()["error"]
                    self.say(
                        tr("The word list could not be prepared: %(error)s") % {"error": error}
                    )
                    return False
                return now.state == preparation.READY
            if stop is not None and stop.wait(0.2):
                return False
            if stop is None:
                time.sleep(0.2)

    def _catch_up(self, current: tuple[str, ...]) -> None:
        """Tell the steps over between two looks (quick ones, from the caches)."""
        from arbitre.app.duplicate import preparation

        for passed in list(preparation.durations):
            if passed not in current and passed not in ("draw", "top"):
                self._done(passed)

    def _done(self, step: str) -> None:
        from arbitre.app.duplicate import preparation

        if not step or step not in preparation.durations or step in self.told:
            return
        self.told.add(step)
        if self.tty:
            print("\r" + " " * 20 + "\r", end="", file=self.stream)
        self.say(
            tr("  done in %(seconds)s: %(step)s")
            % {"seconds": seconds(preparation.durations[step]), "step": tr(step)}
        )

    def summary(self, figures: dict[str, float], processes: int) -> str:
        """The preparation's figures: compile times named as such, then the first draw, top
        search and page as they answered once warm (in the slowest process)."""
        from arbitre.app.duplicate import preparation

        spent = preparation.durations
        word_list = spent.get(preparation.COMPILING, 0.0) + spent.get(preparation.LOADING, 0.0)
        kernel = spent.get(preparation.ENGINE, 0.0) + spent.get(preparation.WARMING, 0.0)
        lines = [
            (
                tr("Word list compiled in %(seconds)s (compile time, once per installation).")
                if self.compiled_list
                else tr("Word list loaded from its cache in %(seconds)s.")
            )
            % {"seconds": seconds(word_list)},
            (
                tr(
                    "Top-search kernel compiled and warmed up in %(seconds)s (compile time, "
                    "once per installation)."
                )
                if self.kernel_compiled
                else tr("Top-search kernel loaded from its cache and warmed up in %(seconds)s.")
            )
            % {"seconds": seconds(kernel)},
            (
                tr(
                    "Once warm, in each of the %(processes)d processes: first draw %(draw)s, "
                    "first top search %(top)s, first page %(page)s."
                )
                if processes > 1
                else tr(
                    "Once warm: first draw %(draw)s, first top search %(top)s, first page %(page)s."
                )
            )
            % {
                "processes": processes,
                "draw": seconds(figures.get("draw", 0.0)),
                "top": seconds(figures.get("top", 0.0)),
                "page": seconds(figures.get("page", 0.0)),
            },
        ]
        return "\n".join(lines)


def _bar(label: str, total: int, stream: TextIO) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc=f"arbitre : {label}", unit="chemin", file=stream)


def warm_page(https: bool = False) -> float:
    """Answer the home page once in this process, through the whole WSGI application (its
    middleware, templates and static files): seconds taken."""
    from wsgiref.util import setup_testing_defaults

    from django.conf import settings

    from arbitre.app.wsgi import application

    hosts = [h for h in settings.ALLOWED_HOSTS if h and h != "*" and not h.startswith(".")]
    environ: dict[str, Any] = {
        "HTTP_HOST": hosts[0] if hosts else "127.0.0.1",
        "PATH_INFO": "/",
        "REQUEST_METHOD": "GET",
        "wsgi.url_scheme": "https" if https else "http",
        "wsgi.errors": io.StringIO(),
    }
    setup_testing_defaults(environ)
    started = time.perf_counter()
    answer = application(environ, lambda status, headers, exc_info=None: None)
    try:
        for _chunk in answer:
            pass
    finally:
        close = getattr(answer, "close", None)
        if close is not None:
            close()
    return time.perf_counter() - started


def check(https: bool = False) -> dict[str, float]:
    """A first page answered, then a draw, its top search and a page timed, as the first
    ones a director will make: again (at most :data:`CHECKS` rounds) while one of them takes
    over :data:`READY_SECONDS`."""
    from arbitre.app.duplicate import preparation
    from arbitre.app.wordlists import lexicon_at

    warm_page(https)  # the process's first page: its templates, middleware, static files
    figures: dict[str, float] = {}
    for round_ in range(1, CHECKS + 1):
        # another draw each round: a rack whose top the process has not searched yet
        draw_and_top = preparation.warm(lexicon_at(""), preparation.WARM_SEED + round_)
        figures = {**draw_and_top, "page": warm_page(https)}
        if max(figures.values()) <= READY_SECONDS:
            break
    return figures
