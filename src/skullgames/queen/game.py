"""Playing Skull Queen: new games, legal moves, and applying moves.

>>> from skullgames.queen import Place, Side, apply, current_player, legal_moves, new_game
>>> state = new_game(seed=7)
>>> state.phase.value, current_player(state), len(legal_moves(state))
('place', 1, 1250)
>>> state = apply(state, Place(Side.FRONT, (2, 2, 2, 2)))
>>> current_player(state)
2
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
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
from skullgames.queen.cards import Card, Color, interned
from skullgames.queen.config import _MOST_PLAYERS, Config
from skullgames.queen.moves import PLACES, PLAYS, Deal, Move, Place, Play
from skullgames.queen.rules import (
    Seat,
    check_play,
    first_to_act,
    follows,
    must_follow,
    next_to_place,
    playable,
    trick_color,
)
from skullgames.queen.scoring import Plank, shared_plank
from skullgames.queen.state import _STATE_CLASSES as _STATES
from skullgames.queen.state import (
    Dealing,
    Finished,
    Match,
    Phase,
    Placing,
    Playing,
    Round,
    RoundResult,
    State,
    new_placing,
    new_playing,
    new_table,
)
from skullgames.queen.tricks import TrickResult, resolve

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


def not_a_state(state: object, name: str = "state") -> TypeError:
    """The ``TypeError`` for an argument ``name`` that is not a Skull Queen state."""
    return wrong_type(name, "a skullgames.queen.State", state)


def new_game(config: Config | None = None, *, seed: int | None = None,
             auto_deal: bool = True) -> State:
    """Start a game.

    With ``auto_deal=True`` every round is dealt from ``seed``; a seed of ``None`` draws
    one (128 bits from ``secrets``, so no player can find it from their cards) and
    records it in the state, so that any game can be replayed. With
    ``auto_deal=False`` the state waits at each deal for a :class:`Deal` move.
    """
    config = checked_config(config, Config)
    game = game_seed(seed, auto_deal)  # checks auto_deal too
    dealt = auto_deal is True
    match = Match(config=config, seed=game, auto_deal=dealt, totals=(0,) * config.players,
                  rounds=())
    if dealt and game is not None:
        return _start_round(match, 0, seeded_deal(config, game, 0), None)
    return Dealing(match=match, log=None, round_index=0, dealer=0)


def seeded_deal(config: Config, seed: Whole, round_index: Whole) -> Deal:
    """The deal of round ``round_index`` (from 0) in a game seeded with ``seed``.

    >>> from skullgames.queen import Config, seeded_deal
    >>> deal = seeded_deal(Config(players=4), 1, 0)
    >>> [len(hand) for hand in deal.hands], len(deal.center)
    ([12, 12, 12, 12], 2)
    """
    config = checked_config(config, Config, none_ok=False)
    seed = check_seed(seed)
    if type(round_index) is not int:
        raise wrong_type("round_index", "an int", round_index)
    if not 0 <= round_index < config.rounds:
        raise ConfigError(f"round_index: this game has rounds 0..{config.rounds - 1} "
                          f"(counted from 0), not {round_index}")
    deck = config.deck  # in canonical order, so sorting positions sorts cards
    order = shuffled_positions(f"skullgames.queen:{seed}:{round_index}", len(deck))
    size = config.hand_size
    players = config.players
    hands = tuple(
        tuple([deck[i] for i in sorted(order[seat * size:(seat + 1) * size])])
        for seat in range(players)
    )
    dealt = players * size
    if config.has_ghost:
        return Deal(hands, (), [deck[i] for i in order[dealt:dealt + size]])
    return Deal(hands, [deck[i] for i in sorted(order[dealt:])])


def current_player(state: State) -> int | None:
    """The seat to move, or ``None`` when the game is over or waits for a deal."""
    if state.__class__ not in _STATES:
        raise not_a_state(state)
    return state.to_move


def is_over(state: State) -> bool:
    """True once the last round has been scored."""
    kind = type(state)  # type() is a C read in the compiled build, __class__ a lookup
    if kind not in _STATES:
        raise not_a_state(state)
    return kind is Finished


def scores(state: State) -> tuple[int, ...]:
    """Each seat's running total: the sum of its finished rounds' points."""
    if state.__class__ not in _STATES:
        raise not_a_state(state)
    return state.match.totals


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, in a fixed order; empty when the game is over or waits for a deal.

    While placing: all 1250 placements, :data:`~skullgames.queen.moves.PLACES` (front
    side first, spaces in increasing order), always the same tuple. While playing: one
    :class:`Play` per card that may be played, in the order of the hand (red, yellow,
    green, blue by value, then the Monkey and the First Mate). A player who holds the
    trick colour must play it; the Monkey and the First Mate are always allowed.
    """
    stage = state
    if type(stage) is Playing:  # the commonest state first: no need to ask the set of them
        return playable(stage.hands[stage.to_move], stage.trick_color)
    if type(stage) is Placing:
        return PLACES
    if state.__class__ not in _STATES:
        raise not_a_state(state)
    return ()


