"""gnubg Position IDs, Match IDs and XGID (issue 8, item 3)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.backgammon.board import POSITION_KINDS, BackgammonError, Position, random_position
from arbitre.backgammon.ids import (
    START_POSITION_ID,
    MatchId,
    match_from_id,
    match_id,
    position_from_id,
    position_id,
    read_xgid,
)
from arbitre.common.messages import Message
from tests.backgammon.gnubg_oracle import gnubg_available, gnubg_ids, gnubg_set_ids
from tests.support import depth, require


def test_start_position_id():
    assert START_POSITION_ID == "4HPwATDgc/ABMA"
    assert position_id(Position.initial()) == "4HPwATDgc/ABMA"
    assert position_from_id("4HPwATDgc/ABMA") == Position.initial()


def test_position_id_orders_the_side_not_on_roll_first():
    # One checker on the bar for the side not on roll, one on point 1 for the roller:
    # 24 zero bits, then 1 0 (bar), then 1 0 (point 1) -> bits 24 and 26 set.
    position = Position.from_points({1: 1}, {25: 1})
    assert position_id(position) == "AAAABQAAAAAAAA"


@settings(max_examples=depth(200), deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(POSITION_KINDS))
def test_position_id_round_trip(seed, kind):
    position = random_position(random.Random(seed), kind)
    text = position_id(position)
    assert len(text) == 14
    assert position_from_id(text) == position


@pytest.mark.parametrize("bad", ["4HPwATDgc/ABM", "4HPwATDgc/ABM!", "//////////////", ""])
def test_invalid_position_ids_are_refused(bad):
    with pytest.raises(BackgammonError):
        position_from_id(bad)


def test_known_match_id_from_gnubg():
    # gnubg's Match ID for a money game, player 0 on roll with 3-1 rolled.
    state = match_from_id("MIEFAAAAAAAA")
    assert state.dice == (3, 1)
    assert state.cube_value == 1 and state.cube_owner is None
    assert state.match_length == 0 and state.game_state == 1
    assert match_id(state) == "MIEFAAAAAAAA"


@st.composite
def match_states(draw: st.DrawFn) -> MatchId:
    """A consistent match state, as gnubg writes one (Match IDs refused otherwise)."""
    length = draw(st.integers(1, 25))
    score = draw(st.tuples(st.integers(0, length - 1), st.integers(0, length - 1)))
    on_roll = draw(st.integers(0, 1))
    pending = draw(st.sampled_from(["none", "double", "resignation"]))
    dice = (0, 0) if pending == "double" else draw(st.sampled_from([(0, 0), (3, 1), (6, 6)]))
    crawford = sorted(score)[1] == length - 1 and min(score) < length - 1 and draw(st.booleans())
    owner = draw(st.sampled_from([None, 0, 1]))
    state = draw(st.integers(0, 4))
    return MatchId(
        cube_value=1 if owner is None else draw(st.sampled_from([1, 2, 4, 8, 16, 32, 64])),
        cube_owner=owner,
        player_on_roll=on_roll,
        crawford=crawford,
        game_state=state if dice == (0, 0) else draw(st.integers(1, 4)),
        turn=on_roll if pending == "none" else draw(st.integers(0, 1)),
        double_offered=pending == "double",
        resignation=draw(st.integers(1, 3)) if pending == "resignation" else 0,
        dice=dice,
        match_length=length,
        score=score,
    )


@settings(max_examples=depth(200), deadline=None)
@given(match_states())
def test_match_id_round_trip(state):
    text = match_id(state)
    assert len(text) == 12
    assert match_from_id(text) == state


@settings(max_examples=depth(50), deadline=None)
@given(match_states())
def test_match_id_bit_66_is_ignored_in_match_play(state):
    text = match_id(state)
    raw = bytearray(__import__("base64").b64decode(text))
    raw[8] |= 1 << 2  # bit 66 (Jacoby)
    with_bit = __import__("base64").b64encode(bytes(raw)).decode()
    assert with_bit != text
    assert match_from_id(with_bit) == state


def _xgid(position: Position, on_roll: int, fields: str) -> str:
    """An independent XGID writer: index 0 top bar, 1-24 bottom points, 25 bottom bar."""
    bottom, top = (
        (position.player, position.opponent)
        if on_roll == 0
        else (position.opponent, position.player)
    )
    cells = ["-"] * 26
    for i in range(24):
        if bottom[i]:
            cells[i + 1] = chr(ord("A") + bottom[i] - 1)
        if top[i]:
            cells[24 - i] = chr(ord("a") + top[i] - 1)
    if bottom[24]:
        cells[25] = chr(ord("A") + bottom[24] - 1)
    if top[24]:
        cells[0] = chr(ord("a") + top[24] - 1)
    return "XGID=" + "".join(cells) + ":" + fields


def test_start_xgid():
    xgid = read_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:9:10")
    assert xgid.position == Position.initial()
    assert xgid.dice == (5, 2) and xgid.match_length == 9 and xgid.cube_value == 1


def test_invalid_xgid_is_refused():
    with pytest.raises(BackgammonError):
        read_xgid("XGID=-b----E-C---eE---c-e----B:0:0:1:52:0:0:0:9:10")
    with pytest.raises(BackgammonError):
        read_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:2:52:0:0:0:9:10")


def test_xgid_reading_equals_gnubg(tmp_path):
    require(gnubg_available(), "GNU Backgammon (/usr/games/gnubg) is not installed")
    rng = random.Random(11)
    cases = []
    for i in range(120):
        position = random_position(rng, POSITION_KINDS[i % 4])
        on_roll = rng.randint(0, 1)
        length = rng.randint(3, 11)
        score = (rng.randint(0, length - 2), rng.randint(0, length - 2))
        cube = rng.randint(0, 4)
        owner = rng.choice([0, 1, -1]) if cube else 0
        dice = rng.choice(["00", f"{rng.randint(1, 6)}{rng.randint(1, 6)}"])
        fields = (
            f"{cube}:{owner}:{1 if on_roll == 0 else -1}:{dice}:{score[0]}:{score[1]}:0:{length}:10"
        )
        cases.append((position, on_roll, _xgid(position, on_roll, fields)))
    answers = gnubg_ids([{"xgid": text} for _, _, text in cases], tmp_path)
    for (position, on_roll, text), answer in zip(cases, answers, strict=True):
        mine = read_xgid(text)
        assert mine.position == position
        assert position_id(mine.position) == answer["id"], text
        if mine.cube_owner is None and mine.cube_value > 1:
            # gnubg writes a centred cube worth more than 1; seed 003, 6.6 refuses it
            assert _reason(answer["match"]) == "centred_cube", text
            continue
        theirs = match_from_id(answer["match"])
        assert theirs.cube_value == mine.cube_value
        assert theirs.match_length == mine.match_length
        assert sorted(theirs.dice) == sorted(mine.dice)
        assert theirs.score[theirs.turn] == mine.score[mine.player_on_roll], text
        assert theirs.score[1 - theirs.turn] == mine.score[1 - mine.player_on_roll], text
        if mine.cube_owner is None:
            assert theirs.cube_owner is None
        else:
            assert (theirs.cube_owner == theirs.turn) == (mine.cube_owner == on_roll), text


def test_match_ids_along_a_match_are_read_back_identically_by_gnubg(tmp_path):
    require(gnubg_available(), "GNU Backgammon (/usr/games/gnubg) is not installed")
    from arbitre.backgammon.match import Match, Phase

    rng = random.Random(4)
    pairs = []
    for length in (3, 7):
        match = Match(length)
        while match.phase is not Phase.MATCH_OVER:
            phase = match.phase
            if phase in (Phase.OPENING, Phase.GAME_OVER):
                a, b = rng.randint(1, 6), rng.randint(1, 6)
                if a != b:
                    match.opening_roll(a, b)
            elif phase is Phase.ROLL:
                if match.can_double() and rng.random() < 0.1:
                    match.double()
                else:
                    match.roll((rng.randint(1, 6), rng.randint(1, 6)))
            elif phase is Phase.DOUBLED:
                match.take() if rng.random() < 0.8 else match.drop()
            else:
                moves = match.legal_moves()
                match.move(rng.choice(moves) if moves else "")
            # gnubg's "set matchid" drops a pending double offer: those states are skipped.
            if match.phase in (Phase.ROLL, Phase.MOVE):
                pairs.append(match.gnubg_ids())
    assert len(pairs) > 100
    answers = gnubg_set_ids(pairs, tmp_path)
    for mine, theirs in zip(pairs, answers, strict=True):
        assert list(mine) == theirs


def _reason(text: str) -> str:
    with pytest.raises(BackgammonError) as caught:
        match_from_id(text)
    assert caught.value.message.code == "backgammon.invalid_id"
    reason = caught.value.message.params["reason"]
    assert isinstance(reason, Message)
    return reason.code.rsplit(".", 1)[-1]


def test_invalid_match_ids_are_refused_with_their_reason() -> None:
    """Match IDs that decode but describe no real match state are refused, each with its
    reason (issue 19: some invalid Match IDs were accepted)."""
    ok = MatchId(match_length=7, score=(5, 3), dice=(3, 1))
    assert match_from_id(match_id(ok)) == ok
    cases = {
        "score_reached": MatchId(match_length=7, score=(7, 3)),
        "crawford": MatchId(match_length=7, score=(5, 3), crawford=True),
        "turn": MatchId(match_length=7, player_on_roll=0, turn=1),
        "double_after_roll": MatchId(match_length=7, double_offered=True, turn=1, dice=(3, 1)),
        "double_and_resignation": MatchId(match_length=7, double_offered=True, resignation=1),
        "centred_cube": MatchId(match_length=7, cube_value=2),
        "dice_no_game": MatchId(match_length=7, game_state=0, dice=(3, 1)),
    }
    for reason, state in cases.items():
        assert _reason(match_id(state)) == reason, reason
    # Crawford: one player exactly one point away, not both, not in money play
    assert match_from_id(match_id(MatchId(match_length=7, score=(6, 3), crawford=True))).crawford
    for score, length in (((6, 6), 7), ((0, 0), 0)):
        state = MatchId(match_length=length, score=score, crawford=True)
        assert _reason(match_id(state)) == "crawford"
    # a finished game may show the winning score
    over = MatchId(match_length=7, score=(7, 3), game_state=2)
    assert match_from_id(match_id(over)) == over
    # a field out of range (dice 7) and the padding bits are refused as invalid IDs too
    raw = bytearray(__import__("base64").b64decode(match_id(ok) + "=="))
    raw[2] |= 0b00111000  # first die = 7
    assert _reason(__import__("base64").b64encode(bytes(raw)).decode()[:12]) == "invalid_dice"
    raw = bytearray(__import__("base64").b64decode(match_id(ok) + "=="))
    raw[8] |= 1 << 4  # bit 68: padding
    assert _reason(__import__("base64").b64encode(bytes(raw)).decode()[:12]) == "trailing_bits"


def test_position_id_with_both_sides_on_one_point_is_refused() -> None:
    """A Position ID putting both players' checkers on one point is an invalid ID."""
    bits = []
    # side not on roll: one checker on its point 1 (= the roller's point 24)
    for count in [1] + [0] * 24:
        bits += [1] * count + [0]
    # side on roll: one checker on its point 24
    for count in [0] * 23 + [1, 0]:
        bits += [1] * count + [0]
    data = bytearray(10)
    for i, bit in enumerate(bits):
        data[i // 8] |= bit << (i % 8)
    text = __import__("base64").b64encode(bytes(data)).decode()[:14]
    with pytest.raises(BackgammonError) as caught:
        position_from_id(text)
    assert caught.value.message.code == "backgammon.invalid_id"
    assert caught.value.message.params["reason"] == Message.of("backgammon.shared_point", point=24)


@settings(max_examples=depth(300), deadline=None)
@given(
    st.text(
        alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
        min_size=12,
        max_size=12,
    )
)
def test_any_twelve_characters_decode_or_are_refused_as_invalid_ids(text: str) -> None:
    """Any 12 base64 characters: a Match ID that re-encodes to itself, or a refusal with
    the ``backgammon.invalid_id`` code (never another exception)."""
    try:
        state = match_from_id(text)
    except BackgammonError as exc:
        assert exc.message.code == "backgammon.invalid_id"
        return
    assert match_from_id(match_id(state)) == state


def test_003_6_6_a_centred_cube_is_worth_one_in_a_match() -> None:
    """Seed 003, 6.6: "Un videau au centre est toujours considéré comme ayant la valeur de
    1": a Match ID with a centred cube worth 2 is refused, with its reason in words; an
    owned cube of 2, and a centred 2 in money play (automatic doubles), are read."""
    from arbitre.i18n import word

    with pytest.raises(BackgammonError) as caught:
        match_from_id(match_id(MatchId(match_length=9, cube_value=2)))
    assert "un videau au centre vaut 1 dans un match (art. 6.6), pas 2" in word(
        caught.value.message
    )
    owned = MatchId(match_length=9, cube_value=2, cube_owner=1)
    assert match_from_id(match_id(owned)) == owned
    money = MatchId(match_length=0, cube_value=2)
    assert match_from_id(match_id(money)) == money
