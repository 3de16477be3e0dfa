"""GCG game records (the format of Quackle, Woogles and Macondo): read and write.

Lines written and read::

    #player1 nick Full Name            (the player who started)
    >nick: RACK 8D WORD +score total   a move; '.' for a letter already on the board
    >nick: RACK -- -score total        the move just above withdrawn after a challenge
    >nick: RACK - +0 total             a pass
    >nick: RACK -TILES +0 total        an exchange (``-3``: three tiles, not named)
    >nick: (RACK) +value total         the opponent's tiles added (001 7.1)
    >nick: RACK (RACK) -value total    the player's own tiles deducted
    >nick: RACK (challenge) +n total   (read only: a challenge bonus of other rule sets)
    >nick: RACK (time) -n total        (read only: a time penalty of other rule sets)

GCG writes coordinates the English way: row number then column letter for a horizontal
move, column letter then row number for a vertical one; the French ``H4`` (horizontal) is
GCG ``8D`` and the French ``4H`` (vertical) is GCG ``D8``.

French rules with no GCG line are written as ``#note arbitre: ...`` lines (a note belongs
to the line above it), documented in docs/classic-game.md::

    #note arbitre: challenge CHALLENGER WORD [WORD...]   words challenged on the move above
    #note arbitre: penalty NICK -POINTS challenge|sanction|overdraw [text]
    #note arbitre: warning NICK [text]
    #note arbitre: rack NICK TILES                       NICK's rack after over-drawing
    #note arbitre: lost-turn                             the pass above: per-move timer
    #note arbitre: out-of-time NICK                      NICK's flag fell (001 7.3)
    #note arbitre: result REASON WINNER|draw             how the game ended

The profile is written in the ``#description`` line as ``profile=ffsc``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from arbitre.common.messages import Message, Param, Refusal
from arbitre.scrabble.tiles import ROW_NAMES, SIZE

if TYPE_CHECKING:
    from arbitre.classic.game.game import ClassicGame

COLUMN_LETTERS = "ABCDEFGHIJKLMNO"
NOTE_PREFIX = "arbitre:"


MESSAGE_CODES = frozenset(
    f"gcg.{name}"
    for name in (
        "at_line",
        "in_file",
        "coordinate",
        "coordinate_row",
        "french_coordinate",
        "french_column",
        "nested",
        "unbalanced",
        "nickname",
        "same_nick",
        "line_kind",
        "players",
        "unknown_player",
        "word",
        "unreadable",
    )
)
"""Refusals of a GCG text (``gcg.*``); ``gcg.at_line`` and ``gcg.in_file`` put the line or
the file in front of a reason."""


class GcgError(Refusal):
    """A GCG text that cannot be read; the message (``gcg.*``) names the line."""

    @classmethod
    def of(cls, code: str, /, **params: Param) -> GcgError:
        return cls(Message.of(f"gcg.{code}", **params))

    @classmethod
    def at(cls, line_no: int, code: str, /, **params: Param) -> GcgError:
        """The refusal ``code`` at line ``line_no``."""
        return cls.of("at_line", line=line_no, reason=Message.of(f"gcg.{code}", **params))


def gcg_position(row: int, col: int, horizontal: bool) -> str:
    """GCG coordinate of a move's first square: ``8D`` (horizontal), ``D8`` (vertical)."""
    if horizontal:
        return f"{row + 1}{COLUMN_LETTERS[col]}"
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def parse_gcg_position(text: str) -> tuple[int, int, bool]:
    """``(row, col, horizontal)`` of a GCG coordinate (raises :class:`GcgError`)."""
    m = re.fullmatch(r"(\d{1,2})([A-Oa-o])|([A-Oa-o])(\d{1,2})", text)
    if not m:
        raise GcgError.of("coordinate", coordinate=text)
    if m.group(1):
        row, col, horizontal = int(m.group(1)) - 1, COLUMN_LETTERS.index(m.group(2).upper()), True
    else:
        row, col, horizontal = int(m.group(4)) - 1, COLUMN_LETTERS.index(m.group(3).upper()), False
    if not 0 <= row < SIZE:
        raise GcgError.of("coordinate_row", coordinate=text, row=row + 1)
    return row, col, horizontal


