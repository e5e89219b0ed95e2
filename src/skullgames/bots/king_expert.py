"""Skull King's expert bot: :class:`~skullgames.bots.expert.ExpertSearch` for this game.

- **Worlds** come from :func:`~skullgames.bots.king.sample_world` (voids respected), with
  hidden bids guessed by :func:`~skullgames.bots.king.greedy_bid`.
- **Inference**, off by default (``inference=True``), weighs a world by the other seats'
  bids and plays this round: a bid is likely near what the seat's sampled hand is worth
  (:func:`bid_log_likelihood`, a discrete normal around
  :func:`~skullgames.bots.king.expected_tricks`), and a card is likely when it is the
  one the rule-of-thumb player would have played from the sampled hand it held then
  (:func:`play_log_likelihood`). Measured, it cost points (the bots page), so the
  expert samples its worlds as ``search`` does unless asked.
- **Bids are searched** against the rule of thumb's: every bid is played out in every
  world, the bot then playing to make it. The rule of thumb's bid
  (:func:`~skullgames.bots.king.greedy_bid`) is made unless another one's advantage
  over it in the same worlds is ``confidence`` (default 2) standard errors above zero: a
  bid's value is its mean less that margin (:meth:`ExpertBot.anchor`). The best of
  eleven means in a few dozen worlds is often best by luck, and chosen by mean alone
  they cost points against the rule of thumb's bids (the bots page).
- **Rollouts** play the round out with :func:`rollout_move` for every seat: the rule of
  thumb, but a seat that needs some of the tricks left (not all) leads a card strong
  enough rather than its strongest (:func:`rollout_play`). The other seats' bids in
  them are their real ones once shown, :func:`~skullgames.bots.king.greedy_bid` of
  their sampled hands before.
- **The objective**, off by default (``objective=True`` turns it on: it wins a little
  more often but was not shown to score more points, the bots page), values the round
  by the standings after it (``stake`` on finishing first), see
  :class:`~skullgames.bots.expert.ExpertSearch`.

>>> import random
>>> from skullgames import king
>>> from skullgames.bots.king_expert import ExpertBot
>>> state = king.new_game(king.Config(players=3), seed=4)
>>> bot = ExpertBot(random.Random(0), worlds=2)
>>> bot.choose(king.observe(state, 1)) in king.legal_moves(state)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from skullgames._mypyc import mypyc_attr
from skullgames.bots._pickled import Pickled
from skullgames.bots.expert import ExpertSearch
from skullgames.bots.king import (
    _greedy_play,
    _GreedyBidGuess,
    _played,
    _strength,
    expected_tricks,
    greedy_bid,
    sample_world,
)
from skullgames.bots.king_rollout import play_out
from skullgames.king.cards import Card, Suit, order_of
from skullgames.king.config import Config
from skullgames.king.game import _PLAYS, legal_moves
from skullgames.king.moves import Bid, Move, Play
from skullgames.king.observation import Observation
from skullgames.king.rules import SuitState, next_suit, playable
from skullgames.king.state import Phase, State

__all__ = [
    "BID_SPREAD",
    "LEAD_STRENGTH",
    "PLAY_TRUST",
    "ExpertBot",
    "bid_log_likelihood",
    "play_log_likelihood",
    "rollout_move",
    "rollout_play",
]

BID_SPREAD = 1.2
"""How far (in tricks) a seat's bid strays from what its hand is worth, in the model."""

PLAY_TRUST = 0.5
"""How often, in the model, a seat plays the rule of thumb's card (else any legal card)."""


def bid_log_likelihood(bid: int, hand: Sequence[Card], config: Config) -> float:
    """The log chance of ``bid`` from ``hand``: a normal around its worth, over 0..len.

    >>> from skullgames.king import Config, card
    >>> from skullgames.bots.king_expert import bid_log_likelihood
    >>> strong = [card("SK"), card("ROSIE"), card("B14")]
    >>> weak = [card("ESC"), card("Y2"), card("G3")]
    >>> bid_log_likelihood(3, strong, Config()) > bid_log_likelihood(3, weak, Config())
    True
    """
    worth = expected_tricks(hand, config)
    logs = [-((b - worth) ** 2) / (2 * BID_SPREAD ** 2) for b in range(len(hand) + 1)]
    top = max(logs)
    # A list, as in expected_tricks: CPython's own sum() in both builds.
    return logs[bid] - top - math.log(sum([math.exp(v - top) for v in logs]))


