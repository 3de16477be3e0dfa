"""The renderer of the federation's server (issue 38, item 5; :mod:`arbitre.cli._renderer`):
under ``arbitre serve --processes N`` on PostgreSQL, a simultané's new parts are rendered in a
process of the master's that serves no request, instead of in a thread
of the worker that committed the upload (whose interpreter lock its polls then waited for).

The asks pass through a pipe: each simultané and language is rendered once however many
asks arrived before its turn; a renderer that ends is started again, and renders what was
asked meanwhile; an ask the pipe cannot take (full) is rendered in the worker's own thread,
as before. The servers here run for real on a throwaway PostgreSQL, the
uploads are signed and posted over HTTP, and the renderer is paused, killed and stopped as
an operator or the system would.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.app.simultane import prerender
from arbitre.cli import _renderer
from tests.app.postgres import throwaway_postgres
from tests.app.server import server_env
from tests.app.test_serve_processes import (
    alive,
    forking_only,
    listening_processes,
    wait_for,
    workers,
)
from tests.app.test_serve_stop import Server, server

READY = "Arbitre est prêt"
asks = st.lists(st.tuples(st.integers(0, 10**12), st.sampled_from(["fr", "en", "fr-be"])))


@given(asks, st.lists(st.integers(0, 10**4)))
def test_asks_are_read_whole_however_the_pipe_cuts_them(
    told: list[tuple[int, str]], cuts: list[int]
) -> None:
    data = b"".join(f"{number} {language}\n".encode() for number, language in told)
    read: list[tuple[int, str]] = []
    rest = b""
    start = 0
    for cut in [*sorted(c % (len(data) + 1) for c in cuts), len(data)]:
        asked, rest = _renderer.parse(rest + data[start:cut])
        read.extend(asked)
        start = cut
    assert read == told and rest == b""


def test_a_line_that_is_not_an_ask_is_left_out() -> None:
    asked, rest = _renderer.parse(b"12 fr\nx fr\n13\n -4 en\n\n14 en\n15")
    assert asked == [(12, "fr"), (14, "en")]
    assert rest == b"15"  # (the rest of it comes with the next read)


def test_a_burst_of_asks_is_rendered_once_each_and_an_ask_during_a_rendering_again() -> None:
    """Asks that arrive before their turn count once; one that arrives while its simultané
    is being rendered is rendered again after (the rendering began at an older version)."""
    pipe = _renderer.Asks()
    rendered: list[tuple[int, str]] = []

    def render(simultane_id: int, language: str) -> None:
        if not rendered:  # the uploads of the next second, during the first rendering
            for ask in ((2, "fr"), (1, "fr"), (2, "fr"), (1, "en")):
                assert pipe.tell(*ask)
            os.close(pipe.write_end)  # every writer gone: the renderer ends when done
        rendered.append((simultane_id, language))

    try:
        for ask in ((1, "fr"), (1, "fr"), (1, "fr")):
            assert pipe.tell(*ask)
        _renderer.run(pipe.read_end, render, os.getppid(), poll=0.05)
        assert rendered == [(1, "fr"), (2, "fr"), (1, "fr"), (1, "en")]
    finally:
        os.close(pipe.read_end)


def test_the_renderer_ends_when_the_master_is_gone() -> None:
    """A renderer whose parent is not the master it was forked from (the master was
    killed) ends without rendering what is still asked."""
    pipe = _renderer.Asks()
    rendered: list[tuple[int, str]] = []
    try:
        assert pipe.tell(1, "fr")
        not_the_parent = os.getppid() + 1
        _renderer.run(pipe.read_end, lambda *ask: rendered.append(ask), not_the_parent)
        assert rendered == []
    finally:
        pipe.close()


def test_an_ask_the_pipe_cannot_take_is_rendered_in_the_workers_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pipe = _renderer.Asks()
    told = 0
    while pipe.tell(told, "fr"):  # nobody reads: the pipe fills, and writing never blocks
        told += 1
    assert told > 100
    os.close(pipe.read_end)
    assert not pipe.tell(1, "fr")  # nobody reads it any more (the master is gone)
    os.close(pipe.write_end)

    done = threading.Event()
    rendered: list[tuple[int, str | None]] = []

    def render_now(simultane_id: int, language: str | None = None) -> None:
        rendered.append((simultane_id, language))
        done.set()

    monkeypatch.setattr(prerender, "render_now", render_now)
    try:
        prerender.forward_to(pipe.tell)
        prerender.ask(7, "fr")
        assert done.wait(30)
        assert rendered == [(7, "fr")]
        taken: list[tuple[int, str]] = []

        def take(simultane_id: int, language: str) -> bool:
            taken.append((simultane_id, language))
            return True

        prerender.forward_to(take)
        prerender.ask(8, "en")
        assert taken == [(8, "en")] and (8, "en") not in prerender._pending
    finally:
        prerender.forward_to(None)


# The federation's server, for real.


@contextmanager
def federation_server(tmp_path: Path) -> Iterator[tuple[Server, str, dict[str, Any], int]]:
    """``arbitre serve --processes 2`` on a throwaway PostgreSQL, ready, with a simultané of
    two centres published on it: the server, the database's URL, the simultané (see
    tests/app/postgres_simultane.py), and the renderer's pid."""
    with throwaway_postgres() as url:
        data = tmp_path / "data"
        with server(data, None, "--processes", "2", "--database-url", url) as running:
            running.wait_for_line(READY)
            master = running.process.pid
            wait_for(lambda: len(workers(master)) == 3)
            others = workers(master) - listening_processes(running.port)
            assert len(others) == 1, others
            env = dict(os.environ, ARBITRE_DATA_DIR=str(data), ARBITRE_DATABASE_URL=url)
            script = Path(__file__).with_name("postgres_simultane.py")
            published = subprocess.run(
                [sys.executable, str(script), "publish"],
                env=server_env(env),
                capture_output=True,
                text=True,
                timeout=240,
            )
            assert published.returncode == 0, published.stderr[-3000:]
            yield running, url, json.loads(published.stdout), others.pop()


