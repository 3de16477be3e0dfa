"""The game-neutral table log (issue 18, step 1): codes, idempotent appends validated by the
game's engine, versions, nothing stored on a refusal; a game plugs its engine in by kind."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.app.rounds import tablelog
from arbitre.app.rounds.models import TableLog, TableLogAudit
from arbitre.app.rounds.services import ServiceError
from arbitre.common import Message, Refusal
from tests.support import depth

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
        tablelog.log_by_code("AAAAAAAA")


def test_an_event_is_stored_once_whatever_the_number_of_times_it_is_sent(
    adapter: CounterAdapter,
) -> None:
    log = tablelog.create_log("counter", {}, epoch=1000.0)
    first = tablelog.append(log.pk, {"kind": "add", "n": 2}, "press-1", now=1010.0)
    again = tablelog.append(log.pk, {"kind": "add", "n": 2}, "press-1", now=1011.0)
    assert not first.repeated and again.repeated
    log.refresh_from_db()
    assert log.version == 1 and len(log.events) == 1
    assert tablelog.state(log, now=1012.0)["total"] == 2
    assert adapter.stored_events == [{"kind": "add", "n": 2, "at": 10.0}]


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


def _stored_at(log: TableLog) -> list[float]:
    log.refresh_from_db()
    return [e["at"] for e in log.events]


def test_each_press_is_stamped_on_arrival_by_the_servers_clock(adapter: CounterAdapter) -> None:
    """Issue 34: the clock's time is the server's. A press with no claim, or with its own
    ``at`` within a second of its arrival (a page loaded before), is stored at its arrival."""
    log = tablelog.create_log("counter", {}, epoch=1000.0)
    done = tablelog.append(log.pk, {"kind": "add", "n": 1}, "a", now=1010.0)
    tablelog.append(log.pk, {"kind": "add", "n": 1, "at": 19.5}, "b", now=1020.0)
    assert _stored_at(log) == [10.0, 20.0] and done.stamped == 10.0


def _refused_press(log: TableLog, event: dict[str, Any], now: float, reason: str) -> None:
    """``event`` is refused as forged, nothing is stored, and the refusal is logged."""
    before = TableLog.objects.get(pk=log.pk)
    with pytest.raises(tablelog.ForgedEvent) as caught:
        tablelog.append(log.pk, event, f"forged-{now}", now=now)
    after = TableLog.objects.get(pk=log.pk)
    assert (after.events, after.version) == (before.events, before.version)
    tablelog.note_refusal(caught.value)
    entry = TableLogAudit.objects.filter(table_log=log).order_by("-id").first()
    assert entry is not None and entry.action == tablelog.REFUSED_ACTION
    assert entry.after["motif"] == reason


def test_a_press_claiming_8_seconds_back_while_online_is_refused_and_logged(
    adapter: CounterAdapter,
) -> None:
    """The attack of issue 34: the opponent pressed at 10 s; at 20 s a player sends a press
    saying 12 s, moving 8 s of their own thinking onto the opponent's clock."""
    log = tablelog.create_log("counter", {}, epoch=1000.0)
    tablelog.append(log.pk, {"kind": "add", "n": 1}, "opponent", now=1010.0)
    _refused_press(log, {"kind": "add", "n": 1, "at": 12.0}, 1020.0, "heure annoncée")
    # a claim in the future is no better (it would charge the other player)
    _refused_press(log, {"kind": "add", "n": 1, "at": 30.0}, 1020.0, "heure annoncée")
    # and the same press, honest, is stored at its arrival
    tablelog.append(log.pk, {"kind": "add", "n": 1}, "honest", now=1020.0)
    assert _stored_at(log) == [10.0, 20.0]


def test_a_press_claiming_a_time_before_the_last_stored_press_is_refused(
    adapter: CounterAdapter,
) -> None:
    """An offline press counted from an old acknowledged press (at 10 s) that lands before
    the press stored since (at 20 s): out of order, refused and logged."""
    log = tablelog.create_log("counter", {}, epoch=1000.0)
    tablelog.append(log.pk, {"kind": "add", "n": 1}, "a", now=1010.0)
    tablelog.append(log.pk, {"kind": "add", "n": 1}, "other-device", now=1020.0)
    offline = {"since": 10.0, "elapsed": 4.0}
    _refused_press(
        log, {"kind": "add", "n": 1, "offline": offline}, 1025.0, "avant le dernier appui"
    )


