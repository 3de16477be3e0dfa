"""Issue 38, one code and one start per game: a simultané of several games (a TSAP has
two, seed 002, A.2.3) seals each game under its own code, released at that game's own
official start; a centre opens game 2 only from game 2's start and only with game 2's code.
The sealed file is version 2; version 1 files (one code for every game) are still read."""

from __future__ import annotations

import base64
import datetime as dt
import json
from datetime import UTC, datetime
from typing import Any

import pytest
from django.test import Client

from arbitre.app.duplicate.models import DuplicateEvent
from arbitre.app.simultane import centre, publish
from arbitre.app.simultane.models import Received, Simultane, SimultaneGame
from arbitre.duplicate import record as game_record
from arbitre.duplicate import sealed, short_code
from arbitre.duplicate.sealed import Header, Kdf, SealedRefused
from arbitre.ranking import simultane as rules
from tests.simultane.conftest import START, Clock, api, record_file
from tests.simultane.games import DRAWS, predrawn

CODES = [short_code.parse(short_code.from_number(n)) for n in (4821093755621840773, 12345)]
FAST = Kdf(salt=b"", n=2**10)
ONE = datetime(2027, 3, 12, 13, 0, tzinfo=UTC)
TWO = ONE + dt.timedelta(hours=2, minutes=30)
HEADER = Header("sim-2", "TSAP de mars", "TSAP", ONE, 180, 2, (ONE, TWO))
GAMES = [{"game": "one", "moves": []}, {"game": "two", "moves": []}]
SECOND = START + dt.timedelta(hours=2, minutes=30)


def v2_text() -> str:
    made = sealed.seal_each(HEADER, GAMES, CODES, FAST, [b"a" * 16, b"b" * 16], [b"n" * 12] * 2)
    return sealed.dumps(made)


# -- the file ------------------------------------------------------------------------------------


def test_each_games_code_opens_that_game_alone() -> None:
    read = sealed.loads(v2_text())
    assert read.version == 2 and read.header.start_of(2) == TWO
    assert sealed.open_game(read, 1, CODES[0]) == GAMES[0]
    assert sealed.open_game(read, 2, CODES[1]) == GAMES[1]
    with pytest.raises(SealedRefused, match="wrong_code"):
        sealed.open_game(read, 1, CODES[1])
    with pytest.raises(SealedRefused, match="wrong_code"):
        sealed.open_game(read, 2, CODES[0])
    # a code as typed by phone opens the game it belongs to, and that one only
    assert sealed.open_with_code(read, CODES[1]) == [GAMES[1]]


def test_a_game_moved_to_the_other_place_or_a_changed_start_does_not_open() -> None:
    data = json.loads(v2_text())
    data["games"].reverse()
    with pytest.raises(SealedRefused, match="wrong_code"):
        sealed.open_game(sealed.loads(json.dumps(data)), 1, CODES[1])
    data = json.loads(v2_text())
    data["simultane"]["game_starts"][1] = (TWO - dt.timedelta(hours=1)).isoformat()
    with pytest.raises(SealedRefused, match="wrong_code"):
        sealed.open_game(sealed.loads(json.dumps(data)), 2, CODES[1])


def test_the_v2_file_shows_each_games_start_but_no_draw() -> None:
    sealed_games = [predrawn(), predrawn()]
    made = sealed.seal_each(
        HEADER, sealed_games, CODES, FAST, [b"a" * 16, b"b" * 16], [b"n" * 12, b"m" * 12]
    )
    text = sealed.dumps(made)
    for draw in DRAWS:
        assert draw not in text
    data = json.loads(text)
    assert data["version"] == 2
    assert data["simultane"]["game_starts"] == [ONE.isoformat(), TWO.isoformat()]
    assert len({base64.b64decode(g["ciphertext"]) for g in data["games"]}) == 2


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d["simultane"]["game_starts"].reverse(), "bad_time"),
        (lambda d: d["simultane"].update(game_starts=[ONE.isoformat()]), "games_count"),
        (lambda d: d["simultane"].pop("game_starts"), "missing"),
        (lambda d: d["games"].pop(), "games_count"),
        (lambda d: d["games"][0].update(salt="AAAA"), "bad_base64"),
        (lambda d: d["simultane"]["game_starts"].__setitem__(1, "demain"), "bad_time"),
    ],
)
def test_a_malformed_v2_file_is_refused_with_the_reason(change: Any, code: str) -> None:
    data = json.loads(v2_text())
    change(data)
    with pytest.raises(SealedRefused) as refused:
        sealed.loads(json.dumps(data))
    assert refused.value.message.code == f"duplicate.sealed.{code}"


