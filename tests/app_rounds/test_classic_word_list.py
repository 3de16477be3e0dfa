"""Seed 001, 1.2 and seed 000, 5.1 (issue 33, item 8): the challenges at a Classic event's
tables, and at a friendly game, are judged by the list the director gives (the ODS), not by
the shipped default list, through the same upload and cache as a Duplicate event; the pages
say which list judges."""

from __future__ import annotations

import html
import itertools
import json
import string
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from arbitre.app.classic.models import WordList
from arbitre.app.rounds.models import AuditEntry, Table, TableLog
from tests.app_rounds.conftest import check_in_all, messages_of
from tests.app_rounds.test_classic_web import pair, setup_event

pytestmark = pytest.mark.django_db

ONLY_UPLOADED = "KWYJIBO"
"""A word of the uploaded list that the shipped default list lacks."""
ONLY_DEFAULT = "MAISON"
"""A word of the default list that the uploaded list lacks."""
_ids = count(1)


def club_list() -> bytes:
    """A word list of 1,353 words (the engine wants 1,000 at least): every ``B??`` and
    ``C??`` of three letters and ONLY_UPLOADED; never ONLY_DEFAULT."""
    letters = string.ascii_uppercase
    words = ["".join(w) for w in itertools.product("BC", letters, letters)]
    words.append(ONLY_UPLOADED)
    assert ONLY_DEFAULT not in words
    return ("\n".join(words) + "\n").encode()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ARBITRE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ARBITRE_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "data"


def act(client: Client, url: str, event: dict[str, Any]) -> Any:
    body = {"id": f"w{next(_ids)}", "event": event}
    return client.post(url, json.dumps(body), content_type="application/json")


def upload(dclient: Client, eid: int, content: bytes, name: str = "ods-club.txt") -> Any:
    return dclient.post(
        f"/classique/{eid}/liste-de-mots/",
        {"choice": "upload", "file": SimpleUploadedFile(name, content)},
        follow=True,
    )


def first_table(dclient: Client, eid: int) -> tuple[Table, str]:
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = Table.objects.filter(round__number=1).exclude(b="").order_by("number").first()
    assert tb is not None
    assert dclient.get(f"/classique/{eid}/ronde/1/tables/").status_code == 200
    return tb, TableLog.objects.get(table=tb).code


def challenged(client: Client, url: str, word: str) -> list[bool]:
    """Player 0 wins the toss (001 3.1), plays ``word`` at H4, player 1 contests it: the
    list's answer."""
    for e in (
        {"kind": "toss", "rounds": [["A", "Z"]]},
        {"kind": "start"},
        {"kind": "play", "player": 0, "move": f"H4 {word}"},
        {"kind": "challenge", "player": 1, "words": [word]},
    ):
        response = act(client, url, e)
        assert response.status_code == 200, response.content
    return list(response.json()["challenge"]["admitted"])


def test_001_1_2_a_word_of_the_uploaded_list_only_is_admitted_at_the_table(
    dclient: Client,
) -> None:
    eid = setup_event(dclient, profile="ffsc")
    said = messages_of(upload(dclient, eid, club_list()))
    assert said == ["Les contestations sont jugées avec ods-club.txt (1353 mots)."]
    tb, code = first_table(dclient, eid)
    assert challenged(Client(), f"/classique/table/{code}/action/", ONLY_UPLOADED) == [True]


def test_001_1_2_a_word_of_the_default_list_only_is_refused_at_the_table(
    dclient: Client,
) -> None:
    eid = setup_event(dclient, profile="ffsc")
    upload(dclient, eid, club_list())
    tb, code = first_table(dclient, eid)
    # the arbiter's page of the table judges the same way
    url = f"/classique/{eid}/table/{tb.pk}/action/"
    assert challenged(dclient, url, ONLY_DEFAULT) == [False]


def test_without_an_uploaded_list_the_default_list_judges(dclient: Client) -> None:
    eid = setup_event(dclient, profile="ffsc")
    tb, code = first_table(dclient, eid)
    assert challenged(Client(), f"/classique/table/{code}/action/", ONLY_UPLOADED) == [False]
    detail = html.unescape(dclient.get(f"/classique/{eid}/").content.decode())
    assert "Liste libre par défaut" in detail and "qui n'est pas l'ODS" in detail


def test_the_table_page_and_the_arbiters_page_name_the_list(dclient: Client) -> None:
    eid = setup_event(dclient, profile="ffsc")
    upload(dclient, eid, club_list())
    tb, code = first_table(dclient, eid)
    line = "Liste de mots qui juge les contestations : ods-club.txt (1353 mots)"
    for page in (
        Client().get(f"/classique/table/{code}/"),
        dclient.get(f"/classique/{eid}/table/{tb.pk}/"),
    ):
        assert line in html.unescape(page.content.decode())
    detail = html.unescape(dclient.get(f"/classique/{eid}/").content.decode())
    assert "jugées avec <strong>ods-club.txt</strong> (1353 mots)" in detail


