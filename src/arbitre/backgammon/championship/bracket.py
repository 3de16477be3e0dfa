"""Final bracket and progressive consolation (seed 003, "Tableau final", "Consolation";
rulings.md Backgammon 5).

The final bracket seeds the eight qualified players top to bottom 1-8, 4-5, 3-6, 2-7;
every match is best of three sets (quarter- and semi-finals 2 x 9 points with an 11-point
decider, final 2 x 11 with an 11-point decider; all settings).

With fewer than eight eligible players the bracket is built all the same, the missing
places being byes given to the highest ranked (decision, docs/backgammon-championship.md).

The consolation is progressive (seed 003, last paragraphs; decisions in
docs/backgammon-championship.md): the semi-final losers enter at its quarter-finals; the
quarter-final losers and the players eliminated at the tie-break or the play-off enter
together at one round (the quarter-finals when they fit there); everyone else enters by the
re-count (round 6 counted twice, round 7 three times), the best entering latest, and the
first round is played only by players who lost round 7, so that a 7th-round win gains a
round.

Names of rounds and of undecided slots are :class:`~arbitre.common.Message` values (codes
``bracket.round.*``, ``bracket.winner_of``...); refusals are :class:`ChampionshipError` with
a ``bracket.*`` code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.backgammon.championship.model import Championship, ChampionshipError, ResultKind
from arbitre.backgammon.championship.tiebreak import Standing, standings
from arbitre.common.messages import Message, Param

BYE = "BYE"
STAGES = ("quarter_final", "semi_final", "final", "consolation")
"""The stages whose set lengths are settings (:class:`BracketSettings`)."""

MESSAGE_CODES = frozenset(
    {f"bracket.stage.{stage}" for stage in STAGES}
    | {
        f"bracket.round.{name}"
        for name in (
            "quarter_final",
            "semi_final",
            "final",
            "consolation_final",
            "consolation_semi_finals",
            "consolation_quarter_finals",
            "consolation",
        )
    }
    | {
        f"bracket.{name}"
        for name in (
            "winner_of",
            "loser_of",
            "sets_setting",
            "players_unknown",
            "bye_no_result",
            "not_a_player",
            "unknown_match",
            "set_after_win",
            "too_many_sets",
            "set_not_final",
            "sets_undecided",
            "sets_contradict",
            "too_few_players",
            "playoff_needed",
            "eight_qualified",
            "swiss_unfinished",
            "consolation_counts",
        )
    }
)
"""The codes of this module: names of stages and rounds, slots, refusals."""


def _m(code: str, **params: Param) -> Message:
    return Message.of(f"bracket.{code}", **params)


def _refuse(code: str, **params: Param) -> ChampionshipError:
    return ChampionshipError(_m(code, **params))


@dataclass(frozen=True)
class BracketSettings:
    """Set lengths of each stage; the last entry is the decider (seed 003)."""

    quarter_final: tuple[int, ...] = (9, 9, 11)
    semi_final: tuple[int, ...] = (9, 9, 11)
    final: tuple[int, ...] = (11, 11, 11)
    #: consolation matches: one set of 9 points by default (the seed is silent).
    consolation: tuple[int, ...] = (9,)
    #: consolation re-count weights by round (seed 003: round 6 twice, round 7 three times).
    recount_weights: tuple[tuple[int, int], ...] = ((6, 2), (7, 3))

    def __post_init__(self) -> None:
        for name in STAGES:
            sets = getattr(self, name)
            if not sets or len(sets) % 2 == 0 or any(n < 1 for n in sets):
                raise _refuse("sets_setting", stage=_m(f"stage.{name}"), sets=_lengths(sets))


@dataclass(frozen=True)
class Ref:
    """The winner or loser of an earlier match, not known yet."""

    kind: str  # "winner" | "loser"
    match: str

    def label(self) -> Message:
        """ "winner of QF1" / "loser of SF2", to be worded."""
        return _m("winner_of" if self.kind == "winner" else "loser_of", match=self.match)


def _lengths(sets: tuple[int, ...]) -> str:
    return ", ".join(str(n) for n in sets)


Slot = str | Ref


@dataclass(frozen=True)
class SetScore:
    top: int
    bottom: int


@dataclass(frozen=True)
class BracketMatch:
    id: str
    stage: str  # "final" | "consolation"
    round_name: Message
    top: Slot
    bottom: Slot
    sets: tuple[int, ...]


@dataclass
class Brackets:
    """The final bracket and the consolation, with the results entered so far."""

    matches: dict[str, BracketMatch] = field(default_factory=dict)
    winners: dict[str, str] = field(default_factory=dict)
    set_scores: dict[str, tuple[SetScore, ...]] = field(default_factory=dict)
    #: the consolation round of each player's first match (its name, a message).
    entry_levels: dict[str, Message] = field(default_factory=dict)
    #: the round at which each slot is placed in the consolation, players and "loser of"
    #: alike (round 1: its first round); a slot placed against a bye wins that round
    #: without a match.
    entry_rounds: dict[Slot, int] = field(default_factory=dict)

    def add(self, match: BracketMatch) -> None:
        self.matches[match.id] = match

    def ids(self, stage: str) -> list[str]:
        return [m.id for m in self.matches.values() if m.stage == stage]

    def resolve(self, slot: Slot) -> str | None:
        """The player in a slot, ``BYE``, or ``None`` while it is not known."""
        if isinstance(slot, str):
            return slot
        if slot.kind == "winner":
            return self.winner(slot.match)
        return self.loser(slot.match)

    def players(self, match_id: str) -> tuple[str | None, str | None]:
        m = self._match(match_id)
        return self.resolve(m.top), self.resolve(m.bottom)

    def winner(self, match_id: str) -> str | None:
        top, bottom = self.players(match_id)
        if top == BYE and bottom == BYE:
            return BYE
        if bottom == BYE and top is not None:
            return top
        if top == BYE and bottom is not None:
            return bottom
        return self.winners.get(match_id)

    def loser(self, match_id: str) -> str | None:
        w = self.winner(match_id)
        if w is None:
            return None
        top, bottom = self.players(match_id)
        if BYE in (top, bottom):
            return BYE
        return bottom if w == top else top

    def record(
        self, match_id: str, winner: str, sets: tuple[SetScore, ...] = (), decided: bool = False
    ) -> None:
        """Enter a result; ``sets`` (optional) are the set scores, top player first.
        ``decided``: the match was decided by a sanction (seed 003, 3.15, 4.2, 2.4, 1.13;
        :func:`~arbitre.backgammon.championship.sanctions.sanction_sets`): the sets played
        are kept as they were, whoever won them."""
        m = self._match(match_id)
        top, bottom = self.players(match_id)
        if top is None or bottom is None:
            raise _refuse("players_unknown", match=match_id)
        if BYE in (top, bottom):
            raise _refuse("bye_no_result", match=match_id)
        if winner not in (top, bottom):
            raise _refuse("not_a_player", match=match_id, winner=winner, top=top, bottom=bottom)
        if sets and not decided:
            _check_sets(match_id, m.sets, sets, winner == top)
        self.winners[match_id] = winner
        self.set_scores[match_id] = tuple(sets)

    def _match(self, match_id: str) -> BracketMatch:
        try:
            return self.matches[match_id]
        except KeyError:
            raise _refuse("unknown_match", match=match_id) from None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: a slot is a player's name, ``BYE``, or while undecided the message
        "winner of ..." (``Message.as_dict``); round names are messages too."""

        def slot(s: Slot) -> str | dict[str, Any]:
            v = self.resolve(s)
            if v is not None:
                return v
            assert isinstance(s, Ref)
            return s.label().as_dict()

        def one(m: BracketMatch) -> dict[str, Any]:
            return {
                "id": m.id,
                "round": m.round_name.as_dict(),
                "top": slot(m.top),
                "bottom": slot(m.bottom),
                "sets": list(m.sets),
                "winner": self.winner(m.id),
                "set_scores": [[s.top, s.bottom] for s in self.set_scores.get(m.id, ())],
            }

        return {
            "final": [one(self.matches[i]) for i in self.ids("final")],
            "consolation": [one(self.matches[i]) for i in self.ids("consolation")],
            "consolation_entry": {k: v.as_dict() for k, v in self.entry_levels.items()},
        }


