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

import enum
import itertools
from collections.abc import Iterable
from typing import Final

from skullgames._checks import (
    Whole,
    as_tuple,
    check_seed,
    checked_config,
    game_seed,
    items_of,
    optional_seed,
    wrong_type,
)
from skullgames._shuffle import shuffled_positions
from skullgames.errors import ConfigError, IllegalMoveError
from skullgames.history import LogCell
from skullgames.king.cards import ALL_CARDS, Card, Pirate, Suit, interned, order_of
from skullgames.king.config import MAX_HAND, Config
from skullgames.king.moves import (
    WAGER_POINTS,
    AdjustBid,
    Bid,
    ChooseLeader,
    Deal,
    Discard,
    Move,
    Play,
    Shot,
    Wager,
    plays_of,
)
from skullgames.king.rules import (
    SuitState,
    _allowed_cards,
    _must_follow,
    check_play,
    first_to_act,
    follows,
    next_suit,
    next_to_bid,
)
from skullgames.king.scoring import SeatScore, breakdown
from skullgames.king.state import _STATE_CLASSES as _STATES
from skullgames.king.state import (
    Bidding,
    Choosing,
    Dealing,
    Finished,
    Hands,
    Past,
    Pending,
    Phase,
    Playing,
    RoundResult,
    Setup,
    Shooting,
    State,
    Table,
    TrickPlays,
    new_bidding,
    new_playing,
    new_table,
)
from skullgames.king.tricks import Seat, TrickResult, resolve

__all__ = [
    "apply",
    "current_player",
    "is_over",
    "legal_moves",
    "new_game",
    "replay",
    "scores",
    "seeded_deal",
]

# The plays of a card are found by its order, its place among all faces (0, 1, 2, ...):
# an index into a tuple, where hashing a Card is a call of its __hash__ in the pure build
# (a dict by card: 3.6 % more instructions a pure random game, 2.3 % compiled; `python
# benchmarks/instructions.py king HEAD HEAD+benchmarks/tricks/plays-by-order.patch`).
_PLAYS: Final[tuple[tuple[Play, ...], ...]] = tuple(
    plays_of(c) for c in sorted(map(interned, ALL_CARDS), key=order_of))
assert all(_PLAYS[c.order][0].card is interned(c) for c in ALL_CARDS)
_BIDS: Final = tuple(tuple(Bid(i) for i in range(n + 1)) for n in range(MAX_HAND + 1))
_SHOTS: Final = (Shot(False), Shot(True))
_WAGERS: Final = tuple(Wager(points) for points in WAGER_POINTS)
_ADJUSTMENTS: Final = (AdjustBid(-1), AdjustBid(0), AdjustBid(1))
# Graybeard plays the top card of his stack; his Tigress is always an escape (K10).
_GHOST_PLAY: Final = tuple(plays[-1] for plays in _PLAYS)

_OPEN: Final = SuitState.OPEN  # bound once: enum members are slow to read in 3.11 (tricks.py)


def new_game(config: Config | None = None, *, seed: int | None = None,
             auto_deal: bool = True) -> State:
    """Start a game.

    With ``auto_deal=True`` every round is dealt from ``seed``; a seed of ``None`` draws
    one (128 bits from ``secrets``, so no player can find it from their cards) and
    records it in the state, so that any game can be replayed. With
    ``auto_deal=False`` the state waits at each deal for a :class:`Deal` move.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3), seed=11)
    >>> state.seed, state.hands
    (11, ((card('B4'),), (card('Y4'),), (card('Y10'),)))
    >>> king.new_game(auto_deal=False).phase
    <Phase.DEAL: 'deal'>
    """
    config = checked_config(config, Config)
    game = game_seed(seed, auto_deal)  # checks auto_deal too
    dealt = auto_deal is True
    n = config.players
    setup = Setup(config=config, seed=game, auto_deal=dealt)
    past = Past(round_index=0, dealer=0, totals=(0,) * n, rounds=())
    if game is not None and dealt:
        return _start_round(setup, past, None, *_seeded_deal(setup, game, 0))
    return Dealing(setup=setup, past=past, hands=((),) * n, log=None)


