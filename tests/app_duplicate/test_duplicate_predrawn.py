"""A pre-drawn game (an uploaded record) is played move by move with the same draws."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.app.duplicate import services
from arbitre.app.duplicate.models import Game
from arbitre.duplicate import record as game_record
from arbitre.duplicate.game import DuplicateGame

pytestmark = pytest.mark.django_db


def test_predrawn_game_replays_its_draws(event: Any, director: Any, lexicon: Any) -> None:
    source = DuplicateGame(lexicon, seed=None, random_draws=False)
    source.draw("AIMNOSE")
    source.play()
    source.draw("RUTSEA")
    source.play()
    text = game_record.dumps(game_record.to_record(source))
    game = event.games.get()
    services.load_predrawn(game.pk, text, director)
    for _ in range(2):
        game = Game.objects.get(pk=game.pk)
        game = services.chief_action(game.pk, game.version, "draw_random", director)
        game = services.chief_action(game.pk, game.version, "reveal", director)
    played = services.engine_of(game).moves
    assert [(m.leave, m.drawn, str(m.move)) for m in played] == [
        (m.leave, m.drawn, str(m.move)) for m in source.moves
    ]


def test_a_tampered_predrawn_record_is_refused(event: Any, director: Any, lexicon: Any) -> None:
    source = DuplicateGame(lexicon, seed=None, random_draws=False)
    source.draw("AIMNOSE")
    source.play()
    record = game_record.to_record(source)
    record["moves"][0]["top"]["score"] = 99
    with pytest.raises(services.ServiceError, match="Partie prétirée refusée"):
        services.load_predrawn(event.games.get().pk, game_record.dumps(record), director)
    assert Game.objects.get(pk=event.games.get().pk).predrawn is None
