"""The library's own games keep the contract of ``skullgames.plugins`` for the type checker.

mypy (``tests/static/test_static_checks.py`` runs it on the tests) checks each assignment
below: a game's state, observation, config, finished round and hidden move are each of
their protocol's type. At run time each value is also checked to have every attribute
its protocol names, under every option set.
"""

from __future__ import annotations

from typing import Any

import pytest

from skullgames import GAMES, king, queen
from skullgames.plugins import (
    GameConfig,
    GameObservation,
    GameState,
    HiddenMove,
    ScoredRound,
)
from tests.support.option_sets import every_option_set


def king_keeps_the_contract(config: king.Config, state: king.State,
                            observation: king.Observation, finished: king.RoundResult,
                            hidden: king.HiddenMove) -> list[object]:
    """Never called: mypy checks that each of Skull King's types is its protocol's."""
    values: list[object] = []
    as_config: GameConfig = config
    as_state: GameState = state
    as_observation: GameObservation = observation
    as_round: ScoredRound = finished
    as_hidden: HiddenMove = hidden
    values += [as_config, as_state, as_observation, as_round, as_hidden]
    return values


def queen_keeps_the_contract(config: queen.Config, state: queen.State,
                             observation: queen.Observation, finished: queen.RoundResult,
                             hidden: queen.HiddenMove) -> list[object]:
    """Never called: mypy checks that each of Skull Queen's types is its protocol's."""
    values: list[object] = []
    as_config: GameConfig = config
    as_state: GameState = state
    as_observation: GameObservation = observation
    as_round: ScoredRound = finished
    as_hidden: HiddenMove = hidden
    values += [as_config, as_state, as_observation, as_round, as_hidden]
    return values


def members(protocol: type) -> list[str]:
    return [name for name, value in vars(protocol).items() if isinstance(value, property)]


@pytest.mark.parametrize(("game", "name", "config"), every_option_set())
def test_every_value_has_what_its_protocol_names(game: str, name: str, config: Any) -> None:
    engine = GAMES[game]
    state = engine.new_game(config, seed=3)
    while not state.rounds:
        state = engine.apply(state, engine.legal_moves(state)[0])
    values = [(config, GameConfig), (state, GameState), (state.rounds[0], ScoredRound),
              (engine.observe(state, 0), GameObservation)]
    for value, protocol in values:
        assert [name for name in members(protocol) if not hasattr(value, name)] == []
