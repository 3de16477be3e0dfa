"""Every parser of a file or text users exchange, driven with generated inputs: it returns a
value or raises its own error type, never anything else (issue 22, part 2).

Inputs mix plain random text with text built from each format's own pieces (delimiters,
keywords, digits, names, odd characters) so that the parsers' deeper branches are reached.
Locally each parser gets a few hundred inputs; at full depth (in CI:
``tests.support.FULL_DEPTH``) the parsers share :data:`CI_TOTAL` inputs, and each test
counts the inputs its parser was given.

Each example hypothesis generates is a batch of :data:`BATCH` inputs, each drawn from the
parser's strategy: hypothesis's own bookkeeping per example (most of the cost of a one-input
example, 0.4 to 2 ms here against microseconds of parsing) is paid once per batch, which makes
the 100,000 inputs about 3.5 times cheaper. A failing batch is shrunk like any list, down to
the one input that breaks the parser.

Each input drawn is also given to the parser as :data:`MUTANTS` variants of itself
(:func:`mutants`: a span deleted, repeated or moved, one of the format's odd characters
put in, a byte or character changed, the input cut short), made by a seed the example draws
too, as mutation fuzzers make theirs: a valid line with one byte changed reaches branches
that random text seldom does. Drawing an input costs hypothesis about 1.8 ms at these
strategies, a variant some microseconds: the inputs counted are the drawn ones and their
variants. A failing variant is found again from its example (the batch and the seed), which
hypothesis shrinks. Measured at CI's size (4,546 inputs per parser, two runs each, the arcs
of the parsers' modules reached): no variant 1,304 and 1,421 arcs in 77 and 80 s of
processor; two variants 1,382 and 1,397 arcs in 28 and 29 s; four variants 1,158 and 1,169
arcs in 18 and 19 s (too few inputs drawn whole).
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.common.messages import Refusal
from tests.support import FULL_DEPTH, depth

CI_TOTAL = 100_000
LOCAL_EXAMPLES = 300
BATCH = 10
#: the variants of each input drawn given to the parser beside it (:func:`mutants`)
MUTANTS = 2

ODD = ["\r", "\n", "\r\n", "\t", "\x00", "\ufeff", "\u202e", "²", "٣", "é", "Œ", '"', "'", "=", " "]


WORDS = frozenset({"MAISON", "AIMONS", "ES"})


def _parsers() -> dict[str, tuple[Callable[[Any], Any], tuple[type[BaseException], ...], Any]]:
    """name -> (parser, its own error types, strategy of inputs)."""
    from arbitre.backgammon import ids, mat
    from arbitre.backgammon.board import BackgammonError
    from arbitre.backgammon.championship import csvfiles as bg_csv
    from arbitre.backgammon.championship.model import ChampionshipError
    from arbitre.classic.game import gcg
    from arbitre.classic.tournament import Player, tsh
    from arbitre.classic.tournament import players_csv as cl_players
    from arbitre.classic.tournament import results_csv as cl_results
    from arbitre.classic.tournament.model import TournamentError
    from arbitre.common.players_csv import PlayersFileError
    from arbitre.duplicate import ballot, event_file, record
    from arbitre.duplicate import pairs_csv as dup_pairs
    from arbitre.duplicate import players_csv as dup_players
    from arbitre.lexicon.fold import WordListError, parse_word_list
    from arbitre.ranking import csvformat
    from arbitre.ranking.events import RankingError
    from arbitre.scrabble.board import Board, BoardParseError
    from arbitre.scrabble.move import Move, MoveParseError

    def csv_text(header: list[str], cells: list[str]) -> Any:
        cell = st.one_of(st.sampled_from(cells + ODD), st.text(max_size=6))
        row = st.lists(cell, min_size=0, max_size=len(header) + 2).map(
            lambda r: st.sampled_from([",", ";", "\t"]).map(lambda d: d.join(r))
        )
        rows = st.lists(row.flatmap(lambda s: s), max_size=6)
        head = st.sampled_from([",", ";", "\t"]).map(lambda d: d.join(header))
        return st.one_of(
            st.text(max_size=80),
            st.tuples(
                st.one_of(head, st.just("")), rows, st.sampled_from(["\n", "\r\n", "\r"])
            ).map(lambda t: t[2].join([t[0], *t[1]])),
        )

    def as_bytes(strategy: Any) -> Any:
        return st.one_of(
            strategy.map(lambda s: s.encode("utf-8")),
            strategy.map(lambda s: s.encode("latin-1", "replace")),
            st.binary(max_size=60),
        )

    players = [Player("Ana", 1500), Player("Bea", 1400), Player("Cy", 1300)]
    names = ["Ana", "Bea", "Cy", "bye", "BYE", "forfait", "forfeit", "x"]
    numbers = ["1", "2", "0", "-1", "7", "1500", "1500*", "4000", "4001", "", "3ex", "2A", "9-5"]
    moves = ["8H", "H8", "8h", "A1", "O15", "P16", "-", "--", "[ABC]", "MAISON", "maison", "?"]
    ballots = moves + ["sens:h", "sens:v", "(A)", "12", "100", "sc:", "/", "h8", "#"]
    mat_lines = [
        " 7 point match",
        " Game 1",
        " Ana : 0                              Bea : 0",
        "  1) 31: 8/5 6/5                     52: 13/8 13/11",
        "  2)  Doubles => 2                   Takes",
        "      Wins 2 points",
        " 64: 24/20 13/7",
        "",
    ]
    return {
        "ballot": (ballot.parse_ballot, (ballot.BallotParseError, Refusal), _words(ballots, " ")),
        "duplicate players": (
            dup_players.parse_players,
            (PlayersFileError,),
            as_bytes(csv_text(["licence", "nom", "prénom", "série"], names + numbers)),
        ),
        "duplicate pairs": (
            dup_pairs.parse_pairs,
            (PlayersFileError,),
            as_bytes(
                csv_text(
                    ["licence1", "nom1", "licence2", "nom2", "serie2", "table"], names + numbers
                )
            ),
        ),
        "classic players": (
            cl_players.parse_players,
            (PlayersFileError,),
            as_bytes(csv_text(["nom", "cote", "club", "licence"], names + numbers)),
        ),
        "backgammon players": (
            bg_csv.parse_players,
            (PlayersFileError,),
            as_bytes(csv_text(["nom", "elo", "club", "licence"], names + numbers)),
        ),
        "classic results": (
            lambda text: cl_results.parse_results(text, players),
            (TournamentError,),
            csv_text(
                ["round", "player_a", "player_b", "score_a", "score_b", "starts"],
                names + numbers,
            ),
        ),
        "backgammon results": (
            bg_csv.parse_results,
            (ChampionshipError, Refusal),
            csv_text(
                ["round", "a", "b", "winner", "kind", "length", "score_a", "score_b"],
                names + numbers + ["played", "bye", "forfeit"],
            ),
        ),
        "backgammon bracket results": (
            bg_csv.parse_bracket_results,
            (ChampionshipError, Refusal),
            csv_text(["match", "winner", "sets"], names + numbers + ["QF1", "SF1", "F", "9-5 4-9"]),
        ),
        "ranking event": (
            csvformat.parse_event,
            (RankingError,),
            csv_text(
                ["type", "games", "place", "licence", "series", "tier", "rang", "serie"],
                numbers + ["TH", "SF", "123456", "S1", "A", "1A", "3ex"],
            ),
        ),
        "ranking licensees": (
            csvformat.parse_licensees,
            (RankingError,),
            csv_text(["licence", "name", "series", "tier"], numbers + ["123456", "A", "B"]),
        ),
        "ranking previous": (
            csvformat.parse_previous,
            (RankingError,),
            csv_text(["licence", "series", "tier", "points"], numbers + ["123456", "A"]),
        ),
        "gcg": (
            gcg.parse,
            (gcg.GcgError, Refusal),
            _lines(
                [
                    "#character-encoding UTF-8",
                    "#player1 a Ana",
                    "#player2 b Bea",
                    ">a: ABCDEFG 8H CAB +12 12",
                    ">b: ?XYZ - +0 12",
                    ">a: ABC -ABC +0 12",
                    ">b: (challenge) +5 17",
                    ">a: 8D MAISON +30 42",
                    "#note x",
                ]
            ),
        ),
        "mat": (mat.import_mat, (BackgammonError, Refusal), _lines(mat_lines)),
        "position id": (
            ids.position_from_id,
            (BackgammonError, Refusal),
            st.one_of(
                st.text(max_size=16),
                st.text(
                    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=",
                    min_size=14,
                    max_size=14,
                ),
            ),
        ),
        "match id": (
            ids.match_from_id,
            (BackgammonError, Refusal),
            st.one_of(
                st.text(max_size=14),
                st.text(
                    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
                    min_size=12,
                    max_size=12,
                ),
            ),
        ),
        "xgid": (
            ids.read_xgid,
            (BackgammonError, Refusal),
            _words(["XGID=", "-a-B--E-C---eE---c-e----B-", ":", "0", "1", "-1", "7", "10"], ""),
        ),
        "duplicate record": (
            lambda text: record.loads(text),
            (record.RecordError, Refusal),
            st.one_of(st.text(max_size=60), _json_like()),
        ),
        "duplicate event file": (
            lambda text: event_file.load_event(_written(text), lambda _: WORDS),
            (event_file.EventFileError, Refusal),
            _json_like(),
        ),
        "tsh": (
            tsh.parse_tsh,
            (TournamentError,),
            _lines(
                [
                    "Ana 1500 2; 420",
                    "Bob 1400 1; 380",
                    "Cid Lou 1300 0; 50",
                    "x 1 3; -50",
                    "# comment",
                    ";",
                    "1500 2; 3",
                ]
            ),
        ),
        "word list": (
            lambda data: parse_word_list(data, minimum=2),
            (WordListError,),
            as_bytes(_lines(["MAISON", "maison", "élève", "ŒUF", "a", "ABCDEFGHIJKLMNOPQ", "X Y"])),
        ),
        "board": (
            Board.from_text,
            (BoardParseError, Refusal),
            _lines(["." * 15, "A" * 15, "..A", ""]),
        ),
        "move": (Move.parse, (MoveParseError, Refusal), _words(moves, " ")),
    }


_folder: tempfile.TemporaryDirectory[str] | None = None


def _written(text: str) -> Path:
    """``text`` as the file a director opens (the event file's reader takes a path)."""
    global _folder
    if _folder is None:
        _folder = tempfile.TemporaryDirectory(prefix="arbitre-fuzz-")
    path = Path(_folder.name) / "event.json"
    path.write_text(text, encoding="utf-8")
    return path


def _words(pieces: list[str], sep: str) -> Any:
    return st.one_of(
        st.text(max_size=40),
        st.lists(st.sampled_from(pieces + ODD), max_size=6).map(sep.join),
    )


def _lines(pieces: list[str]) -> Any:
    return st.one_of(
        st.text(max_size=80),
        st.lists(st.one_of(st.sampled_from(pieces + ODD), st.text(max_size=10)), max_size=10).map(
            "\n".join
        ),
    )


def _json_like() -> Any:
    leaf = st.one_of(st.none(), st.booleans(), st.integers(-5, 300), st.text(max_size=8))
    value = st.recursive(
        leaf,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(
                st.sampled_from(
                    [
                        "moves",
                        "draw",
                        "settings",
                        "lexicon",
                        "top",
                        "word",
                        "x",
                        "name",
                        "players",
                        "games",
                        "licence",
                        "ballots",
                        "record",
                        "late",
                        "tops",
                    ]
                ),
                inner,
                max_size=4,
            ),
        ),
        max_leaves=12,
    )
    return value.map(json.dumps)


