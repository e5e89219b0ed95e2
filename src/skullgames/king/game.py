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

import itertools
import operator
import random
from collections.abc import Iterable
from typing import Any

import attrs

from skullgames._shuffle import shuffled_positions
from skullgames.errors import IllegalMoveError
from skullgames.king.cards import ALL_CARDS, Card, Kind, Pirate, Suit, interned
from skullgames.king.config import Config
from skullgames.king.moves import (
    AdjustBid,
    Bid,
    ChooseLeader,
    Deal,
    Discard,
    Move,
    Play,
    Shot,
    Wager,
)
from skullgames.king.scoring import breakdown
from skullgames.king.state import MoveLog, Pending, Phase, RoundResult, State, new_state
from skullgames.king.tricks import Seat, SuitState, TrickResult, next_suit, resolve

__all__ = [
    "apply",
    "current_player",
    "is_over",
    "legal_moves",
    "new_game",
    "replay",
    "scores",
    "seeded_deal",
    "winners",
]

Hands = tuple[tuple[Card, ...], ...]


def _plays_of(c: Card) -> tuple[Play, ...]:
    if c.kind is Kind.TIGRESS:
        return (Play(c, as_pirate=True), Play(c, as_pirate=False))
    return (Play(c),)


# The plays of a card are found by its order, which is one per face: hashing a Card (attrs
# hashes its enum fields) would cost more than the rest of legal_moves, and even id(c) is
# a call, where c.order is a slot.
_PLAYS: dict[int, tuple[Play, ...]] = {c.order: _plays_of(c) for c in map(interned, ALL_CARDS)}
assert len(_PLAYS) == len(ALL_CARDS)
_BIDS = tuple(tuple(Bid(i) for i in range(n + 1)) for n in range(15))
_SHOTS = (Shot(False), Shot(True))
_WAGERS = (Wager(0), Wager(10), Wager(20))
_ADJUSTMENTS = (AdjustBid(-1), AdjustBid(0), AdjustBid(1))
# Graybeard plays the top card of his stack; his Tigress is always an escape (K10).
_GHOST_PLAY = {key: plays[-1] for key, plays in _PLAYS.items()}

# The enum members that every move compares with, bound once. In CPython 3.11, reading a
# member from its class (Phase.PLAY) goes through EnumType.__getattr__'s slow attribute
# hook and costs more than the rest of is_over.
_DEAL, _BID, _SHOT, _PLAY, _ABILITY, _OVER = (
    Phase.DEAL, Phase.BID, Phase.SHOT, Phase.PLAY, Phase.ABILITY, Phase.OVER)
_OPEN, _SET = SuitState.OPEN, SuitState.SET


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
        seed = random.randrange(2**53)  # every seed survives JavaScript (within 2**53 - 1)
    if seed is not None and type(seed) is not int:
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    n = config.players
    state = State(
        config=config, seed=seed, auto_deal=auto_deal, phase=Phase.DEAL, round_index=0,
        dealer=0, deal=None, hands=((),) * n, undealt=(), ghost=(), bids=(None,) * n,
        shots=(), tricks_won=(0,) * n, leader=1 % n, to_move=None, trick=(),
        suit_state=SuitState.OPEN, lead_suit=None, tricks=(), pending=None, wagers=(0,) * n,
        discarded=((),) * n, peeked=(None,) * n, totals=(0,) * n, rounds=(), log=None,
    )
    if seed is not None and auto_deal:
        return _start_round(state, *_seeded_deal(config, seed, 0))
    return state


def seeded_deal(config: Config, seed: int, round_index: int) -> Deal:
    """The deal of round ``round_index`` (from 0) in a game seeded with ``seed``."""
    return _seeded_deal(config, seed, round_index)[0]


