"""Replaying the moves of a saved Skull Queen game without a state per move.

Loading a saved game replays its moves (:func:`skullgames.serialization.load_game`).
Through ``apply`` that builds a whole state for every move; here the placements and plays
of a round are checked on plain lists, and only the end of each trick (``resolve``, which
moves the pawns) and of each round (``_finish_round``, which scores it and deals the next
from the seed) go through the engine. A state is built once, where the replay stops, with
the same fields ``apply`` would have given it.

The fast path takes only what it knows: placements and plays written in their canonical
text, with every player count (the two-player ghost Pirate King included: his card opens
each trick as in the engine's ``_next_trick``) and every option. At the first move it does
not take, or that breaks a rule, it stops and hands back the state so far; the loader
applies that move through the engine, which words any error, and comes back here. Deals
(games dealt by hand) always go through the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skullgames.queen.cards import Card, Color
from skullgames.queen.game import _finish_round
from skullgames.queen.moves import _CANONICAL, Place, Play
from skullgames.queen.planks import Plank
from skullgames.queen.state import Phase, State, new_state
from skullgames.queen.tricks import Seat, TrickResult, resolve

__all__ = ["replay_fast"]

_PLACE, _PLAY = Phase.PLACE, Phase.PLAY


def replay_fast(state: State, entries: Sequence[Any], start: int) -> tuple[State, int]:
    """Replay ``entries[start:]`` from ``state`` as far as the fast path goes.

    Returns the state reached and the index of the first entry not taken (``len(entries)``
    when all were). The state is equal to the one ``apply`` gives after the same moves.
    """
    index = start
    while index < len(entries) and state.phase in (_PLACE, _PLAY):
        state, taken = _replay_round(state, entries, index)
        if taken == index:
            break
        index = taken
    return state, index


def _replay_round(state: State, entries: Sequence[Any], index: int) -> tuple[State, int]:
    """Replay moves from ``entries[index]`` to the end of the round or the first stop."""
    config = state.config
    players = config.players
    per_trick = config.cards_per_trick
    first_seat = (state.dealer + 1) % players  # places first; with the ghost, plays first
    phase = state.phase
    hands: list[list[Card]] = [list(hand) for hand in state.hands]
    ghost = state.ghost
    center, set_aside = state.center, state.set_aside
    placements: list[Place | None] = list(state.placements)
    planks = state.planks
    leader: Seat = state.leader
    to_move: int = state.to_move  # type: ignore[assignment]
    trick: list[tuple[Seat, Card]] = list(state.trick)
    color: Color | None = state.trick_color
    tricks: list[TrickResult] = list(state.tricks)
    canonical = _CANONICAL
    end = len(entries)

    def built() -> State:
        return new_state(
            config, state.seed, state.auto_deal, phase, state.round_index, state.dealer,
            state.deal, tuple(map(tuple, hands)), ghost, center, set_aside, tuple(placements),
            planks, leader, to_move, tuple(trick), color, tuple(tricks), state.totals,
            state.rounds)

    while index < end:
        entry = entries[index]
        move = canonical.get(entry) if type(entry) is str else None
        if phase is _PLAY:
            if type(move) is not Play:
                return built(), index
            hand = hands[to_move]
            played = move.card  # PLAYS hold the interned cards, found in hands by identity
            for position, held in enumerate(hand):  # noqa: B007 (the loop finds it)
                if held is played:
                    break
            else:
                return built(), index
            if (color is not None and played.color is not color and played.color is not None
                    and any(c.color is color for c in hand)):
                return built(), index  # the engine says which colour must be followed
            del hand[position]
            trick.append((to_move, played))
            if len(trick) < per_trick:
                if color is None and leader is not None:
                    color = played.color  # the first coloured card sets it (DECISIONS Q5)
                to_move = (to_move + 1) % players
                index += 1
                continue
            result = resolve(tuple(trick), center, planks)
            tricks.append(result)
            planks = result.planks  # type: ignore[assignment]
            if not hands[0]:
                # _finish_round reads only what a round keeps (config, deal, placements,
                # totals, ...), which the plays have not changed.
                return _finish_round(built(), tuple(tricks), planks), index + 1
            center = result.center
            set_aside = set_aside + result.set_aside
            leader = result.next_leader
        else:  # placing
            if type(move) is not Place:
                return built(), index
            placements[to_move] = move
            to_move = (to_move + 1) % players
            if to_move != first_seat:
                index += 1
                continue
            # Every seat has placed: the placements are revealed and play begins (Q2).
            planks = tuple([Plank(p.side, p.spaces) for p in placements])  # type: ignore[union-attr]
            phase = _PLAY
        # A trick begins, as in the engine's _next_trick: ``leader`` leads it, or with two
        # players the Pirate King reveals his top card and the captains follow (§1.9).
        trick = []
        color = None
        if ghost:
            top = ghost[0]
            ghost = ghost[1:]
            trick.append((None, top))
            color, leader, to_move = top.color, None, first_seat
        else:
            to_move = leader  # type: ignore[assignment]
        index += 1
    return built(), index