PARSERS = _parsers()
EXAMPLES = CI_TOTAL // len(PARSERS) + 1 if FULL_DEPTH else LOCAL_EXAMPLES


def mutants(data: Any, seed: int, count: int = MUTANTS) -> list[Any]:
    """``count`` variants of ``data`` (text or bytes), each with one to three changes drawn
    by ``seed``: a span deleted, repeated or moved elsewhere, one of :data:`ODD` put in, a
    character or byte changed (the next code point, or a random one), the input cut short."""
    rng = random.Random(seed)
    binary = isinstance(data, bytes)
    odd = [o.encode("utf-8") for o in ODD] if binary else ODD
    out = []
    for _ in range(count):
        value = data
        for _ in range(rng.randint(1, 3)):
            size = len(value)
            i, j = sorted((rng.randint(0, size), rng.randint(0, size)))
            kind = rng.randrange(6)
            if kind == 0:  # a span deleted
                value = value[:i] + value[j:]
            elif kind == 1:  # a span repeated
                value = value[:j] + value[i:j] + value[j:]
            elif kind == 2:  # a span moved to the end
                value = value[:i] + value[j:] + value[i:j]
            elif kind == 3:  # an odd character put in
                value = value[:i] + rng.choice(odd) + value[i:]
            elif kind == 4 and i < size:  # a character or byte changed
                if binary:
                    changed = bytes(
                        [(value[i] + 1) % 256 if rng.random() < 0.5 else rng.randrange(256)]
                    )
                else:
                    code = ord(value[i]) + 1 if rng.random() < 0.5 else rng.randrange(0x2FF)
                    changed = chr(code if code < 0xD800 else 0x41)
                value = value[:i] + changed + value[i + 1 :]
            else:  # cut short
                value = value[:i]
        out.append(value)
    return out