def french_to_gcg(coordinate: str) -> str:
    """``H4`` -> ``8D``, ``4H`` -> ``D8`` (seed 004 3.2 coordinates to GCG)."""
    m = re.fullmatch(r"([A-Oa-o])(\d{1,2})|(\d{1,2})([A-Oa-o])", coordinate.strip())
    if not m:
        raise GcgError.of("french_coordinate", coordinate=coordinate)
    if m.group(1):
        row, col, horizontal = ROW_NAMES.index(m.group(1).upper()), int(m.group(2)) - 1, True
    else:
        row, col, horizontal = ROW_NAMES.index(m.group(4).upper()), int(m.group(3)) - 1, False
    if not 0 <= col < SIZE:
        raise GcgError.of("french_column", coordinate=coordinate, column=col + 1)
    return gcg_position(row, col, horizontal)


def gcg_to_french(position: str) -> str:
    """``8D`` -> ``H4``, ``D8`` -> ``4H``."""
    row, col, horizontal = parse_gcg_position(position)
    if horizontal:
        return f"{ROW_NAMES[row]}{col + 1}"
    return f"{col + 1}{ROW_NAMES[row]}"


@dataclass
class GcgEvent:
    """One ``>`` line of a record, with the notes that follow it.

    ``kind``: ``move``, ``withdrawn``, ``pass``, ``exchange``, ``end_points`` (the
    opponent's tiles added), ``end_rack`` (own tiles deducted), ``challenge_bonus``,
    ``time_penalty``. ``word`` keeps GCG's ``.`` for letters already on the board.
    """

    line: int
    nick: str
    kind: str
    rack: str
    score: int
    total: int
    row: int = 0
    col: int = 0
    horizontal: bool = True
    word: str = ""
    exchanged: str = ""
    exchange_count: int = 0
    notes: list[str] = field(default_factory=list)

    def arbitre_notes(self) -> list[list[str]]:
        """The ``arbitre:`` notes of this line, split into words."""
        out = []
        for note in self.notes:
            if note.startswith(NOTE_PREFIX):
                out.append(note[len(NOTE_PREFIX) :].split())
        return out


@dataclass
class GcgRecord:
    """A parsed GCG record: players (nick, full name) in the file's order, events."""

    players: list[tuple[str, str]]
    events: list[GcgEvent]
    lexicon: str | None = None
    title: str | None = None
    description: str | None = None
    game_id: str | None = None
    #: Notes before the first ``>`` line.
    header_notes: list[str] = field(default_factory=list)

    @property
    def profile(self) -> str | None:
        m = re.search(r"profile=(\w+)", self.description or "")
        return m.group(1) if m else None


_TILES = r"[A-Za-z?]*"
_NUM = r"[+-]?\d+"
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    # The rack may be left out of a withdrawn move, a pass or an exchange (a game recorded
    # at a table, where the racks are not known).
    ("withdrawn", re.compile(rf"({_TILES})\s*--\s+-(\d+)\s+({_NUM})")),
    ("pass", re.compile(rf"({_TILES})\s*-\s+\+?0\s+({_NUM})")),
    ("exchange", re.compile(rf"({_TILES})\s*-([A-Za-z?]+|[1-7])\s+\+?0\s+({_NUM})")),
    ("challenge_bonus", re.compile(rf"({_TILES})\s+\(challenge\)\s+\+(\d+)\s+({_NUM})")),
    ("time_penalty", re.compile(rf"({_TILES})\s+\(time\)\s+-(\d+)\s+({_NUM})")),
    ("end_points", re.compile(rf"\(([A-Za-z?]+)\)\s+\+(\d+)\s+({_NUM})")),
    ("end_rack", re.compile(rf"({_TILES})\s+\(([A-Za-z?]+)\)\s+-(\d+)\s+({_NUM})")),
    (
        "move",
        re.compile(rf"({_TILES})\s+(\w+)\s+([A-Za-z.()]+)\s+\+?(\d+)\s+({_NUM})"),
    ),
]


