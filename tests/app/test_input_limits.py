"""Bad input that used to be a server error (issue 34, item 6): a CSV cell longer than the csv
module reads (the players imports, the licensees file), JSON nested deeper than Python's
reader recurses (the table actions, the season archive), and characters PostgreSQL cannot
store (a lone surrogate, NUL) in a table action. Each is refused in French; on SQLite and on
PostgreSQL alike, nothing is stored and the server answers no 500."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.common.players_csv import CELL_MAX
from tests.app.server import migrated_database
from tests.support import depth as scaled

ROOT = Path(__file__).resolve().parents[2]

DEEP = b"[" * 50_000 + b"]" * 50_000
DEEP_OBJECT = b'{"event":' * 5_000 + b"1" + b"}" * 5_000
LONE = json.dumps({"event": {"kind": "add", "n": 1, "note": "\ud800"}, "id": "a"}).encode()
LOW_ALONE = json.dumps({"event": {"kind": "add", "\udfff": 1}, "id": "b"}).encode()
NUL = json.dumps({"event": {"kind": "add\u0000"}, "id": "c"}).encode()
BODIES = {"deep": DEEP, "deep-object": DEEP_OBJECT, "lone": LONE, "low": LOW_ALONE, "nul": NUL}
REFUSALS = ("imbriqués", "aucun texte ne peut garder", "caractère nul")

SCRIPT = """
import json, sys
from arbitre.app import setup_django
setup_django()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from arbitre.app.backgammon.game import GAME as BACKGAMMON
from arbitre.app.classic import tables
from arbitre.app.classic.game import GAME as CLASSIC
from arbitre.app.rounds import services
from arbitre.app.rounds.games import PlayerRow
from arbitre.app.rounds.models import TableLog
from tests.app.test_input_limits import BODIES

nobody = AnonymousUser()
codes = {}
for game, prefix in ((CLASSIC, "classique"), (BACKGAMMON, "backgammon")):
    data = {"name": prefix, "date": "2026-11-22", "place": "", "rounds": 3}
    if game is BACKGAMMON:
        data["match_length"] = 5
    t = services.create_tournament(game, data, nobody).tournament
    services.register(game, t, [PlayerRow(f"P{i}", 1500 + i) for i in range(4)], nobody)
    services.check_in(t, {e.pk for e in t.entrants.all()}, nobody)
    rnd = services.pair_next_round(game, t, nobody)
    if game is CLASSIC:
        codes[prefix] = tables.ensure_logs(t, t.round_set.get())[0].code
    else:
        codes[prefix] = TableLog.objects.filter(table__round__tournament=t).first().code
before = {log.pk: log.version for log in TableLog.objects.all()}
out = {}
for prefix, code in codes.items():
    for name, body in BODIES.items():
        r = Client(raise_request_exception=False).post(
            f"/{prefix}/table/{code}/action/", body, content_type="application/json"
        )
        text = r.content.decode()
        if r["Content-Type"].startswith("application/json"):
            text = json.loads(text).get("error", text)
        out[f"{prefix} {name}"] = [r.status_code, text[:300]]