def fuzz(
    parse: Callable[[Any], Any],
    errors: tuple[type[BaseException], ...],
    inputs: Any,
    count: int,
    variants: int = MUTANTS,
) -> int:
    """Give ``parse`` at least ``count`` inputs: drawn from ``inputs`` (in batches of
    :data:`BATCH`), each followed by ``variants`` of itself (:func:`mutants`), failing on
    any exception but ``errors``; the number of inputs given."""
    given_inputs = 0
    each = 1 + variants

    @settings(
        max_examples=-(-count // (BATCH * each)),
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.lists(inputs, min_size=BATCH, max_size=BATCH), st.integers(0, 2**32 - 1))
    def check(batch: list[Any], seed: int) -> None:
        nonlocal given_inputs
        for index, drawn in enumerate(batch):
            for data in [drawn, *mutants(drawn, seed + index, variants)]:
                given_inputs += 1
                try:
                    parse(data)
                except errors:
                    pass

    check()
    return given_inputs


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PARSERS))
def test_a_parser_raises_only_its_own_error(name: str) -> None:
    parse, errors, inputs = PARSERS[name]
    assert fuzz(parse, errors, inputs, EXAMPLES) >= EXAMPLES


def test_the_batched_fuzzing_finds_an_input_that_breaks_a_parser() -> None:
    """The harness itself: a parser that breaks on one kind of input among the format's
    pieces is caught, with that input (here the ballot parser's own strategy, and a crash on
    any ballot naming a vertical direction). Ten times a parser's local share of inputs: with
    the share alone, one run of this file in fourteen drew no such ballot."""
    parse, errors, inputs = PARSERS["ballot"]

    def fragile(text: str) -> Any:
        if "sens:v" in text:
            raise ValueError(text)
        return parse(text)

    with pytest.raises(ValueError, match="sens:v"):
        fuzz(fragile, errors, inputs, 10 * LOCAL_EXAMPLES)


def test_a_parser_that_breaks_only_on_a_variant_is_caught() -> None:
    """The variants reach the parser, and a crash on one of them fails the test: here every
    input drawn is the same valid ballot, and the parser breaks on any other text that
    begins like it."""

    def fragile(text: str) -> Any:
        if text != "8H MAISON" and text.startswith("8H MA"):
            raise ValueError(text)
        return text

    with pytest.raises(ValueError, match="^8H MA"):
        fuzz(fragile, (), st.just("8H MAISON"), LOCAL_EXAMPLES)


@given(st.one_of(st.text(max_size=30), st.binary(max_size=30)), st.integers(0, 2**32 - 1))
@settings(max_examples=depth(200), deadline=None)
def test_the_variants_keep_the_inputs_kind_and_come_again_from_their_seed(
    data: Any, seed: int
) -> None:
    found = mutants(data, seed)
    assert len(found) == MUTANTS
    assert all(type(m) is type(data) for m in found)
    assert found == mutants(data, seed)
