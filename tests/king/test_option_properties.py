"""Property tests over whole random games with every option drawn: two players with
Graybeard, pirate abilities, Rascal's scoring with the Cannonball, round plans and the
judgement-call options. The invariants of the base game must hold for all of them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames import IllegalMoveError, from_json, to_json
from skullgames._records import replace
from skullgames.king import (
    AdjustBid,
    Bid,
    ChooseLeader,
    Config,
    Deal,
    Discard,
    Move,
    Phase,
    Play,
    Shot,
    State,
    Wager,
    apply,
    card,
    is_over,
    legal_moves,
    new_game,
    observe,
    replay,
)
from skullgames.king.invariants import check_invariants
from tests.support.king.configs import option_configs
from tests.support.king.invariants import check_state


def wrong_moves(state: State) -> list[Move]:
    """Moves of every other kind than the phase takes, and out-of-range ones of its kind."""
    moves: list[Move] = [Bid(0), Shot(True), ChooseLeader(0), Wager(10), AdjustBid(0),
                         Discard((card("ESC"),)), Play(card("SK"))]
    kind = {Phase.BID: Bid, Phase.SHOT: Shot, Phase.PLAY: Play}.get(state.phase)
    if state.phase is Phase.ABILITY:
        kind = type(legal_moves(state)[0])
    wrong = [m for m in moves if type(m) is not kind]
    if state.phase is Phase.BID:
        wrong.append(Bid(state.cards_dealt + 1))
    if state.phase is Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        held = set(state.hands[seat])
        wrong.extend(Play(c) for c in state.config.deck if c not in held
                     and c.kind.value != "tigress")
    if state.phase is Phase.ABILITY:
        legal = set(legal_moves(state))
        wrong.extend(m for m in (ChooseLeader(9), Wager(15), AdjustBid(2), AdjustBid(-2),
                                 Discard(()), Discard((card("SK"), card("MER"))))
                     if m not in legal)
    return wrong


@settings(max_examples=60, deadline=None)
@given(config=option_configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_option_games_keep_every_invariant(config: Config, seed: int, choices: int) -> None:
    rng = random.Random(choices)
    state = new_game(config, seed=seed)
    steps = 0
    while not is_over(state):
        check_invariants(state)
        moves = legal_moves(state)
        assert moves, f"no legal move in phase {state.phase}"
        for move in moves if len(moves) <= 12 else rng.sample(moves, 12):
            apply(state, move)  # every legal move applies
        for move in rng.sample(wrong_moves(state), min(4, len(wrong_moves(state)))):
            with pytest.raises(IllegalMoveError):
                apply(state, move)
        before = to_json(state)
        state_after = apply(state, rng.choice(moves))
        assert to_json(state) == before  # the old state never changes
        state = state_after
        steps += 1
        if steps % 41 == 0:
            assert from_json(to_json(state), State) == state
    check_invariants(state)
    assert from_json(to_json(state), State) == state
    assert replay(config, state.history, seed=state.seed) == state
    manual = replay(config, state.history)
    assert manual.totals == state.totals
    assert manual.rounds == state.rounds
    for seat in range(config.players):
        assert state.totals[seat] == sum(r.points[seat] for r in state.rounds)


@settings(max_examples=40, deadline=None)
@given(config=option_configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32),
       stop=st.integers(0, 12))
def test_observations_do_not_change_with_what_a_seat_cannot_see(
        config: Config, seed: int, choices: int, stop: int) -> None:
    """Swap the cards a seat cannot see (other hands, Graybeard's stack, the undealt
    cards) by replaying the same public moves from a different deal: the seat's
    observation is the same, until something it saw differs."""
    rng = random.Random(choices)
    state = new_game(config, seed=seed)
    moves: list[Move] = []
    for _ in range(stop):
        if is_over(state) or state.round_index > 0:
            break
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply(state, move)
    if state.round_index > 0 or is_over(state):
        return
    seat = rng.randrange(config.players)
    deal = state.deal
    assert deal is not None
    # Everything this seat cannot see, reshuffled among the places it cannot see.
    hidden_places = [list(h) for s, h in enumerate(deal.hands) if s != seat]
    pool = [c for h in hidden_places for c in h] + list(deal.ghost) + list(deal.stock)
    played = {id(p) for _, p in state.trick} | {id(p) for t in state.tricks for _, p in t.plays}
    if played or state.phase is Phase.ABILITY or any(state.peeked):
        return  # played cards pin down the hidden hands: keep this example to the bidding
    rng.shuffle(pool)
    hands, at = [], 0
    for s, hand in enumerate(deal.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(pool[at:at + len(hand)]))
            at += len(hand)
    ghost = tuple(pool[at:at + len(deal.ghost)])
    stock = tuple(pool[at + len(deal.ghost):])
    other = new_game(config, auto_deal=False)
    other = apply(other, Deal(hands, ghost, stock))
    for move in moves:
        other = apply(other, move)
    mine, theirs = observe(state, seat), observe(other, seat)
    assert mine == theirs
    assert to_json(mine) == to_json(theirs)


@settings(max_examples=60, deadline=None)
@given(config=option_configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32),
       length=st.integers(0, 300))
def test_what_a_seat_cannot_see_can_change_without_changing_its_observation(
        config: Config, seed: int, choices: int, length: int) -> None:
    """Deal every card a seat has not seen anew (other hands, Graybeard's stack, the
    undealt cards), consistently with what it saw: the seat's observation is the same,
    with every option on (pirate abilities, Cannonball, the ghost)."""
    from skullgames.bots.king import sample_world

    rng = random.Random(choices)
    state = new_game(config, seed=seed)
    for _ in range(length):
        if is_over(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))
    seat = rng.randrange(config.players)
    view = observe(state, seat)
    world = sample_world(view, random.Random(seed))
    if view.round_number == 1 and view.phase is not Phase.OVER:
        check_invariants(world)  # a sample's record starts with this round
    # The view summarises the finished rounds, which the sample does not carry.
    seen = replace(observe(world, seat), rounds=view.rounds)
    assert seen == view
    assert to_json(seen) == to_json(view)
    if state.phase is not Phase.OVER and state.phase is not Phase.DEAL:
        # Only the unseen cards moved: the seat's hand stays, and the unseen cards are the
        # same cards, dealt among other hands, Graybeard's stack and the undealt ones.
        def unseen(s: State) -> list[str]:
            cards = [c for other, h in enumerate(s.hands) if other != seat for c in h]
            return sorted(map(str, [*cards, *s.ghost, *s.undealt,
                                    *(c for other, d in enumerate(s.discarded)
                                      if other != seat for c in d)]))
        assert world.hands[seat] == state.hands[seat]
        assert unseen(world) == unseen(state)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32),
       loot=st.booleans())
def test_character_ends_choice_off_keeps_the_modelled_invariants(
        players: int, seed: int, choices: int, loot: bool) -> None:
    """K4, S1 played the other way: the rules model of ``tests/support/king/invariants.py`` (the
    suit to follow after an escape lead and a character) holds after every move."""
    config = Config(players=players, loot=loot, kraken=True, white_whale=True,
                    character_ends_choice=False, rounds="skip_to_the_brawl")
    rng = random.Random(choices)
    state = new_game(config, seed=seed)
    while not is_over(state):
        check_state(state)
        state = apply(state, rng.choice(legal_moves(state)))
    check_state(state)