after = {log.pk: log.version for log in TableLog.objects.all()}
print(json.dumps({"answers": out, "unchanged": before == after}))
"""


def _run(tmp: Path, database_url: str) -> dict[str, Any]:
    env = {
        **os.environ,
        "ARBITRE_DATA_DIR": str(tmp / "data"),
        "ARBITRE_DATABASE_URL": database_url,
        "ARBITRE_ALLOWED_HOSTS": "testserver",
        "ARBITRE_AUTO_BACKUP": "0",
        "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _check(result: dict[str, Any]) -> None:
    assert result["unchanged"]
    assert len(result["answers"]) == 2 * len(BODIES)
    for where, (status, text) in result["answers"].items():
        assert status == 400, (where, status, text)
        assert any(r in text for r in REFUSALS), (where, text)


def test_table_actions_refuse_deep_json_and_unstorable_characters_on_sqlite(
    tmp_path: Path,
) -> None:
    db = migrated_database(tmp_path, tmp_path / "arbitre.sqlite3")  # (its migrations applied)
    _check(_run(tmp_path, f"sqlite:///{db}"))


@pytest.mark.postgres
def test_table_actions_refuse_deep_json_and_unstorable_characters_on_postgresql(
    tmp_path: Path,
) -> None:
    from tests.app.postgres import throwaway_postgres

    with throwaway_postgres() as url:
        _check(_run(tmp_path, url))


# -- the parse step itself ---------------------------------------------------------------------


@settings(max_examples=scaled(200), deadline=None)
@given(
    st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5)),
        lambda inner: st.one_of(
            st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=3)
        ),
        max_leaves=30,
    )
)
def test_json_is_read_back_or_refused_in_french(value: Any) -> None:
    """Property: a value is read back as it was sent exactly when it nests no deeper than
    the limit and holds no character a database cannot store; otherwise it is refused."""
    from arbitre.app import jsontext

    def depth(v: Any) -> int:
        if isinstance(v, dict):
            return 1 + max((depth(x) for x in v.values()), default=0)
        if isinstance(v, list):
            return 1 + max((depth(x) for x in v), default=0)
        return 0

    def texts(v: Any) -> list[str]:
        if isinstance(v, dict):
            return [*v, *(t for x in v.values() for t in texts(x))]
        if isinstance(v, list):
            return [t for x in v for t in texts(x)]
        return [v] if isinstance(v, str) else []

    unstorable = any(c == "\x00" or 0xD800 <= ord(c) <= 0xDFFF for t in texts(value) for c in t)
    data = json.dumps(value).encode()
    for limit in (2, jsontext.MAX_DEPTH):
        if depth(value) > limit or unstorable:
            with pytest.raises(jsontext.JsonRefused):
                jsontext.loads(data, max_depth=limit)
        else:
            assert jsontext.loads(data, max_depth=limit) == value


@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT, b"[" * 33 + b"]" * 33])
def test_deep_json_is_refused_without_recursion(body: bytes) -> None:
    from arbitre.app import jsontext

    with pytest.raises(jsontext.JsonRefused, match="plus de 32 niveaux imbriqués"):
        jsontext.loads(body)
    assert jsontext.loads(b"[" * 32 + b"]" * 32) is not None


# -- through the pages -------------------------------------------------------------------------


@pytest.fixture
def officer(db: Any) -> Client:
    from django.contrib.auth import get_user_model

    from arbitre.app.events.accounts import create_director

    create_director("federation", "Classement-2026!")
    client = Client()
    client.force_login(get_user_model().objects.get(username="federation"))
    return client


@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT, LONE])
def test_a_season_archive_too_deep_or_unstorable_is_refused(officer: Client, body: bytes) -> None:
    from arbitre.app.ranking.models import Season

    page = officer.post(
        "/federation/saison/archive/",
        {"file": SimpleUploadedFile("saison.json", body)},
        follow=True,
    )
    assert page.status_code == 200
    text = page.content.decode()
    assert "n&#x27;est pas une archive de saison" in text or "n'est pas une archive" in text
    assert not Season.objects.exists()


def test_a_licensees_file_with_a_cell_too_long_is_refused_on_its_line(officer: Client) -> None:
    from arbitre.app.ranking.models import Licensee

    text = (
        "Licence;Nom;Prénom;Club;Série;Palier\r\n"
        "1000001;DUPONT;Ana;Vichy;1;A\r\n"
        f"1000002;MARTIN;Léo;{'C' * (CELL_MAX + 1)};4;B\r\n"
    )
    page = officer.post(
        "/federation/licencies/",
        {"file": SimpleUploadedFile("licencies.csv", text.encode("utf-8"))},
        follow=True,
    )
    assert page.status_code == 200
    assert "une cellule de plus de 131" in page.content.decode()
    assert not Licensee.objects.exists()


@pytest.mark.parametrize("kind", ["classic", "backgammon", "duplicate"])
def test_a_players_file_with_a_cell_too_long_is_refused(world: dict[str, Any], kind: str) -> None:
    from arbitre.app.duplicate.models import Registration
    from arbitre.app.rounds.models import Entrant

    event = world["events"][f"{kind}-other"]  # no player imported by the world
    client = Client()
    client.force_login(world["users"]["admin"])
    header = {"classic": "nom;cote", "backgammon": "nom;elo", "duplicate": "licence;nom"}[kind]
    text = f"{header}\nDUPONT;{'1' * (CELL_MAX + 5)}\n"
    prefix = {"classic": "classique", "backgammon": "backgammon", "duplicate": "duplicate"}[kind]
    before = Entrant.objects.count() + Registration.objects.count()
    page = client.post(
        f"/{prefix}/{event.pk}/joueurs/import/",
        {"file": SimpleUploadedFile("joueurs.csv", text.encode())},
        follow=True,
    )
    assert page.status_code == 200
    assert "une cellule de plus de 131" in page.content.decode()
    assert Entrant.objects.count() + Registration.objects.count() == before
