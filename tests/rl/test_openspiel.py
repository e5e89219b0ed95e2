"""The OpenSpiel adapter: OpenSpiel's own conformance test, the deal, the views, bad input.

CI installs the ``openspiel`` extra, so these tests run there; the skip is only for a
checkout without it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from skullgames import GAMES, ConfigError, IllegalMoveError, king, queen  # noqa: E402
from skullgames.rl.openspiel import PolicyBot, parameters  # noqa: E402
from skullgames.rl.openspiel._params import config_from  # noqa: E402
from tests.support.rl import CONFORMANCE, play_out  # noqa: E402

KING, QUEEN = "python_skull_king", "python_skull_queen"


@pytest.mark.parametrize(("name", "params"), CONFORMANCE)
def test_random_sim_test_passes_with_serialization(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), CONFORMANCE[:1] + CONFORMANCE[6:7])
def test_returns_are_the_engine_scores_within_the_score_bounds(
        name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    engine = GAMES[game.skullgames_game.name]
    lowest, highest = engine.score_bounds(game.config)
    assert (game.min_utility(), game.max_utility()) == (lowest, highest)
    for seed in range(5):
        state = play_out(game.new_initial_state(), random.Random(seed))
        assert state.returns() == [float(s) for s in engine.scores(state.engine)]
        assert all(lowest <= r <= highest for r in state.returns())


def test_sizes_follow_the_action_space_and_the_deck() -> None:
    config = king.Config(players=3, rounds=(1, 2), pirate_abilities=True)
    game = pyspiel.load_game(KING, parameters(config))
    assert game.config == config
    assert game.num_distinct_actions() == king.action_space(config).size
    assert game.max_chance_outcomes() == len(config.deck) == 70
    # Bids and plays, plus at most one decision per named pirate (four) per round.
    assert game.max_game_length() == 3 * (1 + 1) + 3 * (1 + 2) + 1 + 2
    assert game.get_type().max_num_players == 8
    assert pyspiel.load_game(QUEEN).get_type().max_num_players == 6


# The parameters.


@pytest.mark.parametrize("config", [
    king.Config(),
    king.Config(players=2, rounds=(1, 3), kraken=True, edition=king.Edition.MODERN),
    king.Config(players=5, edition=king.Edition.CLASSIC, rounds="whirlpool", hand_cap=4),
    king.Config(players=3, scoring=king.Scoring.RASCAL, cannonball=True, whale_leader=
                king.WhaleLeader.WOULD_HAVE_WON, character_ends_choice=False, rounds=(2,)),
])
def test_a_king_config_round_trips_through_the_game_string(config: king.Config) -> None:
    game = pyspiel.load_game(KING, parameters(config))
    assert game.config == config
    assert pyspiel.load_game(str(game)).config == config


@pytest.mark.parametrize("config", [
    queen.Config(), queen.Config(players=6), queen.Config(players=3, rounds=1),
    queen.Config(players=2, plank_values=(0, 1, 1, 2, 10), set_aside_center_specials=True),
])
def test_a_queen_config_round_trips_through_the_game_string(config: queen.Config) -> None:
    game = pyspiel.load_game(QUEEN, parameters(config))
    assert game.config == config
    assert pyspiel.load_game(str(game)).config == config


def test_queen_rounds_default_to_as_many_as_players() -> None:
    assert pyspiel.load_game(QUEEN, {"players": 6}).config.rounds == 6
    assert pyspiel.load_game(QUEEN, {"players": 6, "rounds": 2}).config.rounds == 2


def test_an_unknown_parameter_is_refused_by_pyspiel() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'jokers'"):
        pyspiel.load_game(KING, {"jokers": True})


def test_config_from_refuses_an_unknown_parameter_too() -> None:
    with pytest.raises(ConfigError, match="unknown parameter"):
        config_from(GAMES["king"], {"jokers": True})


@pytest.mark.parametrize(("params", "message"), [
    ({"players": 9}, "players: the modern edition is for 2 to 8 players"),
    ({"edition": "pirate"}, "edition: one of 'modern', 'classic', not 'pirate'"),
    ({"rounds": "1,2"}, "separate numbers by spaces"),
    ({"rounds": "0 2"}, "rounds: hand sizes must be whole numbers of at least 1"),
    ({"rounds": "shortest"}, "rounds: unknown preset 'shortest'"),
    ({"edition": "classic", "kraken": True}, "kraken: only the modern edition"),
])
def test_bad_king_parameters_raise_config_error(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        pyspiel.load_game(KING, params)


def test_bad_queen_parameters_raise_config_error() -> None:
    with pytest.raises(ConfigError, match="plank_values"):
        pyspiel.load_game(QUEEN, {"plank_values": "1 2 3"})
    with pytest.raises(ConfigError, match="Skull Queen is for 2 to 6 players"):
        pyspiel.load_game(QUEEN, {"players": 7})


# The deal, card by card.


def deal(state: Any, cards: list[str], parse: Any) -> None:
    deck = state.get_game().config.deck
    for text in cards:
        state.apply_action(deck.index(parse(text)))


def test_chance_outcomes_are_the_undealt_cards_by_their_first_deck_index() -> None:
    game = pyspiel.load_game(KING, {"players": 3, "rounds": "2"})
    state = game.new_initial_state()
    deck = game.config.deck
    outcomes = dict(state.chance_outcomes())
    escape = deck.index(king.card("ESC"))
    assert len(outcomes) == len(set(deck)) == 65  # 70 cards: five escapes, two mermaids
    assert outcomes[escape] == pytest.approx(5 / 70)
    assert outcomes[deck.index(king.card("SK"))] == pytest.approx(1 / 70)
    assert escape + 1 not in outcomes  # the second escape is dealt as the first
    state.apply_action(escape)
    outcomes = dict(state.chance_outcomes())
    assert outcomes[escape] == pytest.approx(4 / 69)
    assert sum(outcomes.values()) == pytest.approx(1)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, escape) == "deal ESC"


def test_hands_are_dealt_round_robin_and_the_deal_applied_at_the_last_card() -> None:
    game = pyspiel.load_game(KING, {"players": 3, "rounds": "2"})
    state = game.new_initial_state()
    deal(state, ["Y1", "G2", "P3", "SK", "ESC"], king.card)
    assert state.is_chance_node()
    assert state.engine.phase is king.Phase.DEAL
    deal(state, ["MER"], king.card)
    assert state.current_player() == 1  # the left of the dealer bids first
    assert state.engine.hands == tuple(tuple(map(king.card, hand.split()))
                                       for hand in ["Y1 SK", "G2 ESC", "P3 MER"])


def test_graybeards_stack_is_dealt_after_the_hands_top_card_first() -> None:
    game = pyspiel.load_game(KING, {"players": 2, "rounds": "2"})
    state = game.new_initial_state()
    deal(state, ["Y1", "G2", "P3", "P4", "B14", "ESC"], king.card)
    assert state.engine.hands == ((king.card("Y1"), king.card("P3")),
                                  (king.card("G2"), king.card("P4")))
    assert state.engine.ghost == (king.card("B14"), king.card("ESC"))


def test_with_pirate_abilities_the_top_two_undealt_cards_are_chance_too() -> None:
    game = pyspiel.load_game(KING, {"players": 2, "rounds": "1", "pirate_abilities": True})
    state = game.new_initial_state()
    deal(state, ["Y1", "G2", "P3", "BENDT"], king.card)
    assert state.is_chance_node()
    deal(state, ["SK"], king.card)
    engine = state.engine
    assert engine.undealt[:2] == (king.card("BENDT"), king.card("SK"))
    assert sorted(c.order for c in engine.undealt) == sorted(
        c.order for c in game.config.deck if c not in (king.card("Y1"), king.card("G2"),
                                                      king.card("P3"))) != []


def test_skull_queen_deals_hands_then_the_face_up_centre() -> None:
    game = pyspiel.load_game(QUEEN, {"players": 4, "rounds": 1})
    state = game.new_initial_state()
    deck = game.config.deck
    cards = [str(c) for c in deck[:48]] + [str(deck[48]), str(deck[49])]
    deal(state, cards, queen.card)
    engine = state.engine
    assert engine.hands[0] == deck[0:48:4]
    assert engine.center == (deck[48], deck[49])
    seen = state.observation_string(1)
    assert f"center=({deck[48]} {deck[49]})" in seen


def test_the_two_player_queen_ghost_stack_is_dealt_top_card_first() -> None:
    game = pyspiel.load_game(QUEEN, {"players": 2, "rounds": 1})
    state = game.new_initial_state()
    deck = list(game.config.deck)
    order = deck[:28] + list(reversed(deck[28:]))  # the stack: the last 14, highest first
    deal(state, [str(c) for c in order], queen.card)
    for _ in range(2):
        state.apply_action(0)  # both place: the first trick begins
    assert state.engine.trick == ((None, queen.Play(deck[-1])),)  # the Pirate King turned his top


# Bad actions.


def dealt_king(params: dict[str, Any], seed: int = 1) -> Any:
    state = pyspiel.load_game(KING, params).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    return state


def test_an_action_out_of_range_raises_illegal_move_error_and_changes_nothing() -> None:
    state = dealt_king({"players": 3, "rounds": "2"})
    before = str(state)
    with pytest.raises(IllegalMoveError, match="out of range"):
        state.apply_action(state.get_game().num_distinct_actions())
    with pytest.raises(pyspiel.SpielError, match="kInvalidAction"):
        state.apply_action(-1)  # pyspiel's own check
    assert str(state) == before
    assert state.history() == dealt_king({"players": 3, "rounds": "2"}).history()


def test_an_action_that_is_not_legal_now_raises_illegal_move_error() -> None:
    state = dealt_king({"players": 3, "rounds": "2"})
    space = king.action_space(state.get_game().config)
    with pytest.raises(IllegalMoveError, match="bidding"):
        state.apply_action(space.index(king.Play(king.card("SK"))))
    for _ in range(3):
        state.apply_action(1)  # everyone bids 1
    hand = state.engine.hands[state.current_player()]
    elsewhere = next(c for c in state.get_game().config.deck if c not in hand)
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        state.apply_action(space.index(king.Play(elsewhere)))


def test_a_chance_outcome_that_is_no_undealt_card_raises_illegal_move_error() -> None:
    game = pyspiel.load_game(KING, {"players": 3, "rounds": "1"})
    state = game.new_initial_state()
    skull_king = game.config.deck.index(king.card("SK"))
    state.apply_action(skull_king)
    with pytest.raises(IllegalMoveError, match="no undealt card"):
        state.apply_action(skull_king)  # only one Skull King
    escape = game.config.deck.index(king.card("ESC"))
    with pytest.raises(IllegalMoveError, match="no undealt card"):
        state.apply_action(escape + 1)  # the second escape's index is never an outcome
    with pytest.raises(IllegalMoveError, match="out of range"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 70)


def test_a_finished_game_takes_no_action() -> None:
    game = pyspiel.load_game(KING, {"players": 2, "rounds": "1"})
    state = play_out(game.new_initial_state(), random.Random(3))
    assert state.legal_actions() == []
    with pytest.raises(IllegalMoveError, match="over"):
        state.apply_action(0)


# What a seat sees.


def at_bidding(params: dict[str, Any], bids: list[int], seed: int = 2) -> Any:
    state = dealt_king(params, seed)
    for n in bids:
        state.apply_action(n)  # bids are actions 0..m
    return state


def views(state: Any, seat: int) -> tuple[str, list[float], str, list[float]]:
    return (state.information_state_string(seat), state.information_state_tensor(seat),
            state.observation_string(seat), state.observation_tensor(seat))


def test_a_bid_is_hidden_from_the_others_until_every_seat_has_bid() -> None:
    # DECISIONS K13: bids are secret until all are in.
    params = {"players": 3, "rounds": "2"}
    zero, one = at_bidding(params, [0]), at_bidding(params, [1])
    bidder = 1  # the left of the dealer bids first
    for seat in (0, 2):
        assert views(zero, seat) == views(one, seat)
    assert views(zero, bidder)[0] != views(one, bidder)[0]
    assert views(zero, bidder)[1] != views(one, bidder)[1]
    revealed_zero, revealed_one = at_bidding(params, [0, 1, 1]), at_bidding(params, [1, 1, 1])
    for seat in range(3):
        assert views(revealed_zero, seat)[0] != views(revealed_one, seat)[0]
        assert views(revealed_zero, seat)[1] != views(revealed_one, seat)[1]


def test_other_hands_are_not_in_a_seats_views() -> None:
    game = pyspiel.load_game(KING, {"players": 3, "rounds": "1"})
    first, second = game.new_initial_state(), game.new_initial_state()
    deal(first, ["Y1", "G2", "SK"], king.card)
    deal(second, ["Y1", "G5", "MER"], king.card)
    assert views(first, 0) == views(second, 0)
    assert views(first, 1) != views(second, 1)
    assert views(first, 2) != views(second, 2)


def test_bendts_discard_is_hidden_from_the_other_seats() -> None:
    # RESEARCH.md §3.8, DECISIONS K12: Bendt draws two undealt cards, discards two.
    game = pyspiel.load_game(KING, {"players": 2, "rounds": "2", "pirate_abilities": True})
    space = king.action_space(game.config)
    ends = []
    for discard in ("Y1 Y2", "Y1 Y9"):
        state = game.new_initial_state()
        # Seat 0 holds Bendt and Y1; Graybeard's stack is G1 G2; Y2 and Y9 lie on top.
        deal(state, ["BENDT", "B1", "Y1", "B2", "G1", "G2", "Y2", "Y9"], king.card)
        for move in ["bid 1", "bid 1", "B1", "BENDT"]:  # Graybeard plays G1 after B1
            state.apply_action(space.index(king.parse_move(move)))
        assert state.engine.pending == king.Pending(pirate=king.Pirate.BENDT, seat=0, drawn=2)
        state.apply_action(space.index(king.parse_move(f"discard {discard}")))
        ends.append(state)
    assert ends[0].engine.hands[0] == (king.card("Y9"),)
    assert views(ends[0], 1)[:2] == views(ends[1], 1)[:2]
    assert views(ends[0], 0)[:2] != views(ends[1], 0)[:2]


def test_a_queen_placement_is_hidden_until_all_have_placed() -> None:
    # DECISIONS Q2: placements are revealed together.
    game = pyspiel.load_game(QUEEN, {"players": 3, "rounds": 1})
    space = queen.action_space(game.config)
    states = []
    for placement in ("front 0 0 0 0", "back 4 4 4 4"):
        state = game.new_initial_state()
        deal(state, [str(c) for c in game.config.deck], queen.card)
        state.apply_action(space.index(queen.parse_move(placement)))
        states.append(state)
    mover = 1
    for seat in (0, 2):
        assert views(states[0], seat) == views(states[1], seat)
    assert views(states[0], mover)[0] != views(states[1], mover)[0]


def test_the_observation_tensor_is_the_rl_encoding_and_opens_the_infostate_tensor() -> None:
    from skullgames.rl import encode

    state = at_bidding({"players": 3, "rounds": "2"}, [1, 0])
    for seat in range(3):
        encoded = encode(king.observe(state.engine, seat)).tolist()
        assert state.observation_tensor(seat) == encoded
        assert state.information_state_tensor(seat)[:len(encoded)] == encoded


def test_the_infostate_tensor_records_the_public_history() -> None:
    state = at_bidding({"players": 3, "rounds": "2"}, [1, 0, 2])
    before = state.information_state_tensor(0)
    state.apply_action(state.legal_actions()[0])
    after = state.information_state_tensor(0)
    assert sum(after) > sum(before)
    assert len(after) == state.get_game().information_state_tensor_size()
    assert np.isfinite(after).all()


# A trained policy as a bot.


class Recorder:
    """A uniform policy that records the information states it is asked about."""

    def __init__(self) -> None:
        self.keys: list[str] = []

    def action_probabilities(self, state: Any, player: int) -> dict[int, float]:
        self.keys.append(state.information_state_string(player))
        legal = state.legal_actions()
        return {a: 1 / len(legal) for a in legal}


@pytest.mark.parametrize(("name", "params"), [
    (KING, {"players": 3, "rounds": "1 2", "pirate_abilities": True, "kraken": True}),
    (KING, {"players": 2, "rounds": "2", "cannonball": True, "scoring": "rascal"}),
    (QUEEN, {"players": 2, "rounds": 1}),
])
def test_a_policy_bot_sees_the_information_state_openspiel_computes(
        name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    engine = GAMES[game.skullgames_game.name]
    for seed in range(3):
        rng = random.Random(seed)
        recorders = [Recorder() for _ in range(game.num_players())]
        bots = [PolicyBot(r, game, random.Random(seat)) for seat, r in enumerate(recorders)]
        expected: list[list[str]] = [[] for _ in recorders]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            seat = state.current_player()
            expected[seat].append(state.information_state_string(seat))
            move = bots[seat].choose(engine.observe(state.engine, seat))
            state.apply_action(engine.action_space(game.config).index(move))
        assert [r.keys for r in recorders] == expected


def test_a_policy_bot_refuses_another_config_and_a_seat_not_to_move() -> None:
    game = pyspiel.load_game(KING, {"players": 3, "rounds": "1"})
    bot = PolicyBot(Recorder(), game)
    state = king.new_game(king.Config(players=3, rounds=(2,)), seed=1)
    with pytest.raises(ConfigError, match="this bot plays"):
        bot.choose(king.observe(state, 1))
    state = king.new_game(game.config, seed=1)
    with pytest.raises(ValueError, match="no move to make"):
        bot.choose(king.observe(state, 0))
    with pytest.raises(TypeError, match="skullgames pyspiel game"):
        PolicyBot(Recorder(), pyspiel.load_game("kuhn_poker"))


def test_the_mccfr_example_beats_the_random_bot() -> None:
    from tests.support.rl_examples import load_example

    example = load_example("openspiel_mccfr")
    learned, random_bot = example.main(["--iterations", "300", "--games", "200"])
    assert learned > random_bot + 1


def test_a_policy_bot_plays_openspiels_uniform_random_policy_to_the_end() -> None:
    from open_spiel.python.policy import UniformRandomPolicy

    game = pyspiel.load_game(QUEEN, {"players": 3, "rounds": 1})
    bots = [PolicyBot(UniformRandomPolicy(game), game, random.Random(seat)) for seat in range(3)]
    state = queen.new_game(game.config, seed=5)
    moves = 0
    while not queen.is_over(state):
        seat = queen.current_player(state)
        assert seat is not None
        move = bots[seat].choose(queen.observe(state, seat))
        assert move in queen.legal_moves(state)
        state = queen.apply(state, move)
        moves += 1
    assert moves == game.max_game_length()  # three placements and 3 x 14 plays, no more


# As OpenSpiel's own games answer (issue 22 item 5).


def test_a_player_has_no_legal_action_at_a_chance_node_as_in_kuhn_poker() -> None:
    kuhn = pyspiel.load_game("kuhn_poker").new_initial_state()
    assert kuhn.is_chance_node() and kuhn.legal_actions(0) == []
    for name, params in ((KING, {"players": 3, "rounds": "1"}), (QUEEN, {"players": 4})):
        game = pyspiel.load_game(name, params)
        state = game.new_initial_state()
        assert state.is_chance_node()
        outcomes = [a for a, _ in state.chance_outcomes()]
        for seat in range(game.num_players()):
            assert state.legal_actions(seat) == []
            assert state.legal_actions_mask(seat) == [0] * game.num_distinct_actions()
        assert state.legal_actions() == state.legal_actions(pyspiel.PlayerId.CHANCE)
        assert state.legal_actions() == outcomes
        mask = state.legal_actions_mask(pyspiel.PlayerId.CHANCE)
        assert len(mask) == game.max_chance_outcomes()
        assert [a for a, flag in enumerate(mask) if flag] == outcomes
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        seat = state.current_player()
        legal = state.legal_actions()
        assert legal and state.legal_actions(seat) == legal
        assert state.legal_actions((seat + 1) % game.num_players()) == []
        assert sum(state.legal_actions_mask(seat)) == len(legal)


def test_chance_outcomes_at_a_players_node_fail_as_in_kuhn_poker() -> None:
    kuhn = pyspiel.load_game("kuhn_poker").new_initial_state()
    while kuhn.is_chance_node():
        kuhn.apply_action(kuhn.legal_actions()[0])
    with pytest.raises(pyspiel.SpielError):
        kuhn.chance_outcomes()
    state = dealt_king({"players": 3, "rounds": "1"}, 4)
    assert not state.is_chance_node()
    for error in (pyspiel.SpielError, IllegalMoveError):
        with pytest.raises(error, match="only a chance node"):
            state.chance_outcomes()
    end = play_out(state, random.Random(1))
    with pytest.raises(IllegalMoveError, match="only a chance node"):
        end.chance_outcomes()


@pytest.mark.parametrize(("name", "params", "shown"), [
    (QUEEN, {}, "rounds=4"), (QUEEN, {"players": 3}, "rounds=3"),
    (QUEEN, {"players": 2, "rounds": 5}, "rounds=5"), (KING, {"rounds": "1 2"}, "rounds=[1 2]"),
])
def test_the_games_string_shows_the_options_in_force(name: str, params: dict[str, Any],
                                                     shown: str) -> None:
    """``str(load_game("python_skull_queen"))`` showed ``rounds=0``, the unset value."""
    game = pyspiel.load_game(name, params)
    assert shown in str(game).split("(")[1].rstrip(")").split(",")
    again = pyspiel.load_game(str(game))
    assert again.config == game.config and str(again) == str(game)
    assert f"rounds={game.get_parameters()['rounds']}" == shown


_PRIVATE = pyspiel.PrivateInfoType


@pytest.mark.parametrize(("private", "public", "words"), [
    (_PRIVATE.ALL_PLAYERS, True, "public information and every seat's private information"),
    (_PRIVATE.NONE, True, "public information and no private information"),
    (_PRIVATE.SINGLE_PLAYER, False, "no public information and the seat's private information"),
])
@pytest.mark.parametrize("recall", [False, True])
def test_an_observation_type_the_game_does_not_offer_is_refused_in_words(
        private: Any, public: bool, words: str, recall: bool) -> None:
    """Issue 35: the message printed the type's object address
    (``<pyspiel.IIGObservationType object at 0x...>``); it says what was asked for."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(KING, {"players": 3})
    asked = pyspiel.IIGObservationType(perfect_recall=recall, public_info=public,
                                       private_info=private)
    with pytest.raises(ConfigError) as error:
        make_observation(game, asked)
    recalled = "with" if recall else "without"
    assert str(error.value) == (
        "iig_obs_type: the game offers a seat's own view (public information and the "
        "seat's private information, with or without perfect recall), not "
        f"{words}, {recalled} perfect recall")
    assert " at 0x" not in str(error.value)
    with pytest.raises(TypeError, match=r"^iig_obs_type must be a pyspiel\.IIGObservationType"):
        game.make_py_observer("observation")
    with pytest.raises(ConfigError, match=r"^params: observation parameters are not supported"):
        game.make_py_observer(None, {"depth": 1})


