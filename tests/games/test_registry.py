"""Every game of ``skullgames.GAMES`` plays, saves and loads through the registry alone."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skullgames
from skullgames import GAMES, ConfigError, Game, from_json, to_json
from skullgames.bots import BOT_NAMES, make_bot
from skullgames.registry import game_named


def test_the_registry_holds_both_games_by_name_and_is_read_only() -> None:
    assert sorted(GAMES) == ["king", "queen"]
    assert all(name == game.name for name, game in GAMES.items())
    with pytest.raises(TypeError):
        GAMES["chess"] = GAMES["king"]  # type: ignore[index]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_entry_carries_its_games_own_types_and_verbs(name: str) -> None:
    game = GAMES[name]
    module = game.module
    assert module.__name__ == f"skullgames.{name}"
    for verb in ("new_game", "legal_moves", "apply", "current_player", "is_over", "scores",
                 "winners", "observe", "parse_move", "action_space", "score_bounds"):
        assert getattr(game, verb) is getattr(module, verb), verb
    for kind in ("Config", "State", "Observation"):
        assert getattr(game, kind) is getattr(module, kind), kind
    assert game.Move == module.Move
    assert game.format_name == f"skullgames.{name}/state"
    assert tuple(game.bots) == BOT_NAMES


def play_through_the_registry(game: Game[Any, Any, Any, Any], seed: int, choices: int
                              ) -> Any:
    """A random game of ``game``, every state saved and loaded back on the way."""
    rng = random.Random(choices)
    state = game.new_game(game.Config(), seed=seed)
    moves = 0
    while not game.is_over(state):
        seat = game.current_player(state)
        assert seat is not None
        legal = game.legal_moves(state)
        assert game.observe(state, seat).legal_moves == legal
        state = game.apply(state, rng.choice(legal))
        moves += 1
        if moves % 17 == 0:
            assert from_json(to_json(state), game.State) == state
    assert from_json(to_json(state), game.State) == state
    return state


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_games_of_every_registered_game_play_and_round_trip(seed: int, choices: int
                                                                   ) -> None:
    for game in GAMES.values():
        state = play_through_the_registry(game, seed, choices)
        assert len(game.scores(state)) == game.Config().players
        assert set(game.winners(state)) <= set(range(game.Config().players))


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("bot", BOT_NAMES)
def test_every_bot_of_every_game_is_made_through_the_registry(name: str, bot: str) -> None:
    game = GAMES[name]
    state = game.new_game(game.Config(players=3), seed=3)
    seat = game.current_player(state)
    assert seat is not None
    made = make_bot(name, bot, random.Random(1))
    assert made.choose(game.observe(state, seat)) in game.legal_moves(state)


def test_an_unknown_game_or_bot_is_refused_by_name() -> None:
    # Issue 35: the library's ConfigError (still a ValueError), naming the known ones.
    with pytest.raises(ConfigError, match="unknown game 'chess' \\(one of king, queen\\)"):
        game_named("chess")
    with pytest.raises(ConfigError, match="unknown game 'chess' \\(one of king, queen\\)"):
        make_bot("chess", "random", random.Random())
    for game in GAMES:
        with pytest.raises(ConfigError, match=f"unknown bot 'wizard' for {game} "
                                              f"\\(one of {', '.join(GAMES[game].bots)}\\)"):
            make_bot(game, "wizard", random.Random())
    assert issubclass(ConfigError, ValueError)


@pytest.mark.parametrize("rng", ["x", 7, None, object()])
def test_make_bot_wants_a_random_generator(rng: object) -> None:
    # Issue 35: make_bot(..., rng="x") was accepted and failed later, deep in the bot,
    # with an AttributeError. A wrong type is a TypeError naming the argument, at once.
    for game in GAMES:
        for bot in GAMES[game].bots:
            with pytest.raises(TypeError, match=r"^rng must be a random\.Random, not "):
                make_bot(game, bot, rng)  # type: ignore[call-overload]


def test_make_bot_wants_a_bot_name() -> None:
    with pytest.raises(TypeError, match=r"^name must be a bot's name \(str\), not list"):
        make_bot("king", ["random"], random.Random())  # type: ignore[call-overload]


def test_the_registry_is_the_top_level_name() -> None:
    assert skullgames.GAMES is GAMES
    assert "GAMES" in skullgames.__all__ and "Game" in skullgames.__all__


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_entry_pickles_and_copies_as_itself(name: str) -> None:
    """Issue 22 item 5: an entry holds its package, which made everything holding an
    entry (the environments) fail with ``cannot pickle 'module' object``."""
    game = GAMES[name]
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(game, protocol=protocol)) is game
    assert copy.deepcopy(game) is game
    assert copy.deepcopy({"game": game})["game"] is game
