"""Resampling from an information state, for OpenSpiel's information-set search.

A world drawn for a seat must look to that seat exactly as the real game does (its
information state and observation, as strings and tensors, and its legal actions), while
what the seat cannot see is drawn afresh: the real hidden cards must not come back.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from skullgames import ConfigError, IllegalMoveError  # noqa: E402
from skullgames.rl.openspiel import SkullState, resample, resampler  # noqa: E402
from tests.support.rl_examples import load_example  # noqa: E402

KING, QUEEN = "python_skull_king", "python_skull_queen"

CONFIGS = [
    pytest.param(KING, {"players": 3, "rounds": "2 3"}, id="king-3"),
    pytest.param(KING, {"players": 2, "rounds": "2 3"}, id="king-2-graybeard"),
    pytest.param(KING, {"players": 4, "scoring": "rascal", "cannonball": True,
                        "rounds": "3"}, id="king-cannonball"),
    pytest.param(KING, {"players": 5, "edition": "classic", "rounds": "2"}, id="king-classic"),
    pytest.param(KING, {"players": 4, "loot": True, "kraken": True, "white_whale": True,
                        "rounds": "1 3"}, id="king-advanced-cards"),
    pytest.param(QUEEN, {"players": 2, "rounds": 1}, id="queen-2-ghost"),
    pytest.param(QUEEN, {"players": 3, "rounds": 2}, id="queen-3"),
    pytest.param(QUEEN, {"players": 4, "rounds": 1}, id="queen-4-centre"),
    pytest.param(QUEEN, {"players": 5, "rounds": 1, "set_aside_center_pair": True},
                 id="queen-5-set-aside"),
]


def seen_by(state: Any, seat: int) -> tuple[Any, ...]:
    """Everything ``seat`` is shown of ``state``, in every form OpenSpiel gives it."""
    legal = () if state.is_chance_node() else tuple(state.legal_actions())
    return (state.current_player(), legal,
            state.information_state_string(seat), state.observation_string(seat),
            tuple(state.information_state_tensor(seat)), tuple(state.observation_tensor(seat)))


def step(state: Any, rng: random.Random) -> None:
    """One random action: a chance outcome by its odds, or a uniform legal action."""
    if state.is_chance_node():
        actions, odds = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, weights=odds)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_a_world_looks_to_its_seat_as_the_real_game(name: str, params: dict[str, Any]) -> None:
    """At every state of random games (the same state object, changing in place, as a
    search keeps it), worlds for the seat to move, or any seat while dealing, show it
    exactly what the real state shows, and leave the real state as it was."""
    game = pyspiel.load_game(name, params)
    draw = random.Random(7)
    for seed in range(3):
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            seat = (rng.randrange(game.num_players()) if state.is_chance_node()
                    else state.current_player())
            real, history = seen_by(state, seat), state.history()
            for _ in range(2):
                world = resample(state, seat, draw)
                assert seen_by(world, seat) == real
            assert state.history() == history
            step(state, rng)


def hidden_hands(state: Any, seat: int) -> tuple[Any, ...]:
    """The hands ``seat`` cannot see."""
    hands = state.engine.hands
    return tuple(hand for other, hand in enumerate(hands) if other != seat)


@pytest.mark.parametrize(("name", "params"), [CONFIGS[0], CONFIGS[6]])
def test_the_hidden_cards_are_drawn_afresh(name: str, params: dict[str, Any]) -> None:
    """The other hands, and the deal's chance outcomes, differ from the real ones, and
    the other seats' views with them; the finished rounds are the real ones."""
    game = pyspiel.load_game(name, params)
    state, rng = game.new_initial_state(), random.Random(3)
    while state.is_chance_node() or len(state.engine.hands[0]) < 2:
        step(state, rng)
    seat = state.current_player()
    other = (seat + 1) % game.num_players()
    worlds = [resample(state, seat, random.Random(n)) for n in range(10)]
    assert any(hidden_hands(w, seat) != hidden_hands(state, seat) for w in worlds)
    assert any(w.history() != state.history() for w in worlds)
    assert any(w.information_state_string(other) != state.information_state_string(other)
               for w in worlds)
    # In the second round, the first round's actions are the real ones.
    while not (state.is_chance_node() and len(state._progress.deals) == 1):
        step(state, rng)
    boundary = len(state.history())  # the second deal's first card comes next
    while state.is_chance_node():
        step(state, rng)
    world = resample(state, state.current_player(), random.Random(1))
    assert world.history()[:boundary] == state.history()[:boundary]