@mypyc_attr(serializable=True)  # held by ExpertBot, which is copied and pickled
class _Evidence(Pickled):
    """One play of another seat this round, with what the seat knew then."""

    __slots__ = ("bid", "chances", "later", "lead", "play", "seat", "trick", "won")


    def __init__(self, seat: int, play: Play, trick: tuple[tuple[int | None, Play], ...],
                 lead: Suit | None, bid: int, won: int, later: tuple[Card, ...]) -> None:
        self.seat = seat
        self.play = play
        self.trick = trick
        self.lead = lead
        self.bid = bid
        self.won = won
        self.later = later
        # play_log_likelihood by the cards the seat could play: worlds often agree on them.
        self.chances: dict[tuple[int, ...], float] = {}

    def log_likelihood(self, config: Config, hand: Sequence[Card]) -> float:
        """:func:`play_log_likelihood` of this play from ``hand``, once a set of choices."""
        cards = playable(sorted(hand, key=order_of), self.lead)
        key = tuple([c.order for c in cards])
        chance = self.chances.get(key)
        if chance is None:
            chance = self.chances[key] = play_log_likelihood(
                config, self.seat, self.play, cards, self.trick, self.lead, self.bid, self.won)
        return chance


def _evidence(observation: Observation) -> list[_Evidence]:
    """The other seats' plays this round, each with its trick so far, suit, bid and wins."""
    config = observation.config
    me = observation.seat
    if observation.phase is Phase.BID or config.pirate_abilities:
        return []  # no plays yet; or Bendt's draws change hands in ways not shown
    tricks = _played(observation)
    winners = [t.winner for t in observation.tricks]
    flat: list[tuple[int, int, Play]] = []  # (trick index, position, play) of seats
    for t, plays in enumerate(tricks):
        for i, (seat, play) in enumerate(plays):
            if seat is not None:
                flat.append((t, i, play))
    found: list[_Evidence] = []
    k = 0
    for t, plays in enumerate(tricks):
        suit_state, lead = SuitState.OPEN, None
        for i, (seat, play) in enumerate(plays):
            if seat is not None and seat != me:
                later = tuple(p.card for tt, ii, p in flat[k + 1:]
                              if tricks[tt][ii][0] == seat)
                bid = observation.bids[seat]
                won = sum(1 for w in winners[:t] if w == seat)
                found.append(_Evidence(seat, play, plays[:i], lead,
                                       0 if bid is None else bid, won, later))
            if seat is not None:
                k += 1
            suit_state, lead = next_suit(suit_state, lead, play, config, i == 0)
    return found


def play_log_likelihood(config: Config, seat: int, play: Play, hand: Sequence[Card],
                        trick: tuple[tuple[int | None, Play], ...], lead: Suit | None,
                        bid: int, won: int) -> float:
    """The log chance that ``seat``, holding ``hand``, played ``play`` to ``trick``.

    With chance :data:`PLAY_TRUST` it plays the rule of thumb's card, otherwise any legal
    card; a card it could not have played (not in ``hand``, or not following) has
    chance 0.
    """
    cards = playable(sorted(hand, key=order_of), lead)  # in the order of the hand
    if play.card not in cards:
        return -math.inf
    moves: list[Move] = []
    for c in dict.fromkeys(cards):
        moves.extend(_PLAYS[c.order])  # plays_of(c), the engine's: none built per world
    rule = _greedy_play(config, seat, moves, trick, bid, won)
    chance = (1 - PLAY_TRUST) / len(moves) + (PLAY_TRUST if rule == play else 0.0)
    return math.log(chance)


LEAD_STRENGTH = 0.3
"""The weakest card (by how hard it is to beat) that a seat in need of tricks leads."""


def rollout_play(config: Config, seat: int, moves: Sequence[Move],
                 trick: tuple[tuple[int | None, Play], ...], bid: int, won: int,
                 cards_left: int) -> Move:
    """The rollouts' play: the rule of thumb, but for a seat that leads needing tricks.

    Such a seat that needs fewer tricks than it has cards leads the weakest of its cards
    but the strongest that is still hard to beat (strength :data:`LEAD_STRENGTH` or
    more), keeping its strongest for later; the rule of thumb leads its strongest. As a
    player against the rule of thumb this is worth about +30 points a game (``skullgames
    match``, 2 v 2, 1,000 deals: +29.9, 95 % 26.5 to 33.4).
    """
    need = bid - won
    if not trick and 0 < need < cards_left:
        plays = [m for m in moves if type(m) is Play]
        if len(plays) > 1:
            ranked = sorted(plays, key=_strength, reverse=True)
            strong = [p for p in ranked[1:] if _strength(p) >= LEAD_STRENGTH]
            if strong:
                return strong[-1]
    return _greedy_play(config, seat, moves, trick, bid, won)