def _normalise_word(word: str, line_no: int) -> str:
    """GCG word with ``(AB)`` play-through groups turned into ``..``."""
    out, inside = [], False
    for ch in word:
        if ch == "(":
            if inside:
                raise GcgError.at(line_no, "nested", word=word)
            inside = True
        elif ch == ")":
            if not inside:
                raise GcgError.at(line_no, "unbalanced", word=word)
            inside = False
        else:
            out.append("." if inside else ch)
    if inside:
        raise GcgError.at(line_no, "unbalanced", word=word)
    return "".join(out)


def parse(text: str) -> GcgRecord:
    """Read a GCG text (raises :class:`GcgError` naming the line)."""
    players: list[tuple[str, str]] = []
    events: list[GcgEvent] = []
    record = GcgRecord(players, events)
    for line_no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            key, _, value = line[1:].partition(" ")
            value = value.strip()
            if key in ("player1", "player2"):
                nick, _, name = value.partition(" ")
                if not nick:
                    raise GcgError.at(line_no, "nickname", key=key)
                if any(p[0] == nick for p in players):
                    raise GcgError.at(line_no, "same_nick", nick=nick)
                players.append((nick, name.strip() or nick))
            elif key == "note":
                (events[-1].notes if events else record.header_notes).append(value)
            elif key == "lexicon":
                record.lexicon = value
            elif key == "title":
                record.title = value
            elif key == "description":
                record.description = value
            elif key == "id":
                record.game_id = value
            continue
        if not line.startswith(">"):
            raise GcgError.at(line_no, "line_kind", text=line[:30])
        events.append(_parse_event(line, line_no, players))
    if len(players) != 2:
        raise GcgError.of("players")
    return record


def _parse_event(line: str, line_no: int, players: list[tuple[str, str]]) -> GcgEvent:
    nick, sep, rest = line[1:].partition(":")
    nick = nick.strip()
    if not sep or nick not in [p[0] for p in players]:
        raise GcgError.at(line_no, "unknown_player", nick=nick)
    rest = rest.strip()
    for kind, pattern in _PATTERNS:
        m = pattern.fullmatch(rest)
        if not m:
            continue
        g = m.groups()
        if kind == "move":
            row, col, horizontal = _position(g[1], line_no)
            word = _normalise_word(g[2], line_no)
            if not re.fullmatch(r"[A-Za-z.]{2,15}", word):
                raise GcgError.at(line_no, "word", word=g[2])
            return GcgEvent(
                line_no, nick, kind, g[0].upper(), int(g[3]), int(g[4]), row, col, horizontal, word
            )
        if kind == "withdrawn":
            return GcgEvent(line_no, nick, kind, g[0].upper(), -int(g[1]), int(g[2]))
        if kind == "pass":
            return GcgEvent(line_no, nick, kind, g[0].upper(), 0, int(g[1]))
        if kind == "exchange":
            ev = GcgEvent(line_no, nick, kind, g[0].upper(), 0, int(g[2]))
            if g[1].isdigit():
                ev.exchange_count = int(g[1])
            else:
                ev.exchanged = g[1].upper()
                ev.exchange_count = len(ev.exchanged)
            return ev
        if kind == "challenge_bonus":
            return GcgEvent(line_no, nick, kind, g[0].upper(), int(g[1]), int(g[2]))
        if kind == "time_penalty":
            return GcgEvent(line_no, nick, kind, g[0].upper(), -int(g[1]), int(g[2]))
        if kind == "end_points":
            return GcgEvent(line_no, nick, kind, g[0].upper(), int(g[1]), int(g[2]))
        if kind == "end_rack":
            return GcgEvent(line_no, nick, kind, g[1].upper(), -int(g[2]), int(g[3]))
    raise GcgError.at(line_no, "unreadable", text=line)


def _position(text: str, line_no: int) -> tuple[int, int, bool]:
    try:
        return parse_gcg_position(text)
    except GcgError as exc:
        raise GcgError.of("at_line", line=line_no, reason=exc.message) from None