@pytest.mark.parametrize(("name", "params"), [*CONFIGS, pytest.param(
    KING, {"players": 3, "pirate_abilities": True, "rounds": "2"}, id="king-abilities")])
def test_a_deal_plans_dealt_cards_are_the_inverse_of_its_deal(
        name: str, params: dict[str, Any]) -> None:
    """``make(dealt(deal)) == deal``: the chance outcomes a world deals give its deal."""
    game = pyspiel.load_game(name, params)
    setup = game.new_initial_state()._setup
    rng = random.Random(0)
    for plan in setup.plans:
        for _ in range(5):
            cards = rng.sample(setup.deck, plan.cards)
            deal = plan.make(cards)
            dealt = plan.dealt(deal)
            assert sorted(map(str, dealt)) == sorted(map(str, cards))
            assert plan.make(dealt) == deal


def test_the_pyspiel_method_and_a_seeded_resampler() -> None:
    game = pyspiel.load_game(KING, {"players": 3, "rounds": "2"})
    state, rng = game.new_initial_state(), random.Random(1)
    while state.is_chance_node():
        step(state, rng)
    seat = state.current_player()
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert isinstance(world, SkullState)
    assert seen_by(world, seat) == seen_by(state, seat)
    first, second = resampler(random.Random(5)), resampler(random.Random(5))
    assert first(state, seat).history() == second(state, seat).history()


def test_bad_requests() -> None:
    game = pyspiel.load_game(KING, {"players": 3, "rounds": "2", "pirate_abilities": True})
    with pytest.raises(ConfigError, match="pirate_abilities"):
        resample(game.new_initial_state(), 0, random.Random(0))
    plain = pyspiel.load_game(KING, {"players": 3, "rounds": "2"}).new_initial_state()
    for seat in (3, -1, "0", True, 1.0, None):
        with pytest.raises(IllegalMoveError, match="a seat 0 to 2"):
            resample(plain, seat, random.Random(0))  # type: ignore[arg-type]
    while plain.is_chance_node():
        step(plain, random.Random(0))
    assert resample(plain, np.int64(1), random.Random(0)).information_state_string(1) == (
        plain.information_state_string(1))  # numpy's integers are seats too
    with pytest.raises(TypeError, match="a state of a skullgames pyspiel game, not str"):
        resample("state", 0, random.Random(0))  # type: ignore[arg-type]
    tic_tac_toe = pyspiel.load_game("tic_tac_toe").new_initial_state()
    with pytest.raises(TypeError, match="not TicTacToeState"):
        resample(tic_tac_toe, 0, random.Random(0))
    with pytest.raises(TypeError, match=r"rng: a random\.Random, not int"):
        resample(plain, 0, 7)  # type: ignore[arg-type]
    end = play_to_the_end(plain)
    assert resample(end, 0, random.Random(0)).history() == end.history()


def play_to_the_end(state: Any) -> Any:
    rng = random.Random(0)
    while not state.is_terminal():
        step(state, rng)
    return state


def test_openspiels_ismcts_searches_skull_queen() -> None:
    """A few searched moves of Skull Queen, placements (1,250 actions) included."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(QUEEN, {"players": 3, "rounds": 1})
    numbers = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, numbers), 2.0, 10,
                           random_state=numbers)
    bot.set_resampler(resampler(random.Random(0)))
    state, rng = game.new_initial_state(), random.Random(2)
    searched = 0
    while searched < 4:
        if state.is_chance_node():
            step(state, rng)
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        searched += 1


def test_the_ismcts_example_beats_the_random_bots() -> None:
    example = load_example("openspiel_ismcts")
    searched, others = example.main(["--simulations", "40", "--games", "12"])
    assert searched > others + 5
