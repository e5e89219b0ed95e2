"""Whole-state invariants of Skull Queen, checked at every step of the property tests."""

from __future__ import annotations

from skullgames.queen import Phase, Plank, State, score_round
from skullgames.queen.rules import placing_order


def check_invariants(state: State) -> None:
    """Raise AssertionError when ``state`` is not one the rules can produce."""
    config = state.config
    players = config.players
    assert len(state.hands) == players
    assert state.totals == tuple(sum(r.points[s] for r in state.rounds) for s in range(players))
    for result in state.rounds:
        assert result.points == score_round(result.planks, config)
        assert len(result.tricks) == config.hand_size
    if state.phase in (Phase.DEAL, Phase.OVER):
        assert state.hands == ((),) * players
        assert state.center == state.set_aside == state.ghost == ()
        assert state.trick == ()
        assert state.to_move is None
        assert len(state.rounds) == (config.rounds if state.phase is Phase.OVER
                                     else state.round_index)
        return
    # Every card is accounted for: hands + ghost's stack + centre + set aside + trick.
    on_table = [c for _, c in state.trick]
    everywhere = [c for hand in state.hands for c in hand]
    everywhere += [*state.ghost, *state.center, *state.set_aside, *on_table]
    assert sorted(c.index for c in everywhere) == [c.index for c in config.deck]
    for hand in state.hands:
        assert list(hand) == sorted(hand, key=lambda c: c.index)
    assert len(state.rounds) == state.round_index
    assert state.dealer == state.round_index % players
    assert state.deal is not None
    order = placing_order(state.dealer, players)
    if state.phase is Phase.PLACE:
        placed = [p is not None for p in (state.placements[s] for s in order)]
        assert placed == sorted(placed, reverse=True)  # seat order from the dealer's left
        assert state.to_move == order[placed.count(True)]
        assert state.planks == ()
        assert state.tricks == ()
        assert state.trick == ()
        assert all(len(h) == config.hand_size for h in state.hands)
        return
    assert state.phase is Phase.PLAY
    assert all(p is not None for p in state.placements)
    assert len(state.planks) == players
    for plank in state.planks:
        assert all(s is None or 0 <= s <= 4 for s in plank.spaces)
    if state.tricks:
        assert state.planks == state.tricks[-1].planks
    else:
        assert state.planks == tuple(
            Plank(p.side, p.spaces) for p in state.placements if p is not None)
    played = [seat for seat, _ in state.trick if seat is not None]
    if config.has_ghost:
        assert state.trick[0][0] is None
        assert state.leader is None
        assert state.trick_color is state.trick[0][1].color
        assert len(state.ghost) == config.hand_size - len(state.tricks) - 1
        assert played == list(order[:len(played)])
        assert state.to_move == order[len(played)]
    else:
        leader = state.leader
        assert leader is not None
        assert played == [(leader + k) % players for k in range(len(played))]
        assert state.to_move == (leader + len(played)) % players
        colored = [c.color for _, c in state.trick if c.color is not None]
        assert state.trick_color is (colored[0] if colored else None)
    remaining = config.hand_size - len(state.tricks)
    for seat, hand in enumerate(state.hands):
        assert len(hand) == remaining - (seat in played)
    # The centre holds at most one card per colour after the first trick.
    if state.tricks:
        colors = [c.color for c in state.center]
        assert len(colors) == len(set(colors))
        assert None not in colors
