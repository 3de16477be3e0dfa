"""The standings the public pages show, kept change by change in the server's memory
(:mod:`arbitre.app.duplicate.standings`), equal the event built from scratch from the database
(:func:`services.build_event`, the reference) after random sequences of what happens in a
hall: ballots entered and corrected (warnings, disciplinary warnings), moves played,
annulled (5.2) and taken back, late arrivals (5.1), withdrawals, an arbiter changed (the
compensation's group, 4.6), a ballot deleted behind the services' back. A ballot is applied
alone, without reading the event again."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.test import Client

from arbitre.app.duplicate import ballots, changes, public, services, setup, standings
from arbitre.app.duplicate.models import BallotEntry, Game, Registration
from arbitre.app.duplicate.services import ServiceError
from tests.app_duplicate.test_duplicate_web_flow import play_first_move

pytestmark = pytest.mark.django_db

TEXTS = ["top", "top", "0", "5", "12", "vide", "aucun", "top +disc", "H4 MAISON 19"]


def same_as_the_reference(dup: Any) -> dict[str, int]:
    """The kept event equals the reference, and so does the public page's JSON; what the
    reading did."""
    kept = standings.current_event(dup)
    reading = standings.last_reading(dup)
    reference = services.build_event(dup)
    assert kept.standings_table().to_json() == reference.standings_table().to_json()
    for series in (1, 2):
        assert (
            kept.standings_table(series=series).to_json()
            == reference.standings_table(series=series).to_json()
        )
    assert kept.missing_ballots() == reference.missing_ballots()
    for mine, theirs in zip(kept.games, reference.games, strict=True):
        for p in reference.players:
            assert kept.sheet(mine, p.licence) == reference.sheet(theirs, p.licence)
    page = Client().get(f"/public/duplicate/{dup.event_id}/classement.json").json()
    shown = [{k: v for k, v in row.items() if k != "above_top"} for row in page["standings"]]
    expected = [public.shown_row(row, False) for row in reference.standings_table().rows]
    assert shown == json.loads(json.dumps(expected))
    return reading


def enter(game: Game, reg: Registration, move: int, text: str, user: Any) -> bool:
    existing = BallotEntry.objects.filter(game=game, registration=reg, move_number=move).first()
    try:
        ballots.enter_ballot(game.pk, reg.pk, move, text, existing.version if existing else 0, user)
    except ServiceError:
        return False
    return True


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kept_standings_equal_the_reference_after_random_operations(
    event: Any, director: Any, seed: int
) -> None:
    rng = random.Random(seed)
    players = list(event.players.all())
    game = play_first_move(event, director)
    same_as_the_reference(event)
    for _ in range(30):
        game = Game.objects.get(pk=game.pk)
        played = len(services.engine_of(game).moves)
        roll = rng.random()
        if roll < 0.6 and played:
            move = rng.randint(1, played)
            if enter(game, rng.choice(players), move, rng.choice(TEXTS), director):
                reading = same_as_the_reference(event)
                assert reading["built"] == 0 and reading["games"] == 0, reading
                assert reading["ballots"] <= 1
                continue
        elif roll < 0.72:
            try:
                game = services.chief_action(game.pk, game.version, "draw_random", director)
                game = services.chief_action(game.pk, game.version, "reveal", director)
            except ServiceError:
                pass
        elif roll < 0.84:
            action = "annul_move" if roll < 0.78 else "undo"
            try:  # (refused while a draw is pending, or with nothing to undo)
                services.chief_action(game.pk, game.version, action, director, "erreur")
            except ServiceError:
                pass
        elif roll < 0.88:
            reg = rng.choice(players)
            try:
                setup.mark_late(game, reg, rng.randint(1, played + 1), director)
            except ServiceError:
                pass
        elif roll < 0.91:
            reg = rng.choice(players)
            try:
                setup.withdraw_player(event, reg, 1, rng.randint(1, played + 1), "malade", director)
            except ServiceError:
                pass
        elif roll < 0.95:
            # an arbiter changed (the admin site: no audit, no version): the compensation's
            # group (4.6) and the shape change
            reg = rng.choice(players)
            other = rng.choice(players)
            Registration.objects.filter(pk=reg.pk).update(arbiter=other.arbiter_id)
        else:
            # a ballot deleted behind the services' back: its game's count tells (a
            # deletion outside the services says the public pages changed, as they do)
            BallotEntry.objects.filter(
                pk__in=BallotEntry.objects.filter(game=game).values("pk")[:1]
            ).delete()
            changes.touch(event)
        same_as_the_reference(event)


def test_a_ballot_of_a_full_move_moves_the_solo_and_the_places(event: Any, director: Any) -> None:
    """2.6.4 (16 players at least): the last ballot of the move gives the solo; its correction
    takes it back; each reading applies that ballot alone."""
    game = play_first_move(event, director)  # top H4 MAISON, 18
    players = list(event.players.order_by("table"))
    for reg in players[1:]:
        enter(game, reg, 1, "5", director)
    same_as_the_reference(event)
    enter(game, players[0], 1, "12", director)
    assert same_as_the_reference(event) == {"built": 0, "games": 0, "ballots": 1}
    assert [s.player.licence for s in standings.current_event(event).solo_list()] == [
        players[0].licence
    ]
    enter(game, players[1], 1, "12", director)
    assert same_as_the_reference(event)["ballots"] == 1
    assert standings.current_event(event).solo_list() == []
    rows = standings.current_event(event).standings()
    assert [(r.rank, r.ex_aequo, r.total) for r in rows[:3]] == [
        (1, True, 12),
        (1, True, 12),
        (3, True, 5),
    ]
