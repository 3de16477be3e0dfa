"""Classic Scrabble at the table (issue 18), through the Django test client: the table code,
the JSON actions checked by the engine, a game from the toss to the signatures whose result
enters the round, the arbiters' rights, reopening, the printed sheet and the GCG record."""

from __future__ import annotations

import json
import re
from itertools import count
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.app import wordlists
from arbitre.app.classic import tables
from arbitre.app.rounds.models import AuditEntry, Table, TableLog
from arbitre.classic.game import gcg
from arbitre.classic.game.replay import replay as gcg_replay
from arbitre.lexicon import Lexicon
from tests.app_rounds.conftest import ServerClock, check_in_all, messages_of, pin_of
from tests.app_rounds.test_classic_web import pair, setup_event
from tests.support import depth

pytestmark = pytest.mark.django_db

WORDS = frozenset({"MAISON", "MAISONS", "AS", "SA", "DIN", "DUALS"})
LEXICON = Lexicon.from_words(WORDS, name="mots-de-test")
_ids = count(1)


_clock: list[ServerClock] = []


@pytest.fixture(autouse=True)
def lexicon(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wordlists, "_lexicons", {"": LEXICON})


@pytest.fixture(autouse=True)
def clock(server_clock: ServerClock) -> Any:
    """The events' ``at`` below is the server's time when the test sends them (issue 34:
    the server stamps every event on arrival)."""
    _clock[:] = [server_clock]
    yield server_clock
    _clock.clear()


def ffsc_round(dclient: Client) -> tuple[int, Table]:
    eid = setup_event(dclient, profile="ffsc")
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = Table.objects.filter(round__number=1).exclude(b="").order_by("number").first()
    assert tb is not None
    return eid, tb


def code_of(dclient: Client, eid: int, tb: Table) -> str:
    page = dclient.get(f"/classique/{eid}/ronde/1/tables/")
    assert page.status_code == 200
    return TableLog.objects.get(table=tb).code


def act(client: Client, url: str, event: dict[str, Any], ident: str = "") -> Any:
    """Send ``event`` from the page at ``url``: at the server's time ``event["at"]`` when
    given; a players' signature with the signing player's own PIN unless one is given."""
    event = dict(event)
    if "at" in event and _clock:
        _clock[0].at(float(event.pop("at")))
    if event.get("kind") == "sign" and "pin" not in event:
        pin = pin_of(url, event.get("player"))
        if pin is not None:
            event["pin"] = pin
    body = {"id": ident or f"t{next(_ids)}", "event": event}
    return client.post(url, json.dumps(body), content_type="application/json")


