"""``arbitre scrabble top|score``: the top of a position and the score of a move (issue 4)."""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path
from typing import Any

from arbitre.cli import CliError, print_json
from arbitre.cli._i18n import tr

GROUP = ("scrabble", "Scrabble positions: find the top, score a move")


def register(group_subparsers: Any) -> None:
    top = group_subparsers.add_parser(
        "top",
        help="the highest-scoring moves of a board and a rack (or every legal move)",
        description="Print every move of the highest score (or, with --all, every legal move) "
        "for a board and a rack. With --batch FILE, read lines 'BOARD RACK [ignored...]' and "
        "write one JSON object per line, in order: "
        '{"score": top score, "moves": ["H4 MAiSON", ...], "ms": search time}.',
    )
    top.add_argument("--board", help="board text (rows A-O separated by '/') or a file of it")
    top.add_argument("--rack", help="up to 7 letters, '?' for a blank (example: EAIS?RT)")
    top.add_argument(
        "--batch", metavar="FILE", help="positions to solve, one per line ('-': stdin)"
    )
    top.add_argument("--all", action="store_true", help="every legal move, best first")
    _common(top)
    top.add_argument(
        "--engine",
        choices=("fast", "reference"),
        default="fast",
        help="top search: fast (compiled; the reference when it is not installed) or "
        "reference (default %(default)s)",
    )
    top.set_defaults(func=run_top)

    score = group_subparsers.add_parser(
        "score",
        help="score one move, or explain why it is illegal",
        description="Check one move (H4 MAiSON: horizontal from H4; 4H MAiSON: vertical from "
        "4H; lower case for a blank) and print its score and the words it forms, or the "
        "rule it breaks (exit status 1).",
    )
    score.add_argument("--board", help="board text (rows A-O separated by '/') or a file of it")
    score.add_argument("--move", required=True, help='the move, like "H4 MAiSON"')
    score.add_argument("--rack", help="check the tiles against this rack")
    _common(score)
    score.set_defaults(func=run_score)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lexicon", metavar="FILE", help="word list file (default: shipped list)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _lexicon(path: str | None) -> Any:
    from arbitre.cli._progress import load_lexicon

    return load_lexicon(path)


def _board(text: str | None) -> Any:
    from arbitre.scrabble.board import Board

    if text is None or text.strip().lower() in ("", "empty", "-"):
        return Board()
    if "/" not in text and "\n" not in text:
        path = Path(text)
        if not path.is_file():
            raise CliError(tr("board “%(text)s” is neither board text nor a file") % {"text": text})
        text = path.read_text(encoding="utf-8")
    return Board.from_text(text)


def _rack(text: str | None) -> Any:
    from arbitre.scrabble.rack import Rack

    if text is None:
        raise CliError(tr("--rack is required (up to 7 letters, '?' for a blank)"))
    return Rack.parse(text)


def run_top(args: argparse.Namespace) -> int:
    from arbitre.scrabble.board import Board
    from arbitre.scrabble.generate import all_moves, fast_engine, top_moves
    from arbitre.scrabble.rack import Rack

    if args.batch:
        if args.board or args.rack or args.all:
            raise CliError(
                tr("--batch reads boards and racks from its file: drop --board/--rack/--all")
            )
        return _run_batch(args)
    board, rack = _board(args.board), _rack(args.rack)
    lexicon = _lexicon(args.lexicon)
    engine = "reference" if args.all or fast_engine() is None else args.engine
    if engine == "fast":
        # the kernel's compilation or cache load and the word graph are not search time
        top_moves(Board(), Rack.parse("E"), lexicon, engine="fast")
    started = time.perf_counter()
    if args.all:
        moves = all_moves(board, rack, lexicon)
    else:
        moves = top_moves(board, rack, lexicon, engine=engine)
    ms = (time.perf_counter() - started) * 1000
    if args.json:
        print_json(
            {
                "board": board.to_text(),
                "rack": str(rack),
                "lexicon": lexicon.name,
                "engine": engine,
                "score": moves[0].score if moves else None,
                "count": len(moves),
                "ms": round(ms, 3),
                "moves": [_move_json(m) for m in moves],
            }
        )
        return 0
    if not moves:
        print(tr("no legal move"))
        return 0
    for m in moves:
        print(f"{m.score:>5}  {m.move}")
    return 0


def _move_json(scored: Any) -> dict[str, Any]:
    m = scored.move
    return {
        "move": str(m),
        "coordinate": m.coordinate,
        "horizontal": m.horizontal,
        "word": m.word,
        "score": scored.score,
    }


