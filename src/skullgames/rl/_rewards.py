"""The rewards every adapter gives: one ``reward=`` option, the same values everywhere.

- ``"points"``: the points of each round, raw as the score pad counts them, delivered
  on the step that scores the round; an episode's rewards add up to the seat's score.
- ``"scaled"``: the same points divided by ``max(|lowest|, |highest|)`` of the game's
  ``score_bounds(config)``, delivered per round: an episode's rewards add up to the
  seat's score over that scale, within [-1, 1]; 0 is still 0 points.
- ``"result"``: one reward at the end of the game: the winners (``game.winners``, all
  the seats tied for the best score) share +1 equally (``1/k`` each of ``k`` winners),
  every other seat gets -1; nothing before the end.

An illegal action that ends an episode (``illegal_action="terminate"``) costs the
offender :attr:`Rewards.penalty`: -1 in ``"scaled"`` and ``"result"``, and in
``"points"`` ``lowest - highest`` of the score bounds, so that its return is never
better than the worst game played out.
"""

from __future__ import annotations

from typing import Any

import attrs

from skullgames.errors import ConfigError

__all__ = ["REWARDS", "Rewards", "rewards_for"]

REWARDS = ("points", "scaled", "result")
"""The values of the ``reward=`` option, the default first."""


@attrs.frozen
class Rewards:
    """What one ``reward=`` option pays, for one game and config."""

    kind: str
    """``"points"``, ``"scaled"`` or ``"result"``."""
    game: Any
    """The registry entry of the game (``winners`` decides a result)."""
    scale: float
    """What a round's points are divided by (1 for points; 0 when no round pays)."""
    penalty: float
    """The reward of an illegal action that ends the episode."""
    bounds: tuple[float, float]
    """The lowest and highest return of an episode played out."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Rewards:
        return self  # immutable: a cloned state shares it

    @property
    def per_round(self) -> bool:
        """Whether each round's points are paid on the step that scores it."""
        return self.kind != "result"

    def of_points(self, points: int) -> float:
        """The reward of ``points`` scored in rounds (0 when only the end pays)."""
        if self.kind == "points":
            return float(points)
        if self.kind == "scaled":
            return points / self.scale
        return 0.0

    def at_end(self, state: Any) -> tuple[float, ...]:
        """What each seat gets at the end besides its rounds: the result, or nothing."""
        seats = len(state.totals)
        if self.kind != "result":
            return (0.0,) * seats
        winners = self.game.winners(state)
        share = 1.0 / len(winners)
        return tuple(share if seat in winners else -1.0 for seat in range(seats))

    def returns(self, state: Any) -> tuple[float, ...]:
        """Every seat's return of the finished game ``state``: its rewards added up."""
        if self.kind == "result":
            return self.at_end(state)
        return tuple(self.of_points(total) for total in self.game.scores(state))


def rewards_for(reward: str, game: Any, config: Any) -> Rewards:
    """The :class:`Rewards` of the option ``reward`` for ``game`` under ``config``.

    >>> from skullgames import GAMES, king
    >>> rewards = rewards_for("scaled", GAMES["king"], king.Config(players=3, rounds=(1,)))
    >>> king.score_bounds(rewards.game.Config(players=3, rounds=(1,)))
    (-10, 120)
    >>> rewards.of_points(60), rewards.bounds[1], rewards.penalty
    (0.5, 1.0, -1.0)
    """
    if reward not in REWARDS:
        raise ConfigError(f"reward: one of {', '.join(map(repr, REWARDS))}, not {reward!r}")
    lowest, highest = game.score_bounds(config)
    if reward == "points":
        return Rewards(reward, game, 1.0, float(lowest - highest),
                       (float(lowest), float(highest)))
    if reward == "scaled":
        scale = float(max(abs(lowest), abs(highest), 1))
        return Rewards(reward, game, scale, -1.0, (lowest / scale, highest / scale))
    return Rewards(reward, game, 0.0, -1.0, (-1.0, 1.0))
