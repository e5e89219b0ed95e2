"""The Skull King bots: legal moves only, observations only, and a consistent sample_world."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skullgames import king, simulate
from skullgames._records import replace
from skullgames.bots import BOT_NAMES, Bot, make_bot
from skullgames.bots.king import (
    GreedyBot,
    RandomBot,
    SearchBot,
    expected_tricks,
    greedy_bid,
    infer_voids,
    sample_world,
)
from skullgames.bots.king_bots import BOTS
from skullgames.king import Config, Edition, Observation, Phase, Pirate, Scoring, State

CONFIGS = [
    Config(players=4),
    Config(players=2),
    Config(players=8),
    Config(players=5, edition=Edition.CLASSIC),
    Config(players=3, loot=True, kraken=True, white_whale=True),
    Config(players=6, scoring=Scoring.RASCAL, rounds="whirlpool"),
]


class Recording:
    """Wraps a bot, checking that it gets observations and returns their legal moves."""

    def __init__(self, bot: Bot[Observation, king.Move]) -> None:
        self.bot = bot
        self.calls = 0

    def choose(self, observation: Observation) -> king.Move:
        assert type(observation) is Observation
        move = self.bot.choose(observation)
        assert move in observation.legal_moves, (move, observation.legal_moves)
        self.calls += 1
        return move


def play(config: Config, seed: int, bots: list[Recording]) -> State:
    state = king.new_game(config, seed=seed)
    while not king.is_over(state):
        seat = king.current_player(state)
        assert seat is not None
        state = king.apply(state, bots[seat].choose(king.observe(state, seat)))
    return state


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_random_and_greedy_bots_play_whole_games_legally(config: Config) -> None:
    bots = [Recording(RandomBot(random.Random(s)) if s % 2 else GreedyBot())
            for s in range(config.players)]
    state = play(config, 11, bots)
    assert king.is_over(state)
    assert all(b.calls > 0 for b in bots)


@pytest.mark.parametrize("config", [Config(players=3, rounds=(1, 4, 7)),
                                    Config(players=4, kraken=True, white_whale=True,
                                           loot=True, rounds=(6, 8)),
                                    Config(players=2, rounds=(5,))], ids=repr)
def test_search_bot_plays_legally(config: Config) -> None:
    bots = [Recording(SearchBot(random.Random(s), worlds=2) if s == 0 else GreedyBot())
            for s in range(config.players)]
    play(config, 3, bots)
    assert bots[0].calls > 0


@pytest.mark.parametrize("config", [
    Config(players=4, rounds=(2,), scoring=Scoring.RASCAL, cannonball=True),
    Config(players=4, rounds=(2, 3), pirate_abilities=True),
], ids=repr)
def test_search_bot_plays_through_shots_and_abilities(config: Config) -> None:
    """Issue 22 item 1: the search played a round out in the bid and play phases only,
    and crashed on the Grapeshot/Cannonball choice (K11) and the pirates' abilities (K12)
    of its sampled worlds. It decides in those phases too, by asking the game."""
    phases: Counter[Phase] = Counter()
    for seed in range(4):
        bots = [Recording(SearchBot(random.Random(seed), worlds=2) if s == 0
                          else RandomBot(random.Random(seed * 10 + s)))
                for s in range(config.players)]
        state = king.new_game(config, seed=seed)
        while not king.is_over(state):
            seat = king.current_player(state)
            assert seat is not None
            view = king.observe(state, seat)
            if seat == 0:
                phases[view.phase] += 1
            state = king.apply(state, bots[seat].choose(view))
    extra = Phase.SHOT if config.cannonball else Phase.ABILITY
    assert phases[extra] > 0 and phases[Phase.PLAY] > 0  # the phases above did occur


def test_bots_are_fixed_by_their_seed() -> None:
    def game(seed: int) -> State:
        bots = [Recording(make_bot("king", name, random.Random(seed + s)))
                for s, name in enumerate(["random", "search", "greedy"])]
        return play(Config(players=3, rounds=(2, 5)), 7, bots)

    assert game(1).history == game(1).history


def test_a_bot_decides_from_the_observation_alone() -> None:
    """Two worlds that look the same from a seat get the same move from the same bot."""
    state = king.new_game(Config(players=4), seed=21)
    rng = random.Random(0)
    for _ in range(40):  # into round 3
        state = king.apply(state, rng.choice(king.legal_moves(state)))
    seat = king.current_player(state)
    assert seat is not None
    view = king.observe(state, seat)
    other = sample_world(view, random.Random(5))
    assert other.hands != state.hands
    # the sample's record starts with this round; the view summarises the finished ones
    other_view = replace(king.observe(other, seat), rounds=view.rounds)
    assert other_view == view
    for name in BOT_NAMES:
        a = make_bot("king", name, random.Random(9)).choose(view)
        b = make_bot("king", name, random.Random(9)).choose(other_view)
        assert a == b


def test_make_bot_refuses_unknown_names() -> None:
    assert set(BOTS) == set(BOT_NAMES)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("king", "genius", random.Random())
    with pytest.raises(ValueError, match="unknown game"):
        make_bot("chess", "random", random.Random())
    with pytest.raises(ValueError, match="no move"):
        GreedyBot().choose(king.observe(king.new_game(seed=1), 0))


def test_greedy_bid_follows_card_strength() -> None:
    config = Config()
    strong = tuple(map(king.card, ["SK", "ROSIE", "HARRY", "B14", "MER"]))
    weak = tuple(map(king.card, ["ESC", "ESC", "Y2", "G3", "P4"]))
    assert greedy_bid(strong, config) >= 4
    assert greedy_bid(weak, config) == 0
    assert expected_tricks(strong, config) > expected_tricks(weak, config)


def test_greedy_ducks_once_its_bid_is_made() -> None:
    # Seat 0 bid 0 and holds a pirate and an escape; yellow 9 led, purple 5: it escapes.
    config = Config(players=3, rounds=(2,))
    hands = ((king.card("ESC"), king.card("ROSIE")), (king.card("Y9"), king.card("B3")),
             (king.card("G2"), king.card("P5")))
    state = king.apply(king.new_game(config, auto_deal=False), king.Deal(hands))
    for bid in (1, 0, 0):  # seats 1, 2, 0
        state = king.apply(state, king.Bid(bid))
    state = king.apply(state, king.Play(king.card("Y9")))
    state = king.apply(state, king.Play(king.card("P5")))
    assert GreedyBot().choose(king.observe(state, 0)) == king.Play(king.card("ESC"))


def test_greedy_wins_cheaply_when_it_needs_a_trick() -> None:
    # Seat 0 bid 1 and plays last: a black 3 is enough, the pirate is kept.
    config = Config(players=3, rounds=(2,))
    hands = ((king.card("B3"), king.card("ROSIE")), (king.card("Y9"), king.card("B1")),
             (king.card("G2"), king.card("P5")))
    state = king.apply(king.new_game(config, auto_deal=False), king.Deal(hands))
    for bid in (1, 0, 1):  # seats 1, 2, 0
        state = king.apply(state, king.Bid(bid))
    state = king.apply(state, king.Play(king.card("Y9")))
    state = king.apply(state, king.Play(king.card("P5")))
    assert GreedyBot().choose(king.observe(state, 0)) == king.Play(king.card("B3"))


# --------------------------------------------------------------------------- sample_world


def random_position(config: Config, seed: int, steps: int) -> State:
    state = king.new_game(config, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if king.is_over(state):
            break
        state = king.apply(state, rng.choice(king.legal_moves(state)))
    return state


configs = st.sampled_from(CONFIGS + [Config(players=7, kraken=True, white_whale=True)])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 10**6), steps=st.integers(0, 400),
       seat=st.integers(0, 7), sample=st.integers(0, 10**6))
def test_sample_world_is_consistent_with_the_observation(
    config: Config, seed: int, steps: int, seat: int, sample: int
) -> None:
    state = random_position(config, seed, steps)
    seat %= config.players
    view = king.observe(state, seat)
    world = sample_world(view, random.Random(sample))

    # The seat cannot tell the sample from the real game (whose record starts with this
    # round: the observation only summarises the finished ones)...
    assert world.rounds == ()
    assert replace(king.observe(world, seat), rounds=view.rounds) == view
    # ...which is a game the engine could have reached...
    if view.round_number == 1:
        assert king.replay(world.config, world.history) == world
    # ...where nobody holds a suit they failed to follow...
    tricks = [t.plays for t in view.tricks] + ([view.trick] if view.trick else [])
    for who, suits in infer_voids(config, tricks).items():
        if who is not None:
            assert not any(c.suit in suits for c in world.hands[who])
    # ...and the cards add up to the deck.
    if world.deal is not None:
        dealt = Counter(c for hand in world.deal.hands for c in hand)
        dealt.update(world.deal.ghost)
        dealt.update(world.undealt)
        assert dealt == Counter(config.deck)
    # Bids the seat has seen are kept; hidden ones are made up but within range.
    if view.phase is Phase.PLAY:
        assert world.bids == state.bids


def test_sample_world_with_juanitas_look_and_bendts_draw() -> None:
    """With the pirates' abilities (K12), at every state of random games and for every
    seat: the sample looks to the seat as the real game does; the undealt cards the seat
    saw with Juanita Jade are the sample's undealt cards still, on top (but for those
    Bendt the Bandit drew since, which are in his hand until he discards); and the voids
    hold but for Bendt's drawer before his draw, whose new cards may be of any suit.
    She shows which cards are undealt, not their order (K12): which of them Bendt drew
    the sample guesses, so it finds the real ones only some of the time."""
    config = Config(players=4, pirate_abilities=True)
    looked = drawn_seen = guessed_right = 0
    for seed in range(10):
        state, rng = king.new_game(config, seed=seed), random.Random(seed)
        while not king.is_over(state):
            for seat in range(config.players):
                view = king.observe(state, seat)
                world = sample_world(view, random.Random(seed * 10 + seat))
                assert replace(king.observe(world, seat), rounds=view.rounds) == view
                if view.phase is not Phase.DEAL:  # every card in one place
                    places = Counter(c for hand in world.hands for c in hand)
                    places.update(world.undealt)
                    places.update(world.ghost)
                    places.update(c for cards in world.discarded for c in cards)
                    places.update(p.card for t in view.tricks for _, p in t.plays)
                    places.update(p.card for _, p in view.trick)
                    assert places == Counter(config.deck)
                if view.undealt is not None and view.phase is not Phase.DEAL:
                    looked += 1
                    undealt = state.undealt  # only Bendt takes from the top
                    top = Counter(world.undealt[:len(undealt)])
                    assert top <= Counter(view.undealt)
                    guessed_right += top == Counter(undealt)
                    pending = view.pending
                    if pending is not None and pending.pirate is Pirate.BENDT:
                        drawn = Counter(view.undealt) - top
                        assert sum(drawn.values()) == pending.drawn
                        if pending.seat != seat:
                            assert drawn <= Counter(world.hands[pending.seat])
                        drawn_seen += 1
                tricks = [t.plays for t in view.tricks] + ([view.trick] if view.trick else [])
                voids = infer_voids(config, tricks)
                for i, trick in enumerate(view.tricks):
                    if trick.winning_card is not None and trick.winning_card.pirate is \
                            Pirate.BENDT and trick.winner is not None:
                        voids[trick.winner] = infer_voids(config, tricks[i + 1:]).get(
                            trick.winner, frozenset())
                for who, suits in voids.items():
                    if who is not None and who != seat:
                        assert not any(c.suit in suits for c in world.hands[who])
            state = king.apply(state, rng.choice(king.legal_moves(state)))
    assert looked > 100 and drawn_seen > 0  # the cases above did occur
    # Bendt's draws after a look: the sample does not always know the drawn cards.
    assert guessed_right < looked


def test_sample_world_respects_a_known_void() -> None:
    # Seat 1 showed a black card on a yellow lead: no sample gives it yellow.
    config = Config(players=3, rounds=(10,))
    state = king.new_game(config, seed=0)
    rng = random.Random(4)
    while True:
        state = king.apply(state, rng.choice(king.legal_moves(state)))
        voids = infer_voids(config, [t.plays for t in state.tricks])
        if state.phase is Phase.PLAY and any(s != 0 for s in voids):
            break
    for sample in range(30):
        world = sample_world(king.observe(state, 0), random.Random(sample))
        for who, suits in voids.items():
            if who is not None and who != 0:
                assert not any(c.suit in suits for c in world.hands[who])


def test_sample_world_varies_and_deals_like_a_shuffle() -> None:
    view = king.observe(random_position(Config(players=4, rounds=(10,)), 8, 4), 0)
    counts: Counter[str] = Counter()
    for sample in range(200):
        world = sample_world(view, random.Random(sample))
        counts.update(str(c) for c in world.hands[1])
    assert len(counts) > 40  # seat 1's hand is drawn from everything seat 0 has not seen


def test_sample_world_guesses_hidden_bids() -> None:
    state = king.apply(king.new_game(Config(players=4), seed=2), king.Bid(1))
    view = king.observe(state, 2)
    assert view.bids == (None, None, None, None)
    world = sample_world(view, random.Random(1), guess_bid=lambda seat, hand: len(hand))
    assert world.bids[1] == world.cards_dealt
    assert world.bids[2] is None
    assert king.observe(world, 2) == view


def test_sample_world_at_the_end_of_the_game() -> None:
    state = random_position(Config(players=3, rounds=(1, 2)), 1, 1000)
    assert king.is_over(state)
    view = king.observe(state, 1)
    world = sample_world(view, random.Random(0))
    assert king.is_over(world) and world.totals == state.totals
    assert replace(king.observe(world, 1), rounds=view.rounds) == view


def test_a_small_comparison_runs() -> None:
    """The 1,000-game comparison of docs/bots.md, in miniature; nothing about strength."""
    result = simulate("king", Config(players=3, rounds=(1, 3)), bots="search,greedy,random",
                      games=3, jobs=1)
    assert [r.bot for r in result.bots] == ["random", "greedy", "search"]
    assert all(r.games == 3 and r.seats == 3 for r in result.bots)
    assert all(0 <= r.win_rate.mean <= 1 for r in result.bots)


def test_the_example_of_docs_bots_md_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/bots.md", "exec"), {})
    assert capsys.readouterr().out.strip().endswith(",)")


def test_the_bots_use_only_public_engine_names() -> None:
    # Issue 11: the bots ask the engine's rule functions and import nothing private.
    source = (Path(__file__).resolve().parents[2] / "src/skullgames/bots/king.py").read_text()
    imports = re.findall(r"^from skullgames\.king[\w.]* import (\([^)]*\)|.*)$", source,
                         flags=re.MULTILINE)
    assert imports
    names = [name.strip(" \n()") for group in imports for name in group.split(",")]
    names = [name for name in names if name]
    assert names and not [name for name in names if name.startswith("_")]


def test_infer_voids_follows_the_rule_of_the_engine() -> None:
    # K4: after a character lead (modern) there is no suit to follow, so an off-suit number
    # card reveals nothing; after an escape lead the first number card sets the suit.
    config = Config(players=3)
    free = [(0, king.Play(king.card("ROSIE"))), (1, king.Play(king.card("Y5"))),
            (2, king.Play(king.card("G2")))]
    assert infer_voids(config, [free]) == {}
    escape = [(0, king.Play(king.card("ESC"))), (1, king.Play(king.card("Y5"))),
              (2, king.Play(king.card("G2")))]
    assert infer_voids(config, [escape]) == {2: frozenset({king.Suit.YELLOW})}
    # Classic: a special lead leaves the choice to the next number card (K4).
    classic = Config(players=3, edition=Edition.CLASSIC)
    mary = [(0, king.Play(king.card("ROSIE"))), (1, king.Play(king.card("Y5"))),
            (2, king.Play(king.card("R2")))]
    assert infer_voids(classic, [mary]) == {2: frozenset({king.Suit.YELLOW})}
