"""One language per surface (issue 36, item 6): the help of every command and sub-command of
the command line is French by default and English with ``--lang en`` (before or after the
command), with no English word left in the French help and no French in the English."""

from __future__ import annotations

import argparse
import re

import pytest

from arbitre.cli import build_parser, main

#: English words French help must not show: the usual words of the commands' help, none of
#: them a French word. Options, metavars, choices and quoted examples are left out first.
ENGLISH = frozenset(
    "the and with from of to is are this that for when which each every without default "
    "file files player players round rounds game games word words list move moves number "
    "name show help exit positional optional".split()
)
#: French words English help must not show (the French column names of the CSV files it
#: documents are identifiers, joined by commas, and left out with them).
FRENCH = frozenset(
    "le la les des une avec pour dans est sont sans par chaque fichier fichiers joueur "
    "joueurs partie parties ronde rondes liste mots coup coups aide afficher défaut et ou "
    "aux qui quitter".split()
)
#: A proper name, the same in both languages.
NAMES = ("Officiel du Scrabble",)

_IDENTIFIERS = re.compile(
    r"--?[A-Za-z][\w-]*"  # an option
    r"|\{[^}]*\}"  # choices
    r"|(?<!\w)'[^']*'(?!\w)|\"[^\"]*\"|«[^»]*»|“[^”]*”"  # a quoted example
    r"|\S*[_=/|<>%]\S*"  # a column list, a path, a placeholder
    r"|\w+(?:[,:]\w+)+"  # values joined by commas or colons
    r"|\b[A-Z][A-Z0-9_]+\b"  # a metavar, a code
)
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def commands() -> list[tuple[str, ...]]:
    """The path of every command and command group (``()``: ``arbitre`` itself)."""
    found: list[tuple[str, ...]] = []

    def walk(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        found.append(path)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, (*path, name))

    walk(build_parser(), ())
    return found


def words(text: str, commands: frozenset[str] = frozenset()) -> set[str]:
    """The words of ``text`` but its identifiers and the names of ``commands``."""
    for name in NAMES:
        text = text.replace(name, " ")
    return set(_WORD.findall(_IDENTIFIERS.sub(" ", text))) - commands


def _help(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0, argv
    return capsys.readouterr().out


def test_the_walk_finds_every_command() -> None:
    paths = commands()
    assert len(paths) > 40
    assert ("classic", "final") in paths and ("ranking", "titles") in paths
    assert ("federation", "push") in paths and ("backgammon", "lateness") in paths


def test_every_help_is_french_by_default_and_english_on_request(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "2000")  # no line cut inside a list of columns
    wrong: list[str] = []
    paths = commands()
    names = frozenset(name for path in paths for name in path)
    for path in paths:
        french = _help(capsys, [*path, "--help"])
        english = _help(capsys, ["--lang", "en", *path, "--help"])
        assert english == _help(capsys, [*path, "--help", "--lang", "en"]), path
        assert french.startswith("usage : arbitre") and english.startswith("usage: arbitre")
        assert "afficher cette aide et quitter" in french
        assert "show this help message and exit" in english
        command = " ".join(path) or "arbitre"
        # the word lists do see each language: every help has some of its own words
        assert words(french, names) & FRENCH and words(english, names) & ENGLISH, path
        if found := sorted(words(french, names) & ENGLISH):
            wrong.append(f"{command} (fr): {found}")
        if found := sorted(words(english, names) & FRENCH):
            wrong.append(f"{command} (en): {found}")
    assert not wrong, "\n".join(wrong)


def test_the_word_lists_catch_a_help_left_in_the_other_language() -> None:
    """The check itself: an untranslated help is caught, identifiers are not."""
    assert words("fichier des joueurs (par défaut : the players file)") & ENGLISH == {
        "the",
        "players",
        "file",
    }
    assert words("results: ronde,joueur_a,joueur_b 'fichier' --players FILE") & FRENCH == set()
    assert words("la liste des joueurs") & FRENCH == {"la", "liste", "des", "joueurs"}
