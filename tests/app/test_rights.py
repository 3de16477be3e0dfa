"""Every URL of the application, requested by every kind of visitor (issue 22, part 1).

Each URL pattern is classified below by who may use it. For each event of each game the test
requests each pattern (GET, and POST where the view accepts one) as an anonymous visitor, as
an arbiter of another event, as an arbiter of the event, as a director of the event and as an
account manager, and fails on any access the role should not have and on any server error. A
URL added without a classification fails the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.app.world import arguments

PUBLIC = "public"  # anyone, no login
ARBITER = "arbiter"  # the event's arbiters and directors
DIRECTOR = "director"  # the event's directors
PRIVATE_OR_PUBLIC = "private-or-public"  # the event's staff; others are sent to the public page
MANAGER = "manager"  # account managers (create events, manage accounts)
LOGIN = "login"  # the login flow and the first start
CLUB_KEY = "club-key"  # the federation's API: a club's key only, never a session

ACCESS: dict[str, str] = {
    # events
    "events:list": PUBLIC,
    "events:about": PUBLIC,
    "events:help": PUBLIC,
    "events:help_role": PUBLIC,
    "events:first_run": LOGIN,
    "events:accounts": MANAGER,
    "events:account_action": MANAGER,
    "events:staff": DIRECTOR,
    "events:delete": DIRECTOR,
    "login": LOGIN,
    "set_language": PUBLIC,
    "favicon": PUBLIC,
    "logout": LOGIN,
    # Duplicate
    # the federation's season
    "ranking:federation": MANAGER,  # the ranking officer's home (issue 35)
    "ranking:licensees": MANAGER,
    "ranking:licensee_edit": MANAGER,
    "ranking:season": MANAGER,
    "ranking:season_archive": MANAGER,
    "ranking:event": MANAGER,
    "ranking:titles": MANAGER,
    "ranking:event_overseas": MANAGER,
    "ranking:event_withdraw": MANAGER,
    "ranking:classification": MANAGER,
    "ranking:officer_player": MANAGER,
    "ranking:duplicate_feed": DIRECTOR,
    # a preview before published figures change (issue 33): its author only, an officer or
    # an event's director (closing their event); another's preview is not found
    "ranking:pending": DIRECTOR,
    "ranking:public_search": PUBLIC,
    "ranking:public_player": PUBLIC,
    "federation:api_uploads": CLUB_KEY,
    "federation:api_upload_status": CLUB_KEY,
    "federation:clubs": MANAGER,
    "federation:uploads": MANAGER,
    "federation:decide": MANAGER,
    "federation:link": MANAGER,
    "federation:send": DIRECTOR,
    "duplicate:lexicon_status": PUBLIC,
    "duplicate:create": MANAGER,
    "duplicate:detail": PRIVATE_OR_PUBLIC,
    "duplicate:settings": DIRECTOR,
    "duplicate:import_players": DIRECTOR,
    "duplicate:add_player": DIRECTOR,
    "duplicate:assign_arbiter": DIRECTOR,
    "duplicate:chief": DIRECTOR,
    "duplicate:title_playoff": DIRECTOR,
    "duplicate:predrawn": DIRECTOR,
    "duplicate:late": DIRECTOR,
    "duplicate:entry": ARBITER,
    "duplicate:entry_api": ARBITER,
    "duplicate:print_game": ARBITER,
    "duplicate:print_slips": ARBITER,
    "duplicate:print_standings": ARBITER,
    "duplicate:print_player": ARBITER,
    "duplicate:results_csv": ARBITER,
    "duplicate:public_standings": PUBLIC,
    "duplicate:public_json": PUBLIC,
    "duplicate:hall": PUBLIC,
    "duplicate:hall_json": PUBLIC,
    "duplicate:public_player": PUBLIC,
    "duplicate:progression": PUBLIC,
    "duplicate:public_move": PUBLIC,
    "duplicate:game_state": PUBLIC,
    "duplicate:appeal": DIRECTOR,
    "duplicate:keep_above_top": DIRECTOR,
    "duplicate:entry_progress": ARBITER,
    "duplicate:edit_player": DIRECTOR,
    "duplicate:pairs": DIRECTOR,
    "duplicate:pairs_mode": DIRECTOR,
    "duplicate:import_pairs": DIRECTOR,
    "duplicate:edit_partner": DIRECTOR,
    "duplicate:checkin": DIRECTOR,
    "duplicate:self_check_in": PUBLIC,
    "duplicate:missing_json": DIRECTOR,
}
for game in ("classic", "backgammon"):
    ACCESS.update(
        {
            f"{game}:create": MANAGER,
            f"{game}:detail": PRIVATE_OR_PUBLIC,
            f"{game}:add_player": DIRECTOR,
            f"{game}:edit_event": DIRECTOR,
            f"{game}:import_players": DIRECTOR,
            f"{game}:check_in": DIRECTOR,
            f"{game}:player_action": DIRECTOR,
            f"{game}:pair": DIRECTOR,
            f"{game}:undo_pairing": DIRECTOR,
            f"{game}:override": DIRECTOR,
            f"{game}:start_knockout": DIRECTOR,
            f"{game}:edit_player": DIRECTOR,
            f"{game}:remove_player": DIRECTOR,
            f"{game}:round": ARBITER,
            f"{game}:print_pairings": ARBITER,
            f"{game}:print_sheets": ARBITER,
            f"{game}:print_slips": ARBITER,
            f"{game}:result": ARBITER,
            f"{game}:knockout": ARBITER,
            f"{game}:knockout_result": ARBITER,
            f"{game}:print_standings": ARBITER,
            f"{game}:public": PUBLIC,
            f"{game}:state": PUBLIC,
            f"{game}:public_round": PUBLIC,
            f"{game}:public_player": PUBLIC,
            f"{game}:public_knockout": PUBLIC,
            f"{game}:standings_csv": PUBLIC,
            f"{game}:results_csv": PUBLIC,
            f"{game}:knockout_csv": PUBLIC,
            f"{game}:hall": PUBLIC,
            f"{game}:hall_json": PUBLIC,
            f"{game}:self_check_in": PUBLIC,
        }
    )
ACCESS.update(
    {
        "classic:absence": DIRECTOR,
        "classic:word_list": DIRECTOR,
        "classic:tsh": PUBLIC,
        "backgammon:settings": DIRECTOR,
        "backgammon:playoff": DIRECTOR,
        "backgammon:print_knockout": ARBITER,
        "backgammon:upload_mat": ARBITER,
        "backgammon:wrong_length": DIRECTOR,
        "backgammon:mat": PUBLIC,
    }
)
ACCESS.update(
    {  # the register of incidents and sanctions (issue 19, part 4)
        "events:incidents": ARBITER,
        "events:appeal": DIRECTOR,
        "events:report": ARBITER,
        "events:incident_player": ARBITER,
        # the match clock at a backgammon table (issue 19, part 1)
        "backgammon:clock": ARBITER,
        "backgammon:clock_state": ARBITER,
        "backgammon:clock_action": ARBITER,
        "backgammon:round_clocks": DIRECTOR,
    }
)
LEGACY_PREFIXES = ("tournoi/", "public/tournoi/")  # redirects of old addresses (legacy.py)


def patterns(resolver: URLResolver | None = None, prefix: str = "", ns: str = "") -> Iterator[Any]:
    """``(name, route, pattern)`` of every URL of the application (the Django admin apart)."""
    for p in (resolver or get_resolver()).url_patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            if p.namespace == "admin":
                continue
            inner = f"{ns}{p.namespace}:" if p.namespace else ns
            yield from patterns(p, route, inner)
        elif isinstance(p, URLPattern):
            yield (f"{ns}{p.name}" if p.name else None), route, p


def test_every_url_is_classified() -> None:
    names = set()
    for name, route, _ in patterns():
        if name is None:
            assert route.startswith(LEGACY_PREFIXES), f"unnamed URL {route}"
            continue
        names.add(name)
        assert name in ACCESS, f"URL {name} ({route}) is not classified in tests/app/test_rights.py"
    assert sorted(set(ACCESS) - names) == [], "classified URLs that no longer exist"


def _denied(response: Any) -> bool:
    """Refused: 401 (no club key), 403, or sent to the login page."""
    location = response.get("Location", "") if response.status_code in (301, 302) else ""
    return response.status_code in (401, 403) or location.startswith("/compte/connexion/")


def _to_public(response: Any) -> bool:
    return response.status_code == 302 and response["Location"].startswith("/public/")


ALLOWED = {
    # who may use a URL of each class: visitor -> allowed
    PUBLIC: {"anonymous": True, "stranger": True, "arbiter": True, "director": True},
    ARBITER: {"anonymous": False, "stranger": False, "arbiter": True, "director": True},
    DIRECTOR: {"anonymous": False, "stranger": False, "arbiter": False, "director": True},
    PRIVATE_OR_PUBLIC: {"anonymous": False, "stranger": False, "arbiter": True, "director": True},
    MANAGER: {"anonymous": False, "stranger": False, "arbiter": False, "director": True},
    CLUB_KEY: {"anonymous": False, "stranger": False, "arbiter": False, "director": False},
}


@pytest.mark.django_db(transaction=False)
def test_every_url_grants_exactly_the_access_of_its_class(world: dict[str, Any]) -> None:
    from django.db import transaction
    from django.urls import reverse

    clients: dict[str, Client] = {"anonymous": Client(raise_request_exception=False)}
    for who in ("stranger", "arbiter", "director"):
        c = Client(raise_request_exception=False)
        c.force_login(world["users"][who])
        clients[who] = c
    problems: list[str] = []
    checked = 0
    for name, route, _ in patterns():
        if name is None or ACCESS[name] == LOGIN:
            continue
        access = ACCESS[name]
        url = reverse(name, kwargs=arguments(route, name, world))
        for who, client in clients.items():
            for method in ("get", "post"):
                with transaction.atomic():  # each request sees the same world
                    response = getattr(client, method)(url)
                    transaction.set_rollback(True)
                checked += 1
                where = f"{method.upper()} {url} ({name}) as {who}"
                if response.status_code >= 500:
                    problems.append(f"{where}: server error {response.status_code}")
                    continue
                if response.status_code == 405:
                    continue  # the view does not accept this method
                allowed = ALLOWED[access][who]
                if access == PRIVATE_OR_PUBLIC and not allowed:
                    if not (_denied(response) or _to_public(response)):
                        problems.append(f"{where}: private page shown ({response.status_code})")
                elif allowed and _denied(response):
                    problems.append(f"{where}: refused ({response.status_code})")
                elif not allowed and not _denied(response):
                    problems.append(f"{where}: allowed ({response.status_code})")
    assert checked > 400
    assert not problems, "\n".join(problems)


def test_an_arbiter_reads_no_private_page_of_another_event(world: dict[str, Any]) -> None:
    """The audit log of an event is on its private pages: a stranger never sees it."""
    stranger = Client()
    stranger.force_login(world["users"]["stranger"])
    for kind in ("duplicate", "classic", "backgammon"):
        event = world["events"][f"{kind}-mine"]
        response = stranger.get(event.get_absolute_url(), follow=True)
        assert "Journal" not in response.content.decode()
        other = world["events"][f"{kind}-other"]
        assert "Journal" in stranger.get(other.get_absolute_url()).content.decode()


# -- Classic Scrabble at the table (issue 18) ---------------------------------------------------
ACCESS.update(
    {
        # the players' page, by the table's code (that table, that round only; no account)
        "classic:table_code": PUBLIC,
        "classic:table_page": PUBLIC,
        "classic:table_state": PUBLIC,
        "classic:table_action": PUBLIC,
        "classic:table_print": PUBLIC,
        "classic:table_gcg": PUBLIC,
        # the same table from the round, the round's overview: the event's staff
        "classic:table_arbiter": ARBITER,
        "classic:table_arbiter_state": ARBITER,
        "classic:table_arbiter_action": ARBITER,
        "classic:table_reopen": ARBITER,
        "classic:table_overview": ARBITER,
        "classic:table_overview_json": ARBITER,
        "classic:table_clock": DIRECTOR,
        "classic:friendly": MANAGER,
        "classic:table_friendly_arbiter": MANAGER,
        "classic:table_friendly_action": MANAGER,
    }
)


# -- a friendly game's signed sheet reopened by a director (issue 18, session 7) ---------------
ACCESS.update({"classic:table_friendly_reopen": MANAGER})
# -- the final phase's games at the table, from the final phase's page (issue 35, item 3) -----
ACCESS.update(
    {
        "classic:final_table": ARBITER,
        "classic:final_table_state": ARBITER,
        "classic:final_table_action": ARBITER,
        "classic:final_table_reopen": ARBITER,
    }
)
# -- backgammon at the table (issue 19, session 7) ---------------------------------------------
ACCESS.update(
    {
        # the director's compensation of time (clock rules 1.2)
        "backgammon:clock_compensation": DIRECTOR,
        # the players' clock page, by the table's code (that table, that round; no account)
        "backgammon:table_code": PUBLIC,
        "backgammon:table_page": PUBLIC,
        "backgammon:table_state": PUBLIC,
        "backgammon:table_action": PUBLIC,
    }
)
# -- backgammon, both players absent at a clocked table (issue 19, session 10) -------------------
ACCESS.update({"backgammon:clock_both_absent": DIRECTOR})  # clock rules 1.3: the director's
# -- backgammon, the final stage's clocks (issue 33, item 10) -----------------------------------
ACCESS.update(
    {
        "backgammon:match_clocks": DIRECTOR,
        "backgammon:match_clock": ARBITER,
        # seed 003, 3.16: the starting position corrected by the director or an arbiter
        "backgammon:start_correction": ARBITER,
        "backgammon:start_correction_match": ARBITER,
        "backgammon:match_clock_state": ARBITER,
        "backgammon:match_clock_action": ARBITER,
        "backgammon:match_clock_compensation": DIRECTOR,
        "backgammon:match_clock_both_absent": DIRECTOR,
    }
)
# -- the director's live overview (issue 35, item 4) ----------------------------------------------
ACCESS.update({"events:needs": DIRECTOR, "events:needs_json": DIRECTOR})
# -- simultanés (issue 38): the centres' API by club key, the officer's pages, the centre's ----
ACCESS.update(
    {
        "simultane:api_list": CLUB_KEY,
        "simultane:api_sealed": CLUB_KEY,
        "simultane:api_key": CLUB_KEY,
        "simultane:officer_list": MANAGER,
        "simultane:officer_detail": MANAGER,
        "simultane:officer_sealed": MANAGER,
        "simultane:centre": MANAGER,  # the centre's director opens a new event
        "simultane:centre_open": MANAGER,
    }
)
ACCESS.update({"simultane:api_results": CLUB_KEY, "simultane:centre_send": MANAGER})
ACCESS.update({"simultane:public": PUBLIC})  # the public page of a simultané (by its id)
# its live standings (version, standings fragment) and solos; the officer's corrections
ACCESS.update(
    {
        "simultane:public_version": PUBLIC,
        "simultane:public_fragment": PUBLIC,
        "simultane:public_solos": PUBLIC,
        "simultane:officer_corrections": MANAGER,
    }
)
