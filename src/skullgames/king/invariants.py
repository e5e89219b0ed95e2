"""Whole-state invariants of Skull King, for tests, tools and debugging.

>>> from skullgames.king import new_game
>>> from skullgames.king.invariants import check_invariants
>>> check_invariants(new_game(seed=1))
"""

from __future__ import annotations

from collections import Counter

from skullgames.king.cards import Card
from skullgames.king.state import Phase, State

__all__ = ["InvariantError", "check_invariants"]


class InvariantError(AssertionError):
    """A state breaks an invariant that every state made by ``apply`` keeps."""


def check_invariants(state: State) -> None:
    """Raise :class:`InvariantError` naming the first invariant ``state`` breaks.

    Checked: every card of the deck is in exactly one place (hands, Graybeard's stack,
    the undealt cards, the trick, this round's finished tricks, Bendt's discards); hand
    sizes agree with the tricks played; bids are in range and complete once play has
    begun; trick counts agree with the finished tricks; totals are the sum of the
    rounds' points; the phase agrees with who is to move.

    >>> from skullgames import king
    >>> from skullgames.king.invariants import InvariantError, check_invariants
    >>> state = king.new_game(seed=1)
    >>> check_invariants(state)  # a state made by the engine: nothing to report
    >>> from skullgames.king.state import Bidding, Past
    >>> past = Past(round_index=0, dealer=state.dealer, totals=(5, 0, 0, 0), rounds=())
    >>> try:
    ...     check_invariants(Bidding(setup=state.setup, past=past, hands=state.hands,
    ...                              log=state.log, table=state.table,
    ...                              to_move=state.to_move, bids=state.bids))
    ... except InvariantError as error:
    ...     print(error)
    totals are not the sum of the rounds' points
    """
    config = state.config
    players = config.players

    def fail(message: str) -> None:
        raise InvariantError(message)

    if sum(r.points[0] for r in state.rounds) != state.totals[0] or any(
        sum(r.points[seat] for r in state.rounds) != state.totals[seat] for seat in range(players)
    ):
        fail("totals are not the sum of the rounds' points")
    if state.phase is Phase.OVER:
        if len(state.rounds) != config.round_count or state.to_move is not None:
            fail("a finished game has played every round and nobody is to move")
        return
    if state.phase is Phase.DEAL:
        if state.to_move is not None or any(state.hands):
            fail("a game waiting for a deal has no hands and nobody to move")
        return
    places: Counter[Card] = Counter()
    for hand in state.hands:
        places.update(hand)
    places.update(state.ghost)
    places.update(state.undealt)
    places.update(play.card for _, play in state.trick)
    places.update(play.card for trick in state.tricks for _, play in trick.plays)
    for discards in state.discarded:
        places.update(discards)
    if places != Counter(config.deck):
        missing = Counter(config.deck) - places
        extra = places - Counter(config.deck)
        fail(f"cards not accounted for: missing {sorted(map(str, missing))}, "
             f"extra {sorted(map(str, extra))}")
    size = state.cards_dealt
    played_now = {seat for seat, _ in state.trick}
    drawn = state.pending.drawn if state.pending is not None else 0
    for seat, hand in enumerate(state.hands):
        expected = size - len(state.tricks) - (seat in played_now)
        if state.pending is not None and seat == state.pending.seat:
            expected += drawn
        if len(hand) != expected:
            fail(f"seat {seat} holds {len(hand)} cards, expected {expected}")
    bids = state.bids
    if state.phase is not Phase.BID and any(b is None for b in bids):
        fail("play began before every seat bid")
    if any(b is not None and not 0 <= b <= size for b in bids):
        fail(f"a bid is outside 0..{size}")
    won = Counter(t.winner for t in state.tricks if t.winner is not None)
    if tuple(won[seat] for seat in range(players)) != state.tricks_won:
        fail("trick counts disagree with the finished tricks")
    if state.to_move is None or not 0 <= state.to_move < players:
        fail(f"in phase {state.phase.value} a seat must be to move")