def test_a_started_table_keeps_its_list_and_the_others_take_the_new_one(
    dclient: Client,
) -> None:
    """A challenge already ruled is never judged again by another list: the game started
    keeps the list it began with; the tables not started yet follow the event's."""
    eid = setup_event(dclient, profile="ffsc")
    tb, code = first_table(dclient, eid)
    url = f"/classique/table/{code}/action/"
    assert challenged(Client(), url, ONLY_UPLOADED) == [False]
    said = messages_of(upload(dclient, eid, club_list()))
    assert "La table déjà commencée garde sa liste." in said[0]
    state = Client().get(f"/classique/table/{code}/etat/").json()
    assert state["challenge"]["admitted"] == [False]
    other = TableLog.objects.filter(table__round__number=1).exclude(code=code).first()
    assert other is not None and other.setup["lexicon"]["name"] == "ods-club.txt"
    assert challenged(Client(), f"/classique/table/{other.code}/action/", ONLY_UPLOADED) == [True]


def test_the_director_goes_back_to_the_default_list_audited(dclient: Client) -> None:
    eid = setup_event(dclient, profile="ffsc")
    upload(dclient, eid, club_list())
    response = dclient.post(f"/classique/{eid}/liste-de-mots/", {"choice": "default"}, follow=True)
    assert "Liste libre par défaut" in messages_of(response)[0]
    assert not WordList.objects.exists()
    entries = AuditEntry.objects.filter(action="Liste de mots des contestations").order_by("pk")
    assert [(e.before["liste de mots"], e.after["liste de mots"]) for e in entries] == [
        ("Liste libre par défaut (Grammalecte/Dicollecte)", "ods-club.txt"),
        ("ods-club.txt", "Liste libre par défaut (Grammalecte/Dicollecte)"),
    ]


def test_a_refused_list_is_explained_and_nothing_changes(
    dclient: Client, data_dir: Path, aclient: Client
) -> None:
    eid = setup_event(dclient, profile="ffsc")
    said = messages_of(upload(dclient, eid, b"MAISON\nRUSE\n", "petite.txt"))
    assert len(said) == 1
    assert said[0].startswith(
        "Liste de mots refusée : la liste de mots petite.txt n'a que 2 mots valides"
    )
    assert not WordList.objects.exists()
    assert list((data_dir / "lexicons").iterdir()) == []
    missing = dclient.post(f"/classique/{eid}/liste-de-mots/", {"choice": "upload"}, follow=True)
    assert messages_of(missing) == ["Choisissez le fichier de la liste de mots."]
    # only the director chooses it
    assert upload(aclient, eid, club_list()).status_code == 403
    assert not WordList.objects.exists()


def test_a_friendly_game_is_judged_by_the_list_its_director_gives(dclient: Client) -> None:
    fields = {"a": "Ana", "b": "Éric", "profile": "ffsc", "kind": "chess", "minutes": "25"}
    fields["toss"] = "on"
    response = dclient.post(
        "/classique/amicale/",
        {**fields, "word_list": SimpleUploadedFile("ods-amicale.txt", club_list())},
    )
    code = response["Location"].rstrip("/").rsplit("/", 1)[1]
    url = f"/classique/amicale/{code}/action/"
    assert challenged(dclient, url, ONLY_UPLOADED) == [True]
    page = html.unescape(dclient.get(f"/classique/amicale/{code}/").content.decode())
    assert "Liste de mots qui juge les contestations : ods-amicale.txt (1353 mots)" in page
    # without a list, the default one judges; a refused list starts no game
    plain = dclient.post("/classique/amicale/", fields)["Location"].rstrip("/").rsplit("/", 1)[1]
    assert challenged(dclient, f"/classique/amicale/{plain}/action/", ONLY_DEFAULT) == [True]
    refused = dclient.post(
        "/classique/amicale/", {**fields, "word_list": SimpleUploadedFile("x.txt", b"\x00\x01")}
    )
    assert refused.status_code == 200 and "Liste de mots refusée" in refused.context["error"]
    assert TableLog.objects.filter(table__isnull=True).count() == 2


def test_a_list_too_large_is_refused_before_it_is_read(
    dclient: Client, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbitre.app import wordlists

    monkeypatch.setattr(wordlists, "WORD_LIST_BYTES", 2048)
    eid = setup_event(dclient, profile="ffsc")
    said = messages_of(upload(dclient, eid, club_list()))
    assert said == [
        "Liste de mots refusée : Fichier de la liste de mots trop volumineux : 5 Ko, 2 Ko au plus."
    ]
    assert not WordList.objects.exists() and not (data_dir / "lexicons").exists()
