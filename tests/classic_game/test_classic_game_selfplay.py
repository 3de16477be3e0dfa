"""Seeded self-play games: tiles are conserved, the final scores equal an independent sum of
the sheet, and every game survives a GCG round trip and a replay."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from arbitre.classic.game import ClassicGame, gcg, rack_value
from arbitre.classic.game.replay import replay
from arbitre.classic.game.selfplay import play_turn, selfplay
from arbitre.cli import main
from arbitre.lexicon import Lexicon
from arbitre.scrabble import generate
from arbitre.scrabble.rack import Rack
from arbitre.scrabble.tiles import TILE_COUNTS
from tests.classic_game.classic_words import phony_lexicon, small_lexicon

FULL_SET = Counter(TILE_COUNTS)


@pytest.fixture(scope="session")
def default_lexicon() -> Lexicon:
    lexicon = Lexicon.load()
    lexicon.compile()
    return lexicon


def check_invariants(g: ClassicGame) -> None:
    assert g.tiles_in_game() == FULL_SET  # the 102 tiles, 001 10.3
    assert all(len(g.rack(p)) <= 7 for p in (0, 1))
    placed = sum(len(t.placed) for t in g.turns if t.kind == "play" and not t.withdrawn)
    assert g.board.tile_count == placed


def expected_scores(g: ClassicGame) -> tuple[int, int]:
    """The final scores rebuilt from the turns, the challenges and the final racks."""
    assert g.result is not None
    scores = [0, 0]
    for t in g.turns:
        if t.kind == "play" and not t.withdrawn:
            scores[t.player] += t.score
        if t.challenge is not None:
            scores[t.challenge.challenger] -= t.challenge.penalty
    racks = [rack_value(g.rack(p)) for p in (0, 1)]
    if g.result.reason == "out":
        goer = next(t.player for t in reversed(g.turns) if t.kind == "play" and not t.withdrawn)
        scores[goer] += racks[1 - goer]
        scores[1 - goer] -= racks[1 - goer]
    else:
        scores = [scores[p] - racks[p] for p in (0, 1)]
    return scores[0], scores[1]


@pytest.mark.slow
def test_selfplay_games_with_the_default_list(default_lexicon: Lexicon) -> None:
    reasons = Counter()
    for seed in range(40):
        g = ClassicGame(default_lexicon, ("ordi1", "ordi2"), seed=seed)
        while not g.over:
            play_turn(g, engine="fast")
            check_invariants(g)
        assert g.scores == expected_scores(g)
        reasons[g.result.reason if g.result else ""] += 1
        text = gcg.write(g)
        result = replay(gcg.parse(text), default_lexicon)
        assert result.ok, (seed, result.problems, [ln for ln in result.lines if not ln.ok][:3])
        assert gcg.write(result.game) == text
        assert result.to_json()["scores"] == {g.names[p]: g.score(p) for p in (0, 1)}
    assert reasons["out"] >= 30  # most games end by going out (001 7.1)


def phony_game(seed: int) -> ClassicGame:
    """Player 0 sometimes plays words the judging list does not have; player 1 challenges
    every phony and sometimes a valid word too."""
    rng = random.Random(seed)
    judge, phony = small_lexicon(), phony_lexicon()
    profile = rng.choice(["ffsc", "fbs"])
    g = ClassicGame(judge, ("bluffeur", "contestataire"), profile=profile, seed=seed)
    while not g.over and len(g.turns) < 300:
        p = g.to_move
        lexicon = phony if p == 0 and rng.random() < 0.6 else judge
        tops = generate.top_moves(g.board, Rack(g.rack(p)), lexicon, engine="fast")
        if not tops:
            play_turn(g, engine="fast")
        else:
            turn = g.play(tops[0].move, announced=tops[0].score)
            words = [w for w, _ in turn.words]
            invalid = [w for w in words if w not in judge]
            chosen = list(invalid)
            if rng.random() < 0.3:
                extra = rng.choice(words)
                if extra not in chosen:
                    chosen.append(extra)
            if chosen:
                result = g.challenge(chosen)
                assert result.withdrawn == bool(invalid)
                assert result.penalty == 5 * (len(chosen) - len(invalid))  # 001 5.3
            else:
                g.close_challenge_window()
        check_invariants(g)
    if not g.over:
        g.director_end()
    return g


@pytest.mark.slow
def test_games_with_phonies_and_challenges_conserve_tiles_and_scores() -> None:
    withdrawn = penalties = 0
    for seed in range(12):
        g = phony_game(seed)
        check_invariants(g)
        assert g.scores == expected_scores(g)
        withdrawn += sum(t.withdrawn for t in g.turns)
        penalties += sum(1 for ln in g.lines if ln.kind == "challenge_penalty")
        text = gcg.write(g)
        result = replay(gcg.parse(text), small_lexicon())
        assert gcg.write(result.game) == text
        assert result.ok, (seed, result.problems)
    assert withdrawn > 5 and penalties > 5  # the test exercised both outcomes


def test_selfplay_is_reproducible() -> None:
    a = selfplay(small_lexicon(), seed=11, engine="fast")
    b = selfplay(small_lexicon(), seed=11, engine="reference")
    assert gcg.write(a) == gcg.write(b)  # both generators pick the same first top move


def test_cli_selfplay_then_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.gcg"
    assert main(["classic", "selfplay", "--seed", "3", "--gcg", str(record), "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert set(played) >= {"players", "scores", "winner", "moves"}
    assert main(["classic", "replay", str(record), "--json"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert checked["players"] == [
        played["starter"],
        *(set(played["players"]) - {played["starter"]}),
    ]
    assert checked["scores"] == played["scores"] and checked["winner"] == played["winner"]
    assert all(m["ok"] for m in checked["moves"])

    # A wrong total in the record: reported, exit status 1.
    lines = record.read_text("utf-8").splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith(">") and " +" in ln)
    head, score, total = lines[i].rsplit(" ", 2)
    lines[i] = f"{head} {score} {int(total) + 1}"
    record.write_text("\n".join(lines) + "\n", "utf-8")
    assert main(["classic", "replay", str(record)]) == 1
    assert "la feuille n'est PAS conforme aux règles" in capsys.readouterr().out
    assert main(["classic", "replay", str(record), "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "DISAGREES" in out and f"recorded total {int(total) + 1}" in out

    assert main(["classic", "replay", str(tmp_path / "missing.gcg")]) == 2
    assert "missing.gcg : fichier introuvable" in capsys.readouterr().err
