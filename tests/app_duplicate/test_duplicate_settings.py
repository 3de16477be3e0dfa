"""A Duplicate event's settings, changed by its director after creation (issue 21, part 1):
audited, and refused with the reason when a change contradicts what is played."""

from __future__ import annotations

import datetime
import html
from typing import Any

import pytest
from django.test import Client

from arbitre.app import demo
from arbitre.app.duplicate.forms import SettingsForm
from arbitre.app.duplicate.models import AuditEntry, DuplicateEvent
from tests.shared_data import demo_events, for_a_test

pytestmark = pytest.mark.django_db


demo_report = demo_events("demo_report", seed=5)


@pytest.fixture
def event(demo_report: demo.DemoReport) -> dict[str, Any]:
    report = for_a_test(demo_report)
    client = Client()
    client.force_login(demo.demo_director(""))
    pk = report.events["duplicate"]
    return {"pk": pk, "client": client, "dup": DuplicateEvent.objects.get(event_id=pk)}


def _form(dup: DuplicateEvent, **changes: Any) -> dict[str, Any]:
    data = {
        "name": dup.event.name,
        "date": dup.event.date.isoformat(),
        "place": dup.event.place,
        "games_planned": dup.games_planned,
        "seconds_per_move": dup.seconds_per_move,
        "warning_seconds": dup.warning_seconds,
        "solo_min_players": dup.solo_min_players,
        "strong_until": dup.strong_until,
        **({"disciplinary_warnings_count": "on"} if dup.disciplinary_warnings_count else {}),
        **({"title_tie_break": "on"} if dup.title_tie_break else {}),
        **{
            key: value
            for g in dup.games.all()
            for key, value in SettingsForm.game_initial(g.number, g.time_schedule).items()
        },
    }
    return {k: v for k, v in {**data, **changes}.items() if v is not None}


def test_a_director_changes_the_settings_and_the_log_keeps_before_and_after(
    event: dict[str, Any],
) -> None:
    dup, client = event["dup"], event["client"]
    page = client.get(f"/duplicate/{event['pk']}/").content.decode()
    assert 'id="settings-link"' in page
    form = _form(
        dup,
        name="Festival renommé",
        seconds_per_move=120,
        games_planned=4,
        date="2026-12-05",
        solo_min_players=12,
    )
    response = client.post(f"/duplicate/{event['pk']}/reglages/", form, follow=True)
    assert "Réglages enregistrés." in response.content.decode()
    dup.refresh_from_db()
    dup.event.refresh_from_db()
    assert dup.event.name == "Festival renommé" and dup.seconds_per_move == 120
    assert dup.event.date == datetime.date(2026, 12, 5) and dup.solo_min_players == 12
    assert [g.number for g in dup.games.order_by("number")] == [1, 2, 3, 4]  # a game added
    entry = AuditEntry.objects.filter(duplicate=dup, action="Réglages modifiés").get()
    assert entry.before["temps par coup"] == "180" and entry.after["temps par coup"] == "120"
    assert entry.after["parties"] == "4" and "alerte" not in entry.after  # only what changed
    # the log shows the change in the page's language
    client.post("/langue/", {"language": "en", "next": "/"})
    english = client.get(f"/duplicate/{event['pk']}/").content.decode()
    assert "Settings changed" in english and "time per move" in english


def test_games_already_started_cannot_be_removed(event: dict[str, Any]) -> None:
    dup, client = event["dup"], event["client"]
    before = (dup.games_planned, dup.games.count(), dup.event.name)
    response = client.post(
        f"/duplicate/{event['pk']}/reglages/", _form(dup, games_planned=1, name="Autre nom")
    )
    page = response.content.decode()
    assert response.status_code == 200  # the form again, with the reason
    assert "La partie 2 est commencée" in page
    dup.refresh_from_db()
    dup.event.refresh_from_db()
    assert (dup.games_planned, dup.games.count(), dup.event.name) == before  # nothing changed
    assert not AuditEntry.objects.filter(duplicate=dup, action="Réglages modifiés").exists()


def test_unstarted_games_can_be_removed(event: dict[str, Any]) -> None:
    dup, client = event["dup"], event["client"]
    assert dup.games.count() == 3  # the demo plans three games and plays two
    client.post(f"/duplicate/{event['pk']}/reglages/", _form(dup, games_planned=2))
    assert [g.number for g in dup.games.order_by("number")] == [1, 2]


@pytest.mark.parametrize(
    "changes,reason",
    [
        ({"warning_seconds": 200}, "120"),  # above the field's maximum
        ({"warning_seconds": 60, "seconds_per_move": 60}, "plus courte que le temps par coup"),
        ({"seconds_per_move": 5}, "10"),
        ({"games_planned": 0}, "1"),
        ({"name": ""}, "obligatoire"),
    ],
)
def test_impossible_settings_are_refused_in_french(
    event: dict[str, Any], changes: dict[str, Any], reason: str
) -> None:
    dup, client = event["dup"], event["client"]
    response = client.post(f"/duplicate/{event['pk']}/reglages/", _form(dup, **changes))
    assert response.status_code == 200 and reason in response.content.decode()
    assert not AuditEntry.objects.filter(duplicate=dup, action="Réglages modifiés").exists()