def seeded_deal(config: Config, seed: Whole, round_index: Whole) -> Deal:
    """The deal of round ``round_index`` (from 0) in a game seeded with ``seed``.

    >>> from skullgames import king
    >>> king.seeded_deal(king.Config(players=3), 11, 0)
    Deal(hands=((card('B4'),), (card('Y4'),), (card('Y10'),)), ghost=(), stock=...)
    >>> king.seeded_deal(king.Config(players=3), 11, 10)
    Traceback (most recent call last):
    ...
    skullgames.errors.ConfigError: round_index: this game has rounds 0..9 (counted from 0), not 10
    """
    config = checked_config(config, Config, none_ok=False)
    seed = check_seed(seed)
    if type(round_index) is not int:
        raise wrong_type("round_index", "an int", round_index)
    rounds = config.round_count
    if not 0 <= round_index < rounds:
        raise ConfigError(f"round_index: this game has rounds 0..{rounds - 1} "
                          f"(counted from 0), not {round_index}")
    return _seeded_deal(Setup(config=config, seed=seed, auto_deal=True), seed, round_index)[0]


def not_a_state(state: object, name: str = "state") -> TypeError:
    """The ``TypeError`` for an argument ``name`` that is not a Skull King state."""
    return wrong_type(name, "a skullgames.king.State", state)


def _seeded_deal(setup: Setup, seed: int, round_index: int) -> tuple[Deal, tuple[Card, ...]]:
    deck = setup.config.deck  # in canonical order, so sorting positions sorts cards
    order = shuffled_positions(f"skullgames.king:{seed}:{round_index}", len(deck))
    size = setup.config.hand_sizes[round_index]
    dealt = setup.config.players * size
    held: list[tuple[Card, ...]] = []
    for start in range(0, dealt, size):
        part = order[start:start + size]
        part.sort()
        held.append(tuple(deck[i] for i in part))  # one tuple, sized in the compiled build
    hands = tuple(held)
    ghost: tuple[Card, ...] = ()
    if setup.config.has_ghost:
        ghost, dealt = tuple([deck[i] for i in order[dealt:dealt + size]]), dealt + size
    # The stock records the order of the undealt cards, so that a replay of the recorded
    # deals draws the same cards for Bendt the Bandit.
    stock = tuple(deck[i] for i in order[dealt:])
    return Deal(hands, ghost, stock), stock


def current_player(state: State) -> int | None:
    """The seat to move, or ``None`` when the game is over or waits for a deal.

    >>> from skullgames import king
    >>> king.current_player(king.new_game(seed=7))
    1
    >>> print(king.current_player(king.new_game(auto_deal=False)))
    None
    """
    if state.__class__ not in _STATES:
        raise not_a_state(state)
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
    kind = type(state)  # type() is a C read in the compiled build, __class__ a lookup
    if kind not in _STATES:
        raise not_a_state(state)
    return kind is Finished


def scores(state: State) -> tuple[int, ...]:
    """Each seat's running total.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3, rounds=(1, 2)), auto_deal=False)
    >>> for move in ["deal Y1 | P10 | G3", "bid 1", "bid 0", "bid 0", "P10", "G3", "Y1"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> king.scores(state)
    (10, 20, 10)
    """
    if state.__class__ not in _STATES:
        raise not_a_state(state)
    return state.past.totals


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
    if type(state) is Playing:
        hand, lead = state.hands[state.to_move], state.lead_suit
        # Without a suit to follow every card may be played: no need to ask the rule.
        return _distinct_plays(
            hand if lead is None else _allowed_cards(hand, lead))
    if type(state) is Bidding:
        return _BIDS[len(state.table.deal.hands[0])]
    if type(state) is Shooting:
        return _SHOTS
    if type(state) is Choosing:
        return _ability_moves(state)
    if type(state) not in _STATES:
        raise not_a_state(state)
    return ()


