"""Following suit, through ``legal_moves`` and ``apply`` on dealt positions.

Positions are one-round games (see ``helpers.position``): seat 0 deals, so seat 1 leads,
then seats 2, 3, ... play in turn. Rules: RESEARCH.md §3.3 (modern), §2.3 (classic),
DECISIONS K4.
"""

from __future__ import annotations

import pytest

from skullgames import IllegalMoveError
from skullgames.king import (
    Bid,
    Config,
    Edition,
    Play,
    State,
    SuitState,
    apply,
    card,
    current_player,
    legal_moves,
)
from tests.support.king.helpers import play, position

ADVANCED = Config(loot=True, kraken=True, white_whale=True)
CLASSIC = Config(edition=Edition.CLASSIC)


def legal(state: State) -> set[str]:
    """The legal plays as text."""
    moves = [str(m) for m in legal_moves(state)]
    assert len(set(moves)) == len(moves)
    return set(moves)


def test_number_lead_must_be_followed() -> None:
    """§3.3: a number card led must be followed by a player who holds its suit."""
    state = position(["G1 G3 G5", "Y5 P1 P2", "Y3 Y9 G2"], plays=["Y5"])
    assert current_player(state) == 2
    assert legal(state) == {"Y3", "Y9"}
    with pytest.raises(IllegalMoveError, match=r"^must follow yellow: you hold Y3, Y9$"):
        apply(state, play("G2"))


def test_specials_may_always_be_played() -> None:
    """§3.3: special cards may be played even by a player who could follow."""
    state = position(["G1 G2 G3", "Y5 P1 P2", "Y3 SK TIG"], plays=["Y5"])
    assert legal(state) == {"Y3", "TIG pirate", "TIG escape", "SK"}
    for move in ("SK", "TIG pirate", "TIG escape", "Y3"):
        apply(state, play(move))
    advanced = position(["G1 G2 G3", "Y5 P1 P2", "Y3 LOOT KRAKEN", "P3 P4 WHALE"],
                        config=ADVANCED, plays=["Y5"])
    assert legal(advanced) == {"Y3", "LOOT", "KRAKEN"}


def test_without_the_led_suit_anything_goes_and_trumping_is_not_required() -> None:
    """§3.3: lacking the led suit, play any number card (no obligation to trump)."""
    state = position(["G1 G2 G3", "Y5 P1 P2", "G4 B5 P7"], plays=["Y5"])
    assert legal(state) == {"G4", "P7", "B5"}


def test_black_led_must_be_followed_with_black() -> None:
    """§3.3: following includes black when black is led."""
    state = position(["G1 G2 G3", "B3 P1 P2", "B9 Y2 MER"], plays=["B3"])
    assert legal(state) == {"B9", "MER"}
    with pytest.raises(IllegalMoveError, match="must follow black: you hold B9"):
        apply(state, play("Y2"))


def test_the_suit_stays_the_led_suit_after_a_trump() -> None:
    """§3.3: a black card played off-suit does not change the suit to follow."""
    state = position(["G1 Y7 G3", "Y5 P1 P2", "B9 G2 G4"], plays=["Y5", "B9"])
    assert state.lead_suit is not None
    assert state.lead_suit.label == "yellow"
    assert legal(state) == {"Y7"}


@pytest.mark.parametrize("lead", ["ESC", "TIG escape", "LOOT"])
def test_escape_lead_passes_the_choice_to_the_next_card(lead: str) -> None:
    """§3.3 / K4: after an escape-type lead the next player sets the suit."""
    hands = ["G6 Y1 P1", f"{lead.split()[0]} P2 P3", "Y3 G4 P4", "G1 G2 Y4"]
    state = position(hands, config=ADVANCED, plays=[lead])
    assert state.suit_state is SuitState.OPEN
    assert legal(state) == {"G4", "Y3", "P4"}  # no suit yet: anything
    state = apply(state, play("G4"))
    assert legal(state) == {"G1", "G2"}  # seat 3 must follow green


