"""The name, date and place of a Classic or backgammon event, changed by its director after
creation (issue 21, part 1): audited, and the live pages follow."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client

from arbitre.app import demo
from arbitre.app.rounds.models import AuditEntry, Tournament
from tests.shared_data import demo_events, for_a_test

pytestmark = pytest.mark.django_db


demo_report = demo_events("demo_report", seed=9)


@pytest.fixture
def events(demo_report: demo.DemoReport) -> dict[str, Any]:
    report = for_a_test(demo_report)
    client = Client()
    client.force_login(demo.demo_director(""))
    return {"events": report.events, "client": client}


CLASSIC_SETTINGS = ("rounds", "profile", "best_of", "final_size", "final_best_of")
BACKGAMMON_SETTINGS = (
    "rounds",
    "match_length",
    "qf_sets",
    "sf_sets",
    "final_sets",
    "consolation_sets",
    "clock_per_point",
    "clock_increment",
)


def settings_of(t: Tournament) -> dict[str, Any]:
    """The edit form as the page fills it: the event's name, date and place and the
    tournament's settings (an automatic number of rounds left empty)."""
    classic = t.event.kind == "classic"
    data = {f: getattr(t, f) for f in (CLASSIC_SETTINGS if classic else BACKGAMMON_SETTINGS)}
    if classic and (t.rounds_auto or not t.rounds):
        data["rounds"] = ""
    data.update(name=t.event.name, date=t.event.date.isoformat(), place=t.event.place)
    return data


@pytest.mark.parametrize("kind,prefix", [("classic", "classique"), ("backgammon", "backgammon")])
def test_a_director_renames_and_moves_the_event(
    events: dict[str, Any], kind: str, prefix: str
) -> None:
    pk, client = events["events"][kind], events["client"]
    detail = client.get(f"/{prefix}/{pk}/").content.decode()
    assert 'id="edit-event-link"' in detail
    t = Tournament.objects.get(event_id=pk)
    version = t.version
    response = client.post(
        f"/{prefix}/{pk}/evenement/",
        {**settings_of(t), "name": "Open de Noël", "date": "2026-12-24", "place": "Salle Pleyel"},
        follow=True,
    )
    assert "Événement modifié." in response.content.decode()
    t.refresh_from_db()
    t.event.refresh_from_db()
    assert (t.event.name, t.event.date, t.event.place) == (
        "Open de Noël",
        datetime.date(2026, 12, 24),
        "Salle Pleyel",
    )
    assert t.version > version  # the live public pages show the new name
    assert "Open de Noël" in Client().get(f"/public/{prefix}/{pk}/").content.decode()
    entry = AuditEntry.objects.filter(tournament=t, action="Événement modifié").get()
    assert entry.before["lieu"] != "Salle Pleyel" and entry.after["lieu"] == "Salle Pleyel"
    assert entry.after["date"] == "2026-12-24"


def test_an_empty_name_is_refused_and_nothing_changes(events: dict[str, Any]) -> None:
    pk, client = events["events"]["classic"], events["client"]
    name = Tournament.objects.get(event_id=pk).event.name
    t = Tournament.objects.get(event_id=pk)
    response = client.post(
        f"/classique/{pk}/evenement/", {**settings_of(t), "name": "", "date": "2026-12-24"}
    )
    assert response.status_code == 200 and "obligatoire" in response.content.decode()
    assert Tournament.objects.get(event_id=pk).event.name == name
    assert not AuditEntry.objects.filter(action="Événement modifié").exists()


# -- the tournament's settings ----------------------------------------------------------------------


def edit(client: Client, t: Tournament, **changes: Any) -> tuple[int, str]:
    prefix = "classique" if t.event.kind == "classic" else "backgammon"
    response = client.post(
        f"/{prefix}/{t.event_id}/evenement/", {**settings_of(t), **changes}, follow=True
    )
    return response.status_code, response.content.decode()


def stored(t: Tournament) -> dict[str, Any]:
    t.refresh_from_db()
    return {f: getattr(t, f) for f in (*CLASSIC_SETTINGS, *BACKGAMMON_SETTINGS, "rounds_auto")}


