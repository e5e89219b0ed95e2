"""The flow of a game: dealing, bidding, leading, the end (RESEARCH.md §2.2, §3.2;
DECISIONS K8, K13, K14)."""

from __future__ import annotations

import random

import pytest

from skullgames import ConfigError, IllegalMoveError, from_json, to_json
from skullgames.king import (
    Bid,
    Config,
    Deal,
    Edition,
    Phase,
    State,
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    observe,
    replay,
    scores,
    winners,
)
from tests.support.king.helpers import cards, play, position


@pytest.mark.parametrize("players", range(3, 9))
def test_dealer_passes_left_and_the_player_left_of_the_dealer_starts(players: int) -> None:
    """§3.2: the dealer passes to the left each round; the player left of the dealer bids
    first and leads trick 1; the winner of a trick leads the next."""
    state = new_game(Config(players=players), seed=players)
    rng = random.Random(players)
    for round_index, size in enumerate(state.config.hand_sizes):
        assert state.phase is Phase.BID
        assert state.round_number == round_index + 1
        assert state.dealer == round_index % players
        first = (state.dealer + 1) % players
        assert current_player(state) == first
        assert all(len(hand) == size for hand in state.hands)
        for k in range(players):
            assert current_player(state) == (first + k) % players
            state = apply(state, rng.choice(legal_moves(state)))
        assert state.phase is Phase.PLAY
        assert current_player(state) == first
        for _ in range(size):
            leader = current_player(state)
            for k in range(players):
                assert current_player(state) == (leader + k) % players  # type: ignore[operator]
                state = apply(state, rng.choice(legal_moves(state)))
            if state.phase is Phase.PLAY:
                finished = state.tricks[-1]
                assert current_player(state) == finished.next_leader
                if finished.winner is not None:
                    assert finished.next_leader == finished.winner
    assert is_over(state)


@pytest.mark.parametrize(("config", "sizes"), [
    (Config(players=3), tuple(range(1, 11))),
    (Config(players=6), tuple(range(1, 11))),
    (Config(players=7), tuple(range(1, 11))),  # K8: 7 × 10 = 70 fits exactly
    (Config(players=8), (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)),  # K8: cap 8
    (Config(players=8, loot=True, kraken=True, white_whale=True),
     (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)),  # K8 / D10: 8 even with the 74-card deck
    (Config(players=7, loot=True, kraken=True, white_whale=True), tuple(range(1, 11))),
    (Config(players=8, rounds="broadside_barrage"), (8,) * 10),
    (Config(players=6, edition=Edition.CLASSIC), tuple(range(1, 11))),
])
def test_hand_sizes_with_the_7_and_8_player_cap(config: Config, sizes: tuple[int, ...]
                                                ) -> None:
    """K8: cards dealt in round r = min(r, cap): cap 8 with 8 players, 10 with 7."""
    assert config.hand_sizes == sizes
    assert len(config.deck) == (66 if config.edition is Edition.CLASSIC else
                                70 + 2 * config.loot + config.kraken + config.white_whale)


def test_eight_players_are_dealt_eight_cards_in_the_last_rounds() -> None:
    """K8 in a played game: rounds 9 and 10 deal 8 cards each with 8 players."""
    state = new_game(Config(players=8), seed=5)
    rng = random.Random(5)
    dealt = []
    while not is_over(state):
        if state.phase is Phase.BID and not any(b is not None for b in state.bids):
            dealt.append(len(state.hands[0]))
            assert len(state.undealt) == 70 - 8 * dealt[-1]
        state = apply(state, rng.choice(legal_moves(state)))
    assert dealt == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]


def test_bids_range_from_zero_to_the_cards_dealt() -> None:
    """§3.2: bids range 0..cards dealt."""
    fresh = apply(new_game(Config(players=3, rounds=(3,)), auto_deal=False),
                  Deal([cards("Y1 Y2 Y3"), cards("G1 G2 G3"), cards("P1 P2 P3")]))
    assert legal_moves(fresh) == (Bid(0), Bid(1), Bid(2), Bid(3))
    with pytest.raises(IllegalMoveError, match=r"^a bid is 0 to 3 this round, not 4$"):
        apply(fresh, Bid(4))
    with pytest.raises(IllegalMoveError, match="not -1"):
        apply(fresh, Bid(-1))


def test_bids_are_hidden_until_all_are_in() -> None:
    """K13: bids are made in seat order from the left of the dealer, each hidden from the
    other seats until every seat has bid."""
    state = apply(new_game(Config(players=3, rounds=(1,)), auto_deal=False),
                  Deal([cards("Y1"), cards("Y2"), cards("Y3")]))
    state = apply(state, Bid(1))  # seat 1
    state = apply(state, Bid(0))  # seat 2
    assert observe(state, 0).bids == (None, None, None)
    assert observe(state, 1).bids == (None, 1, None)
    assert observe(state, 2).bids == (None, None, 0)
    assert observe(state, 0).has_bid == (False, True, True)
    state = apply(state, Bid(1))  # seat 0, the dealer, bids last
    for seat in range(3):
        assert observe(state, seat).bids == (1, 1, 0)


