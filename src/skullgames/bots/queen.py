"""Skull Queen bots, and :func:`sample_world` for information-set search.

Three bots, weakest first, all seeing only ``observe(state, seat)``:

- :class:`RandomBot` plays a uniformly random legal move: a random side and random
  spaces when placing, a random legal card when playing.
- :class:`GreedyBot` places from its hand (:func:`greedy_place`: each pawn where the
  drift its cards of that colour are likely to give it ends high on the plank, on the
  side where that is worth most), then plays the card that does best for its plank if
  the trick ended now, less what the card would be worth later (:func:`greedy_play`).
- :class:`SearchBot` is a determinized Monte Carlo search over the cards it plays: it
  samples complete states consistent with what it has seen (:func:`sample_world`),
  plays each legal card in every sample, finishes the round with :class:`GreedyBot`'s
  rules for every seat, and keeps the card with the best average result. It places its
  pawns as :class:`GreedyBot` does.

>>> import random
>>> from skullgames import queen
>>> from skullgames.bots.queen import GreedyBot, sample_world
>>> state = queen.new_game(queen.Config(players=4), seed=3)
>>> view = queen.observe(state, 1)
>>> GreedyBot().choose(view) in view.legal_moves
True
>>> world = sample_world(view, random.Random(0))
>>> world.hands[1] == state.hands[1], len(world.hands[2]) == len(state.hands[2])
(True, True)
>>> queen.observe(world, 1) == view
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from skullgames._bot import Bot
from skullgames._mypyc import mypyc_attr
from skullgames.bots._base import RandomBot, checked_moves
from skullgames.bots._dealing import deal_out
from skullgames.bots._pickled import Pickled
from skullgames.bots.queen_rollout import play_out
from skullgames.bots.search import DeterminizedSearch
from skullgames.history import cells_of
from skullgames.queen.cards import ALL_CARDS, AYE_MAAM, QUICK_SNACK, Card, Color
from skullgames.queen.config import Config
from skullgames.queen.game import legal_moves
from skullgames.queen.moves import PLACES, Deal, Move, Place, Play, place_index
from skullgames.queen.observation import Observation
from skullgames.queen.rules import follows, placing_order, playable, trick_color
from skullgames.queen.scoring import Plank, Side, side_values
from skullgames.queen.state import (
    Dealing,
    Finished,
    Match,
    Phase,
    Placing,
    Playing,
    Round,
    State,
    Table,
)
from skullgames.queen.tricks import resolve

__all__ = [
    "GreedyBot",
    "QueenBot",
    "RandomBot",
    "SearchBot",
    "drift",
    "greedy_place",
    "greedy_play",
    "infer_voids",
    "sample_world",
]

QueenBot = Bot[Observation, Move]
"""The type of a Skull Queen bot."""

Trick = Sequence[tuple[int | None, Play]]

# --------------------------------------------------------------------------- placing


def _p_high(value: int) -> float:
    """Roughly how likely a card of this value is the highest of its colour in a trick."""
    return min(1.0, max(0.0, (value - 7) / 5))


def _p_low(value: int) -> float:
    """Roughly how likely a card of this value is the lowest of its colour in a trick."""
    return min(1.0, max(0.0, (6 - value) / 5))


def drift(hand: Iterable[Card]) -> tuple[float, float, float, float]:
    """The steps each pawn (red, yellow, green, blue) may expect from ``hand``; up is positive.

    Each card of a colour pushes its pawn up by its chance of being the highest card of
    the colour (none up to 7, then rising to certain at 12; twice as far for the 8),
    and down by its chance of being the lowest (certain at 1, none from 6; twice as far
    for the 5). The Monkey and the First Mate count for nothing: their colour is not
    known in advance.

    >>> from skullgames.bots.queen import drift
    >>> from skullgames.queen import card
    >>> drift([card("R12"), card("R11"), card("Y1"), card("MATE")])
    (1.8, -1.0, 0.0, 0.0)
    """
    steps = [0.0, 0.0, 0.0, 0.0]
    for c in hand:
        if c.color is None:
            continue
        v = c.value
        up = _p_high(v) * (2 if v == AYE_MAAM else 1)
        down = _p_low(v) * (2 if v == QUICK_SNACK else 1)
        steps[c.color_index] += up - down
    return (round(steps[0], 6), round(steps[1], 6), round(steps[2], 6), round(steps[3], 6))


_NOISE = ((-1, 0.25), (0, 0.5), (1, 0.25))


def _expected(values: Sequence[int], start: int, steps: float) -> float:
    """The expected points of a pawn put on ``start`` that drifts ``steps``, give or take one."""
    total = 0.0
    for noise, weight in _NOISE:
        end = round(start + steps + noise)
        if 0 <= end <= 4:
            total += weight * values[end]
    return total


def greedy_place(hand: Iterable[Card], config: Config) -> Place:
    """The placement :class:`GreedyBot` makes with ``hand``.

    For each side, each pawn goes on the space where it expects the most points once
    its :func:`drift` has moved it (give or take a step, a pawn pushed off scoring
    nothing); the side with the larger total is chosen.

    >>> from skullgames.bots.queen import greedy_place
    >>> from skullgames.queen import Config, card
    >>> greedy_place([card("R12"), card("R11"), card("R10"), card("Y2")], Config())
    Place(Side.FRONT, (2, 4, 3, 3))
    """
    steps = drift(hand)
    best: Place | None = None
    best_total = -1.0
    for side in Side:
        values = side_values(side, config.plank_values)
        spaces = []
        total = 0.0
        for d in steps:
            space, expected = _best_space(values, d)
            spaces.append(space)
            total += expected
        if total > best_total:
            best, best_total = Place(side, tuple(spaces)), total
    assert best is not None
    return PLACES[place_index(best)]


# (side values, drift) -> _best_space's answer. The expert's inference places every other
# seat's sampled hand; drifts repeat (sums of fifths), so each is rated once.
_BEST_SPACES: dict[tuple[tuple[int, ...], float], tuple[int, float]] = {}


def _best_space(values: tuple[int, ...], d: float) -> tuple[int, float]:
    """Where a pawn that drifts ``d`` expects the most (nearer the centre on a tie), and that."""
    key = (values, d)
    found = _BEST_SPACES.get(key)
    if found is None:
        rated = [(_expected(values, s, d), -abs(s - 2)) for s in range(5)]
        space = max(range(5), key=rated.__getitem__)
        found = (space, _expected(values, space, d))
        if len(_BEST_SPACES) < 100_000:  # a bound, never reached by real drifts
            _BEST_SPACES[key] = found
    return found


# --------------------------------------------------------------------------- playing


def _future(c: Card, plank: Plank, values: tuple[int, ...]) -> float:
    """What keeping ``c`` for later is worth to ``plank``: the gains of its likely moves."""
    if c.color is None:
        return 0.0
    space = plank.spaces[c.color_index]
    if space is None:
        return 0.0
    v = c.value
    up = 2 if v == AYE_MAAM else 1
    down = 2 if v == QUICK_SNACK else 1
    return _p_high(v) * _gain(values, space, up) + _p_low(v) * _gain(values, space, -down)


def _gain(values: Sequence[int], space: int, steps: int) -> int:
    end = space + steps
    if 0 <= end <= 4:
        return values[end] - values[space]
    return -values[space]


# side values -> _future of every card (by index) on every space (index * 5 + space): a
# rollout rates every legal card of every seat at every play, on one side or the other.
_FUTURES: dict[tuple[int, ...], tuple[float, ...]] = {}


def _futures(values: tuple[int, ...]) -> tuple[float, ...]:
    """:func:`_future` of each card on each space of a plank of ``values``, computed once."""
    table = _FUTURES.get(values)
    if table is None:
        table = tuple([_future(c, Plank(Side.FRONT, (space,) * 4), values)
                       for c in ALL_CARDS for space in range(5)])
        if len(_FUTURES) < 1_000:
            _FUTURES[values] = table
    return table


def greedy_play(config: Config, seat: int, moves: Sequence[Move], trick: Trick,
                center: Sequence[Card], planks: Sequence[Plank]) -> Move:
    """The card :class:`GreedyBot` plays among ``moves`` (the rule of thumb).

    Each legal card is scored by what the trick would do to the seat's plank if it
    ended with that card (the cards played so far and the centre count), less a third of
    what the card is worth kept for later (a high card of a colour whose pawn may still
    climb, say); the best score is played, the lower card on a tie.
    """
    if len(moves) == 1:
        return moves[0]
    plank = planks[seat]
    values = side_values(plank.side, config.plank_values)
    now = plank.points(config.plank_values)
    board = tuple(planks)
    best: Move = moves[0]
    best_score = -1e9
    colored = any(play.card.color is not None for _, play in trick)
    futures = _futures(values)
    for move in moves:
        assert isinstance(move, Play)  # the moves of the play phase
        c = move.card
        score = 0.0
        if colored or c.color is not None:
            result = resolve((*trick, (seat, move)), center, board)
            after: Plank = result.planks[seat]  # type: ignore[index]
            if after is not plank:  # the same plank scores the same: no change
                score = float(after.points(config.plank_values) - now)
        future = 0.0
        if c.color is not None:
            space = plank.spaces[c.color_index]
            if space is not None:
                future = futures[c.index * 5 + space]  # _future(c, plank, values)
        score -= future / 3
        if score > best_score + 1e-9:
            best, best_score = move, score
    return best



# --------------------------------------------------------------------------- bots


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class GreedyBot(Pickled):
    """Places by :func:`greedy_place` and plays by :func:`greedy_play`.

    Deterministic; the ``rng`` argument is accepted for a uniform interface.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose(self, observation: Observation) -> Move:
        """Place the pawns where the hand should leave them high; play for the plank."""
        moves = checked_moves(observation)
        if observation.phase is Phase.PLACE:
            return greedy_place(observation.hand, observation.config)
        return greedy_play(observation.config, observation.seat, moves, observation.trick,
                           observation.center, observation.planks)


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class SearchBot(DeterminizedSearch[Observation, Move, State]):
    """Determinized Monte Carlo search over the cards to play.

    For each legal card it averages, over ``worlds`` sampled states (:func:`sample_world`,
    the same samples for every card), the result of the round after playing it with
    every seat then playing :class:`GreedyBot`'s rules. The result of a round is the
    bot's own points minus ``spite`` times the average of the others' points. Placements
    (1,250 of them) are not searched: it places as :class:`GreedyBot` does. The search
    is :class:`~skullgames.bots.search.DeterminizedSearch`'s.
    """

    def __init__(self, rng: random.Random | None = None, *, worlds: int = 4,
                 spite: float = 0.5) -> None:
        super().__init__(rng, worlds=worlds, spite=spite)

    def without_search(self, observation: Observation) -> Move | None:
        """A placement is :func:`greedy_place`'s; cards are searched."""
        if observation.phase is Phase.PLACE:
            return greedy_place(observation.hand, observation.config)
        return None

    def sample(self, observation: Observation) -> State:
        """A state consistent with ``observation``; hidden placements are greedy ones."""
        config = observation.config
        return sample_world(observation, self.rng,
                            guess_place=_GreedyPlaceGuess(config))

    def round_points(self, world: State, move: Move) -> tuple[int, ...]:
        """The round's points after ``move``, every seat then playing :class:`GreedyBot`.

        Played out by :func:`~skullgames.bots.queen_rollout.play_out`.
        """
        return play_out(world, move, greedy_play).points


