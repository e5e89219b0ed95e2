"""Playing Skull King: new games, legal moves, and applying moves.

>>> from skullgames.king import Bid, apply, current_player, legal_moves, new_game
>>> state = new_game(seed=7)
>>> current_player(state), legal_moves(state)
(1, (Bid(0), Bid(1)))
>>> state = apply(state, Bid(1))
>>> current_player(state)
2
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs

from skullgames._shuffle import shuffled_positions
from skullgames.errors import IllegalMoveError
from skullgames.king.cards import ALL_CARDS, Card, Kind, interned
from skullgames.king.config import Config
from skullgames.king.moves import Bid, Deal, Move, Play
from skullgames.king.scoring import round_breakdown
from skullgames.king.state import Phase, RoundResult, State
from skullgames.king.tricks import SuitState, TrickResult, next_suit, resolve

__all__ = [
    "apply",
    "current_player",
    "is_over",
    "legal_moves",
    "new_game",
    "replay",
    "scores",
    "winners",
]

_BIDS: dict[int, tuple[Bid, ...]] = {}


def _plays_of(c: Card) -> tuple[Play, ...]:
    if c.kind is Kind.TIGRESS:
        return (Play(c, as_pirate=True), Play(c, as_pirate=False))
    return (Play(c),)


# Hands hold only the interned cards, so the plays of a card are found by its id: hashing
# a Card (attrs hashes its enum fields) would cost more than the rest of legal_moves.
_PLAYS: dict[int, tuple[Play, ...]] = {id(c): _plays_of(c) for c in map(interned, ALL_CARDS)}


def _bids_upto(n: int) -> tuple[Bid, ...]:
    bids = _BIDS.get(n)
    if bids is None:
        bids = _BIDS[n] = tuple(Bid(i) for i in range(n + 1))
    return bids


def new_game(config: Config | None = None, *, seed: int | None = None,
             auto_deal: bool = True) -> State:
    """Start a game.

    With ``auto_deal=True`` every round is dealt from ``seed``; a seed of ``None`` draws
    one and records it in the state, so that any game can be replayed. With
    ``auto_deal=False`` the state waits at each deal for a :class:`Deal` move.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3), seed=11)
    >>> state.seed, state.hands
    (11, ((card('B4'),), (card('Y4'),), (card('Y10'),)))
    >>> king.new_game(auto_deal=False).phase
    <Phase.DEAL: 'deal'>
    """
    config = Config() if config is None else config
    if not isinstance(config, Config):
        raise TypeError(f"config must be a skullgames.king.Config, not {type(config).__name__}")
    if seed is None and auto_deal:
        seed = random.randrange(2**63)
    if seed is not None and type(seed) is not int:
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    n = config.players
    state = State(
        config=config, seed=seed, auto_deal=auto_deal, phase=Phase.DEAL, round_index=0,
        dealer=0, deal=None, hands=((),) * n, undealt=(), bids=(None,) * n,
        tricks_won=(0,) * n, leader=1 % n, to_move=None, trick=(),
        suit_state=SuitState.OPEN, lead_suit=None, tricks=(), totals=(0,) * n, rounds=(),
    )
    if auto_deal:
        return _start_round(state, *_seeded_deal(config, seed, 0))  # type: ignore[arg-type]
    return state


def seeded_deal(config: Config, seed: int, round_index: int) -> Deal:
    """The deal of round ``round_index`` (from 0) in a game seeded with ``seed``."""
    return _seeded_deal(config, seed, round_index)[0]


def _seeded_deal(config: Config, seed: int, round_index: int
                 ) -> tuple[Deal, tuple[Card, ...]]:
    deck = config.deck  # in canonical order, so sorting positions sorts cards
    order = shuffled_positions(f"skullgames.king:{seed}:{round_index}", len(deck))
    size = config.hand_sizes[round_index]
    hands = tuple(
        tuple([deck[i] for i in sorted(order[seat * size:(seat + 1) * size])])
        for seat in range(config.players)
    )
    dealt = config.players * size
    ghost: tuple[Card, ...] = ()
    if config.has_ghost:
        ghost, dealt = tuple([deck[i] for i in order[dealt:dealt + size]]), dealt + size
    return Deal(hands, ghost), tuple([deck[i] for i in sorted(order[dealt:])])


def current_player(state: State) -> int | None:
    """The seat to move, or ``None`` when the game is over or waits for a deal.

    >>> from skullgames import king
    >>> king.current_player(king.new_game(seed=7))
    1
    >>> print(king.current_player(king.new_game(auto_deal=False)))
    None
    """
    return state.to_move


def is_over(state: State) -> bool:
    """True once the last round has been scored.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=2, rounds=(1,)), seed=3)
    >>> for move in ["bid 1", "bid 0", "P10", "Y1"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> king.is_over(state)
    True
    """
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's running total.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=2, rounds=(1, 2)), seed=3)
    >>> for move in ["bid 1", "bid 0", "P10", "Y1"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> king.scores(state)
    (10, 20)
    """
    return state.totals


def winners(state: State) -> tuple[int, ...]:
    """The seats with the highest total; several on a tie, all winners (DECISIONS K14).

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=2, rounds=(1,)), seed=3)
    >>> for move in ["bid 1", "bid 1", "P10", "Y1"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> king.scores(state), king.winners(state)
    ((-10, 20), (1,))
    """
    best = max(state.totals)
    return tuple(seat for seat, total in enumerate(state.totals) if total == best)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, in a fixed order; empty when the game is over or waits for a deal.

    Bids come in increasing order. Plays come in the order of the hand (suits, then
    specials, see :attr:`State.hands`), each card once, the Tigress first as a pirate
    then as an escape.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3, rounds=(3,)), auto_deal=False)
    >>> state = king.apply(state, king.parse_move("deal Y3 Y9 ESC | Y12 G5 TIG | B2 G7 MER"))
    >>> king.legal_moves(state)
    (Bid(0), Bid(1), Bid(2), Bid(3))
    >>> for move in ["bid 1", "bid 1", "bid 1", "Y12"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> king.legal_moves(state)
    (Play(card('G7')), Play(card('B2')), Play(card('MER')))
    """
    phase = state.phase
    if phase is Phase.PLAY:
        hand = state.hands[state.to_move]  # type: ignore[index]
        if state.suit_state is SuitState.SET:
            lead = state.lead_suit
            for c in hand:
                if c.suit is lead:
                    return _distinct_plays(c for c in hand if c.suit is lead or c.suit is None)
        return _distinct_plays(hand)
    if phase is Phase.BID:
        return _bids_upto(len(state.deal.hands[0]))  # type: ignore[union-attr]
    return ()


def _distinct_plays(cards: Iterable[Card]) -> tuple[Play, ...]:
    moves: list[Play] = []
    previous = None
    for c in cards:
        if c is not previous:  # hands are sorted and cards interned: copies are adjacent
            moves.extend(_PLAYS[id(c)])
            previous = c
    return tuple(moves)


def apply(state: State, move: Move) -> State:
    """Return the state after ``move``; ``state`` itself is unchanged.

    Raises :class:`~skullgames.IllegalMoveError` saying why when the move is not legal.

    >>> from skullgames import king
    >>> state = king.new_game(seed=7)
    >>> after = king.apply(state, king.Bid(1))
    >>> after.bids, state.bids
    ((None, 1, None, None), (None, None, None, None))
    """
    phase = state.phase
    if phase is Phase.PLAY:
        if type(move) is not Play:
            raise IllegalMoveError(f"cards are being played, {move!r} is not a Play")
        return _apply_play(state, move)
    if phase is Phase.BID:
        if type(move) is not Bid:
            raise IllegalMoveError(f"the players are bidding, {move!r} is not a Bid")
        return _apply_bid(state, move)
    if phase is Phase.DEAL:
        if type(move) is not Deal:
            raise IllegalMoveError(f"the game waits for a Deal, not {move!r}")
        return _start_round(state, *_checked_deal(state.config, state.round_index, move))
    raise IllegalMoveError("the game is over")


def _apply_bid(state: State, move: Bid) -> State:
    n = move.n
    cards = len(state.deal.hands[0])  # type: ignore[union-attr]
    if type(n) is not int or not 0 <= n <= cards:
        raise IllegalMoveError(f"a bid is 0 to {cards} this round, not {n!r}")
    seat: int = state.to_move  # type: ignore[assignment]
    bids = state.bids[:seat] + (n,) + state.bids[seat + 1:]
    players = state.config.players
    following = (seat + 1) % players
    if following == (state.dealer + 1) % players:  # every seat has bid: play begins
        return _replace(state, bids=bids, phase=Phase.PLAY, to_move=state.leader)
    return _replace(state, bids=bids, to_move=following)


def _apply_play(state: State, move: Play) -> State:
    seat: int = state.to_move  # type: ignore[assignment]
    hand = state.hands[seat]
    played = move.card
    try:
        index = hand.index(played)
    except ValueError:
        raise IllegalMoveError(f"{played} is not in your hand ({_cards(hand)})") from None
    lead = state.lead_suit
    if state.suit_state is SuitState.SET and played.suit is not None and played.suit is not lead:
        follow = [c for c in hand if c.suit is lead]
        if follow:
            raise IllegalMoveError(
                f"must follow {lead.label}: you hold {_cards(follow)}"  # type: ignore[union-attr]
            )
    config = state.config
    hands = state.hands
    hands = hands[:seat] + (hand[:index] + hand[index + 1:],) + hands[seat + 1:]
    trick = (*state.trick, (seat, move))
    suit_state, lead = next_suit(state.suit_state, lead, move, config.edition)
    players = config.players
    if len(trick) < players:
        # Written out in full: this is the commonest transition and keyword building costs.
        return State(config, state.seed, state.auto_deal, state.phase, state.round_index,
                     state.dealer, state.deal, hands, state.undealt, state.bids,
                     state.tricks_won, state.leader, (seat + 1) % players, trick, suit_state,
                     lead, state.tricks, state.totals, state.rounds)
    result = resolve(trick, config, lead)
    return _finish_trick(state, hands, result)


def _finish_trick(state: State, hands: tuple[tuple[Card, ...], ...], result: TrickResult
                  ) -> State:
    tricks_won = state.tricks_won
    winner = result.winner
    if winner is not None:
        tricks_won = tricks_won[:winner] + (tricks_won[winner] + 1,) + tricks_won[winner + 1:]
    leader: int = result.next_leader  # type: ignore[assignment]
    tricks = (*state.tricks, result)
    if hands[0]:
        return _replace(state, hands=hands, trick=(), suit_state=SuitState.OPEN, lead_suit=None,
                        tricks=tricks, tricks_won=tricks_won, leader=leader, to_move=leader)
    return _finish_round(_replace(state, hands=hands, trick=(), suit_state=SuitState.OPEN,
                                  lead_suit=None, tricks=tricks, tricks_won=tricks_won,
                                  leader=leader, to_move=None))


def _finish_round(state: State) -> State:
    config = state.config
    players = config.players
    bonuses = [0] * players
    alliances: list[tuple[int, int]] = []
    for trick in state.tricks:
        if trick.winner is not None:
            bonuses[trick.winner] += trick.bonus
        alliances.extend(trick.loot_alliances)
    bids: tuple[int, ...] = state.bids  # type: ignore[assignment]
    breakdown = round_breakdown(
        bids, state.tricks_won, cards_dealt=len(state.deal.hands[0]),  # type: ignore[union-attr]
        bonuses=bonuses, config=config, round_number=state.round_number,
        loot_alliances=alliances,
    )
    result = RoundResult(state.round_number, state.dealer, state.deal,  # type: ignore[arg-type]
                         bids, state.tricks, breakdown)
    totals = tuple(t + s.total for t, s in zip(state.totals, breakdown, strict=True))
    rounds = (*state.rounds, result)
    round_index = state.round_index + 1
    if round_index == len(config.hand_sizes):
        return _replace(state, phase=Phase.OVER, totals=totals, rounds=rounds)
    dealer = (state.dealer + 1) % players
    waiting = _replace(
        state, phase=Phase.DEAL, round_index=round_index, dealer=dealer, deal=None,
        hands=((),) * players, undealt=(), bids=(None,) * players, tricks_won=(0,) * players,
        leader=(dealer + 1) % players, to_move=None, tricks=(), totals=totals, rounds=rounds,
    )
    if state.auto_deal:
        return _start_round(waiting, *_seeded_deal(config, state.seed, round_index))  # type: ignore[arg-type]
    return waiting


def _start_round(state: State, deal: Deal, undealt: tuple[Card, ...]) -> State:
    config = state.config
    leader = (state.dealer + 1) % config.players
    return _replace(state, phase=Phase.BID, deal=deal, hands=deal.hands, undealt=undealt,
                    leader=leader, to_move=leader)


def _multiset(cards: Iterable[Card]) -> dict[Card, int]:
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return counts


def _checked_deal(config: Config, round_index: int, deal: Deal
                  ) -> tuple[Deal, tuple[Card, ...]]:
    """Check a caller's deal against the deck and the hand size; return it normalised."""
    size = config.hand_sizes[round_index]
    if len(deal.hands) != config.players:
        raise IllegalMoveError(f"deal {config.players} hands, not {len(deal.hands)}")
    if len(deal.ghost) != (size if config.has_ghost else 0):
        expected = f"{size} cards for Graybeard" if config.has_ghost else "no ghost hand"
        raise IllegalMoveError(f"this deal needs {expected}, not {len(deal.ghost)}")
    counts = _multiset(config.deck)
    for seat, hand in enumerate(deal.hands):
        if len(hand) != size:
            raise IllegalMoveError(f"round {round_index + 1} deals {size} cards; "
                                   f"seat {seat} got {len(hand)}")
    for c in (*(c for hand in deal.hands for c in hand), *deal.ghost):
        if not isinstance(c, Card):
            raise IllegalMoveError(f"{c!r} is not a card")
        if counts.get(c, 0) == 0:
            raise IllegalMoveError(f"{c} is dealt more often than the deck holds it")
        counts[c] -= 1
    hands = tuple(tuple(sorted([interned(c) for c in hand], key=_order)) for hand in deal.hands)
    undealt = tuple(interned(c) for c, left in counts.items() for _ in range(left))
    return Deal(hands, [interned(c) for c in deal.ghost]), undealt


def replay(config: Config, moves: Iterable[Move], *, seed: int | None = None) -> State:
    """Replay a game from its config and moves (``state.history``).

    With ``seed``, rounds are dealt from the seed and each :class:`Deal` in ``moves`` must
    match the seed's deal; without it, the deals in ``moves`` are used.

    >>> from skullgames import king
    >>> state = king.new_game(seed=7)
    >>> for move in ["bid 1", "bid 0", "bid 0", "bid 1", "P1"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> king.replay(state.config, state.history, seed=7) == state
    True
    >>> dealt_by_hand = king.replay(state.config, state.history)
    >>> dealt_by_hand.auto_deal, dealt_by_hand.hands == state.hands
    (False, True)
    """
    state = new_game(config, seed=seed, auto_deal=seed is not None)
    for move in moves:
        if type(move) is Deal and state.phase is not Phase.DEAL:
            if state.deal != _checked_deal(config, state.round_index, move)[0]:
                raise IllegalMoveError(f"round {state.round_number}: the deal differs from "
                                       "the seed's deal")
            continue
        state = apply(state, move)
    return state


_replace = attrs.evolve


def _order(c: Card) -> int:
    return c.order


def _cards(cards: Iterable[Card]) -> str:
    return ", ".join(map(str, cards))
