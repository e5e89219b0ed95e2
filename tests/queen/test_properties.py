"""Property tests over whole random seeded games at every player count.

At every step: every card is accounted for (skullgames.queen.invariants), ``legal_moves`` is
non-empty until the end, every legal move applies and sampled illegal ones raise
IllegalMoveError, ``apply`` changes nothing it was given, observations hide what they
must, and totals are the sum of the round scores. Games repeat from their seed, and
save and load through JSON.
"""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames import IllegalMoveError, from_json, to_json
from skullgames.queen import (
    PLACES,
    Card,
    Config,
    Deal,
    Move,
    Phase,
    Play,
    State,
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    observe,
    replay,
)
from skullgames.queen.invariants import check_invariants
from skullgames.queen.moves import PLAYS
from skullgames.queen.state import Placing, Playing, Round, Table
from tests.support.queen.helpers import WITHOUT_SHRINKING

PLAYERS = st.integers(min_value=2, max_value=6)
SEEDS = st.integers(min_value=0, max_value=2**53 - 1)  # seeds JSON keeps exactly
OPTIONS = st.fixed_dictionaries({
    "set_aside_center_pair": st.booleans(),
    "set_aside_center_specials": st.booleans(),
})


def illegal_moves(state: State, rng: random.Random) -> list[Move]:
    """A sample of moves that the rules refuse in ``state``."""
    wrong: list[Move] = [Deal(state.hands)]
    if state.phase is Phase.PLACE:
        wrong.append(PLAYS[rng.randrange(50)])
    elif state.phase is Phase.PLAY:
        wrong.append(rng.choice(PLACES))
        hand = state.hands[state.to_move]  # type: ignore[index]
        wrong.append(rng.choice([p for p in PLAYS if p.card not in hand]))
        legal = legal_moves(state)
        wrong.extend(Play(c) for c in hand if Play(c) not in legal)
    else:
        wrong.append(rng.choice(PLACES))
    return wrong


def hidden_changed(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with everything ``seat`` may not see changed: the other hands, the
    ghost's stack, the placements still hidden, the other captain's face-down card."""
    players = state.config.players
    others = [s for s in range(players) if s != seat]
    face_down = [(i, s) for i, (s, _) in enumerate(state.trick)
                 if state.config.has_ghost and s is not None and s != seat]
    pool: list[Card] = [c for s in others for c in state.hands[s]] + list(state.ghost)
    pool += [state.trick[i][1].card for i, _ in face_down]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = tuple(sorted(pool[:len(hands[s])], key=lambda c: c.index)), \
            pool[len(hands[s]):]
    ghost, pool = tuple(pool[:len(state.ghost)]), pool[len(state.ghost):]
    trick = list(state.trick)
    for i, s in face_down:
        trick[i], pool = (s, Play(pool[0])), pool[1:]
    stage = state.stage
    if isinstance(stage, Placing):
        placements = tuple(p if s == seat or p is None else rng.choice(PLACES)
                           for s, p in enumerate(stage.placements))
        round_ = Round(index=stage.round.index, dealer=stage.round.dealer, deal=Deal(()))
        stage = Placing(match=stage.match, log=stage._log, round=round_, hands=tuple(hands),
                        ghost=ghost, center=stage.center, set_aside=stage.set_aside,
                        placements=placements, to_move=stage.to_move)
    elif isinstance(stage, Playing):
        round_ = Round(index=stage.round.index, dealer=stage.round.dealer, deal=Deal(()))
        t = stage.table
        table = Table(placements=t.placements, planks=t.planks, tricks=t.tricks,
                      leader=t.leader, ghost=ghost, center=t.center, set_aside=t.set_aside)
        stage = Playing(match=stage.match, log=stage._log, round=round_, table=table,
                        hands=tuple(hands), trick=tuple(trick), trick_color=stage.trick_color,
                        to_move=stage.to_move)
    return stage


def check_step(state: State, rng: random.Random, deep: bool) -> None:
    check_invariants(state)
    legal = legal_moves(state)
    if is_over(state):
        assert legal == ()
        assert current_player(state) is None
    else:
        assert legal, "no legal move before the end"
        assert current_player(state) is not None
    sample = legal if state.phase is Phase.PLAY else rng.sample(legal, min(3, len(legal)))
    for move in sample:
        apply(state, move)
    for move in illegal_moves(state, rng):
        try:
            apply(state, move)
        except IllegalMoveError:
            continue
        raise AssertionError(f"{move!r} was accepted in {state.phase}")
    for seat in range(state.config.players):
        view = observe(state, seat)
        assert view.hand == state.hands[seat]
        assert view.legal_moves == (legal if seat == state.to_move else ())
        assert observe(hidden_changed(state, seat, rng), seat) == view
    if deep:
        snapshot = copy.deepcopy(state)
        if legal:
            apply(state, rng.choice(legal))
        assert state == snapshot  # apply never changes the state it is given
        assert from_json(to_json(state), State) == state


def play_out(config: Config, seed: int, rng: random.Random, *, every: int) -> State:
    state = new_game(config, seed=seed)
    moves: list[Move] = []
    step = 0
    while True:
        check_step(state, rng, deep=step % every == 0)
        if is_over(state):
            break
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply(state, move)
        step += 1
    # Same seed and moves, same game; the history replays to the same state.
    again = new_game(config, seed=seed)
    for move in moves:
        again = apply(again, move)
    assert again == state
    assert replay(config, state.history, seed=seed) == state
    assert from_json(to_json(state), State) == state
    return state


@settings(max_examples=25, deadline=None, phases=WITHOUT_SHRINKING)
@given(players=PLAYERS, seed=SEEDS, options=OPTIONS, choices=SEEDS)
def test_random_games_keep_every_rule(players: int, seed: int, options: dict[str, bool],
                                      choices: int) -> None:
    config = Config(players=players, **options)
    state = play_out(config, seed, random.Random(choices), every=29)
    assert len(state.rounds) == config.rounds
    assert state.totals == tuple(sum(r.points[s] for r in state.rounds)
                                 for s in range(players))


@settings(max_examples=10, deadline=None, phases=WITHOUT_SHRINKING)
@given(players=PLAYERS, seed=SEEDS, choices=SEEDS)
def test_games_dealt_by_the_caller_save_and_replay(players: int, seed: int,
                                                   choices: int) -> None:
    config = Config(players=players, rounds=2)
    rng = random.Random(choices)
    dealt = play_out(config, seed, rng, every=10**9)
    state = new_game(config, auto_deal=False)
    for move in dealt.history:
        assert legal_moves(state) or state.phase is Phase.DEAL
        state = apply(state, move)
        if rng.random() < 0.05:
            assert from_json(to_json(state), State) == state
    assert state.rounds == dealt.rounds
    assert from_json(to_json(state), State) == state
    assert replay(config, state.history) == state


@settings(max_examples=15, deadline=None)
@given(players=PLAYERS, seed=SEEDS)
def test_same_seed_same_game(players: int, seed: int) -> None:
    config = Config(players=players)
    first = new_game(config, seed=seed)
    assert first == new_game(config, seed=seed)
    a, b = first, new_game(config, seed=seed)
    while not is_over(a):
        move = legal_moves(a)[len(legal_moves(a)) // 3]
        a, b = apply(a, move), apply(b, move)
        assert a == b
