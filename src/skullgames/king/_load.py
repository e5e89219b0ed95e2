"""Replaying the moves of a saved Skull King game without a state per move.

Loading a saved game replays its moves (:func:`skullgames.serialization.load_game`).
Through ``apply`` that builds a whole state for every move; here the bids and plays of a
round are checked on plain lists, and only the end of each trick (``resolve``) and of each
round (``_finish_round``, which scores it and deals the next) go through the engine. A
state is built once, where the replay stops, with the same fields ``apply`` would have
given it.

The fast path takes only what it knows: bids and plays written in their canonical text, in
games without Graybeard. At the first move it does not take (a Cannonball, a pirate's
ability, a move spelt otherwise) or that breaks a rule, it stops and hands back the state
so far; the loader applies that move through the engine, which words any error, and comes
back here. With pirate abilities every trick ends through the engine (``_finish_trick``),
which knows when a pirate's ability waits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skullgames.king.cards import Card
from skullgames.king.game import _finish_round, _finish_trick
from skullgames.king.moves import _CANONICAL, Bid, Play
from skullgames.king.state import MoveLog, Phase, State, new_state
from skullgames.king.tricks import Seat, SuitState, TrickResult, next_suit, resolve

__all__ = ["replay_fast"]


def replay_fast(state: State, entries: Sequence[Any], start: int) -> tuple[State, int]:
    """Replay ``entries[start:]`` from ``state`` as far as the fast path goes.

    Returns the state reached and the index of the first entry not taken (``len(entries)``
    when all were). The state is equal to the one ``apply`` gives after the same moves.
    """
    if state.config.has_ghost:
        return state, start
    index = start
    while index < len(entries) and state.phase in (Phase.BID, Phase.PLAY):
        state, taken = _replay_round(state, entries, index)
        if taken == index:
            break
        index = taken
    return state, index


def _replay_round(state: State, entries: Sequence[Any], index: int) -> tuple[State, int]:
    """Replay moves from ``entries[index]`` to the end of the round or the first stop."""
    config = state.config
    players = config.players
    phase = state.phase
    cards_dealt = len(state.deal.hands[0])  # type: ignore[union-attr]
    first_bidder = (state.dealer + 1) % players
    bids: list[int | None] = list(state.bids)
    hands: list[list[Card]] = [list(hand) for hand in state.hands]
    trick: list[tuple[Seat, Play]] = list(state.trick)
    suit_state, lead = state.suit_state, state.lead_suit
    tricks: list[TrickResult] = list(state.tricks)
    tricks_won = list(state.tricks_won)
    leader: Seat = state.leader
    to_move: int = state.to_move  # type: ignore[assignment]
    log = state.log
    canonical = _CANONICAL
    abilities = config.pirate_abilities
    end = len(entries)

    def built() -> State:
        return new_state(
            config, state.seed, state.auto_deal, phase, state.round_index, state.dealer,
            state.deal, tuple(map(tuple, hands)), state.undealt, state.ghost, tuple(bids),
            state.shots, tuple(tricks_won), leader, to_move, tuple(trick), suit_state, lead,
            tuple(tricks), state.pending, state.wagers, state.discarded, state.peeked,
            state.totals, state.rounds, log)

    while index < end:
        entry = entries[index]
        move = canonical.get(entry) if type(entry) is str else None
        if phase is Phase.BID:
            if type(move) is not Bid or move.n > cards_dealt:
                return built(), index
            bids[to_move] = move.n
            to_move = (to_move + 1) % players
            if to_move == first_bidder:
                if config.cannonball:  # the secret Grapeshot or Cannonball, through apply
                    phase = Phase.SHOT
                else:
                    phase, to_move = Phase.PLAY, leader  # type: ignore[assignment]
        elif phase is Phase.PLAY:
            if type(move) is not Play:
                return built(), index
            hand = hands[to_move]
            played = move.card
            for position, held in enumerate(hand):  # noqa: B007 (cards are interned)
                if held is played:
                    break
            else:
                return built(), index
            if (suit_state is SuitState.SET and played.suit is not None
                    and played.suit is not lead and any(c.suit is lead for c in hand)):
                return built(), index  # the engine says which suit must be followed
            del hand[position]
            trick.append((to_move, move))
            if suit_state is SuitState.OPEN:
                suit_state, lead = next_suit(suit_state, lead, move, config, len(trick) == 1)
            if len(trick) < players:
                to_move = (to_move + 1) % players
            else:
                result = resolve(tuple(trick), config, lead)
                if abilities:
                    log = MoveLog((move, log))
                    return _finish_trick(built(), tuple(map(tuple, hands)), state.ghost, result,
                                         log), index + 1
                tricks.append(result)
                if result.winner is not None:
                    tricks_won[result.winner] += 1
                leader = to_move = result.next_leader  # type: ignore[assignment]
                trick.clear()
                suit_state, lead = SuitState.OPEN, None
                if not hands[0]:
                    log = MoveLog((move, log))
                    to_move = None  # type: ignore[assignment]
                    return _finish_round(built()), index + 1
        else:
            return built(), index
        log = MoveLog((move, log))
        index += 1
    return built(), index