def _seeded_deal(config: Config, seed: int, round_index: int) -> tuple[Deal, tuple[Card, ...]]:
    deck = config.deck  # in canonical order, so sorting positions sorts cards
    order = shuffled_positions(f"skullgames.king:{seed}:{round_index}", len(deck))
    size = config.hand_sizes[round_index]
    dealt = config.players * size
    hands = tuple([tuple([deck[i] for i in sorted(order[start:start + size])])
                   for start in range(0, dealt, size)])
    ghost: tuple[Card, ...] = ()
    if config.has_ghost:
        ghost, dealt = tuple([deck[i] for i in order[dealt:dealt + size]]), dealt + size
    # The stock records the order of the undealt cards, so that a replay of the recorded
    # deals draws the same cards for Bendt the Bandit.
    stock = tuple([deck[i] for i in order[dealt:]])
    return Deal(hands, ghost, stock), stock


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
    >>> state = king.new_game(king.Config(players=3, rounds=(1,)), auto_deal=False)
    >>> for move in ["deal Y1 | P10 | G3", "bid 1", "bid 0", "bid 0", "P10", "G3", "Y1"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> king.is_over(state)
    True
    """
    return state.phase is _OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's running total.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3, rounds=(1, 2)), auto_deal=False)
    >>> for move in ["deal Y1 | P10 | G3", "bid 1", "bid 0", "bid 0", "P10", "G3", "Y1"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> king.scores(state)
    (10, 20, 10)
    """
    return state.totals


def winners(state: State) -> tuple[int, ...]:
    """The seats with the highest total; several on a tie, all winners (DECISIONS K14).

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3, rounds=(1,)), auto_deal=False)
    >>> for move in ["deal Y1 | P10 | G3", "bid 1", "bid 1", "bid 0", "P10", "G3", "Y1"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> king.scores(state), king.winners(state)
    ((10, 20, -10), (1,))
    """
    best = max(state.totals)
    return tuple(seat for seat, total in enumerate(state.totals) if total == best)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, in a fixed order; empty when the game is over or waits for a deal.

    - Bids: ``Bid(0)`` up to the cards dealt.
    - Plays: in the order of the hand (suits, then specials), each card once, the
      Tigress first as a pirate, then as an escape.
    - Grapeshot then Cannonball; Rosie's leaders by seat; Bendt's discards as sorted card
      combinations; Rascal's wagers 0, 10, 20; Harry's adjustments -1, 0, +1.

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
    if phase is _PLAY:
        hand = state.hands[state.to_move]  # type: ignore[index]
        if state.suit_state is _SET:
            lead = state.lead_suit
            for c in hand:
                if c.suit is lead:  # must follow: only the lead suit and the specials
                    return _distinct_plays(hand, lead)
        return _distinct_plays(hand)
    if phase is _BID:
        return _BIDS[len(state.deal.hands[0])]  # type: ignore[union-attr]
    if phase is _SHOT:
        return _SHOTS
    if phase is _ABILITY:
        return _ability_moves(state, state.pending)  # type: ignore[arg-type]
    return ()


def _distinct_plays(cards: Iterable[Card], lead: Suit | None = None) -> tuple[Play, ...]:
    """The plays of ``cards``, each card once; with ``lead``, of that suit and specials only."""
    moves: list[Play] = []
    previous = None
    for c in cards:
        # Hands are sorted and cards interned: copies (all specials) are adjacent.
        if c is not previous and (lead is None or c.suit is lead or c.suit is None):
            moves += _PLAYS[c.order]
            previous = c
    return tuple(moves)


def _ability_moves(state: State, pending: Pending) -> tuple[Move, ...]:
    pirate = pending.pirate
    if pirate is Pirate.ROSIE:
        return tuple(ChooseLeader(seat) for seat in range(state.config.players))
    if pirate is Pirate.RASCAL:
        return _WAGERS
    if pirate is Pirate.HARRY:
        bid: int = state.bids[pending.seat]  # type: ignore[assignment]
        return tuple(m for m in _ADJUSTMENTS if 0 <= bid + m.delta <= state.cards_dealt)
    hand = state.hands[pending.seat]
    return tuple(Discard(cards) for cards in dict.fromkeys(
        itertools.combinations(hand, pending.drawn)))


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
    kind = type(move)
    if phase is _PLAY:
        if kind is not Play:
            raise IllegalMoveError(f"cards are being played, {move!r} is not a Play")
        return _apply_play(state, move)  # type: ignore[arg-type]
    if phase is _BID:
        if kind is not Bid:
            raise IllegalMoveError(f"the players are bidding, {move!r} is not a Bid")
        return _apply_bid(state, move)  # type: ignore[arg-type]
    if phase is _DEAL:
        if kind is not Deal:
            raise IllegalMoveError(f"the game waits for a Deal, not {move!r}")
        return _start_round(state, *_checked_deal(state.config, state.round_index, move))  # type: ignore[arg-type]
    if phase is _SHOT:
        if kind is not Shot:
            raise IllegalMoveError(f"the players choose Grapeshot or Cannonball, not {move!r}")
        return _apply_shot(state, move)  # type: ignore[arg-type]
    if phase is _ABILITY:
        return _apply_ability(state, move)
    raise IllegalMoveError("the game is over")


def _apply_bid(state: State, move: Bid) -> State:
    n = move.n
    cards = len(state.deal.hands[0])  # type: ignore[union-attr]
    if type(n) is not int or not 0 <= n <= cards:
        raise IllegalMoveError(f"a bid is 0 to {cards} this round, not {n!r}")
    seat: int = state.to_move  # type: ignore[assignment]
    bids = list(state.bids)
    bids[seat] = n
    config = state.config
    players = config.players
    following = (seat + 1) % players
    to_move: Seat
    phase, to_move = state.phase, following  # the next seat bids
    if following == (state.dealer + 1) % players:  # every seat has bid
        if config.cannonball:  # now the secret Grapeshot or Cannonball
            phase = _SHOT
        else:
            phase, to_move = _PLAY, state.leader
    # Written out in full, like _apply_play's transitions: keywords cost.
    return new_state(config, state.seed, state.auto_deal, phase, state.round_index,
                     state.dealer, state.deal, state.hands, state.undealt, state.ghost,
                     tuple(bids), state.shots, state.tricks_won, state.leader, to_move,
                     state.trick, state.suit_state, state.lead_suit, state.tricks,
                     state.pending, state.wagers, state.discarded, state.peeked,
                     state.totals, state.rounds, MoveLog((move, state.log)))


def _apply_shot(state: State, move: Shot) -> State:
    if type(move.cannonball) is not bool:
        raise IllegalMoveError(f"choose Shot(cannonball=True) or False, not {move!r}")
    seat: int = state.to_move  # type: ignore[assignment]
    shots = state.shots[:seat] + (move.cannonball,) + state.shots[seat + 1:]
    players = state.config.players
    following = (seat + 1) % players
    log = MoveLog((move, state.log))
    if following != (state.dealer + 1) % players:
        return _replace(state, shots=shots, to_move=following, log=log)
    return _replace(state, shots=shots, phase=_PLAY, to_move=state.leader, log=log)


def _apply_play(state: State, move: Play) -> State:
    seat: int = state.to_move  # type: ignore[assignment]
    hand = state.hands[seat]
    played = move.card
    for index, held in enumerate(hand):  # noqa: B007 (legal moves hold these very objects)
        if held is played:
            break
    else:
        try:
            index = hand.index(played)
        except ValueError:
            raise IllegalMoveError(f"{played} is not in your hand ({_cards(hand)})") from None
    lead = state.lead_suit
    suit_state = state.suit_state
    if suit_state is _SET and played.suit is not None and played.suit is not lead:
        for held in hand:
            if held.suit is lead:  # a card of the lead suit in hand: it must be followed
                follow = [c for c in hand if c.suit is lead]
                raise IllegalMoveError(
                    f"must follow {lead.label}: you hold {_cards(follow)}"  # type: ignore[union-attr]
                )
    config = state.config
    held_cards = list(state.hands)
    held_cards[seat] = hand[:index] + hand[index + 1:]
    hands = tuple(held_cards)
    trick = (*state.trick, (seat, move))
    if suit_state is _OPEN:
        suit_state, lead = next_suit(suit_state, lead, move, config, not state.trick)
    log = MoveLog((move, state.log))
    players = config.players
    if players == 2 and config.has_ghost:
        return _continue_with_ghost(state, hands, trick, suit_state, lead, log)
    if len(trick) < players:
        # Written out in full: this is the commonest transition and keywords cost.
        return new_state(config, state.seed, state.auto_deal, state.phase, state.round_index,
                         state.dealer, state.deal, hands, state.undealt, state.ghost,
                         state.bids, state.shots, state.tricks_won, state.leader,
                         (seat + 1) % players, trick, suit_state, lead, state.tricks,
                         state.pending, state.wagers, state.discarded, state.peeked,
                         state.totals, state.rounds, log)
    return _finish_trick(state, hands, state.ghost, resolve(trick, config, lead), log)


def _continue_with_ghost(state: State, hands: Hands, trick: tuple[tuple[Seat, Play], ...],
                         suit_state: SuitState, lead: object, log: MoveLog) -> State:
    """Two players and Graybeard (K10): he plays second after a human lead."""
    seat: int = state.to_move  # type: ignore[assignment]
    ghost = state.ghost
    if len(trick) == 1:
        play = _GHOST_PLAY[ghost[0].order]
        trick = (*trick, (None, play))
        ghost = ghost[1:]
        suit_state, lead = next_suit(suit_state, lead, play, state.config, False)  # type: ignore[arg-type]
    if len(trick) < 3:
        return _replace(state, hands=hands, ghost=ghost, trick=trick,
                            suit_state=suit_state, lead_suit=lead, to_move=1 - seat, log=log)
    return _finish_trick(state, hands, ghost, resolve(trick, state.config, lead), log)  # type: ignore[arg-type]


def _finish_trick(state: State, hands: Hands, ghost: tuple[Card, ...], result: TrickResult,
                  log: MoveLog) -> State:
    tricks_won = state.tricks_won
    winner = result.winner
    if winner is not None:
        won = list(tricks_won)
        won[winner] += 1
        tricks_won = tuple(won)
    last = not hands[0]
    leader = result.next_leader
    config = state.config
    # The commonest way a trick ends: the winner leads the next trick at once. Otherwise
    # the round ends, a pirate's ability waits, or Graybeard turns his card first.
    opens = not last and leader is not None and not config.pirate_abilities
    state = new_state(config, state.seed, state.auto_deal, state.phase, state.round_index,
                      state.dealer, state.deal, hands, state.undealt, ghost, state.bids,
                      state.shots, tricks_won, leader, leader if opens else None, (), _OPEN,
                      None, (*state.tricks, result), state.pending, state.wagers,
                      state.discarded, state.peeked, state.totals, state.rounds, log)
    if opens:
        return state
    if config.pirate_abilities and winner is not None:
        pirate = result.winning_card.pirate  # type: ignore[union-attr]
        if pirate is not None and (not last or pirate is Pirate.HARRY):
            return _use_ability(state, pirate, winner, last)
    if last:
        return _finish_round(state)
    return _open_trick(state, result.next_leader)


def _use_ability(state: State, pirate: Pirate, seat: int, last: bool) -> State:
    """A trick won with a named pirate (RESEARCH.md §3.8): use the ability now."""
    if pirate is Pirate.JUANITA:  # she looks at the undealt cards: nothing to decide
        peeked = state.peeked[:seat] + (state.undealt,) + state.peeked[seat + 1:]
        return _open_trick(_replace(state, peeked=peeked), state.leader)
    drawn = 0
    if pirate is Pirate.BENDT:  # he draws up to two now and then discards as many (K12)
        drawn = min(2, len(state.undealt))
        if drawn == 0:
            return _open_trick(state, state.leader)
        hand = tuple(sorted((*state.hands[seat], *state.undealt[:drawn]), key=_order))
        state = _replace(state, hands=state.hands[:seat] + (hand,) + state.hands[seat + 1:],
                             undealt=state.undealt[drawn:])
    return _replace(state, phase=Phase.ABILITY, pending=Pending(pirate, seat, drawn),
                        to_move=seat)


def _apply_ability(state: State, move: Move) -> State:
    pending: Pending = state.pending  # type: ignore[assignment]
    seat, pirate = pending.seat, pending.pirate
    expected = {Pirate.ROSIE: ChooseLeader, Pirate.BENDT: Discard, Pirate.RASCAL: Wager,
                Pirate.HARRY: AdjustBid}[pirate]
    if type(move) is not expected:
        raise IllegalMoveError(f"{pirate.full_name}'s ability waits: play a "
                               f"{expected.__name__}, not {move!r}")
    if move not in _ability_moves(state, pending):
        raise IllegalMoveError(_why_not(state, pending, move))
    state = _replace(state, phase=Phase.PLAY, pending=None, log=MoveLog((move, state.log)))
    leader = state.leader
    if type(move) is ChooseLeader:
        leader = move.seat
    elif type(move) is Wager:
        state = _replace(state, wagers=_add(state.wagers, seat, move.points))
    elif type(move) is AdjustBid:
        state = _replace(state, bids=_add(state.bids, seat, move.delta))  # type: ignore[arg-type]
    elif type(move) is Discard:
        hand = list(state.hands[seat])
        for c in move.cards:
            hand.remove(c)
        own = (*state.discarded[seat], *map(interned, move.cards))
        state = _replace(state, hands=state.hands[:seat] + (tuple(hand),) + state.hands[seat + 1:],
                         discarded=state.discarded[:seat] + (own,) + state.discarded[seat + 1:])
    if not state.hands[0]:
        return _finish_round(state)
    return _open_trick(state, leader)


def _why_not(state: State, pending: Pending, move: Move) -> str:
    if type(move) is ChooseLeader:
        return f"choose a seat 0 to {state.config.players - 1} to lead, not {move.seat}"
    if type(move) is Wager:
        return f"wager 0, 10 or 20, not {move.points}"
    if type(move) is AdjustBid:
        return (f"change your bid of {state.bids[pending.seat]} by -1, 0 or +1 within "
                f"0..{state.cards_dealt}, not {move.delta:+d}")
    return (f"discard {pending.drawn} card(s) from your hand "
            f"({_cards(state.hands[pending.seat])}), not {move}")


def _add(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return values[:seat] + (values[seat] + amount,) + values[seat + 1:]


def _open_trick(state: State, leader: Seat) -> State:
    """Begin the next trick; Graybeard, when he leads, turns his top card at once."""
    if leader is not None:
        return _replace(state, phase=_PLAY, leader=leader, to_move=leader)
    play = _GHOST_PLAY[state.ghost[0].order]
    suit_state, lead = next_suit(SuitState.OPEN, None, play, state.config, True)
    # After Graybeard leads, the human who led the previous trick plays first (K10, S3).
    first = next(seat for seat, _ in state.tricks[-1].plays if seat is not None)
    return _replace(state, phase=Phase.PLAY, leader=None, to_move=first,
                        trick=((None, play),), ghost=state.ghost[1:], suit_state=suit_state,
                        lead_suit=lead)


def _finish_round(state: State) -> State:
    config = state.config
    players = config.players
    bonuses = [0] * players
    alliances: list[tuple[int, int]] = []
    for trick in state.tricks:
        if trick.bonus and trick.winner is not None:
            bonuses[trick.winner] += trick.bonus
        if trick.loot_alliances:
            alliances += trick.loot_alliances
    bids: tuple[int, ...] = state.bids  # type: ignore[assignment]
    shots: tuple[bool, ...] = state.shots  # type: ignore[assignment]
    round_number = state.round_index + 1
    scores = breakdown(bids, state.tricks_won, config.hand_sizes[state.round_index], bonuses,
                       config, round_number, alliances, state.wagers,
                       shots or (False,) * players)
    result = RoundResult(round_number, state.dealer, _revealed_deal(state), bids,
                         state.tricks, scores, shots, state.wagers)
    totals = tuple([t + s.total for t, s in zip(state.totals, scores, strict=True)])
    rounds = (*state.rounds, result)
    round_index = state.round_index + 1
    if round_index == len(config.hand_sizes):
        return _replace(state, phase=_OVER, totals=totals, rounds=rounds, to_move=None)
    dealer = (state.dealer + 1) % players
    empty = ((),) * players
    # Written out in full: a new round resets most fields.
    waiting = new_state(config, state.seed, state.auto_deal, _DEAL, round_index, dealer, None,
                        empty, (), (), (None,) * players, (), (0,) * players,
                        (dealer + 1) % players, None, state.trick, state.suit_state,
                        state.lead_suit, (), state.pending, (0,) * players, empty,
                        (None,) * players, totals, rounds, state.log)
    if state.auto_deal:
        return _start_round(waiting, *_seeded_deal(config, state.seed, round_index))  # type: ignore[arg-type]
    return waiting


def _revealed_deal(state: State) -> Deal:
    """The round's deal as play revealed it, for the public record of the round.

    Each hand is the cards its seat played, which is the hand dealt unless Bendt the
    Bandit drew and discarded; the undealt cards and Bendt's discards stay hidden.
    """
    deal: Deal = state.deal  # type: ignore[assignment]
    if not any(state.discarded):
        return Deal(deal.hands, deal.ghost) if deal.stock else deal
    played: list[list[Card]] = [[] for _ in deal.hands]
    for trick in state.tricks:
        for seat, play in trick.plays:
            if seat is not None:
                played[seat].append(play.card)
    return Deal([sorted(hand, key=_order) for hand in played], deal.ghost)


def _start_round(state: State, deal: Deal, undealt: tuple[Card, ...]) -> State:
    config = state.config
    n = config.players
    leader = (state.dealer + 1) % n
    return new_state(config, state.seed, state.auto_deal, _BID, state.round_index,
                     state.dealer, deal, deal.hands, undealt, deal.ghost, (None,) * n,
                     (None,) * n if config.cannonball else (), state.tricks_won, leader,
                     leader, state.trick, state.suit_state, state.lead_suit, state.tricks,
                     state.pending, state.wagers, state.discarded, state.peeked,
                     state.totals, state.rounds, MoveLog((deal, state.log)))


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
    rest = [interned(c) for c, left in counts.items() for _ in range(left)]
    if deal.stock:
        if _multiset(deal.stock) != _multiset(rest):
            raise IllegalMoveError("the stock must hold exactly the cards not dealt")
        rest = [interned(c) for c in deal.stock]
    hands = tuple(tuple(sorted([interned(c) for c in hand], key=_order)) for hand in deal.hands)
    return Deal(hands, [interned(c) for c in deal.ghost], deal.stock), tuple(rest)


def replay(config: Config, moves: Iterable[Move], *, seed: int | None = None,
           auto_deal: bool | None = None) -> State:
    """Replay a game from its config and moves (``state.history``).

    ``replay(state.config, state.history, seed=state.seed, auto_deal=state.auto_deal)``
    rebuilds a state equal to ``state``. With ``auto_deal`` (the default when a seed is
    given), rounds are dealt from the seed and each :class:`Deal` in ``moves`` must match
    the seed's deal; otherwise the deals in ``moves`` are used.

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
    if auto_deal is None:
        auto_deal = seed is not None
    state = new_game(config, seed=seed, auto_deal=auto_deal)
    for move in moves:
        if type(move) is Deal and state.phase is not Phase.DEAL:
            if state.deal != move:
                raise IllegalMoveError(f"round {state.round_number}: the deal differs from "
                                       "the seed's deal")
            continue
        state = apply(state, move)
    return state


_INDEX = {name: i for i, name in enumerate(attrs.fields_dict(State))}
_VALUES = operator.attrgetter(*_INDEX)


def _replace(state: State, **changes: Any) -> State:
    """``attrs.evolve`` without its per-call introspection (it is on the hot path)."""
    values = list(_VALUES(state))
    for name, value in changes.items():
        values[_INDEX[name]] = value
    return new_state(*values)


def _order(c: Card) -> int:
    return c.order


def _cards(cards: Iterable[Card]) -> str:
    return ", ".join(map(str, cards))
