"""Skull King and Skull Queen for OpenSpiel; importing this registers both games.

After ``import skullgames.rl.openspiel``, ``pyspiel.load_game`` knows
``python_skull_king`` and ``python_skull_queen`` (:data:`SHORT_NAMES`), and every
OpenSpiel algorithm that works on Python games runs on them. Needs the ``openspiel``
extra (``pip install "skullgames[openspiel]"``).

>>> import pyspiel
>>> from skullgames import king
>>> from skullgames.rl import openspiel
>>> game = openspiel.load_game(king.Config(players=2, rounds=(1, 2)))
>>> str(game) == str(pyspiel.load_game("python_skull_king", {"players": 2, "rounds": "1 2"}))
True
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 65)

**Parameters** are the fields of the game's ``Config``, each as an OpenSpiel scalar: see
:func:`parameters`. An unknown parameter is refused by pyspiel (``pyspiel.SpielError``);
a value the options refuse raises :class:`~skullgames.ConfigError`.

**Chance.** Each round's deal is chance nodes, one card each, as OpenSpiel's own
trick-taking games deal: the hands first, round robin from seat 0 (card ``k`` to seat
``k % players``), then Graybeard's or the Pirate King's face-down stack top card first
(two players), Skull Queen's face-up centre cards (four or six players), and with Skull
King's pirate abilities the top two undealt cards, the only ones Bendt the Bandit can
draw. Then the engine's ``Deal`` move is applied (games are made with
``auto_deal=False``). Chance action ``i`` deals ``deck(config)[i]`` (the game's ``Dealing``,
:attr:`skullgames.plugins.openspiel.Dealing.deck`); of equal cards (the
five escapes, two mermaids, two Loot) only the first index is an outcome, with the
probability of all the copies left, so ``max_chance_outcomes()`` is the deck's size.

**Actions** of the players are the indexes of the game's action space
(:func:`skullgames.king.action_space`, :func:`skullgames.queen.action_space`):
``num_distinct_actions()`` is its size and ``legal_actions()`` are ascending. A wrong
action raises :class:`~skullgames.IllegalMoveError` (out of range, not legal now, a
chance outcome that is no undealt card) and leaves the state as it was; ``-1`` is refused
by pyspiel itself. As in OpenSpiel's own games, ``legal_actions(seat)`` is ``[]`` for a
seat that is not to move (at a chance node too), and ``chance_outcomes()`` anywhere but
at a chance node raises :class:`~skullgames.IllegalMoveError`, which is also a
``pyspiel.SpielError``.

**Information.** The information state string of a seat is its observation at each of
its turns so far, then now: the first in full, each later one as the fields that
changed. It is built from ``observe`` alone, so it holds what the seat saw and nothing
more, with perfect recall. The observation string is the observation now (the finished
rounds left out). The tensors: the observation tensor is
:func:`skullgames.rl.encode` of the observation; the information state tensor is that
followed by the seat's own hand as dealt in each round (a count per distinct card of the
deck) and one slot per move the longest game can have: filled, hidden from the seat, the
mover's seat counted from the seat's (one-hot), and, unless hidden, the move by the words
of its notation (``"bid 3"``, ``"front 0 1 2 4"``: one-hot per word position over the
words that position takes in the action space). A bid, a Grapeshot or Cannonball and a
Skull Queen placement are hidden from the others until every seat has made one, Skull
Queen's face-down card until the trick is complete, Bendt the Bandit's discards always.

**Returns** are paid at the end (zeros before): ``RewardModel.TERMINAL``, general sum.
The game parameter ``reward`` says what they are, with the values the PettingZoo and
Gymnasium rewards of the same name add up to: ``"points"`` (the default), the final
scores; ``"scaled"``, the scores over the game's largest total spread over its rounds
(from ``score_bounds``); ``"result"``, +1 shared equally by the winners and -1 to the others.
``min_utility()`` and ``max_utility()`` follow from the ``score_bounds`` (-1 and 1 for
``"result"``).
``max_game_length()`` counts player moves (OpenSpiel leaves chance out).

A trained policy plays in any skullgames game loop as a :class:`PolicyBot`.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from skullgames.plugins import GameConfig
from skullgames.registry import GAMES, Game
from skullgames.rl.openspiel import _params
from skullgames.rl.openspiel._bot import PolicyBot
from skullgames.rl.openspiel._game import (
    SHORT_NAMES,
    SkullGame,
    SkullState,
    game_class,
    game_type,
    short_name,
)
from skullgames.rl.openspiel._resample import resample, resampler

__all__ = ["SHORT_NAMES", "PolicyBot", "SkullGame", "SkullState", "load_game", "parameters",
           "register_games", "resample", "resampler"]


def _game_of(config: object) -> Game[Any, Any, Any, Any]:
    for game in GAMES.values():
        if isinstance(config, game.Config):
            return game
    raise TypeError(f"expected the Config of a game of skullgames.GAMES, "
                    f"not {type(config).__name__}")


def parameters(config: GameConfig) -> dict[str, Any]:
    """The OpenSpiel parameters of a game's ``Config``: those that differ from the defaults.

    Every ``Config`` field is a parameter, derived from its default: a bool stays a bool,
    a whole number an int, an enum its value (``edition="classic"``), a tuple of numbers
    the numbers in brackets (``plank_values="[1 2 3 5 8]"``; a game string splits on
    commas and reads ``"3"`` as a number, so tuples are written this way, and the
    brackets may be left out when loading), a round plan a preset's name or its hand
    sizes (``rounds="[1 2]"``), and an option whose default is ``None`` (Skull Queen's
    ``rounds``, Skull King's ``hand_cap``) an int where 0 leaves it unset.

    >>> from skullgames import king, queen
    >>> from skullgames.rl.openspiel import parameters
    >>> parameters(king.Config(players=2, rounds=(1, 2), edition=king.Edition.CLASSIC))
    {'players': 2, 'edition': 'classic', 'rounds': '[1 2]'}
    >>> parameters(queen.Config(players=3))
    {'players': 3, 'rounds': 3}
    """
    return _params.parameters(config, _game_of(config))


def load_game(config: GameConfig, *, reward: str = "points") -> SkullGame:
    """The pyspiel game of a game's ``Config``: ``pyspiel.load_game`` with its parameters.

    ``reward`` is the game parameter of the same name (``"points"``, ``"scaled"``,
    ``"result"``: see **Returns** above).

    >>> from skullgames import queen
    >>> from skullgames.rl.openspiel import load_game
    >>> load_game(queen.Config(players=4)).num_distinct_actions()
    1300
    >>> load_game(queen.Config(players=4), reward="result").max_utility()
    1.0
    """
    game = _game_of(config)
    register_games()
    params = parameters(config)
    if reward != "points":
        params["reward"] = reward
    loaded: SkullGame = pyspiel.load_game(short_name(game), params)
    return loaded


def register_games() -> None:
    """Register every game of :data:`skullgames.GAMES` with pyspiel not registered yet.

    Importing this module registers the games there are then; call this again after
    registering a game (:func:`skullgames.register_game`).
    """
    registered = set(pyspiel.registered_names())
    for game in GAMES.values():
        if short_name(game) not in registered:
            pyspiel.register_game(game_type(game), game_class(game))


register_games()