def test_escapes_pass_the_choice_on_and_on() -> None:
    """§3.3: if the next player also plays an escape-type card, the choice passes on."""
    hands = ["P5 P6", "ESC P1", "LOOT Y7", "TIG Y1", "G2 P9"]
    state = position(hands, config=ADVANCED, plays=["ESC", "LOOT", "TIG escape"])
    assert legal(state) == {"G2", "P9"}
    state = apply(state, play("P9"))
    assert legal(state) == {"P5", "P6"}


@pytest.mark.parametrize("lead", ["ROSIE", "TIG pirate", "SK", "MER", "KRAKEN", "WHALE"])
def test_character_lead_frees_the_whole_trick(lead: str) -> None:
    """§3.3 / K4: a character led (pirate, Tigress as pirate, Skull King, mermaid, Kraken,
    White Whale) means no suit for the whole trick."""
    hands = ["G9 Y1 P8", f"{lead.split()[0]} P2 P3", "Y3 G4 P4", "G1 G2 Y4"]
    state = position(hands, config=ADVANCED, plays=[lead])
    assert state.suit_state is SuitState.NONE
    state = apply(state, play("Y3"))
    assert legal(state) == {"G1", "G2", "Y4"}  # a number after a character sets nothing
    state = apply(state, play("G1"))
    assert legal(state) == {"G9", "Y1", "P8"}


@pytest.mark.parametrize("character", ["ROSIE", "MER", "SK", "TIG pirate", "KRAKEN"])
def test_escape_then_character_means_no_suit(character: str) -> None:
    """K4 (S1): an escape led and then a character: no suit for the rest of the trick."""
    hands = ["G9 Y1 P8", "ESC P2 P3", f"{character.split()[0]} G3 P4", "Y3 Y4 G1"]
    state = position(hands, config=ADVANCED, plays=["ESC", character])
    assert state.suit_state is SuitState.NONE
    state = apply(state, play("Y3"))
    assert legal(state) == {"G9", "Y1", "P8"}


def test_white_whale_mid_trick_does_not_lift_the_suit() -> None:
    """§3.3: a White Whale played after the suit is set: the others must still follow."""
    hands = ["Y2 G9 P1", "Y5 P2 P3", "WHALE G3 P4", "Y8 G1 G2"]
    state = position(hands, config=ADVANCED, plays=["Y5", "WHALE"])
    assert legal(state) == {"Y8"}
    state = apply(state, play("Y8"))
    assert legal(state) == {"Y2"}
    with pytest.raises(IllegalMoveError, match="must follow yellow: you hold Y2"):
        apply(state, play("G9"))


def test_tigress_must_be_declared() -> None:
    """§3.10: the Tigress is declared when played; no other card takes a declaration."""
    with pytest.raises(IllegalMoveError, match="must be declared"):
        Play(card("TIG"))
    with pytest.raises(IllegalMoveError, match="only the Tigress"):
        Play(card("Y3"), as_pirate=True)


def test_the_declared_tigress_sets_the_trick_type() -> None:
    """§3.10: her role fixes every characteristic, leading included (K4)."""
    pirate = position(["G1 G2", "TIG P1", "Y3 G4"], plays=["TIG pirate", "Y3"])
    assert pirate.suit_state is SuitState.NONE
    assert legal(pirate) == {"G1", "G2"}
    escape = position(["G1 G2", "TIG P1", "Y3 G4"], plays=["TIG escape", "Y3"])
    assert legal(escape) == {"G1", "G2"}
    escape = position(["G1 Y2", "TIG P1", "Y3 G4"], plays=["TIG escape", "Y3"])
    assert legal(escape) == {"Y2"}


def test_a_card_not_in_hand_is_refused() -> None:
    state = position(["G1 G2", "Y5 P1", "Y3 G4"], plays=["Y5"])
    with pytest.raises(IllegalMoveError, match=r"^Y9 is not in your hand \(Y3, G4\)$"):
        apply(state, play("Y9"))
    with pytest.raises(IllegalMoveError, match="not a Play"):
        apply(state, Bid(1))


