"""The default word list made ready at server start, with its progress shown on the pages.

``arbitre serve`` calls :func:`start`: a background thread loads the default list, compiles
its graphs when they are not cached yet (the first start: tens of seconds), and loads the
top-search engine. Meanwhile :func:`status` gives the progress, served as JSON at
``/lexique/etat/`` and polled by the banner of every page, instead of a silent wait at the
first top search. The list itself is the one :func:`services.lexicon_of` serves afterwards.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

from django.utils.translation import get_language, gettext, gettext_noop

from arbitre.app.duplicate.models import DuplicateEvent
from arbitre.app.duplicate.services import lexicon_of
from arbitre.common.messages import Message, Refusal
from arbitre.duplicate.game import DuplicateGame
from arbitre.i18n import DEFAULT_LANGUAGE, word
from arbitre.lexicon import Progress
from arbitre.scrabble.generate import fast_engine

IDLE = "idle"  # nothing started (another server than ``arbitre serve``, tests)
RUNNING = "running"
READY = "ready"
FAILED = "failed"

#: The steps, as the banner words them (French msgids of the interface's catalogue).
LOADING = gettext_noop("Chargement de la liste de mots")
COMPILING = gettext_noop("Compilation de la liste de mots")
ENGINE = gettext_noop("Préparation du moteur de recherche du top")
WARMING = gettext_noop("Échauffement : premier tirage et première recherche du top")

WARM_SEED = 2026
"""The seed of the warm-up's game (any game does: its draw and top search are thrown away)."""

Step = Callable[[str], None]
Job = Callable[[Progress, Step], None]


@dataclass
class Status:
    state: str = IDLE
    step: str = ""
    done: int = 0
    total: int = 0
    error: str = ""
    refusal: Message | None = None  # the engine's reason, worded in the page's language

    @property
    def percent(self) -> int:
        return 100 * self.done // self.total if self.total else 0


_lock = threading.Lock()
_status = Status()
_thread: threading.Thread | None = None
durations: dict[str, float] = {}
"""Seconds each step took (by its msgid), and the warm-up's first ``draw`` and ``top``."""


def status() -> dict[str, Any]:
    """The preparation's state (``idle``, ``running``, ``ready``, ``failed``), its step in
    the page's language (French by default), and the compilation's progress (``done`` of
    ``total`` paths, ``percent``)."""
    with _lock:
        out = {**asdict(_status), "percent": _status.percent}
        refusal = _status.refusal
    out["step"] = gettext(out["step"]) if out["step"] else ""
    if refusal is not None:
        out["error"] = word(refusal, get_language() or DEFAULT_LANGUAGE)
    del out["refusal"]
    return out


def snapshot() -> Status:
    """A copy of the preparation's state, its step as its msgid (the console words it in the
    command line's language)."""
    with _lock:
        return replace(_status)


def start(job: Job | None = None) -> bool:
    """Run ``job`` (default: prepare the default list) in a background thread, once per
    process; False when it was already started."""
    global _thread
    with _lock:
        if _thread is not None:
            return False
        _status.state, _status.step = RUNNING, LOADING
        _thread = threading.Thread(
            target=_run, args=(job or prepare_default_list,), name="arbitre-lexique", daemon=True
        )
    _thread.start()
    return True


def wait(timeout: float | None = None) -> None:
    """Wait for the preparation thread (tests, shutdown)."""
    thread = _thread
    if thread is not None:
        thread.join(timeout)


def wait_interruptibly() -> None:
    """Wait for the preparation thread, in short waits, so that the main thread takes a
    Ctrl-C (or :func:`_thread.interrupt_main`) at once on every system."""
    while running():
        wait(0.1)


def running() -> bool:
    """Whether the preparation thread is still at work (a stop then need not wait for it:
    what it writes, the compiled caches, is published whole or not at all)."""
    thread = _thread
    return thread is not None and thread.is_alive()


def reset() -> None:
    """Forget a finished preparation (tests)."""
    global _thread, _status
    wait()
    with _lock:
        _thread = None
        _status = Status()
    durations.clear()


def prepare_default_list(progress: Progress, step: Step) -> None:
    """Load the default list, compile its graphs if needed, load the top-search engine."""
    lexicon = lexicon_of(DuplicateEvent())
    step(COMPILING)
    lexicon.compile(progress=progress)
    step(ENGINE)
    fast = fast_engine()
    if fast is not None:
        fast.warm_up()
    step(WARMING)
    durations.update(warm(lexicon))
    # The word list, the compiled kernel and the modules are loaded for the server's life:
    # out of the collector's reach, a full collection no longer walks their objects (tens of
    # milliseconds, paid by whichever top search or page it interrupts; bench_movegen).
    gc.collect()
    gc.freeze()


def warm(lexicon: Any, seed: int = WARM_SEED) -> dict[str, float]:
    """A first draw and its top search on ``lexicon`` (seed 004, 2.2 and 2.4), timed in
    seconds: whatever they load or compile the first time is then ready for the games."""
    game = DuplicateGame(lexicon, seed=seed)
    started = time.perf_counter()
    game.draw()
    drawn = time.perf_counter()
    game.tops()
    return {"draw": drawn - started, "top": time.perf_counter() - drawn}


def _progress(done: int, total: int) -> None:
    with _lock:
        _status.done, _status.total = done, total


_step_started: list[tuple[str, float]] = []


def _step(name: str) -> None:
    _timed()
    _step_started.append((name, time.perf_counter()))
    with _lock:
        _status.step, _status.done, _status.total = name, 0, 0


def _timed() -> None:
    """The step under way, if any, timed into :data:`durations`."""
    if _step_started:
        name, started = _step_started.pop()
        durations[name] = time.perf_counter() - started


def _run(job: Job) -> None:
    _step_started[:] = [(LOADING, time.perf_counter())]
    try:
        job(_progress, _step)
        _timed()
    except Exception as exc:  # noqa: BLE001 - reported on the page, the server goes on
        with _lock:
            _status.state, _status.error = FAILED, str(exc) or exc.__class__.__name__
            _status.refusal = exc.message if isinstance(exc, Refusal) else None
        return
    with _lock:
        _status.state, _status.step = READY, ""