def _check_sets(
    match_id: str, lengths: tuple[int, ...], sets: tuple[SetScore, ...], top_won: bool
) -> None:
    """Best of ``len(lengths)`` sets; each set is played to its length (seed 003)."""
    need = len(lengths) // 2 + 1
    won = [0, 0]
    for i, s in enumerate(sets):
        if max(won) == need:
            raise _refuse("set_after_win", match=match_id, set=i + 1)
        if i >= len(lengths):
            raise _refuse("too_many_sets", match=match_id, sets=len(lengths))
        n = lengths[i]
        hi, lo = max(s.top, s.bottom), min(s.top, s.bottom)
        if hi < n or lo >= n or lo < 0:
            raise _refuse(
                "set_not_final", match=match_id, set=i + 1, top=s.top, bottom=s.bottom, length=n
            )
        won[0 if s.top > s.bottom else 1] += 1
    if max(won) != need:
        raise _refuse("sets_undecided", match=match_id)
    if (won[0] == need) != top_won:
        raise _refuse("sets_contradict", match=match_id)


def qualified(
    champ: Championship, table: list[Standing] | None = None, seeded: bool = False
) -> list[str]:
    """The first ``settings.qualified`` players of the ranking (withdrawn players skipped);
    all the eligible players when there are fewer (at least two).

    Raises when a tie not settled by a play-off straddles the cut; with ``seeded``, also
    when one decides the order among the qualified (the bracket's seeds).
    """
    table = standings(champ) if table is None else table
    eligible = [s for s in table if not s.withdrawn]
    if len(eligible) < 2:
        raise _refuse("too_few_players", found=len(eligible), needed=2)
    n = min(champ.settings.qualified, len(eligible))
    blocks: list[list[Standing]] = []
    for s in eligible:
        if blocks and s.tied and blocks[-1][-1].tied and blocks[-1][-1].rank == s.rank:
            blocks[-1].append(s)
        else:
            blocks.append([s])
    start = 0
    for block in blocks:
        end = start + len(block)
        across_cut = start < n < end
        if len(block) > 1 and (across_cut or (seeded and start < n)):
            raise _refuse("playoff_needed", players=", ".join(s.name for s in block))
        start = end
    return [s.name for s in eligible[:n]]


