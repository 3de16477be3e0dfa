"""Table codes on the venue's network (issue 34, item 4), through the Django test client:
each player signs with their own PIN, a code acts on its own table only, guessing codes is
throttled per client and the lock-out shown to the director, codes drawn before stay valid."""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest
from django.test import Client
from django_ratelimit.core import _get_window

from arbitre.app.rounds import codeguard, tablelog
from arbitre.app.rounds.models import AuditEntry, Table, TableLog
from tests.app_rounds.test_classic_table_web import (  # noqa: F401 - clock: autouse fixture
    LEXICON,
    act,
    clock,
    code_of,
    ffsc_round,
    play_game,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def lexicon(monkeypatch: pytest.MonkeyPatch) -> None:
    from arbitre.app import wordlists

    monkeypatch.setattr(wordlists, "_lexicons", {"": LEXICON})


def _to_result(c: Client, url: str) -> dict[str, Any]:
    """The game of :func:`play_game` ended by six scoreless turns and both racks declared."""
    play_game(c, url)
    act(c, url, {"kind": "challenge", "player": 1, "words": ["MA"], "at": 32})
    act(c, url, {"kind": "ruling", "at": 40})
    at = 50
    for p in (1, 0, 1, 0, 1, 0):
        act(c, url, {"kind": "pass", "player": p, "at": at})
        at += 5
    act(c, url, {"kind": "declare_rack", "player": 0, "tiles": "EEEEEEE"})
    state = act(c, url, {"kind": "declare_rack", "player": 1, "tiles": "BCDFGHJ"}).json()
    assert state["result"] is not None and state["signed"] == [False, False]
    return dict(state)


def _refusals(reason: str) -> int:
    return sum(
        1
        for e in AuditEntry.objects.filter(action=tablelog.REFUSED_ACTION)
        if e.after.get("motif") == reason
    )


def test_each_player_signs_alone_with_their_own_pin(dclient: Client) -> None:
    """One device, two "Signer" buttons: a player cannot sign for the opponent without the
    opponent's PIN (printed on the opponent's own part of the slip); past a few wrong PINs the
    table's signatures are locked, and the arbiter signs from the arbiter's page."""
    eid, tb = ffsc_round(dclient)
    code = code_of(dclient, eid, tb)
    log = TableLog.objects.get(table=tb)
    assert len(log.pins) == 2 and log.pins[0] != log.pins[1]
    assert all(len(p) == tablelog.PIN_LENGTH and p.isdigit() for p in log.pins)
    url = f"/classique/table/{code}/action/"
    c = Client()
    _to_result(c, url)
    # player 0 tries to sign for player 1 with their own PIN, then with none
    for pin in (log.pins[0], ""):
        refused = act(c, url, {"kind": "sign", "player": 1, "pin": pin})
        assert refused.status_code == 400 and "Code personnel faux" in refused.json()["error"]
    state = act(c, url, {"kind": "sign", "player": 0, "pin": log.pins[0]}).json()
    assert state["signed"] == [True, False]
    stored = TableLog.objects.get(table=tb).events[-1]
    assert stored["kind"] == "sign" and stored["proof"] == "pin" and "pin" not in stored
    assert _refusals("code personnel faux") == 2
    allowed = int(codeguard.PIN_RATE.split("/")[0])
    for _ in range(allowed + 1 - 2):  # one more than the wrong PINs a table may see
        assert act(c, url, {"kind": "sign", "player": 1, "pin": "0000"}).status_code == 400
    locked = act(c, url, {"kind": "sign", "player": 1, "pin": log.pins[1]})
    assert locked.status_code == 400 and "appelez l'arbitre" in locked.json()["error"]
    assert TableLog.objects.get(table=tb).events[-1]["player"] == 0
    arbiter = f"/classique/{eid}/table/{tb.pk}/action/"
    state = act(dclient, arbiter, {"kind": "sign", "player": 1}).json()
    assert state["finished"]
    events = TableLog.objects.get(table=tb).events
    assert [e.get("proof") for e in events if e["kind"] == "sign"] == ["pin", "arbitre"]
    tb.refresh_from_db()
    assert tb.entered


def test_a_request_with_table_2s_code_cannot_act_on_table_3(dclient: Client) -> None:
    """The attack of issue 34: from table 2's page, a toss recorded at table 3. A request
    sent with table 2's code acts on table 2 only; one that names table 3 is refused and
    logged for the director."""
    eid, _ = ffsc_round(dclient)
    two, three = Table.objects.filter(round__number=1).exclude(b="").order_by("number")[:2]
    code2, code3 = code_of(dclient, eid, two), code_of(dclient, eid, three)
    c = Client()
    toss = {"kind": "toss", "rounds": [["A", "Z"]], "table": code3}
    refused = act(c, f"/classique/table/{code2}/action/", toss)
    assert refused.status_code == 400 and "autre table" in refused.json()["error"]
    assert TableLog.objects.get(table=three).events == []
    assert TableLog.objects.get(table=two).events == []
    entry = AuditEntry.objects.get(action=tablelog.REFUSED_ACTION)
    assert entry.target == f"ronde 1, table {two.number}" and entry.after["motif"] == "autre table"
    # the page's own requests name their own table
    toss["table"] = code2
    assert act(c, f"/classique/table/{code2}/action/", toss).status_code == 200
    assert TableLog.objects.get(table=three).events == []


def _address() -> str:
    """A client address of its own whose throttle window does not end in the next 30 s (the
    test's guesses all count in one window)."""
    while True:
        address = f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"
        if _get_window(address, 60) - time.time() > 30:
            return address


def test_guessing_codes_is_throttled_per_client_and_the_lockout_shown(dclient: Client) -> None:
    eid, tb = ffsc_round(dclient)
    code = code_of(dclient, eid, tb)
    address = _address()
    guesser = Client(REMOTE_ADDR=address)
    allowed = int(codeguard.RATE.split("/")[0])
    for i in range(allowed + 1):
        wrong = guesser.get(f"/classique/table/{'ACDEFGHJ'[i % 8] * 8}/etat/")
        assert wrong.status_code == 404 and wrong.json()["error"] == "Code de table inconnu."
    # locked out: even a right code is refused, on every page a code opens
    for path in (f"/classique/table/{code}/etat/", f"/backgammon/table/{code}/etat/"):
        locked = guesser.get(path)
        assert locked.status_code == 404 and "Trop de codes" in locked.json()["error"]
    assert "Trop de codes" in guesser.get(f"/classique/table/?code={code}").content.decode()
    # another client of the hall is not
    assert Client(REMOTE_ADDR="10.250.0.1").get(f"/classique/table/{code}/etat/").status_code == 200
    overview = dclient.get(f"/classique/{eid}/ronde/1/tables/").content.decode()
    assert 'id="code-lockouts"' in overview and address in overview


def test_codes_drawn_before_stay_valid_and_new_ones_are_longer(dclient: Client) -> None:
    """Decision of issue 34: no data migration; a six-character code of a running round
    opens its table until the round ends; codes drawn from now on have 8 characters and no
    0/O/1/I/L."""
    eid, tb = ffsc_round(dclient)
    TableLog.objects.filter(table=tb).update(code="ACDEFG")
    assert Client().get("/classique/table/acd-efg/etat/").status_code == 200
    for log in TableLog.objects.exclude(table=tb):
        assert len(log.code) == 8 and not set(log.code) & set("0O1IL")
