"""Folding of words and reading of user lists (spec/facts.md "Words"; issue 3, items 1, 7)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.common.messages import Message
from arbitre.i18n import word
from arbitre.lexicon import WordListError, fold, read_word_list
from tests.support import depth


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("œuvre", "OEUVRE"),
        ("ŒUVRE", "OEUVRE"),
        ("ÉTÉ", "ETE"),
        ("été", "ETE"),
        ("cæcum", "CAECUM"),
        ("Ægosome", "AEGOSOME"),
        ("garçon", "GARCON"),
        ("àâä", "AAA"),
        ("îïôöùûü", "IIOOUUU"),
        ("èêë", "EEE"),
        ("  chat \r", "CHAT"),
        ("porte-monnaie", None),
        ("aujourd'hui", None),
        ("aujourd’hui", None),
        ("a", None),
        ("À", None),
        ("anticonstitutionnellement", None),  # 25 letters
        ("abcdefghijklmnop", None),  # 16 letters
        ("abcdefghijklmno", "ABCDEFGHIJKLMNO"),  # 15 letters
        ("km2", None),
        ("deux mots", None),
        ("", None),
        ("αβ", None),
    ],
)
def test_folding_table(text: str, expected: str | None) -> None:
    assert fold(text) == expected


@given(st.text(max_size=20))
def test_fold_gives_a_scrabble_word_or_none(text: str) -> None:
    word = fold(text)
    if word is not None:
        assert 2 <= len(word) <= 15
        assert all("A" <= c <= "Z" for c in word)
        assert fold(word) == word  # idempotent


def write_list(path: Path, words: list[str], encoding: str = "utf-8") -> Path:
    path.write_bytes("\n".join(words).encode(encoding))
    return path


def filler(n: int = 1000) -> list[str]:
    """n distinct valid words (AAAA, AAAB, ...)."""
    letters = "ABCDEFGHIJ"
    return ["".join(letters[(i // 10**k) % 10] for k in range(4)) for i in range(n)]


def test_user_list_latin1_is_folded(tmp_path: Path) -> None:
    words = filler() + ["été", "œuvre", "Noël", "ça"]
    report = read_word_list(write_list(tmp_path / "l1.txt", words, "cp1252"))
    assert {"ETE", "OEUVRE", "NOEL", "CA"} <= set(report.words)
    assert report.encoding == "cp1252"
    report = read_word_list(write_list(tmp_path / "l1.txt", filler() + ["été"], "latin-1"))
    assert "ETE" in report.words


def test_user_list_utf8_with_bom_duplicates_and_any_order(tmp_path: Path) -> None:
    words = list(reversed(filler())) + ["zèbre", "ZEBRE", "Zèbre"]
    path = tmp_path / "u.txt"
    path.write_bytes(b"\xef\xbb\xbf" + "\r\n".join(words).encode("utf-8"))
    report = read_word_list(path)
    assert report.words == sorted(set(filler()) | {"ZEBRE"})
    assert report.encoding == "utf-8"
    assert report.rejected == 0


def test_rejected_lines_are_counted_and_shown(tmp_path: Path) -> None:
    bad = ["porte-monnaie", "aujourd'hui", "a", "x" * 16, "12", "l'été", "ok ok"]
    report = read_word_list(write_list(tmp_path / "r.txt", filler() + bad + ["", "   "]))
    assert report.rejected == len(bad)
    assert len(report.rejected_samples) == 5
    assert report.rejected_samples[0] == (1001, "porte-monnaie")
    assert "7 line(s)" in report.summary() and "porte-monnaie" in report.summary()
    assert len(report.words) == 1000


def _refusal(call: Callable[[], object]) -> Message:
    with pytest.raises(WordListError) as caught:
        call()
    return caught.value.message


def test_missing_empty_binary_and_short_lists_are_refused(tmp_path: Path) -> None:
    """Each refusal is a code naming the file, worded in French and English."""
    absent = tmp_path / "absent.txt"
    assert _refusal(lambda: read_word_list(absent)) == Message.of(
        "lexicon.word_list.not_found", source=str(absent)
    )
    (tmp_path / "empty.txt").write_bytes(b"\n\n  \n")
    message = _refusal(lambda: read_word_list(tmp_path / "empty.txt"))
    assert message.code == "lexicon.word_list.empty"
    assert word(message, "fr") == f"la liste de mots {tmp_path / 'empty.txt'} est vide"
    (tmp_path / "bin.dat").write_bytes(bytes(range(256)) * 10)
    assert _refusal(lambda: read_word_list(tmp_path / "bin.dat")).code == "lexicon.word_list.binary"
    short = write_list(tmp_path / "short.txt", filler(999) + ["a-b"] * 50)
    message = _refusal(lambda: read_word_list(short))
    assert message == Message.of(
        "lexicon.word_list.too_few", source=str(short), words=999, minimum=1000
    )
    assert "has 999 valid words" in word(message, "en")
    assert _refusal(lambda: read_word_list(tmp_path)).code == "lexicon.word_list.directory"


lines_st = st.lists(
    st.text(alphabet="abcdeéèçœÆXYZ-' 1", min_size=0, max_size=18).filter(lambda s: "\r" not in s),
    max_size=40,
)


@settings(max_examples=depth(60), deadline=None)
@given(lines_st, st.sampled_from(["utf-8", "cp1252"]))
def test_reading_a_list_folds_each_line_and_counts_the_rest(
    lines: list[str], encoding: str
) -> None:
    """Oracle: fold every line; words are the set of results, rejects the non-blank Nones."""
    import tempfile

    expected = sorted({w for line in lines if (w := fold(line)) is not None})
    rejected = [line for line in lines if line.strip() and fold(line) is None]
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "list.txt"
        path.write_bytes("\n".join(lines).encode(encoding))
        if not expected and not rejected:
            with pytest.raises(WordListError):
                read_word_list(path, minimum=0)
            return
        report = read_word_list(path, minimum=0)
    assert report.words == expected
    assert report.rejected == len(rejected)
    assert [text for _, text in report.rejected_samples] == [r.strip() for r in rejected[:5]]