def _distinct_plays(cards: tuple[Card, ...]) -> tuple[Play, ...]:
    """The plays of ``cards``, each card once."""
    moves: list[Play] = []
    previous = None
    for c in cards:  # a tuple: the compiled build indexes it, with no iterator
        # Hands are sorted and cards interned: copies (all specials) are adjacent.
        if c is not previous:
            moves += _PLAYS[c.order]
            previous = c
    return tuple(moves)


def _ability_moves(state: Choosing) -> tuple[Move, ...]:
    pending = state.pending
    pirate = pending.pirate
    if pirate is Pirate.ROSIE:
        return tuple(ChooseLeader(seat) for seat in range(state.setup.config.players))
    if pirate is Pirate.RASCAL:
        return _WAGERS
    if pirate is Pirate.HARRY:
        bid = state.table.bids[pending.seat]
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
    if type(state) is Playing:
        if type(move) is Play:
            return _apply_play(state, move)
        raise _not_now(f"cards are being played, {move!r} is not a Play", move)
    if type(state) is Bidding:
        if type(move) is Bid:
            return _apply_bid(state, move)
        raise _not_now(f"the players are bidding, {move!r} is not a Bid", move)
    if type(state) is Dealing:
        if type(move) is Deal:
            config = state.setup.config
            deal, undealt = _checked_deal(config, state.past.round_index, move)
            return _start_round(state.setup, state.past, state._log, deal, undealt)
        raise _not_now(f"the game waits for a Deal, not {move!r}", move)
    if type(state) is Shooting:
        if type(move) is Shot:
            return _apply_shot(state, move)
        raise _not_now(f"the players choose Grapeshot or Cannonball, not {move!r}", move)
    if type(state) is Choosing:
        return _apply_ability(state, move)
    if type(state) not in _STATES:
        raise not_a_state(state)
    raise _not_now("the game is over", move)


_MOVES: Final = frozenset({Bid, Play, Deal, Shot, ChooseLeader, Discard, Wager, AdjustBid})


def _not_now(why: str, move: object) -> Exception:
    """The error for a move the state does not take now.

    ``IllegalMoveError`` saying ``why`` for a move of another kind, ``TypeError`` for a
    value that is no move at all.
    """
    if type(move) not in _MOVES:
        return wrong_type("move", "a skullgames.king.Move", move)
    return IllegalMoveError(why)


def _apply_bid(state: Bidding, move: Bid) -> State:
    n = getattr(move, "n")  # noqa: B009  # as it is (see _key in actions.py)
    table = state.table
    cards = len(table.deal.hands[0])
    if type(n) is not int or not 0 <= n <= cards:
        raise IllegalMoveError(f"a bid is 0 to {cards} this round, not {n!r}")
    seat = state.to_move
    bids = state.bids[:seat] + (n,) + state.bids[seat + 1:]
    dealer = state.past.dealer
    log = (move, state._log)
    following = next_to_bid(dealer, bids)
    if following is not None:
        return new_bidding(setup=state.setup, past=state.past, hands=state.hands, log=log,
                           table=table, to_move=following, bids=bids)
    # Every seat has bid: the bids are revealed.
    config = state.setup.config
    table = _changed(table, bids=tuple([b for b in bids if b is not None]))
    first = first_to_act(dealer, config.players)
    if config.cannonball:  # now the secret Grapeshot or Cannonball, in the same order
        return Shooting(setup=state.setup, past=state.past, hands=state.hands, table=table,
                        to_move=first, shots=(None,) * config.players, log=log)
    return _lead(state, table, state.hands, first, log)


def _apply_shot(state: Shooting, move: Shot) -> State:
    if type(getattr(move, "cannonball")) is not bool:  # noqa: B009  # (see _apply_bid)
        raise IllegalMoveError(f"choose Shot(cannonball=True) or False, not {move!r}")
    seat = state.to_move
    shots = state.shots[:seat] + (move.cannonball,) + state.shots[seat + 1:]
    following = next_to_bid(state.past.dealer, shots)
    log = (move, state._log)
    if following is not None:
        return Shooting(setup=state.setup, past=state.past, hands=state.hands,
                        table=state.table, to_move=following, shots=shots, log=log)
    table = _changed(state.table, shots=tuple([s for s in shots if s is not None]))
    return _lead(state, table, state.hands, first_to_act(state.past.dealer, len(shots)), log)


