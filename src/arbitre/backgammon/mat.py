"""Jellyfish ``.mat`` match records: export a :class:`Match`, import and check a file.

The layout is the one GNU Backgammon reads and writes: a ``N point match`` header, then for
each game a `` Game k`` line, the two names with their scores, and numbered lines holding
player 0's action in the left column (from column 5, 28 wide) and player 1's in the right
one. A checker move is ``52: 13/8 24/22`` (each die's step in the mover's numbering, 25 the
bar, 0 off, ``*`` a hit); cube actions are `` Doubles => 2``, `` Takes``, `` Drops``; each
game ends with `` Wins N point(s)`` in the winner's column.

Import replays every action through :class:`Match`, so each move and cube action is
checked; a wrong one raises :class:`BackgammonError` with ``backgammon.mat.line``: the
line and the reason, a message in its turn. The import lets stand what seed 003 lets stand:

- an illegal move followed by an action of the opponent (they rolled: the move is condoned,
  3.14), played as the checkers were moved and counted as illegal (3.15); an illegal move
  that nothing of the opponent follows is refused, and so is one after which the rest of
  its game cannot be read (a slip of the pen rather than a move played: the refusal names
  the illegal move's line);
- a double in the Crawford game that was not annulled (6.5: only the leader's objection
  before the next game annuls it): the game counts with the cube taken;
- a closed-out player's turn left empty: they passed without rolling (clock rules 3.11);
  a roll written with no move (as gnubg writes it) is read too;
- a game started with 14 or 16 checkers (3.17: it stands, and its loser may still lose a
  gammon or a backgammon). The format has no place for the board a game started from, so
  the record says it in a comment line of the game, before its first move, which other
  programs skip: ``; 3.17 player 1: -24`` (player 1 started without one of the checkers
  of their 24 point), ``; 3.17 player 2: +6`` (player 2 had one more on their 6 point);
  points in that player's numbering. The export writes these lines for such a game;
- a starting position corrected during the game, before its fourth roll (3.16): a comment
  line between two actions, ``; 3.16 position 4HPwATDgc/ABMA``, the gnubg Position ID of
  the board as corrected, seen from the player on roll; the moves played before it stay.
  The export writes one such line for each correction, where it was made.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from arbitre.backgammon.board import BackgammonError, Dice, Position, Step, refusal
from arbitre.backgammon.ids import position_from_id, position_id
from arbitre.backgammon.match import Action, GameRecord, Match, Phase

MESSAGE_CODES = frozenset(
    f"backgammon.mat.{name}"
    for name in (
        "line",
        "header_first",
        "no_result",
        "names_expected",
        "score",
        "unreadable",
        "opening_double",
        "opening_player",
        "double_value",
        "win_points",
        "wins",
        "out_of_turn",
        "no_double",
        "no_header",
        "start_checkers",
    )
)
"""The refusals of a ``.mat`` record."""

LEFT = 28


def _step_text(step: Step) -> str:
    return f"{step.source}/{step.target}{'*' if step.hit else ''}"


def _cell(action: Action) -> str:
    if action.kind == "move":
        assert action.dice is not None
        text = f"{action.dice.die1}{action.dice.die2}: "
        return text + " ".join(_step_text(step) for step in action.steps)
    if action.kind == "double":
        return f" Doubles => {action.value}"
    if action.kind == "take":
        return " Takes"
    if action.kind == "drop":
        return " Drops"
    return ""


def _wins(points: int) -> str:
    return f" Wins {points} point{'s' if points != 1 else ''}"


def export_mat(match: Match) -> str:
    """The match as Jellyfish ``.mat`` text (games played so far, finished ones with result).

    A resignation is written as the game's ``Wins`` line, as Jellyfish does. Cube actions
    annulled under the Crawford rule (seed 003, 6.5) are left out.
    """
    names = [
        name.replace(":", " ").strip() or f"Player {i + 1}" for i, name in enumerate(match.names)
    ]
    lines = [f" {match.length} point match", ""]
    for game in match.games:
        if not game.actions and game.result is None:
            continue
        lines.append(f" Game {game.number}")
        lines.append(_names_line(names, game.score_before))
        lines += _start_lines(game)
        corrections = {c.after: c for c in game.corrections}
        cells: list[tuple[int, str]] = []
        for i, a in enumerate(game.actions):
            if i in corrections:
                cells.append((-1, correction_line(corrections.pop(i).position)))
            if _cell(a) and i not in game.annulled_actions:
                cells.append((a.player, _cell(a)))
        cells += [(-1, correction_line(c.position)) for c in corrections.values()]
        number = 0
        row: list[str] = ["", ""]
        open_row = False
        side_next = 0
        for player, text in cells:
            if player < 0:  # a line of its own (3.16), between two rows
                if open_row:
                    lines.append(_row(number, row))
                lines.append(text)
                open_row = False
                continue
            if not open_row or player < side_next:
                if open_row:
                    lines.append(_row(number, row))
                number += 1
                row = ["", ""]
                open_row = True
            row[player] = text
            side_next = player + 1
        if game.result is not None:
            winner = game.result.winner
            if open_row and winner == 1 and side_next == 1:
                row[1] = _wins(game.result.points)
                lines.append(_row(number, row))
            else:
                if open_row:
                    lines.append(_row(number, row))
                if winner == 0:
                    lines.append(" " * 5 + _wins(game.result.points))
                else:
                    lines.append(" " * (5 + LEFT) + _wins(game.result.points))
        elif open_row:
            lines.append(_row(number, row))
        lines.append("")
    return "\n".join(lines) + "\n"


def _names_line(names: Sequence[str], score: Sequence[int]) -> str:
    """A game's line of names and scores, the second name in its column from the 33rd
    character: a longer first part keeps one space before the second name, which the reader
    (``_NAMES``) needs after the first score."""
    left = f" {names[0]} : {score[0]}"
    return f"{left:<31} {names[1]} : {score[1]}"


def _row(number: int, row: list[str]) -> str:
    left = row[0].ljust(LEFT) if len(row[0]) < LEFT else row[0] + " "
    return f"{number:3d}) {left}{row[1]}".rstrip() + " "


_HEADER = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_NAMES = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s+(.*?)\s*:\s*(\d+)\s*$")
_NUMBERED = re.compile(r"^\s*(\d+)\)(.*)$")
_MOVE = re.compile(r"^([1-6])([1-6]):\s*(.*)$")
_DOUBLE = re.compile(r"^Doubles\s*=>\s*(\d+)$", re.IGNORECASE)
_START = re.compile(r"^;\s*3\.17\s+player\s+([12])\s*:\s*((?:[+-]\d{1,2}\s*)+)$", re.I)
_CORRECTION = re.compile(r"^;\s*3\.16\s+position\s+(\S+)$", re.IGNORECASE)
_WINS = re.compile(r"^Wins\s+(\d+)\s+points?(?:\s+and\s+the\s+match)?$", re.IGNORECASE)


def import_mat(text: str, complete: bool = True) -> Match:
    """Read ``.mat`` text into a :class:`Match`, checking every action (BackgammonError).

    ``complete=False`` reads a record still being written (at the table): its last move,
    if illegal, waits for the opponent's next action (3.14: condoned once they act, or
    corrected) instead of being refused."""
    match: Match | None = None
    expect_names = False
    game_started = False
    #: an illegal move waiting for the opponent's next action: (line, player, refusal)
    pending: tuple[int, int, BackgammonError] | None = None
    #: the first illegal move let stand in the current game: (line, player, refusal)
    condoned: tuple[int, int, BackgammonError] | None = None
    #: each player's start differing from the standard one in the current game (3.17)
    setup: tuple[list[int], list[int]] = ([], [])
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        stripped = line.strip()
        try:
            if not stripped or stripped.startswith(";"):
                start = _START.match(stripped)
                corrected = _CORRECTION.match(stripped)
                if corrected and match is not None:
                    # refused outside a game under way and from its fourth roll on
                    match.correct_start(position_from_id(corrected.group(1)))
                elif start and match is not None:
                    if game_started:
                        raise refusal("mat.start_checkers", change=stripped, player=start.group(1))
                    setup[int(start.group(1)) - 1].extend(int(x) for x in start.group(2).split())
                continue
            header = _HEADER.match(line)
            if header and match is None:
                match = Match(int(header.group(1)))
                continue
            if match is None:
                raise refusal("mat.header_first")
            game = _GAME.match(line)
            if game:
                _not_condoned(pending)
                condoned = None
                if match.games[-1].result is None and game_started:
                    raise refusal("mat.no_result", game=match.games[-1].number)
                expect_names = True
                game_started = False
                setup = ([], [])
                continue
            if expect_names:
                names = _NAMES.match(line)
                if not names:
                    raise refusal("mat.names_expected")
                if match.names == ("Player 1", "Player 2"):
                    match.names = (names.group(1), names.group(3))
                score = (int(names.group(2)), int(names.group(4)))
                if score != match.score:
                    raise refusal(
                        "mat.score",
                        score=f"{score[0]}-{score[1]}",
                        games=f"{match.score[0]}-{match.score[1]}",
                    )
                expect_names = False
                continue
            numbered = _NUMBERED.match(line)
            if numbered:
                cells = _split_cells(numbered.group(2))
            else:
                position = len(line) - len(line.lstrip())
                cells = ["", stripped] if position >= 5 + LEFT - 2 else [stripped, ""]
            for player in (0, 1):
                if cells[player]:
                    if pending is not None and pending[1] != player:
                        pending = None  # the opponent went on: the illegal move stands
                    if _WINS.match(cells[player]):
                        _not_condoned(pending)
                    illegal = _apply(match, player, cells[player], game_started, setup)
                    if illegal is not None:
                        pending = (number, player, illegal)
                        condoned = condoned or pending
                    game_started = True
        except BackgammonError as exc:
            if exc.message.code == "backgammon.mat.line":
                raise
            _not_condoned(condoned)
            raise refusal("mat.line", line=number, reason=exc.message) from exc
    if match is None:
        raise refusal("mat.no_header")
    if complete:
        _not_condoned(pending)
    return match


def record_text(length: int, names: tuple[str, str], cells: list[tuple[int, str]]) -> str:
    """The ``.mat`` text of a match entered at the table one action at a time (issue 19,
    part 6): ``cells`` are ``(player, action)`` in the order played, an action written as
    in a ``.mat`` (``52: 13/8 13/11``, ``Doubles => 2``, ``Takes``, ``Drops``, ``Wins 2
    points``); a game ends with its ``Wins`` line, and the next action opens the next game.
    Each game's score line is the score the engine reached; reading the text back
    (:func:`import_mat` with ``complete=False``) checks every action with the tolerance
    above."""
    shown = tuple(n.replace(":", " ").strip() or f"Player {i + 1}" for i, n in enumerate(names))
    lines = [f" {length} point match", ""]
    match = Match(length)
    game = 0
    opened = False
    for player, cell in cells:
        if not opened:
            if game:
                match = import_mat("\n".join(lines) + "\n", complete=False)
            game += 1
            lines += ["", f" Game {game}", _names_line(shown, match.score)]
            opened = True
        lines.append(" " * (5 if player == 0 else 5 + LEFT) + cell.strip())
        if _WINS.match(cell.strip()):
            opened = False
    return "\n".join(lines) + "\n"


def correction_line(position: Position) -> str:
    """The record's line of a starting position corrected to ``position`` (seed 003, 3.16),
    seen from the player on roll."""
    return f"; 3.16 position {position_id(position)}"


def _not_condoned(pending: tuple[int, int, BackgammonError] | None) -> None:
    """An illegal move that no action of the opponent followed is refused (3.14)."""
    if pending is not None:
        line, _, exc = pending
        raise refusal("mat.line", line=line, reason=exc.message) from exc


_CELL_START = re.compile(
    r"^(?:[1-6][1-6]:.*|doubles|takes|drops|passes|wins|accepts|refuses)$", re.IGNORECASE
)


def _split_cells(body: str) -> list[str]:
    """The left and right cells of a numbered line (a cell may overflow its column)."""
    words = body.split()
    starts = [i for i, word in enumerate(words) if _CELL_START.match(word)]
    if not words:
        return ["", ""]
    if not starts or starts[0] != 0 or len(starts) > 2:
        raise refusal("mat.unreadable", text=body.strip())
    cells = [" ".join(words[a:b]) for a, b in zip(starts, starts[1:] + [len(words)], strict=True)]
    indent = len(body) - len(body.lstrip())
    if len(cells) == 1:
        return ["", cells[0]] if indent > LEFT // 2 else [cells[0], ""]
    return cells


def _apply(
    match: Match,
    player: int,
    cell: str,
    game_started: bool,
    setup: tuple[list[int], list[int]] = ([], []),
) -> BackgammonError | None:
    """Play one cell; returns the refusal of an illegal move played as condoned."""
    moved = _MOVE.match(cell)
    if moved:
        dice = Dice(int(moved.group(1)), int(moved.group(2)))
        if match.phase in (Phase.OPENING, Phase.GAME_OVER) and not game_started:
            if dice.is_double:
                raise refusal("mat.opening_double", dice=str(dice))
            high, low = max(dice), min(dice)
            match.opening_roll(*((high, low) if player == 0 else (low, high)))
            if match.player_on_roll != player:
                raise refusal("mat.opening_player", player=player + 1)
            if setup[0] or setup[1]:
                _set_up(match, setup)
        else:
            _need_turn(match, player)
            match.roll(dice)
        try:
            match.move(moved.group(3))
        except BackgammonError as exc:
            try:
                match.move(moved.group(3), condoned=True)
            except BackgammonError:
                raise exc from None
            return exc
        return None
    double = _DOUBLE.match(cell)
    if double:
        _need_turn(match, player)
        if int(double.group(1)) != match.cube * 2:
            raise refusal("mat.double_value", value=int(double.group(1)), cube=match.cube)
        match.double(crawford_violation=match.is_crawford_game)
        return None
    lower = cell.lower()
    if lower in ("takes", "accepts"):
        _need_answer(match, player)
        match.take()
        return None
    if lower in ("drops", "passes", "refuses"):
        _need_answer(match, player)
        match.drop()
        return None
    wins = _WINS.match(cell)
    if wins:
        points = int(wins.group(1))
        game = match.game
        if game.result is None:
            # A game ending without bear-off or drop: a resignation.
            if points % match.cube or not 1 <= points // match.cube <= 3:
                raise refusal("mat.win_points", points=points, cube=match.cube)
            match.resign(1 - player, points // match.cube)
            match.accept_resignation()
        assert game.result is not None
        if game.result.winner != player or game.result.points != points:
            raise refusal(
                "mat.wins",
                player=player + 1,
                points=points,
                winner=game.result.winner + 1,
                game_points=game.result.points,
            )
        return None
    raise refusal("mat.unreadable", text=cell)


def _set_up(match: Match, setup: tuple[list[int], list[int]]) -> None:
    """The game's board as it started (3.17: 14 or 16 checkers stand), the opening roll
    kept: each change takes a checker off a player's point (``-N``) or adds one (``+N``)."""
    dice = match.dice
    assert dice is not None
    sides = [list(Position.initial().player), list(Position.initial().player)]
    for player in (0, 1):
        for change in setup[player]:
            index = abs(change) - 1
            if not 0 <= index < 24 or (change < 0 and sides[player][index] == 0):
                raise refusal("mat.start_checkers", change=f"{change:+d}", player=player + 1)
            sides[player][index] += 1 if change > 0 else -1
    first = match.player_on_roll
    board = Position(tuple(sides[first]), tuple(sides[1 - first]))
    match.set_position(board, first, start_checkers=(sum(sides[0]), sum(sides[1])))
    match.roll(dice)


def _start_lines(game: GameRecord) -> list[str]:
    """The comment lines of a game that did not start from the standard board (3.17)."""
    if game.start is None:
        return []
    initial = Position.initial().player
    lines = []
    for player, side in enumerate(game.start):
        changes = []
        for index in range(25):
            diff = side[index] - initial[index]
            changes += [f"{'+' if diff > 0 else '-'}{index + 1}"] * abs(diff)
        if changes:
            lines.append(f"; 3.17 player {player + 1}: {' '.join(changes)}")
    return lines


def _need_turn(match: Match, player: int) -> None:
    if match.phase is Phase.ROLL and match.player_on_roll != player and match.closed_out:
        match.pass_closed_out()  # the closed-out player's empty turn (clock rules 3.11)
    if match.phase is not Phase.ROLL or match.player_on_roll != player:
        raise refusal("mat.out_of_turn", player=player + 1)


def _need_answer(match: Match, player: int) -> None:
    if match.phase is not Phase.DOUBLED or match.turn != player:
        raise refusal("mat.no_double", player=player + 1)


def read_mat(path: str | Path) -> Match:
    """Read and check a ``.mat`` file."""
    return import_mat(Path(path).read_text(encoding="utf-8", errors="replace"))