def apply(state: State, move: Move) -> State:
    """Return the state after ``move``; ``state`` itself is unchanged.

    Raises :class:`~skullgames.IllegalMoveError` saying why when the move is not legal.
    """
    stage = state
    if type(stage) is Playing:  # the commonest state first: no need to ask the set of them
        if type(move) is not Play:
            raise _not_now(f"cards are being played, {move!r} is not a Play", move)
        return _apply_play(state, stage, move)
    if type(stage) is Placing:
        if type(move) is not Place:
            raise _not_now(f"the pirates are being placed, {move!r} is not a Place", move)
        return _apply_place(state, stage, move)
    if type(stage) is Dealing:
        if type(move) is not Deal:
            raise _not_now(f"the game waits for a Deal, not {move!r}", move)
        match = state.match
        return _start_round(match, stage.round_index, _checked_deal(match.config, move),
                            state._log)
    if state.__class__ not in _STATES:
        raise not_a_state(state)
    raise _not_now("the game is over", move)


def _not_now(why: str, move: object) -> Exception:
    """The error for a move the state does not take now.

    ``IllegalMoveError`` saying ``why`` for a move of another kind, ``TypeError`` for a
    value that is no move at all.
    """
    if type(move) not in (Place, Play, Deal):
        return wrong_type("move", "a skullgames.queen.Move", move)
    return IllegalMoveError(why)


def _apply_place(state: State, stage: Placing, move: Place) -> State:
    seat = stage.to_move
    placements = stage.placements[:seat] + (move,) + stage.placements[seat + 1:]
    log = (move, state._log)
    following = next_to_place(stage.round.dealer, placements)
    if following is not None:
        return new_placing(match=state.match, log=log, round=stage.round, hands=stage.hands,
                           ghost=stage.ghost, center=stage.center, set_aside=stage.set_aside,
                           placements=placements, to_move=following)
    # Every seat has placed: the placements are revealed and play begins (ruling Q2).
    revealed = tuple([p for p in placements if p is not None])
    return _next_trick(state.match, stage.round, stage.hands, log, placements=revealed,
                       planks=tuple([shared_plank(p.side, p.spaces) for p in revealed]),
                       tricks=(), leader=first_to_act(stage.round.dealer, len(placements)),
                       ghost=stage.ghost, center=stage.center, set_aside=stage.set_aside)


def _next_trick(match: Match, round: Round, hands: tuple[tuple[Card, ...], ...],
                log: LogCell, *, placements: tuple[Place, ...], planks: tuple[Plank, ...],
                tricks: tuple[TrickResult, ...], leader: Seat, ghost: tuple[Card, ...],
                center: tuple[Card, ...], set_aside: tuple[Card, ...]) -> State:
    """The state at the start of a trick, which ``leader`` leads.

    With two players the Pirate King leads instead: he reveals his top card, and the
    captains then commit in seat order from the left of the dealer
    (:ref:`queen-two-players`, :ref:`ruling-q2`).
    """
    trick, ghost, color, leader, to_move = trick_opening(ghost, leader, round.dealer)
    table = new_table(placements=placements, planks=planks, tricks=tricks, leader=leader,
                      ghost=ghost, center=center, set_aside=set_aside)
    return new_playing(match=match, log=log, round=round, table=table, hands=hands, trick=trick,
                       trick_color=color, to_move=to_move)


