"""The command line in one language (issue 36, item 6): its help, argparse's own texts, its
messages and its errors in French by default, in English with ``--lang en`` given before or
after the command; every help string of every command has its French wording."""

from __future__ import annotations

import argparse

import pytest

from arbitre.cli import _i18n, build_parser, main
from arbitre.i18n import LOCALE_DIR
from arbitre.i18n.po import parse


def _help_strings(parser: argparse.ArgumentParser) -> list[str]:
    found = [parser.description] if parser.description else []
    for action in parser._actions:
        if action.help and action.help != argparse.SUPPRESS:
            found.append(action.help)
        if isinstance(action, argparse._SubParsersAction):
            found += [choice.help for choice in action._choices_actions if choice.help]
            for sub in dict.fromkeys(action.choices.values()):
                found += _help_strings(sub)
    return found


def test_every_help_string_has_a_french_wording() -> None:
    french = parse((LOCALE_DIR / "fr" / "LC_MESSAGES" / "django.po").read_text("utf-8"))
    _i18n.restore()  # the parser's English texts, whatever ran before in this process
    helps = _help_strings(build_parser())
    assert len(helps) > 150
    missing = sorted({h for h in helps if not french.get(h)})
    assert not missing, f"help with no French wording: {missing}"


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as done:
        main(list(argv))
    assert done.value.code == 0
    return capsys.readouterr().out


def test_help_is_french_by_default_and_english_on_request(
    capsys: pytest.CaptureFixture[str],
) -> None:
    french = _help(capsys, "start", "--help")
    assert french.startswith("usage : arbitre start")
    assert "afficher cette aide et quitter" in french
    assert "préparer la liste de mots par défaut" in french
    for argv in (["--lang", "en", "start", "--help"], ["start", "--lang", "en", "--help"]):
        english = _help(capsys, *argv)
        assert english.startswith("usage: arbitre start"), argv
        assert "show this help message and exit" in english
        assert "prepare the default word list" in english
        assert "préparer" not in english


def test_errors_follow_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--no-such-option"])
    assert "arbitre : erreur : arguments non reconnus : --no-such-option" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["serve", "--no-such-option", "--lang=en"])
    assert "arbitre: error: unrecognized arguments: --no-such-option" in capsys.readouterr().err


def test_argparse_is_left_as_it_was_after_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    """The language is the command's: argparse's texts are restored for the rest of the
    process (another program's parser in the same process keeps its own wording)."""
    original = _i18n._ARGPARSE[0]  # argparse's own, as imported
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    capsys.readouterr()
    assert argparse._ is original  # type: ignore[attr-defined]
    assert argparse.ArgumentParser(prog="x").format_usage() == "usage: x [-h]\n"


def test_language_is_found_anywhere() -> None:
    assert _i18n.language_in(["classic", "standings", "--lang", "en"]) == (
        "en",
        ["classic", "standings"],
    )
    assert _i18n.language_in(["--lang", "de", "serve"]) == (None, ["--lang", "de", "serve"])