def post_results(url: str, simultane: dict[str, Any], club: str) -> Any:
    """The centre's signed results (tests/app/postgres_simultane.py) posted to the server at
    ``url`` as its Arbitre does; the server's answer."""
    centre = simultane["centres"][club]
    request = urllib.request.Request(
        f"{url}api/federation/simultanes/{simultane['uid']}/resultats/",
        data=json.dumps(centre["body"]).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {centre['key']}"},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def upload(running: Server, simultane: dict[str, Any], club: str) -> int:
    """The centre's results posted and accepted; the simultané's version then."""
    url = f"http://127.0.0.1:{running.port}/"
    assert post_results(url, simultane, club)["status"] == "accepted"
    address = f"{url}public/simultanes/{simultane['uid']}/version/"
    with urllib.request.urlopen(address, timeout=30) as answer:
        return int(json.loads(answer.read())["version"])


def parts(url: str, simultane: dict[str, Any], version: int) -> int:
    """The parts stored for every process at ``version`` or later (no page was asked)."""
    with psycopg.connect(url) as conn:
        found = conn.execute(
            "SELECT count(*) FROM simultane_sharedpart WHERE simultane_id = %s AND version >= %s",
            (simultane["id"], version),
        ).fetchone()
    return int(found[0]) if found else 0


@forking_only
@pytest.mark.postgres
def test_the_renderer_renders_each_upload_and_stops_with_the_master(
    tmp_path: Path,
) -> None:
    with federation_server(tmp_path) as (running, url, simultane, renderer):
        master = running.process.pid
        if importlib.util.find_spec("setproctitle"):  # (gunicorn names its processes then)
            assert b"renderer [arbitre]" in Path(f"/proc/{renderer}/cmdline").read_bytes()
        os.kill(renderer, signal.SIGSTOP)  # paused: the worker hands the rendering over
        try:
            version = upload(running, simultane, "Namur")
            time.sleep(1.0)  # (a worker's thread renders it in about a tenth of that)
            assert parts(url, simultane, version) == 0
        finally:
            os.kill(renderer, signal.SIGCONT)
        # the officer's page as it opens and the public standings' live part, by the renderer
        wait_for(lambda: parts(url, simultane, version) >= 2)
        os.kill(master, signal.SIGTERM)  # the master's stop, alone: it stops its renderer
        running.process.wait(60)
        wait_for(lambda: not alive(renderer), 10.0)
        assert "Traceback" not in running.output


@forking_only
@pytest.mark.postgres
def test_a_renderer_that_ends_is_started_again_and_renders_what_was_asked_meanwhile(
    tmp_path: Path,
) -> None:
    with federation_server(tmp_path) as (running, url, simultane, renderer):
        master = running.process.pid
        os.kill(renderer, signal.SIGKILL)  # (the system's out-of-memory killer, say)
        version = upload(running, simultane, "Liège")  # while none runs, or the new one
        wait_for(lambda: parts(url, simultane, version) >= 2)
        others = workers(master) - listening_processes(running.port)
        assert len(others) == 1 and renderer not in others
        assert len(workers(master)) == 3  # the two workers, and the renderer started again
        running.ctrl_c()  # (asserts that every process of the server ended)
        assert "Traceback" not in running.output
