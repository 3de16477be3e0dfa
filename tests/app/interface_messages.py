"""The translatable texts of the web interface (issue 17, part 4): every literal given to
``gettext`` and its kin in the Python sources, and every ``{% translate %}`` and
``{% blocktranslate %}`` of the templates, keyed as in the catalogue (``context\\x04msgid``,
``msgid\\x00msgid_plural``).

The interface is written in French: these texts are the msgids of the English catalogue
``src/arbitre/i18n/locale/en/LC_MESSAGES/django.po``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from django.utils.translation.template import templatize

from arbitre.lexicon import DEFAULT_NAME, DEFAULT_NOTICE

APP = Path(__file__).resolve().parents[2] / "src" / "arbitre" / "app"
TEMPLATES = APP / "templates"
EN_PO = APP.parent / "i18n" / "locale" / "en" / "LC_MESSAGES" / "django.po"

ENGINE_TEXTS = {
    DEFAULT_NOTICE: "arbitre.lexicon.DEFAULT_NOTICE (events/views.py: about)",
    DEFAULT_NAME: "arbitre.lexicon.DEFAULT_NAME (wordlists.py: StoredList.shown)",
}
"""French texts of the engines that the interface words through its catalogue."""

#: Every Django app of the interface (a package of ``arbitre.app``), found on disk so that a
#: new app is checked from its first commit.
PYTHON_PACKAGES = tuple(sorted(p.parent.name for p in APP.glob("*/__init__.py")))
PYTHON_MODULES = ("jsontext.py", "legacy.py", "middleware.py", "uploads.py", "wordlists.py")
#: Every folder of templates.
TEMPLATE_DIRS = tuple(sorted(p.name for p in TEMPLATES.iterdir() if p.is_dir()))

# name -> (position of the context, of the msgid, of the plural msgid; None: no such argument)
CALLS: dict[str, tuple[int | None, int, int | None]] = {
    "gettext": (None, 0, None),
    "gettext_lazy": (None, 0, None),
    "gettext_noop": (None, 0, None),
    "_": (None, 0, None),
    "ngettext": (None, 0, 1),
    "ngettext_lazy": (None, 0, 1),
    "pgettext": (0, 1, None),
    "pgettext_lazy": (0, 1, None),
    "npgettext": (0, 1, 2),
    "npgettext_lazy": (0, 1, 2),
}


def key(msgid: str, plural: str | None = None, context: str | None = None) -> str:
    """The catalogue's key of a text (as :func:`arbitre.i18n.po.parse` gives it)."""
    out = msgid if plural is None else f"{msgid}\x00{plural}"
    return out if context is None else f"{context}\x04{out}"


def python_files() -> list[Path]:
    files = [APP / name for name in PYTHON_MODULES]
    for package in PYTHON_PACKAGES:
        files += [p for p in (APP / package).rglob("*.py") if "migrations" not in p.parts]
    return sorted(files)


def template_files() -> list[Path]:
    files = list(TEMPLATES.glob("*.html"))  # the frame and the error pages
    for folder in TEMPLATE_DIRS:
        files += (TEMPLATES / folder).rglob("*.html")
    return sorted(files)


def gettext_calls(path: Path) -> Iterator[tuple[ast.Call, str]]:
    """Every call of a translation function (:data:`CALLS`) in a Python file, with its name."""
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in CALLS:
                yield node, name


def python_messages(path: Path) -> Iterator[tuple[str, int]]:
    """``(key, line)`` of every literal text marked for translation in a Python file."""
    for node, name in gettext_calls(path):
        positions = CALLS[name]
        values: list[str | None] = []
        for position in positions:
            if position is None:
                values.append(None)
                continue
            arg = node.args[position] if position < len(node.args) else None
            text = arg.value if isinstance(arg, ast.Constant) else None
            values.append(text if isinstance(text, str) else None)
        context, msgid, plural = values
        if not isinstance(msgid, str) or (positions[2] is not None and plural is None):
            continue  # a text computed at run time: its msgids are marked where written
        if positions[0] is not None and context is None:
            continue
        yield key(msgid, plural, context), node.lineno


_LITERAL = r"""u?(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")"""
_CALL = re.compile(
    rf"\b(gettext|ngettext|pgettext|npgettext)\(\s*({_LITERAL})(?:\s*,\s*({_LITERAL}))?"
    rf"(?:\s*,\s*({_LITERAL}))?"
)


def template_messages(path: Path) -> Iterator[tuple[str, int]]:
    """``(key, 0)`` of every text to translate in a template, found as Django's
    ``makemessages`` finds them (:func:`django.utils.translation.template.templatize`)."""
    text = templatize(path.read_text("utf-8"))
    for match in _CALL.finditer(text):
        name = match.group(1)
        args = [ast.literal_eval(a) for a in match.groups()[1:] if a is not None]
        if name == "gettext":
            yield key(args[0]), 0
        elif name == "ngettext":
            yield key(args[0], args[1]), 0
        elif name == "pgettext":
            yield key(args[1], context=args[0]), 0
        else:
            yield key(args[1], args[2], args[0]), 0


def interface_messages() -> dict[str, list[str]]:
    """Every text of the interface to translate, with where it is used (``file:line``)."""
    found: dict[str, list[str]] = {text: [where] for text, where in ENGINE_TEXTS.items()}
    for path in python_files():
        for k, line in python_messages(path):
            found.setdefault(k, []).append(f"{path.relative_to(APP)}:{line}")
    for path in template_files():
        for k, _ in template_messages(path):
            found.setdefault(k, []).append(str(path.relative_to(APP)))
    return found


PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%%")


def placeholders(text: str) -> list[str]:
    """The named placeholders (and literal ``%%``) of a text, sorted."""
    return sorted(m.group(0) for m in PLACEHOLDER.finditer(text))