def test_a_version_1_file_is_still_read_its_one_code_opening_every_game() -> None:
    header = Header("sim-1", "TSAP", "TSAP", ONE, 180, 2)
    made = sealed.seal(header, GAMES, CODES[0], Kdf(b"s" * 16, n=2**10), b"n" * 12)
    read = sealed.loads(sealed.dumps(made))
    assert read.version == 1 and read.header.start_of(2) == ONE
    assert sealed.open_game(read, 2, CODES[0]) == GAMES[1]
    assert sealed.open_with_code(read, CODES[0]) == GAMES


def test_the_games_starts_follow_each_other() -> None:
    rules.check_game_starts(ONE, [ONE, TWO])
    for starts in ([TWO, TWO], [ONE, ONE], [ONE, ONE - dt.timedelta(minutes=1)]):
        with pytest.raises(rules.SimultaneRefused):
            rules.check_game_starts(ONE, starts)


# -- the federation and the centre ---------------------------------------------------------------


@pytest.fixture
def tsap(lexicon: Any, director: Any, clock: Clock) -> Simultane:
    text = game_record.dumps(predrawn())
    return publish.publish(director, "TSAP de mars", "TSAP", START, 180, [text, text], [SECOND])


@pytest.fixture
def tsap_key(tsap: Simultane, director: Any, licensees: None) -> str:
    from arbitre.app.federation import services as federation

    key = federation.create_token(director, "Club de Namur")
    publish.admit(director, tsap, "Club de Namur")
    return key


def codes(simultane: Simultane) -> list[str]:
    return [g.code for g in SimultaneGame.objects.filter(simultane=simultane)]


@pytest.mark.django_db
def test_each_game_has_its_start_and_its_own_code(tsap: Simultane) -> None:
    games = list(SimultaneGame.objects.filter(simultane=tsap))
    assert [(g.number, g.starts_at) for g in games] == [(1, START), (2, SECOND)]
    assert games[0].code != games[1].code and tsap.code == games[0].code
    read = sealed.loads(tsap.sealed)
    assert sealed.open_game(read, 2, games[1].code) == predrawn()


@pytest.mark.django_db
def test_game_twos_key_is_refused_until_its_own_start(
    tsap: Simultane, tsap_key: str, clock: Clock
) -> None:
    path = f"/api/federation/simultanes/{tsap.uid}/cle/"
    clock.now = START
    assert api(tsap_key, path).json()["code"].replace(" ", "") == codes(tsap)[0]
    early = api(tsap_key, path + "?partie=2")
    assert early.status_code == 403
    assert early.json()["error"].startswith(
        "La partie 2 du simultané « TSAP de mars » n'a pas commencé : sa clé sera donnée à "
        "son début officiel, le 12/03/2027 à 16:30"
    )
    clock.now = SECOND - dt.timedelta(seconds=1)
    assert api(tsap_key, path + "?partie=2").status_code == 403
    clock.now = SECOND
    given = api(tsap_key, path + "?partie=2").json()
    assert (given["game"], given["code"].replace(" ", "")) == (2, codes(tsap)[1])
    assert api(tsap_key, path + "?partie=3").status_code == 404
    assert api(tsap_key, path + "?partie=x").status_code == 400


@pytest.mark.django_db
def test_the_officer_sees_game_twos_code_from_its_start_only(tsap: Simultane) -> None:
    first, second = (short_code.grouped(c) for c in codes(tsap))
    assert publish.code_if_released(tsap, START - dt.timedelta(seconds=1)) is None
    assert publish.code_if_released(tsap, START) == f"partie 1 : {first}"
    assert publish.code_if_released(tsap, SECOND) == (f"partie 1 : {first} ; partie 2 : {second}")


@pytest.mark.django_db
def test_game_two_cannot_be_opened_before_its_start_even_with_game_one_open(
    linked: str, tsap: Simultane, tsap_key: str, director: Any, clock: Clock
) -> None:
    from arbitre.app.federation import outbox

    outbox.set_link("http://127.0.0.1:9", tsap_key)
    got = next(r for r in centre.fetch() if r.uid == tsap.uid)
    clock.now = START
    event = centre.open_games(director, got)
    dup = DuplicateEvent.objects.get(event=event)
    assert dup.games_planned == 2
    one, two = dup.games.order_by("number")
    assert one.predrawn == predrawn() and two.predrawn is None
    clock.now = SECOND - dt.timedelta(seconds=1)
    with pytest.raises(centre.CentreRefused, match="^La partie 2 du simultané .* n'a pas commencé"):
        centre.open_games(director, Received.objects.get(uid=tsap.uid))
    two.refresh_from_db()
    assert two.predrawn is None and Received.objects.get(uid=tsap.uid).games_opened == 1
    clock.now = SECOND
    centre.open_games(director, Received.objects.get(uid=tsap.uid))
    two.refresh_from_db()
    assert two.predrawn == predrawn() and Received.objects.get(uid=tsap.uid).games_opened == 2
    with pytest.raises(centre.CentreRefused, match="déjà ouvert"):
        centre.open_games(director, Received.objects.get(uid=tsap.uid))