def _run_batch(args: argparse.Namespace) -> int:
    from arbitre.common.messages import Refusal
    from arbitre.i18n import word
    from arbitre.scrabble.board import Board
    from arbitre.scrabble.generate import fast_engine, top_moves
    from arbitre.scrabble.rack import Rack

    lexicon = _lexicon(args.lexicon)
    fast = fast_engine() if args.engine == "fast" else None
    solve, answer_line = _batch_solver(lexicon, fast)
    # Warm-up (JIT compilation, graph loading) is kept out of the per-line times.
    top_moves(Board(), Rack.parse("EAIRST?"), lexicon, engine="fast" if fast else "reference")
    solve("7E7/15/15/15/15/15/15/15/15/15/15/15/15/15/15", "EAIRST?")
    answer_line("7E7/15/15/15/15/15/15/15/15/15/15/15/15/15/15 EAIRST?")
    # What is loaded now (word list, compiled kernel) lives to the end: out of the
    # collector's reach, as `arbitre serve` does, so that no full collection walks it.
    gc.collect()
    gc.freeze()
    stream = sys.stdin if args.batch == "-" else open(args.batch, encoding="utf-8")  # noqa: SIM115
    errors = 0
    clock = time.perf_counter
    write = sys.stdout.write
    with stream:
        for number, line in enumerate(stream, start=1):
            started = clock()
            # The whole line in one compiled call; None: the Python path below.
            answered = answer_line(line)
            if answered:
                write(answered + repr(round((clock() - started) * 1000, 4)) + "}\n")
                continue
            if answered == "":
                continue
            fields = line.split()
            if not fields or fields[0].startswith("#"):
                continue
            try:
                if len(fields) < 2:
                    raise ValueError(tr("expected 'BOARD RACK'"))
                score, moves = solve(fields[0], fields[1])
            except ValueError as exc:
                errors += 1
                reason = word(exc.message, args.lang) if isinstance(exc, Refusal) else str(exc)
                write(json.dumps({"line": number, "error": reason}, ensure_ascii=False) + "\n")
                continue
            # Move texts are a coordinate, a space and letters: nothing to escape in JSON.
            listed = '"' + '", "'.join(moves) + '"' if moves else ""
            head = '{"score": ' + str(score) + ', "moves": [' + listed + '], "ms": '
            write(head + repr(round((clock() - started) * 1000, 4)) + "}\n")
    if errors:
        print(
            tr("arbitre: %(count)d line(s) could not be read (see their 'error')")
            % {"count": errors},
            file=sys.stderr,
        )
        return 1
    return 0


def _batch_solver(lexicon: Any, fast: Any) -> tuple[Any, Any]:
    """``(solve, head)``. ``solve(board_text, rack_text) -> (top score, move texts)``: the
    fast engine's text path (board and rack read and moves written without building
    objects), else the reference search on ``Board`` and ``Rack`` values; raises
    ``ValueError`` for text that cannot be read. ``head(line)``: the fast engine's answer
    of a whole line as JSON up to its time, read, searched and written in one compiled call
    (``fast.text.line_heads``: ``""`` for a line without a position, ``None`` for a line
    left to ``solve``); always ``None`` with the reference."""
    if fast is not None:
        from arbitre.scrabble.fast.text import line_heads, top_texts

        graph = fast.gaddag_arrays(lexicon)
        return (lambda board, rack: top_texts(board, rack, graph)), line_heads(graph)

    from arbitre.scrabble.board import Board
    from arbitre.scrabble.generate import top_moves
    from arbitre.scrabble.rack import Rack

    def solve(board: str, rack: str) -> tuple[int, list[str]]:
        moves = top_moves(Board.from_text(board), Rack.parse(rack), lexicon, engine="reference")
        return (moves[0].score if moves else 0), [str(m.move) for m in moves]

    return solve, lambda line: None


def run_score(args: argparse.Namespace) -> int:
    from arbitre.i18n import word
    from arbitre.scrabble.board import IllegalMoveError
    from arbitre.scrabble.move import Move

    board = _board(args.board)
    move = Move.parse(args.move)
    rack = _rack(args.rack) if args.rack else None
    lexicon = _lexicon(args.lexicon)
    try:
        result = board.score(move, lexicon, rack)
    except IllegalMoveError as exc:
        reason = word(exc.message, args.lang)
        if args.json:
            print_json({"legal": False, "move": str(move), "rule": exc.rule, "reason": reason})
        else:
            print(f"{move}: {reason} ({exc.rule})")
        return 1
    if args.json:
        print_json(
            {
                "legal": True,
                "move": str(result.move),
                "score": result.score,
                "words": [{"word": w, "score": s} for w, s in result.words],
                "bingo": result.bingo,
                "tiles_placed": [
                    {"row": r, "col": c, "letter": x} for r, c, x in result.tiles_placed
                ],
            }
        )
        return 0
    detail = ", ".join(f"{w} {s}" for w, s in result.words)
    bonus = " + scrabble 50" if result.bingo else ""
    print(
        tr("%(move)s: %(score)d points (%(detail)s)")
        % {"move": result.move, "score": result.score, "detail": detail + bonus}
    )
    return 0
