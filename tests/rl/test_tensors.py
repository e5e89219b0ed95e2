"""Observation tensors (issue 13): fixed length, finite values within -1..1, equal for
positions that look the same to the seat, and each field holding what it says."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import skullgames.rl as rl  # noqa: E402
from skullgames import GAMES, ConfigError, king, queen  # noqa: E402
from skullgames._records import replace  # noqa: E402
from skullgames.bots.king import sample_world as king_world  # noqa: E402
from skullgames.bots.queen import sample_world as queen_world  # noqa: E402
from tests.support.king.configs import every_option  # noqa: E402
from tests.support.queen.configs import configs as queen_configs  # noqa: E402


def check_game(game: Any, config: Any, seed: int, choices: int, sample_world: Any) -> None:
    rng = random.Random(choices)
    size = rl.observation_size(game.name, config)
    layout = rl.observation_layout(game, config)
    assert sum(field.size for field in layout.values()) == size
    state = game.new_game(config, seed=seed)
    step = 0
    while True:
        seat = rng.randrange(config.players)
        view = game.observe(state, seat)
        vector = rl.encode(view)
        assert vector.dtype == np.float32
        assert vector.shape == (size,)
        assert np.isfinite(vector).all()
        assert vector.min() >= -1.0
        assert vector.max() <= 1.0
        if step % 7 == 0 and not game.is_over(state):
            # Another world this seat cannot tell from this one: the same tensor.
            world = sample_world(view, random.Random(step))
            # (a sample's record starts with this round: the view summarises finished ones)
            seen = replace(game.observe(world, seat), rounds=view.rounds)
            assert seen == view
            assert np.array_equal(rl.encode(seen), vector)
            assert np.array_equal(rl.encode(game.observe(world, seat)), vector)
        if game.is_over(state):
            return
        mover = game.current_player(state)
        before = rl.encode(game.observe(state, mover))
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        # A move always changes what its mover sees: its hand, its bid, its choice.
        assert not np.array_equal(before, rl.encode(game.observe(state, mover)))
        step += 1


@settings(max_examples=20, deadline=None)
@given(config=every_option(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_king_tensors_in_random_games(config: king.Config, seed: int, choices: int) -> None:
    check_game(GAMES["king"], config, seed, choices, king_world)


@settings(max_examples=10, deadline=None)
@given(config=queen_configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_queen_tensors_in_random_games(config: queen.Config, seed: int, choices: int) -> None:
    check_game(GAMES["queen"], config, seed, choices, queen_world)


def field(vector: Any, layout: Any, name: str) -> list[float]:
    return [float(v) for v in vector[layout[name].slice]]


def test_king_fields_of_a_known_position() -> None:
    """Three players, one card: seat 1 (left of the dealer) leads P10 after the bids."""
    config = king.Config(players=3, rounds=(1, 1))
    layout = rl.observation_layout("king", config)
    state = king.new_game(config, auto_deal=False)
    for move in ["deal Y1 | P10 | G3", "bid 1"]:
        state = king.apply(state, king.parse_move(move))
    view = rl.encode(king.observe(state, 0))
    # Seat 0 sees its hand (Y1 is the first face of the deck), not seat 1's hidden bid.
    hand = field(view, layout, "hand")
    assert hand[0] == 1.0 and sum(hand) == 1.0
    assert field(view, layout, "bids") == [0.0, 0.0, 0.0]
    assert field(view, layout, "has_bid") == [0.0, 1.0, 0.0]  # seat 1 is one to the left
    assert field(view, layout, "bid_shown") == [0.0, 0.0, 0.0]
    own = rl.encode(king.observe(state, 1))  # seat 1 sees its own bid of 1 card in 1
    assert field(own, layout, "bids") == [1.0, 0.0, 0.0]
    assert field(own, layout, "bid_shown") == [1.0, 0.0, 0.0]
    assert field(view, layout, "phase") == [0, 1, 0, 0, 0, 0]
    for move in ["bid 0", "bid 0", "P10"]:
        state = king.apply(state, king.parse_move(move))
    view = rl.encode(king.observe(state, 2))
    # From seat 2: seat 1 is two places to its left, and every bid is now shown.
    assert field(view, layout, "bids") == [0.0, 0.0, 1.0]
    assert field(view, layout, "bid_shown") == [1.0, 1.0, 1.0]
    faces = list(dict.fromkeys(config.deck))
    p10 = faces.index(king.card("P10"))
    stride = len(faces) + 1
    trick = field(view, layout, "trick")
    assert trick[2 * stride + p10] == 1.0 and sum(trick) == 1.0
    assert field(view, layout, "leader") == [0.0, 0.0, 1.0]
    assert field(view, layout, "to_move") == [1.0, 0.0, 0.0]  # seat 2 itself
    lead = layout["lead_suit"]
    assert view[lead.start + 2] == 1.0  # purple, the third suit of the modern deck
    for move in ["G3", "Y1"]:
        state = king.apply(state, king.parse_move(move))
    # Round 1 scored (10, 20, 10) of bounds (-20, 300): -1 + 2 * (t + 20) / 320.
    low, high = king.score_bounds(config)
    scores = field(rl.encode(king.observe(state, 0)), layout, "scores")
    assert scores == pytest.approx([2 * (t - low) / (high - low) - 1 for t in (10, 20, 10)])


def test_queen_fields_of_a_known_position() -> None:
    config = queen.Config(players=3)
    layout = rl.observation_layout("queen", config)
    state = queen.new_game(config, seed=4)
    mover = queen.current_player(state)
    assert mover is not None
    state = queen.apply(state, queen.parse_move("back 4 3 2 1"))
    view = rl.encode(queen.observe(state, mover))
    placement = field(view, layout, "placements")[:21]
    assert placement[0] == 1.0  # the back side
    assert [placement[1 + 5 * i:6 + 5 * i].index(1.0) for i in range(4)] == [4, 3, 2, 1]
    assert sum(field(view, layout, "has_placed")) == 1.0
    other = rl.encode(queen.observe(state, (mover + 1) % 3))
    assert sum(field(other, layout, "placements")) == 0.0  # hidden until all have placed
    hand = field(view, layout, "hand")
    assert sum(hand) == len(state.hands[mover])


def test_the_layouts_name_every_value() -> None:
    for name in GAMES:
        layout = rl.observation_layout(name)
        starts = [f.start for f in layout.values()]
        ends = [f.start + f.size for f in layout.values()]
        assert starts == [0, *ends[:-1]]
        assert ends[-1] == rl.observation_size(name)
        assert all(f.doc for f in layout.values())


def test_bad_input() -> None:
    with pytest.raises(TypeError, match="observation"):
        rl.encode(king.new_game(seed=1))
    with pytest.raises(ConfigError, match="unknown game"):
        rl.observation_size("chess")
    with pytest.raises(TypeError, match="Config"):
        rl.observation_size("queen", king.Config())
    with pytest.raises(TypeError):
        rl.observation_size(3)  # type: ignore[arg-type]


def test_options_change_the_size() -> None:
    plain = rl.observation_size("king", king.Config())
    assert rl.observation_size("king", king.Config(pirate_abilities=True)) > plain
    assert rl.observation_size("king", king.Config(players=2)) < plain
    assert rl.observation_size(GAMES["queen"], queen.Config(players=2)) < rl.observation_size(
        "queen")


def play_until(game: Any, state: Any, done: Any, seed: int = 0) -> Any:
    rng = random.Random(seed)
    while not done(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def test_king_option_fields() -> None:
    """Cannonball choices stay hidden until all have chosen (K11); a pending ability
    names its pirate and owner (K12)."""
    config = king.Config(players=3, scoring=king.Scoring.RASCAL, cannonball=True,
                         pirate_abilities=True, rounds=(6, 7, 8, 9, 10))
    layout = rl.observation_layout("king", config)
    state = play_until(GAMES["king"], king.new_game(config, seed=2),
                       lambda s: s.phase is king.Phase.SHOT and any(x is not None for x in s.shots))
    chose = next(seat for seat, shot in enumerate(state.shots) if shot is not None)
    mine = rl.encode(king.observe(state, chose))
    theirs = rl.encode(king.observe(state, (chose + 1) % 3))
    assert field(mine, layout, "shot_shown")[0] == 1.0
    assert field(mine, layout, "shots")[0] == float(state.shots[chose])
    assert sum(field(theirs, layout, "shot_shown")) == 0.0
    assert field(theirs, layout, "has_shot")[2] == 1.0  # chose is two to its left
    state = play_until(GAMES["king"], state, lambda s: s.phase is king.Phase.ABILITY
                       or king.is_over(s))
    assert state.pending is not None
    view = rl.encode(king.observe(state, state.pending.seat))
    pirates = list(king.Pirate)
    assert field(view, layout, "pending")[pirates.index(state.pending.pirate)] == 1.0
    assert field(view, layout, "pending_seat") == [1.0, 0.0, 0.0]


def test_queen_face_down_cards_and_planks() -> None:
    """Two players (DECISIONS Q7): the other captain's card lies face down; the planks
    show where each pawn stands and what the plank scores."""
    config = queen.Config(players=2)
    layout = rl.observation_layout("queen", config)
    state = play_until(GAMES["queen"], queen.new_game(config, seed=1),
                       lambda s: any(seat is not None for seat, _ in s.trick))
    played = next(seat for seat, _ in state.trick if seat is not None)
    other = 1 - played
    view = rl.encode(queen.observe(state, other))
    assert field(view, layout, "face_down") == [0.0, 1.0]
    trick = field(view, layout, "trick")
    cards = len(config.deck)
    assert sum(trick[cards:2 * cards]) == 0.0  # the face-down card is not shown
    assert sum(trick[2 * cards:]) == 1.0  # the Pirate King's card is
    planks = field(view, layout, "planks")
    plank = state.planks[other]
    assert planks[0] == float(plank.side is queen.Side.BACK)
    for color, space in enumerate(plank.spaces):
        one_hot = planks[1 + 6 * color:7 + 6 * color]
        assert one_hot.index(1.0) == (5 if space is None else space)
    points = field(view, layout, "plank_points")[0]
    assert points == pytest.approx(plank.points(config.plank_values) / 32)
