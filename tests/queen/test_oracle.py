"""The engine's trick evaluation against the slow oracle of oracle.py, on random tricks
and on every trick of random games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames.queen import Card, Config, Plank, Side, apply, is_over, legal_moves, new_game
from skullgames.queen import resolve_trick as resolve_trick_
from skullgames.queen.cards import ALL_CARDS
from skullgames.queen.tricks import TrickResult
from tests.support.queen.helpers import WITHOUT_SHRINKING
from tests.support.queen.oracle import oracle


def agree(result: TrickResult, planks: list[Plank]) -> None:
    expected = oracle([(seat, play.card) for seat, play in result.plays], result.center_before,
                      planks)
    assert [(m.seat, m.color, m.steps) for m in result.movements] == expected["moves"]
    assert {str(c) for c in result.center} == expected["center"]
    assert {str(c) for c in result.set_aside} == expected["aside"]
    assert len({c.index for c in result.set_aside}) == len(result.set_aside)  # each once
    assert result.next_leader == expected["leader"]
    assert result.planks is not None
    assert [p.spaces for p in result.planks] == expected["spaces"]


@st.composite
def tricks(draw: st.DrawFn) -> tuple[list[tuple[int | None, Card]], list[Card], list[Plank]]:
    ghost = draw(st.booleans())
    players = 2 if ghost else draw(st.integers(min_value=3, max_value=6))
    size = players + (1 if ghost else 0)
    picked = draw(st.lists(st.sampled_from(ALL_CARDS), min_size=size, max_size=size + 4,
                           unique=True))
    cards, center = picked[:size], picked[size:]
    if all(c.is_special for c in cards):
        cards[-1], center = center[0] if center else ALL_CARDS[0], center[1:]
        if cards[-1] in cards[:-1] or cards[-1] in center:
            cards[-1] = next(c for c in ALL_CARDS if c not in picked)
    if ghost:
        seats: list[int | None] = [None, *draw(st.permutations([0, 1]))]
    else:
        lead = draw(st.integers(min_value=0, max_value=players - 1))
        seats = [(lead + k) % players for k in range(players)]
    planks = [Plank(draw(st.sampled_from(Side)), tuple(
        draw(st.lists(st.none() | st.integers(0, 4), min_size=4, max_size=4))))
        for _ in range(players)]
    return list(zip(seats, cards, strict=True)), center, planks


@settings(max_examples=400, deadline=None)
@given(trick=tricks())
def test_random_tricks_agree_with_the_oracle(
        trick: tuple[list[tuple[int | None, Card]], list[Card], list[Plank]]) -> None:
    plays, center, planks = trick
    agree(resolve_trick_(plays, center, planks=planks), planks)


@settings(max_examples=10, deadline=None, phases=WITHOUT_SHRINKING)
@given(players=st.integers(min_value=2, max_value=6), seed=st.integers(0, 2**32),
       choices=st.integers(0, 2**32))
def test_every_trick_of_random_games_agrees_with_the_oracle(players: int, seed: int,
                                                            choices: int) -> None:
    rng = random.Random(choices)
    state = new_game(Config(players=players), seed=seed)
    checked = 0
    while not is_over(state):
        before, previous = state.planks, state.last_trick
        state = apply(state, rng.choice(legal_moves(state)))
        if state.last_trick is not previous:
            assert state.last_trick is not None
            agree(state.last_trick, list(before))
            checked += 1
    assert checked == len(state.rounds) * state.config.hand_size