Opening = tuple[tuple[tuple[Seat, Play], ...], tuple[Card, ...], Color | None, Seat, int]
"""What :func:`trick_opening` gives: the trick, the ghost's stack, the colour, leader, seat."""


def trick_opening(ghost: tuple[Card, ...], leader: Seat, dealer: int) -> Opening:
    """How a trick opens: ``(trick, ghost, colour, leader, seat to move)``.

    Without the ghost the trick is empty and ``leader`` moves. With two players the
    Pirate King leads: his top card (the first of ``ghost``) opens the trick and sets its
    colour, and the captains commit from the left of the dealer (:ref:`queen-two-players`).
    The engine and the bots' rollouts (:mod:`skullgames.bots.queen_rollout`) open tricks here.
    """
    if ghost:
        trick = ((None, PLAYS[ghost[0].index]),)
        return trick, ghost[1:], trick_color(trick), None, first_to_act(dealer, 2)
    if leader is None:
        raise AssertionError("a trick without the Pirate King has a leader")
    return (), ghost, None, leader, leader


NEXT_IN_TRICK: Final = tuple([tuple([(seat + 1) % players for seat in range(players)])
                              for players in range(_MOST_PLAYERS + 1)])
"""``NEXT_IN_TRICK[players][seat]``: who plays to a trick after ``seat``, the next seat clockwise.

A table rather than a function: the engine reads it at every card. With a function here,
the named steps of the trick flow cost 0.88 % more instructions a random 4-player game than
the inline code; with the table, 0.26 % (``benchmarks/instructions.py queen``, 5 games,
pure build).
"""


def round_is_over(hands: Sequence[Sequence[Card]]) -> bool:
    """Whether the round's last trick has been played: the hands are empty."""
    return not hands[0]


def plank_points(planks: Iterable[Plank], config: Config) -> tuple[int, ...]:
    """Every seat's points for the round: its plank's, on the game's plank values."""
    values = config.plank_values
    return tuple([plank.points(values) for plank in planks])


def _apply_play(state: State, stage: Playing, move: Play) -> State:
    seat = stage.to_move
    hands = stage.hands
    hand = hands[seat]
    play = PLAYS[move.card.index]  # the shared play of the interned card
    played = play.card  # found in hands by identity
    index = -1
    # Cards are interned (one instance each, copies and pickles included), so identity
    # finds the card; Card.__eq__ would be a Python-level call for each card passed.
    for i, c in enumerate(hand):
        if c is played:
            index = i
            break
    color = stage.trick_color
    match = state.match
    config = match.config
    if index < 0 or (not follows(played, color) and must_follow(hand, color)):
        check_play(played, hand, color, ghost=config.has_ghost)  # raises, saying why
        index = hand.index(played)  # a card held though not the interned instance
    held = list(hands)
    held[seat] = hand[:index] + hand[index + 1:]
    hands = tuple(held)
    trick = (*stage.trick, (seat, play))
    log = (play, state._log)
    if len(trick) < config.cards_per_trick:
        if color is None:
            color = trick_color(trick)
        return new_playing(match=match, log=log, round=stage.round, table=stage.table,
                           hands=hands, trick=trick, trick_color=color,
                           to_move=NEXT_IN_TRICK[len(held)][seat])  # a hand per player
    table = stage.table
    result = resolve(trick, table.center, table.planks)
    planks = result.planks
    if planks is None:
        raise AssertionError("a trick resolved on planks gives the planks after it")
    tricks = (*table.tricks, result)
    if not round_is_over(hands):
        return _next_trick(match, stage.round, hands, log, placements=table.placements,
                           planks=planks, tricks=tricks, leader=result.next_leader,
                           ghost=table.ghost, center=result.center,
                           set_aside=table.set_aside + result.set_aside)
    return _finish_round(match, stage.round, table.placements, tricks, planks, log)


