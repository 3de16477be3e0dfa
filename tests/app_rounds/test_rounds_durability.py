"""A server killed (SIGKILL) during Classic and backgammon result entry loses nothing it
answered as stored, on SQLite and on PostgreSQL (issue 22, part 5)."""

from __future__ import annotations

import re
import signal
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

import pytest

from tests.app.server import arbitre_server, director_data
from tests.app_duplicate.test_duplicate_browser import PASSWORD
from tests.app_duplicate.test_duplicate_durability import Session, postgres_director

PLAYERS = "nom,{rating}\n" + "".join(f"Joueur{i:02d},{1500 + i}\n" for i in range(16))


@contextmanager
def database(kind: str) -> Iterator[str | None]:
    if kind == "postgres":
        from tests.app.postgres import throwaway_postgres

        with throwaway_postgres() as url:
            yield url
    else:
        with nullcontext():
            yield None


def _event(s: Session, game: str) -> tuple[str, str]:
    prefix = {"classic": "classique", "backgammon": "backgammon"}[game]
    s.get(f"{prefix}/nouveau/")
    fields = {"name": "Tournoi coupé", "date": "2026-11-22", "place": "", "rounds": "3"}
    if game == "classic":
        fields.update(profile="fbs", best_of="1", final_size="0", final_best_of="3")
    else:
        fields.update(
            match_length="5",
            qf_sets="9,9,11",
            sf_sets="9,9,11",
            final_sets="11,11,11",
            consolation_sets="9",
            clock_per_point="2.5",
            clock_increment="9",
        )
    page = s.post(f"{prefix}/nouveau/", fields)
    event_id = re.search(rf"/{prefix}/(\d+)/", page).group(1)  # type: ignore[union-attr]
    base = f"{prefix}/{event_id}/"
    rating = "cote" if game == "classic" else "elo"
    s.post(
        base + "joueurs/import/", {}, {"file": ("j.csv", PLAYERS.format(rating=rating).encode())}
    )
    ids = re.findall(r'name="present" value="(\d+)"', s.get(base))
    pairs = [("csrfmiddlewaretoken", s.token())] + [("present", pk) for pk in ids]
    request = urllib.request.Request(
        s.base + base + "pointage/",
        data=urllib.parse.urlencode(pairs).encode(),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert "16 présents" in s.opener.open(request).read().decode()
    return prefix, event_id


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
@pytest.mark.parametrize("game", ["classic", "backgammon"])
def test_killed_server_loses_no_stored_result(tmp_path: Path, game: str, kind: str) -> None:
    with database(kind) as url:
        data = (
            director_data(tmp_path, PASSWORD) if url is None else postgres_director(tmp_path, url)
        )
        stored: dict[str, tuple[str, str]] = {}
        with arbitre_server(data, url) as server:
            s = Session(server.url)
            s.get("compte/connexion/")
            s.post("compte/connexion/", {"username": "directrice", "password": PASSWORD})
            prefix, event_id = _event(s, game)
            base = f"{prefix}/{event_id}/"
            page = s.post(base + "apparier/", {})
            forms = re.findall(r'action="(/[^"]+/table/(\d+)/resultat/)"', page)
            assert len(forms) == 8, page[:2000]
            for i, (action, table_id) in enumerate(forms[:5]):
                fields = {"version": "0", "action": "save"}
                if game == "classic":
                    fields.update(score_a=str(300 + i), score_b=str(200 + i))
                else:
                    form = re.search(rf'action="{re.escape(action)}".*?</form>', page, re.S)
                    options = re.findall(r'<option value="([^"]+)"', form.group(0))  # type: ignore[union-attr]
                    fields.update(winner=options[0])
                answer = s.post(action.lstrip("/"), fields)
                assert "résultat enregistré" in answer
                stored[table_id] = fields.get("score_a", ""), fields.get("winner", "")
            server.process.send_signal(signal.SIGKILL)  # right after the answer, no shutdown
            server.process.wait(timeout=10)
        assert stored, "the server died before any result"
        with arbitre_server(data, url) as server:
            s = Session(server.url)
            s.get("compte/connexion/")
            s.post("compte/connexion/", {"username": "directrice", "password": PASSWORD})
            page = s.get(f"{prefix}/{event_id}/ronde/1/")
            for table_id, (score_a, winner) in stored.items():
                form = re.search(
                    rf'action="/{prefix}/{event_id}/table/{table_id}/resultat/".*?</form>',
                    page,
                    re.S,
                )
                assert form, table_id
                if game == "classic":
                    assert f'name="score_a" inputmode="numeric" value="{score_a}"' in form.group(0)
                else:
                    assert f'value="{winner}" selected' in form.group(0)
