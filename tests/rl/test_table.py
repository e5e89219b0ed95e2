"""The environments' table of every seat's tensor (issue 13's speed): the fields say who
sees them truly, so one array holds every seat's tensor; and the moves written as
changes keep every seat's tensor equal to ``rl.encode`` of its observation."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

import skullgames.rl as rl  # noqa: E402
from skullgames import GAMES, king, queen  # noqa: E402
from skullgames.rl._table import Table  # noqa: E402
from skullgames.rl.pettingzoo import raw_env  # noqa: E402
from skullgames.rl.tensors import encoder_for  # noqa: E402
from tests.support.king.configs import every_option  # noqa: E402
from tests.support.queen.configs import configs as queen_configs  # noqa: E402


def check_scattered(name: str, config: Any, seed: int) -> None:
    """At every state of a random game, the table made from every seat's tensor gives
    each seat its own tensor back: where two seats read one value they agree on it."""
    game = GAMES[name]
    table = Table(encoder_for(name, config), config.players)
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    while True:
        vectors = [rl.encode(game.observe(state, seat)) for seat in range(config.players)]
        table.scatter(vectors)
        for seat, vector in enumerate(vectors):
            assert table.vector(seat).tobytes() == vector.tobytes(), (seat, state.phase)
        if game.is_over(state):
            return
        state = game.apply(state, rng.choice(game.legal_moves(state)))


@settings(max_examples=15, deadline=None)
@given(config=every_option(), seed=st.integers(0, 2**32))
def test_king_fields_say_who_sees_them(config: king.Config, seed: int) -> None:
    check_scattered("king", config, seed)


@settings(max_examples=10, deadline=None)
@given(config=queen_configs(), seed=st.integers(0, 2**32))
def test_queen_fields_say_who_sees_them(config: queen.Config, seed: int) -> None:
    check_scattered("queen", config, seed)


def test_a_field_seen_wrongly_is_caught() -> None:
    """The check above fails when a field's ``seen`` is wrong: the hand as a table field
    would show seat 0's hand to everyone."""
    config = king.Config(players=3, rounds=(2,))
    encoder = encoder_for("king", config)
    table = Table(encoder, config.players)
    hand = rl.observation_layout("king", config)["hand"]
    state = king.new_game(config, seed=1)
    vectors = [rl.encode(king.observe(state, seat)) for seat in range(3)]
    table.scatter(vectors)
    assert table.vector(1)[hand.slice].tolist() == vectors[1][hand.slice].tolist()
    # The same table built as if the hand were seen by all: the seats' hands collide.
    wrong = Table(encoder, config.players)
    wrong._perms = [np.arange(encoder.size, dtype=np.intp)] * 3
    wrong.scatter(vectors)
    assert wrong.vector(1)[hand.slice].tolist() != vectors[1][hand.slice].tolist()


CONFIGS = [
    pytest.param("king", king.Config(), id="king-4"),
    pytest.param("king", king.Config(players=2, rounds=(1, 2, 3)), id="king-2-graybeard"),
    pytest.param("king", king.Config(players=6, scoring=king.Scoring.RASCAL, cannonball=True,
                                     pirate_abilities=True, loot=True, kraken=True,
                                     white_whale=True, rounds=(4, 5, 6)), id="king-options"),
    pytest.param("queen", queen.Config(), id="queen-4"),
    pytest.param("queen", queen.Config(players=2), id="queen-2-ghost"),
    pytest.param("queen", queen.Config(players=6, rounds=2, set_aside_center_pair=True,
                                       set_aside_center_specials=True), id="queen-options"),
]


@pytest.mark.parametrize(("name", "config"), CONFIGS)
def test_every_seat_at_every_step(name: str, config: Any) -> None:
    """In the environment, after each move (most written as changes only), every seat's
    tensor is ``rl.encode`` of its observation: none is checked only now and then."""
    table = raw_env(name, config)
    rng = random.Random(5)
    for seed in (1, 2):
        table.reset(seed=seed)
        for agent in table.agent_iter():
            _, _, termination, truncation, _ = table.last()
            state = table.game_state
            for seat, other in enumerate(table.possible_agents):
                expected = rl.encode(table.game.observe(state, seat))
                seen = table.observe(other)["observation"]
                assert seen.tobytes() == expected.tobytes(), (other, state.phase)
            if termination or truncation:
                table.step(None)
                continue
            legal = table.game.legal_moves(state)
            table.step(table.actions.index(rng.choice(legal)))
            assert agent in table.possible_agents
