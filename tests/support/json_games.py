"""Random games of every rule option of both games, for the JSON tests (issue 14)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from skullgames import GAMES, king, queen


def king_config(rng: random.Random, players: int | None = None) -> king.Config:
    """Any Skull King rules: both editions, every option, every preset."""
    presets = sorted(king.ROUND_PRESETS)
    if players is None:
        players = rng.randint(2, 8)
    if players <= 6 and rng.random() < 0.2:
        return king.Config(players=players, edition=king.Edition.CLASSIC,
                           rounds=rng.choice(presets), round_bonus=rng.random() < 0.5)
    rascal = rng.random() < 0.5
    return king.Config(
        players=players, loot=rng.random() < 0.5, kraken=rng.random() < 0.5,
        white_whale=rng.random() < 0.5,
        scoring=king.Scoring.RASCAL if rascal else king.Scoring.STANDARD,
        cannonball=rascal and rng.random() < 0.5, pirate_abilities=rng.random() < 0.5,
        rounds=rng.choice(presets), round_bonus=not rascal and rng.random() < 0.5,
        kraken_leader=rng.choice(list(king.KrakenLeader)),
        whale_leader=rng.choice(list(king.WhaleLeader)),
        character_ends_choice=rng.random() < 0.5,
    )


def queen_config(rng: random.Random, players: int | None = None) -> queen.Config:
    """Any Skull Queen rules: every option, any plank values."""
    if players is None:
        players = rng.randint(2, 6)
    return queen.Config(
        players=players, rounds=rng.randint(1, players),
        plank_values=tuple(sorted(rng.randint(0, 9) for _ in range(5))),
        set_aside_center_pair=rng.random() < 0.5,
        set_aside_center_specials=rng.random() < 0.5,
    )


CONFIG_MAKERS = {"king": king_config, "queen": queen_config}


def random_game(name: str, seed: int, players: int | None = None) -> list[Any]:
    """Every state of a random game of game ``name`` under random rules."""
    game = GAMES[name]
    rng = random.Random(seed)
    state = game.new_game(CONFIG_MAKERS[name](rng, players), seed=seed)
    states = [state]
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        states.append(state)
    return states


def documents(name: str, seed: int, players: int | None = None, every: int = 1
              ) -> Iterator[tuple[type, Any]]:
    """``(type, value)`` of every kind of document in a random game: states, observations
    of every seat (of every ``every``-th position), moves, configs, trick and round
    results."""
    game = GAMES[name]
    states = random_game(name, seed, players)
    final = states[-1]
    yield game.Config, final.config
    yield game.State, states[len(states) // 2]
    yield game.State, final
    for i, state in enumerate(states):
        if i % every == 0:
            for seat in range(state.config.players):
                yield game.Observation, game.observe(state, seat)
    for move in final.history:
        yield game.Move, move
    for result in final.rounds:
        yield type(result), result
        for trick in result.tricks:
            yield type(trick), trick
