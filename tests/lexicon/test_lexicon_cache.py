"""Compiled lists cached on disk by sha256, memory-mapped, rebuilt when corrupt (issue 3, 4, 7)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from arbitre.lexicon import Lexicon, LexiconWarning, list_sha256
from arbitre.lexicon.graph import encode

WORDS = sorted(
    {f"{a}{b}{c}{d}" for a in "BCDFGHJLMP" for b in "AEIOUY" for c in "LMNRST" for d in "AES"}
)


def write_list(path: Path, words: list[str]) -> Path:
    path.write_text("\n".join(words) + "\n", "utf-8")
    return path


def test_user_list_is_compiled_once_and_memory_mapped(
    tmp_path: Path, cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[tuple[int, int]] = []
    path = write_list(tmp_path / "ods.txt", [w.lower() for w in reversed(WORDS)] + ["a-b"])
    lexicon = Lexicon.load(path)
    assert len(lexicon) == len(WORDS) and list(lexicon) == WORDS
    assert lexicon.sha256 == list_sha256(WORDS)
    assert lexicon.name == "ods.txt" and not lexicon.is_default
    assert lexicon.report is not None and lexicon.report.rejected == 1
    lexicon.compile(progress=lambda done, total: calls.append((done, total)))
    assert lexicon.compiled == ["dawg", "gaddag"]
    assert capsys.readouterr() == ("", "")  # the engine prints nothing
    assert calls[0] == (0, len(WORDS)) and calls[-1][0] == calls[-1][1]
    entry = cache / f"lexicon-{lexicon.sha256}"
    assert (entry / "gaddag.json").is_file() and (entry / "words.npy").is_file()

    again = Lexicon.load(path, progress=lambda done, total: calls.append((done, total)))
    calls.clear()
    assert isinstance(again.gaddag.edge_target, np.memmap)
    assert isinstance(again.dawg.first_edge, np.memmap)
    assert again.compiled == [] and calls == []
    assert again.dawg.accepts(encode(WORDS[5]))
    assert not again.dawg.accepts(encode("ZZZZ"))


def test_same_words_in_another_file_share_the_cache(tmp_path: Path, cache: Path) -> None:
    first = Lexicon.load(write_list(tmp_path / "a.txt", WORDS))
    second = Lexicon.load(write_list(tmp_path / "b.txt", [w.lower() for w in WORDS] * 2))
    assert first.sha256 == second.sha256
    assert len(list(cache.iterdir())) == 1


@pytest.mark.parametrize("victim", ["gaddag.edge_target.npy", "dawg.terminal.npy", "words.npy"])
def test_corrupt_cache_is_detected_and_rebuilt(tmp_path: Path, cache: Path, victim: str) -> None:
    path = write_list(tmp_path / "ods.txt", WORDS)
    Lexicon.load(path).compile()
    entry = cache / f"lexicon-{list_sha256(WORDS)}"
    data = bytearray((entry / victim).read_bytes())
    data[-1] ^= 0xFF  # flip the last byte: same size, different checksum
    (entry / victim).write_bytes(bytes(data))
    lexicon = Lexicon.load(path)
    lexicon.compile()
    assert list(lexicon) == WORDS
    for word in WORDS:
        codes = encode(word)
        assert lexicon.dawg.accepts(codes) and lexicon.gaddag.accepts(codes[::-1] + [26])
    if victim != "words.npy":
        assert victim.split(".")[0] in lexicon.compiled  # rebuilt, not trusted
    assert bytes(data) != (entry / victim).read_bytes()


def test_truncated_or_missing_manifest_is_rebuilt(tmp_path: Path, cache: Path) -> None:
    path = write_list(tmp_path / "ods.txt", WORDS)
    Lexicon.load(path).compile()
    entry = cache / f"lexicon-{list_sha256(WORDS)}"
    (entry / "dawg.json").write_text("{not json")
    (entry / "gaddag.first_edge.npy").write_bytes(b"")
    lexicon = Lexicon.load(path)
    assert all(lexicon.dawg.accepts(encode(w)) for w in WORDS)
    assert all(lexicon.gaddag.accepts(encode(w)[::-1] + [26]) for w in WORDS)


def test_from_words_builds_graphs_without_cache(cache: Path) -> None:
    lexicon = Lexicon.from_words(["CHAT", "CHATS", "CHAT"], name="petit")
    assert len(lexicon) == 2 and lexicon.name == "petit"
    assert lexicon.gaddag.accepts(encode("TAHC") + [26])
    assert lexicon.dawg.accepts(encode("CHATS"))
    assert not cache.exists() or not any(cache.iterdir())
    with pytest.raises(ValueError):
        Lexicon.from_words(["chat"])
    with pytest.raises(ValueError):
        Lexicon.from_words(["A"])


def test_unusable_cache_directory_falls_back_to_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("x")
    monkeypatch.setenv("ARBITRE_CACHE_DIR", str(blocker / "cache"))
    with pytest.warns(LexiconWarning, match="cache unavailable"):
        lexicon = Lexicon.load(write_list(tmp_path / "ods.txt", WORDS))
    assert list(lexicon) == WORDS
    assert all(lexicon.gaddag.accepts(encode(w)[::-1] + [26]) for w in WORDS)
    assert lexicon.compiled == ["gaddag"]


def test_progress_goes_from_zero_to_the_number_of_paths(cache: Path) -> None:
    words = [f"{a}{b}{c}" for a in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for b in "AEIOU" for c in "RST"]
    calls: list[tuple[int, int]] = []
    Lexicon.from_words(words).compile(progress=lambda done, total: calls.append((done, total)))
    dawg_calls = [c for c in calls if c[1] == len(words)]
    gaddag_calls = [c for c in calls if c[1] != len(words)]
    for part in (dawg_calls, gaddag_calls):
        done = [d for d, _ in part]
        assert done[0] == 0 and done[-1] == part[0][1] and done == sorted(done)
    assert gaddag_calls[0][1] > len(words)