def _lead(state: State, table: Table, hands: Hands, leader: int, log: LogCell | None
          ) -> Playing:
    """The state of a trick that ``leader`` is about to lead."""
    return new_playing(setup=state.setup, past=state.past, hands=hands, log=log, table=table,
                       to_move=leader, trick=(), suit_state=_OPEN, lead_suit=None)


def _apply_play(state: Playing, move: Play) -> State:
    seat = state.to_move
    hand = state.hands[seat]
    played = move.card
    lead = state.lead_suit
    # Found by identity: legal moves hold these very objects, and tuple.index would call
    # Card.__eq__ on every card before it: 3.4 % of a pure 4-player random game (11.54 M
    # with the scan, 11.93 M with hand.index; `python benchmarks/instructions.py king HEAD
    # HEAD+benchmarks/tricks/identity-scan.patch`).
    for index, held in enumerate(hand):  # noqa: B007
        if held is played:
            break
    else:
        check_play(played, hand, lead)  # not in the hand: says so
        index = hand.index(played)
    # check_play only for a play off the suit led: checking every play cost 9.7 % of a
    # pure random game (12.66 M against 11.54 M; `python benchmarks/instructions.py king
    # HEAD HEAD+benchmarks/tricks/check-play-off-suit-only.patch`).
    if lead is not None and not follows(played, lead) and _must_follow(hand, lead):
        check_play(played, hand, lead)  # off suit while holding the lead suit: says so
    held_cards = list(state.hands)
    held_cards[seat] = hand[:index] + hand[index + 1:]
    hands = tuple(held_cards)
    trick = (*state.trick, (seat, move))
    suit_state = state.suit_state
    if suit_state is _OPEN:
        suit_state, lead = next_suit(suit_state, lead, move, state.setup.config,
                                     not state.trick)
    log = (move, state._log)
    # One hand per seat: the players counted without reading the config, whose fields
    # the compiled build reads as a Python program would (it is an attrs class).
    players = len(held_cards)
    if players == 2 and state.setup.config.has_ghost:
        return _continue_with_ghost(state, hands, trick, suit_state, lead, log)
    if len(trick) < players:  # the commonest move of all: the next seat plays
        return new_playing(setup=state.setup, past=state.past, hands=hands, log=log,
                           table=state.table, to_move=(seat + 1) % players, trick=trick,
                           suit_state=suit_state, lead_suit=lead)
    return _finish_trick(state, state.table, hands, state.table.ghost,
                         resolve(trick, state.setup.config, lead), log)


def _continue_with_ghost(state: Playing, hands: Hands, trick: TrickPlays,
                         suit_state: SuitState, lead: Suit | None, log: LogCell) -> State:
    """Two players and Graybeard (K10): he plays second after a human lead."""
    table = state.table
    ghost = table.ghost
    config = state.setup.config
    if len(trick) == 1:
        play = _GHOST_PLAY[ghost[0].order]
        trick = (*trick, (None, play))
        ghost = ghost[1:]
        suit_state, lead = next_suit(suit_state, lead, play, config, False)
        table = _changed(table, ghost=ghost)
    if len(trick) < 3:
        return new_playing(setup=state.setup, past=state.past, hands=hands, log=log, table=table,
                           to_move=1 - state.to_move, trick=trick, suit_state=suit_state,
                           lead_suit=lead)
    return _finish_trick(state, table, hands, ghost, resolve(trick, config, lead), log)


