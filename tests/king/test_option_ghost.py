"""Two players in the modern edition: Graybeard's ghost (RESEARCH.md §3.11, DECISIONS K10)."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from skullgames import king
from skullgames.king import Config, Outcome, Play, card
from tests.support.king.invariants import check_state
from tests.support.king.positions import bid_all, dealt, play

TWO = Config(players=2, rounds=(2, 2))


def test_graybeard_plays_second_without_following_suit() -> None:
    # Round 1: seat 0 deals, seat 1 leads. Graybeard turns his top card right after the
    # lead and never has to follow suit; his black 2 trumps (§3.11).
    state = bid_all(dealt(TWO, "Y5 G3", "Y9 G7", ghost="B2 G10"), 1, 1)
    state = play(state, "Y9")
    assert state.trick == ((1, Play(card("Y9"))), (None, Play(card("B2"))))
    assert king.current_player(state) == 0
    state = play(state, "Y5")
    trick = state.last_trick
    assert trick is not None
    assert trick.outcome is Outcome.WON and trick.winner is None
    assert trick.winning_card == card("B2")
    assert state.tricks_won == (0, 0)


def test_graybeard_leads_after_winning_and_the_previous_human_leader_plays_first() -> None:
    # He won the first trick, so he leads the second with his next card, and the human
    # who led the first trick (seat 1) plays first (K10, S3).
    state = bid_all(dealt(TWO, "Y5 G3", "Y9 G7", ghost="B2 G10"), 0, 0)
    state = play(state, "Y9", "Y5")
    assert state.leader is None
    assert state.trick == ((None, Play(card("G10"))),)
    assert king.current_player(state) == 1
    assert king.legal_moves(state) == (Play(card("G7")),)  # green must be followed
    state = play(state, "G7", "G3")
    assert state.rounds[0].scores[0].total == 20 and state.rounds[0].scores[1].total == 20


def test_graybeard_tigress_is_always_an_escape() -> None:
    # §3.11: "His Tigress is always an Escape" [SK-FAQ].
    state = bid_all(dealt(TWO, "Y5 G3", "Y9 G7", ghost="TIG G10"), 1, 1)
    state = play(state, "Y9")
    assert state.trick[1] == (None, Play(card("TIG"), as_pirate=False))
    state = play(state, "Y5")
    assert state.last_trick is not None and state.last_trick.winner == 1


def test_loot_alliance_with_graybeard_scores_nothing() -> None:
    # K10: a Loot captured by Graybeard forms no alliance.
    config = Config(players=2, loot=True, rounds=(1,))
    state = bid_all(dealt(config, "Y5", "LOOT", ghost="B2"), 0, 0)
    state = play(state, "LOOT", "Y5")
    trick = state.rounds[0].tricks[0]
    assert trick.winner is None and trick.loot_alliances == ()
    assert state.totals == (10, 10)


def test_humans_alternate_who_leads_each_round() -> None:
    # §3.11: the two humans alternate who leads out each round (the dealer passes on).
    state = dealt(TWO, "Y5 G3", "Y9 G7", ghost="B2 G10")
    assert state.leader == 1
    state = bid_all(state, 0, 0)
    state = play(state, "Y9", "Y5", "G7", "G3")
    state = king.apply(state, king.Deal([[card("Y1"), card("Y2")], [card("Y3"), card("Y4")]],
                                        [card("Y6"), card("Y7")]))
    assert state.dealer == 1 and state.leader == 0


def test_classic_two_players_is_heads_up_without_a_ghost() -> None:
    # K10: CLASSIC with two players is plain heads-up.
    config = Config(players=2, edition=king.Edition.CLASSIC)
    assert not config.has_ghost
    state = king.new_game(config, seed=3)
    assert state.ghost == () and len(state.deal.hands) == 2  # type: ignore[union-attr]


def test_kraken_left_of_kraken_skips_graybeard() -> None:
    # K16: with the first print's rule (the player left of the Kraken's leads), Graybeard
    # is skipped: the next human seat leads.
    config = Config(players=2, kraken=True, kraken_leader=king.KrakenLeader.LEFT_OF_KRAKEN)
    plays = [(0, Play(card("KRAKEN"))), (None, Play(card("Y3"))), (1, Play(card("G9")))]
    assert king.resolve_trick(plays, config).next_leader == 1
    plays = [(1, Play(card("Y3"))), (None, Play(card("G9"))), (0, Play(card("KRAKEN")))]
    assert king.resolve_trick(plays, config).next_leader == 1
    # In a played game: seat 1 leads the Kraken, Graybeard turns Y3, seat 0 plays G9.
    state = bid_all(dealt(Config(players=2, kraken=True, rounds=(2,),
                                 kraken_leader=king.KrakenLeader.LEFT_OF_KRAKEN),
                          "G9 Y5", "KRAKEN Y7", ghost="Y3 Y2"), 0, 0)
    state = play(state, "KRAKEN", "G9")
    assert state.last_trick is not None and state.last_trick.next_leader == 0
    assert state.leader == 0 and king.current_player(state) == 0


def test_graybeard_leads_only_after_a_trick_he_wins() -> None:
    # K16: "When Graybeard wins a trick, he leads out the next one, otherwise, he always
    # goes second." A trick the Kraken destroys or the White Whale discards is won by
    # nobody: when K6 or K7 would name him (he would have won it, he played the Whale),
    # the human who played right after him in that trick leads.
    config = Config(players=2, kraken=True, white_whale=True)
    # Seat 1 leads Y3, Graybeard's Y9 would have won, seat 0's Kraken destroys it: seat 0.
    kraken = [(1, Play(card("Y3"))), (None, Play(card("Y9"))), (0, Play(card("KRAKEN")))]
    result = king.resolve_trick(kraken, config)
    assert result.outcome is Outcome.DESTROYED and result.next_leader == 0
    # He led Y9 and would have won; the Kraken came last: seat 0 played right after him.
    kraken = [(None, Play(card("Y9"))), (0, Play(card("Y3"))), (1, Play(card("KRAKEN")))]
    assert king.resolve_trick(kraken, config).next_leader == 0
    # He played the Kraken himself after seat 0's lead and would have lost: seat 1 (K6).
    kraken = [(0, Play(card("Y3"))), (None, Play(card("KRAKEN"))), (1, Play(card("Y9")))]
    assert king.resolve_trick(kraken, config).next_leader == 1
    # He played the White Whale in a trick of specials only: seat 0, after him, leads.
    whale = [(1, Play(card("ESC"))), (None, Play(card("WHALE"))), (0, Play(card("MER")))]
    result = king.resolve_trick(whale, config)
    assert result.outcome is Outcome.DISCARDED and result.next_leader == 0
    whale = [(None, Play(card("WHALE"))), (1, Play(card("ESC"))), (0, Play(card("MER")))]
    assert king.resolve_trick(whale, config).next_leader == 1
    # A human who played the Whale, or would have won, still leads (K6, K7).
    whale = [(1, Play(card("WHALE"))), (None, Play(card("ESC"))), (0, Play(card("MER")))]
    assert king.resolve_trick(whale, config).next_leader == 1
    kraken = [(1, Play(card("Y3"))), (None, Play(card("Y2"))), (0, Play(card("KRAKEN")))]
    assert king.resolve_trick(kraken, config).next_leader == 1
    # With whale_leader=WOULD_HAVE_WON, his Mermaid would have won: seat 0, after him.
    would = Config(players=2, white_whale=True, whale_leader=king.WhaleLeader.WOULD_HAVE_WON)
    whale = [(1, Play(card("ESC"))), (None, Play(card("MER"))), (0, Play(card("WHALE")))]
    assert king.resolve_trick(whale, would).next_leader == 0
    # A trick he wins he still leads after (K10).
    won = [(1, Play(card("Y3"))), (None, Play(card("Y9"))), (0, Play(card("Y5")))]
    assert king.resolve_trick(won, config).next_leader is None


def test_after_a_kraken_trick_he_would_have_won_a_human_leads_and_he_goes_second() -> None:
    # K16 in a played game: seat 1 leads Y3, Graybeard turns Y9, seat 0's Kraken destroys
    # the trick. Seat 0, who played right after him, leads; he turns G2 second.
    state = bid_all(dealt(Config(players=2, kraken=True, rounds=(2,)),
                          "KRAKEN Y5", "Y3 Y7", ghost="Y9 G2"), 0, 0)
    state = play(state, "Y3", "KRAKEN")
    assert state.last_trick is not None and state.last_trick.next_leader == 0
    assert state.leader == 0 and state.trick == ()
    assert king.current_player(state) == 0
    state = play(state, "Y5")
    assert state.trick == ((0, Play(card("Y5"))), (None, Play(card("G2"))))
    assert king.current_player(state) == 1


def test_after_a_whale_trick_he_discarded_a_human_leads_and_he_goes_second() -> None:
    # K16 in a played game: seat 1 leads an escape, Graybeard turns the White Whale, seat
    # 0 plays a Mermaid: only specials, the trick is discarded. Seat 0 leads, not him.
    state = bid_all(dealt(Config(players=2, white_whale=True, rounds=(2,)),
                          "MER Y5", "ESC Y7", ghost="WHALE G2"), 0, 0)
    state = play(state, "ESC", "MER")
    assert state.last_trick is not None
    assert state.last_trick.outcome is Outcome.DISCARDED
    assert state.leader == 0 and state.trick == ()
    state = play(state, "Y5")
    assert state.trick == ((0, Play(card("Y5"))), (None, Play(card("G2"))))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), kraken=st.booleans(),
       white_whale=st.booleans())
def test_every_state_of_two_player_games_keeps_the_modelled_invariants(
        seed: int, choices: int, kraken: bool, white_whale: bool) -> None:
    """The rules model of ``tests/support/king/invariants.py``, Graybeard's turn order included
    (he plays second after a human lead; after he leads, the previous human leader
    plays first: §3.11, K10, S3), holds after every move of random two-player games."""
    config = Config(players=2, kraken=kraken, white_whale=white_whale)
    rng = random.Random(choices)
    state = king.new_game(config, seed=seed)
    graybeard_led = False
    while not king.is_over(state):
        check_state(state)
        graybeard_led |= state.phase is king.Phase.PLAY and state.leader is None
        state = king.apply(state, rng.choice(king.legal_moves(state)))
    check_state(state)
    # Ten rounds of random play: Graybeard takes a trick and leads in almost every game.
    assume(graybeard_led)