def final_bracket(
    champ: Championship, settings: BracketSettings | None = None, into: Brackets | None = None
) -> Brackets:
    """1-8, 4-5, 3-6, 2-7 from top to bottom, winners advancing (rulings.md Backgammon 5).

    Fewer than eight eligible players: the missing seeds are byes, so the highest ranked
    go through to the semi-finals without a match (decision: the seed's bracket kept, its
    empty places given to the best, as in any seeded knock-out).
    """
    settings = settings or BracketSettings()
    if champ.settings.qualified != 8:
        raise _refuse("eight_qualified", qualified=champ.settings.qualified)
    q: list[str] = qualified(champ, seeded=True)
    q += [BYE] * (8 - len(q))
    last = champ.settings.rounds
    if champ.rounds_played() < last or champ.missing_results(last):
        raise _refuse("swiss_unfinished", rounds=last)
    b = into or Brackets()
    for i, (hi, lo) in enumerate(((1, 8), (4, 5), (3, 6), (2, 7)), start=1):
        b.add(
            BracketMatch(
                f"QF{i}",
                "final",
                _m("round.quarter_final"),
                q[hi - 1],
                q[lo - 1],
                settings.quarter_final,
            )
        )
    for i in (1, 2):
        b.add(
            BracketMatch(
                f"SF{i}",
                "final",
                _m("round.semi_final"),
                Ref("winner", f"QF{2 * i - 1}"),
                Ref("winner", f"QF{2 * i}"),
                settings.semi_final,
            )
        )
    b.add(
        BracketMatch(
            "F",
            "final",
            _m("round.final"),
            Ref("winner", "SF1"),
            Ref("winner", "SF2"),
            settings.final,
        )
    )
    return b


def recount(champ: Championship, name: str, settings: BracketSettings | None = None) -> float:
    """Points with the last rounds weighted (seed 003: round 6 twice, round 7 three times)."""
    weights = dict((settings or BracketSettings()).recount_weights)
    s = champ.settings
    return sum(
        r.points_of(name, s.bye_points, s.forfeit_points) * weights.get(r.round, 1)
        for r in champ.results_of(name)
    )


