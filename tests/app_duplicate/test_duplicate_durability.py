"""A server killed (SIGKILL) right after an entry loses nothing committed and restarts
where it was; a pre-drawn game is played move by move from its record."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.parse
import urllib.request
import uuid
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import pytest

from tests.app.server import arbitre_server, director_data
from tests.app_duplicate.test_duplicate_browser import PASSWORD, word_list


def _multipart(fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields.items():
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        )
    for name, (filename, content) in files.items():
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        )
        parts.append(head.encode() + content + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


class Session:
    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> str:
        return self.opener.open(self.base + path).read().decode()

    def token(self) -> str:
        return next(c.value for c in self.jar if c.name == "csrftoken")

    def post(
        self, path: str, fields: dict[str, str], files: dict[str, tuple[str, bytes]] | None = None
    ) -> str:
        fields = {"csrfmiddlewaretoken": self.token(), **fields}
        if files:
            body, ctype = _multipart(fields, files)
        else:
            body, ctype = (
                urllib.parse.urlencode(fields).encode(),
                "application/x-www-form-urlencoded",
            )
        request = urllib.request.Request(
            self.base + path, data=body, headers={"Content-Type": ctype}
        )
        with self.opener.open(request) as response:
            return response.read().decode()


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_killed_server_loses_no_committed_entry(tmp_path: Path, kind: str) -> None:
    from tests.app_rounds.test_rounds_durability import database

    with database(kind) as url:
        _killed_server_loses_no_committed_entry(tmp_path, url)


def postgres_director(tmp_path: Path, url: str) -> Path:
    """A data folder for a server on the PostgreSQL database ``url``, which ``createadmin``
    migrates and gives the director's account (on SQLite, :func:`director_data`'s copy)."""
    data = tmp_path / "data"
    data.mkdir()
    env = dict(os.environ, ARBITRE_DATA_DIR=str(data), ARBITRE_ADMIN_PASSWORD=PASSWORD)
    env["ARBITRE_DATABASE_URL"] = url
    subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "createadmin", "directrice"],
        env=env,
        check=True,
        timeout=120,
    )
    return data


def _killed_server_loses_no_committed_entry(tmp_path: Path, url: str | None) -> None:
    data = director_data(tmp_path, PASSWORD) if url is None else postgres_director(tmp_path, url)
    words = word_list(tmp_path / "mots.txt").read_bytes()
    with arbitre_server(data, url) as server:
        s = Session(server.url)
        s.get("compte/connexion/")
        s.post("compte/connexion/", {"username": "directrice", "password": PASSWORD})
        s.get("duplicate/nouveau/")
        page = s.post(
            "duplicate/nouveau/",
            {
                "name": "Tournoi coupé",
                "date": "2026-11-22",
                "games_planned": "1",
                "seconds_per_move": "180",
            },
            {"lexicon_file": ("mots.txt", words)},
        )
        event_id = re.search(r"/duplicate/(\d+)/partie/1/ja/", page).group(1)  # type: ignore[union-attr]
        s.post(
            f"duplicate/{event_id}/joueurs/ajout/",
            {"licence": "42", "name": "DURAND", "table": "1"},
        )
        s.post(
            f"duplicate/{event_id}/partie/1/ja/",
            {"action": "draw_entered", "value": "AIMNOSE", "version": "0"},
        )
        s.post(f"duplicate/{event_id}/partie/1/ja/", {"action": "reveal", "version": "1"})
        entry = s.get(f"duplicate/{event_id}/partie/1/saisie/?coup=1")
        registration = re.search(r'data-registration="(\d+)"', entry).group(1)  # type: ignore[union-attr]
        request = urllib.request.Request(
            server.url + f"duplicate/{event_id}/partie/1/saisie/api/",
            data=json.dumps(
                {"registration": registration, "move": 1, "version": 0, "text": "H4 MAISON 18"}
            ).encode(),
            headers={"Content-Type": "application/json", "X-CSRFToken": s.token()},
        )
        answer: dict[str, Any] = json.loads(s.opener.open(request).read())
        assert answer["ok"] and answer["score"] == 18
        server.process.send_signal(signal.SIGKILL)  # no clean shutdown at all
        server.process.wait(timeout=10)
    with arbitre_server(data, url) as server:
        standings = json.loads(
            urllib.request.urlopen(
                server.url + f"public/duplicate/{event_id}/classement.json"
            ).read()
        )
        assert [(r["licence"], r["total"]) for r in standings["standings"]] == [("42", 18)]
        state = json.loads(
            urllib.request.urlopen(
                server.url + f"public/duplicate/{event_id}/partie/1/etat.json"
            ).read()
        )
        assert state["last"]["move"] == "H4 MAISON" and state["phase"] == "draw"
