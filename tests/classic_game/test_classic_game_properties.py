"""Property test: random sequences of actions (moves, phonies, passes, exchanges,
challenges, sanctions, over-drawing) keep the 102 tiles, give the scores an independent
reckoning gives, and survive a GCG round trip."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.classic.game import ClassicGame, GameError, Overdraw, Sanction, gcg, rack_value
from arbitre.classic.game.replay import replay
from arbitre.scrabble import generate
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import TILE_COUNTS
from tests.classic_game.classic_words import phony_lexicon, small_lexicon
from tests.support import depth

FULL_SET = Counter(TILE_COUNTS)


@given(
    seed=st.integers(0, 2**16),
    profile=st.sampled_from(["ffsc", "fbs"]),
    rng=st.randoms(use_true_random=False),
)
@settings(max_examples=depth(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_games_conserve_tiles_and_reckon_scores(
    seed: int, profile: str, rng: random.Random
) -> None:
    random_game(seed, profile, rng)


def random_game(seed: int, profile: str, rng: random.Random) -> None:
    judge = small_lexicon()
    g = ClassicGame(judge, ("a", "b"), profile=profile, seed=seed)
    sanctions = [0, 0]
    # Mostly moves (some of them phonies) and challenges, now and then anything else.
    weights = [30, 25, 15, 4, 4, 0, 2, 2, 2, 16]
    for _ in range(400):
        if g.over:
            break
        arg = rng.randrange(2**16)
        if g.challengeable is not None and rng.random() < 0.35:
            action = 5
        else:
            action = rng.choices(range(10), weights)[0]
        p = g.to_move
        pending = g.challengeable
        try:
            if action <= 2:
                lexicon = phony_lexicon() if action == 2 else judge
                tops = generate.top_moves(g.board, Rack(g.rack(p)), lexicon, engine="fast")
                if tops:
                    g.play(tops[arg % len(tops)].move)
                else:
                    g.pass_turn()
            elif action == 3:
                g.pass_turn()
            elif action == 4:
                rack = g.rack(p)
                g.exchange(rack[: 1 + arg % len(rack)] if rack else "")
            elif action == 5 and pending is not None:
                words = [w for w, _ in pending.words]
                chosen = [w for i, w in enumerate(words) if (arg >> i) & 1] or words[:1]
                result = g.challenge(chosen)
                invalid = [w for w in chosen if w not in judge]
                assert result.withdrawn == bool(invalid)
                assert result.penalty == 5 * (len(chosen) - len(invalid))
            elif action == 6:
                g.penalize(arg % 2, Sanction.POINTS)
                sanctions[arg % 2] += 20 if profile == "ffsc" else 5
            elif action == 7:
                g.penalize(arg % 2, Sanction.WARNING, "avertissement")
            elif action == 8:
                who, extra = arg % 2, 1 + arg % 3
                seen = (arg >> 2) & 1
                if len(g.bag):
                    n = min(extra, len(g.bag))
                    g.overdraw(who, extra, Overdraw.SEEN if seen else Overdraw.UNSEEN)
                    if seen:
                        sanctions[who] += 5 * n if profile == "fbs" else 5
            else:
                g.close_challenge_window()
        except GameError:
            pass  # an action the rules refuse now (exchange with a small bag, ...)
        assert g.tiles_in_game() == FULL_SET
        assert all(len(g.rack(q)) <= 7 for q in (0, 1))
    if not g.over:
        if g.challengeable is not None and not g.rack(g.challengeable.player):
            g.close_challenge_window()
        else:
            g.director_end()
    assert g.result is not None
    expected = [-sanctions[0], -sanctions[1]]
    for t in g.turns:
        if t.kind == "play" and not t.withdrawn:
            expected[t.player] += t.score
        if t.challenge is not None:
            expected[t.challenge.challenger] -= t.challenge.penalty
    racks = [rack_value(g.rack(q)) for q in (0, 1)]
    if g.result.reason == "out":
        goer = next(t.player for t in reversed(g.turns) if t.kind == "play" and not t.withdrawn)
        expected[goer] += racks[1 - goer]
        expected[1 - goer] -= racks[1 - goer]
    else:
        expected = [expected[q] - racks[q] for q in (0, 1)]
    assert list(g.scores) == expected

    text = gcg.write(g)
    again = replay(gcg.parse(text), judge)
    assert gcg.write(again.game) == text
    assert {again.game.names[q]: again.game.score(q) for q in (0, 1)} == {
        g.names[q]: g.score(q) for q in (0, 1)
    }
