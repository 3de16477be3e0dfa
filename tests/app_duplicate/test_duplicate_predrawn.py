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


def test_004_5_2_a_draw_annulled_in_a_predrawn_game_leaves_it_for_random_draws(
    event: Any, director: Any, lexicon: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """5.2: the annulled draw goes back to the bag with the leave, seven new letters are
    drawn. The pre-drawn game's next draw (six new letters to a leave of one) no longer
    fits: the game leaves it, says so, and the next draw is seven letters at random (it
    was refused as « Nombre de lettres incorrect » when the pre-drawn draw was forced)."""
    import random

    from django.test import Client

    from arbitre.duplicate import game as engine_game

    # the random draws from a fixed seed: a random draw refused by 2.2 (too few vowels or
    # consonants) would put its rejection, not the annulment, at the announcement's head
    monkeypatch.setattr(engine_game.random, "SystemRandom", lambda: random.Random(2026))
    source = DuplicateGame(lexicon, seed=None, random_draws=False)
    source.draw("AIMNOSE")
    source.play()  # H4 MAISON, leave E
    source.draw("RUTSEA")
    source.play()
    game = event.games.get()
    services.load_predrawn(game.pk, game_record.dumps(game_record.to_record(source)), director)
    chief = Client()
    chief.force_login(director)
    url = f"/duplicate/{event.event_id}/partie/1/ja/"

    def act(action: str) -> list[str]:
        version = Game.objects.get(pk=game.pk).version
        page = chief.post(url, {"action": action, "version": version}, follow=True)
        return [str(m) for m in page.context["messages"]]

    assert act("draw_random") == [] and act("reveal") == []
    assert act("draw_random") == []
    engine = services.engine_of(Game.objects.get(pk=game.pk))
    assert (engine.leave, engine.drawn) == ("E", "RUTSEA")  # the pre-drawn game's draw
    # the button asks first, saying the pre-drawn game will be left
    button = chief.get(url).content.decode().split('id="annul-draw"')[1].split(">")[0]
    assert "la partie ne suivra plus la partie prétirée" in button
    assert "data-confirm=" in button  # asked by page.js (no inline handler under the CSP)
    said = act("annul_draw")
    assert said == [
        "La partie ne suit plus la partie prétirée : les lettres remises dans le sac ne sont "
        "plus celles de ses tirages. Les tirages suivants se font au hasard (ou en tirage "
        "physique)."
    ]
    game = Game.objects.get(pk=game.pk)
    assert game.predrawn is None
    assert services.engine_of(game).letters_to_draw == 7  # the leave E went back too
    # a slip of the chief's: undoing the annulment takes the pre-drawn game back too
    assert act("undo") == []
    game = Game.objects.get(pk=game.pk)
    assert game.predrawn is not None
    engine = services.engine_of(game)
    assert (engine.leave, engine.drawn) == ("E", "RUTSEA")
    assert "partie prétirée" in chief.get(url).content.decode()
    assert len(act("annul_draw")) == 1  # annulled again, the pre-drawn game left again
    game = Game.objects.get(pk=game.pk)
    assert game.predrawn is None
    page = chief.get(url).content.decode()
    assert "Tirage au hasard" in page and "prétiré" not in page
    assert act("draw_random") == []  # no « Nombre de lettres incorrect »
    engine = services.engine_of(Game.objects.get(pk=game.pk))
    assert engine.leave == "" and len(engine.drawn) == 7
    assert "Tirage annulé : 7 lettres remises dans le sac." in engine.announcement().lines()
    log = chief.get(f"/duplicate/{event.event_id}/").content.decode()
    assert "Partie prétirée abandonnée : tirages suivants au hasard" in log