def test_observation_shows_only_the_own_hand_and_own_legal_moves() -> None:
    state = position(["Y1 Y2", "G1 G2", "P1 P2"])
    view = observe(state, 0)
    assert view.hand == cards("Y1 Y2")
    assert view.hand_sizes == (2, 2, 2)
    assert view.legal_moves == ()  # seat 1 is to move
    assert observe(state, 1).legal_moves == legal_moves(state)
    with pytest.raises(ValueError, match="seat"):
        observe(state, 3)


def test_a_manual_game_waits_for_each_deal() -> None:
    """new_game(auto_deal=False): no one to move and no legal move until a Deal comes."""
    state = new_game(Config(players=3, rounds=(1, 2)), auto_deal=False)
    assert (state.phase, current_player(state), legal_moves(state)) == (Phase.DEAL, None, ())
    with pytest.raises(IllegalMoveError, match="round 1 deals 1 cards; seat 0 got 2"):
        apply(state, Deal([cards("Y1 Y2"), cards("Y3"), cards("Y4")]))
    with pytest.raises(IllegalMoveError, match="SK is dealt more often"):
        apply(state, Deal([cards("SK"), cards("SK"), cards("Y4")]))
    with pytest.raises(IllegalMoveError, match="deal 3 hands, not 2"):
        apply(state, Deal([cards("Y1"), cards("Y3")]))
    with pytest.raises(IllegalMoveError, match="waits for a Deal"):
        apply(state, Bid(0))
    state = apply(state, Deal([cards("ESC"), cards("ESC"), cards("ESC")]))  # 5 in the deck
    for move in ("bid 0", "bid 0", "bid 0"):
        state = apply(state, Bid(int(move.split()[1])))
    for _ in range(3):
        state = apply(state, play("ESC"))
    assert state.phase is Phase.DEAL
    assert state.dealer == 1
    assert state.rounds[0].tricks[0].winner == 1  # K5: the first escape, led by seat 1
    assert scores(state) == (10, -10, 10)


def test_the_game_ends_after_the_round_plan() -> None:
    state = position(["Y1", "Y2", "Y3"], plays=["Y2", "Y3", "Y1"])
    assert is_over(state)
    assert (current_player(state), legal_moves(state)) == (None, ())
    with pytest.raises(IllegalMoveError, match="the game is over"):
        apply(state, play("Y1"))


def test_ties_share_the_win() -> None:
    """K14: a final tie is a shared win."""
    state = position(["Y1", "Y2", "Y3"], plays=["Y2", "Y3", "Y1"])
    assert scores(state) == (10, 10, -10)
    assert winners(state) == (0, 1)
    alone = position(["Y1", "Y2", "Y3"], bids=[0, 0, 1], plays=["Y2", "Y3", "Y1"])
    assert winners(alone) == (2,)


def test_kraken_and_white_whale_choose_the_next_leader_in_a_game() -> None:
    """K6: after a Kraken, whoever would have won leads; K7: after a discarded White Whale
    trick, the White Whale player leads."""
    config = Config(kraken=True, white_whale=True)
    state = position(["Y13 ESC", "Y12 WHALE", "KRAKEN ROSIE"], config=config,
                     plays=["Y12", "KRAKEN", "Y13"])
    assert state.tricks[-1].winner is None
    assert current_player(state) == 0  # Y13 would have won
    state = apply(state, play("ESC"))
    state = apply(state, play("WHALE"))
    state = apply(state, play("ROSIE"))
    assert state.rounds[-1].tricks[-1].winner is None
    assert state.rounds[-1].tricks[-1].next_leader == 1


@pytest.mark.parametrize(("kwargs", "why"), [
    ({"players": 7, "edition": Edition.CLASSIC}, "2 to 6 players"),
    ({"players": 9}, "2 to 8 players"),
    ({"edition": Edition.CLASSIC, "loot": True}, "only the modern edition"),
    ({"cannonball": True}, "Rascal's scoring only"),
    ({"rounds": "nine_lives"}, "unknown preset"),
    ({"rounds": (0,)}, "at least 1"),
])
def test_config_refuses_games_that_do_not_exist(kwargs: dict[str, object], why: str) -> None:
    """K1: classic 2-6 players, 66 cards, no advanced cards; modern 2-8 players."""
    with pytest.raises(ConfigError, match=why):
        Config(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("manual", [False, True])
def test_a_finished_game_replays_and_reloads(manual: bool) -> None:
    """Regression: the history of a finished game listed its last round twice, so replaying
    or reloading any finished game failed with "the game is over"."""
    config = Config(players=3, rounds=(1, 2))
    rng = random.Random(1)
    state = new_game(config, seed=None if manual else 11, auto_deal=not manual)
    while not is_over(state):
        if state.phase is Phase.DEAL:
            deck = list(config.deck)
            rng.shuffle(deck)
            size = config.hand_sizes[state.round_index]
            state = apply(state, Deal([deck[s * size:(s + 1) * size] for s in range(3)]))
        else:
            state = apply(state, rng.choice(legal_moves(state)))
    assert len(state.history) == (1 + 3 + 3) + (1 + 3 + 6)
    assert replay(config, state.history, seed=state.seed) == state
    assert from_json(to_json(state), State) == state
