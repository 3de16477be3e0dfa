"""Refusals of a Classic match, of the federations' profiles and of a record that cannot be
replayed: a message code with its parameters, worded in French or English."""

from __future__ import annotations

from arbitre.classic.game import ClassicGame, GameError, ProfileError, gcg, get_profile
from arbitre.classic.game.match import Match
from arbitre.classic.game.profiles import FFSC
from arbitre.classic.game.replay import ReplayError, replay
from arbitre.common.messages import Message
from arbitre.i18n import word as say
from tests.classic_game.classic_words import small_lexicon
from tests.support import refusal_of, refuses


def test_match_refusals() -> None:
    with refuses(GameError, "classic_match.best_of", best_of=2):
        Match(("A", "B"), best_of=2)
    m = Match(("A", "B"))
    with refuses(GameError, "classic_match.not_over"):
        _ = m.winner
    game = ClassicGame(small_lexicon(), ("A", "B"), starter=0, seed=1)
    with refuses(GameError, "classic_match.game_not_over"):
        m.record(game)
    other = ClassicGame(small_lexicon(), ("A", "C"), starter=0, seed=1)
    other.abandon(1)
    with refuses(GameError, "classic_match.players", a="A", b="B"):
        m.record(other)
    game.abandon(1)
    m.record(game)
    with refuses(GameError, "classic_match.over"):
        m.next_starter()
    assert say(refusal_of(GameError, m.record, game)) == "le match est terminé"


def test_profile_refusals() -> None:
    with refuses(ProfileError, "classic_profile.unknown", name="abc", choices="ffsc, fbs"):
        get_profile("abc")
    with refuses(ProfileError, "classic_profile.unknown_settings", settings="x, y"):
        FFSC.with_settings(y=1, x=2)
    assert say(refusal_of(ProfileError, get_profile, "abc")) == (
        "profil « abc » inconnu : choisissez ffsc, fbs"
    )


PLAYERS = "#player1 a A\n#player2 b B\n"


def _refused(text: str) -> Message:
    return refusal_of(ReplayError, replay, gcg.parse(PLAYERS + text), small_lexicon())


def test_replay_refusals_name_the_line() -> None:
    assert _refused(">a: DINEEEE 8G DIN +8 8\n>b: AAAAAAA -- -8 0\n") == Message.of(
        "classic_replay.line",
        line=4,
        reason=Message.of("classic_replay.withdraw_follows", player="b"),
    )
    assert _refused(">a: DINEEEE 8L DINDE +8 8\n") == Message.of(
        "classic_replay.line", line=3, reason=Message.of("classic_replay.off_board", word="DINDE")
    )
    assert _refused(">a: DINEEEE 8G D.N +8 8\n") == Message.of(
        "classic_replay.line", line=3, reason=Message.of("classic_replay.dot_empty", word="D.N")
    )
    unknown = _refused(">a: DINEEEE 8G DIN +8 8\n#note arbitre: warning zed noise\n")
    assert unknown.params["reason"] == Message.of("classic_replay.unknown_nick", player="zed")
    assert say(unknown) == "ligne 3 : joueur « zed » inconnu dans une note"


def test_replay_wraps_the_games_refusal() -> None:
    """A record that breaks a rule of the game is refused with the game's own reason."""
    refusal = _refused(">a: DINEEEE -QZ +0 0\n")
    assert refusal == Message.of(
        "classic_replay.line",
        line=3,
        reason=Message.of("classic_game.tiles_not_in_rack", tiles="QZ"),
    )
    assert say(refusal, "en") == "line 3: tiles QZ are not in the rack"
