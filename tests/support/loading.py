"""Helpers shared by the tests of both games' loaders (``tests/*/test_load.py``)."""

from __future__ import annotations

import json
import random
from types import ModuleType
from typing import Any

from skullgames import Game, SerializationError, SkullgamesError, to_json
from skullgames._json import expect_parsed


def replayed(doc: dict[str, Any], game: ModuleType, config: Any) -> Any:
    """What ``new_game`` and ``apply`` make of a saved document's moves (all in notation):
    the state, or the loader's wording of the first error (its path, the move, the reason).

    The reference the loader is held to: it must give exactly this, state or message.
    """
    state = game.new_game(config, seed=doc["seed"], auto_deal=doc["auto_deal"])
    for i, text in enumerate(doc["moves"]):
        move = game.parse_move(text)
        if game.is_over(state):
            return f"$.moves[{i}]: a move after the end of the game"
        try:
            state = game.apply(state, move)
        except SkullgamesError as error:
            return f"$.moves[{i}]: {move}: {error}"
    return state


def load(doc: Any, codec: Any, game: Game[Any, Any, Any, Any]) -> Any:
    """The state that ``codec`` (a game's saved-state codec) replays ``doc`` into through
    ``game``, reading a move's text in any spelling ``game.parse_move`` reads."""
    return codec.replay(game, doc, "$",
                        lambda text, path: expect_parsed(game.parse_move, text, path))


def outcome(doc: Any, codec: Any, game: Game[Any, Any, Any, Any]) -> Any:
    """What :func:`load` gives: the state, or the text of the SerializationError (it holds
    the path)."""
    try:
        return load(doc, codec, game)
    except SerializationError as error:
        return str(error)


def saved(state: Any) -> dict[str, Any]:
    """The saved document of ``state``, as parsed JSON."""
    doc: dict[str, Any] = json.loads(to_json(state))
    return doc


def random_game(game: ModuleType, config: Any, seed: int, choices: int, *,
                auto_deal: bool = True) -> list[Any]:
    """Every state of a random game of ``game``; a game dealt by hand deals as the seed would."""
    rng = random.Random(choices)
    state = game.new_game(config, seed=seed, auto_deal=auto_deal)
    states = [state]
    while not game.is_over(state):
        if state.phase is game.Phase.DEAL:
            state = game.apply(state, game.seeded_deal(config, seed, state.round_index))
        else:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        states.append(state)
    return states


EDITS = ("replace", "delete", "swap", "insert", "repeat")
"""The one-move changes that ``edit_moves`` makes to a saved move list."""


def edit_moves(moves: list[Any], kind: str, i: int, j: int, text: str) -> None:
    """Change ``moves`` in place by one edit of ``EDITS``, at positions ``i`` (and ``j``)
    taken modulo its length; ``text`` is the move a replace or insert puts in."""
    if not moves:
        moves.append(text)
        return
    i, j = i % len(moves), j % len(moves)
    if kind == "replace":
        moves[i] = text
    elif kind == "delete":
        del moves[i]
    elif kind == "swap":
        moves[i], moves[j] = moves[j], moves[i]
    elif kind == "insert":
        moves.insert(i, text)
    else:
        moves.insert(i, moves[i])
