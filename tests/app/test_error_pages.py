"""Refusals and errors get a styled page in the interface's language, and the log stays
readable (issue 21, part 4): a 403 or 404 is one line in the log, never a traceback; the
browser's request for /favicon.ico is answered."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.test import Client, RequestFactory, override_settings
from django.utils import translation

pytestmark = pytest.mark.django_db


def _english(client: Client) -> None:
    client.post("/langue/", {"language": "en", "next": "/"})


def test_a_mistyped_address_gets_a_french_page_in_the_frame() -> None:
    response = Client().get("/evenement/999999/n-importe-quoi/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Page introuvable" in page
    assert "Retour à la liste des événements" in page
    assert 'class="site-header"' in page  # the usual frame, with its menu and footer
    assert "Not Found" not in page


def test_the_not_found_page_in_english_when_english_is_chosen() -> None:
    client = Client()
    _english(client)
    page = client.get("/nulle-part/").content.decode()
    assert "Page not found" in page
    assert "Page introuvable" not in page


def test_a_page_of_another_event_is_refused_with_the_reason_in_french(
    world: dict[str, Any],
) -> None:
    stranger = Client(raise_request_exception=False)
    stranger.force_login(world["users"]["stranger"])
    mine = world["events"]["classic-mine"]  # the stranger has no role in it
    response = stranger.get(f"/evenement/{mine.pk}/equipe/")
    assert response.status_code == 403
    page = response.content.decode()
    assert "Accès refusé" in page
    assert "Vous n&#x27;avez pas le rôle nécessaire pour cette page." in page  # the reason
    assert "403 Forbidden" not in page


def test_a_refusal_is_logged_in_one_line_without_traceback(
    world: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    stranger = Client(raise_request_exception=False)
    stranger.force_login(world["users"]["stranger"])
    mine = world["events"]["classic-mine"]
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert stranger.get(f"/evenement/{mine.pk}/equipe/").status_code == 403
    records = [r for r in caplog.records if r.name == "django.request"]
    assert len(records) == 1
    # Django attaches the PermissionDenied to the record; the console handler's filter
    # (settings.LOGGING) has taken it off before any handler wrote the line
    assert records[0].exc_info is None
    line = logging.Formatter().format(records[0])
    assert "Traceback" not in line and line.startswith("Forbidden (Permission denied)")


def test_the_filter_drops_the_traceback_of_a_refusal_only() -> None:
    from arbitre.app.log_filters import RefusalsWithoutTraceback

    try:
        raise PermissionError("not yours")
    except PermissionError:
        import sys

        info = sys.exc_info()
    refused = logging.LogRecord(
        "django.request", logging.WARNING, __file__, 1, "Forbidden", (), info
    )
    refused.status_code = 403
    assert RefusalsWithoutTraceback().filter(refused)  # the line is kept...
    assert "Traceback" not in logging.Formatter().format(refused)  # ...without traceback


def test_a_server_error_keeps_its_traceback() -> None:
    from arbitre.app.log_filters import RefusalsWithoutTraceback

    try:
        raise RuntimeError("boom")
    except RuntimeError:
        import sys

        record = logging.LogRecord(
            "django.request",
            logging.ERROR,
            __file__,
            1,
            "Internal Server Error",
            (),
            sys.exc_info(),
        )
    record.status_code = 500
    assert RefusalsWithoutTraceback().filter(record)
    assert "Traceback" in logging.Formatter().format(record)


def test_the_log_configuration_uses_the_filter() -> None:
    from django.conf import settings

    assert "refusals" in settings.LOGGING["handlers"]["console"]["filters"]


@override_settings(DEBUG=False)
def test_a_server_error_page_in_french_without_details() -> None:
    from django.views.defaults import server_error

    request = RequestFactory().get("/")
    with translation.override("fr"):
        page = server_error(request).content.decode()
    assert "Erreur du serveur" in page
    assert "n'a pas été enregistrée" in page or "n&#x27;a pas été enregistrée" in page
    assert "Traceback" not in page
    with translation.override("en"):
        assert "Server error" in server_error(request).content.decode()


def test_the_favicon_is_answered_and_linked_from_every_page() -> None:
    client = Client()
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"].endswith("arbitre/favicon.svg")
    assert 'rel="icon"' in client.get("/").content.decode()


def test_a_forged_host_gets_the_french_refusal_page() -> None:
    response = Client(raise_request_exception=False).get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    page = response.content.decode()
    assert "Requête refusée" in page
    assert "rien n'a été enregistré" in page or "rien n&#x27;a été enregistré" in page


def test_a_form_shown_before_a_login_elsewhere_gets_the_french_expired_page(
    world: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    """Two tabs: the login form of the first is sent after a login in the second (the
    login renews the token the forms carry): the site's page says what to do."""
    browser = Client(enforce_csrf_checks=True)
    first_tab = browser.get("/compte/connexion/").content.decode()
    old_token = first_tab.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    user = world["users"]["director"]
    user.set_password("Deux-onglets-2026")
    user.save()
    second_tab = browser.post(
        "/compte/connexion/",
        {
            "username": user.username,
            "password": "Deux-onglets-2026",
            "csrfmiddlewaretoken": old_token,
        },
    )
    assert second_tab.status_code == 302
    with caplog.at_level(logging.WARNING, logger="django.security.csrf"):
        stale = browser.post(
            "/compte/connexion/",
            {"username": user.username, "password": "x", "csrfmiddlewaretoken": old_token},
        )
    assert stale.status_code == 403
    page = stale.content.decode()
    assert "Formulaire expiré" in page and "Rien n'a été enregistré." in page
    assert 'class="site-header"' in page  # the site's frame, not Django's bare page
    assert "CSRF" not in page
    assert any("CSRF" in r.getMessage() for r in caplog.records)  # the reason, in the log


