"""Every argument check of the rule modules says what it refused, word for word (issue 26).

One case per check of ``king/tricks.py``, ``king/scoring.py``, ``king/rules.py``,
``king/observation.py``, ``king/visibility.py`` and their Skull Queen twins: a call with
one bad value, the error class and the whole message, which names the argument and what
was expected. Matching the whole message (not a word of it) is what lets mutation testing
notice a check whose message went wrong (``tests/support/mutation.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from skullgames import COMPILED, ConfigError, IllegalMoveError, king, queen
from skullgames.king import Play
from skullgames.king.rules import check_play as king_check_play
from skullgames.king.scoring import round_breakdown
from skullgames.queen import Plank, Side
from skullgames.queen.rules import check_play as queen_check_play
from skullgames.queen.scoring import check_plank, check_spaces, side_values
from tests.support.type_errors import is_wrong_type_message

KC = king.card
QC = queen.card


def _k(*texts: str) -> list[tuple[int, Play]]:
    return [(seat, Play(KC(text))) for seat, text in enumerate(texts)]


def _score(**changes: Any) -> Callable[[], object]:
    """``round_breakdown`` of a valid three-seat round of 3 cards, with ``changes``."""
    kwargs: dict[str, Any] = {"bids": [1, 0, 2], "tricks": [1, 0, 2], "cards_dealt": 3}
    kwargs.update(changes)
    bids, tricks = kwargs.pop("bids"), kwargs.pop("tricks")
    return lambda: round_breakdown(bids, tricks, **kwargs)  # callable again and again


def _bare_plank(side: object, spaces: object) -> Plank:
    """A plank built past its checks, as the pure build lets a careless caller.

    The compiled build cannot build one (see the test after the cases).
    """
    plank = object.__new__(Plank)
    object.__setattr__(plank, "side", side)
    object.__setattr__(plank, "spaces", spaces)
    return plank


FRONT = Plank(Side.FRONT, (2, 2, 2, 2))
GHOST = king.Config(players=2)
Q2 = queen.new_game(queen.Config(players=2), seed=3)
K3 = king.new_game(king.Config(players=3), seed=11)

CASES: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    # -- king/tricks.py: resolve_trick --------------------------------------------------
    ("king trick config", lambda: king.resolve_trick(_k("Y3"), "x"),  # type: ignore[arg-type]
     TypeError, "config must be a skullgames.king.Config, not str"),
    ("king trick plays", lambda: king.resolve_trick(5),  # type: ignore[arg-type]
     TypeError, "plays must be an iterable of (seat, Play) pairs, not int"),
    ("king trick empty", lambda: king.resolve_trick([]),
     IllegalMoveError, "a trick needs at least one card"),
    ("king trick too long", lambda: king.resolve_trick(_k("Y1", "Y2", "Y3", "Y4", "Y5")),
     IllegalMoveError, "a trick of 4 players has at most 4 cards, not 5"),
    ("king trick too long, ghost",
     lambda: king.resolve_trick([*_k("Y1", "Y2"), (None, Play(KC("Y3"))),
                                 (0, Play(KC("Y4")))], GHOST),
     IllegalMoveError, "a trick of 2 players and Graybeard has at most 3 cards, not 4"),
    ("king trick pair", lambda: king.resolve_trick([(0, KC("Y3"))]),  # type: ignore[list-item]
     IllegalMoveError, "each play is a (seat, Play) pair, not (0, card('Y3'))"),
    ("king trick list", lambda: king.resolve_trick([[0, Play(KC("Y3"))]]),  # type: ignore[list-item]
     IllegalMoveError, "each play is a (seat, Play) pair, not [0, Play(card('Y3'))]"),
    ("king trick triple", lambda: king.resolve_trick([(0, Play(KC("Y3")), 1)]),  # type: ignore[list-item]
     IllegalMoveError, "each play is a (seat, Play) pair, not (0, Play(card('Y3')), 1)"),
    ("king trick ghost seat", lambda: king.resolve_trick([(None, Play(KC("Y3")))]),
     IllegalMoveError, "seat None is Graybeard, who plays only with two players"),
    ("king trick seat", lambda: king.resolve_trick([(4, Play(KC("Y3")))]),
     IllegalMoveError, "seat 4 is not 0..3"),
    ("king trick seat type", lambda: king.resolve_trick([("0", Play(KC("Y3")))]),  # type: ignore[list-item]
     IllegalMoveError, "seat '0' is not 0..3"),
    ("king trick twice", lambda: king.resolve_trick([(1, Play(KC("Y3"))), (1, Play(KC("Y4")))]),
     IllegalMoveError, "seat 1 plays twice in one trick"),
    ("king trick deck", lambda: king.resolve_trick(_k("MER", "MER", "MER")),
     IllegalMoveError, "MER is not in the deck this often under this config"),
    # -- king/scoring.py: round_breakdown and score_round ---------------------------------
    ("king score config", _score(config=3),
     TypeError, "config must be a skullgames.king.Config, not int"),
    ("king score bids", _score(bids=1),
     TypeError, "bids must be one bid per seat, not int"),
    ("king score tricks", _score(tricks="102"),
     TypeError, "tricks must be one trick count per seat, not a string"),
    ("king score bonuses", _score(bonuses=0),
     TypeError, "bonuses must be one per seat, not int"),
    ("king score wagers", _score(wagers=0),
     TypeError, "wagers must be one per seat, not int"),
    ("king score cannonballs", _score(cannonballs=False),
     TypeError, "cannonballs must be one per seat, not bool"),
    ("king score loot", _score(loot_alliances=1),
     TypeError, "loot_alliances must be (loot player, winner) pairs, not int"),
    ("king score round type", _score(round_number=1.0),
     TypeError, "round_number must be a whole number (an int), not float"),
    ("king score round 0", _score(round_number=0),
     IllegalMoveError, "round_number must be 1 or more, not 0"),
    ("king score cards type", _score(cards_dealt="3"),
     TypeError, "cards_dealt must be a whole number (an int), not str"),
    ("king score cards 0", _score(cards_dealt=0, bids=[0], tricks=[0]),
     IllegalMoveError, "cards_dealt must be a positive whole number, not 0"),
    ("king score lengths", _score(tricks=[1, 0]),
     IllegalMoveError, "tricks has 2 entries for 3 bids"),
    ("king score bonus length", _score(bonuses=[0, 0, 0, 0]),
     IllegalMoveError, "bonuses has 4 entries for 3 bids"),
    ("king score wager length", _score(wagers=[0]),
     IllegalMoveError, "wagers has 1 entries for 3 bids"),
    ("king score cannonball length", _score(cannonballs=[]),
     IllegalMoveError, "cannonballs has 0 entries for 3 bids"),
    ("king score bid range", _score(bids=[1, 0, 4]),
     IllegalMoveError, "bid 4 of seat 2 is not 0..3"),
    ("king score bid negative", _score(bids=[1, -1, 2]),
     IllegalMoveError, "bid -1 of seat 1 is not 0..3"),
    ("king score bid type", _score(bids=[1, 0, 2.0]),
     TypeError, "bid 2.0 of seat 2 must be a whole number (an int)"),
    ("king score tricks range", _score(tricks=[4, 0, 0]),
     IllegalMoveError, "tricks 4 of seat 0 is not 0..3"),
    ("king score tricks negative", _score(tricks=[1, -1, 2]),
     IllegalMoveError, "tricks -1 of seat 1 is not 0..3"),
    ("king score tricks type", _score(tricks=[1, None, 2]),
     TypeError, "tricks None of seat 1 must be a whole number (an int)"),
    ("king score bonus negative", _score(bonuses=[0, 0, -10]),
     IllegalMoveError, "bonus -10 of seat 2 is negative"),
    ("king score bonus type", _score(bonuses=[0, "10", 0]),
     TypeError, "bonus '10' of seat 1 must be a whole number (an int)"),
    ("king score wager", _score(wagers=[0, 15, 0]),
     IllegalMoveError, "wager 15 of seat 1 is not a sum of wagers of 0, 10 or 20"),
    ("king score wager negative", _score(wagers=[-10, 0, 0]),
     IllegalMoveError, "wager -10 of seat 0 is not a sum of wagers of 0, 10 or 20"),
    ("king score wager type", _score(wagers=[0, 0, True]),
     TypeError, "wager True of seat 2 must be a whole number (an int)"),
    ("king score cannonball", _score(cannonballs=[False, 1, False]),
     TypeError, "cannonball 1 of seat 1 must be True or False"),
    ("king score tricks sum", _score(tricks=[2, 1, 1]),
     IllegalMoveError, "4 tricks taken in a round of 3 cards"),
    ("king score loot pair", _score(loot_alliances=[(0, 0)]),
     IllegalMoveError, "a loot alliance is a pair of two different seats, not (0, 0)"),
    ("king score loot seat", _score(loot_alliances=[(0, 3)]),
     IllegalMoveError, "a loot alliance is a pair of two different seats, not (0, 3)"),
    ("king score loot shape", _score(loot_alliances=[[0, 1]]),
     IllegalMoveError, "a loot alliance is a pair of two different seats, not [0, 1]"),
    # -- king/rules.py: check_play ------------------------------------------------------
    ("king play not held", lambda: king_check_play(KC("Y3"), (KC("Y4"), KC("B2")), None),
     IllegalMoveError, "Y3 is not in your hand (Y4, B2)"),
    ("king play must follow",
     lambda: king_check_play(KC("B2"), (KC("Y3"), KC("Y9"), KC("B2")), king.Suit.YELLOW),
     IllegalMoveError, "must follow yellow: you hold Y3, Y9"),
    # -- king/observation.py: observe -----------------------------------------------------
    ("king observe state", lambda: king.observe("x", 0),  # type: ignore[arg-type]
     TypeError, "state must be a skullgames.king.State, not str"),
    ("king observe player type", lambda: king.observe(king.new_game(seed=1), 1.0),  # type: ignore[arg-type]
     TypeError, "player must be a seat number (an int), not float"),
    ("king observe player", lambda: king.observe(king.new_game(seed=1), 4),
     ConfigError, "player 4 is not a seat of this 4-player game (0..3)"),
    ("king observe negative", lambda: king.observe(king.new_game(seed=1), -1),
     ConfigError, "player -1 is not a seat of this 4-player game (0..3)"),
    # -- king/visibility.py: observe_move, HiddenMove ------------------------------------
    ("king observe_move state", lambda: king.observe_move("x", king.Bid(1), 0),  # type: ignore[arg-type]
     TypeError, "state must be a skullgames.king.State, not str"),
    ("king observe_move now", lambda: king.observe_move(K3, king.Bid(1), 0, "x"),  # type: ignore[arg-type]
     TypeError, "state must be a skullgames.king.State, not str"),
    ("king observe_move seat type", lambda: king.observe_move(K3, king.Bid(1), "1"),  # type: ignore[arg-type]
     TypeError, "seat must be a seat number (an int), not str"),
    ("king observe_move seat", lambda: king.observe_move(K3, king.Bid(1), 3),
     ConfigError, "seat 3 is not a seat of this 3-player game (0..2)"),
    ("king observe_move negative", lambda: king.observe_move(K3, king.Bid(1), -1),
     ConfigError, "seat -1 is not a seat of this 3-player game (0..2)"),
    ("king observe_move move", lambda: king.observe_move(K3, queen.parse_move("R7"), 0),  # type: ignore[arg-type]
     TypeError, "not a Skull King move: Play(card('R7'))"),
    ("king hidden kind", lambda: king.HiddenMove(0, "play"),
     ConfigError, "a hidden Skull King move is a deal, bid, shot, discard, not 'play'"),
    # -- queen/tricks.py: resolve_trick -------------------------------------------------
    ("queen trick plays", lambda: queen.resolve_trick(5),  # type: ignore[arg-type]
     TypeError, "plays must be an iterable of (seat, card) pairs, not int"),
    ("queen trick empty", lambda: queen.resolve_trick([]),
     IllegalMoveError, "a trick needs at least one card"),
    ("queen trick pair", lambda: queen.resolve_trick([(0, "R3")]),  # type: ignore[list-item]
     IllegalMoveError, "each play is a (seat, card) pair, not (0, 'R3')"),
    ("queen trick list", lambda: queen.resolve_trick([[0, QC("R3")]]),  # type: ignore[list-item]
     IllegalMoveError, "each play is a (seat, card) pair, not [0, card('R3')]"),
    ("queen trick triple", lambda: queen.resolve_trick([(0, QC("R3"), 1)]),  # type: ignore[list-item]
     IllegalMoveError, "each play is a (seat, card) pair, not (0, card('R3'), 1)"),
    ("queen trick ghost", lambda: queen.resolve_trick([(0, QC("R3")), (None, QC("R4"))]),
     IllegalMoveError, "the ghost (seat None) leads: his card comes first"),
    ("queen trick seat", lambda: queen.resolve_trick([(-1, QC("R3"))]),
     IllegalMoveError, "seat -1 is not a seat 0..5 (or None for the ghost)"),
    ("queen trick seat type", lambda: queen.resolve_trick([("1", QC("R3"))]),  # type: ignore[list-item]
     IllegalMoveError, "seat '1' is not a seat 0..5 (or None for the ghost)"),
    ("queen trick huge seat", lambda: queen.resolve_trick([(10**100, QC("R3"))]),
     IllegalMoveError, "seat a huge number is not a seat 0..5 (or None for the ghost)"),
    ("queen trick seat 6", lambda: queen.resolve_trick([(6, QC("R3")), (0, QC("R4"))]),
     IllegalMoveError, "seat 6 is not a seat 0..5 (or None for the ghost)"),
    ("queen trick ghost seat", lambda: queen.resolve_trick(
        [(None, QC("R5")), (0, QC("R3")), (2, QC("R4"))]),
     IllegalMoveError, "seat 2 is not a captain's seat beside the ghost: 0 or 1 (two players)"),
    ("queen trick planks", lambda: queen.resolve_trick(
        [(0, QC("R3"))], planks=[queen.Plank(queen.Side.FRONT, (2, 2, 2, 2))] * 7),
     IllegalMoveError, "7 planks for at most 6 players"),
    ("queen trick twice", lambda: queen.resolve_trick([(2, QC("R3")), (2, QC("R4"))]),
     IllegalMoveError, "seat 2 plays twice in one trick"),
    ("queen trick card twice", lambda: queen.resolve_trick([(0, QC("R3")), (1, QC("R3"))]),
     IllegalMoveError, "R3 is in the trick twice"),
    ("queen trick centre twice", lambda: queen.resolve_trick([(0, QC("R3"))], [QC("R3")]),
     IllegalMoveError, "R3 is in the trick twice"),
    ("queen trick centre", lambda: queen.resolve_trick([(0, QC("R3"))], ["R4"]),  # type: ignore[list-item]
     IllegalMoveError, "the centre holds cards, not 'R4'"),
    ("queen trick centre type", lambda: queen.resolve_trick([(0, QC("R3"))], 5),  # type: ignore[arg-type]
     TypeError, "center must be the cards in the centre, not int"),
    ("queen trick planks type", lambda: queen.resolve_trick([(0, QC("R3"))], planks=5),  # type: ignore[arg-type]
     TypeError, "planks must be one Plank per seat, or None, not int"),
    ("queen trick specials",
     lambda: queen.resolve_trick([(0, QC("MONKEY")), (1, QC("MATE"))], [QC("R4")]),
     IllegalMoveError,
     "a trick needs a coloured card to give the Monkey and First Mate a colour"),
    ("queen trick no plank",
     lambda: queen.resolve_trick([(0, QC("R3")), (2, QC("R4"))], planks=[FRONT, FRONT]),
     IllegalMoveError, "seat 2 plays but there is no plank for it"),
    ("queen trick bad plank",
     lambda: queen.resolve_trick([(0, QC("R3"))], planks=[FRONT, "plank"]),  # type: ignore[list-item]
     TypeError, "plank of seat 1 must be a skullgames.queen.Plank, not str"),
    # -- queen/scoring.py: side_values, Plank, check_spaces, check_plank, score_round -------
    ("queen side_values", lambda: side_values("front"),  # type: ignore[arg-type]
     TypeError, "side must be Side.FRONT or Side.BACK, not str"),
    ("queen plank side", lambda: Plank("front", (0, 0, 0, 0)),  # type: ignore[arg-type]
     TypeError, "side must be Side.FRONT or Side.BACK, not str"),
    ("queen plank spaces", lambda: Plank(Side.FRONT, 4),  # type: ignore[arg-type]
     TypeError, "spaces must be four spaces 0..4 (or None), not int"),
    ("queen plank space type", lambda: Plank(Side.FRONT, (0, 0, 1.0, 0)),  # type: ignore[arg-type]
     TypeError, "plank: spaces must be whole numbers 0..4 or None, not float"),
    ("queen plank range", lambda: Plank(Side.BACK, (0, 5, 0, 0)),
     IllegalMoveError,
     "plank: four spaces 0..4 (or None for the water) in colour order, not (0, 5, 0, 0)"),
    ("queen plank after the water", lambda: Plank(Side.BACK, (None, 5, 0, 0)),
     IllegalMoveError,
     "plank: four spaces 0..4 (or None for the water) in colour order, not (None, 5, 0, 0)"),
    ("queen plank length", lambda: Plank(Side.BACK, [0, None, 0]),
     IllegalMoveError,
     "plank: four spaces 0..4 (or None for the water) in colour order, not (0, None, 0)"),
    ("queen check_spaces", lambda: check_spaces((0, 0, 0, -1), "mine"),
     IllegalMoveError,
     "mine: four spaces 0..4 (or None for the water) in colour order, not (0, 0, 0, -1)"),
    ("queen check_plank type", lambda: check_plank((0, 0, 0, 0), "my plank"),
     TypeError, "my plank must be a skullgames.queen.Plank, not tuple"),
    *([] if COMPILED else [  # only the pure build can build such planks
        ("queen check_plank side",
         lambda: check_plank(_bare_plank("back", (0, 0, 0, 0)), "mine"),
         TypeError, "mine: side must be Side.FRONT or Side.BACK, not str"),
        ("queen check_plank spaces",
         lambda: check_plank(_bare_plank(Side.BACK, (0, 0, 0, 9)), "mine"),
         IllegalMoveError,
         "mine: four spaces 0..4 (or None for the water) in colour order, not (0, 0, 0, 9)"),
    ]),
    ("queen score planks", lambda: queen.score_round(FRONT),  # type: ignore[arg-type]
     TypeError, "planks must be one Plank per seat, not Plank"),
    ("queen score config", lambda: queen.score_round([FRONT], "x"),  # type: ignore[arg-type]
     TypeError, "config must be a skullgames.queen.Config or None, not str"),
    ("queen score count", lambda: queen.score_round([FRONT], queen.Config(players=3)),
     IllegalMoveError, "1 planks for 3 players"),
    ("queen score plank", lambda: queen.score_round([FRONT, None]),  # type: ignore[list-item]
     TypeError, "plank of seat 1 must be a skullgames.queen.Plank, not NoneType"),
    # -- queen/rules.py: check_play -----------------------------------------------------
    ("queen play not held", lambda: queen_check_play(QC("R3"), (QC("R4"), QC("B2")), None),
     IllegalMoveError, "R3 is not in your hand (R4, B2)"),
    ("queen play must follow",
     lambda: queen_check_play(QC("B2"), (QC("Y3"), QC("Y9"), QC("B2")), queen.Color.YELLOW),
     IllegalMoveError, "must follow yellow: you hold Y3, Y9"),
    ("queen play must follow ghost",
     lambda: queen_check_play(QC("B2"), (QC("Y3"), QC("B2")), queen.Color.YELLOW, ghost=True),
     IllegalMoveError, "must follow yellow (the Pirate King's colour): you hold Y3"),
    # -- queen/observation.py: observe ----------------------------------------------------
    ("queen observe state", lambda: queen.observe(king.new_game(seed=1), 0),  # type: ignore[arg-type]
     TypeError, "state must be a skullgames.queen.State, not skullgames.king.state.Bidding"),
    ("queen observe player type", lambda: queen.observe(Q2, "0"),  # type: ignore[arg-type]
     TypeError, "player must be a seat number (an int), not str"),
    ("queen observe player", lambda: queen.observe(Q2, 2),
     ConfigError, "player 2 is not a seat of this 2-player game (0..1)"),
    # -- queen/visibility.py: observe_move, HiddenMove -----------------------------------
    ("queen observe_move state", lambda: queen.observe_move(K3, queen.parse_move("R7"), 0),  # type: ignore[arg-type]
     TypeError, "state must be a skullgames.queen.State, not skullgames.king.state.Bidding"),
    ("queen observe_move now placing",
     lambda: queen.observe_move(Q2, queen.parse_move("front 0 0 0 0"), 0, "x"),  # type: ignore[arg-type]
     TypeError, "state must be a skullgames.queen.State, not str"),
    ("queen observe_move seat type",
     lambda: queen.observe_move(Q2, queen.parse_move("R7"), 1.0),  # type: ignore[arg-type]
     TypeError, "seat must be a seat number (an int), not float"),
    ("queen observe_move seat", lambda: queen.observe_move(Q2, queen.parse_move("R7"), 2),
     ConfigError, "seat 2 is not a seat of this 2-player game (0..1)"),
    ("queen observe_move negative", lambda: queen.observe_move(Q2, queen.parse_move("R7"), -1),
     ConfigError, "seat -1 is not a seat of this 2-player game (0..1)"),
    ("queen observe_move move", lambda: queen.observe_move(Q2, king.Bid(1), 0),  # type: ignore[arg-type]
     TypeError, "not a Skull Queen move: Bid(1)"),
    ("queen hidden kind", lambda: queen.HiddenMove(0, "bid"),
     ConfigError, "a hidden Skull Queen move is a deal, place, play, not 'bid'"),
    # -- replay (issue 35: the compiled build checked a typed seed with mypyc's message) --
    ("king replay seed", lambda: king.replay(king.Config(), [], seed=1.5),  # type: ignore[arg-type]
     TypeError, "seed must be an int, not float"),
    ("king replay seed range", lambda: king.replay(king.Config(), [], seed=2**128),
     ConfigError, "seed: a whole number within ±(2**128 - 1); this one is out of range"),
    ("king replay auto_deal", lambda: king.replay(
        king.Config(), [], seed=1, auto_deal="yes"),  # type: ignore[arg-type]
     TypeError, "auto_deal must be True, False or None, not str"),
    ("king replay config", lambda: king.replay("x", []),  # type: ignore[arg-type]
     TypeError, "config must be a skullgames.king.Config, not str"),
    ("queen replay seed", lambda: queen.replay(queen.Config(), [], seed=1.5),  # type: ignore[arg-type]
     TypeError, "seed must be an int, not float"),
    ("queen replay auto_deal", lambda: queen.replay(
        queen.Config(), [], auto_deal=1),  # type: ignore[arg-type]
     TypeError, "auto_deal must be True, False or None, not int"),
]


@pytest.mark.parametrize(("call", "error", "message"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_each_argument_check_says_what_it_refused(call: Callable[[], object],
                                                  error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    if error is TypeError:  # a typed parameter: mypyc's own message in the compiled build
        assert is_wrong_type_message(str(caught.value), message), re.escape(str(caught.value))
    else:
        assert str(caught.value) == message, re.escape(str(caught.value))


@pytest.mark.parametrize("replay", [king.replay, queen.replay], ids=["king", "queen"])
def test_replay_refuses_a_bool_seed_with_one_message_in_both_builds(
        replay: Callable[..., object]) -> None:
    """Issue 47: the compiled build read ``seed=True`` as the seed 1 (mypyc passes a bool
    as an int to a parameter typed ``int``, and ``seed is None`` narrowed it before the
    check); the pure build refused it. The seed is typed ``Whole``, as ``new_game``'s
    checks read it, so both builds refuse it with the library's own message."""
    config = king.Config() if replay is king.replay else queen.Config()
    with pytest.raises(TypeError) as caught:
        replay(config, [], seed=True)
    assert str(caught.value) == "seed must be an int, not bool"


def test_only_the_pure_build_can_build_a_plank_past_its_checks() -> None:
    # The compiled build refuses to build a native record but by its __init__, so
    # check_plank's own checks of the side and spaces guard the pure build only.
    if COMPILED:
        with pytest.raises((TypeError, AttributeError)):
            _bare_plank("back", (0, 0, 0, 0))
    else:
        assert _bare_plank("back", (0, 0, 0, 0)).side == "back"  # type: ignore[comparison-overlap]