@pytest.mark.django_db
def test_the_phone_code_of_game_two_opens_game_two_only(
    tsap: Simultane, director: Any, clock: Clock
) -> None:
    first, second = codes(tsap)
    got = centre.store(tsap.sealed)
    clock.now = SECOND
    with pytest.raises(centre.CentreRefused, match="^Code refusé : ce code n'ouvre pas"):
        centre.open_games(director, got, second)  # game 1 is the next to open
    assert Received.objects.get().event is None
    event = centre.open_games(director, got, first)
    assert Received.objects.get().code == first  # game 1's code: the proof of opening
    with pytest.raises(centre.CentreRefused, match="^Code refusé : ce code n'ouvre pas"):
        centre.open_games(director, got, first)
    centre.open_games(director, got, short_code.grouped(second))
    one, two = DuplicateEvent.objects.get(event=event).games.order_by("number")
    assert one.predrawn == two.predrawn == predrawn()
    opened = Received.objects.get()
    assert (opened.games_opened, opened.opened_with) == (2, Received.Opened.CODE)


@pytest.mark.django_db
def test_game_two_is_neither_drawn_nor_started_before_it_is_opened_with_its_code(
    tsap: Simultane, director: Any, clock: Clock
) -> None:
    """Game 2 is planned in the centre's Duplicate event from game 1's opening, but its
    letters are the sealed game's: no draw at random, no draw typed, no start of its time
    before « Ouvrir la partie 2 », with the hour of its start; then as any pre-drawn game."""
    from arbitre.app.duplicate import services
    from arbitre.app.duplicate.models import Game

    first, second = codes(tsap)
    got = centre.store(tsap.sealed)
    clock.now = START
    event = centre.open_games(director, got, first)
    one, two = DuplicateEvent.objects.get(event=event).games.order_by("number")
    sealed_two = (
        "La partie 2 du simultané « TSAP de mars » n'est pas encore ouverte : elle commence "
        "le 12/03/2027 à 16:30 et s'ouvre alors avec son code (« Ouvrir la partie 2 »"
    )
    for action, value in (
        ("draw_random", ""),
        ("draw_entered", "AEILNST"),
        ("reject_entered", "AEILNST"),
        ("start_timer", ""),
    ):
        with pytest.raises(services.ServiceError) as refused:
            services.chief_action(two.pk, two.version, action, director, value)
        assert str(refused.value).startswith(sealed_two)
    assert Game.objects.get(pk=two.pk).record is None  # nothing drawn
    drawn_one = services.chief_action(one.pk, one.version, "draw_random", director)
    assert services.engine_of(drawn_one).phase == "play"  # game 1, opened, is drawn
    clock.now = SECOND
    centre.open_games(director, got, second)
    two.refresh_from_db()
    drawn = services.chief_action(two.pk, two.version, "draw_random", director)
    assert services.engine_of(drawn).phase == "play"  # the sealed game's first draw
    rack = services.engine_of(drawn).drawn  # both games are the same record
    assert rack == services.engine_of(drawn_one).drawn != ""


@pytest.mark.django_db
def test_the_officer_publishes_a_tsap_with_game_twos_hour(
    officer: Client, lexicon: Any, clock: Clock
) -> None:
    page = officer.post(
        "/federation/simultanes/",
        {
            "name": "TSAP de mars",
            "type_code": "TSAP",
            "day": "2027-03-12",
            "hour": "14:00",
            "later_hours": "16:30",
            "seconds_per_move": "180",
            "games": [record_file("p1.json"), record_file("p2.json")],
        },
        follow=True,
    )
    found = Simultane.objects.get()
    assert page.redirect_chain[-1][0] == f"/federation/simultanes/{found.pk}/"
    starts = [g.starts_at for g in SimultaneGame.objects.filter(simultane=found)]
    assert starts == [START, SECOND]
    # game 2 before game 1 is refused with the reason
    page = officer.post(
        "/federation/simultanes/",
        {
            "name": "TSAP d'avril",
            "type_code": "TSAP",
            "day": "2027-04-12",
            "hour": "14:00",
            "later_hours": "13h00",
            "seconds_per_move": "180",
            "games": [record_file("p1.json"), record_file("p2.json")],
        },
    )
    assert "la partie 2 doit commencer après la partie 1" in page.content.decode()
    assert Simultane.objects.count() == 1


@pytest.mark.django_db
def test_the_centre_page_offers_game_two_with_its_start(
    officer: Client, tsap: Simultane, director: Any, clock: Clock
) -> None:
    got = centre.store(tsap.sealed)
    clock.now = START
    centre.open_games(director, got, codes(tsap)[0])
    html = officer.get("/simultanes/").content.decode()
    assert "Ouvrir la partie 2" in html, html[html.find("<main") :][:3000]
    assert "La partie 2 s'ouvre à son propre début officiel (12/03/2027 16:30)" in html