def test_an_offline_sequence_within_the_tolerance_is_applied_at_the_devices_times(
    adapter: CounterAdapter,
) -> None:
    """The network drops after the press acknowledged at 10 s; the device counts 4 s and
    then 9 s before its next two presses and sends both when the network is back, at 25 s
    and 26 s: they are stored at 14 s and 19 s, within the tolerance."""
    log = tablelog.create_log("counter", {}, epoch=1000.0)
    tablelog.append(log.pk, {"kind": "add", "n": 1}, "a", now=1010.0)
    first = {"kind": "add", "n": 1, "offline": {"since": 10.0, "elapsed": 4.0}}
    done = tablelog.append(log.pk, first, "b", now=1025.0)
    second = {"kind": "add", "n": 1, "offline": {"since": done.stamped, "elapsed": 5.0}}
    tablelog.append(log.pk, second, "c", now=1026.0)
    assert _stored_at(log) == [10.0, 14.0, 19.0]
    assert tablelog.OFFLINE_TOLERANCE < 60


@pytest.mark.parametrize(
    ("offline", "now", "reason"),
    [
        # made 40 s before it arrived: beyond the tolerance (the press is pressed again)
        ({"since": 10.0, "elapsed": 0.5}, 1050.5, "hors ligne trop ancien"),
        # counted from a time no stored event has
        ({"since": 11.0, "elapsed": 3.0}, 1016.0, "hors ligne sans appui enregistré"),
        # a time still to come
        ({"since": 10.0, "elapsed": 30.0}, 1016.0, "heure à venir"),
        ({"since": 10.0, "elapsed": -3.0}, 1016.0, "hors ligne illisible"),
        ("yesterday", 1016.0, "hors ligne illisible"),
    ],
)
def test_an_offline_claim_outside_the_rules_is_refused_and_logged(
    adapter: CounterAdapter, offline: Any, now: float, reason: str
) -> None:
    log = tablelog.create_log("counter", {}, epoch=1000.0)
    tablelog.append(log.pk, {"kind": "add", "n": 1}, "a", now=1010.0)
    _refused_press(log, {"kind": "add", "n": 1, "offline": offline}, now, reason)


def test_a_press_for_another_tables_clock_is_refused_and_logged(adapter: CounterAdapter) -> None:
    """A press sent with table 2's code that names table 3's (a device moved, a crafted
    request) changes neither table."""
    table2 = tablelog.create_log("counter", {}, epoch=1000.0)
    table3 = tablelog.create_log("counter", {}, epoch=1000.0)
    event = {"kind": "add", "n": 1, "table": table3.code.lower()}
    _refused_press(table2, event, 1010.0, "autre table")
    assert TableLog.objects.get(pk=table3.pk).events == []
    # its own code is accepted
    tablelog.append(table2.pk, {"kind": "add", "n": 1, "table": table2.code}, "own", now=1011.0)
    assert _stored_at(table2) == [11.0]


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


@settings(
    max_examples=depth(80),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    steps=st.lists(
        st.tuples(
            st.floats(min_value=0.0, max_value=60.0),  # seconds the server's clock moves on
            st.one_of(
                st.none(),  # an online press
                st.tuples(st.integers(0, 5), st.floats(min_value=-5.0, max_value=90.0)),
            ),  # offline: how many events back its "since" is, the seconds it counted
        ),
        max_size=12,
    )
)
def test_whatever_the_claims_a_stored_time_lies_within_the_rules(
    adapter: CounterAdapter, steps: list[tuple[float, Any]]
) -> None:
    """Issue 34, read from its text: every stored time is at most the arrival, never before
    the previous stored time, and never more than the tolerance before its arrival; a press
    refused stores nothing."""
    log = tablelog.create_log("counter", {}, epoch=1000.0)
    clock = 1000.0
    for i, (wait, offline) in enumerate(steps):
        clock += wait
        event: dict[str, Any] = {"kind": "add", "n": 1}
        log.refresh_from_db()
        before = [e["at"] for e in log.events]
        if offline is not None and before:
            back, elapsed = offline
            event["offline"] = {"since": before[max(0, len(before) - 1 - back)], "elapsed": elapsed}
        try:
            tablelog.append(log.pk, event, f"p{i}", now=clock)
        except tablelog.ForgedEvent:
            assert _stored_at(log) == before
            continue
        after = _stored_at(log)
        assert after[:-1] == before
        arrival = round(clock - 1000.0, 3)
        assert after[-1] <= max(arrival, before[-1] if before else 0.0)
        assert not before or after[-1] >= before[-1]
        assert after[-1] >= arrival - tablelog.OFFLINE_TOLERANCE