def won_round(champ: Championship, name: str, round_no: int) -> bool:
    """A win over the board or by forfeit in ``round_no`` (a bye is not a win)."""
    return any(
        r.round == round_no and r.kind is not ResultKind.BYE and r.winner == name
        for r in champ.results_of(name)
    )


@dataclass(frozen=True)
class ConsolationPlan:
    """Shape of the progressive consolation (seed 003, "Consolation"; docs/backgammon-championship.md).

    The two semi-final losers enter at the quarter-finals (its seeds 1 and 2); its other
    6 places go to the ``same_level`` players (the 4 quarter-final losers and the players
    eliminated at the tie-break or the play-off), all entering at one round: the
    quarter-finals when they fit there with room for the re-count players, otherwise the
    round before, whose ``level_lines`` places (12, 24...) give the 6 quarter-final places.
    The ``others`` fill the ``places`` left at that round in the order of the re-count:
    directly when they fit, else through feeding rounds whose first round (``first_round``
    matches) is played only by players who lost round 7 (the seed's promise), then a seeded
    knock-out of ``feeder_size`` places, byes to the best.
    """

    same_level: int
    others: int
    round7_losers: int
    level_lines: int
    first_round: int
    feeder_size: int

    @property
    def places(self) -> int:
        """Places left to the re-count players at the same-level round."""
        return self.level_lines - self.same_level

    @property
    def feeding(self) -> bool:
        """Whether the re-count players play rounds before the same-level round."""
        return self.others > self.places


QUARTER_FINAL_PLACES = 6
"""Places of the consolation's quarter-finals besides the two semi-final losers."""