def test_the_code_opens_that_table_only_and_the_page_starts_per_the_profile(
    dclient: Client,
) -> None:
    eid, tb = ffsc_round(dclient)
    code = code_of(dclient, eid, tb)
    assert re.fullmatch(r"[ACDEFGHJKMNPQRTUVWXY34679]{8}", code)
    # every table with two players has its own code
    codes = set(TableLog.objects.values_list("code", flat=True))
    assert len(codes) == Table.objects.exclude(b="").count()
    anonymous = Client()
    page = anonymous.get(f"/classique/table/{code}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Je conteste" in html and "ct-half-0" in html
    state = anonymous.get(f"/classique/table/{code}/etat/").json()
    # FFSc: the toss decides who starts (001 3.1), a chess clock of 25 minutes by default
    assert state["toss_needed"] and not state["started"]
    assert state["names"] == [tb.a, tb.b] and state["bag"] == 88
    assert state["clock"]["kind"] == "chess" and state["clock"]["remaining"] == [1500, 1500]
    # the code form
    assert anonymous.get(f"/classique/table/?code={code.lower()}")["Location"].endswith(
        f"/classique/table/{code}/"
    )
    assert (
        "Code de table inconnu" in anonymous.get("/classique/table/?code=AAAAAA").content.decode()
    )
    assert anonymous.get("/classique/table/AAAAAA/etat/").status_code == 404


def test_a_code_stops_working_when_the_next_round_is_paired(dclient: Client) -> None:
    eid, tb = ffsc_round(dclient)
    code = code_of(dclient, eid, tb)
    for t in Table.objects.filter(round__number=1).exclude(b=""):
        dclient.post(
            f"/classique/{eid}/table/{t.pk}/resultat/",
            {"version": t.version, "score_a": 400, "score_b": 300, "toss": "a"},
        )
    pair(dclient, eid)
    response = Client().get(f"/classique/table/{code}/etat/")
    assert response.status_code == 404
    assert "la ronde est finie" in response.json()["error"]
    # nor does it open the page, take a press or give the sheet of round 2's table
    player = Client()
    assert "la ronde est finie" in player.get(f"/classique/table/{code}/").content.decode()
    pressed = act(player, f"/classique/table/{code}/action/", {"kind": "start"})
    assert pressed.status_code == 404 and "la ronde est finie" in pressed.json()["error"]
    assert player.get(f"/classique/table/{code}/imprimer/").status_code == 404
    assert player.get(f"/classique/table/{code}/partie.gcg").status_code == 404
    second = TableLog.objects.filter(round__number=2).exclude(code=code)
    assert second.exists() and all(log.events == [] for log in second)


def test_players_may_not_send_an_arbiters_decision(dclient: Client) -> None:
    eid, tb = ffsc_round(dclient)
    url = f"/classique/table/{code_of(dclient, eid, tb)}/action/"
    c = Client()
    for event in (
        {"kind": "sanction", "player": 0, "sanction": "loss", "cause": "board"},
        {"kind": "director_end"},
        {"kind": "ruling", "override": {"AS": False}, "reason": "appel"},
    ):
        response = act(c, url, event)
        assert response.status_code == 400
        assert response.json()["error"] == "Seul un arbitre peut faire cela."
    assert TableLog.objects.get(table=tb).events == []


def play_game(c: Client, url: str) -> dict[str, Any]:
    """Toss won by player 0, a word, a phony challenged, a valid word challenged, passes,
    six scoreless turns (001 4.2.2), racks declared, both signatures."""
    steps: list[dict[str, Any]] = [
        {"kind": "toss", "rounds": [["A", "Z"]], "at": 1},
        {"kind": "start", "at": 2},
        {"kind": "play", "player": 0, "move": "H4 MAISoN", "announced": 20, "at": 10},
        {"kind": "play", "player": 1, "move": "5H AS", "at": 20},
        # 0 contests AS: admitted, 0 loses the profile's penalty (001 5.3)
        {"kind": "challenge", "player": 0, "words": ["AS"], "at": 21},
        {"kind": "ruling", "at": 25},
        {"kind": "play", "player": 0, "move": "I4 AS", "at": 30},
    ]
    for e in steps:
        response = act(c, url, e)
        assert response.status_code == 200, response.content
    return dict(response.json())


def test_001_a_game_from_the_toss_to_the_signatures_enters_the_round(dclient: Client) -> None:
    eid, tb = ffsc_round(dclient)
    code = code_of(dclient, eid, tb)
    url = f"/classique/table/{code}/action/"
    c = Client()
    state = play_game(c, url)
    # 001 4.1.6: the announced 20 differs from the rule's 16: shown for the players to settle
    first = state["sheet"][0]
    assert first["points"] == 16 and "score annoncé 20, la règle donne 16" in first["dispute"]
    # 001 5.3: AS was admitted, its challenger loses 5; I4 AS scores AS 2 + MA 3
    assert state["sheet"][2]["points"] == -5 and state["sheet"][2].get("note")
    assert state["scores"] == [16 - 5 + 5, 2]
    assert state["challengeable"] == {"turn": 3, "player": 0, "words": ["AS", "MA"]}
    # a word not just formed is refused, nothing stored
    version = state["version"]
    refused = act(c, url, {"kind": "challenge", "player": 1, "words": ["MAISON"], "at": 31})
    assert refused.status_code == 400 and "MAISON" in refused.json()["error"]
    # 1 contests MA (not in the list): "non admis", the move is withdrawn
    state = act(c, url, {"kind": "challenge", "player": 1, "words": ["MA"], "at": 32}).json()
    assert state["version"] == version + 1
    assert state["challenge"]["admitted"] == [False] and state["neutralised"] == "challenge"
    state = act(c, url, {"kind": "ruling", "at": 40}).json()
    assert (
        state["scores"] == [11, 2]
        and state["sheet"][-1]["text"] == "I4 AS retiré après contestation"
    )
    # an exchange, then six scoreless turns in a row end the game
    assert act(c, url, {"kind": "exchange", "player": 1, "count": 3, "at": 45}).status_code == 200
    at = 50
    for p in (0, 1, 0, 1, 0, 1):
        state = act(c, url, {"kind": "pass", "player": p, "at": at}).json()
        at += 5
    assert state["reckoning"] and state["pass_run"] == 6
    # the same press sent twice is applied once
    ident = "press-declare-0"
    first_try = act(c, url, {"kind": "declare_rack", "player": 0, "tiles": "EEEEEEE"}, ident)
    again = act(c, url, {"kind": "declare_rack", "player": 0, "tiles": "EEEEEEE"}, ident)
    assert again.json()["repeated"] and again.json()["version"] == first_try.json()["version"]
    state = act(c, url, {"kind": "declare_rack", "player": 1, "tiles": "BCDFGHJ"}).json()
    # each deducts their own tiles (001 7.1, six passes): 7 and 3+3+2+4+2+4+8 = 26
    assert state["result"]["scores"] == [11 - 7, 2 - 26]
    tb.refresh_from_db()
    assert not tb.entered
    act(c, url, {"kind": "sign", "player": 0})
    state = act(c, url, {"kind": "sign", "player": 1}).json()
    assert state["finished"]
    tb.refresh_from_db()
    assert tb.entered and (tb.score_a, tb.score_b) == (4, -24) and tb.starts[0] == tb.a
    assert AuditEntry.objects.filter(action="Résultat signé à la table").count() == 1
    rows = {r["name"]: r for r in dclient.get(f"/public/classique/{eid}/").context["rows"]}
    assert rows[tb.a]["pm"] == 3 and rows[tb.b]["pm"] == 1
    # the printed sheet and the GCG record; the GCG replays to the same scores
    printed = c.get(f"/classique/table/{code}/imprimer/").content.decode()
    assert "MAISoN" in printed and "score annoncé 20, la règle donne 16" in printed
    text = c.get(f"/classique/table/{code}/partie.gcg").content.decode()
    assert f">{tb.b.replace(' ', '_')}: BCDFGHJ (BCDFGHJ) -26 -24" in text

    # an arbiter reopens the signed sheet: the signatures and the round's result go (audited)
    response = dclient.post(f"/classique/{eid}/table/{tb.pk}/rouvrir/", {"reason": "erreur"})
    assert response.status_code == 302
    tb.refresh_from_db()
    assert not tb.entered
    state = c.get(f"/classique/table/{code}/etat/").json()
    assert state["signed"] == [False, False] and state["result"]["scores"] == [4, -24]
    entry = AuditEntry.objects.get(action="Feuille de table rouverte")
    assert entry.reason == "erreur"


def test_arbiters_rule_on_an_appeal_and_sanction_from_the_round(dclient: Client) -> None:
    eid, tb = ffsc_round(dclient)
    code_of(dclient, eid, tb)
    url = f"/classique/{eid}/table/{tb.pk}/action/"
    page = dclient.get(f"/classique/{eid}/table/{tb.pk}/")
    assert page.status_code == 200 and "Décision de l'arbitre" in page.content.decode()
    for e in (
        {"kind": "toss", "rounds": [["B", "C"]]},
        {"kind": "start"},
        {"kind": "play", "player": 0, "move": "H4 MAISON"},
        {"kind": "challenge", "player": 1, "words": ["MAISON"]},
    ):
        assert act(dclient, url, e).status_code == 200

    def overview_row() -> dict[str, Any]:
        rows = dclient.get(f"/classique/{eid}/ronde/1/tables.json").json()["rows"]
        return dict(next(r for r in rows if r["table_id"] == tb.pk))

    # part 7: the overview shows the challenge waiting, the scores and the clocks
    row = overview_row()
    assert row["challenge_pending"] and row["scores"] == [18, 0] and row["turns"] == 1
    assert row["clock"]["kind"] == "chess" and len(row["clock"]["remaining"]) == 2
    # the appeal without a reason is refused; with one, the list's answer is overridden
    refused = act(dclient, url, {"kind": "ruling", "override": {"MAISON": False}})
    assert refused.status_code == 400
    state = act(
        dclient, url, {"kind": "ruling", "override": {"MAISON": False}, "reason": "appel admis"}
    ).json()
    assert state["scores"] == [0, 0]
    ruled = state["challenge"]
    assert ruled["override"] and ruled["reason"] == "appel admis"
    # the overview shows the table; a call from the table appears there
    assert act(dclient, url, {"kind": "neutralise", "reason": "arbiter"}).status_code == 200
    row = overview_row()
    assert row["call"] and not row["challenge_pending"] and row["started"]
    assert not row["finished"]
    # 001 10.2: loss of the game whatever the score, by the arbiter
    act(dclient, url, {"kind": "resume"})
    state = act(
        dclient, url, {"kind": "sanction", "player": 1, "sanction": "loss", "cause": "board"}
    ).json()
    assert state["result"]["loss"] == 1 and state["result"]["winner"] == 0
    # signed, it enters the round as a loss whatever the score, the scores kept (part 8)
    act(dclient, url, {"kind": "sign", "player": 0})
    act(dclient, url, {"kind": "sign", "player": 1})
    tb.refresh_from_db()
    assert (tb.entered, tb.loss, tb.loss_cause) == (True, "b", "board")
    assert (tb.score_a, tb.score_b) == (0, 0)
    row = overview_row()
    assert row["finished"] and row["signed"] and row["entered"] and not row["call"]


def test_the_director_sets_the_tables_clock_within_the_profile(dclient: Client) -> None:
    eid = setup_event(dclient, profile="fbs")
    check_in_all(dclient, eid)
    pair(dclient, eid)
    # 000: at least 20 minutes per player on a chess clock
    response = dclient.post(
        f"/classique/{eid}/pendule/", {"kind": "chess", "minutes": "15", "round": "1"}, follow=True
    )
    assert "20" in " ".join(str(m) for m in response.context["messages"])
    response = dclient.post(f"/classique/{eid}/pendule/", {"kind": "chess", "minutes": "30"})
    assert response.status_code == 302
    tb = Table.objects.filter(round__number=1).exclude(b="").first()
    assert tb is not None
    # the tables not started yet take the new clock at once
    code = TableLog.objects.get(table=tb).code
    state = Client().get(f"/classique/table/{code}/etat/").json()
    assert state["clock"]["seconds"] == 1800 and not state["toss_needed"]
    # a table already started keeps its clock
    act(Client(), f"/classique/table/{code}/action/", {"kind": "start"})
    dclient.post(f"/classique/{eid}/pendule/", {"kind": "chess", "minutes": "45"})
    assert Client().get(f"/classique/table/{code}/etat/").json()["clock"]["seconds"] == 1800
    # FBS: the pairing decides who starts
    assert state["names"][state["starter"]] == tb.starts[0]


def test_a_director_starts_a_friendly_game(dclient: Client, aclient: Client) -> None:
    assert aclient.get("/classique/amicale/").status_code == 403
    refused = dclient.post(
        "/classique/amicale/",
        {"a": "Ana", "b": "Ana", "profile": "ffsc", "kind": "chess", "minutes": "25"},
    )
    assert refused.status_code == 200 and "error" in refused.context
    response = dclient.post(
        "/classique/amicale/",
        {"a": "Ana", "b": "Éric", "profile": "ffsc", "kind": "chess", "minutes": "25"},
    )
    code = response["Location"].rstrip("/").rsplit("/", 1)[1]
    log = TableLog.objects.get(code=code)
    assert log.table is None and log.setup["starter"] == 0
    state = Client().get(f"/classique/table/{code}/etat/").json()
    assert state["names"] == ["Ana", "Éric"] and not state["toss_needed"]
    # the director runs it with the arbiter's panel; the players' page has none
    page = dclient.get(f"/classique/amicale/{code}/").content.decode()
    assert (
        'id="ct-arbiter"' in page and f'data-action-url="/classique/amicale/{code}/action/"' in page
    )
    assert 'id="ct-arbiter"' not in Client().get(f"/classique/table/{code}/").content.decode()
    act(dclient, f"/classique/amicale/{code}/action/", {"kind": "start"})
    ended = act(dclient, f"/classique/amicale/{code}/action/", {"kind": "director_end"})
    assert ended.status_code == 200 and ended.json()["reckoning"]
    refused = act(Client(), f"/classique/amicale/{code}/action/", {"kind": "director_end"})
    assert refused.status_code == 302  # to the login page


def test_the_gcg_record_replays_with_the_engine_to_the_same_scores(dclient: Client) -> None:
    eid, tb = ffsc_round(dclient)
    code = code_of(dclient, eid, tb)
    players, arbiter = f"/classique/table/{code}/action/", f"/classique/{eid}/table/{tb.pk}/action/"
    c = Client()
    for e in (
        {"kind": "toss", "rounds": [["E", "E"], ["C", "B"]]},  # a tie, then B wins
        {"kind": "start"},
        {"kind": "play", "player": 1, "move": "H4 MAISoN"},
        {"kind": "play", "player": 0, "move": "5H AS"},
        {"kind": "exchange", "player": 1, "count": 7},
        {"kind": "pass", "player": 0},
    ):
        assert act(c, players, e).status_code == 200, e
    assert act(dclient, arbiter, {"kind": "director_end"}).status_code == 200
    act(c, players, {"kind": "declare_rack", "player": 0, "tiles": "ZYXWVKE"})
    state = act(c, players, {"kind": "declare_rack", "player": 1, "tiles": "QEEEEEE"}).json()
    assert state["starter"] == 1 and state["result"]["scores"] == [2 - 55, 16 - 14]
    text = c.get(f"/classique/table/{code}/partie.gcg").content.decode()
    again = gcg_replay(gcg.parse(text), WORDS)
    # GCG player1 is the starter (player 1 here)
    assert again.game.scores == (16 - 14, 2 - 55)


def test_the_codes_are_made_at_pairing_and_printed_on_each_tables_slip_never_together(
    dclient: Client,
) -> None:
    """Issue 34: the pairing sheet posted in the hall carries no code; each table's code is
    on its own slip (with its QR code and each player's PIN on their own part) and on its
    own score sheet."""
    eid, _ = ffsc_round(dclient)
    pairs = Table.objects.filter(round__number=1).exclude(b="")
    logs = {log.table_id: log for log in TableLog.objects.all()}
    assert set(logs) == {tb.pk for tb in pairs}
    printed = dclient.get(f"/classique/{eid}/ronde/1/imprimer/").content.decode()
    assert "Code de table" not in printed
    for tb in pairs:
        assert f"<td>{tb.a}</td><td>{tb.b}</td>" in printed
        assert logs[tb.pk].code not in printed
    # the round page (arbiters only) links each table's page and the overview, with the code
    round_page = dclient.get(f"/classique/{eid}/ronde/1/").content.decode()
    assert f"/classique/{eid}/ronde/1/tables/" in round_page
    assert f"/classique/{eid}/ronde/1/billets/" in round_page
    for tb in pairs:
        assert f'href="/classique/{eid}/table/{tb.pk}/"' in round_page
        assert f"<code>{logs[tb.pk].code}</code>" in round_page
    slips = dclient.get(f"/classique/{eid}/ronde/1/billets/").content.decode()
    parts = re.split(r'<section class="slip" id="slip-', slips)[1:]
    assert len(parts) == len(pairs)
    for tb, part in zip(pairs.order_by("number"), parts, strict=True):
        log = logs[tb.pk]
        assert part.startswith(f'{tb.number}"')
        # its own code and QR code, its players' own PINs, and no other table's code
        assert f'<strong class="table-code">{log.code}</strong>' in part and "<svg" in part
        assert f"/classique/table/{log.code}/" in part
        players = re.findall(
            r'<div class="slip-player">\s*<p><strong>(.*?)</strong></p>.*?'
            r'<strong class="slip-pin">(\d+)</strong>',
            part,
            re.S,
        )
        assert players == [(tb.a, log.pins[0]), (tb.b, log.pins[1])]
        assert all(o.code not in part for k, o in logs.items() if k != tb.pk)
    sheets = dclient.get(f"/classique/{eid}/ronde/1/feuilles/").content.decode()
    for tb in pairs:
        assert re.search(
            rf"table {tb.number}</h2>.*?code {logs[tb.pk].code}, à taper sur", sheets, re.S
        )
    # the slips are the arbiters' print
    assert Client().get(f"/classique/{eid}/ronde/1/billets/").status_code in (302, 403)


def test_slips_opened_at_this_machines_own_address_warn_that_phones_cannot_follow_them(
    dclient: Client, settings: Any
) -> None:
    """A director who opens the slips at https://127.0.0.1:8000/ (the address the server
    prints) would hand out QR codes of this machine's loopback: the page says so, on screen
    only, and says nothing once opened at the hall's address or with ARBITRE_PUBLIC_URL."""
    eid, _ = ffsc_round(dclient)
    url = f"/classique/{eid}/ronde/1/billets/"
    for host in ("127.0.0.1:8000", "localhost:8000"):
        page = dclient.get(url, HTTP_HOST=host).content.decode()
        assert f"http://{host}/classique/table/" in page
        assert '<div class="messages noprint" id="slips-local"' in page
        assert "Ces billets pointent vers cet ordinateur seul" in page
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20"]
    page = dclient.get(url, HTTP_HOST="192.168.1.20:8000").content.decode()
    assert "http://192.168.1.20:8000/classique/table/" in page
    assert 'id="slips-local"' not in page
    settings.ARBITRE_PUBLIC_URL = "https://192.168.1.20:8000"
    page = dclient.get(url, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "https://192.168.1.20:8000/classique/table/" in page
    assert 'id="slips-local"' not in page


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
KINDS = st.sampled_from(
    [
        "start",
        "toss",
        "play",
        "pass",
        "exchange",
        "challenge",
        "ruling",
        "neutralise",
        "resume",
        "declare_rack",
        "sign",
        "flag",
        "lose_turn",
        "accept_end",
        "nothing",
    ]
)


@settings(
    max_examples=depth(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    events=st.lists(
        st.fixed_dictionaries(
            {"kind": KINDS},
            optional={
                "player": JSON,
                "move": JSON,
                "count": JSON,
                "words": JSON,
                "rounds": JSON,
                "tiles": JSON,
                "at": JSON,
                "override": JSON,
                "reason": JSON,
                "announced": JSON,
            },
        ),
        max_size=6,
    )
)
def test_any_event_sent_is_stored_whole_or_refused_clearly(events: list[dict[str, Any]]) -> None:
    from arbitre.app.rounds import tablelog
    from arbitre.app.rounds.services import ServiceError
    from arbitre.classic.table import ClockSettings

    wordlists._lexicons[""] = LEXICON
    log = tables.create_friendly(("Ana", "Bea"), "ffsc", ClockSettings("chess", 600), True, None)
    for i, event in enumerate(events):
        before = TableLog.objects.get(pk=log.pk).version
        try:
            tablelog.append(log.pk, event, f"h{i}", allowed=tables.players_may)
        except ServiceError as exc:
            assert str(exc)
            assert TableLog.objects.get(pk=log.pk).version == before
    # what was stored replays
    tablelog.state(TableLog.objects.get(pk=log.pk))


def test_000_9_5_the_absentee_forfeits_once_half_the_credit_has_run(dclient: Client) -> None:
    from django.db.models import F

    eid = setup_event(dclient, profile="fbs")
    check_in_all(dclient, eid)
    pair(dclient, eid)
    dclient.post(f"/classique/{eid}/pendule/", {"kind": "chess", "minutes": "20"})
    tb = Table.objects.filter(round__number=1).exclude(b="").first()
    assert tb is not None
    url = f"/classique/{eid}/table/{tb.pk}/action/"
    log = TableLog.objects.get(table=tb)
    # the director starts the absent player B's clock
    assert act(dclient, url, {"kind": "absent_clock", "player": 1, "at": 0}).status_code == 200
    early = act(dclient, url, {"kind": "forfeit", "player": 1})
    assert early.status_code == 400 and tb.b in early.json()["error"]
    TableLog.objects.filter(pk=log.pk).update(epoch=F("epoch") - 601)  # ten minutes later
    state = act(dclient, url, {"kind": "forfeit", "player": 1}).json()
    assert state["result"]["forfeit"] == 1
    # the absent player cannot sign: the arbiter's decision enters the round
    tb.refresh_from_db()
    assert tb.entered and tb.forfeit == "b" and (tb.score_a, tb.score_b) == (0, None)
    assert AuditEntry.objects.filter(action="Forfait déclaré à la table").count() == 1


def test_001_6_4_the_global_credit_used_up_ends_the_game_at_the_table(dclient: Client) -> None:
    """The director sets a global credit of 2 minutes for both (001 6.1, 6.4); once it has
    run, the table's flag ends the game and both players declare their tiles (7.3.2)."""
    eid, tb = ffsc_round(dclient)
    response = dclient.post(f"/classique/{eid}/pendule/", {"kind": "global", "minutes": "2"})
    assert response.status_code == 302
    code = code_of(dclient, eid, tb)
    url = f"/classique/table/{code}/action/"
    c = Client()
    assert act(c, url, {"kind": "toss", "rounds": [["A", "Z"]], "at": 0}).status_code == 200
    assert act(c, url, {"kind": "start", "at": 0}).status_code == 200
    assert (
        act(c, url, {"kind": "play", "player": 0, "move": "H4 MAISON", "at": 1}).status_code == 200
    )
    early = act(c, url, {"kind": "flag", "player": 1})
    assert early.status_code == 400 and "épuisé" in early.json()["error"]
    log = TableLog.objects.get(table=tb)
    log.epoch -= 150  # two and a half minutes later
    log.save(update_fields=["epoch"])
    state = c.get(f"/classique/table/{code}/etat/").json()
    assert state["clock"]["remaining"][0] <= 0 and state["clock"]["remaining"][1] <= 0
    late = act(c, url, {"kind": "pass", "player": 1})
    assert late.status_code == 400 and "crédit-temps global est épuisé" in late.json()["error"]
    ended = act(c, url, {"kind": "flag", "player": 1})
    assert ended.status_code == 200 and ended.json()["reckoning"]
    assert ended.json()["out_of_time"] == [True, True]


def _table_game(c: Client, url: str, toss: bool) -> None:
    """The start of a game of the match at the table (the toss first where it is asked)."""
    if toss:
        assert act(c, url, {"kind": "toss", "rounds": [["A", "Z"]]}).status_code == 200
    assert act(c, url, {"kind": "start"}).status_code == 200


def _finish(c: Client, players: str, arbiter: Client, arbiter_url: str, winner: int) -> Any:
    """The arbiter ends the game; ``winner`` keeps the smaller rack; both players sign."""
    assert act(arbiter, arbiter_url, {"kind": "director_end"}).status_code == 200
    racks = {winner: "EEEEEEE", 1 - winner: "KWXYZJQ"}
    for p in (0, 1):
        act(c, players, {"kind": "declare_rack", "player": p, "tiles": racks[p]})
    act(c, players, {"kind": "sign", "player": 0})
    return act(c, players, {"kind": "sign", "player": 1}).json()


@pytest.mark.parametrize("profile", ["ffsc", "fbs"])
def test_best_of_three_the_match_is_played_at_one_table_and_enters_the_round(
    dclient: Client, profile: str
) -> None:
    """Issue 18 part 2: game 1, game 2 started by the other player (001 3.2; 000 3.1), game 3
    only if needed (tossed again under FFSc, designated under FBS), each game signed; the
    games won enter the round's table result."""
    eid = setup_event(dclient, profile=profile, best_of=3)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = Table.objects.filter(round__number=1).exclude(b="").order_by("number").first()
    assert tb is not None
    code = code_of(dclient, eid, tb)
    players, arbiter = f"/classique/table/{code}/action/", f"/classique/{eid}/table/{tb.pk}/action/"
    c = Client()
    toss = profile == "ffsc"
    state = c.get(f"/classique/table/{code}/etat/").json()
    assert state["match"]["best_of"] == 3 and state["match"]["game"] == 1
    assert state["toss_needed"] is toss
    _table_game(c, players, toss)
    first = c.get(f"/classique/table/{code}/etat/").json()["starter"]
    if not toss:
        assert tb.starts and state["names"][first] == tb.starts[0]
    early = act(c, players, {"kind": "next_game"})
    assert early.status_code == 400 and "pas encore signée" in early.json()["error"]
    done = _finish(c, players, dclient, arbiter, winner=0)
    assert done["match"]["games_won"] == [1, 0] and done["match"]["next_game_due"]
    assert not done["finished"]
    tb.refresh_from_db()
    assert not tb.entered  # the match is not over
    second = act(c, players, {"kind": "next_game"}).json()
    assert second["match"]["game"] == 2 and second["starter"] == 1 - first
    assert not second["toss_needed"] and second["scores"] == [0, 0]
    _table_game(c, players, False)
    done = _finish(c, players, dclient, arbiter, winner=1)
    assert done["match"]["games_won"] == [1, 1]
    rows = dclient.get(f"/classique/{eid}/ronde/1/tables.json").json()["rows"]
    row = next(r for r in rows if r["table_id"] == tb.pk)
    assert row["match"] == "partie 2, parties gagnées 1 – 1"
    assert not row["finished"] and not row["signed"]  # the match is still in play
    third = act(c, players, {"kind": "next_game"}).json()
    assert third["match"]["game"] == 3 and third["toss_needed"] is toss
    if not toss:
        assert third["names"][third["starter"]] == tb.starts[2]
    _table_game(c, players, toss)
    done = _finish(c, players, dclient, arbiter, winner=1)
    assert done["match"]["over"] and done["match"]["winner"] == 1 and done["finished"]
    assert act(c, players, {"kind": "next_game"}).status_code == 400
    tb.refresh_from_db()
    assert tb.entered and (tb.score_a, tb.score_b) == (1, 2)
    printed = c.get(f"/classique/table/{code}/imprimer/").content.decode()
    assert "feuille de la partie 3" in printed and "Partie 1 :" in printed
    # each game's record: game 1 from the GCG export
    text = c.get(f"/classique/table/{code}/partie.gcg?partie=1").content.decode()
    assert "partie 1" in text and "result director" in text


def test_best_of_three_won_2_0_plays_no_third_game(dclient: Client) -> None:
    eid = setup_event(dclient, profile="fbs", best_of=3)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = Table.objects.filter(round__number=1).exclude(b="").order_by("number").first()
    assert tb is not None
    code = code_of(dclient, eid, tb)
    players, arbiter = f"/classique/table/{code}/action/", f"/classique/{eid}/table/{tb.pk}/action/"
    c = Client()
    _table_game(c, players, False)
    _finish(c, players, dclient, arbiter, winner=0)
    act(c, players, {"kind": "next_game"})
    _table_game(c, players, False)
    done = _finish(c, players, dclient, arbiter, winner=0)
    assert done["match"]["over"] and not done["match"]["next_game_due"]
    tb.refresh_from_db()
    assert tb.entered and (tb.score_a, tb.score_b) == (2, 0)
    assert act(c, players, {"kind": "next_game"}).status_code == 400


def test_a_friendly_game_has_its_own_audit_log(dclient: Client) -> None:
    """Like a tournament table: the creation, the start, a sanction, an overdraw, the
    director's end, the signed result and a reopening are in the friendly game's log, with
    who and why; the director's page shows it."""
    from arbitre.app.rounds.models import TableLogAudit

    response = dclient.post(
        "/classique/amicale/",
        {"a": "Ana", "b": "Éric", "profile": "ffsc", "kind": "chess", "minutes": "25"},
    )
    code = response["Location"].rstrip("/").rsplit("/", 1)[1]
    log = TableLog.objects.get(code=code)
    director, players = f"/classique/amicale/{code}/action/", f"/classique/table/{code}/action/"
    c = Client()
    assert act(c, players, {"kind": "start"}).status_code == 200
    act(c, players, {"kind": "play", "player": 0, "move": "H4 MAISON"})
    sanction = {"kind": "sanction", "player": 1, "sanction": "points", "points": 10}
    assert act(dclient, director, {**sanction, "reason": "bruit"}).status_code == 200
    act(dclient, director, {"kind": "overdraw", "player": 0, "extra": 1, "how": "seen"})
    act(dclient, director, {"kind": "director_end"})
    act(c, players, {"kind": "declare_rack", "player": 0, "tiles": "EEEEEEE"})
    act(c, players, {"kind": "declare_rack", "player": 1, "tiles": "AAAAAAA"})
    act(c, players, {"kind": "sign", "player": 0})
    assert act(c, players, {"kind": "sign", "player": 1}).json()["finished"]
    dclient.post(f"/classique/amicale/{code}/rouvrir/", {"reason": "erreur de décompte"})
    assert not Client().get(f"/classique/table/{code}/etat/").json()["finished"]
    entries = list(TableLogAudit.objects.filter(table_log=log).order_by("id"))
    assert [e.action for e in entries] == [
        "Partie amicale créée",
        "Partie commencée à la table",
        "Sanction à la table",
        "Lettres en trop à la table",
        "Partie arrêtée par le directeur",
        "Résultat signé à la table",
        "Feuille de table rouverte",
    ]
    by = {e.action: e for e in entries}
    assert by["Sanction à la table"].reason == "bruit"
    assert by["Sanction à la table"].after == {"joueur": "Éric", "sanction": "points", "points": 10}
    assert by["Sanction à la table"].user is not None  # the director
    assert by["Partie commencée à la table"].user is None  # the players, no account
    assert by["Résultat signé à la table"].after == {"scores": [18 - 5 - 7, -10 - 7]}
    assert by["Feuille de table rouverte"].reason == "erreur de décompte"
    page = dclient.get(f"/classique/amicale/{code}/").content.decode()
    assert "Journal de la partie" in page and "erreur de décompte" in page
    # a second reopening has nothing to reopen
    again = dclient.post(f"/classique/amicale/{code}/rouvrir/", {"reason": "x"}, follow=True)
    assert "pas signée" in again.content.decode()
    assert "Journal de la partie" not in Client().get(f"/classique/table/{code}/").content.decode()


def test_a_tournament_tables_start_and_sanctions_are_in_the_events_log(dclient: Client) -> None:
    eid, tb = ffsc_round(dclient)
    code = code_of(dclient, eid, tb)
    players, arbiter = f"/classique/table/{code}/action/", f"/classique/{eid}/table/{tb.pk}/action/"
    c = Client()
    act(c, players, {"kind": "toss", "rounds": [["A", "Z"]]})
    act(c, players, {"kind": "start"})
    sanction = {"kind": "sanction", "player": 0, "sanction": "warning", "reason": "téléphone"}
    assert act(dclient, arbiter, sanction).status_code == 200
    target = f"ronde 1, table {tb.number}"
    log = AuditEntry.objects.filter(tournament__event_id=eid, target=target).order_by("id")
    assert [e.action for e in log] == ["Partie commencée à la table", "Sanction à la table"]
    assert log.last().reason == "téléphone"


def test_best_of_three_under_fbs_without_recorded_starters_asks_no_toss(dclient: Client) -> None:
    """A table set by hand with no starters recorded: under FBS the tournament designates
    (player A by default), never a toss; game 3 the same player."""
    eid = setup_event(dclient, profile="fbs", best_of=3)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = Table.objects.filter(round__number=1).exclude(b="").order_by("number").first()
    assert tb is not None
    tb.starts = []
    tb.save()
    setup = TableLog.objects.get(table=tb).setup
    assert setup["starters"] == [0, None, 0] and setup["best_of"] == 3
    state = Client().get(f"/classique/table/{code_of(dclient, eid, tb)}/etat/").json()
    assert not state["toss_needed"] and state["starter"] == 0


def test_a_sheet_signed_after_its_table_was_re_paired_is_left_to_the_arbiter(
    dclient: Client,
) -> None:
    """The director exchanges two players (override of the pairing) while a table's game is
    under way: the sheet was played by the players it names, so its signed result does not
    enter the round for the table's new players by side; the arbiter enters it."""
    eid, tb = ffsc_round(dclient)
    code = code_of(dclient, eid, tb)
    c = Client()
    url = f"/classique/table/{code}/action/"
    for e in ({"kind": "toss", "rounds": [["A", "Z"]]}, {"kind": "start"}):
        assert act(c, url, e).status_code == 200
    names = [tb.a, tb.b]
    other = Table.objects.filter(round__number=1).exclude(pk=tb.pk).exclude(b="").first()
    assert other is not None
    dclient.post(
        f"/classique/{eid}/ronde/1/modifier/",
        {"first": tb.a, "second": other.a, "reason": "erreur de pointage"},
    )
    tb.refresh_from_db()
    assert tb.a == other.a  # the table now pairs another player
    for p in (0, 1, 0, 1, 0, 1):
        act(c, url, {"kind": "pass", "player": p})
    for p, rack in ((0, "EEEEEEE"), (1, "KWXYZJQ")):
        act(c, url, {"kind": "declare_rack", "player": p, "tiles": rack})
    act(c, url, {"kind": "sign", "player": 0})
    state = act(c, url, {"kind": "sign", "player": 1}).json()
    assert state["finished"] and state["names"] == names
    tb.refresh_from_db()
    assert not tb.entered and tb.score_a is None


def test_a_pairing_whose_game_has_begun_at_a_table_is_not_undone(dclient: Client) -> None:
    """Undoing a pairing deletes its round, and with it each table's sheet and clock: once a
    game has begun at a table (the toss and the start recorded) the undo is refused, in
    French, and the sheet stays whole; before, the round and its sheets were deleted."""
    eid, tb = ffsc_round(dclient)
    code = code_of(dclient, eid, tb)
    url = f"/classique/table/{code}/action/"
    c = Client()
    for e in ({"kind": "toss", "rounds": [["A", "Z"]]}, {"kind": "start"}):
        assert act(c, url, e).status_code == 200
    before = TableLog.objects.get(table=tb).events
    said = messages_of(dclient.post(f"/classique/{eid}/ronde/1/annuler/", follow=True))[-1]
    assert said == (
        f"La partie de la table {tb.number} a commencé (feuille ou pendule) : annuler "
        "l'appariement effacerait ce qu'elle a enregistré."
    )
    assert TableLog.objects.get(table=tb).events == before
    assert Table.objects.filter(round__number=1).exists()


@pytest.mark.parametrize(
    ("profile", "cited", "not_cited"),
    [("ffsc", "001 3.6", "000 3.3"), ("fbs", "000 3.3", "001 3.6")],
)
def test_the_table_page_cites_its_own_federations_article_for_the_start(
    dclient: Client, profile: str, cited: str, not_cited: str
) -> None:
    """The second player starts the clock: 001 3.6 for the FFSc, 000 3.3 for the FBS; a
    Belgian table never cites the French regulation (issue 35)."""
    eid = setup_event(dclient, profile=profile)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    tb = Table.objects.filter(round__number=1).exclude(b="").order_by("number").first()
    assert tb is not None
    html = Client().get(f"/classique/table/{code_of(dclient, eid, tb)}/").content.decode()
    assert f"démarre la pendule ({cited})" in html and f"pendule ({not_cited})" not in html
