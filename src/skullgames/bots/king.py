"""Skull King bots, and :func:`sample_world` for information-set search.

Three bots, weakest first, all seeing only ``observe(state, seat)``:

- :class:`RandomBot` plays a uniformly random legal move.
- :class:`GreedyBot` bids the tricks its cards are worth (:func:`expected_tricks`) and
  then plays to take exactly that many: while it needs tricks it wins with the cheapest
  card that does it, and once its bid is made it sheds its most dangerous card that
  loses.
- :class:`SearchBot` is a determinized Monte Carlo search: it samples complete games
  consistent with what it has seen (:func:`sample_world`), plays each of its legal moves
  in every sample, finishes the round with :class:`GreedyBot`'s rules for every seat, and
  keeps the move with the best average score for the round.

>>> import random
>>> from skullgames import king
>>> from skullgames.bots.king import GreedyBot, sample_world
>>> state = king.new_game(king.Config(players=4), seed=3)
>>> view = king.observe(state, 1)
>>> GreedyBot().choose(view) in view.legal_moves
True
>>> world = sample_world(view, random.Random(0))
>>> world.hands[1] == state.hands[1], len(world.hands[2]) == len(state.hands[2])
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from skullgames._bot import Bot
from skullgames._mypyc import mypyc_attr
from skullgames.bots._base import RandomBot, checked_moves
from skullgames.bots._dealing import deal_out
from skullgames.bots._pickled import Pickled
from skullgames.bots.king_rollout import play_out
from skullgames.bots.search import DeterminizedSearch
from skullgames.king.cards import ALL_CARDS, Card, Kind, Pirate, Suit, interned, order_of
from skullgames.king.config import Config
from skullgames.king.game import legal_moves
from skullgames.king.moves import Bid, Deal, Move, Play, Shot
from skullgames.king.observation import Observation
from skullgames.king.rules import SuitState, bidding_order, follows, next_suit
from skullgames.king.state import MoveLog, Phase, State
from skullgames.king.tricks import trick_winner

__all__ = [
    "GreedyBot",
    "KingBot",
    "RandomBot",
    "SearchBot",
    "expected_tricks",
    "greedy_bid",
    "infer_voids",
    "sample_world",
]

KingBot = Bot[Observation, Move]
"""The type of a Skull King bot."""

# --------------------------------------------------------------------------- strength


def _trick_odds(c: Card, players: int) -> float:
    """Roughly how likely ``c`` is to take a trick, for bidding."""
    kind = c.kind
    if kind is Kind.NUMBER:
        rank = c.rank
        # Fewer opponents, more number cards win; scaled around four players.
        scale = min(1.4, math.sqrt(4 / players))
        if c.suit is Suit.BLACK:
            return min(0.85, (0.05 + 0.05 * rank) * scale)
        return max(0.0, (rank - 8) * 0.09 * scale)
    return _SPECIAL_ODDS[kind]


_SPECIAL_ODDS = {
    Kind.SKULL_KING: 0.9, Kind.PIRATE: 0.8, Kind.TIGRESS: 0.75, Kind.MERMAID: 0.55,
    Kind.WHITE_WHALE: 0.25, Kind.KRAKEN: 0.0, Kind.ESCAPE: 0.0, Kind.LOOT: 0.0,
}


def expected_tricks(hand: Iterable[Card], config: Config) -> float:
    """A rule-of-thumb estimate of the tricks a hand takes: the sum of each card's odds.

    Specials count by what beats them (the Skull King most, then pirates, the Tigress,
    mermaids); number cards by rank, black ones more, and number cards count more with
    fewer players.

    >>> from skullgames.bots.king import expected_tricks
    >>> from skullgames.king import Config, card
    >>> round(expected_tricks([card("SK"), card("ROSIE"), card("Y3"), card("ESC")], Config()), 2)
    1.7
    """
    odds = _ODDS.get(config.players)
    if odds is None:
        odds = _ODDS[config.players] = tuple(_trick_odds(c, config.players) for c in _FACES)
    # A list: mypyc compiles sum() of a generator as its own loop, which adds floats as
    # CPython 3.11 does but not as 3.12 and later do; sum() of a list is CPython's own.
    return sum([odds[c.order] for c in hand])


# Each card's odds by its order, one table per number of players: bidding, the bids of
# every sampled world and the likelihoods of bids ask for them (4 % of a pure expert game).
_ODDS: dict[int, tuple[float, ...]] = {}


def greedy_bid(hand: Sequence[Card], config: Config) -> int:
    """The bid :class:`GreedyBot` makes with ``hand``: :func:`expected_tricks`, rounded."""
    return max(0, min(len(hand), round(expected_tricks(hand, config))))


_ROLE_STRENGTH = {
    Kind.SKULL_KING: 1.0, Kind.PIRATE: 0.85, Kind.MERMAID: 0.7, Kind.WHITE_WHALE: 0.3,
    Kind.KRAKEN: 0.05, Kind.ESCAPE: 0.0, Kind.LOOT: 0.0,
}


def _strength_of(c: Card, as_pirate: bool) -> float:
    """How hard a card is to beat in a trick (the Tigress as she is declared)."""
    if c.kind is Kind.NUMBER:
        return (0.45 if c.suit is Suit.BLACK else 0.0) + 0.03 * c.rank
    if c.kind is Kind.TIGRESS:
        return 0.85 if as_pirate else 0.0
    return _ROLE_STRENGTH[c.kind]


def _worth_of(c: Card) -> float:
    """What giving up the card costs: its strength, escapes a little (they save a bid)."""
    if c.kind is Kind.TIGRESS:
        return 0.85
    if c.kind in (Kind.ESCAPE, Kind.LOOT):
        return 0.15
    return _strength_of(c, False)


# Both, by the card's order (and the Tigress's declaration), read in every rollout play:
# 5 % of a pure expert game's time (cProfile) went to working them out again each time.
_FACES: Final = sorted(map(interned, ALL_CARDS), key=order_of)
assert [c.order for c in _FACES] == list(range(len(_FACES)))
_STRENGTHS: Final = tuple((_strength_of(c, False), _strength_of(c, True)) for c in _FACES)
_WORTHS: Final = tuple(_worth_of(c) for c in _FACES)


def _strength(play: Play) -> float:
    """How hard a play is to beat in a trick (the Tigress as she is declared)."""
    return _STRENGTHS[play.card.order][1 if play.as_pirate else 0]


def _worth(play: Play) -> float:
    """What giving up the card costs: its strength, escapes a little (they save a bid)."""
    return _WORTHS[play.card.order]


# _strongest and _least are loops rather than max() and min() with a key: compiled, a key
# function is called through Python's calling convention, once a play.
def _strongest(plays: Sequence[Play]) -> Play:
    """The play hardest to beat, the first of equals (``max(plays, key=_strength)``)."""
    best = plays[0]
    top = _strength(best)
    for play in plays:
        strength = _strength(play)
        if strength > top:
            best, top = play, strength
    return best


def _least(plays: Sequence[Play], *, worth: bool = False) -> Play:
    """The play easiest to beat, the first of equals (``min(plays, key=_strength)``).

    With ``worth``, the one that costs least to give up (``min(plays, key=_worth)``).
    """
    best = plays[0]
    least = _worth(best) if worth else _strength(best)
    for play in plays:
        value = _worth(play) if worth else _strength(play)
        if value < least:
            best, least = play, value
    return best


def _greedy_play(config: Config, seat: int, moves: Sequence[Move],
                 trick: tuple[tuple[int | None, Play], ...], bid: int, won: int) -> Move:
    """The rule-of-thumb play: take tricks while the bid needs them, else duck."""
    plays = [m for m in moves if type(m) is Play]
    if not plays:
        return moves[0]
    needs = bid > won
    if not trick:
        if needs:
            return _strongest(plays)
        return _least(plays)
    # The plays that would take the trick if nobody played after them, and the others.
    mine = len(trick)
    winning: list[Play] = []
    losing: list[Play] = []
    for play in plays:
        if trick_winner((*trick, (seat, play))) == mine:
            winning.append(play)
        else:
            losing.append(play)
    last = len(trick) == config.players - 1
    if needs:
        if not winning:
            return _least(plays, worth=True)
        if last:
            return _least(winning)
        safe = [p for p in winning if _strength(p) >= 0.5]
        return _least(safe) if safe else _strongest(winning)
    if losing:
        return _strongest(losing)
    return _strongest(winning) if last else _least(winning)


# --------------------------------------------------------------------------- bots


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class GreedyBot(Pickled):
    """Bids from card strength, then plays to take exactly its bid.

    Deterministic; the ``rng`` argument is accepted for a uniform interface.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose(self, observation: Observation) -> Move:
        """Bid :func:`greedy_bid`; then win cheaply while short of the bid, else duck."""
        moves = checked_moves(observation)
        seat = observation.seat
        if observation.phase is Phase.BID:
            return Bid(greedy_bid(observation.hand, observation.config))
        bid = observation.bids[seat]
        return _greedy_play(observation.config, seat, moves, observation.trick,
                            0 if bid is None else bid, observation.tricks_won[seat])


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class SearchBot(DeterminizedSearch[Observation, Move, State]):
    """Determinized Monte Carlo search over the rest of the round.

    For each move it averages, over ``worlds`` sampled deals (:func:`sample_world`, the
    same samples for every move), the score of the round after the move with every seat
    then playing :class:`GreedyBot`'s rules. Seats whose bids are still hidden are given
    :func:`greedy_bid` of their sampled hand. The value of a round is the bot's own
    points minus ``spite`` times the average of the others' points: with the default
    1.0 it plays for the lead, which wins more games than playing for its own points.
    The search is :class:`~skullgames.bots.search.DeterminizedSearch`'s.
    """

    def __init__(self, rng: random.Random | None = None, *, worlds: int = 8,
                 spite: float = 1.0) -> None:
        super().__init__(rng, worlds=worlds, spite=spite)

    def sample(self, observation: Observation) -> State:
        """A deal consistent with ``observation``; hidden bids are :func:`greedy_bid`'s."""
        config = observation.config
        return sample_world(observation, self.rng,
                            guess_bid=_GreedyBidGuess(config))

    def round_points(self, world: State, move: Move) -> tuple[int, ...]:
        """The round's points after ``move``, every seat then playing :class:`GreedyBot`."""
        # Every phase of the round (shots, abilities) is played out, until the game would
        # record the round: whatever phases the options add, the game says when it ends.
        return play_out(world, move, _policy, _greedy_rollout_play).points


