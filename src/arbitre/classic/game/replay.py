"""Replay a recorded game and check it against the rules (a director's tool for disputed
totals, 001 10.4; 000 9.4).

Every move is placed on the board and scored again; every challenge is judged with the word
list; the reckoning at the end is made again. Each line of the record is reported with the
score and total it gives and the ones the rules give.

A record that cannot be replayed is refused with :class:`ReplayError`, carrying
``classic_replay.line``: the line of the record and the reason (a message, or the text of a
placement error of :mod:`arbitre.scrabble`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from typing import Any

from arbitre.classic.game.bag import BagError, check_tiles
from arbitre.classic.game.game import ClassicGame, GameError, Overdraw, Sanction
from arbitre.classic.game.gcg import GcgError, GcgEvent, GcgRecord
from arbitre.classic.game.profiles import Profile
from arbitre.common.messages import Message, Param, Refusal
from arbitre.scrabble.board import IllegalMoveError
from arbitre.scrabble.move import Move, MoveParseError
from arbitre.scrabble.rack import RackError
from arbitre.scrabble.tiles import sort_tiles

_LOSSES = ("sanction", "abandon", "overdraw", "forfeit")

MESSAGE_CODES = frozenset(
    f"classic_replay.{name}"
    for name in (
        "line",
        "over",
        "not_turn",
        "off_board",
        "dot_empty",
        "withdraw_follows",
        "not_challengeable",
        "challenge_note",
        "unknown_nick",
        # where a record that can be replayed disagrees with the rules (Replay.problems)
        "stops_early",
        "not_a_rule",
        "total",
        "score",
        "withdrawn_valid",
        "challenged_valid",
        "not_ended",
        "no_end_line",
        "end_tiles",
        "end_points",
        "ended_by",
    )
)
"""The refusals of a record that cannot be replayed, and where a record disagrees with the
rules (the problems of a :class:`Replay` and of its lines)."""


Wording = Callable[[Message], str]
"""How an interface words a message (``arbitre.i18n.word`` in a language)."""


def _problems_json(problems: list[Message], wording: Wording | None) -> list[dict[str, Any]]:
    if wording is None:
        return [m.as_dict() for m in problems]
    return [{"text": wording(m), **m.as_dict()} for m in problems]


class ReplayError(Refusal):
    """A record that cannot be replayed at all (a move off the rules, a wrong turn order)."""


def _refuse(line: int, code: str, **params: Param) -> ReplayError:
    """Line ``line`` of the record cannot be replayed: ``classic_replay.<code>``."""
    reason = Message.of(f"classic_replay.{code}", **params)
    return ReplayError(Message.of("classic_replay.line", line=line, reason=reason))


@dataclass
class ReplayLine:
    """One ``>`` line of the record checked against the rules."""

    line: int
    nick: str
    kind: str
    text: str
    recorded_score: int
    score: int | None
    recorded_total: int
    total: int
    problems: list[Message] = field(default_factory=list)
    """Where the line disagrees with the rules (``classic_replay.*``)."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self, wording: Wording | None = None) -> dict[str, Any]:
        """The line as JSON; its problems as messages, with their ``text`` when a
        ``wording`` is given."""
        return {
            "line": self.line,
            "player": self.nick,
            "kind": self.kind,
            "text": self.text,
            "recorded_score": self.recorded_score,
            "score": self.score,
            "recorded_total": self.recorded_total,
            "total": self.total,
            "ok": self.ok,
            "problems": _problems_json(self.problems, wording),
        }


@dataclass
class Replay:
    """The replayed game and the report of every line."""

    game: ClassicGame
    lines: list[ReplayLine]
    problems: list[Message]
    """Where the whole record disagrees with the rules (``classic_replay.*``)."""

    @property
    def ok(self) -> bool:
        return not self.problems and all(line.ok for line in self.lines)

    def to_json(self, wording: Wording | None = None) -> dict[str, Any]:
        """The replay as JSON; the problems as messages, with their ``text`` when a
        ``wording`` is given."""
        game = self.game
        result = game.result
        winner = None if result is None or result.winner is None else game.names[result.winner]
        return {
            "players": list(game.names),
            "scores": {game.names[p]: game.score(p) for p in (0, 1)},
            "winner": winner,
            "over": game.over,
            "reason": None if result is None else result.reason,
            "profile": game.profile.name,
            "ok": self.ok,
            "problems": _problems_json(self.problems, wording),
            "moves": [line.to_json(wording) for line in self.lines],
        }


