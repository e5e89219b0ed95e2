"""The Skull Queen bots: legal moves only, observations only, and a consistent sample_world."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skullgames import queen
from skullgames._records import replace
from skullgames.bots import Bot, make_bot
from skullgames.bots.queen import (
    GreedyBot,
    RandomBot,
    SearchBot,
    greedy_place,
    infer_voids,
    sample_world,
)
from skullgames.bots.queen_bots import BOTS
from skullgames.queen import Config, Observation, Phase, State

CONFIGS = [
    Config(players=4),
    Config(players=2),
    Config(players=3),
    Config(players=6, set_aside_center_pair=True, set_aside_center_specials=True),
    Config(players=5, rounds=2, plank_values=(0, 1, 2, 4, 9)),
]


class Recording:
    """Wraps a bot, checking that it gets observations and returns their legal moves."""

    def __init__(self, bot: Bot[Observation, queen.Move]) -> None:
        self.bot = bot
        self.calls = 0

    def choose(self, observation: Observation) -> queen.Move:
        assert type(observation) is Observation
        move = self.bot.choose(observation)
        assert move in observation.legal_moves, (move, observation.phase)
        self.calls += 1
        return move


def play(config: Config, seed: int, bots: list[Recording]) -> State:
    state = queen.new_game(config, seed=seed)
    while not queen.is_over(state):
        seat = queen.current_player(state)
        assert seat is not None
        state = queen.apply(state, bots[seat].choose(queen.observe(state, seat)))
    return state


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_random_and_greedy_bots_play_whole_games_legally(config: Config) -> None:
    bots = [Recording(RandomBot(random.Random(s)) if s % 2 else GreedyBot())
            for s in range(config.players)]
    assert queen.is_over(play(config, 11, bots))
    assert all(b.calls > 0 for b in bots)


@pytest.mark.parametrize("config", [Config(players=4, rounds=1), Config(players=2, rounds=1),
                                    Config(players=6, rounds=1)], ids=repr)
def test_search_bot_plays_legally(config: Config) -> None:
    bots = [Recording(SearchBot(random.Random(s), worlds=2) if s == 0 else GreedyBot())
            for s in range(config.players)]
    play(config, 3, bots)
    assert bots[0].calls > 0


def test_make_bot_knows_the_queen_bots() -> None:
    for name in BOTS:
        bot = make_bot("queen", name, random.Random(0))
        state = queen.new_game(Config(players=3), seed=1)
        view = queen.observe(state, queen.current_player(state))  # type: ignore[arg-type]
        assert bot.choose(view) in view.legal_moves
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("queen", "oracle", random.Random(0))


def test_search_bot_refuses_no_worlds() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        SearchBot(worlds=0)


def test_greedy_place_keeps_pawns_on_the_plank() -> None:
    hand = [queen.card(t) for t in ("R12", "R11", "R10", "R9", "Y1", "Y2", "Y3")]
    place = greedy_place(hand, Config())
    red, yellow = place.spaces[0], place.spaces[1]
    values = queen.side_values(place.side)
    # red will climb: it does not start at the top of the side's best end
    assert values[red] < max(values)
    assert yellow is not None


def positions(config: Config, seed: int, stop: int) -> State:
    """The state after ``stop`` random moves (or the end of the game)."""
    rng = random.Random(seed)
    state = queen.new_game(config, seed=seed)
    for _ in range(stop):
        if queen.is_over(state):
            break
        state = queen.apply(state, rng.choice(queen.legal_moves(state)))
    return state


def twin(state: State, seat: int, rng: random.Random) -> State:
    """A state that looks the same to ``seat``: a sample of its own observation."""
    return sample_world(queen.observe(state, seat), rng)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6),
       stop=st.integers(0, 120), data=st.data())
def test_sample_world_is_consistent_with_the_observation(config: Config, seed: int, stop: int,
                                                         data: st.DataObject) -> None:
    state = positions(config, seed, stop)
    seat = data.draw(st.integers(0, config.players - 1))
    view = queen.observe(state, seat)
    world = sample_world(view, random.Random(seed))
    # the record of the sample starts with this round: the view summarises finished ones
    assert world.rounds == ()
    assert replace(queen.observe(world, seat), rounds=view.rounds) == view
    if world.phase in (Phase.PLACE, Phase.PLAY):
        assert world.deal is not None
        # every card of the deck is accounted for, once
        dealt = [c for h in world.deal.hands for c in h] + [*world.deal.center,
                                                             *world.deal.ghost]
        assert sorted(c.index for c in dealt) == [c.index for c in config.deck]
        # the sample is a state the engine could reach
        if view.round_number == 1:
            assert queen.replay(world.config, world.history) == world
        # nobody holds a colour it failed to follow
        tricks = [t.plays for t in world.tricks] + ([world.trick] if world.trick else [])
        for s, colors in infer_voids(config, tricks).items():
            assert not any(c.color in colors for c in world.hands[s])


@settings(max_examples=25, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), stop=st.integers(0, 80))
def test_bots_decide_from_the_observation_only(config: Config, seed: int, stop: int) -> None:
    state = positions(config, seed, stop)
    if queen.is_over(state):
        return
    seat = queen.current_player(state)
    assert seat is not None
    other = twin(state, seat, random.Random(seed + 1))
    view = queen.observe(state, seat)
    other_view = replace(queen.observe(other, seat), rounds=view.rounds)
    assert view == other_view
    for make in (lambda: RandomBot(random.Random(7)), GreedyBot,
                 lambda: SearchBot(random.Random(7), worlds=1)):
        assert make().choose(view) == make().choose(other_view)


def test_voids_of_the_two_player_game_come_from_the_pirate_king() -> None:
    def c(text: str) -> queen.Play:
        return queen.Play(queen.card(text))

    trick = [(None, c("R4")), (0, c("Y5")), (1, c("R9"))]
    assert infer_voids(Config(players=2), [trick]) == {0: frozenset({queen.Color.RED})}
    special = [(None, c("MONKEY")), (0, c("Y5")), (1, c("R9"))]
    assert infer_voids(Config(players=2), [special]) == {}


def test_sample_world_deals_the_face_down_card_legally() -> None:
    config = Config(players=2)
    for seed in range(30):
        state = queen.new_game(config, seed=seed)
        rng = random.Random(seed)
        while not queen.is_over(state):
            seat = queen.current_player(state)
            assert seat is not None
            if state.phase is Phase.PLAY and len(state.trick) == 2:
                view = queen.observe(state, seat)
                assert view.face_down
                world = sample_world(view, rng)
                assert replace(queen.observe(world, seat), rounds=view.rounds) == view
                if view.round_number == 1:
                    assert queen.replay(config, world.history) == world
                break
            state = queen.apply(state, rng.choice(queen.legal_moves(state)))