def _policy(state: State) -> Move:
    """:class:`GreedyBot`'s card for the seat to move, read straight from a state."""
    seat: int = state.to_move  # type: ignore[assignment]
    return greedy_play(state.config, seat, legal_moves(state), state.trick, state.center,
                       state.planks)



# --------------------------------------------------------------------------- sampling


def infer_voids(config: Config, tricks: Iterable[Trick]) -> dict[int, frozenset[Color]]:
    """The colours each seat is known to lack, from the tricks of a round.

    A seat that played a card of another colour while a trick colour was set holds none
    of that colour for the rest of the round. The Monkey and the First Mate may always
    be played, so they reveal nothing. With two players the trick colour is the Pirate
    King's card's (none when it is a Monkey or First Mate); otherwise it is set by the
    first coloured card. Seats without a known void are absent.

    >>> from skullgames.bots.queen import infer_voids
    >>> from skullgames.queen import Config, Play, card
    >>> trick = [(0, Play(card("Y5"))), (1, Play(card("B2"))), (2, Play(card("MONKEY"))),
    ...          (3, Play(card("Y9")))]
    >>> infer_voids(Config(players=4), [trick])
    {1: frozenset({<Color.YELLOW: 'Y'>})}
    """
    voids: dict[int, set[Color]] = {}
    for plays in tricks:
        plays = tuple(plays)
        for i, (seat, play) in enumerate(plays):
            color = trick_color(plays[:i])
            if seat is not None and color is not None and not follows(play.card, color):
                voids.setdefault(seat, set()).add(color)
    return {seat: frozenset(colors) for seat, colors in voids.items()}