def _policy(state: State) -> Move:
    """:class:`GreedyBot`'s move for the seat to move, read straight from a state."""
    seat: int = state.to_move  # type: ignore[assignment]
    config = state.config
    if state.phase is Phase.BID:
        return Bid(greedy_bid(state.hands[seat], config))
    bid = state.bids[seat]
    return _greedy_play(config, seat, legal_moves(state), state.trick,
                        0 if bid is None else bid, state.tricks_won[seat])


def _greedy_rollout_play(config: Config, seat: int, moves: Sequence[Move],
                         trick: tuple[tuple[int | None, Play], ...], bid: int, won: int,
                         cards_left: int) -> Move:
    """:func:`_policy`'s play in :func:`~skullgames.bots.king_rollout.play_out`'s terms."""
    return _greedy_play(config, seat, moves, trick, bid, won)



# --------------------------------------------------------------------------- sampling


def _played(observation: Observation) -> list[tuple[tuple[int | None, Play], ...]]:
    """The tricks of this round so far, the unfinished one last."""
    tricks: list[tuple[tuple[int | None, Play], ...]] = [t.plays for t in observation.tricks]
    if observation.trick:
        tricks.append(observation.trick)
    return tricks


def infer_voids(config: Config, tricks: Iterable[Sequence[tuple[int | None, Play]]]
                ) -> dict[int | None, frozenset[Suit]]:
    """The suits each seat is known to lack, from the tricks of a round.

    A seat that played a number card of another suit while a suit was to be followed
    holds none of that suit for the rest of the round (specials may always be played,
    so they reveal nothing). Seats without a known void are absent.

    >>> from skullgames.bots.king import infer_voids
    >>> from skullgames.king import Config, Play, card
    >>> trick = [(0, Play(card("Y5"))), (1, Play(card("B2"))), (2, Play(card("ESC")))]
    >>> infer_voids(Config(players=3), [trick])
    {1: frozenset({<Suit.YELLOW: 'Y'>})}
    """
    voids: dict[int | None, set[Suit]] = {}
    for plays in tricks:
        suit_state, lead = SuitState.OPEN, None
        for i, (seat, play) in enumerate(plays):
            # Graybeard (seat None) turns his top card and never has to follow (K10).
            if seat is not None and lead is not None and not follows(play.card, lead):
                voids.setdefault(seat, set()).add(lead)
            suit_state, lead = next_suit(suit_state, lead, play, config, i == 0)
    return {seat: frozenset(suits) for seat, suits in voids.items()}


