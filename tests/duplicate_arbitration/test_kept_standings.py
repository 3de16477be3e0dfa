"""The standings kept up to date change by change (:mod:`arbitre.duplicate.kept`) equal the
event computed from scratch (:class:`arbitre.duplicate.event.Event`, the reference) after any
sequence of changes: ballots entered, corrected and taken back (scores, warnings, disciplinary
warnings, compensations of 4.6), moves played, annulled (5.2) or their top changed, late
arrivals (5.1), withdrawals, pairs (002 A.2.4), at events with and without solos (2.6.4) and
with and without the title's tie-break (002 A.4)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from arbitre.duplicate import sanctions as S
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.event import Event, EventError, EventSettings, GameRecordScores, Player
from arbitre.duplicate.kept import BallotChange, KeptEvent
from arbitre.duplicate.pairs import Partner
from tests.support import depth

NAMES = ["ÉTIENNE", "DUPONT", "ZOLA", "DUPONT", "ŒUVRAY", "MARTIN", "Dupont", "ABEL"]


def decisions() -> st.SearchStrategy[Decision | None]:
    score = st.sampled_from([0, 0, 5, 10, 12, 20, 30, 40])
    plain = st.builds(
        Decision,
        score,
        st.sampled_from([S.NONE, S.NONE, S.SCORE_WRONG, S.BLANK_NOT_CIRCLED, S.INVALID_WORD]),
        disciplinary_warning=st.booleans(),
    )
    compensated = st.builds(
        lambda proposed: Decision(
            0, S.INVALID_WORD, invalid_word="RUSA", proposed_score=proposed, compensation=True
        ),
        st.sampled_from([0, 8, 25, 60]),
    )
    return st.one_of(st.none(), plain, plain, compensated)


def event_players(count: int, pairs: bool) -> list[Player]:
    out = []
    for i in range(count):
        partner = Partner(licence=f"P{i:02d}", name="PAIRE", first_name=f"{i}") if pairs else None
        out.append(
            Player(
                licence=f"L{i:02d}",
                name=NAMES[i % len(NAMES)],
                first_name="Anne" if i % 3 else "",
                series=1 + i % 3,
                category="V" if i % 2 else "S",
                arbiter=f"A{i % 3}",
                partner=partner,
            )
        )
    return out


class KeptEqualsReference(RuleBasedStateMachine):
    """Random changes made to a :class:`KeptEvent` one batch at a time, and to the games that
    the reference is built from anew after each."""

    @initialize(
        count=st.sampled_from([3, 16, 18]),
        games=st.integers(1, 2),
        pairs=st.booleans(),
        title=st.booleans(),
        disciplinary=st.booleans(),
    )
    def start(self, count: int, games: int, pairs: bool, title: bool, disciplinary: bool) -> None:
        self.players = event_players(count, pairs)
        self.settings = EventSettings(title_tie_break=title, disciplinary_in_penalty=disciplinary)
        self.games = [GameRecordScores(f"TH{n}", tops=[]) for n in range(1, games + 1)]
        self.kept = KeptEvent("Festival", self.players, copy.deepcopy(self.games), self.settings)

    def _game(self, data: st.DataObject) -> int:
        return data.draw(st.integers(0, len(self.games) - 1))

    def _replace_game(self, i: int) -> None:
        self.kept = self.kept.with_game(i, copy.deepcopy(self.games[i]))

    @rule(data=st.data(), top=st.sampled_from([20, 30, 40, 60]))
    def play_a_move(self, data: st.DataObject, top: int) -> None:
        i = self._game(data)
        if len(self.games[i].tops) < 6:
            self.games[i].tops.append(top)
            self._replace_game(i)

    @rule(data=st.data())
    def annul_the_last_move(self, data: st.DataObject) -> None:
        """5.2: the move and its ballots go; the move is played again."""
        i = self._game(data)
        game = self.games[i]
        if game.tops:
            game.tops.pop()
            for row in game.decisions.values():
                del row[len(game.tops) :]
            self._replace_game(i)

    @rule(data=st.data(), top=st.sampled_from([20, 30, 45]))
    def change_a_top(self, data: st.DataObject, top: int) -> None:
        i = self._game(data)
        game = self.games[i]
        if game.tops:
            game.tops[data.draw(st.integers(0, len(game.tops) - 1))] = top
            self._replace_game(i)

    @rule(data=st.data())
    def arrive_late_or_withdraw(self, data: st.DataObject) -> None:
        i = self._game(data)
        game = self.games[i]
        licence = data.draw(st.sampled_from([p.licence for p in self.players]))
        move = data.draw(st.integers(1, max(1, len(game.tops) + 1)))
        if data.draw(st.booleans()):
            game.late_from[licence] = move
        else:
            game.withdrawn_from[licence] = move
        self._replace_game(i)

    @rule(data=st.data())
    def enter_ballots(self, data: st.DataObject) -> None:
        """A batch of ballots entered, corrected or taken back (one publication's worth)."""
        changes = []
        for _ in range(data.draw(st.integers(1, 12))):
            i = self._game(data)
            game = self.games[i]
            if not game.tops:
                continue
            licence = data.draw(st.sampled_from([p.licence for p in self.players]))
            number = data.draw(st.integers(1, len(game.tops)))
            decision = data.draw(decisions())
            row = game.decisions.setdefault(licence, [])
            row.extend([None] * (number - len(row)))
            row[number - 1] = decision
            changes.append(BallotChange(i, licence, number, decision))
        self.kept = self.kept.with_ballots(changes)

    @rule(data=st.data())
    def fill_a_move(self, data: st.DataObject) -> None:
        """Every ballot of a move in (solos are given only then, 2.6.4)."""
        i = self._game(data)
        game = self.games[i]
        if not game.tops:
            return
        number = data.draw(st.integers(1, len(game.tops)))
        changes = []
        for p in self.players:
            decision = Decision(data.draw(st.sampled_from([0, 10, 20, 30])), S.NONE)
            row = game.decisions.setdefault(p.licence, [])
            row.extend([None] * (number - len(row)))
            row[number - 1] = decision
            changes.append(BallotChange(i, p.licence, number, decision))
        self.kept = self.kept.with_ballots(changes)

    @invariant()
    def equal_to_the_reference(self) -> None:
        if not hasattr(self, "kept"):
            return
        reference = Event("Festival", self.players, copy.deepcopy(self.games), self.settings)
        assert self.kept.standings_table().to_json() == reference.standings_table().to_json()
        for series, category in ((1, None), (None, "V"), (2, "S")):
            kept = self.kept.standings_table(series=series, category=category)
            assert kept.to_json() == reference.standings_table(series, category).to_json()
        assert self.kept.missing_ballots() == reference.missing_ballots()
        for mine, theirs in zip(self.kept.games, reference.games, strict=True):
            assert self.kept.solos(mine) == reference.solos(theirs)
            for p in self.players:
                assert self.kept.sheet(mine, p.licence) == reference.sheet(theirs, p.licence)


KeptEqualsReference.TestCase.settings = settings(
    max_examples=depth(60),
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_kept_standings_equal_the_reference = KeptEqualsReference.TestCase


def test_an_earlier_kept_event_is_left_as_it_was() -> None:
    """A change gives a new event: the one a page is reading stays as it was."""
    players = event_players(16, pairs=False)
    game = GameRecordScores("TH1", tops=[30])
    kept = KeptEvent("Open", players, [game])
    before = kept.standings_table().to_json()
    later = kept.with_ballots([BallotChange(0, "L00", 1, Decision(30, S.NONE))])
    assert kept.standings_table().to_json() == before
    assert later.standings()[0].player.licence == "L00"
    assert later.standings()[0].total == 30


def test_a_ballot_of_an_unknown_player_or_a_move_not_played_is_refused() -> None:
    kept = KeptEvent("Open", event_players(3, pairs=False), [GameRecordScores("TH1", tops=[30])])
    with pytest.raises(EventError):
        kept.with_ballots([BallotChange(0, "X99", 1, Decision(30, S.NONE))])
    with pytest.raises(ValueError, match="not played"):
        kept.with_ballots([BallotChange(0, "L00", 2, Decision(30, S.NONE))])


def test_the_last_ballot_of_a_move_gives_its_solo_and_a_correction_takes_it_back() -> None:
    """2.6.4: a solo is announced once every ballot is in; the 16th player's ballot makes it,
    a correction to the same score undoes it, each sheet following."""
    players = event_players(16, pairs=False)
    kept = KeptEvent("Open", players, [GameRecordScores("TH1", tops=[50])])
    kept = kept.with_ballots(
        BallotChange(0, p.licence, 1, Decision(20, S.NONE)) for p in players[1:]
    )
    assert kept.solo_list() == []
    kept = kept.with_ballots([BallotChange(0, "L00", 1, Decision(30, S.NONE))])
    (solo,) = kept.solo_list()
    assert (solo.player.licence, solo.score) == ("L00", 30)
    assert kept.standings()[0].total == 40  # 30 + 10 (2.6.4)
    kept = kept.with_ballots([BallotChange(0, "L01", 1, Decision(30, S.NONE))])
    assert kept.solo_list() == []
    assert [r.total for r in kept.standings()[:2]] == [30, 30]
    assert kept.standings()[0].ex_aequo
