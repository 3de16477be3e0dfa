"""The game-neutral table log (issue 18, step 1): codes, idempotent appends validated by the
game's engine, versions, nothing stored on a refusal; a game plugs its engine in by kind."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.app.rounds import tablelog
from arbitre.app.rounds.models import TableLog
from arbitre.app.rounds.services import ServiceError
from arbitre.common import Message, Refusal

pytestmark = pytest.mark.django_db


class Counter:
    """A toy engine: ``add`` events must raise the total by 1 to 3, times never go back."""

    def __init__(self) -> None:
        self.total = 0
        self.last_at = 0.0

    def apply(self, event: dict[str, Any]) -> None:
        if event["kind"] != "add" or not 1 <= int(event.get("n", 0)) <= 3:
            raise Refusal(Message.of("classic_table.unknown_event", kind=event["kind"]))
        self.total += int(event["n"])
        self.last_at = float(event["at"])


class CounterAdapter:
    def __init__(self) -> None:
        self.stored_events: list[dict[str, Any]] = []

    def replay(self, log: TableLog) -> Counter:
        c = Counter()
        for e in log.events:
            c.apply(e)
        return c

    def apply(self, state: Counter, event: dict[str, Any]) -> None:
        state.apply(event)

    def describe(self, log: TableLog, state: Counter, at: float) -> dict[str, Any]:
        return {"total": state.total}

    def stored(self, log: TableLog, state: Counter, event: dict[str, Any]) -> None:
        self.stored_events.append(event)


@pytest.fixture
def adapter() -> CounterAdapter:
    a = CounterAdapter()
    tablelog.register("counter", a)
    return a


def test_a_code_uses_only_unambiguous_characters_and_is_unique(adapter: CounterAdapter) -> None:
    logs = [tablelog.create_log("counter", {}) for _ in range(30)]
    codes = {log.code for log in logs}
    assert len(codes) == 30
    for code in codes:
        assert len(code) == tablelog.CODE_LENGTH
        assert not set(code) & set("0O1IL2Z5S8B")
    # typed in lower case with a space: the same table
    typed = logs[0].code.lower()[:3] + " " + logs[0].code.lower()[3:]
    assert tablelog.log_by_code(typed).pk == logs[0].pk


def test_an_unknown_code_is_refused() -> None:
    with pytest.raises(ServiceError, match="Code de table inconnu"):
        tablelog.log_by_code("AAAAAA")


def test_an_event_is_stored_once_whatever_the_number_of_times_it_is_sent(
    adapter: CounterAdapter,
) -> None:
    log = tablelog.create_log("counter", {}, epoch=1000.0)
    first = tablelog.append(log.pk, {"kind": "add", "n": 2, "at": 5}, "press-1", now=1010.0)
    again = tablelog.append(log.pk, {"kind": "add", "n": 2, "at": 5}, "press-1", now=1011.0)
    assert not first.repeated and again.repeated
    log.refresh_from_db()
    assert log.version == 1 and len(log.events) == 1
    assert tablelog.state(log, now=1012.0)["total"] == 2
    assert adapter.stored_events == [{"kind": "add", "n": 2, "at": 5.0}]


def test_a_refused_event_stores_nothing_and_is_worded_in_french(adapter: CounterAdapter) -> None:
    log = tablelog.create_log("counter", {}, epoch=1000.0)
    tablelog.append(log.pk, {"kind": "add", "n": 1, "at": 1}, "a", now=1002.0)
    with pytest.raises(ServiceError, match="inconnu"):
        tablelog.append(log.pk, {"kind": "add", "n": 9, "at": 2}, "b", now=1003.0)
    log.refresh_from_db()
    assert log.version == 1 and log.client_ids == ["a"] and len(log.events) == 1
    # the refused press may be corrected and sent again under the same id
    tablelog.append(log.pk, {"kind": "add", "n": 3, "at": 2}, "b", now=1003.0)
    assert tablelog.state(TableLog.objects.get(pk=log.pk), now=1004.0)["total"] == 4


def test_times_are_clamped_to_the_server_clock_and_never_run_backwards(
    adapter: CounterAdapter,
) -> None:
    log = tablelog.create_log("counter", {}, epoch=1000.0)
    tablelog.append(log.pk, {"kind": "add", "n": 1, "at": 500}, "a", now=1010.0)
    log.refresh_from_db()
    assert log.events[-1]["at"] == 10.0 + tablelog.CLOCK_SKEW  # a press far in the future
    # a press queued offline, older than the last stored one, is applied at that time
    tablelog.append(log.pk, {"kind": "add", "n": 1, "at": 3}, "b", now=1020.0)
    log.refresh_from_db()
    assert log.events[-1]["at"] == log.events[-2]["at"]
    # no time given: the server's
    tablelog.append(log.pk, {"kind": "add", "n": 1}, "c", now=1030.0)
    log.refresh_from_db()
    assert log.events[-1]["at"] == 30.0


@pytest.mark.parametrize(
    ("event", "client_id", "message"),
    [
        ("add", "x", "Action illisible"),
        ({"n": 1}, "x", "Action illisible"),
        ({"kind": "add", "n": 1, "pad": "x" * 5000}, "x", "Action trop longue"),
        ({"kind": "add", "n": 1}, "", "Action sans identifiant"),
    ],
)
def test_bad_input_is_refused_clearly(
    adapter: CounterAdapter, event: Any, client_id: str, message: str
) -> None:
    log = tablelog.create_log("counter", {})
    with pytest.raises(ServiceError, match=message):
        tablelog.append(log.pk, event, client_id)
    assert TableLog.objects.get(pk=log.pk).version == 0


def test_a_kind_without_engine_is_refused() -> None:
    with pytest.raises(ServiceError):
        tablelog.create_log("chess-boxing", {})


def test_drop_last_removes_only_the_trailing_events_of_the_kinds(adapter: CounterAdapter) -> None:
    log = tablelog.create_log("counter", {})
    TableLog.objects.filter(pk=log.pk).update(
        events=[
            {"kind": "add", "n": 1},
            {"kind": "sign"},
            {"kind": "add", "n": 1},
            {"kind": "sign"},
        ]
    )
    dropped = tablelog.drop_last(log.pk, frozenset({"sign"}))
    log.refresh_from_db()
    assert dropped == [{"kind": "sign"}] and len(log.events) == 3 and log.version == 1