@pytest.mark.parametrize(("name", "params"), CONFORMANCE)
def test_a_game_pickles_by_its_name_and_parameters_as_pyspiels_own(
        name: str, params: dict[str, Any]) -> None:
    """Issue 35: pyspiel's own games pickle (``pyspiel.load_game("kuhn_poker")``);
    skullgames' did not (its class is made per game, not a module attribute). Unpickled,
    the game is the same game, and a state of it plays as the original's."""
    import pickle

    assert str(pickle.loads(pickle.dumps(pyspiel.load_game("kuhn_poker")))) == "kuhn_poker()"
    game = pyspiel.load_game(name, params)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        copy = pickle.loads(pickle.dumps(game, protocol=protocol))
        assert type(copy) is type(game)
        assert str(copy) == str(game)
        assert copy.get_parameters() == game.get_parameters()
        assert copy.num_distinct_actions() == game.num_distinct_actions()
    original = play_out(game.new_initial_state(), random.Random(35))
    played = play_out(copy.new_initial_state(), random.Random(35))
    assert played.history() == original.history()
    assert played.returns() == original.returns()


def test_a_pickled_game_loads_in_a_process_that_never_imported_skullgames() -> None:
    """Unpickling imports the adapter, which registers the games with pyspiel first."""
    import pickle
    import subprocess
    import sys

    game = pyspiel.load_game(QUEEN, {"players": 2})
    code = ("import pickle, sys; game = pickle.loads(sys.stdin.buffer.read()); "
            "print(game.new_initial_state().is_chance_node()); print(game)")
    done = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(game),
                          capture_output=True, check=True)
    assert done.stdout.decode().splitlines() == ["True", str(game)]