def test_the_address_of_a_form_opened_as_a_page_gets_the_french_page(
    world: dict[str, Any],
) -> None:
    """A late arrival's form address (POST only) opened from the address bar or by the
    language switch returning to it: the site's page, not Django's empty 405."""
    director = Client()
    director.force_login(world["users"]["director"])
    dup = world["events"]["duplicate-mine"]
    response = director.get(f"/duplicate/{dup.pk}/retard/")
    assert response.status_code == 405 and response["Allow"] == "POST"
    page = response.content.decode()
    assert "Adresse d'un formulaire" in page and "Rien n'a été modifié." in page
    assert 'class="site-header"' in page
    _english(director)
    assert "Nothing was changed." in director.get(f"/duplicate/{dup.pk}/retard/").content.decode()
    # the form itself still works by POST (a refusal here: no such licence)
    sent = director.post(
        f"/duplicate/{dup.pk}/retard/", {"game": 1, "licence": "X", "from_move": 2}
    )
    assert sent.status_code == 302


def test_a_ranking_page_refused_names_its_role_not_an_events_team(
    world: dict[str, Any],
) -> None:
    """The licensees' page (ranking officers), opened by an event's arbiter from the ranking
    help: the refusal says whose page it is, not that of an event's team."""
    arbiter = Client(raise_request_exception=False)
    arbiter.force_login(world["users"]["arbiter"])
    page = arbiter.get("/federation/licencies/")
    assert page.status_code == 403
    text = page.content.decode().replace("&#x27;", "'")
    assert "réservée aux responsables du classement fédéral" in text
    assert "demandez ce rôle à un gestionnaire de comptes" in text
    assert "équipe d'arbitrage de l'événement" not in text
    # an event's page keeps the event's wording
    mine = world["events"]["classic-mine"]
    stranger = Client(raise_request_exception=False)
    stranger.force_login(world["users"]["stranger"])
    text = stranger.get(f"/evenement/{mine.pk}/equipe/").content.decode().replace("&#x27;", "'")
    assert "réservée à l'équipe d'arbitrage de l'événement" in text