def sample_world(observation: Observation, rng: random.Random, *,
                 guess_bid: Callable[[int, tuple[Card, ...]], int] | None = None) -> State:
    """A complete game state that seat ``observation.seat`` cannot tell from the real one.

    The seat's own hand, every card played, the bids it has seen and the scores are
    taken from the observation; the hidden cards (the other hands,
    Graybeard's stack, the undealt rest of the deck) are dealt at random from the cards
    the seat has not seen, so that each other hand has its size in
    ``observation.hand_sizes`` and no seat holds a suit it failed to follow
    (:func:`infer_voids`). Bids still hidden during the bidding come from
    ``guess_bid(seat, dealt_hand)``, by default uniformly from 0 to the cards dealt.
    With the pirates' abilities (K12), the undealt cards the seat saw with Juanita Jade
    stay undealt, on top in random order, but for those Bendt the Bandit has drawn since
    (in his hand until he discards: the ones the seat has seen since, and a random
    choice of the rest); and a seat's voids from before its own Bendt
    draw are dropped, since the cards it drew may be of any suit.

    The state is built directly from these parts: its ``deal`` is the sampled deal of
    this round, and its record starts with this round: its ``rounds`` are empty (an
    observation summarises the finished rounds, whose cards it does not keep) and its
    ``history`` is this round's moves, which the engine replays from the round's start to
    this state. It has no seed: at the end of the round it waits
    for a :class:`~skullgames.king.Deal`, which suits searches that look ahead to the end
    of the round. The sample is uniform among the consistent deals when no voids are
    known, and close to uniform otherwise.
    """
    config = observation.config
    players = config.players
    me = observation.seat
    phase = observation.phase

    if phase is Phase.DEAL:
        return _assemble(observation, None, ((),) * players, (), observation.bids)
    if phase is Phase.OVER:  # nobody moves again: the last deal as play revealed it
        played_by: dict[int | None, list[Card]] = {}
        for plays in _played(observation):
            for seat, play in plays:
                played_by.setdefault(seat, []).append(play.card)
        deal = Deal(tuple(tuple(played_by.get(seat, ())) for seat in range(players)),
                    ghost=tuple(played_by.get(None, ())))
        undealt = _without(config.deck, [c for cards in played_by.values() for c in cards])
        return _assemble(observation, deal, ((),) * players, undealt, observation.bids)

    tricks = _played(observation)
    played: dict[int | None, list[Card]] = {}
    for plays in tricks:
        for seat, play in plays:
            played.setdefault(seat, []).append(play.card)
    # Cards this seat knows the place of: its hand, its own discards (Bendt), and all played.
    unseen = _without(config.deck, [*observation.hand, *observation.discarded,
                                    *(c for p in played.values() for c in p)])
    # With Juanita Jade this seat saw which cards were undealt: they are still undealt
    # but for those Bendt the Bandit drew from the top since, which it cannot tell.
    undealt, drawn = _peeked(observation, unseen, rng)
    unseen = _without(unseen, undealt)
    voids = infer_voids(config, tricks)
    bendt = _bendt_draw(observation)
    if bendt is not None:  # the cards he drew may bring back a suit he failed to follow
        drawer, at = bendt
        voids[drawer] = infer_voids(config, tricks[at + 1:]).get(drawer, frozenset())
    # Cards known to be in a hand: those Bendt drew, seen with Juanita, until he discards.
    known: dict[int, tuple[Card, ...]] = {}
    pending = observation.pending
    if drawn and pending is not None and pending.pirate is Pirate.BENDT and pending.seat != me:
        known[pending.seat] = drawn
        unseen = _without(unseen, drawn)
    others = [s for s in range(players) if s != me]
    sizes = [observation.hand_sizes[s] - len(known.get(s, ())) for s in others]
    sinks: list[int | None] = list(others)
    if config.has_ghost:
        sinks.append(None)
        sizes.append(observation.cards_dealt - len(played.get(None, ())))
    sizes.append(len(unseen) - sum(sizes))  # the undealt rest takes anything
    forbidden = [voids.get(s, frozenset()) for s in sinks] + [frozenset()]
    parts = deal_out(unseen, sizes, forbidden, rng, _suit)

    hidden = dict(zip(sinks, parts, strict=False))
    hands = tuple(observation.hand if s == me else _sorted([*hidden[s], *known.get(s, ())])
                  for s in range(players))
    dealt = tuple(_sorted([*hands[s], *played.get(s, ())]) for s in range(players))
    ghost: tuple[Card, ...] = ()
    if config.has_ghost:
        ghost = tuple(hidden[None])
    bids = observation.bids
    if phase is Phase.BID:
        guess = _RandomBid(rng, observation.cards_dealt) if guess_bid is None else guess_bid
        has_bid = observation.has_bid
        bids = tuple(
            b if s == me or not has_bid[s] else guess(s, dealt[s])
            for s, b in enumerate(bids)
        )
    stock = (*undealt, *parts[-1])  # the rest in random order: Bendt draws from the top
    return _assemble(observation, Deal(dealt, (*played.get(None, ()), *ghost), stock), hands,
                     stock, bids, ghost)


