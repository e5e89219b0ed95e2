"""Whole-state invariants of Skull Queen, for tests, tools and debugging.

>>> from skullgames.queen import new_game
>>> from skullgames.queen.invariants import check_invariants
>>> check_invariants(new_game(seed=1))
"""

from __future__ import annotations

from skullgames.queen.game import not_a_state
from skullgames.queen.rules import placing_order, trick_color
from skullgames.queen.scoring import Plank, score_round
from skullgames.queen.state import Phase, State

__all__ = ["InvariantError", "check_invariants"]


class InvariantError(AssertionError):
    """A state breaks an invariant that every state made by ``apply`` keeps."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise InvariantError(message)


def check_invariants(state: State) -> None:
    """Raise :class:`InvariantError` naming the first invariant ``state`` breaks.

    Checked: the totals are the sum of the finished rounds' points, and each round's
    points what its planks score; between rounds nothing is on the table; during a round
    every card of the deck is in exactly one place (hands, the Pirate King's stack, the
    centre, the cards set aside, the trick), hands are sorted and as large as the tricks
    played leave them; placements come in seat order from the dealer's left; the planks
    are the placements moved by the finished tricks; the trick was played in turn from
    its leader (or from the dealer's left after the Pirate King), and its colour is the
    one :func:`~skullgames.queen.rules.trick_color` gives; after the first trick the
    centre holds at most one card of each colour and no Monkey or First Mate.
    """
    if not isinstance(state, State):
        raise not_a_state(state)
    config = state.config
    players = config.players
    hand_size = config.hand_size
    _require(len(state.hands) == players, "one hand per seat")
    _require(state.totals == tuple(sum(r.points[s] for r in state.rounds)
                                   for s in range(players)),
             "totals are not the sum of the rounds' points")
    for result in state.rounds:
        _require(result.points == score_round(result.planks, config),
                 f"round {result.round_number}: points are not what the planks score")
        _require(len(result.tricks) == hand_size,
                 f"round {result.round_number}: {len(result.tricks)} tricks, not {hand_size}")
    if state.phase in (Phase.DEAL, Phase.OVER):
        _require(state.hands == ((),) * players and not state.trick and state.to_move is None
                 and state.center == state.set_aside == state.ghost == (),
                 "between rounds nothing is on the table and nobody is to move")
        rounds = config.rounds if state.phase is Phase.OVER else state.round_index
        _require(len(state.rounds) == rounds, f"{len(state.rounds)} rounds played, not {rounds}")
        return
    on_table = [play.card for _, play in state.trick]
    everywhere = [c for hand in state.hands for c in hand]
    everywhere += [*state.ghost, *state.center, *state.set_aside, *on_table]
    _require(sorted(c.index for c in everywhere) == [c.index for c in config.deck],
             "every card of the deck is in exactly one place")
    for seat, hand in enumerate(state.hands):
        _require(list(hand) == sorted(hand, key=lambda c: c.index),
                 f"seat {seat}'s hand is in canonical order")
    _require(len(state.rounds) == state.round_index, "the finished rounds precede this one")
    _require(state.dealer == state.round_index % players, "the deal passes to the left")
    _require(state.deal is not None, "a round in progress has its deal")
    order = placing_order(state.dealer, players)
    if state.phase is Phase.PLACE:
        placed = [state.placements[s] is not None for s in order]
        _require(placed == sorted(placed, reverse=True),
                 "seats place in order from the dealer's left")
        _require(state.to_move == order[placed.count(True)], "the next seat in order places")
        _require(state.planks == () and state.tricks == () and state.trick == (),
                 "no plank or trick before every seat has placed")
        _require(all(len(h) == hand_size for h in state.hands), "full hands while placing")
        return
    _require(state.phase is Phase.PLAY, f"unknown phase {state.phase!r}")
    _require(all(p is not None for p in state.placements), "every seat placed before play")
    _require(len(state.planks) == players, "one plank per seat")
    if state.tricks:
        _require(state.planks == state.tricks[-1].planks, "the planks are the last trick's")
    else:
        _require(state.planks == tuple(Plank(p.side, p.spaces) for p in state.placements
                                       if p is not None), "the planks are the placements")
    played = [seat for seat, _ in state.trick if seat is not None]
    if config.has_ghost:
        _require(bool(state.trick) and state.trick[0][0] is None and state.leader is None,
                 "the Pirate King leads every trick")
        _require(len(state.ghost) == hand_size - len(state.tricks) - 1,
                 "the Pirate King reveals one card a trick")
        _require(played == list(order[:len(played)]) and state.to_move == order[len(played)],
                 "the captains commit in order from the dealer's left")
    else:
        leader = state.leader
        _require(leader is not None, "a seat leads the trick")
        assert leader is not None
        _require(played == [(leader + k) % players for k in range(len(played))]
                 and state.to_move == (leader + len(played)) % players,
                 "the trick is played in turn from its leader")
    _require(state.trick_color is trick_color(state.trick), "the trick colour is the rule's")
    remaining = hand_size - len(state.tricks)
    for seat, hand in enumerate(state.hands):
        _require(len(hand) == remaining - (seat in played),
                 f"seat {seat} holds {len(hand)} cards")
    if state.tricks:
        colors = [c.color for c in state.center]
        _require(len(colors) == len(set(colors)) and None not in colors,
                 "after a trick the centre holds single cards of distinct colours")
