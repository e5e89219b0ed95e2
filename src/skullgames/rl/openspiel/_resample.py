"""Worlds a seat cannot tell from the real one: OpenSpiel's ``resample_from_infostate``.

Information-set search (OpenSpiel's ``ISMCTSBot``) plays out worlds drawn from what the
seat to move knows. :func:`resample` draws one as a new :class:`SkullState`, made as any
state is made, by applying actions to a new game:

- the actions of the finished rounds as they were (a round's deal is dealt afresh, so
  they tell nothing about the rounds to come);
- this round's deal drawn by the bots' ``sample_world`` from the seat's observation (the
  other hands, Graybeard's stack, the undealt cards, each hand's size kept and no seat
  holding a suit or colour it failed to follow), as chance outcomes;
- this round's moves, the hidden ones (bids, Cannonball choices and placements still
  face down, Skull Queen's face-down card) drawn uniformly among those the world allows.

The seat's information state and observation are the same in the world as in the real
game, a test checks it over random games; the world's ``history()``, its other seats'
views and its tensors are those of the world, never the real game's hidden cards.
Skull King's pirate abilities are left out: the moves they make (Rosie's leader, Bendt's
discards, ...) are not all in a seat's observations, so the bots' worlds have no history
to replay.
"""

from __future__ import annotations

import contextlib
import operator
import random
import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from skullgames.errors import ConfigError, IllegalMoveError
from skullgames.rl.openspiel._deals import not_resampled

if TYPE_CHECKING:  # _game imports this module: its states have resample_from_infostate
    from skullgames.rl.openspiel._game import SkullState

__all__ = ["resample", "resampler"]

# The state at the start of a real state's round, by the real state, with the actions
# that led there: a search resamples the same state again and again.
_ROUND_STARTS: weakref.WeakKeyDictionary[SkullState, tuple[tuple[int, ...], SkullState]]
_ROUND_STARTS = weakref.WeakKeyDictionary()


def resample(state: SkullState, player: int, rng: random.Random) -> SkullState:
    """A new state that ``player`` cannot tell from ``state``, drawn with ``rng``.

    ``state`` is unchanged. At the end of the game the world is ``state``'s copy. Raises
    :class:`~skullgames.ConfigError` for Skull King with pirate abilities, and
    :class:`~skullgames.IllegalMoveError` for a ``player`` that is no seat.
    """
    setup = getattr(state, "_setup", None)
    if setup is None or not hasattr(state, "_progress"):
        raise TypeError(f"resample takes a state of a skullgames pyspiel game, not "
                        f"{type(state).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng: a random.Random, not {type(rng).__name__}")
    config = setup.config
    refusal = not_resampled(setup.game, config)
    if refusal is not None:
        raise ConfigError(refusal)
    player = _seat(player, config.players)
    if state.is_terminal():
        end: SkullState = state.clone()
        return end
    world: SkullState = _round_start(state).clone()
    progress = state._progress
    if state.is_chance_node():  # the cards dealt so far are nobody's yet
        for _ in progress.dealing:
            outcomes = world.chance_outcomes()
            world.apply_action(_draw(outcomes, rng))
        return world
    sampled = setup.game.sample_world(setup.game.observe(progress.engine, player), rng)
    moves = sampled.history  # this round's: its deal, then the moves that led to it
    plan = setup.plans[len(progress.deals) - 1]
    outcome = setup.outcome
    for card in plan.dealt(moves[0]):
        world.apply_action(outcome[card])
    index = setup.space.index
    for move in moves[1:]:
        world.apply_action(index(move))
    return world


def resampler(rng: random.Random | None = None) -> Callable[[SkullState, int], SkullState]:
    """A resampler for OpenSpiel's Python ``ISMCTSBot.set_resampler``: seeded worlds.

    ``rng`` (a new ``random.Random`` by default) draws every world, so a search with a
    seeded ``rng`` and a seeded bot repeats exactly.
    """
    draw = random.Random() if rng is None else rng
    return lambda state, player: resample(state, player, draw)


def _seat(player: object, players: int) -> int:
    """``player`` as a seat (any integer type, numpy's too), or an error saying why not."""
    seat = None
    if not isinstance(player, bool):
        with contextlib.suppress(TypeError):
            seat = operator.index(player)  # type: ignore[arg-type]
    if seat is None or not 0 <= seat < players:
        raise IllegalMoveError(f"player: a seat 0 to {players - 1}, not {player!r}")
    return seat


def _round_start(state: SkullState) -> SkullState:
    """A new state replayed up to the first chance outcome of ``state``'s round."""
    history = state.history()
    rounds = len(state._progress.deals) - (0 if state.is_chance_node() else 1)
    known = _ROUND_STARTS.get(state)
    # A state changes in place as actions apply: the round it was in may be over.
    if (known is not None and len(known[1]._progress.deals) == rounds
            and tuple(history[:len(known[0])]) == known[0]):
        return known[1]
    start: SkullState = state.get_game().new_initial_state()
    setup = state._setup
    outcomes = sum(plan.cards for plan in setup.plans[:rounds])
    done = 0
    for action in history:
        if start.is_chance_node():
            if done == outcomes:
                break
            done += 1
        start.apply_action(action)
    _ROUND_STARTS[state] = (tuple(history[:len(start.history())]), start)
    return start


def _draw(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """One chance outcome, by its probability."""
    actions = [a for a, _ in outcomes]
    return rng.choices(actions, weights=[p for _, p in outcomes])[0]
