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
        print(f"{lexicon.name}: {lexicon.report.summary()}", file=sys.stderr)
    return lexicon


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
    print(f"name:    {lexicon.name}")
    print(f"words:   {len(lexicon)}")
    print(f"sha256:  {lexicon.sha256}")
    if lexicon.is_default:
        sources = "; ".join(f"{s['origin']} {s['version']}" for s in manifest["sources"])
        print(f"sources: {sources} (MPL-2.0)")
        print()
        print(DEFAULT_NOTICE)
    else:
        report = lexicon.report
        print(f"read:    {report.lines} lines ({report.encoding}); {report.summary()}")
        print()
        print("À propos de la liste par défaut : " + DEFAULT_NOTICE)
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
            print(f"{item['word']}: invalid (not a word of 2-15 letters A-Z after folding)")
        else:
            verdict = "valid" if item["valid"] else "invalid"
            print(f"{item['word']}: {verdict} ({item['folded']})")
    return 0


def run_compare(args: argparse.Namespace) -> int:
    if args.samples < 0:
        raise CliError("--samples must be positive or zero")
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
    print(f"A: {lexicon_a.name} ({len(words_a)} words)")
    print(f"B: {lexicon_b.name} ({len(words_b)} words)")
    print(f"common: {result['common']}")
    for side, only in (("A", only_a), ("B", only_b)):
        samples = " ".join(result[f"only_{side.lower()}_samples"])
        print(f"only in {side}: {len(only)}" + (f"  e.g. {samples}" if samples else ""))
    print(f"two-letter words only in A: {' '.join(two_a) or '-'}")
    print(f"two-letter words only in B: {' '.join(two_b) or '-'}")
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
    print(
        f"{lexicon.name} ({len(lexicon)} words) ready in {compiled:.1f} s; top-search kernel "
        f"{'loaded' if fast is not None else 'not installed'} in {kernel:.1f} s; first top "
        f"search {first * 1000:.0f} ms ({figures['first_top']})."
    )
    return 0
