"""The default word list prepared at server start, its progress served at /lexique/etat/
and shown by the banner of every page (issue 17, item 7)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse

from arbitre.app.duplicate import preparation
from arbitre.lexicon import Lexicon, Progress

pytestmark = pytest.mark.django_db

STATUS_URL = "/lexique/etat/"


@pytest.fixture(autouse=True)
def fresh_preparation() -> Iterator[None]:
    preparation.reset()
    yield
    preparation.reset()


def test_status_url() -> None:
    assert reverse("duplicate:lexicon_status") == STATUS_URL


def test_nothing_started_no_banner(client: Any) -> None:
    assert client.get(STATUS_URL).json()["state"] == "idle"
    assert "lexique-etat" not in client.get("/").content.decode()


def test_progress_is_served_and_shown_until_ready(client: Any) -> None:
    reached, release = threading.Event(), threading.Event()

    def job(progress: Progress, step: preparation.Step) -> None:
        step(preparation.COMPILING)
        progress(0, 200)
        progress(50, 200)
        reached.set()
        release.wait(10)
        progress(200, 200)

    assert preparation.start(job)
    assert not preparation.start(job)  # once per process
    assert reached.wait(10)
    assert client.get(STATUS_URL).json() == {
        "state": "running",
        "step": preparation.COMPILING,
        "done": 50,
        "total": 200,
        "percent": 25,
        "error": "",
    }
    page = client.get("/").content.decode()
    assert 'id="lexique-etat"' in page and preparation.COMPILING in page
    assert 'value="25"' in page and "arbitre/lexicon.js" in page
    release.set()
    preparation.wait(10)
    assert client.get(STATUS_URL).json()["state"] == "ready"
    assert "lexique-etat" not in client.get("/").content.decode()


def test_a_failure_is_shown(client: Any) -> None:
    def job(progress: Progress, step: preparation.Step) -> None:
        raise OSError("disque plein")

    preparation.start(job)
    preparation.wait(10)
    data = client.get(STATUS_URL).json()
    assert data["state"] == "failed" and data["error"] == "disque plein"
    assert "échec : disque plein" in client.get("/").content.decode()


def test_a_damaged_default_list_is_said_in_the_pages_language(client: Any) -> None:
    """The engine's refusal of the shipped list (its manifest does not match) is worded
    for each page, in French or English, not shown as its code."""
    from arbitre.lexicon import WordListError

    def job(progress: Progress, step: preparation.Step) -> None:
        raise WordListError.of("default_corrupt")

    preparation.start(job)
    preparation.wait(10)
    assert client.get(STATUS_URL).json()["error"] == (
        "la liste de mots fournie est abîmée (elle ne correspond pas à son manifeste) : "
        "réinstallez Arbitre"
    )
    client.cookies["django_language"] = "en"
    page = client.get("/").content.decode()
    assert "the shipped default word list is damaged" in page


def test_the_default_job_compiles_the_served_list(client: Any, lexicon: Lexicon) -> None:
    seen: list[tuple[int, int]] = []
    original = preparation._progress

    def spy(done: int, total: int) -> None:
        seen.append((done, total))
        original(done, total)

    preparation.start(lambda progress, step: preparation.prepare_default_list(spy, step))
    preparation.wait(600)
    assert client.get(STATUS_URL).json()["state"] == "ready"
    assert lexicon.compiled == ["dawg", "gaddag"]
    assert seen[0][0] == 0 and seen[-1][0] == seen[-1][1] > 0
    # what the server keeps loaded for its life is out of the collector's reach (issue 23, 4)
    import gc

    assert gc.get_freeze_count() > 10_000
    gc.unfreeze()
