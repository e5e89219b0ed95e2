"""Rule options of Skull King: Cannonball, round plans, hand caps, judgement calls, and
the combinations that make no game (RESEARCH.md §3.2, §3.6, §3.9; DECISIONS K3–K12)."""

from __future__ import annotations

import pytest

from skullgames import ConfigError, IllegalMoveError, from_json, king, to_json
from skullgames.king import (
    ROUND_PRESETS,
    Config,
    Edition,
    KrakenLeader,
    Phase,
    Play,
    Scoring,
    Shot,
    WhaleLeader,
    card,
    resolve_trick,
)
from tests.support.king.positions import bid_all, dealt, play

CANNONBALL = Config(players=3, scoring=Scoring.RASCAL, cannonball=True, rounds=(1,))


def test_cannonball_choice_follows_the_bids_and_stays_hidden_until_all_chose() -> None:
    # §3.6: immediately after bidding each player secretly chooses; all reveal together.
    state = bid_all(dealt(CANNONBALL, "Y3", "Y9", "Y6"), 1, 0, 1)
    assert state.phase is Phase.SHOT and king.current_player(state) == 1
    assert king.legal_moves(state) == (Shot(False), Shot(True))
    state = king.apply(state, Shot(True))
    assert king.observe(state, 2).shots == (None, None, None)
    assert king.observe(state, 1).shots == (None, True, None)
    state = king.apply(king.apply(state, Shot(False)), Shot(False))
    assert state.phase is Phase.PLAY
    assert king.observe(state, 2).shots == (False, True, False)


def test_cannonball_scores_fifteen_per_card_if_exact_else_nothing() -> None:
    # §3.6: Cannonball 15 × cards dealt if exact, otherwise 0; Grapeshot is Rascal's
    # scoring: the potential 10 × cards, halved when off by one.
    state = bid_all(dealt(CANNONBALL, "Y3", "Y9", "Y6"), 1, 0, 1)
    state = play(state, "cannonball", "grapeshot", "grapeshot", "Y9", "Y6", "Y3")
    result = state.rounds[0]
    assert result.shots == (False, True, False)
    assert result.points == (5, 15, 10)


def test_no_shot_phase_without_the_option() -> None:
    config = Config(players=3, scoring=Scoring.RASCAL, rounds=(1,))
    state = bid_all(dealt(config, "Y3", "Y9", "Y6"), 1, 0, 1)
    assert state.phase is Phase.PLAY
    with pytest.raises(IllegalMoveError):
        king.apply(state, Shot(True))