def test_only_the_events_director_changes_its_settings(event: dict[str, Any]) -> None:
    from django.contrib.auth import get_user_model

    from arbitre.app.events.roles import ARBITER, grant

    arbiter = get_user_model().objects.get(username="arbitre-demo-1")
    grant(event["pk"], arbiter, ARBITER)
    client = Client(raise_request_exception=False)
    client.force_login(arbiter)
    response = client.post(
        f"/duplicate/{event['pk']}/reglages/", _form(event["dup"], name="Pirate")
    )
    assert response.status_code == 403
    event["dup"].event.refresh_from_db()
    assert event["dup"].event.name != "Pirate"


def test_004_2_3_a_game_gets_its_own_time_per_move(event: dict[str, Any]) -> None:
    """2.3: the time may differ for some competitions (blitz, play-offs): game 3 in blitz
    while the event keeps 180 s; audited, and the game's screens count 60 s."""
    from arbitre.app.duplicate.models import Game

    dup, client = event["dup"], event["client"]
    response = client.post(
        f"/duplicate/{event['pk']}/reglages/", _form(dup, game_3_preset="blitz"), follow=True
    )
    assert "Réglages enregistrés." in response.content.decode()
    assert {g.number: g.time_schedule for g in Game.objects.filter(duplicate=dup)} == {
        1: "",
        2: "",
        3: "60",
    }
    state = Client().get(f"/public/duplicate/{event['pk']}/partie/3/etat.json").json()
    assert state["seconds_per_move"] == 60
    first = Client().get(f"/public/duplicate/{event['pk']}/partie/1/etat.json").json()
    assert first["seconds_per_move"] == 180
    entry = AuditEntry.objects.get(duplicate=dup, action="Réglages modifiés")
    assert (entry.before, entry.after) == ({"TH3": "-"}, {"TH3": "60"})
    # the form shows the game's preset; sent back unchanged it changes nothing
    page = client.get(f"/duplicate/{event['pk']}/reglages/").content.decode()
    assert '<option value="blitz" selected>' in page
    response = client.post(f"/duplicate/{event['pk']}/reglages/", _form(dup), follow=True)
    assert "Aucun réglage modifié." in response.content.decode()


def test_002_a4_a_game_gets_the_title_playoff_schedule(event: dict[str, Any]) -> None:
    """002 A.4: "3 coups en blitz, suite en 40 secondes": the preset stores the schedule,
    and a custom schedule typed by the director is stored in its written form."""
    from arbitre.app.duplicate.models import Game

    dup, client = event["dup"], event["client"]
    url = f"/duplicate/{event['pk']}/reglages/"
    client.post(url, _form(dup, game_2_preset="title_playoff"))
    assert Game.objects.get(duplicate=dup, number=2).time_schedule == "1-3:60,4-:40"
    page = client.get(url).content.decode()
    assert '<option value="title_playoff" selected>' in page
    client.post(url, _form(dup, game_1_preset="custom", game_1_schedule=" 1-5 : 150, 6-:120 "))
    assert Game.objects.get(duplicate=dup, number=1).time_schedule == "1-5:150,6-:120"
    page = client.get(url).content.decode()
    assert '<option value="custom" selected>' in page
    assert 'value="1-5:150,6-:120"' in page
    # back to the event's time: the custom text left in its field is not kept
    client.post(url, _form(dup, game_1_preset="", game_1_schedule="1-5:150,6-:120"))
    assert Game.objects.get(duplicate=dup, number=1).time_schedule == ""


@pytest.mark.parametrize(
    ("schedule", "french"),
    [
        ("1-3:60", "La dernière tranche doit aller jusqu&#x27;à la fin de la partie"),
        ("1-3:60,5-:40", "Le coup 4 n&#x27;a pas de temps"),
        ("2-:60", "doit commencer au coup 1, pas au coup 2"),
        ("1-3:5,4-:40", "entre 10 et 900 secondes"),
        ("trois minutes", "n&#x27;est pas une tranche de coups avec son temps"),
        ("", "Le barème de temps est vide"),
    ],
)
def test_a_malformed_schedule_is_refused_in_french_and_the_stored_one_kept(
    event: dict[str, Any], schedule: str, french: str
) -> None:
    from arbitre.app.duplicate.models import Game

    dup, client = event["dup"], event["client"]
    url = f"/duplicate/{event['pk']}/reglages/"
    client.post(url, _form(dup, game_3_preset="title_playoff"))
    response = client.post(
        url, _form(dup, game_3_preset="custom", game_3_schedule=schedule, name="Autre nom")
    )
    page = response.content.decode()
    assert response.status_code == 200 and french in page
    dup.refresh_from_db()
    assert dup.event.name != "Autre nom"
    assert Game.objects.get(duplicate=dup, number=3).time_schedule == "1-3:60,4-:40"