# sample_world has no closure: mypyc (2.4) released a variable that a closure shared
# (the observation) after a short-circuit that had not read it, and the compiled build
# crashed (docs/contributing.md); its guesses are plain callables instead.
class _GreedyBidGuess:
    """A hidden bid guessed as :func:`greedy_bid` of the sampled hand (the searches' guess)."""

    def __init__(self, config: Config) -> None:
        self.config = config

    def __call__(self, seat: int, hand: tuple[Card, ...]) -> int:
        return greedy_bid(hand, self.config)


class _RandomBid:
    """A hidden bid guessed uniformly from 0 to the cards dealt (``sample_world``'s default)."""

    def __init__(self, rng: random.Random, cards: int) -> None:
        self.rng = rng
        self.cards = cards

    def __call__(self, seat: int, hand: tuple[Card, ...]) -> int:
        return self.rng.randint(0, self.cards)


def _assemble(o: Observation, deal: Deal | None, hands: tuple[tuple[Card, ...], ...],
              undealt: tuple[Card, ...], bids: tuple[int | None, ...],
              ghost: tuple[Card, ...] = ()) -> State:
    """The sampled world: ``o``'s public record with the sampled cards and bids."""
    config = o.config
    players = config.players
    me = o.seat
    phase = o.phase
    shots = tuple(
        s if s is not None or not o.has_shot[seat] else False  # a hidden choice: guess
        for seat, s in enumerate(o.shots)
    )
    discarded = tuple(o.discarded if seat == me else () for seat in range(players))
    peeked = tuple(o.undealt if seat == me else None for seat in range(players))
    log = MoveLog.of(_public_moves(o, None if phase is Phase.OVER else deal, bids, shots))
    return State.assemble(
        config=config, seed=None, auto_deal=False, phase=phase,
        round_index=o.round_number - 1, dealer=o.dealer, deal=deal, hands=hands,
        undealt=undealt, ghost=ghost, bids=bids, shots=shots, tricks_won=o.tricks_won,
        leader=o.leader, to_move=o.to_move, trick=o.trick, suit_state=o.suit_state,
        lead_suit=o.lead_suit, tricks=o.tricks, pending=o.pending, wagers=o.wagers,
        discarded=discarded, peeked=peeked, totals=o.totals, rounds=(), log=log,
    )