# -- Classic edition: §2.3, K4, D6 ------------------------------------------------------

@pytest.mark.parametrize("lead", ["ROSIE", "MER", "SK", "ESC", "TIG pirate", "TIG escape"])
def test_classic_any_special_lead_lets_the_next_number_set_the_suit(lead: str) -> None:
    """§2.3 / K4: classic, after any special lead the next number card sets the suit."""
    hands = ["R9 U1 Y1", f"{lead.split()[0]} Y2 Y3", "R3 U4 B4"]
    state = position(hands, config=CLASSIC, plays=[lead])
    assert state.suit_state is SuitState.OPEN
    state = apply(state, play("R3"))
    assert legal(state) == {"R9"}
    with pytest.raises(IllegalMoveError, match="must follow red: you hold R9"):
        apply(state, play("U1"))


def test_classic_black_led_must_be_followed() -> None:
    """§2.3: this applies to black too."""
    state = position(["B2 R1 U1", "B7 Y2 Y3", "B9 R5 MER"], config=CLASSIC, plays=["B7"])
    assert legal(state) == {"B9", "MER"}


def test_classic_specials_may_always_be_played() -> None:
    """§2.3: special cards may always be played."""
    state = position(["B2 R1 U1", "R7 Y2 Y3", "R9 ESC TIG"], config=CLASSIC, plays=["R7"])
    assert legal(state) == {"R9", "ESC", "TIG pirate", "TIG escape"}


def test_legal_plays_come_in_hand_order_with_the_tigress_as_pirate_first() -> None:
    """The documented order of legal_moves: the hand's order (suits, then specials), each
    card once, the Tigress first as a pirate then as an escape."""
    state = position(["G1 G3 G5 P1 P2 P3 P4", "ESC ESC B1 TIG SK G2 Y4",
                      "Y3 Y9 G4 P5 P6 P7 P8"])
    assert [str(m) for m in legal_moves(state)] == [
        "Y4", "G2", "B1", "ESC", "TIG pirate", "TIG escape", "SK"]


def test_check_play_passes_every_card_the_rule_allows() -> None:
    # RESEARCH §3.3: the lead suit, any special card, and any card from a hand without the
    # lead suit may be played; check_play explains only the others.
    from skullgames.king import Suit
    from skullgames.king.rules import check_play

    hand = (card("Y3"), card("B2"), card("ESC"))
    allowed = [(c, None) for c in hand] + [
        (card("Y3"), Suit.YELLOW), (card("ESC"), Suit.YELLOW),
        (card("B2"), Suit.GREEN),  # no green held
    ]
    for c, lead in allowed:
        check_play(c, hand, lead)  # raises IllegalMoveError if it refuses the card
    with pytest.raises(IllegalMoveError, match="must follow yellow: you hold Y3"):
        check_play(card("B2"), hand, Suit.YELLOW)


def test_the_engine_forms_of_the_rule_are_the_public_ones() -> None:
    # RESEARCH §3.3: _allowed_cards and _must_follow (hands as tuples, the engine's) give
    # what playable and holds_suit give for any sequence; every card may be played
    # returns the hand itself.
    from skullgames.king import Suit
    from skullgames.king.rules import _allowed_cards, _must_follow, holds_suit, playable

    hand = (card("Y3"), card("Y9"), card("B2"), card("ESC"), card("SK"))
    assert _allowed_cards(hand, Suit.YELLOW) == (card("Y3"), card("Y9"), card("ESC"),
                                                 card("SK"))
    assert _allowed_cards(hand, Suit.GREEN) is hand  # no green held: all of it
    for lead in Suit:
        assert list(playable(list(hand), lead)) == list(_allowed_cards(hand, lead))
        assert _must_follow(hand, lead) is holds_suit(list(hand), lead)
        assert _must_follow(hand, lead) is (lead in (Suit.YELLOW, Suit.BLACK))
    listed = list(hand)
    assert playable(listed, Suit.GREEN) is listed
    assert playable(listed, None) is listed