# What OpenSpiel reads of a Config: the options the game's part names (issue 49).


def king_dealt_by(part: str) -> Any:
    import attrs

    parts = {**GAMES["king"].parts, "openspiel": f"tests.support.openspiel_parts:{part}"}
    return attrs.evolve(GAMES["king"], name="jack", parts=parts)


def test_the_parameters_are_the_options_the_part_names() -> None:
    from skullgames.rl.openspiel._params import specification
    from skullgames.rl.openspiel.king import DEALING

    assert tuple(specification(GAMES["king"])) == DEALING.parameters
    game = king_dealt_by("PLAYERS_ONLY")
    assert specification(game) == {"players": 4}
    with pytest.raises(ConfigError, match=r"unknown parameter\(s\) kraken"):
        config_from(game, {"kraken": True})


def test_an_int_or_none_option_has_the_number_its_part_names_for_none() -> None:
    from skullgames.rl.openspiel._params import canonical

    assert config_from(GAMES["king"], {"hand_cap": 0}).hand_cap is None
    assert config_from(GAMES["king"], {"hand_cap": 3}).hand_cap == 3
    assert canonical(king.Config(), GAMES["king"])["hand_cap"] == 0
    game = pyspiel.load_game(KING, parameters(king.Config(players=3, hand_cap=2)))
    assert game.config.hand_cap == 2


def test_zero_means_none_only_where_the_part_says_so() -> None:
    from skullgames.rl.openspiel._params import specification

    minus_one = king_dealt_by("CAP_NONE_IS_MINUS_ONE")
    assert specification(minus_one)["hand_cap"] == -1
    assert config_from(minus_one, {"hand_cap": -1}).hand_cap is None
    with pytest.raises(ConfigError, match="hand_cap"):  # 0 is a cap, which King refuses
        config_from(minus_one, {"hand_cap": 0})
    with pytest.raises(ConfigError, match="hand_cap: None has no OpenSpiel form"):
        specification(king_dealt_by("CAP_WITHOUT_NONE"))