def load(path: str | Path) -> GcgRecord:
    """Read a GCG file (UTF-8; Latin-1 when it is not valid UTF-8)."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    try:
        return parse(text)
    except GcgError as exc:
        raise GcgError.of("in_file", path=str(path), reason=exc.message) from None


def nick_of(name: str) -> str:
    """A GCG nickname: the name without spaces (GCG separates fields by spaces)."""
    nick = re.sub(r"\s+", "_", name.strip()) or "joueur"
    return nick.replace(":", "_")


def write(game: ClassicGame, title: str | None = None, lexicon_name: str | None = None) -> str:
    """The GCG record of a game (player1 is the starter)."""
    nicks = [nick_of(n) for n in game.names]
    if nicks[0] == nicks[1]:
        nicks = [f"{nicks[0]}_1", f"{nicks[1]}_2"]
    out = ["#character-encoding UTF-8"]
    for i, p in enumerate((game.starter, 1 - game.starter), 1):
        out.append(f"#player{i} {nicks[p]} {game.names[p]}")
    if title:
        out.append(f"#title {title}")
    out.append(f"#description Scrabble classique, profile={game.profile.name}")
    name = lexicon_name or getattr(game.lexicon, "name", None)
    if name:
        out.append(f"#lexicon {name}")
    totals = [0, 0]
    flag_notes = game.result is not None and game.result.reason == "time"
    challenged: set[int] = set()
    for line in game.lines:
        if flag_notes and line.kind == "end_rack":
            # Flags that fell with no automatic pass to show it (001 7.3.2).
            flag_notes = False
            for q in (game.starter, 1 - game.starter):
                if game.out_of_time[q] and not any(
                    t.automatic and t.player == q for t in game.turns
                ):
                    out.append(f"#note {NOTE_PREFIX} out-of-time {nicks[q]}")
        p = line.player
        totals[p] += line.points
        total = totals[p]
        turn = game.turns[line.turn - 1] if line.turn is not None else None
        head = f">{nicks[p]}:"
        if line.kind == "play" and turn is not None and turn.move is not None:
            mv = turn.move
            placed = set(turn.placed)
            word = "".join(
                letter if sq in placed else "."
                for sq, letter in zip(mv.squares(), mv.word, strict=True)
            )
            pos = gcg_position(mv.row, mv.col, mv.horizontal)
            out.append(f"{head} {turn.rack} {pos} {word} +{line.points} {total}")
            continue
        if line.kind in ("withdrawn", "challenge_penalty") and turn is not None:
            ch = turn.challenge
            if ch is not None and turn.number not in challenged:
                # The challenge is written where it happened among the notes.
                challenged.add(turn.number)
                words = " ".join(ch.words)
                out.append(f"#note {NOTE_PREFIX} challenge {nicks[ch.challenger]} {words}")
        if line.kind == "withdrawn" and turn is not None:
            out.append(f"{head} {turn.rack} -- -{abs(line.points)} {total}")
        elif line.kind in ("pass", "lost_turn") and turn is not None:
            out.append(f"{head} {turn.rack} - +0 {total}")
            if line.kind == "lost_turn":
                out.append(f"#note {NOTE_PREFIX} lost-turn")
            elif turn.automatic:
                out.append(f"#note {NOTE_PREFIX} out-of-time {nicks[p]}")
        elif line.kind == "exchange" and turn is not None:
            out.append(f"{head} {turn.rack} -{turn.exchanged} +0 {total}")
        elif line.kind == "end_bonus" and line.text != "()":
            out.append(f"{head} {line.text} +{line.points} {total}")
        elif line.kind == "end_rack" and line.text != "()":
            tiles = line.text.strip("()")
            out.append(f"{head} {tiles} {line.text} -{abs(line.points)} {total}")
        elif line.kind == "challenge_penalty":
            out.append(f"#note {NOTE_PREFIX} penalty {nicks[p]} {line.points} challenge")
        elif line.kind == "penalty":
            out.append(
                f"#note {NOTE_PREFIX} penalty {nicks[p]} {line.points} sanction {line.text}".rstrip()
            )
        elif line.kind == "overdraw":
            out.append(f"#note {NOTE_PREFIX} penalty {nicks[p]} {line.points} overdraw")
            if line.rack is not None:
                out.append(f"#note {NOTE_PREFIX} rack {nicks[p]} {line.rack}")
        elif line.kind == "warning":
            out.append(f"#note {NOTE_PREFIX} warning {nicks[p]} {line.text}".rstrip())
    if game.result is not None:
        r = game.result
        winner = "draw" if r.winner is None else nicks[r.winner]
        out.append(f"#note {NOTE_PREFIX} result {r.reason} {winner}")
    return "\n".join(out) + "\n"
