"""Pictures of the table: an SVG of a game as a player sees it, for both games.

:func:`table` draws a state or an observation: the hands (or card backs for the hands a
seat may not see), the trick in play with who played what, the bids (hidden until
revealed), the tricks won and the scores; in Skull Queen the centre cards and every
seat's plank with its pawns. States and observations also draw themselves in Jupyter
(``_repr_svg_``). Only the standard library is used.

>>> from skullgames import king, svg
>>> picture = svg.table(king.new_game(seed=7), seat=0)
>>> picture.startswith("<svg"), "seat 0 (you)" in picture
(True, True)
"""

from __future__ import annotations

from typing import Any

from skullgames._registered import game_of_value
from skullgames.plugins import GameObservation, GameState
from skullgames.registry import Game, game_named

__all__ = ["table"]


def table(state_or_observation: GameState | GameObservation, *, seat: int | None = None,
          game: str | Game[Any, Any, Any, Any] | None = None) -> str:
    """An SVG picture of the table, as text.

    For an observation, the picture shows what its seat sees: its own hand face up and
    the other hands as card backs, bids and placements only as the observation reveals
    them. For a state, every hand is face up, unless ``seat`` is given: then the picture
    is that seat's view (``observe(state, seat)``). The picture is drawn by the game's
    entry (its ``svg`` part); ``game`` (a name in :data:`skullgames.GAMES` or an entry)
    chooses it, by default the first game whose ``State`` or ``Observation`` the value is.

    >>> from skullgames import queen, svg
    >>> state = queen.new_game(queen.Config(players=3), seed=2)
    >>> "Skull Queen" in svg.table(state), svg.table(queen.observe(state, 1)).count('class="back"')
    (True, 28)
    >>> svg.table("a state")
    Traceback (most recent call last):
    ...
    TypeError: expected a game's State or Observation, not str
    """
    if game is None:
        game = _game_of(state_or_observation)
    elif isinstance(game, str):
        game = game_named(game)
    if not isinstance(state_or_observation, (game.State, game.Observation)):
        raise TypeError(f"expected a {game.title} State or Observation, "
                        f"not {type(state_or_observation).__name__}")
    value: Any = state_or_observation
    if seat is not None:
        if isinstance(value, game.Observation):
            if seat != value.seat:
                raise ValueError(f"this observation is seat {value.seat}'s, not seat {seat}'s")
        else:
            value = game.observe(value, seat)
    drawn: str = game.part("svg")(value, game)
    return drawn


def _game_of(value: object) -> Game[Any, Any, Any, Any]:
    game: Game[Any, Any, Any, Any] | None = game_of_value(value)
    if game is not None:
        return game
    raise TypeError(f"expected a game's State or Observation, not {type(value).__name__}")