def replay(
    record: GcgRecord,
    lexicon: Container[str],
    profile: str | Profile | None = None,
    seed: int = 0,
) -> Replay:
    """Replay ``record`` with ``lexicon`` under ``profile`` (default: the record's own, else
    ``ffsc``). Raises :class:`ReplayError` when a line cannot be applied at all."""
    return _Replayer(record, lexicon, profile or record.profile or "ffsc", seed).run()


class _Replayer:
    def __init__(
        self, record: GcgRecord, lexicon: Container[str], profile: str | Profile, seed: int
    ) -> None:
        self.record = record
        self.nicks = [nick for nick, _ in record.players]
        turns = [e for e in record.events if e.kind in ("move", "pass", "exchange")]
        starter = self.nicks.index(turns[0].nick) if turns else 0
        names = [name for _, name in record.players]
        if names[0] == names[1]:
            names = self.nicks
        self.game = ClassicGame(lexicon, names, profile=profile, starter=starter, seed=seed)
        self.lines: list[ReplayLine] = []
        self.problems: list[Message] = []
        self.matched_turns = 0
        self.final_racks, self.last_change = _final_racks_of(record.events, self.nicks)
        self.index = 0
        #: How the record says the game ended (its ``result`` note), e.g. ``director``.
        self.ended_by = next(
            (
                note[1]
                for ev in record.events
                for note in ev.arbitre_notes()
                if note[:1] == ["result"] and len(note) >= 2
            ),
            None,
        )

    def run(self) -> Replay:
        events = self.record.events
        if self.record.header_notes and self.nicks:
            header = GcgEvent(0, self.nicks[0], "header", "", 0, 0, notes=self.record.header_notes)
            self._notes(header, header.arbitre_notes())
        for i, ev in enumerate(events):
            self.index = i
            try:
                if ev.kind in ("end_points", "end_rack") and not self.game.over:
                    self._final_racks(events[i:])
                self._apply(ev)
            except (GameError, BagError, IllegalMoveError, MoveParseError, RackError) as exc:
                reason: Param = exc.message if isinstance(exc, Refusal) else str(exc)
                line = Message.of("classic_replay.line", line=ev.line, reason=reason)
                raise ReplayError(line) from None
        game = self.game
        if (
            not game.over
            and game.challengeable is not None
            and not game.rack(game.challengeable.player)
        ):
            game.close_challenge_window()
        if not game.over:
            self.problems.append(Message.of("classic_replay.stops_early"))
        return Replay(game, self.lines, self.problems)

    def _final_racks(self, events: list[GcgEvent]) -> None:
        """The end-of-game lines name the tiles left on the racks: the racks are set from
        them before the reckoning."""
        for ev in events:
            if ev.kind not in ("end_points", "end_rack"):
                break
            owner = self.player(ev) if ev.kind == "end_rack" else 1 - self.player(ev)
            self.game.set_rack(owner, ev.rack)

    def player(self, ev: GcgEvent) -> int:
        return self.nicks.index(ev.nick)

    def _apply(self, ev: GcgEvent) -> None:
        game = self.game
        p = self.player(ev)
        notes = ev.arbitre_notes()
        problems: list[Message] = []
        score: int | None = None
        text = ev.kind
        if ev.kind in ("move", "pass", "exchange"):
            if game.over and not self._automatic_pass(ev, p, notes):
                raise _refuse(ev.line, "over")
            text, score = self._turn(ev, p, notes, problems)
        elif ev.kind == "withdrawn":
            text, score = self._withdrawn(ev, p, problems)
        elif ev.kind in ("end_points", "end_rack"):
            text, score = self._end_line(ev, p, problems)
        else:
            text = ev.kind
            problems.append(Message.of("classic_replay.not_a_rule", kind=ev.kind))
        total = game.score(p)
        if ev.kind not in ("end_points", "end_rack"):
            # The end-of-game lines come after in the record, whatever ended the game.
            total -= sum(
                ln.points for ln in game.lines if ln.player == p and ln.kind.startswith("end_")
            )
        if total != ev.total:
            problems.append(Message.of("classic_replay.total", recorded=ev.total, rules=total))
        self.lines.append(
            ReplayLine(ev.line, ev.nick, ev.kind, text, ev.score, score, ev.total, total, problems)
        )
        self._notes(ev, notes)

    def _turn(
        self, ev: GcgEvent, p: int, notes: list[list[str]], problems: list[Message]
    ) -> tuple[str, int | None]:
        game = self.game
        flagged = any(n[:1] == ["out-of-time"] for n in notes)
        if ev.kind == "pass":
            self._settle_racks(before_turn=True)
        if ev.kind == "pass" and flagged:
            if ev.rack and not game.over:
                game.set_rack(p, ev.rack)
            if self._unmatched():
                auto = game.turns[self.matched_turns]
                if auto.automatic and auto.player == p:
                    self.matched_turns = auto.number
                    return "-", 0
            if game.to_move != p:
                raise _refuse(ev.line, "not_turn", player=ev.nick)
            game.flag(p)
            self.matched_turns = len(game.turns)
            return "-", 0
        if game.to_move != p:
            raise _refuse(ev.line, "not_turn", player=ev.nick)
        if ev.rack:
            game.set_rack(p, ev.rack)
        if ev.kind == "pass":
            if any(n[:1] == ["lost-turn"] for n in notes):
                done = game.lose_turn()
            else:
                done = game.pass_turn()
            self.matched_turns = done.number
            return "-", 0
        if ev.kind == "exchange":
            tiles = ev.exchanged or game.rack(p)[: ev.exchange_count]
            self.matched_turns = game.exchange(tiles).number
            return f"-{tiles}", 0
        if (ev.col if ev.horizontal else ev.row) + len(ev.word) > 15:
            raise _refuse(ev.line, "off_board", word=ev.word)
        word = "".join(
            (game.board[sq] or "?") if letter == "." else letter
            for sq, letter in zip(_squares(ev), ev.word, strict=True)
        )
        if "?" in word:
            raise _refuse(ev.line, "dot_empty", word=ev.word)
        turn = game.play(Move(ev.row, ev.col, ev.horizontal, word), announced=ev.score)
        self.matched_turns = turn.number
        if turn.score_disputed:
            problems.append(Message.of("classic_replay.score", recorded=ev.score, rules=turn.score))
        return str(turn.move), turn.score

    def _unmatched(self) -> bool:
        return len(self.game.turns) > self.matched_turns

    def _automatic_pass(self, ev: GcgEvent, p: int, notes: list[list[str]]) -> bool:
        """The record's line of a pass the engine already made for a player out of time
        (001 7.3.1; 000 7.1.2), the sixth of which ended the game (4.2.2)."""
        if ev.kind != "pass" or not any(n[:1] == ["out-of-time"] for n in notes):
            return False
        if not self._unmatched():
            return False
        auto = self.game.turns[self.matched_turns]
        return auto.automatic and auto.player == p

    def _settle_racks(self, before_turn: bool) -> None:
        """Give each player the tiles the record's end lines say they kept, once their rack
        can no longer change (their last move, exchange or withdrawn move is behind): a game
        ended by six scoreless turns (001 4.2.2, 7.2) or by both flags (7.3.2) is reckoned
        by the engine as it ends, with the tiles each player had left, which a record made
        at a table (racks unknown) names only in its end lines."""
        game = self.game
        if game.over:
            return
        for p, tiles in enumerate(self.final_racks):
            last = self.last_change[p]
            if tiles is None or last > self.index or (before_turn and last == self.index):
                continue
            if game.rack(p) != sort_tiles(check_tiles(tiles)):
                game.set_rack(p, tiles)
            self.final_racks[p] = None

    def _withdrawn(self, ev: GcgEvent, p: int, problems: list[Message]) -> tuple[str, int | None]:
        game = self.game
        last = game.turns[-1] if game.turns else None
        if last is None or last.kind != "play" or last.player != p:
            raise _refuse(ev.line, "withdraw_follows", player=ev.nick)
        if last.challenge is None:
            if game.challengeable is not last:
                raise _refuse(ev.line, "not_challengeable")
            invalid = [w for w, _ in last.words if w.upper() not in game.lexicon]
            if not invalid:
                problems.append(Message.of("classic_replay.withdrawn_valid"))
                return "--", 0
            game.challenge(invalid)
        elif not last.challenge.withdrawn:
            problems.append(Message.of("classic_replay.challenged_valid"))
            return "--", 0
        return "--", -last.score

    def _end_line(self, ev: GcgEvent, p: int, problems: list[Message]) -> tuple[str, int | None]:
        game = self.game
        if not game.over:
            pending = game.challengeable
            if pending is not None and not game.rack(pending.player):
                game.close_challenge_window()
            else:
                if self.ended_by != "director":
                    problems.append(Message.of("classic_replay.not_ended"))
                game.director_end()
        kind = "end_bonus" if ev.kind == "end_points" else "end_rack"
        found = [ln for ln in game.lines if ln.player == p and ln.kind == kind]
        if not found:
            problems.append(Message.of("classic_replay.no_end_line", player=ev.nick))
            return f"({ev.rack})", None
        line = found[-1]
        if line.text != f"({ev.rack})" and sorted(line.text) != sorted(f"({ev.rack})"):
            problems.append(
                Message.of(
                    "classic_replay.end_tiles", recorded=ev.rack, rules=line.text.strip("()")
                )
            )
        if line.points != ev.score:
            problems.append(
                Message.of("classic_replay.end_points", recorded=ev.score, rules=line.points)
            )
        return line.text, line.points

    def _notes(self, ev: GcgEvent, notes: list[list[str]]) -> None:
        game = self.game
        for note in notes:
            if not note:
                continue
            key, args = note[0], note[1:]
            if key == "challenge" and len(args) >= 2:
                if game.challengeable is None:
                    raise _refuse(ev.line, "challenge_note")
                game.challenge(args[1:])
            elif key == "penalty" and len(args) >= 3:
                who = self._nick(args[0], ev)
                points = abs(int(args[1])) if args[1].lstrip("+-").isdigit() else 0
                what = args[2]
                if what == "challenge":
                    continue  # applied by the challenge itself; totals are compared
                if game.result is not None and game.result.reason in _LOSSES:
                    continue
                kind = "overdraw" if what == "overdraw" else "penalty"
                reason = " ".join(args[3:])
                game.penalize(who, Sanction.POINTS, reason, points=points, kind=kind)
            elif key == "rack" and len(args) == 2:
                if not game.over:
                    who = self._nick(args[0], ev)
                    game.set_rack(who, args[1])
                    last = game.lines[-1] if game.lines else None
                    if last is not None and last.kind == "overdraw" and last.player == who:
                        game.lines[-1] = dataclasses.replace(last, rack=game.rack(who))
            elif key == "out-of-time" and args:
                who = self._nick(args[0], ev)
                if not game.over and not game.out_of_time[who]:
                    self._settle_racks(before_turn=False)
                    game.flag(who)
            elif key == "warning" and args:
                if game.result is None or game.result.reason not in _LOSSES:
                    game.penalize(self._nick(args[0], ev), Sanction.WARNING, " ".join(args[1:]))
            elif key == "result" and len(args) >= 2:
                reason, winner = args[0], args[1]
                if reason in _LOSSES and not game.over and winner != "draw":
                    loser = 1 - self._nick(winner, ev)
                    if reason == "forfeit":
                        game.forfeit(loser)
                    elif reason == "abandon":
                        game.abandon(loser)
                    elif reason == "overdraw":
                        game.overdraw(loser, 1, Overdraw.ARBITER)
                    else:
                        game.penalize(loser, Sanction.LOSS)
                if game.result is not None and game.result.reason != reason:
                    self.problems.append(
                        Message.of(
                            "classic_replay.ended_by", recorded=reason, rules=game.result.reason
                        )
                    )

    def _nick(self, nick: str, ev: GcgEvent) -> int:
        if nick not in self.nicks:
            raise _refuse(ev.line, "unknown_nick", player=nick)
        return self.nicks.index(nick)


def _final_racks_of(events: list[GcgEvent], nicks: list[str]) -> tuple[list[str | None], list[int]]:
    """The tiles each player is left with by the record's end lines (``None``: not named),
    and the index of the last event that changes each player's rack (a move, an exchange,
    a withdrawn move; -1: none)."""
    racks: list[str | None] = [None, None]
    last = [-1, -1]
    for i, ev in enumerate(events):
        if ev.nick not in nicks:
            continue
        p = nicks.index(ev.nick)
        if ev.kind in ("move", "exchange", "withdrawn"):
            last[p] = i
        elif ev.kind == "end_rack":
            racks[p] = ev.rack
        elif ev.kind == "end_points":
            racks[1 - p] = ev.rack
    return racks, last


def _squares(ev: GcgEvent) -> list[tuple[int, int]]:
    if ev.horizontal:
        return [(ev.row, ev.col + i) for i in range(len(ev.word))]
    return [(ev.row + i, ev.col) for i in range(len(ev.word))]


__all__ = ["GcgError", "Replay", "ReplayError", "ReplayLine", "replay"]
