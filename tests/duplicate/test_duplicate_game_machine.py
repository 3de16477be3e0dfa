"""Stateful property test: any sequence of the arbiter's actions keeps the 102 tiles and a
record that replays to the same game."""

from __future__ import annotations

from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from arbitre.duplicate.draws import Bag
from arbitre.duplicate.game import DuplicateGame, GameStateError
from arbitre.duplicate.record import replay, to_record
from tests.duplicate.duplicate_words import make_lexicon
from tests.support import depth

LEX = make_lexicon()
FULL = Counter(Bag().tiles())


class ArbiterActions(RuleBasedStateMachine):
    game: DuplicateGame

    @initialize(seed=st.integers(min_value=0, max_value=10**9))
    def start(self, seed: int) -> None:
        self.game = DuplicateGame(LEX, seed=seed, engine="fast")

    @precondition(lambda self: self.game.phase == "draw")
    @rule()
    def draw(self) -> None:
        self.game.draw()

    @precondition(lambda self: self.game.phase == "play")
    @rule(pick=st.integers(min_value=0, max_value=50))
    def play_or_annul(self, pick: int) -> None:
        tops = self.game.tops()
        if tops is None:
            self.game.annul_no_score()
        else:
            move = tops.admissible[pick % len(tops.admissible)]
            assert self.game.play(move).move == move

    @precondition(lambda self: self.game.phase == "play")
    @rule()
    def annul_draw(self) -> None:
        self.game.annul_draw("test")

    @precondition(
        lambda self: (
            self.game.phase in ("draw", "over") and self.game.moves and not self.game.attempts
        )
    )
    @rule()
    def annul_last_move(self) -> None:
        before = self.game.total - self.game.moves[-1].score
        self.game.annul_last_move("test")
        assert self.game.total == before and self.game.phase in ("draw", "over")

    @precondition(lambda self: self.game.phase == "over")
    @rule()
    def nothing_after_the_end(self) -> None:
        """After the end (2.7), no draw is possible; a game ended with a pending attempt
        offers no other action, so this rule keeps the machine going."""
        try:
            self.game.draw()
        except GameStateError:
            return
        raise AssertionError("a draw was accepted after the end of the game")

    @rule()
    def go_on_with_a_copy(self) -> None:
        """The application goes on from a copy of the game it holds rather than from its
        record replayed (issue 36): the copy is what the record replays to, its next random
        draw is the replayed game's, and what is done to it leaves the original as it was."""
        record = to_record(self.game)
        replayed = replay(record, LEX)
        copied = self.game.copy()
        assert to_record(copied) == record == to_record(replayed)
        if copied.phase == "draw":
            twin = copied.copy()
            twin.draw()
            replayed.draw()
            assert twin.hand == replayed.hand
        self.left = (self.game, record)
        self.game = copied

    @invariant()
    def the_original_of_a_copy_is_untouched(self) -> None:
        left = getattr(self, "left", None)
        if left is not None:
            assert to_record(left[0]) == left[1]

    @invariant()
    def tiles_kept(self) -> None:
        board = "".join("?" if t.islower() else t for _, _, t in self.game.board.tiles())
        assert Counter(board + self.game.hand + self.game.bag.tiles()) == FULL
        assert self.game.total == sum(e.score for e in self.game.moves)

    def teardown(self) -> None:
        if hasattr(self, "game"):
            record = to_record(self.game)
            assert to_record(replay(record, LEX)) == record


TestArbiterActions = ArbiterActions.TestCase
TestArbiterActions.settings = settings(
    max_examples=depth(30), stateful_step_count=30, deadline=None
)


def test_game_ended_with_no_placement_and_a_pending_attempt_replays() -> None:
    """Seed 222 on the small list ends with no placement possible (2.7) while a draw that
    scored nothing is pending: the game is over, nothing more can be drawn, and the record
    replays to the same game."""
    game = DuplicateGame(LEX, seed=222, engine="fast")
    game.autoplay()
    assert game.over
    try:
        game.draw()
    except GameStateError:
        pass
    else:  # pragma: no cover
        raise AssertionError("a draw was accepted after the end of the game")
    record = to_record(game)
    assert to_record(replay(record, LEX)) == record