def test_the_warning_must_come_before_the_end_of_every_move_of_a_schedule(
    event: dict[str, Any],
) -> None:
    from arbitre.app.duplicate.models import Game

    dup, client = event["dup"], event["client"]
    response = client.post(
        f"/duplicate/{event['pk']}/reglages/",
        _form(dup, game_1_preset="title_playoff", warning_seconds=40),
    )
    assert "plus courte que le temps par coup" in response.content.decode()
    assert Game.objects.get(duplicate=dup, number=1).time_schedule == ""


def test_004_2_3_a_running_move_keeps_its_time(event: dict[str, Any]) -> None:
    from django.utils import timezone

    from arbitre.app.duplicate.models import Game

    dup, client = event["dup"], event["client"]
    Game.objects.filter(duplicate=dup, number=3).update(timer_started_at=timezone.now())
    response = client.post(f"/duplicate/{event['pk']}/reglages/", _form(dup, game_3_preset="blitz"))
    assert "Le temps du coup en cours de la partie TH3 tourne" in response.content.decode()
    assert Game.objects.get(duplicate=dup, number=3).time_schedule == ""
    refused = client.post(
        f"/duplicate/{event['pk']}/reglages/",
        _form(dup, game_1_preset="custom", game_1_schedule="20", warning_seconds=30),
    )
    assert "plus courte que le temps par coup" in refused.content.decode()


def test_004_2_2_the_two_and_two_rule_cannot_change_once_a_game_is_begun(
    event: dict[str, Any],
) -> None:
    """2.2: the 2 vowels + 2 consonants rule runs to move 15; a begun game's draws were
    checked by the rule in force, so the setting is refused with the reason."""
    dup, client = event["dup"], event["client"]
    response = client.post(f"/duplicate/{event['pk']}/reglages/", _form(dup, strong_until=10))
    assert "La partie TH1 est commencée : ses tirages suivent la règle 2+2 jusqu'au coup 15" in (
        html.unescape(response.content.decode())
    )
    dup.refresh_from_db()
    assert dup.strong_until == 15


def test_004_2_2_the_two_and_two_rule_setting_reaches_a_new_game(
    lexicon: Any, director: Any
) -> None:
    """With the rule to move 1 only, move 2's draw needs one vowel and one consonant: a
    draw of a leave and letters with a single vowel is accepted (refused under 15)."""
    from arbitre.app.duplicate import services
    from arbitre.app.duplicate.models import DuplicateEvent, Game
    from arbitre.app.events.models import Event

    ev = Event.objects.create(name="Règle", kind="duplicate", date=datetime.date(2026, 11, 22))
    dup = DuplicateEvent.objects.create(event=ev, games_planned=1, strong_until=1)
    game = Game.objects.create(duplicate=dup, number=1)
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "AIMNOSE")
    game = services.chief_action(game.pk, game.version, "reveal", director)
    assert services.engine_of(game).settings.strong_until == 1
    # leave E; T R S T S N: one vowel in all, valid from move 2 under this setting
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "TRSTSN")
    assert services.engine_of(game).phase == "play"


def test_disciplinary_warnings_setting_is_editable_and_audited(event: dict[str, Any]) -> None:
    dup, client = event["dup"], event["client"]
    assert dup.disciplinary_warnings_count  # ruling Duplicate 6: they count by default
    form = _form(dup)
    del form["disciplinary_warnings_count"]
    client.post(f"/duplicate/{event['pk']}/reglages/", form)
    dup.refresh_from_db()
    assert not dup.disciplinary_warnings_count
    entry = AuditEntry.objects.get(duplicate=dup, action="Réglages modifiés")
    assert entry.after == {"avertissements disciplinaires comptés": "False"}


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (
            bytes(range(256)) * 10,
            "Liste de mots refusée : liste-du-club.txt est un fichier binaire",
        ),
        (b"\n \n", "Liste de mots refusée : la liste de mots liste-du-club.txt est vide"),
        (
            b"MAISON\nRUSE\nporte-monnaie\n",
            "la liste de mots liste-du-club.txt n'a que 2 mots valides",
        ),
    ],
)
def test_a_refused_word_list_is_explained_in_french_and_nothing_is_kept(
    director: Any,
    tmp_path: Any,
    monkeypatch: pytest.MonkeyPatch,
    content: bytes,
    said: str,
) -> None:
    """A word list the engine refuses (binary, empty, too few words: issue 3) is named by the
    file the director sent, in French, never by the server's copy; no event is created and
    the copy is removed."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from arbitre.app.events.models import Event

    monkeypatch.setenv("ARBITRE_DATA_DIR", str(tmp_path))
    client = Client()
    client.force_login(director)
    before = Event.objects.count()
    page = client.post(
        "/duplicate/nouveau/",
        {
            "name": "Tournoi refusé",
            "date": "2026-11-22",
            "games_planned": "1",
            "seconds_per_move": "180",
            "lexicon_file": SimpleUploadedFile("liste-du-club.txt", content),
        },
    )
    text = html.unescape(page.content.decode())
    assert page.status_code == 200
    assert said in text
    assert str(tmp_path) not in text and "lexicon." not in text
    assert Event.objects.count() == before
    assert list((tmp_path / "lexicons").iterdir()) == []
