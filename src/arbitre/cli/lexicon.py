"""``arbitre lexicon info|check|compare``: word lists (issue 3, item 6)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from arbitre.cli import CliError, print_json
from arbitre.cli._i18n import tr

GROUP = ("lexicon", "word lists: the free default list or your own (ODS)")
DEFAULT_KEYWORD = "default"
#: :data:`arbitre.lexicon.DEFAULT_NOTICE` in English (the msgid whose French wording is that
#: notice, word for word: tests/app/test_cli_language.py).
NOTICE = (
    "Arbitre's default word list is derived from the free spelling dictionaries of the "
    "Grammalecte/Dicollecte project (MPL-2.0 licence). It is NOT the Officiel du Scrabble "
    "(ODS): it accepts some words the ODS refuses and lacks some words the ODS accepts. For "
    "official play (rated tournaments), load your own ODS list."
)
_SAMPLES = 20


def register(group_subparsers: Any) -> None:
    info = group_subparsers.add_parser(
        "info",
        help="name, word count, sha256 and notice of a word list",
        description="Show the word list's name, word count, sha256 and the notice about the "
        "free default list (which is not the Officiel du Scrabble).",
    )
    _lexicon_option(info)
    info.add_argument("--json", action="store_true", help="machine-readable output")
    info.set_defaults(func=run_info)

    check = group_subparsers.add_parser(
        "check",
        help="say whether words are valid (after folding accents)",
        description="For each WORD, say whether it is in the list after folding "
        "(été -> ETE, œuvre -> OEUVRE). The exit status is 0 either way.",
    )
    check.add_argument("words", nargs="+", metavar="WORD")
    _lexicon_option(check)
    check.add_argument("--json", action="store_true", help="machine-readable output")
    check.set_defaults(func=run_check)

    compare = group_subparsers.add_parser(
        "compare",
        help="compare two word lists",
        description="Count the words common to FILE_A and FILE_B and those in only one, "
        "with samples, and list the two-letter words that differ. Either file may be the "
        f"word '{DEFAULT_KEYWORD}' for the shipped default list.",
    )
    compare.add_argument("file_a", metavar="FILE_A")
    compare.add_argument("file_b", metavar="FILE_B")
    compare.add_argument(
        "--samples", type=int, default=_SAMPLES, help="sample size (default %(default)s)"
    )
    compare.add_argument("--json", action="store_true", help="machine-readable output")
    compare.set_defaults(func=run_compare)

    prepare = group_subparsers.add_parser(
        "prepare",
        help="compile a word list and the top-search kernel now (a progress bar), so that the "
        "first search and the server's first start do not wait",
        description="Compile the word list's graphs (kept in the cache directory) with a "
        "progress bar, load the compiled top-search kernel (compiled and cached on the first "
        "run), and time a first top search. 'arbitre start' does it on the first start.",
    )
    _lexicon_option(prepare)
    prepare.add_argument("--json", action="store_true", help="machine-readable output")
    prepare.set_defaults(func=run_prepare)


def _lexicon_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lexicon",
        metavar="FILE",
        help="word list file, one word per line, UTF-8 or Latin-1 (default: the free list)",
    )


def _load(path: str | None, quiet: bool = False) -> Any:
    from arbitre.lexicon import Lexicon

    default = path is None or (path == DEFAULT_KEYWORD and not Path(path).exists())
    lexicon = Lexicon.load(None if default else path)
    if lexicon.report is not None and lexicon.report.rejected and not quiet:
        print(f"{lexicon.name}: {_summary(lexicon.report)}", file=sys.stderr)
    return lexicon


def _summary(report: Any) -> str:
    """One line about the lines of a user list that were not words (a ``WordListReport``)."""
    if not report.rejected:
        return tr("%(words)d words, every line accepted") % {"words": len(report.words)}
    line = tr("line %(line)d: “%(text)s”")
    shown = ", ".join(line % {"line": n, "text": text} for n, text in report.rejected_samples)
    return tr(
        "%(words)d words; %(rejected)d line(s) not words after folding (2-15 letters A-Z), "
        "e.g. %(samples)s"
    ) % {"words": len(report.words), "rejected": report.rejected, "samples": shown}


def _report(lexicon: Any) -> dict[str, Any] | None:
    report = lexicon.report
    if report is None:
        return None
    return {
        "lines": report.lines,
        "encoding": report.encoding,
        "rejected": report.rejected,
        "rejected_samples": [{"line": n, "text": t} for n, t in report.rejected_samples],
    }


def run_info(args: argparse.Namespace) -> int:
    from arbitre.lexicon import DEFAULT_NOTICE, default_manifest

    lexicon = _load(args.lexicon, quiet=args.json)
    manifest = default_manifest()
    if args.json:
        print_json(
            {
                "name": lexicon.name,
                "default": lexicon.is_default,
                "words": len(lexicon),
                "sha256": lexicon.sha256,
                "notice": DEFAULT_NOTICE,
                "sources": manifest["sources"] if lexicon.is_default else None,
                "read": _report(lexicon),
            }
        )
        return 0
    print(tr("name: %(name)s") % {"name": lexicon.name})
    print(tr("words: %(count)d") % {"count": len(lexicon)})
    print(tr("%(field)s: %(value)s") % {"field": "sha256", "value": lexicon.sha256})
    if lexicon.is_default:
        sources = "; ".join(f"{s['origin']} {s['version']}" for s in manifest["sources"])
        print(tr("sources: %(sources)s (MPL-2.0)") % {"sources": sources})
        print()
        print(tr(NOTICE))
    else:
        report = lexicon.report
        print(
            tr("read: %(lines)d lines (%(encoding)s); %(summary)s")
            % {"lines": report.lines, "encoding": report.encoding, "summary": _summary(report)}
        )
        print()
        print(tr("About the default list: %(notice)s") % {"notice": tr(NOTICE)})
    return 0


def run_check(args: argparse.Namespace) -> int:
    from arbitre.lexicon import fold

    lexicon = _load(args.lexicon, quiet=args.json)
    results = []
    for word in args.words:
        folded = fold(word)
        valid = folded is not None and folded in lexicon
        results.append({"word": word, "folded": folded, "valid": valid})
    if args.json:
        print_json({"lexicon": lexicon.name, "sha256": lexicon.sha256, "results": results})
        return 0
    for item in results:
        if item["folded"] is None:
            line = tr("%(word)s: invalid (not a word of 2-15 letters A-Z after folding)")
        elif item["valid"]:
            line = tr("%(word)s: valid (%(folded)s)")
        else:
            line = tr("%(word)s: invalid (%(folded)s)")
        print(line % item)
    return 0


def run_compare(args: argparse.Namespace) -> int:
    if args.samples < 0:
        raise CliError(tr("--samples must be positive or zero"))
    lexicon_a = _load(args.file_a, quiet=args.json)
    lexicon_b = _load(args.file_b, quiet=args.json)
    words_a = set(lexicon_a)
    words_b = set(lexicon_b)
    only_a = sorted(words_a - words_b)
    only_b = sorted(words_b - words_a)
    two_a = [w for w in only_a if len(w) == 2]
    two_b = [w for w in only_b if len(w) == 2]
    result: dict[str, Any] = {
        "a": {"name": lexicon_a.name, "words": len(words_a), "sha256": lexicon_a.sha256},
        "b": {"name": lexicon_b.name, "words": len(words_b), "sha256": lexicon_b.sha256},
        "common": len(words_a & words_b),
        "only_a": len(only_a),
        "only_b": len(only_b),
        "only_a_samples": _spread(only_a, args.samples),
        "only_b_samples": _spread(only_b, args.samples),
        "two_letter_only_a": two_a,
        "two_letter_only_b": two_b,
    }
    if args.json:
        print_json(result)
        return 0
    for side, lexicon, words in (("A", lexicon_a, words_a), ("B", lexicon_b, words_b)):
        line = tr("%(side)s: %(name)s (%(count)d words)")
        print(line % {"side": side, "name": lexicon.name, "count": len(words)})
    print(tr("common: %(count)d") % {"count": result["common"]})
    for side, only in (("A", only_a), ("B", only_b)):
        samples = " ".join(result[f"only_{side.lower()}_samples"])
        line = tr("only in %(side)s: %(count)d") % {"side": side, "count": len(only)}
        print(line + (tr("  e.g. %(samples)s") % {"samples": samples} if samples else ""))
    for side, two in (("A", two_a), ("B", two_b)):
        line = tr("two-letter words only in %(side)s: %(words)s")
        print(line % {"side": side, "words": " ".join(two) or "-"})
    return 0


def _spread(words: list[str], count: int) -> list[str]:
    """Up to ``count`` words spread evenly over the sorted list (deterministic sample)."""
    if count <= 0 or not words:
        return []
    if len(words) <= count:
        return words
    step = len(words) / count
    return [words[int(i * step)] for i in range(count)]


def run_prepare(args: argparse.Namespace) -> int:
    import time

    from arbitre.cli._progress import compile_bar
    from arbitre.scrabble.board import Board
    from arbitre.scrabble.generate import fast_engine, top_moves
    from arbitre.scrabble.rack import Rack

    started = time.perf_counter()
    lexicon = _load(args.lexicon, quiet=args.json)
    lexicon.compile(progress=None if args.json else compile_bar())
    compiled = time.perf_counter() - started
    t = time.perf_counter()
    fast = fast_engine()
    if fast is not None:
        fast.warm_up()
    kernel = time.perf_counter() - t
    t = time.perf_counter()
    top = top_moves(Board(), Rack.parse("ARBITRE"), lexicon)
    first = time.perf_counter() - t  # with what the list's first search compiles or builds
    t = time.perf_counter()
    top_moves(Board(), Rack.parse("ARBITRE"), lexicon)
    again = time.perf_counter() - t
    figures = {
        "lexicon": lexicon.name,
        "words": len(lexicon),
        "word_list_seconds": round(compiled, 2),
        "kernel_seconds": round(kernel, 2),
        "fast_engine": fast is not None,
        "first_top_seconds": round(first, 3),
        "top_seconds": round(again, 3),
        "first_top": str(top[0]) if top else None,
    }
    if args.json:
        print_json(figures)
        return 0
    from arbitre.cli._startup import seconds

    print(
        tr(
            "%(name)s (%(words)d words): word list compiled or loaded from its cache in %(seconds)s."
        )
        % {"name": lexicon.name, "words": len(lexicon), "seconds": seconds(compiled)}
    )
    if fast is not None:
        print(
            tr(
                "Top-search kernel and the list's first search: %(seconds)s (compile time the "
                "first time, then from the cache)."
            )
            % {"seconds": seconds(kernel + first)}
        )
    else:
        print(tr("Top-search kernel not installed: the reference search is used."))
    print(
        tr("A top search then takes %(seconds)s (%(top)s).")
        % {"seconds": seconds(again), "top": figures["first_top"]}
    )
    return 0