def _finish_round(match: Match, round: Round, placements: tuple[Place, ...],
                  tricks: tuple[TrickResult, ...], planks: tuple[Plank, ...], log: LogCell
                  ) -> State:
    config = match.config
    points = plank_points(planks, config)
    result = RoundResult(round_number=round.index + 1, dealer=round.dealer, deal=round.deal,
                         placements=placements, tricks=tricks, planks=planks, points=points)
    match = Match(config=config, seed=match.seed, auto_deal=match.auto_deal,
                  totals=tuple(map(operator.add, match.totals, points)),
                  rounds=(*match.rounds, result))
    index = round.index + 1
    if index == config.rounds:
        return Finished(match=match, log=log, round_index=round.index, dealer=round.dealer)
    if match.auto_deal and match.seed is not None:
        return _start_round(match, index, seeded_deal(config, match.seed, index), log)
    return Dealing(match=match, log=log, round_index=index, dealer=index % config.players)


def _start_round(match: Match, index: int, deal: Deal, log: LogCell | None) -> State:
    """Begin round ``index`` with a deal that is known to be valid and canonical."""
    config = match.config
    center = deal.center
    set_aside: tuple[Card, ...] = ()
    if config.set_aside_center_specials:  # the alternative to ruling Q4
        set_aside = tuple(c for c in center if c.is_special)
        center = tuple(c for c in center if not c.is_special)
    if (config.set_aside_center_pair and len(center) == 2 and center[0].color is not None
            and center[0].color is center[1].color):
        set_aside, center = set_aside + center, ()  # the alternative to ruling Q3
    players = config.players
    dealer = index % players
    return new_placing(match=match, log=(deal, log),
                       round=Round(index=index, dealer=dealer, deal=deal),
                       hands=deal.hands, ghost=deal.ghost, center=center, set_aside=set_aside,
                       placements=(None,) * players, to_move=first_to_act(dealer, players))


def _checked_deal(config: Config, deal: Deal) -> Deal:
    """Check a caller's deal against the deck and the sizes; return it in canonical form."""
    size = config.hand_size
    if len(deal.hands) != config.players:
        raise IllegalMoveError(f"deal {config.players} hands, not {len(deal.hands)}")
    for seat, hand in enumerate(deal.hands):
        if len(hand) != size:
            raise IllegalMoveError(f"each player is dealt {size} cards; seat {seat} got "
                                   f"{len(hand)}")
    ghost_size = size if config.has_ghost else 0
    if len(deal.ghost) != ghost_size:
        expected = f"{size} cards for the Pirate King" if ghost_size else "no ghost stack"
        raise IllegalMoveError(f"this deal needs {expected}, not {len(deal.ghost)}")
    if len(deal.center) != config.center_size:
        raise IllegalMoveError(f"with {config.players} players, {config.center_size} cards "
                               f"go to the centre, not {len(deal.center)}")
    left = {c.index for c in config.deck}
    for c in items_of(*deal.hands, deal.center, deal.ghost):
        if not isinstance(c, Card):
            raise IllegalMoveError(f"{c!r} is not a card")
        if c.index not in left:
            which = ("twice" if c in config.deck
                     else f"but is not in the {len(config.deck)}-card deck")
            raise IllegalMoveError(f"{c} is dealt {which}")
        left.remove(c.index)
    return Deal([sorted(map(interned, hand), key=_index) for hand in deal.hands],
                sorted(map(interned, deal.center), key=_index), map(interned, deal.ghost))


def replay(config: Config, moves: Iterable[Move], *, seed: Whole | None = None,
           auto_deal: bool | None = None) -> State:
    """Replay a game from its config and moves (``state.history``), as Skull King's does.

    ``replay(state.config, state.history, seed=state.seed, auto_deal=state.auto_deal)``
    rebuilds a state equal to ``state``. With ``auto_deal`` (the default when a seed is
    given), rounds are dealt from the seed and each :class:`Deal` in ``moves`` must match
    the seed's deal; otherwise the deals in ``moves`` are used.

    >>> from skullgames import queen
    >>> state = queen.new_game(queen.Config(players=3), seed=7)
    >>> for _ in range(4):
    ...     state = queen.apply(state, queen.legal_moves(state)[0])
    >>> queen.replay(state.config, state.history, seed=7) == state
    True
    >>> dealt_by_hand = queen.replay(state.config, state.history)
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
            if state.deal != _checked_deal(checked, move) or state.tricks or any(
                p is not None for p in state.placements
            ):
                raise IllegalMoveError(f"round {state.round_number}: the deal differs from "
                                       "the seed's deal")
            continue
        state = apply(state, move)
    return state


def _index(c: Card) -> int:
    return c.index
