"""The venue's network (issue 34, item 8): the Content-Security-Policy of every answer, the
templates it lets run, a login that lasts one event day, a password refused when it holds
the user's name."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from arbitre.app import settings as arbitre_settings
from tests.app.server import migrated_data
from tests.app.world import PASSWORD

TEMPLATES = Path(arbitre_settings.BASE_DIR) / "templates"
STATIC_JS = Path(arbitre_settings.BASE_DIR) / "static" / "arbitre"


def _policy(response: Any) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = [d.split() for d in header.split(";") if d.strip()]
    return {d[0]: d[1:] for d in directives}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url", ["/", "/compte/connexion/", "/aide/", "/static/arbitre/page.js", "/nulle-part/"]
)
def test_every_answer_runs_only_the_sites_scripts(url: str) -> None:
    response = Client().get(url)
    policy = _policy(response)
    scripts = policy["script-src"]
    assert "'self'" in scripts
    assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts
    assert [s for s in scripts if s.startswith("'nonce-")], scripts
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]


@pytest.mark.django_db
def test_the_nonce_is_drawn_for_each_request_and_given_to_the_templates() -> None:
    from django.template import engines

    client = Client()
    first, second = client.get("/"), client.get("/")
    nonces = [_policy(r)["script-src"][1] for r in (first, second)]
    assert nonces[0] != nonces[1]
    assert first.context["csp_nonce"] == nonces[0].removeprefix("'nonce-").removesuffix("'")
    template = engines["django"].from_string('<script nonce="{{ csp_nonce }}"></script>')
    assert template.render({}, first.wsgi_request) == (
        f'<script nonce="{first.wsgi_request.csp_nonce}"></script>'
    )


def _templates() -> list[Path]:
    return sorted(TEMPLATES.rglob("*.html"))


def test_no_template_holds_script_the_policy_refuses() -> None:
    """No inline event handler, no ``javascript:`` address, and every inline script block
    either data (``application/json``) or carrying the request's nonce: the policy would
    block them, and a page whose button does nothing is a broken page."""
    handler = re.compile(r"<[a-zA-Z][^>]*\son[a-z]+\s*=", re.DOTALL)
    inline = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>", re.IGNORECASE)
    problems = []
    for path in _templates():
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(TEMPLATES)
        if handler.search(text):
            problems.append(f"{name}: inline event handler {handler.search(text).group(0)!r}")
        if "javascript:" in text:
            problems.append(f"{name}: javascript: address")
        for attrs in inline.findall(text):
            if "application/json" not in attrs and "csp_nonce" not in attrs:
                problems.append(f"{name}: inline <script{attrs}> without the nonce")
    assert len(_templates()) > 100
    assert not problems, "\n".join(problems)


def test_no_script_evaluates_text() -> None:
    """``eval``, ``new Function`` and timers given a string need ``'unsafe-eval'``."""
    code = re.compile(r"\beval\(|new Function\(|set(Timeout|Interval)\(\s*[\"'`]")
    for path in sorted(STATIC_JS.glob("*.js")):
        assert not code.search(path.read_text(encoding="utf-8")), path.name


# -- a login lasts one event day ---------------------------------------------------------------


def test_a_login_lasts_sixteen_hours_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from django.conf import settings

    assert settings.SESSION_COOKIE_AGE == 16 * 3600
    monkeypatch.delenv("ARBITRE_SESSION_HOURS", raising=False)
    assert arbitre_settings._session_age() == 16 * 3600


@pytest.mark.parametrize(("hours", "seconds"), [("8", 8 * 3600), ("0.5", 1800), (" 24 ", 86400)])
def test_the_session_hours_setting_sets_the_login_lifetime(
    monkeypatch: pytest.MonkeyPatch, hours: str, seconds: int
) -> None:
    monkeypatch.setenv("ARBITRE_SESSION_HOURS", hours)
    assert arbitre_settings._session_age() == seconds


@pytest.mark.parametrize("hours", ["0", "-3", "seize", "1e9", "nan"])
def test_a_wrong_session_hours_setting_stops_the_start(
    monkeypatch: pytest.MonkeyPatch, hours: str
) -> None:
    from django.core.exceptions import ImproperlyConfigured

    monkeypatch.setenv("ARBITRE_SESSION_HOURS", hours)
    with pytest.raises(ImproperlyConfigured, match="ARBITRE_SESSION_HOURS"):
        arbitre_settings._session_age()


def test_the_session_cookie_of_a_login_expires_after_the_event_day(world: dict[str, Any]) -> None:
    client = Client()
    response = client.post("/compte/connexion/", {"username": "arbitre", "password": PASSWORD})
    assert response.status_code == 302
    assert response.cookies["sessionid"]["max-age"] == 16 * 3600
    assert 16 * 3600 - 60 <= client.session.get_expiry_age() <= 16 * 3600


# -- a password holding the user's name is refused on every form -------------------------------

SIMILAR = "trop semblable au champ «\xa0nom d’utilisateur\xa0»"


@pytest.mark.django_db
def test_the_first_start_form_refuses_the_name_twice() -> None:
    from django.contrib.auth import get_user_model

    response = Client().post(
        "/premier-lancement/",
        {"username": "weak3", "password": "weak3weak3", "password2": "weak3weak3"},
    )
    assert response.status_code == 200
    assert SIMILAR in response.content.decode()
    assert not get_user_model().objects.exists()


def test_the_accounts_page_refuses_the_name_twice_at_creation_and_reset(
    world: dict[str, Any],
) -> None:
    from django.contrib.auth import get_user_model

    manager = Client()
    manager.force_login(world["users"]["director"])
    made = manager.post(
        "/comptes/",
        {"username": "weak3", "password": "weak3weak3", "role": "arbitre"},
    )
    assert SIMILAR in made.content.decode()
    assert not get_user_model().objects.filter(username="weak3").exists()
    arbiter = world["users"]["arbiter"]
    reset = manager.post(
        f"/comptes/{arbiter.pk}/",
        {"action": "password", "password": "ARBITRE-arbitre-2026"},
        follow=True,
    )
    assert SIMILAR in reset.content.decode()
    arbiter.refresh_from_db()
    assert arbiter.check_password(PASSWORD)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("username", "password", "refused"),
    [
        ("weak3", "weak3weak3", True),  # nothing left without the name
        ("weak3", "WEAK3-weak3-x", True),  # "--x": 3 characters left
        ("weak3", "3kaew-3kaew-3kaew", False),
        ("jean.dupont", "Dupont-Jean-2026", True),  # its parts taken out: "--2026"
        ("arbitre", "arbitre-arbitre-2026!", True),
        ("demo", "Demonstration-2026!", False),  # "nstration-2026!" is long enough
        ("al", "alpaga-des-andes-2026", False),  # too short to be taken out
        ("directrice", "Tournoi-de-Vichy-2026", False),
    ],
)
def test_createadmin_refuses_a_password_holding_the_name(
    username: str, password: str, refused: bool
) -> None:
    from arbitre.app.events.accounts import AccountError, create_director

    if refused:
        with pytest.raises(AccountError, match=SIMILAR):
            create_director(username, password)
    else:
        create_director(username, password)


def test_the_createadmin_command_refuses_the_name_twice_in_french(tmp_path: Path) -> None:
    data = migrated_data(tmp_path)
    env = {**os.environ, "ARBITRE_DATA_DIR": str(data), "ARBITRE_ADMIN_PASSWORD": "weak3weak3"}
    env.pop("ARBITRE_DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "createadmin", "weak3"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("arbitre : erreur : Mot de passe refusé : ")
    assert SIMILAR in done.stderr