def _peeked(observation: Observation, unseen: Sequence[Card], rng: random.Random
            ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The undealt cards this seat saw with Juanita Jade, in two parts, as sampled.

    Those undealt still, in random order, and those Bendt the Bandit has drawn from the
    top of the stack since (K12). She shows which cards are undealt, not their order: the
    drawn ones are those of the look that the seat has seen since (not among ``unseen``,
    the cards it has not seen), and the rest of them a random choice.
    """
    peeked = observation.undealt
    if not peeked:
        return (), ()
    bendt = _bendt_draw(observation)
    juanita = next((i for i, t in enumerate(observation.tricks)
                    if t.winning_card is not None and t.winning_card.pirate is Pirate.JUANITA),
                   -1)
    if bendt is None or bendt[1] < juanita:
        undealt = list(peeked)
        rng.shuffle(undealt)
        return tuple(undealt), ()
    seen_since = _without(peeked, unseen)  # not where this seat has not looked: drawn
    maybe = list(_without(peeked, seen_since))
    guessed = rng.sample(maybe, max(0, min(2, len(peeked)) - len(seen_since)))
    undealt = list(_without(maybe, guessed))
    rng.shuffle(undealt)
    return tuple(undealt), (*seen_since, *guessed)


def _bendt_draw(observation: Observation) -> tuple[int, int] | None:
    """The seat that won a trick with Bendt the Bandit this round, and the trick's index.

    Winning it, the seat draws the top two undealt cards (K12), if any are left. ``None``
    without the pirates' abilities.
    """
    if not observation.config.pirate_abilities:
        return None
    for i, t in enumerate(observation.tricks):
        if (t.winning_card is not None and t.winning_card.pirate is Pirate.BENDT
                and t.winner is not None):
            return t.winner, i
    return None


def _public_moves(o: Observation, deal: Deal | None, bids: tuple[int | None, ...],
                  shots: tuple[bool | None, ...]) -> list[Move]:
    """The moves of this round that lead to what ``o`` shows, with ``deal`` for its deal.

    Pirate abilities' moves are not in an observation's records, so with that option
    the history of a sampled world leaves them out.
    """
    if deal is None:
        return []
    return _round_moves(deal, o.dealer, bids, shots, [*(t.plays for t in o.tricks), o.trick])


def _round_moves(deal: Deal, dealer: int, bids: Sequence[int | None],
                 shots: Sequence[bool | None], tricks: Iterable[Iterable[tuple[int | None, Play]]]
                 ) -> list[Move]:
    order = bidding_order(dealer, len(bids))
    moves: list[Move] = [deal]
    moves.extend(Bid(b) for seat in order if (b := bids[seat]) is not None)
    moves.extend(Shot(c) for seat in order if shots and (c := shots[seat]) is not None)
    moves.extend(play for plays in tricks for seat, play in plays if seat is not None)
    return moves


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=order_of))


def _without(deck: Sequence[Card], cards: Iterable[Card]) -> tuple[Card, ...]:
    """``deck`` less ``cards`` as multisets, in deck order."""
    # Counted by the card's order (equal cards have the same): an int key, where a Card
    # is hashed by a Python-level __hash__.
    counts: dict[int, int] = {}
    for c in cards:
        counts[c.order] = counts.get(c.order, 0) + 1
    rest = []
    for c in deck:
        key = c.order
        if counts.get(key, 0):
            counts[key] -= 1
        else:
            rest.append(c)
    return tuple(rest)


def _suit(c: Card) -> Suit | None:
    return c.suit