def test_a_classic_tournament_is_set_up_again_before_round_one(dclient: Client) -> None:
    from tests.app_rounds.conftest import create_event

    pk = create_event(dclient, "classique")
    t = Tournament.objects.get(event_id=pk)
    page = dclient.get(f"/classique/{pk}/evenement/").content.decode()
    assert 'name="profile"' in page and 'name="match_length"' not in page
    status, text = edit(dclient, t, rounds=6, profile="ffsc", best_of=3, final_size=2)
    assert "Événement modifié." in text
    after = stored(t)
    assert (after["rounds"], after["profile"], after["best_of"], after["final_size"]) == (
        6,
        "ffsc",
        3,
        2,
    )
    entry = AuditEntry.objects.filter(tournament=t, action="Réglages modifiés").get()
    assert entry.before == {"rondes": None, "profile": "fbs", "best_of": 1, "final_size": 0}
    assert entry.after == {"rondes": 6, "profile": "ffsc", "best_of": 3, "final_size": 2}
    status, text = edit(dclient, t, rounds="")  # back to a count from the players
    assert (stored(t)["rounds"], stored(t)["rounds_auto"]) == (0, False)


@pytest.mark.parametrize(
    "kind,changes,reason",
    [
        ("classic", {"profile": "ffsc"}, "« Profil de règles » ne peut plus changer"),
        ("classic", {"best_of": 3}, "« Match » ne peut plus changer"),
        ("classic", {"rounds": 2}, "ne peut pas compter moins de 3 rondes"),
        ("backgammon", {"match_length": 11}, "« Longueur des matchs suisses (points) »"),
        ("backgammon", {"rounds": 2}, "ne peut pas compter moins de 3 rondes"),
    ],
)
def test_a_setting_the_paired_rounds_follow_is_refused_with_the_reason(
    events: dict[str, Any], kind: str, changes: dict[str, Any], reason: str
) -> None:
    t = Tournament.objects.get(event_id=events["events"][kind])
    before, log = stored(t), AuditEntry.objects.filter(tournament=t).count()
    status, text = edit(events["client"], t, name="Renommé", **changes)
    assert status == 200 and reason in text.replace("&#x27;", "'").replace("&quot;", '"')
    assert stored(t) == before
    assert t.event.name != "Renommé"  # nothing of the form is stored
    assert AuditEntry.objects.filter(tournament=t).count() == log


@pytest.mark.parametrize("kind", ["classic", "backgammon"])
def test_settings_that_touch_nothing_played_change_during_the_event(
    events: dict[str, Any], kind: str
) -> None:
    t = Tournament.objects.get(event_id=events["events"][kind])
    if kind == "classic":
        changes: dict[str, Any] = {"rounds": 6, "final_size": 4, "final_best_of": 1}
    else:
        changes = {"rounds": 6, "qf_sets": "7,7,9", "consolation_sets": "7"}
    status, text = edit(events["client"], t, **changes)
    assert "Événement modifié." in text
    after = stored(t)
    assert {k: after[k] for k in changes} == changes


def test_final_stage_settings_are_fixed_once_it_started(events: dict[str, Any]) -> None:
    t = Tournament.objects.get(event_id=events["events"]["backgammon"])
    Tournament.objects.filter(pk=t.pk).update(bracket_started=True)
    t.refresh_from_db()
    status, text = edit(events["client"], t, qf_sets="7,7,9")
    assert "La phase finale est commencée : « Quarts de finale » ne peut plus changer." in text
    status, text = edit(events["client"], t, rounds=6)
    assert "le nombre de rondes ne change plus" in text
    assert stored(t)["qf_sets"] == "9,9,11" and stored(t)["rounds"] == 5


def test_a_page_loaded_before_another_change_of_the_event_is_refused(
    events: dict[str, Any],
) -> None:
    client = events["client"]
    t = Tournament.objects.get(event_id=events["events"]["backgammon"])
    url = f"/backgammon/{t.event_id}/evenement/"
    stamp = client.get(url).content.decode().split('name="stamp" value="')[1].split('"')[0]
    first = client.post(url, {**settings_of(t), "qf_sets": "7,7,9", "stamp": stamp}, follow=True)
    assert "Événement modifié." in first.content.decode()
    second = client.post(url, {**settings_of(t), "place": "Ailleurs", "stamp": stamp}, follow=True)
    text = second.content.decode()
    assert "L&#x27;événement a été modifié depuis l&#x27;ouverture de cette page" in text
    assert second.redirect_chain[-1][0] == url and 'value="7,7,9"' in text
    t.refresh_from_db()
    t.event.refresh_from_db()
    assert (t.qf_sets, t.event.place) == ("7,7,9", "Club house")
