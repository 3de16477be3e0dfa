"""The ``arbitre`` command line.

Commands live in the modules of this package, discovered automatically (modules whose
name starts with ``_`` are skipped). A module either

- defines ``GROUP = ("name", "help text")`` and ``register(group_subparsers)``: its commands
  go into the group ``arbitre name ...``; several modules may contribute to one group
  (``classic_game.py`` and ``classic_tournament.py`` both fill ``arbitre classic``); or
- defines only ``register(subparsers)``: top-level commands (``arbitre serve``).

Each command sets ``func`` (a callable taking the parsed ``argparse.Namespace`` and
returning an exit status) with ``set_defaults``.

Conventions for every command: ``--help`` everywhere; engine commands accept ``--json``
for machine-readable output on stdout; an error raises :class:`CliError` (or one of the
engines' ``ValueError`` subclasses), which is printed to stderr as one line and gives
exit status 2. Engine messages (a bad players file, a refusal, an explanation) are worded
through the translation catalogue, in French unless ``arbitre --lang en ...`` (:func:`arbitre.i18n.word`);
in ``--json`` output a message is its code and parameters with the worded ``text`` beside
them (:func:`with_text`).
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
import warnings
from collections.abc import Sequence
from typing import Any, TextIO

from arbitre import __version__
from arbitre.cli._i18n import Formatter, language_in, restore, tr, use
from arbitre.common.messages import Message, Refusal
from arbitre.common.players_csv import PlayersFileError
from arbitre.i18n import DEFAULT_LANGUAGE, LANGUAGES, word, word_line


class CliError(Exception):
    """An error to report to the user as one line on stderr, with a non-zero exit status."""


def print_json(data: Any) -> None:
    """Write ``data`` as JSON on stdout (UTF-8, accents kept)."""
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def message_json(message: Message, lang: str) -> dict[str, Any]:
    """``{"code": ..., "params": ..., "text": ...}``: a message for ``--json`` output."""
    return {**message.as_dict(), "text": word(message, lang)}


def with_text(data: Any, lang: str) -> Any:
    """JSON-ready ``data`` (an engine's ``to_json``) with the worded ``text`` added beside
    every message in it (a dict of exactly ``code`` and ``params``, ``Message.as_dict``)."""
    if isinstance(data, dict):
        if set(data) == {"code", "params"}:
            return message_json(Message.from_dict(data), lang)
        return {key: with_text(value, lang) for key, value in data.items()}
    if isinstance(data, list):
        return [with_text(item, lang) for item in data]
    return data


def _group_modules() -> list[str]:
    names = [m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")]
    return sorted(names)


def add_group(subparsers: Any, name: str, help_text: str) -> Any:
    """Add a command group ``name`` and return the sub-parsers object for its commands.

    ``arbitre NAME`` alone prints the group's help.
    """
    escaped = help_text.replace("%", "%%")  # argparse formats help strings with %
    group = subparsers.add_parser(name, help=escaped, description=escaped)
    group.set_defaults(group_parser=group)
    return group.add_subparsers(dest=f"{name}_command", metavar="COMMAND")


class Parser(argparse.ArgumentParser):
    """argparse's parser with its help worded in the command line's language
    (:mod:`arbitre.cli._i18n`); its sub-parsers are of this class too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="arbitre",
        description="Arbitre: tournaments and arbitration for Duplicate Scrabble, "
        "Classic Scrabble and backgammon.",
    )
    parser.add_argument("--version", action="version", version=f"arbitre {__version__}")
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=DEFAULT_LANGUAGE,
        help="language of the help, the messages and the errors (default %(default)s), "
        "before or after the command",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    groups: dict[str, Any] = {}
    for name in _group_modules():
        module = importlib.import_module(f"{__name__}.{name}")
        group = getattr(module, "GROUP", None)
        if group is None:
            module.register(subparsers)
            continue
        group_name, help_text = group
        if group_name not in groups:
            groups[group_name] = add_group(subparsers, group_name, help_text)
        module.register(groups[group_name])
    return parser


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """An engine's warning (e.g. an unusable word-list cache) as one line on stderr."""
    line = tr("%(prog)s: warning: %(message)s") % {"prog": "arbitre", "message": message}
    print(line, file=file or sys.stderr)


def error_line(message: str) -> str:
    """``arbitre: error: message`` in the command line's language."""
    return tr("%(prog)s: error: %(message)s\n") % {"prog": "arbitre", "message": message}


#: The system's refusals to open a file, worded in the command line's language.
_OS_ERRORS: tuple[tuple[type[OSError], str], ...] = (
    (FileNotFoundError, "%(path)s: no such file"),
    (IsADirectoryError, "%(path)s: a folder, not a file"),
    (NotADirectoryError, "%(path)s: not a folder"),
    (PermissionError, "%(path)s: permission denied"),
)


def os_error(exc: OSError) -> str:
    """A file the system refused (missing, a folder, not readable) as one line in the
    language; another system error as the system words it."""
    if exc.filename is not None:
        for kind, text in _OS_ERRORS:
            if isinstance(exc, kind):
                return tr(text) % {"path": exc.filename}
        return tr("%(path)s: %(error)s") % {"path": exc.filename, "error": exc.strerror}
    return str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__


def main(argv: Sequence[str] | None = None) -> int:
    lang, rest = language_in(sys.argv[1:] if argv is None else argv)
    use(lang or DEFAULT_LANGUAGE)  # the help and argparse's errors too
    try:
        return _main(rest, lang)
    finally:  # argparse as it was for whatever else runs in this process (the tests)
        restore()


def _main(rest: list[str], lang: str | None) -> int:
    parser = build_parser()
    args = parser.parse_args(rest)
    if lang is not None:
        args.lang = lang
    func = getattr(args, "func", None)
    if func is None:
        # A group given without a sub-command: show that group's help.
        target = getattr(args, "group_parser", parser)
        target.print_help()
        return 0 if args.command is None else 2
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            status = func(args)
    except BrokenPipeError:
        # the reader closed the pipe (``arbitre ... | head``): not an error of ours
        sys.stderr.close()
        return 0
    except PlayersFileError as exc:
        for error in exc.errors:
            print(error_line(word_line(error, args.lang)), end="", file=sys.stderr)
        return 2
    except Refusal as exc:
        print(error_line(word(exc.message, args.lang)), end="", file=sys.stderr)
        for error in getattr(exc, "errors", ()):  # a file refused line by line
            print(error_line(word_line(error, args.lang)), end="", file=sys.stderr)
        return 2
    except OSError as exc:
        print(error_line(os_error(exc)), end="", file=sys.stderr)
        return 2
    except (CliError, ValueError) as exc:
        message = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
        print(error_line(message), end="", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return int(status or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