def rollout_move(state: State) -> Move:
    """The move of the seat to move in a rollout: :func:`rollout_play`'s.

    A bid is the rule of thumb's (:func:`~skullgames.bots.king.greedy_bid`); in the
    phases that options add, the first legal move, as the rule of thumb makes.
    """
    seat: int = state.to_move  # type: ignore[assignment]
    config = state.config
    if state.phase is Phase.BID:
        return Bid(greedy_bid(state.hands[seat], config))
    bid = state.bids[seat]
    return rollout_play(config, seat, legal_moves(state), state.trick,
                        0 if bid is None else bid, state.tricks_won[seat],
                        len(state.hands[seat]))


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class ExpertBot(ExpertSearch[Observation, Move, State]):
    """Skull King's expert: searched bids, rollouts, a budget.

    ``worlds`` (default 24) worlds are searched per decision; every legal move, bids
    included, is played out in each. ``inference=True`` draws each from ``pool``
    (default 3) samples weighed by the other seats' bids and plays (off by default: it
    cost points); ``objective=True`` adds a stake on finishing first to a round's points
    (off by default: not shown to score more). A bid other than the rule of thumb's is
    made only when its advantage is ``confidence`` (default 2) standard errors above zero;
    ``confidence=0`` bids by the best mean. ``seconds`` bounds a decision's time as well
    (:class:`~skullgames.bots.expert.ExpertSearch`).
    """

    stake = 60.0
    spread = 45.0

    def __init__(self, rng: random.Random | None = None, *, worlds: int = 24, pool: int = 3,
                 spite: float = 1.0, inference: bool = False, objective: bool = False,
                 seconds: float | None = None, confidence: float = 2.0) -> None:
        super().__init__(rng, worlds=worlds, pool=pool, spite=spite, inference=inference,
                         objective=objective, seconds=seconds)
        if not 0.0 <= confidence < math.inf:
            raise ValueError(f"confidence must be 0 or more and finite, not {confidence}")
        self.confidence = float(confidence)
        self._seen: tuple[Observation | None, list[_Evidence]] = (None, [])

    def standings(self, observation: Observation) -> tuple[Sequence[int], int]:
        """The totals before this round and the rounds after it."""
        return observation.totals, observation.config.round_count - observation.round_number

    def anchor(self, observation: Observation, moves: Sequence[Move]) -> int | None:
        """While bidding, the rule of thumb's bid (:func:`greedy_bid`); no anchor after."""
        if observation.phase is not Phase.BID:
            return None
        rule = Bid(greedy_bid(observation.hand, observation.config))
        return moves.index(rule) if rule in moves else None

    def has_evidence(self, observation: Observation) -> bool:
        """Whether the bids are shown: after the bidding."""
        return observation.phase is not Phase.BID

    def _evidence_of(self, observation: Observation) -> list[_Evidence]:
        """The other seats' plays this round, read once an observation for every world."""
        if self._seen[0] is not observation:
            self._seen = (observation, _evidence(observation))
        return self._seen[1]

    def sample(self, observation: Observation) -> State:
        """A deal consistent with ``observation``; hidden bids are :func:`greedy_bid`'s."""
        config = observation.config
        return sample_world(observation, self.rng,
                            guess_bid=_GreedyBidGuess(config))

    def log_likelihood(self, observation: Observation, world: State) -> float:
        """How likely the other seats' revealed bids and this round's plays are in ``world``."""
        if observation.phase is Phase.BID:
            return 0.0  # the bids are hidden until all are made
        config = observation.config
        deal = world.deal
        if deal is None:
            return 0.0
        dealt = deal.hands
        total = 0.0
        for seat, bid in enumerate(observation.bids):
            if seat != observation.seat and bid is not None:
                total += bid_log_likelihood(bid, dealt[seat], config)
        for e in self._evidence_of(observation):
            total += e.log_likelihood(config, [*world.hands[e.seat], e.play.card, *e.later])
        return total

    def round_points(self, world: State, move: Move) -> tuple[int, ...]:
        """The round's points after ``move``, every seat then playing :func:`rollout_move`."""
        return play_out(world, move, rollout_move, rollout_play).points
