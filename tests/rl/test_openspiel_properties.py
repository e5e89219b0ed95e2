"""Whole random games through pyspiel, over random options of both games (hypothesis)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel")

from skullgames import GAMES, king, queen  # noqa: E402
from skullgames.rl.openspiel import load_game  # noqa: E402


@st.composite
def king_configs(draw: st.DrawFn) -> king.Config:
    classic = draw(st.booleans())
    players = draw(st.integers(2, 6 if classic else 8))
    rounds = tuple(draw(st.lists(st.integers(1, 3), min_size=1, max_size=2)))
    if classic:
        return king.Config(players=players, edition=king.Edition.CLASSIC, rounds=rounds)
    rascal = draw(st.booleans())
    return king.Config(
        players=players, rounds=rounds, loot=draw(st.booleans()), kraken=draw(st.booleans()),
        white_whale=draw(st.booleans()), pirate_abilities=draw(st.booleans()),
        scoring=king.Scoring.RASCAL if rascal else king.Scoring.STANDARD,
        cannonball=rascal and draw(st.booleans()), round_bonus=draw(st.booleans()))


queen_configs = st.builds(
    queen.Config, players=st.integers(2, 6), rounds=st.just(1),
    set_aside_center_pair=st.booleans(), set_aside_center_specials=st.booleans())


def check_game(config: Any, seed: int) -> None:
    game = load_game(config)
    engine = GAMES[game.skullgames_game.name]
    space = engine.action_space(config)
    assert game.config == config
    rng = random.Random(seed)
    state = game.new_initial_state()
    moves = 0
    size = game.information_state_tensor_size()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1)
            assert all(config.deck[a] == config.deck[config.deck.index(config.deck[a])]
                       for a, _ in outcomes)
            state.apply_action(rng.choices(*zip(*outcomes, strict=True))[0])
            continue
        seat = state.current_player()
        seen = engine.observe(state.engine, seat)
        legal = state.legal_actions()
        assert legal == sorted(space.index(m) for m in engine.legal_moves(state.engine))
        assert legal == list(space.legal_indices(seen))
        for viewer in range(config.players):
            tensor = state.information_state_tensor(viewer)
            assert len(tensor) == size
            # One filled slot per move so far, every slot after them empty.
            assert sum(tensor[game_slot(game, k)] for k in range(game.max_game_length())) == moves
        if moves % 7 == 0:
            copy = game.deserialize_state(state.serialize())
            assert str(copy) == str(state)
            assert copy.information_state_string(seat) == state.information_state_string(seat)
        state.apply_action(rng.choice(legal))
        moves += 1
    assert moves <= game.max_game_length()
    assert state.returns() == [float(s) for s in engine.scores(state.engine)]
    lowest, highest = engine.score_bounds(config)
    assert all(lowest <= r <= highest for r in state.returns())


def game_slot(game: Any, k: int) -> int:
    """Where slot ``k``'s filled flag is in the information state tensor."""
    from skullgames.rl.openspiel._game import _setup

    layout = _setup(game.skullgames_game.name, game.config).history
    total: int = game.information_state_tensor_size()
    return total - layout.size + layout.hands_size + k * layout.slot_size


@settings(max_examples=12)
@given(config=king_configs(), seed=st.integers(0, 2**32))
def test_random_king_games_through_pyspiel(config: king.Config, seed: int) -> None:
    check_game(config, seed)


@settings(max_examples=6)
@given(config=queen_configs, seed=st.integers(0, 2**32))
def test_random_queen_games_through_pyspiel(config: queen.Config, seed: int) -> None:
    check_game(config, seed)
