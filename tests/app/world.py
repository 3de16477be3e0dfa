"""A small world of events for the tests that visit every page: two events of each game,
their director, an arbiter of each, and the objects every URL argument names."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

PASSWORD = "Sécurité-des-tournois-2026"


def _user(model: Any, username: str, group: str | None = None, superuser: bool = False) -> Any:
    from django.contrib.auth.models import Group

    from arbitre.app.events.roles import ensure_groups

    ensure_groups()
    if superuser:
        return model.objects.create_superuser(username=username, password=PASSWORD)
    user = model.objects.create_user(username=username, password=PASSWORD)
    if group:
        user.groups.add(Group.objects.get(name=group))
    return user


@pytest.fixture
def world(django_user_model: Any) -> dict[str, Any]:
    """Two events of each game; the event director, its arbiter, and an arbiter of another
    event; objects for every URL argument (a round paired, a table, an entrant, a player)."""
    from arbitre.app.backgammon.game import GAME as BACKGAMMON
    from arbitre.app.classic.game import GAME as CLASSIC
    from arbitre.app.duplicate.models import DuplicateEvent, Game, Registration
    from arbitre.app.events.models import Event
    from arbitre.app.events.roles import ARBITER as ARB
    from arbitre.app.events.roles import DIRECTOR as DIR
    from arbitre.app.events.roles import grant
    from arbitre.app.rounds import services
    from arbitre.app.rounds.games import PlayerRow

    admin = _user(django_user_model, "admin", superuser=True)
    director = _user(django_user_model, "directrice", DIR)
    arbiter = _user(django_user_model, "arbitre", ARB)
    stranger = _user(django_user_model, "arbitre-ailleurs", ARB)
    events: dict[str, Any] = {}
    day = datetime.date(2026, 11, 22)
    for kind in ("duplicate", "classic", "backgammon"):
        for which in ("mine", "other"):
            if kind == "duplicate":
                ev = Event.objects.create(name=f"{kind} {which}", kind=kind, date=day)
                dup = DuplicateEvent.objects.create(event=ev, games_planned=1, lexicon_name="x")
                Game.objects.create(duplicate=dup, number=1)
                Registration.objects.create(duplicate=dup, licence="L1", name="UN", table=1)
            else:
                game = CLASSIC if kind == "classic" else BACKGAMMON
                data = {"name": f"{kind} {which}", "date": day, "place": "", "rounds": 3}
                if kind == "backgammon":
                    data["match_length"] = 5
                ev = services.create_tournament(game, data, admin)
                t = ev.tournament
                rows = [PlayerRow(f"P{i}", 1500 + i) for i in range(4)]
                services.register(game, t, rows, admin)
                services.check_in(t, {e.pk for e in t.entrants.all()}, admin)
                services.pair_next_round(game, t, admin)
            events[f"{kind}-{which}"] = ev
        grant(events[f"{kind}-mine"].pk, director, DIR)
        grant(events[f"{kind}-mine"].pk, arbiter, ARB)
        grant(events[f"{kind}-other"].pk, stranger, ARB)
    return {
        "events": events,
        "users": {"director": director, "arbiter": arbiter, "stranger": stranger, "admin": admin},
    }


def arguments(route: str, name: str, world: dict[str, Any]) -> dict[str, Any]:
    from arbitre.app.rounds.models import Entrant, Table

    game = name.split(":")[0]
    kind = {"events": "classic", "ranking": "duplicate", "federation": "duplicate"}.get(game, game)
    event = world["events"].get(f"{kind}-mine")
    values: dict[str, Any] = {}
    if "<int:event_id>" in route:
        values["event_id"] = event.pk
    if "<int:number>" in route:
        values["number"] = 1
    if "<int:table_id>" in route:
        values["table_id"] = Table.objects.filter(round__tournament__event=event).first().pk
    if "<int:entrant_id>" in route:
        values["entrant_id"] = Entrant.objects.filter(tournament__event=event).first().pk
    if "<int:registration_id>" in route:  # a pair's entry (a player's here: not found)
        from arbitre.app.duplicate.models import Registration

        values["registration_id"] = Registration.objects.filter(duplicate__event=event).first().pk
    if "<int:user_id>" in route:
        values["user_id"] = world["users"]["arbiter"].pk
    if "<path:licence>" in route:
        values["licence"] = "L1"
    if "<str:uid>" in route:  # an upload id of the federation's API
        values["uid"] = "club-1"
    if "<int:upload_id>" in route:
        values["upload_id"] = 1
    if "<int:simultane_id>" in route or "<int:received_id>" in route:  # simultanés (issue 38)
        values["simultane_id" if "simultane_id" in route else "received_id"] = 1
    if "<str:mid>" in route:  # a match of the final stage (issue 33)
        values["mid"] = "QF1"
    if "<slug:role>" in route:
        values["role"] = "arbitre"
    if "<int:player_id>" in route:  # a player of the event (an entrant here)
        values["player_id"] = Entrant.objects.filter(tournament__event=event).first().pk
    if name.startswith("classic:table") and ("<str:code>" in route or "table_id" in values):
        # Classic at the table (issue 18): a table with two players, its code
        from arbitre.app.classic import tables

        tb = Table.objects.filter(round__tournament__event=event).exclude(b="").first()
        if "table_id" in values:
            values["table_id"] = tb.pk
        if "<str:code>" in route:
            values["code"] = tables.ensure_logs(tb.round.tournament, tb.round)[0].code
    if name.startswith("backgammon:table_") and "<str:code>" in route:
        # backgammon at the table (issue 19): the code of a table with two players
        from arbitre.app.rounds.models import TableLog

        values["code"] = TableLog.objects.filter(table__round__tournament__event=event).first().code
    if "<int:log_id>" in route:  # a final-phase game at the table (issue 35, item 3)
        values["log_id"] = _final_game(event).pk
    return values


def _final_game(event: Any) -> Any:
    """A game of the event's final phase at its table (the log the final phase makes)."""
    from arbitre.app.classic import finaltables, tablesetup
    from arbitre.app.rounds import tablelog

    t = event.tournament
    found = finaltables.logs(t).get("F")
    if found:
        return found[0]
    names = tuple(t.entrants.order_by("pk").values_list("name", flat=True)[:2])
    setup = {**tablesetup.game_setup(t, names, 0), "tournament": t.pk, "final": "F", "game": 1}
    return tablelog.create_log(tablesetup.KIND, setup, title=str(event))
