"""Final bracket and progressive consolation (seed 003, "Tableau final", "Consolation";
rulings.md Backgammon 5).

The final bracket seeds the eight qualified players top to bottom 1-8, 4-5, 3-6, 2-7;
every match is best of three sets (quarter- and semi-finals 2 x 9 points with an 11-point
decider, final 2 x 11 with an 11-point decider; all settings).

The consolation is progressive (decisions in docs/backgammon-championship.md): the
semi-final losers, the quarter-final losers and the players eliminated on tie-break or
play-off enter at its quarter-finals (8 places, a setting), keeping at least one place
for the others; everyone else feeds the remaining places through a seeded knock-out in the
order of the re-count (round 6 counted twice, round 7 three times), byes to the best, the
first round being played by players who lost round 7 as far as there are enough of them.

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
            "consolation_sizes",
            "entry_size",
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
    #: the smallest consolation entry round for the main-bracket losers.
    consolation_entry_size: int = 8

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
    #: the consolation round each player enters at (its name, a message).
    entry_levels: dict[str, Message] = field(default_factory=dict)

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

    def record(self, match_id: str, winner: str, sets: tuple[SetScore, ...] = ()) -> None:
        """Enter a result; ``sets`` (optional) are the set scores, top player first."""
        m = self._match(match_id)
        top, bottom = self.players(match_id)
        if top is None or bottom is None:
            raise _refuse("players_unknown", match=match_id)
        if BYE in (top, bottom):
            raise _refuse("bye_no_result", match=match_id)
        if winner not in (top, bottom):
            raise _refuse("not_a_player", match=match_id, winner=winner, top=top, bottom=bottom)
        if sets:
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
    """The first ``settings.qualified`` players of the ranking (withdrawn players skipped).

    Raises when a tie not settled by a play-off straddles the cut; with ``seeded``, also
    when one decides the order among the qualified (the bracket's seeds).
    """
    table = standings(champ) if table is None else table
    n = champ.settings.qualified
    eligible = [s for s in table if not s.withdrawn]
    if len(eligible) < n:
        raise _refuse("too_few_players", found=len(eligible), needed=n)
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
    """1-8, 4-5, 3-6, 2-7 from top to bottom, winners advancing (rulings.md Backgammon 5)."""
    settings = settings or BracketSettings()
    if champ.settings.qualified != 8:
        raise _refuse("eight_qualified", qualified=champ.settings.qualified)
    q = qualified(champ, seeded=True)
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
    bye = champ.settings.bye_points
    return sum(r.points_of(name, bye) * weights.get(r.round, 1) for r in champ.results_of(name))


def won_round(champ: Championship, name: str, round_no: int) -> bool:
    """A win over the board or by forfeit in ``round_no`` (a bye is not a win)."""
    return any(
        r.round == round_no and r.kind is not ResultKind.BYE and r.winner == name
        for r in champ.results_of(name)
    )


@dataclass(frozen=True)
class ConsolationPlan:
    """Shape of the progressive consolation (docs/backgammon-championship.md).

    The entry round has ``entry_size`` places (8: the consolation's quarter-finals). The
    ``main_losers`` (2 semi-final and 4 quarter-final losers) and ``tie_out_direct``
    players eliminated on tie-break take places there; the ``feeding_players`` (the other
    players eliminated on tie-break first, then the re-count ranking) fill the remaining
    ``slots`` through a seeded knock-out of ``feeder_size`` places, byes to the best
    (``feeder_size`` 0: they enter the entry round directly).
    """

    entry_size: int
    main_losers: int
    tie_out_direct: int
    feeding_players: int
    feeder_size: int

    @property
    def slots(self) -> int:
        return self.entry_size - self.main_losers - self.tie_out_direct

    @property
    def first_round_players(self) -> int:
        """Feeding players who play the first consolation round (the others have byes)."""
        if not self.feeder_size:
            return 0
        return 2 * self.feeding_players - self.feeder_size

    @property
    def feeding_rounds(self) -> int:
        if not self.feeder_size:
            return 0
        return (self.feeder_size // self.slots).bit_length() - 1


def plan_consolation(
    tie_out: int, others: int, entry_size: int = 8, main_losers: int = 6
) -> ConsolationPlan:
    """The main-bracket losers enter at the entry round, with the players eliminated on
    tie-break while places remain, one place at least being left to the others when there
    are others; the rest feed the free places through the smallest seeded knock-out."""
    if tie_out < 0 or others < 0 or main_losers < 0:
        raise _refuse("consolation_sizes", tie_out=tie_out, others=others, main=main_losers)
    if entry_size < main_losers + 1 or entry_size & (entry_size - 1):
        raise _refuse("entry_size", size=entry_size, main=main_losers)
    places = entry_size - main_losers
    if tie_out + others <= places:
        return ConsolationPlan(entry_size, main_losers, tie_out, others, 0)
    direct = min(tie_out, places - 1)
    slots = places - direct
    feeding = tie_out - direct + others
    size = slots
    while size < feeding:
        size *= 2
    if feeding <= slots:
        size = 0
    return ConsolationPlan(entry_size, main_losers, direct, feeding, size)


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
    """Build the progressive consolation (seed 003, "Consolation"); needs the final bracket."""
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
    tier_b = [s.name for s in eligible if s.name not in tie_out]
    tier_b.sort(key=lambda n: (-recount(champ, n, settings), rank[n]))
    plan = plan_consolation(len(tie_out), len(tier_b), settings.consolation_entry_size)
    tier_a: list[Slot] = [Ref("loser", "SF1"), Ref("loser", "SF2")]
    tier_a += [Ref("loser", f"QF{i}") for i in (1, 2, 3, 4)]
    tier_a += tie_out[: plan.tie_out_direct]
    feeding = tie_out[plan.tie_out_direct :] + tier_b
    fmt = settings.consolation
    rnd = 1
    fed: list[Slot] = list(feeding)
    if plan.feeder_size:
        # the first round is for the lowest of the re-count among those who lost the last
        # Swiss round; then, only if too few, the lowest last-round winners, then the
        # lowest of the players eliminated on tie-break
        last = champ.settings.rounds
        losers = [n for n in tier_b if not won_round(champ, n, last)]
        winners = [n for n in tier_b if won_round(champ, n, last)]
        candidates = list(reversed(tie_out[plan.tie_out_direct :])) + winners + losers
        first = set(candidates[len(candidates) - plan.first_round_players :])
        order = [n for n in feeding if n not in first] + [n for n in feeding if n in first]
        seeds: list[Slot] = [*order, *([BYE] * (plan.feeder_size - len(order)))]
        lines = [seeds[n - 1] for n in _feeder_lines(plan.slots, plan.feeder_size)]
        fed, rnd = _reduce(b, lines, plan.slots, rnd, fmt, named=False)
    entry: list[Slot] = [*tier_a, *fed]
    entry += [BYE] * (plan.entry_size - len(entry))
    lines = [entry[p - 1] for p in _seed_positions(plan.entry_size)]
    _reduce(b, lines, 1, rnd, fmt)
    return b


def build_brackets(champ: Championship, settings: BracketSettings | None = None) -> Brackets:
    """Final bracket and consolation together."""
    settings = settings or BracketSettings()
    b = final_bracket(champ, settings)
    return consolation_bracket(champ, settings, b)
