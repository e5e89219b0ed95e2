"""The rewards every adapter gives: one ``reward=`` option, the same values everywhere.

- ``"points"``: the points of each round, raw as the score pad counts them, delivered
  on the step that scores the round; an episode's rewards add up to the seat's score.
- ``"scaled"``: the same points divided by the game's largest total spread over its
  rounds, ``max(|lowest|, |highest|) / rounds`` of the game's ``score_bounds(config)``
  and ``config.round_count``, delivered per round: an episode's rewards add up to the
  seat's score over that scale; 0 is still 0 points.
- ``"result"``: one reward at the end of the game: the winners (``game.winners``, all
  the seats tied for the best score) share +1 equally (``1/k`` each of ``k`` winners),
  every other seat gets -1; nothing before the end.

Why that scale: a learner's value estimates and gradients work best with rewards of about
1. Dividing by the whole game's bound (the earlier scale) made a Skull King round worth a few
hundredths and a standard game's returns about +/-0.07 (a few hundred points over 3,940),
while a Skull King round is worth tens of points and its last rounds hundreds. Over the
rounds, the scale is one round's share of the best total (394 points in the standard
four-player Skull King, 32 in Skull Queen): a round pays about 0.1 to 1, a game's return
is about -1 to 2 (its bounds are ``lowest / scale`` to ``highest / scale``: -1.4 to 10 in
standard Skull King, 0 to 4 in four-player Skull Queen).

An illegal action that ends an episode (``illegal_action="terminate"``) costs the
offender :attr:`Rewards.penalty`, worse than any legal step can pay and of the size of
the worst outcome, not many times it: ``lowest`` of the score bounds (the worst total a
game can come to) less one round's scale: ``lowest / scale - 1`` in ``"scaled"`` (-2.4 in
standard Skull King, -1 in Skull Queen), ``lowest - scale`` points in ``"points"`` (-944
and -32), and -1, a loss, in ``"result"``. Every round's points are at least ``lowest``
(each round's least is at most 0 and ``lowest`` adds them up), so the penalty is below
the reward of any legal step. It was ``lowest - highest`` points (-4,490 in
standard Skull King), some sixty times a round's points, which drowns every other reward.
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
    round_scale: float
    """The game's largest total spread over its rounds, in points: the penalty's unit."""
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
    (0.5, 1.0, -1.0833333333333333)
    >>> standard = rewards_for("scaled", GAMES["king"], king.Config())
    >>> standard.scale, standard.bounds, standard.penalty
    (394.0, (-1.3959390862944163, 10.0), -2.3959390862944163)
    >>> rewards_for("points", GAMES["king"], king.Config()).penalty
    -944.0
    """
    if reward not in REWARDS:
        raise ConfigError(f"reward: one of {', '.join(map(repr, REWARDS))}, not {reward!r}")
    lowest, highest = game.score_bounds(config)
    per_round = max(abs(lowest), abs(highest), 1) / config.round_count
    if reward == "points":
        return Rewards(reward, game, 1.0, per_round, float(lowest - per_round),
                       (float(lowest), float(highest)))
    if reward == "scaled":
        return Rewards(reward, game, per_round, per_round, lowest / per_round - 1.0,
                       (lowest / per_round, highest / per_round))
    return Rewards(reward, game, 0.0, per_round, -1.0, (-1.0, 1.0))