def _finish_trick(state: State, table: Table, hands: Hands, ghost: tuple[Card, ...],
                  result: TrickResult, log: LogCell) -> State:
    tricks_won = table.tricks_won
    winner = result.winner
    if winner is not None:
        won = list(tricks_won)
        won[winner] += 1
        tricks_won = tuple(won)
    last = not hands[0]
    leader = result.next_leader
    abilities = state.setup.config.pirate_abilities
    table = _changed(table, ghost=ghost, tricks_won=tricks_won, leader=leader,
                     tricks=(*table.tricks, result))
    # The commonest way a trick ends: the winner leads the next trick at once. Otherwise
    # the round ends, a pirate's ability waits, or Graybeard turns his card first.
    if not last and leader is not None and not abilities:
        return _lead(state, table, hands, leader, log)
    if abilities and winner is not None and result.winning_card is not None:
        pirate = result.winning_card.pirate
        if pirate is not None and (not last or pirate is Pirate.HARRY):
            return _use_ability(state, table, hands, log, pirate, winner)
    if last:
        return _finish_round(state, table, log)
    return _open_trick(state, table, hands, log, leader)


def _use_ability(state: State, table: Table, hands: Hands, log: LogCell, pirate: Pirate,
                 seat: int) -> State:
    """A trick won with a named pirate (:ref:`king-abilities`): use the ability now."""
    if pirate is Pirate.JUANITA:  # she looks at the undealt cards: nothing to decide
        # She sees which cards are not in play, not the stock's order (K12): in card order.
        seen = tuple(sorted(table.undealt, key=order_of))
        peeked = table.peeked[:seat] + (seen,) + table.peeked[seat + 1:]
        return _open_trick(state, _changed(table, peeked=peeked), hands, log,
                           table.leader)
    drawn = 0
    if pirate is Pirate.BENDT:  # he draws up to two now and then discards as many (K12)
        drawn = min(2, len(table.undealt))
        if drawn == 0:
            return _open_trick(state, table, hands, log, table.leader)
        hand = tuple(sorted((*hands[seat], *table.undealt[:drawn]), key=order_of))
        hands = hands[:seat] + (hand,) + hands[seat + 1:]
        table = _changed(table, undealt=table.undealt[drawn:])
    return Choosing(setup=state.setup, past=state.past, hands=hands, table=table,
                    pending=Pending(pirate=pirate, seat=seat, drawn=drawn), log=log)


def _apply_ability(state: Choosing, move: Move) -> State:
    pending = state.pending
    seat, pirate = pending.seat, pending.pirate
    expected = {Pirate.ROSIE: ChooseLeader, Pirate.BENDT: Discard, Pirate.RASCAL: Wager,
                Pirate.HARRY: AdjustBid}[pirate]
    if type(move) is not expected:
        raise _not_now(f"{pirate.full_name}'s ability waits: play a "
                       f"{expected.__name__}, not {move!r}", move)
    # Whole numbers checked by type: ChooseLeader(1.0) == ChooseLeader(1), but 1.0 is no seat.
    if (type(move) is not Discard and type(move._values()[0]) is not int) or (
            move not in _ability_moves(state)):
        raise IllegalMoveError(_why_not(state, move))
    log = (move, state._log)
    table, hands = state.table, state.hands
    leader = table.leader
    if type(move) is ChooseLeader:
        leader = move.seat
    elif type(move) is Wager:
        table = _changed(table, wagers=_add(table.wagers, seat, move.points))
    elif type(move) is AdjustBid:
        table = _changed(table, bids=_add(table.bids, seat, move.delta))
    elif type(move) is Discard:
        hand = list(hands[seat])
        for c in move.cards:
            hand.remove(c)
        own = (*table.discarded[seat], *map(interned, move.cards))
        hands = hands[:seat] + (tuple(hand),) + hands[seat + 1:]
        table = _changed(
            table, discarded=table.discarded[:seat] + (own,) + table.discarded[seat + 1:])
    if not hands[0]:
        return _finish_round(state, table, log)
    return _open_trick(state, table, hands, log, leader)


def _why_not(state: Choosing, move: Move) -> str:
    pending = state.pending
    shown = move._values()[0]  # the field as it is, 1.0 or True too (see _apply_bid)
    if type(move) is ChooseLeader:
        return (f"choose a seat 0 to {state.setup.config.players - 1} to lead, "
                f"not {shown!r}")
    if type(move) is Wager:
        return f"wager 0, 10 or 20, not {shown!r}"
    if type(move) is AdjustBid:
        return (f"change your bid of {state.table.bids[pending.seat]} by -1, 0 or +1 within "
                f"0..{state.cards_dealt}, not {shown!r}")
    return (f"discard {pending.drawn} card(s) from your hand "
            f"({_cards(state.hands[pending.seat])}), not {move}")