class _GreedyPlaceGuess:
    """A hidden placement guessed as :func:`greedy_place` of the sampled hand (the searches')."""

    def __init__(self, config: Config) -> None:
        self.config = config

    def __call__(self, seat: int, hand: tuple[Card, ...]) -> Place:
        return greedy_place(hand, self.config)


# No closures in the sampling, as in bots/king.py: mypyc (2.4) released a variable a
# closure shared after a short-circuit that had not read it (docs/contributing.md).
class _RandomPlace:
    """A hidden placement guessed uniformly (``sample_world``'s default)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self, seat: int, hand: tuple[Card, ...]) -> Place:
        return self.rng.choice(PLACES)


def sample_world(observation: Observation, rng: random.Random, *,
                 guess_place: Callable[[int, tuple[Card, ...]], Place] | None = None) -> State:
    """A complete game state that seat ``observation.seat`` cannot tell from the real one.

    The seat's own hand, every card played, the centre, the cards set aside, the
    revealed placements, the planks and the scores are taken from the observation. The
    hidden cards (the other hands, the Pirate King's stack with two players, and the
    other captain's face-down card) are dealt at random from the cards the seat has not
    seen, so that each hand has its size in ``observation.hand_sizes`` and no seat holds
    a colour it failed to follow (:func:`infer_voids`). A face-down card is drawn among
    the cards its owner could legally have played from the sampled hand. Placements made
    but still hidden come from ``guess_place(seat, hand)``, by default uniformly from all
    1,250.

    The state is built directly: its ``deal`` is the sampled deal of this round, and its
    record starts with this round: its ``rounds`` are empty (an observation summarises
    the finished rounds, whose cards it does not keep) and its ``history`` is this
    round's moves, which the engine replays from the round's start to this state. It has
    no seed:
    at the end of the round it waits for a :class:`~skullgames.queen.Deal`.

    Raises ``ValueError`` for an observation no real game could produce.
    """
    o = observation
    config = o.config
    players = config.players
    me = o.seat
    phase = o.phase
    # An observation keeps summaries of the finished rounds, not their cards: the sample's
    # record starts with this round (no rounds, and this round's moves as its history).
    match = Match(config=config, seed=None, auto_deal=False, totals=o.totals, rounds=())
    if phase not in (Phase.PLACE, Phase.PLAY):
        if phase is Phase.DEAL:
            return Dealing(match=match, log=None, round_index=o.round_number - 1,
                           dealer=o.dealer)
        return Finished(match=match, log=None, round_index=o.round_number - 1, dealer=o.dealer)
    to_move = o.to_move
    if to_move is None:
        raise ValueError("an observation of a round in progress has a seat to move")

    tricks: list[Trick] = [t.plays for t in o.tricks]
    if o.trick:
        tricks.append(o.trick)
    played: dict[int | None, list[Card]] = {}
    for plays in tricks:
        for seat, play in plays:
            played.setdefault(seat, []).append(play.card)
    known = {c.index for c in o.hand}
    known.update(c.index for cs in played.values() for c in cs)
    known.update(c.index for c in (*o.center, *o.set_aside))
    known.update(c.index for t in o.tricks for c in t.center_before)
    unseen = [c for c in config.deck if c.index not in known]

    voids = infer_voids(config, tricks)
    face_down = set(o.face_down)
    sinks: list[int | None] = [s for s in range(players) if s != me]
    sizes = [o.hand_sizes[s] + (1 if s in face_down else 0) for s in sinks]  # type: ignore[index]
    if config.has_ghost:
        sinks.append(None)
        sizes.append(o.ghost_size)
    if sum(sizes) != len(unseen):
        raise ValueError(f"the {len(unseen)} unseen cards cannot fill hands of {sizes}")
    forbidden = [voids.get(s, frozenset()) if s is not None else frozenset() for s in sinks]
    parts = deal_out(unseen, sizes, forbidden, rng, _color)
    hidden = dict(zip(sinks, parts, strict=True))

    trick = o.trick
    for seat in o.face_down:  # the other captain's card, with two players
        hand = hidden[seat]
        chosen = rng.choice(playable(hand, o.trick_color)).card
        hand.remove(chosen)
        trick = (*trick, (seat, Play(chosen)))
        played.setdefault(seat, []).append(chosen)

    hands = tuple(o.hand if s == me else _sorted(hidden[s]) for s in range(players))
    dealt = tuple(_sorted([*hands[s], *played.get(s, ())]) for s in range(players))
    ghost: tuple[Card, ...] = ()
    ghost_deal: tuple[Card, ...] = ()
    if config.has_ghost:
        ghost = tuple(hidden[None])  # already in random order
        ghost_deal = (*played.get(None, ()), *ghost)
    start_center = o.tricks[0].center_before if o.tricks else o.center
    later = sum(len(t.set_aside) for t in o.tricks)
    start_aside = o.set_aside[:len(o.set_aside) - later]
    deal = Deal(dealt, _sorted([*start_aside, *start_center]), ghost_deal)

    placements = o.placements
    if phase is Phase.PLACE:
        guess = _RandomPlace(rng) if guess_place is None else guess_place
        has_placed = o.has_placed
        guessed: list[Place | None] = []
        for s, p in enumerate(placements):
            guessed.append(p if s == me or not has_placed[s] else guess(s, hands[s]))
        placements = tuple(guessed)
    round = Round(index=o.round_number - 1, dealer=o.dealer, deal=deal)
    placed = [p for s in placing_order(o.dealer, players) if (p := placements[s]) is not None]
    cards_played = [play for t in (*(t.plays for t in o.tricks), trick) for s, play in t
                    if s is not None]
    log = cells_of([deal, *placed, *cards_played])
    if phase is Phase.PLACE:
        return Placing(match=match, log=log, round=round, hands=hands, ghost=ghost,
                       center=o.center, set_aside=o.set_aside, placements=placements,
                       to_move=to_move)
    revealed = tuple([p for p in placements if p is not None])
    if len(revealed) != players:
        raise ValueError("an observation of the tricks shows every placement")
    table = Table(placements=revealed, planks=o.planks, tricks=o.tricks, leader=o.leader,
                  ghost=ghost, center=o.center, set_aside=o.set_aside)
    return Playing(match=match, log=log, round=round, table=table, hands=hands, trick=trick,
                   trick_color=o.trick_color, to_move=to_move)


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_index))


def _index(c: Card) -> int:
    return c.index


def _color(c: Card) -> Color | None:
    return c.color
