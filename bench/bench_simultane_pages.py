"""The officer's page and the public standings of a simultané at full size, in one process
with no HTTP load (issue 38, item 5): what one view costs, apart from the machine's load.

    python bench/bench_simultane_pages.py [--centres 300] [--players 6000] [--repeat 7]
                                          [--profile FILE]

On a throwaway PostgreSQL 15 cluster, the simultané of ``bench_simultane.py`` is published
and every centre's signed results received (``merge.receive``, as the API does). Then, each
timed ``--repeat`` times through Django's test client (the whole request: middleware,
view, template), medians in ms:

- **same version**: the page read again, nothing changed;
- **new version**: a change of the simultané (its version bumped), this process holding the
  uploads' summaries (the process that merged the previous version);
- **another process**: the version moved and nothing of this simultané is held by this
  process (its memory emptied, as a second server process meeting the change: whatever it
  reads of another process's work from the database);
- **rendered elsewhere**: the version moved and the page was read at it once (as by the
  other server process), then this process's kept merge and pages forgotten, the uploads'
  summaries kept (what a second process holds when it meets a version the first one met).

for the officer's page (logged in) and the public standings' fragment (anonymous, what the
public page's script fetches when the version moves). Then what each change costs the
server whatever its viewers: a new version's parts rendered once it commits (the merge, the
officer's page as it opens, the public standings; ``prerender.render_now``), and the merge
alone. ``--profile FILE`` writes a cProfile
of each, ``FILE-<page>-<case>.prof``.

Then the officer's page read again at the same version beside a thread of the same process
merging the simultané back to back (what a server process did while it rendered a new
version in its thread, :mod:`arbitre.app.simultane.prerender`, or takes an upload), with
Python's switch interval (``sys.setswitchinterval``) at its default, 5 ms, and at
``--switch-interval`` ms (default 1); and beside a process of its own merging back to back
as the renderer does (:mod:`arbitre.cli._renderer`, what ``arbitre serve`` does on
PostgreSQL): ``--beside`` reads of each (default 41), alternated read by read so that all
three see the same machine, p50 / p95 / worst, and the view's own processor time. A read
waiting for the lock of the interpreter (the GIL) after each database answer waits up to
one interval; beside a process, only for a processor.
``--gc-threshold N`` sets the collector's third
threshold (``gc.set_threshold``) after the ``gc.freeze()``, as a server could; the
collector's full passes are counted with ``bench/gc_passes``.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from bench_simultane import OFFICER, game_text, officer_and_simultane  # noqa: E402

from tests.app.postgres import throwaway_postgres  # noqa: E402


def median_ms(run: Callable[[], None], before: Callable[[], None], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        before()
        t = time.perf_counter()
        run()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def bench(args: argparse.Namespace, url: str, data: Path) -> None:
    published = officer_and_simultane(
        SimpleNamespace(centres=args.centres, players=args.players),
        game_text(SimpleNamespace(game=None, seed=7)),
        url,
        data,
    )
    import json

    from django.contrib.auth import get_user_model
    from django.test import Client

    from arbitre.app.events import live
    from arbitre.app.federation import services as federation
    from arbitre.app.simultane import merge, merged

    t = time.perf_counter()
    checks = writes = 0.0
    for centre in published.centres:
        # what ``merge.receive`` does, timed apart: the checks, then the write under the lock
        token = federation.authenticate(centre.key)
        assert token is not None
        start = time.perf_counter()
        found = merge.checked(token, published.uid, json.loads(centre.body))
        locked = time.perf_counter()
        merge._write(token, found)
        checks, writes = checks + locked - start, writes + time.perf_counter() - locked
    print(
        f"{args.centres} uploads received in {time.perf_counter() - t:.1f} s: checked before "
        f"the simultané's row lock {1000 * checks / args.centres:.1f} ms each, written under "
        f"it {1000 * writes / args.centres:.1f} ms each",
        flush=True,
    )
    live.clear()
    gc.collect()
    gc.freeze()  # as ``arbitre serve`` does before its workers start: what is loaded stays
    if args.gc_threshold:
        gc.set_threshold(*gc.get_threshold()[:2], args.gc_threshold)
    from django.conf import settings

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    officer = Client()
    officer.force_login(get_user_model().objects.get(username=OFFICER))
    public = Client()
    pages = {
        "officer": (officer, f"/federation/simultanes/{published.pk}/"),
        "public fragment": (public, f"/public/simultanes/{published.uid}/classement/"),
    }

    def nothing() -> None:
        pass

    def new_version() -> None:
        merged.bump(published.pk)

    def another_process() -> None:
        merged.bump(published.pk)
        live.clear()  # every figure kept by this process, the merge's included

    def rendered_elsewhere(read: Callable[[], None]) -> None:
        merged.bump(published.pk)
        read()  # the other process meets the version first
        summaries = dict(merged._summaries)
        live.clear()  # its pages and its merge are not this process's
        merged._summaries.update(summaries)  # the uploads' summaries are

    for name, (client, path) in pages.items():

        def read(client: Client = client, path: str = path) -> None:
            response = client.get(path)
            assert response.status_code == 200, response.status_code

        read()
        cells = []
        for label, before in (
            ("same version", nothing),
            ("new version", new_version),
            ("another process", another_process),
            ("rendered elsewhere", lambda read=read: rendered_elsewhere(read)),
        ):
            timed = read
            if args.profile:
                profiler = cProfile.Profile()

                def timed(read: Callable[[], None] = read, p: cProfile.Profile = profiler) -> None:
                    p.runcall(read)

            cells.append(f"{label} {median_ms(timed, before, args.repeat):7.1f}")
            if args.profile:
                profiler.dump_stats(f"{args.profile}-{name.split()[-1]}-{label.split()[0]}.prof")
        print(f"{name:16} " + "  ".join(cells) + " ms", flush=True)
    rendered_once_committed(args, published.pk)
    if args.beside:
        beside_a_merge(args, pages["officer"][0], pages["officer"][1], published.pk)


def rendered_once_committed(args: argparse.Namespace, simultane_id: int) -> None:
    """What a change of the simultané costs the server, whatever the number of viewers:
    the parts of its new version rendered once it commits (:mod:`.prerender`, its
    ``render_now``: the merge, the officer's page as it opens, the public standings' live
    part, each stored for every process), in this thread, the background thread's hook
    off so that nothing renders beside it; ``--repeat`` times, median, and the share of
    the merge (the merge alone at a new version, the same count of runs)."""
    from arbitre.app.simultane import merged, prerender
    from arbitre.app.simultane.models import Simultane

    hooks = list(merged.AFTER_BUMP)
    merged.AFTER_BUMP.clear()
    try:

        def bumped() -> None:
            merged.bump(simultane_id)

        whole = median_ms(lambda: prerender.render_now(simultane_id), bumped, args.repeat)
        alone = median_ms(
            lambda: merged.current(Simultane.objects.get(pk=simultane_id)), bumped, args.repeat
        )
    finally:
        merged.AFTER_BUMP[:] = hooks
    print(
        f"a new version's parts rendered once it commits {whole:7.1f} ms "
        f"(of which the merge alone {alone:.1f} ms)",
        flush=True,
    )


def beside_a_merge(args: argparse.Namespace, client: Any, path: str, simultane_id: int) -> None:
    """The officer's page at the same version, read while another thread of the process
    merges (the switch interval at its default, and at ``--switch-interval``), or while a
    process of its own merges, as the renderer (what ``arbitre serve`` does
    on PostgreSQL, :mod:`arbitre.cli._renderer`); the three alternated read by read."""
    import multiprocessing
    import signal
    import threading

    from django.db import connection, connections

    from arbitre.app.simultane import merged
    from arbitre.app.simultane.models import Simultane

    stop, go = threading.Event(), threading.Event()
    busy = threading.Lock()  # held by the thread while it merges
    merges = [0]

    def merging() -> None:
        simultane = Simultane.objects.get(pk=simultane_id)
        while not stop.is_set():
            if not go.wait(0.05):
                continue
            with busy:
                merged._compute(simultane)
                merges[0] += 1
        connection.close()

    counted = multiprocessing.get_context("fork").Value("q", 0, lock=False)
    connections.close_all()  # the merging process opens its own
    child = os.fork()
    if child == 0:  # the renderer's part: merging back to back
        try:
            simultane = Simultane.objects.get(pk=simultane_id)
            while True:
                merged._compute(simultane)
                counted.value += 1
        finally:
            os._exit(0)
    os.kill(child, signal.SIGSTOP)

    default = sys.getswitchinterval()
    THREAD, PROCESS = "thread", "process"
    cases = {
        f"thread, switch interval default {default * 1000:g} ms": (THREAD, default),
        f"thread, switch interval {args.switch_interval:g} ms": (
            THREAD,
            args.switch_interval / 1000,
        ),
        "a process of its own (the renderer)": (PROCESS, default),
    }
    walls: dict[str, list[float]] = {label: [] for label in cases}
    cpus: dict[str, list[float]] = {label: [] for label in cases}
    done: dict[str, int] = dict.fromkeys(cases, 0)  # merges finished during the reads
    client.get(path)
    worker = threading.Thread(target=merging, daemon=True)
    worker.start()
    try:
        labels = list(cases)
        for block in range(args.beside):
            for label in labels[block % 3 :] + labels[: block % 3]:
                kind, interval = cases[label]
                sys.setswitchinterval(interval)
                if kind == THREAD:
                    go.set()
                else:
                    os.kill(child, signal.SIGCONT)
                before = merges[0] + counted.value
                wall, cpu = time.perf_counter(), time.thread_time()
                response = client.get(path)
                cpus[label].append((time.thread_time() - cpu) * 1000)
                walls[label].append((time.perf_counter() - wall) * 1000)
                done[label] += merges[0] + counted.value - before
                if kind == THREAD:
                    go.clear()
                    with busy:  # (its merge under way ends before the next read)
                        pass
                else:
                    os.kill(child, signal.SIGSTOP)
                assert response.status_code == 200, response.status_code
    finally:
        stop.set()
        worker.join()
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        sys.setswitchinterval(default)
    print(f"officer, same version, beside a merge ({merges[0] + counted.value} merges):")
    for label in cases:
        q = statistics.quantiles(walls[label], n=20)
        print(
            f"  {label:42} p50 {statistics.median(walls[label]):6.1f}  p95 "
            f"{q[18]:6.1f}  worst {max(walls[label]):6.1f} ms  (the view's processor "
            f"{statistics.median(cpus[label]):.1f} ms; merges a second meanwhile "
            f"{1000 * done[label] / sum(walls[label]):.1f})",
            flush=True,
        )
    thread, process = (statistics.median(walls[label]) for label in labels[::2])
    print(f"  beside the process / beside the thread, p50: {process / thread:.2f}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--centres", type=int, default=300)
    parser.add_argument("--players", type=int, default=6000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument(
        "--profile", help="cProfiles of each page and case: FILE-<page>-<case>.prof"
    )
    parser.add_argument("--gc-threshold", type=int, help="the collector's third threshold")
    parser.add_argument("--beside", type=int, default=41, help="reads beside each merge (0: none)")
    parser.add_argument(
        "--switch-interval", type=float, default=1.0, help="ms, compared with the default"
    )
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    with tempfile.TemporaryDirectory(prefix="arbitre-bench-pages-") as tmp:
        with throwaway_postgres() as url:
            bench(args, url, Path(tmp))
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