def _add(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return values[:seat] + (values[seat] + amount,) + values[seat + 1:]


class _Keep(enum.Enum):
    """The default of :func:`_changed`: the field keeps its value (``None`` is a leader)."""

    KEEP = 0


_KEEP: Final = _Keep.KEEP


def _changed(table: Table, *, undealt: tuple[Card, ...] | _Keep = _KEEP,
             ghost: tuple[Card, ...] | _Keep = _KEEP, bids: tuple[int, ...] | _Keep = _KEEP,
             shots: tuple[bool, ...] | _Keep = _KEEP,
             tricks_won: tuple[int, ...] | _Keep = _KEEP, leader: Seat | _Keep = _KEEP,
             tricks: tuple[TrickResult, ...] | _Keep = _KEEP,
             wagers: tuple[int, ...] | _Keep = _KEEP,
             discarded: tuple[tuple[Card, ...], ...] | _Keep = _KEEP,
             peeked: tuple[tuple[Card, ...] | None, ...] | _Keep = _KEEP) -> Table:
    """``table`` with the fields given changed: the one place a round's table is updated.

    A new field of :class:`Table` is declared there, given its first value where a round
    starts (``_start_round``), and copied here (``docs/contributing.md``).
    """
    return new_table(
        deal=table.deal, undealt=table.undealt if undealt is _KEEP else undealt,
        ghost=table.ghost if ghost is _KEEP else ghost,
        bids=table.bids if bids is _KEEP else bids,
        shots=table.shots if shots is _KEEP else shots,
        tricks_won=table.tricks_won if tricks_won is _KEEP else tricks_won,
        leader=table.leader if leader is _KEEP else leader,
        tricks=table.tricks if tricks is _KEEP else tricks,
        wagers=table.wagers if wagers is _KEEP else wagers,
        discarded=table.discarded if discarded is _KEEP else discarded,
        peeked=table.peeked if peeked is _KEEP else peeked)


def _led_by(table: Table, leader: Seat, ghost: tuple[Card, ...]) -> Table:
    """``table`` with the next trick's ``leader`` and Graybeard's stack ``ghost``."""
    return _changed(table, leader=leader, ghost=ghost)


def _open_trick(state: State, table: Table, hands: Hands, log: LogCell | None,
                leader: Seat) -> State:
    """Begin the next trick; Graybeard, when he leads, turns his top card at once."""
    if leader is not None:
        table = table if table.leader == leader else _led_by(table, leader, table.ghost)
        return _lead(state, table, hands, leader, log)
    play = _GHOST_PLAY[table.ghost[0].order]
    suit_state, lead = next_suit(_OPEN, None, play, state.setup.config, True)
    # After Graybeard leads, the human who led the previous trick plays first (K10, S3).
    first = next(seat for seat, _ in table.tricks[-1].plays if seat is not None)
    table = _led_by(table, None, table.ghost[1:])
    return new_playing(setup=state.setup, past=state.past, hands=hands, log=log, table=table,
                       to_move=first, trick=((None, play),), suit_state=suit_state, lead_suit=lead)


def _finish_round(state: State, table: Table, log: LogCell | None) -> State:
    setup = state.setup
    config = setup.config
    past = state.past
    players = setup.config.players
    hand_sizes = setup.config.hand_sizes
    round_number = past.round_index + 1
    scores = _round_scores(config, past.round_index, table.bids, table.tricks_won,
                           table.tricks, table.wagers, table.shots)
    result = RoundResult(round_number=round_number, dealer=past.dealer,
                         deal=_revealed_deal(table), bids=table.bids, tricks=table.tricks,
                         scores=scores, shots=table.shots, wagers=table.wagers)
    totals = tuple([t + s.total for t, s in zip(past.totals, scores, strict=True)])
    rounds = (*past.rounds, result)
    empty = ((),) * players
    if round_number == len(hand_sizes):
        past = Past(round_index=past.round_index, dealer=past.dealer, totals=totals,
                    rounds=rounds)
        return Finished(setup=setup, past=past, hands=empty, table=table, log=log)
    dealer = (past.dealer + 1) % players
    past = Past(round_index=round_number, dealer=dealer, totals=totals, rounds=rounds)
    if setup.auto_deal and setup.seed is not None:
        return _start_round(setup, past, log, *_seeded_deal(setup, setup.seed, round_number))
    return Dealing(setup=setup, past=past, hands=empty, log=log)


def _round_scores(config: Config, round_index: int, bids: tuple[int, ...],
                  tricks_won: tuple[int, ...], tricks: tuple[TrickResult, ...],
                  wagers: tuple[int, ...], shots: tuple[bool, ...]) -> tuple[SeatScore, ...]:
    """Every seat's score for a round of ``tricks``, as the engine scores it.

    The bonuses and Loot alliances the tricks captured, scored by
    :func:`~skullgames.king.scoring.breakdown`: the end of a round, which the bots'
    rollouts (``bots/king_rollout.py``) call too, so that a round is scored in one place.
    ``shots`` is empty without the Cannonball option.
    """
    players = config.players
    bonuses = [0] * players
    alliances: list[tuple[int, int]] = []
    for trick in tricks:
        if trick.bonus and trick.winner is not None:
            bonuses[trick.winner] += trick.bonus
        if trick.loot_alliances:
            alliances += trick.loot_alliances
    return breakdown(bids, tricks_won, config.hand_sizes[round_index], bonuses, config,
                     round_index + 1, alliances, wagers, shots or (False,) * players)


def _revealed_deal(table: Table) -> Deal:
    """The round's deal as play revealed it, for the public record of the round.

    Each hand is the cards its seat played, which is the hand dealt unless Bendt the
    Bandit drew and discarded; the undealt cards and Bendt's discards stay hidden.
    """
    deal = table.deal
    if not any(table.discarded):
        return Deal(deal.hands, deal.ghost) if deal.stock else deal
    played: list[list[Card]] = [[] for _ in deal.hands]
    for trick in table.tricks:
        for seat, play in trick.plays:
            if seat is not None:
                played[seat].append(play.card)
    return Deal([sorted(hand, key=order_of) for hand in played], deal.ghost)


def _start_round(setup: Setup, past: Past, log: LogCell | None, deal: Deal,
                 undealt: tuple[Card, ...]) -> State:
    n = setup.config.players
    leader = first_to_act(past.dealer, n)
    table = Table(
        deal=deal, undealt=undealt, ghost=deal.ghost, bids=(), shots=(),
        tricks_won=(0,) * n, leader=leader, tricks=(), wagers=(0,) * n,
        discarded=((),) * n, peeked=(None,) * n)
    return new_bidding(setup=setup, past=past, hands=deal.hands, table=table, to_move=leader,
                       bids=(None,) * n, log=(deal, log))


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
    for c in items_of(*deal.hands, deal.ghost):
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
    hands = tuple(tuple(sorted([interned(c) for c in hand], key=order_of)) for hand in deal.hands)
    return Deal(hands, [interned(c) for c in deal.ghost], deal.stock), tuple(rest)


def replay(config: Config, moves: Iterable[Move], *, seed: Whole | None = None,
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
    checked = checked_config(config, Config, none_ok=False)
    game = optional_seed(seed)  # checked before narrowing: one message in both builds
    if auto_deal is None:
        auto_deal = game is not None
    elif type(auto_deal) is not bool:
        raise wrong_type("auto_deal", "True, False or None", auto_deal)
    state = new_game(checked, seed=game, auto_deal=auto_deal)
    for move in as_tuple(moves, "moves", "the moves of a game (state.history)"):
        if type(move) is Deal and state.phase is not Phase.DEAL:
            if state.deal != move:
                raise IllegalMoveError(f"round {state.round_number}: the deal differs from "
                                       "the seed's deal")
            continue
        state = apply(state, move)
    return state


def _cards(cards: Iterable[Card]) -> str:
    return ", ".join(map(str, cards))