@pytest.mark.parametrize(("name", "sizes"), [
    ("standard", (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
    ("even_keeled", (2, 4, 6, 8, 10, 2, 4, 6, 8, 10)),
    ("even_keeled_paired", (2, 2, 4, 4, 6, 6, 8, 8, 10, 10)),
    ("skip_to_the_brawl", (6, 7, 8, 9, 10)),
    ("swift_n_salty_skirmish", (5, 5, 5, 5, 5)),
    ("broadside_barrage", (10,) * 10),
    ("whirlpool", (9, 7, 5, 3, 1, 9, 7, 5, 3, 1)),
    ("whirlpool_paired", (9, 9, 7, 7, 5, 5, 3, 3, 1, 1)),
    ("past_your_bedtime", (1,)),
])
def test_round_presets_by_name(name: str, sizes: tuple[int, ...]) -> None:
    # DECISIONS K9: the rulebook's presets, Even Keeled and Whirlpool as the printed
    # score sheet shows them, the paired order as a second preset.
    assert ROUND_PRESETS[name] == sizes
    assert Config(rounds=name).hand_sizes == sizes


def test_zero_bid_scores_by_cards_dealt_not_round_number() -> None:
    # K9 / D12: Whirlpool deals 9 cards in round 1; a made zero bid is worth 90.
    assert king.score_round([0, 0], [0, 0], cards_dealt=9) == (90, 90)
    config = Config(players=4, rounds="whirlpool")
    state = king.new_game(config, seed=1)
    assert state.cards_dealt == 9 and len(state.hands[0]) == 9


def test_hand_cap_for_seven_and_eight_players() -> None:
    # K8: 8 players cap 8 (also with the advanced cards), 7 players cap 10.
    assert Config(players=8).hand_sizes[-3:] == (8, 8, 8)
    assert Config(players=8, loot=True, kraken=True, white_whale=True).hand_sizes[-1] == 8
    assert Config(players=7).hand_sizes[-1] == 10
    # D10 played the other way: nine cards with the 74-card deck.
    assert Config(players=8, loot=True, kraken=True, white_whale=True,
                  hand_cap=9).hand_sizes[-2:] == (9, 9)
    with pytest.raises(ConfigError, match="hand_cap"):
        Config(players=8, hand_cap=9)


def test_kraken_next_leader_options() -> None:
    # D3 / K6: who would have won leads (default); the first print: left of the Kraken.
    plays = [(0, Play(card("Y12"))), (1, Play(card("KRAKEN"))), (2, Play(card("Y5"))),
             (3, Play(card("Y3")))]
    default = resolve_trick(plays, Config(kraken=True))
    assert default.winner is None and default.next_leader == 0
    first_print = Config(kraken=True, kraken_leader=KrakenLeader.LEFT_OF_KRAKEN)
    assert resolve_trick(plays, first_print).next_leader == 2


def test_white_whale_with_only_specials_next_leader_options() -> None:
    # D4: the White Whale player leads (default); the 2024 reading: who would have won.
    plays = [(0, Play(card("ESC"))), (1, Play(card("ROSIE"))), (2, Play(card("WHALE")))]
    default = resolve_trick(plays, Config(white_whale=True))
    assert default.outcome is king.Outcome.DISCARDED and default.next_leader == 2
    other = Config(white_whale=True, whale_leader=WhaleLeader.WOULD_HAVE_WON)
    assert resolve_trick(plays, other).next_leader == 1


def test_escape_lead_then_character_option() -> None:
    # K4 (S1): after an escape lead, a character ends the choice: nothing to follow.
    # With character_ends_choice=False the next number card sets the suit instead.
    hands = ("G9 Y7", "ESC Y4", "ROSIE Y5", "G3 Y6")  # seat 1 leads round 1
    for ends, expect_free in ((True, True), (False, False)):
        config = Config(players=4, rounds=(2,), character_ends_choice=ends)
        state = play(bid_all(dealt(config, *hands), 0, 0, 0, 0), "ESC", "ROSIE", "G3")
        moves = king.legal_moves(state)
        assert (Play(card("Y7")) in moves) is expect_free
        assert Play(card("G9")) in moves


def test_round_bonus_option() -> None:
    # K3 / D1: the summary's rule, round 3, two tricks bid and taken: 70 points.
    config = Config(round_bonus=True)
    assert king.score_round([2, 0], [2, 1], cards_dealt=3, round_number=3, config=config) == (
        70, -30)
    assert king.score_round([2, 0], [2, 1], cards_dealt=3, round_number=3) == (40, -30)


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 8, "edition": Edition.CLASSIC}, "players: the classic edition is for 2 to 6"),
    ({"players": 9}, "players: the modern edition is for 2 to 8"),
    ({"players": 1}, "players"),
    ({"edition": Edition.CLASSIC, "loot": True}, "loot: only the modern edition"),
    ({"edition": Edition.CLASSIC, "scoring": Scoring.RASCAL}, "scoring"),
    ({"cannonball": True}, "cannonball: the Cannonball is played with Rascal's scoring"),
    ({"rounds": "blitz"}, "rounds: unknown preset 'blitz'"),
    ({"rounds": (3, 0)}, "rounds"),
    ({"rounds": ()}, "rounds"),
    ({"loot": 1}, "loot: expected True or False"),
    ({"players": "4"}, "players: expected a whole number"),
])
def test_config_errors_name_the_option(options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Config(**options)  # type: ignore[arg-type]


def test_classic_edition_deck() -> None:
    # K1 / §2.1: 66 cards, yellow, red, blue and black 1–13.
    deck = Config(edition=Edition.CLASSIC).deck
    assert len(deck) == 66
    assert {c.suit.value for c in deck if c.suit is not None} == {"Y", "R", "U", "B"}
    assert max(c.rank for c in deck) == 13
    assert len(Config().deck) == 70
    assert len(Config(loot=True, kraken=True, white_whale=True).deck) == 74


def test_classic_special_lead_lets_the_next_number_card_set_the_suit() -> None:
    # §2.3 / K4: in the classic edition any special lead, even a pirate, passes the
    # choice to the next number card.
    config = Config(players=3, edition=Edition.CLASSIC, rounds=(2,))
    state = play(bid_all(dealt(config, "U3 Y4", "ROSIE Y5", "Y6 R7"), 0, 0, 0), "ROSIE", "Y6")
    assert king.legal_moves(state) == (Play(card("Y4")),)


def test_kraken_left_of_kraken_wraps_to_the_first_player() -> None:
    # D3, first print: the Kraken played last; the player to its left led the trick.
    plays = [(2, Play(card("Y12"))), (0, Play(card("Y5"))), (1, Play(card("KRAKEN")))]
    config = Config(players=3, kraken=True, kraken_leader=KrakenLeader.LEFT_OF_KRAKEN)
    assert resolve_trick(plays, config).next_leader == 2


def test_whale_cancels_loot_option() -> None:
    # K15: by default a Loot in a White Whale trick won by a number card still forms its
    # alliance with the winner; whale_cancels_loot=True cancels it, like the other specials.
    plays = [(0, Play(card("G3"))), (1, Play(card("LOOT"))), (2, Play(card("WHALE"))),
             (3, Play(card("Y9")))]
    default = resolve_trick(plays, Config(loot=True, white_whale=True))
    assert default.winner == 3 and default.loot_alliances == ((1, 3),)
    cancels = Config(loot=True, white_whale=True, whale_cancels_loot=True)
    result = resolve_trick(plays, cancels)
    assert result.winner == 3 and result.loot_alliances == ()
    # Without the Whale the Loot forms its alliance under either setting.
    plain = [(0, Play(card("G3"))), (1, Play(card("LOOT"))), (2, Play(card("G9")))]
    assert resolve_trick(plain, cancels).loot_alliances == ((1, 2),)
    # In a played round the cancelled alliance scores nothing.
    hands = ("G3", "LOOT", "WHALE", "Y9")  # seat 1 leads round 1
    for option, loot_points in ((False, 20), (True, 0)):
        config = Config(players=4, loot=True, white_whale=True, rounds=(1,),
                        whale_cancels_loot=option)
        state = play(bid_all(dealt(config, *hands), 0, 0, 1, 0), "LOOT", "WHALE", "Y9", "G3")
        assert state.rounds[0].scores[1].loot == loot_points
        assert state.rounds[0].scores[3].loot == loot_points


def test_whale_cancels_loot_must_be_a_bool() -> None:
    with pytest.raises(ConfigError, match="whale_cancels_loot: expected True or False"):
        Config(whale_cancels_loot=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [15, 20, 23])
def test_bids_for_hands_over_fourteen_cards(size: int) -> None:
    # K9: a bid is anything from 0 to the cards dealt, however large the hand.
    config = Config(players=3, rounds=(size,))
    state = king.new_game(config, seed=3)
    assert king.legal_moves(state) == tuple(king.Bid(n) for n in range(size + 1))
    assert king.observe(state, 1).legal_moves[-1] == king.Bid(size)
    state = king.apply(state, king.Bid(size))
    with pytest.raises(IllegalMoveError, match=f"a bid is 0 to {size}"):
        king.apply(state, king.Bid(size + 1))
    state = king.apply(king.apply(state, king.Bid(0)), king.Bid(size))
    assert state.bids == (size, size, 0)
    assert from_json(to_json(state), king.State) == state


def test_whale_cancels_loot_in_json_and_old_documents_load() -> None:
    # K15: the option round-trips; a document saved before it existed has no key and
    # loads with the default.
    config = Config(loot=True, white_whale=True, whale_cancels_loot=True)
    assert '"whale_cancels_loot":true' in to_json(config)
    assert from_json(to_json(config), Config) == config
    old = to_json(Config(loot=True)).replace(',"whale_cancels_loot":false', "")
    assert "whale_cancels_loot" not in old
    assert from_json(old, Config) == Config(loot=True)