def plan_consolation(same_level: int, others: int, round7_losers: int) -> ConsolationPlan:
    """Seed 003, "Consolation": the semi-final losers enter at the quarter-finals; the
    quarter-final losers and the players eliminated at the tie-break or play-off enter "au
    même niveau", the others by the re-count; "toute victoire à la 7ème ronde garantit de
    gagner au moins un tour dans la consolation".

    ``same_level`` counts the quarter-final losers and the players eliminated at the
    tie-break; ``others`` the re-count players, ``round7_losers`` of whom lost round 7.
    """
    if min(same_level, others, round7_losers) < 0 or round7_losers > others:
        raise _refuse("consolation_counts", same=same_level, others=others, losers=round7_losers)
    lines = QUARTER_FINAL_PLACES
    while same_level + (1 if others else 0) > lines:
        lines *= 2
    places = lines - same_level
    if others <= places:
        return ConsolationPlan(same_level, others, round7_losers, lines, 0, places)
    size = places
    while size < others:
        size *= 2
    first = min(others - size // 2, round7_losers // 2)
    rest = others - first
    feeder = places
    while feeder < rest:
        feeder *= 2
    return ConsolationPlan(same_level, others, round7_losers, lines, first, feeder)


def _seed_positions(size: int) -> list[int]:
    """Standard seeding: 1 and 2 can meet only in the final (1-8, 4-5, 2-7, 3-6 for 8)."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for p in order for x in (p, n + 1 - p)]
    return order


_ROUND_NAMES = {
    2: "consolation_final",
    4: "consolation_semi_finals",
    8: "consolation_quarter_finals",
}
"""The consolation rounds named by the number of players left (others: "round n")."""


def _feeder_lines(blocks: int, size: int) -> list[int]:
    """Seed numbers line by line for ``blocks`` knock-outs of ``size // blocks`` places:
    block j is headed by seed j+1; the next seeds go to the blocks in a serpentine."""
    per = size // blocks
    lines = []
    for j in range(blocks):
        for q in _seed_positions(per):
            lines.append((q - 1) * blocks + (j + 1 if q % 2 else blocks - j))
    return lines


def _reduce(
    b: Brackets,
    lines: list[Slot],
    target: int,
    rnd: int,
    fmt: tuple[int, ...],
    named: bool = True,
) -> tuple[list[Slot], int]:
    """Play knock-out rounds on bracket ``lines`` until ``target`` remain; a player facing a
    bye goes through without a match; returns the lines left and the next round number."""
    while len(lines) > target:
        code = _ROUND_NAMES.get(len(lines)) if named else None
        name = _m(f"round.{code}") if code else _m("round.consolation", round=rnd)
        nxt: list[Slot] = []
        count = 0
        for top, bottom in zip(lines[0::2], lines[1::2], strict=True):
            for slot in (top, bottom):
                winner_of = isinstance(slot, Ref) and slot.kind == "winner"
                if slot != BYE and not winner_of and slot not in b.entry_rounds:
                    b.entry_rounds[slot] = rnd
            if bottom == BYE or top == BYE:
                nxt.append(top if bottom == BYE else bottom)
                continue
            count += 1
            mid = f"C{rnd}-{count}"
            b.add(BracketMatch(mid, "consolation", name, top, bottom, fmt))
            for slot in (top, bottom):
                if isinstance(slot, str):
                    b.entry_levels.setdefault(slot, name)
            nxt.append(Ref("winner", mid))
        lines = nxt
        rnd += 1
    return lines, rnd


def consolation_bracket(
    champ: Championship,
    settings: BracketSettings | None = None,
    into: Brackets | None = None,
) -> Brackets:
    """Build the progressive consolation (seed 003, "Consolation"); needs the final bracket.

    Seeds of the quarter-finals: the semi-final losers 1 and 2, then the quarter-final
    losers (QF1..QF4), the players eliminated at the tie-break in ranking order, then the
    places won by the re-count players (best re-count first); withdrawn players (1.12) are
    left out.
    """
    settings = settings or BracketSettings()
    b = into if into is not None else final_bracket(champ, settings)
    if "QF1" not in b.matches:
        final_bracket(champ, settings, b)
    table = standings(champ)
    q = qualified(champ, table)
    rank = {s.name: i for i, s in enumerate(table)}
    eligible = [s for s in table if s.name not in q and not s.withdrawn]
    cut_points = next(s.points for s in table if s.name == q[-1])
    tie_out = [s.name for s in eligible if s.points == cut_points]
    others = [s.name for s in eligible if s.name not in tie_out]
    others.sort(key=lambda n: (-recount(champ, n, settings), rank[n]))
    last = champ.settings.rounds
    losers = [n for n in others if not won_round(champ, n, last)]
    same: list[Slot] = [Ref("loser", f"QF{i}") for i in (1, 2, 3, 4)]
    same += tie_out
    plan = plan_consolation(len(same), len(others), len(losers))
    fmt = settings.consolation
    rnd = 1
    fed: list[Slot] = list(others)
    if plan.feeding:
        if plan.first_round:
            # round 1: the lowest re-counts among the players who lost round 7, the best
            # of them against the lowest
            chosen = losers[len(losers) - 2 * plan.first_round :]
            lines: list[Slot] = []
            for i in range(plan.first_round):
                lines += [chosen[i], chosen[-1 - i]]
            firsts, rnd = _reduce(b, lines, plan.first_round, rnd, fmt, named=False)
            fed = [*(n for n in others if n not in chosen), *firsts]
        seeds: list[Slot] = [*fed, *([BYE] * (plan.feeder_size - len(fed)))]
        lines = [seeds[n - 1] for n in _feeder_lines(plan.places, plan.feeder_size)]
        fed, rnd = _reduce(b, lines, plan.places, rnd, fmt, named=False)
    level: list[Slot] = [*same, *fed]
    level += [BYE] * (plan.level_lines - len(level))
    if plan.level_lines > QUARTER_FINAL_PLACES:
        lines = [level[n - 1] for n in _feeder_lines(QUARTER_FINAL_PLACES, plan.level_lines)]
        level, rnd = _reduce(b, lines, QUARTER_FINAL_PLACES, rnd, fmt, named=False)
    entry: list[Slot] = [Ref("loser", "SF1"), Ref("loser", "SF2"), *level]
    lines = [entry[p - 1] for p in _seed_positions(len(entry))]
    _reduce(b, lines, 1, rnd, fmt)
    return b


def build_brackets(champ: Championship, settings: BracketSettings | None = None) -> Brackets:
    """Final bracket and consolation together."""
    settings = settings or BracketSettings()
    b = final_bracket(champ, settings)
    return consolation_bracket(champ, settings, b)
