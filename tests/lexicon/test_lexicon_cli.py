"""``arbitre lexicon info|check|compare`` (issue 3, items 3, 6, 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitre.cli import main
from arbitre.lexicon import DEFAULT_NOTICE, Lexicon, default_manifest

BASE = sorted(
    {f"{a}{b}{c}{d}" for a in "BCDFGHJLMP" for b in "AEIOUY" for c in "LMNRST" for d in "AES"}
)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def write_list(path: Path, words: list[str], encoding: str = "utf-8") -> str:
    path.write_bytes("\n".join(words).encode(encoding))
    return str(path)


def test_info_default_shows_notice(
    default_lexicon: Lexicon, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["lexicon", "info"], capsys)
    assert status == 0
    assert DEFAULT_NOTICE in out
    assert str(default_manifest()["words"]) in out and default_lexicon.sha256 in out
    status, out, _ = run(["lexicon", "info", "--json"], capsys)
    data = json.loads(out)
    assert data["words"] == len(default_lexicon) and data["notice"] == DEFAULT_NOTICE
    assert data["default"] is True


def test_check_folds_and_always_exits_zero(
    default_lexicon: Lexicon, capsys: pytest.CaptureFixture[str]
) -> None:
    words = ["été", "œuvre", "CHANTASSIONS", "xyzt", "porte-monnaie", "a"]
    status, out, _ = run(["lexicon", "check", *words, "--json"], capsys)
    assert status == 0
    results = {r["word"]: (r["folded"], r["valid"]) for r in json.loads(out)["results"]}
    assert results == {
        "été": ("ETE", True),
        "œuvre": ("OEUVRE", True),
        "CHANTASSIONS": ("CHANTASSIONS", True),
        "xyzt": ("XYZT", False),
        "porte-monnaie": (None, False),
        "a": (None, False),
    }
    status, out, _ = run(["lexicon", "check", "été", "xyzt"], capsys)
    assert status == 0 and "été : valide (ETE)" in out and "xyzt : non valide (XYZT)" in out
    status, out, _ = run(["lexicon", "check", "été", "xyzt", "--lang", "en"], capsys)
    assert status == 0 and "été: valid (ETE)" in out and "xyzt: invalid (XYZT)" in out


def test_user_list_with_rejected_lines_is_reported(
    tmp_path: Path, session_cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_list(tmp_path / "ods.txt", BASE + ["été", "l'été"], "latin-1")
    args = ["lexicon", "check", "ETE", "été", "CHAT", "--lexicon", path]
    status, out, err = run(args, capsys)
    assert status == 0 and "1 ligne(s)" in err and "« l'été »" in err
    status, out, err = run([*args, "--lang", "en"], capsys)
    assert status == 0
    assert "ETE: valid" in out and "été: valid" in out and "CHAT: invalid" in out
    assert "1 line(s)" in err and "l'été" in err
    status, out, _ = run(["lexicon", "info", "--lexicon", path, "--json"], capsys)
    data = json.loads(out)
    assert data["words"] == len(BASE) + 1 and data["read"]["rejected"] == 1
    assert data["default"] is False and data["name"] == "ods.txt"


def test_compare_counts_samples_and_two_letter_words(
    tmp_path: Path, session_cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = write_list(tmp_path / "a.txt", BASE + ["QI", "KA", "ZZZZZ"])
    b = write_list(tmp_path / "b.txt", BASE[5:] + ["QI", "OX"])
    status, out, _ = run(["lexicon", "compare", a, b, "--json", "--samples", "3"], capsys)
    assert status == 0
    data = json.loads(out)
    assert data["common"] == len(BASE) - 5 + 1
    assert data["only_a"] == 5 + 2 and data["only_b"] == 1
    assert data["two_letter_only_a"] == ["KA"] and data["two_letter_only_b"] == ["OX"]
    assert len(data["only_a_samples"]) == 3 and set(data["only_a_samples"]) <= set(
        BASE + ["KA", "ZZZZZ"]
    )
    status, out, _ = run(["lexicon", "compare", a, b], capsys)
    assert "mots de deux lettres seulement dans A : KA" in out and "seulement dans B : 1" in out
    status, out, _ = run(["lexicon", "compare", a, b, "--lang", "en"], capsys)
    assert "two-letter words only in A: KA" in out and "only in B: 1" in out


def test_compare_with_default_keyword(
    tmp_path: Path, default_lexicon: Lexicon, capsys: pytest.CaptureFixture[str]
) -> None:
    a = write_list(tmp_path / "a.txt", BASE + ["QI"])
    status, out, _ = run(["lexicon", "compare", a, "default", "--json"], capsys)
    data = json.loads(out)
    assert status == 0 and data["b"]["words"] == len(default_lexicon)
    assert data["common"] + data["only_a"] == len(BASE) + 1
    assert data["common"] + data["only_b"] == len(default_lexicon)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "liste de mots introuvable"),
        (b"", "est vide"),
        (b"\x00\x01\x02binary\x00" * 50, "est un fichier binaire"),
        ("\n".join(BASE[:999]).encode(), "moins de 1000"),
    ],
)
def test_bad_lists_fail_with_one_line(
    tmp_path: Path,
    session_cache: Path,
    capsys: pytest.CaptureFixture[str],
    content: bytes | None,
    message: str,
) -> None:
    path = tmp_path / "list.txt"
    if content is not None:
        path.write_bytes(content)
    status, out, err = run(["lexicon", "check", "CHAT", "--lexicon", str(path)], capsys)
    assert status != 0 and out == ""
    assert message in err and err.count("\n") == 1


def test_compilation_shows_a_progress_bar_on_stderr(
    tmp_path: Path, cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_list(tmp_path / "ods.txt", BASE)
    empty = "/".join(["15"] * 15)
    status, out, err = run(
        ["scrabble", "top", "--board", empty, "--rack", "BALESTR", "--lexicon", path, "--json"],
        capsys,
    )
    assert status == 0 and json.loads(out)["score"] > 0
    assert "compilation de la liste de mots" in err and "100%" in err
    assert out.startswith("{")  # the bar stays off stdout
    # The second run loads the compiled graphs from the cache: no bar.
    status, _, err = run(
        ["scrabble", "top", "--board", empty, "--rack", "BALESTR", "--lexicon", path], capsys
    )
    assert status == 0 and "compiling" not in err


def test_unusable_cache_is_one_warning_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("x")
    monkeypatch.setenv("ARBITRE_CACHE_DIR", str(blocker / "cache"))
    path = write_list(tmp_path / "ods.txt", BASE)
    status, _, err = run(["lexicon", "check", "BALE", "--lexicon", path], capsys)
    assert status == 0
    assert "arbitre : attention : word list cache unavailable" in err


def test_prepare_compiles_a_list_and_finds_a_first_top(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``arbitre lexicon prepare`` (issue 23, part 3): the list's graphs are compiled into the
    cache (a bar on stderr), and a first top search is made, so none is left to the server."""
    monkeypatch.setenv("ARBITRE_CACHE_DIR", str(tmp_path / "cache"))
    words = write_list(tmp_path / "list.txt", [*BASE, "ARBITRE", "BRAIT", "TIRA"])
    status, out, err = run(["lexicon", "prepare", "--lexicon", words], capsys)
    assert status == 0
    assert "compilation de la liste de mots" in err  # the progress bar
    assert "Une recherche du top prend ensuite" in out and "ARBITRE" in out
    cached = sorted(p.name for p in (tmp_path / "cache").rglob("*") if p.is_file())
    assert cached  # the graphs are in the cache now
    status, out, err = run(["lexicon", "prepare", "--lexicon", words, "--json"], capsys)
    data = json.loads(out)
    assert data["first_top"] == "H2 ARBITRE 74"  # H2..H8 over the double-word square
    assert "compilation" not in err  # nothing left to compile the second time
