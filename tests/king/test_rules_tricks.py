"""Who wins a trick and who leads next, from plain values (``resolve_trick``).

Each position is a trick in play order; the cards are played by seats 0, 1, 2, ... in turn,
so the expected winner's seat is also the index of the winning card. The rule each case
proves is cited from RESEARCH.md (§) and DECISIONS.md (K..), DECISIONS winning.
"""

from __future__ import annotations

import itertools

import pytest

from skullgames import IllegalMoveError
from skullgames.king import Config, Edition, Outcome, Play, Suit, card, resolve_trick
from skullgames.king.tricks import resolve, trick_winner
from tests.support.king.helpers import bonus_texts, play, trick

# -- Modern edition (Grandpa Beck's 2021), base deck -------------------------------------

MODERN_WINNERS = [
    # §3.4 cross-checks printed in the rulebook
    ("Y12 Y5 B2", 2, "§3.4: black trumps the led suit"),
    ("Y12 Y5 P14", 0, "§3.4: an off-suit 14 cannot win; highest of the lead suit wins"),
    ("Y14 ROSIE SK MER", 3, "§3.4: the mermaid takes the Skull King"),
    # Number cards
    ("G3 Y14 P13", 0, "§3.4: only the lead suit wins without trumps, whatever the ranks"),
    ("G3 G9 G1", 1, "§3.4: highest card of the lead suit"),
    ("Y14 B1", 1, "§3.4: the lowest black beats the highest plain card"),
    ("B3 Y14 B9 B1", 2, "§3.4: highest black among several"),
    ("B5 Y14 G14", 0, "§3.3/§3.4: black led is the lead suit and trumps"),
    ("P2 G14 Y13 B1", 3, "§3.4: one black beats any number of plain 14s"),
    # Escapes
    ("ESC Y3 Y7", 2, "K4: an escape lead passes the suit to the next card"),
    ("ESC G5 Y13", 1, "K4: the first number card after escapes sets the lead suit"),
    ("ESC ESC ESC", 0, "K5 / §3.10: all escapes, the first card played wins"),
    ("TIG escape ESC ESC", 0, "K5: the Tigress as an escape is an escape"),
    ("ESC TIG escape ESC ESC", 0, "K5: all escape-like, the first card played wins"),
    ("TIG escape Y2", 1, "§3.10: the Tigress as an escape loses to any number"),
    ("ESC Y2", 1, "§3.4: an escape loses to any number"),
    # Pirates
    ("Y1 B14 ROSIE", 2, "§3.4: a pirate beats every number card"),
    ("ROSIE BENDT", 0, "§3.10: several pirates, the first played wins"),
    ("Y9 HARRY RASCAL JUANITA", 1, "§3.10: several pirates, the first played wins"),
    ("TIG pirate ROSIE", 0, "§3.10: the Tigress as a pirate is a pirate (first pirate wins)"),
    ("ROSIE TIG pirate", 0, "§3.10: ... and loses to an earlier pirate"),
    ("B14 TIG pirate ESC", 1, "§3.10: the Tigress as a pirate beats numbers"),
    # Skull King and mermaids
    ("ROSIE SK BENDT", 1, "§3.4: the Skull King beats pirates"),
    ("TIG pirate SK", 1, "§3.4: the Skull King beats the Tigress as a pirate"),
    ("B14 SK", 1, "§3.4: the Skull King beats numbers"),
    ("MER ROSIE", 1, "§3.4: a pirate beats a mermaid"),
    ("B14 MER", 1, "§3.4: a mermaid beats numbers, black included"),
    ("MER G5 MER", 0, "§3.10: two mermaids, the first played wins"),
    ("ESC MER", 1, "§3.4: a mermaid beats an escape"),
    ("SK MER", 1, "§3.4: the mermaid takes the Skull King"),
    ("MER SK", 0, "§3.4: ... whatever the order"),
    ("MER SK MER", 0, "K2: two mermaids and the Skull King, the first mermaid wins"),
    ("SK MER MER", 1, "K2: two mermaids and the Skull King, the first mermaid wins"),
    ("MER ROSIE MER", 1, "K3: mermaids and a pirate, no Skull King: the first pirate wins"),
]


@pytest.mark.parametrize(("cards", "winner", "rule"), MODERN_WINNERS,
                         ids=[c for c, _, _ in MODERN_WINNERS])
def test_modern_trick_winner(cards: str, winner: int, rule: str) -> None:
    result = trick(*_split(cards))
    assert (result.winner, result.next_leader, result.outcome) == (winner, winner,
                                                                  Outcome.WON), rule


def _split(cards: str) -> list[str]:
    """Card texts, keeping "TIG pirate" / "TIG escape" together."""
    words = cards.split()
    out: list[str] = []
    for word in words:
        if word in ("pirate", "escape"):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


@pytest.mark.parametrize("order", list(itertools.permutations(["ROSIE", "SK", "MER", "Y7"])))
def test_mermaid_takes_the_skull_king_even_with_pirates_in_any_order(order: tuple[str, ...]
                                                                     ) -> None:
    """K1: Pirate + Skull King + Mermaid, any order: the mermaid wins, +40 only."""
    result = trick(*order)
    assert result.winner == order.index("MER")
    assert bonus_texts(result) == ["+40 for SK taken by a mermaid"]


def test_the_winner_leads_the_next_trick_whatever_the_seats() -> None:
    """§3.2: the trick winner leads the next trick; seats are returned, not positions."""
    result = trick("Y3", "Y9", "Y5", first=1)
    assert (result.winner, result.next_leader) == (2, 2)
    assert result.lead_suit is Suit.YELLOW
    assert result.winning_card == card("Y9")


def test_lead_suit_of_a_trick_led_by_a_character_is_none() -> None:
    """K4: a character lead leaves the trick without a suit (the number cards still
    compare by the first number played, which does not matter once a character won)."""
    assert trick("ROSIE", "Y3", "G9").lead_suit is None
    assert trick("ESC", "SK", "Y3").lead_suit is None
    assert trick("ESC", "G4", "Y3").lead_suit is Suit.GREEN


# -- Advanced cards (RESEARCH.md §3.7, DECISIONS K6, K7) ---------------------------------

def test_loot_plays_as_an_escape_and_allies_with_the_winner() -> None:
    """§3.7: Loot plays as an escape and forms an alliance with whoever captures it."""
    result = trick("LOOT", "Y3", "Y9", advanced=True)
    assert result.winner == 2
    assert result.lead_suit is Suit.YELLOW  # Loot led passes the suit on (§3.3)
    assert result.loot_alliances == ((0, 2),)


def test_two_loots_make_two_alliances() -> None:
    """§3.5: one alliance per Loot card (up to 2)."""
    result = trick("Y5", "LOOT", "SK", "LOOT", advanced=True)
    assert result.winner == 2
    assert result.loot_alliances == ((1, 2), (3, 2))


def test_loot_leader_wins_with_only_escapes_and_has_no_alliance() -> None:
    """K6: a Loot led and only escapes after it: the Loot player wins, no alliance."""
    result = trick("LOOT", "ESC", "TIG escape", advanced=True)
    assert (result.winner, result.outcome) == (0, Outcome.WON)
    assert result.loot_alliances == ()


def test_second_loot_among_escapes_allies_with_the_first() -> None:
    """K5/§3.7: all escape-like cards, the first wins; the other Loot allies with it."""
    result = trick("LOOT", "ESC", "LOOT", advanced=True)
    assert result.winner == 0
    assert result.loot_alliances == ((2, 0),)


@pytest.mark.parametrize(("cards", "next_leader", "rule"), [
    ("Y12 KRAKEN Y13", 2, "K6: Y13 would have won without the Kraken"),
    ("ROSIE SK KRAKEN MER", 3, "K6: the mermaid would have won, with the bonus lost"),
    ("KRAKEN G3 Y14 P9", 1, "K8: Kraken led, the first number sets the comparison suit"),
    ("KRAKEN ESC ESC", 1, "K6: Kraken led before only escapes: the first escape leads"),
    ("Y2 B3 KRAKEN", 1, "K6: black would have won"),
    ("Y12 B3 WHALE KRAKEN", 1, "§3.7 FAQ: Kraken second acts; black 3 would have won"),
    ("WHALE SK KRAKEN", 1, "K6: without both creatures the Skull King would have won"),
])
def test_kraken_destroys_the_trick(cards: str, next_leader: int, rule: str) -> None:
    """K6/K7: nobody wins a Kraken trick, no bonus, no alliance; the would-be winner leads."""
    result = trick(*_split(cards), advanced=True)
    assert result.outcome is Outcome.DESTROYED, rule
    assert result.winner is None
    assert result.next_leader == next_leader, rule
    assert (result.bonus, result.bonus_items, result.loot_alliances) == (0, (), ())


def test_a_kraken_trick_shows_the_kraken_and_the_suit_that_was_led() -> None:
    """K6: the Kraken destroys the trick: the result names the Kraken as the card that
    decided it, keeps the suit led (§3.3) and has no bonus item and no alliance (a UI
    explains the trick from these fields)."""
    result = trick("G9", "LOOT", "KRAKEN", "B14", advanced=True)
    assert result.outcome is Outcome.DESTROYED
    assert (result.winner, result.winning_card) == (None, card("KRAKEN"))
    assert result.lead_suit is Suit.GREEN
    assert (result.bonus, result.bonus_items, result.loot_alliances) == (0, (), ())
    assert result.next_leader == 3  # the black 14 would have won (K6)


def test_a_discarded_white_whale_trick_has_no_card_and_no_bonus() -> None:
    """K7: only special cards with the White Whale: nobody takes the trick, no card won it,
    no bonus item; ``resolve`` records the suit it is given (the engine's trick)."""
    plays = [(0, play("ROSIE")), (1, play("WHALE")), (2, play("LOOT"))]
    config = Config(players=3, loot=True, white_whale=True)
    result = resolve(plays, config, Suit.PURPLE)
    assert result.outcome is Outcome.DISCARDED
    assert (result.winner, result.winning_card, result.next_leader) == (None, None, 1)
    assert result.lead_suit is Suit.PURPLE
    assert (result.bonus, result.bonus_items, result.loot_alliances) == (0, (), ())
    assert result.plays == tuple(plays)
    assert resolve_trick(plays, config).lead_suit is None  # no number card: no suit (§3.3)


def test_kraken_and_only_creatures_first_card_leads() -> None:
    """K6: only creatures played (a two-card trick): the first card's player leads."""
    result = resolve_trick([(2, play("WHALE")), (0, play("KRAKEN"))],
                           Config(players=3, kraken=True, white_whale=True))
    assert (result.outcome, result.next_leader) == (Outcome.DESTROYED, 2)


def test_kraken_trick_with_loot_forms_no_alliance() -> None:
    """K6: no Loot alliance in a Kraken trick."""
    result = trick("LOOT", "Y3", "KRAKEN", "Y14", advanced=True)
    assert result.outcome is Outcome.DESTROYED
    assert result.loot_alliances == ()
    assert result.next_leader == 3


@pytest.mark.parametrize(("cards", "winner", "rule"), [
    ("B2 ROSIE Y14 SK WHALE", 2, "§3.7 rulebook example: yellow 14 wins"),
    ("B2 Y3 WHALE", 1, "K7: numbers lose suit and trump; highest value wins"),
    ("G9 WHALE Y9", 0, "K9: a tie on value goes to the earliest played"),
    ("G5 Y9 WHALE P9", 1, "K9: a tie on value goes to the earliest played"),
    ("TIG pirate Y2 WHALE", 1, "§3.7: special cards are destroyed and can't win"),
    ("MER SK P1 WHALE", 2, "§3.7: even the Skull King and a mermaid lose to a 1"),
    ("WHALE Y4 B2", 1, "§3.7: led White Whale: still the highest number wins"),
    ("KRAKEN Y5 WHALE Y9", 3, "K7: White Whale second acts, the Kraken is an escape"),
])
def test_white_whale_highest_number_wins(cards: str, winner: int, rule: str) -> None:
    result = trick(*_split(cards), advanced=True)
    assert (result.outcome, result.winner, result.next_leader) == (Outcome.WON, winner,
                                                                  winner), rule


@pytest.mark.parametrize(("cards", "whale"), [
    ("ROSIE WHALE SK", 1),
    ("ESC WHALE LOOT", 1),  # D5: escapes and Loot are special cards too
    ("WHALE ESC ESC", 0),
    ("KRAKEN ROSIE WHALE", 2),  # K7: the Kraken came first, so the White Whale acts
])
def test_white_whale_with_only_specials_discards_the_trick(cards: str, whale: int) -> None:
    """K7 (D4, D5): only special cards: nobody wins, the White Whale player leads next."""
    result = trick(*_split(cards), advanced=True)
    assert result.outcome is Outcome.DISCARDED
    assert (result.winner, result.next_leader) == (None, whale)
    assert (result.bonus, result.loot_alliances) == (0, ())


def test_white_whale_trick_keeps_the_14_bonuses() -> None:
    """K10: a black 14 captured in a White Whale trick still scores +20; a plain 14 +10."""
    result = trick("Y3", "B14", "WHALE", "G14", advanced=True)
    assert result.winner == 1  # B14 and G14 tie on value: the earlier one
    assert (result.winning_card, result.lead_suit) == (card("B14"), Suit.YELLOW)
    assert bonus_texts(result) == ["+20 for B14", "+10 for G14"]
    assert result.bonus == 30


def test_white_whale_trick_has_no_character_bonus() -> None:
    """§3.7: the characters are destroyed: no +30/+40/+20 in a White Whale trick."""
    result = trick("ROSIE", "SK", "MER", "Y6", "WHALE", advanced=True)
    assert result.winner == 3
    assert result.bonus == 0


def test_white_whale_captured_loot_still_allies() -> None:
    """§3.7: Loot allies with whoever captures it, in a White Whale trick too."""
    result = trick("LOOT", "Y3", "WHALE", advanced=True)
    assert result.winner == 1
    assert result.loot_alliances == ((0, 1),)


@pytest.mark.parametrize(("cards", "index", "rule"), [
    ("Y12 TIG pirate B2", 1, "§3.10: the Tigress as a pirate beats numbers, black too"),
    ("Y12 TIG escape B2", 2, "§3.10: the Tigress as an escape does not"),
    ("Y12 KRAKEN Y13", None, "K6: nobody takes a Kraken trick"),
    ("KRAKEN", None, "K6: ... even the Kraken alone"),
    ("Y3 WHALE B2", 0, "K7: the highest number wins, whatever its suit"),
    ("ROSIE WHALE SK", None, "K7: only special cards: nobody takes it"),
    ("KRAKEN Y5 WHALE Y9", 3, "K7: the White Whale played second acts"),
    ("Y12 B3 WHALE KRAKEN", None, "K7: the Kraken played second acts"),
    ("ROSIE SK MER", 2, "§3.4: without creatures, the usual winner"),
    ("Y2", 0, "an incomplete trick: who would take it so far"),
])
def test_trick_winner_is_the_winner_resolve_gives(cards: str, index: int | None,
                                                  rule: str) -> None:
    """``trick_winner`` (the bots' question) applies the rule of ``resolve``: K6, K7, §3.4."""
    plays = [(seat, play(text)) for seat, text in enumerate(_split(cards))]
    assert trick_winner(plays) == index, rule
    config = Config(players=4, kraken=True, white_whale=True)
    assert resolve(plays, config).winner == index, rule


# -- Bonuses (RESEARCH.md §3.5; captured before the exact-bid condition) ------------------

@pytest.mark.parametrize(("cards", "winner", "bonuses"), [
    ("Y14 Y2", 0, ["+10 for Y14"]),
    ("G14 B1", 1, ["+10 for G14"]),  # "whether played by you or an opponent"
    ("Y3 P14 Y4", 2, ["+10 for P14"]),
    ("B14 Y9", 0, ["+20 for B14"]),
    ("Y14 G14 P14 B14", 3, ["+10 for Y14", "+10 for G14", "+10 for P14", "+20 for B14"]),
    ("MER ROSIE", 1, ["+20 for MER taken by a pirate"]),
    ("MER ROSIE MER", 1, ["+20 for MER taken by a pirate", "+20 for MER taken by a pirate"]),
    ("MER TIG pirate", 1, ["+20 for MER taken by a pirate"]),
    ("ROSIE SK", 1, ["+30 for ROSIE taken by the Skull King"]),
    ("ROSIE SK BENDT HARRY", 1, ["+30 for ROSIE taken by the Skull King",
                                 "+30 for BENDT taken by the Skull King",
                                 "+30 for HARRY taken by the Skull King"]),
    ("TIG pirate SK", 1, ["+30 for TIG taken by the Skull King"]),
    ("TIG escape SK", 1, []),  # FAQ: the Tigress as an escape gives no bonus (D7)
    ("SK MER", 1, ["+40 for SK taken by a mermaid"]),
    ("Y14 ROSIE MER", 1, ["+10 for Y14", "+20 for MER taken by a pirate"]),
    ("B14 SK ROSIE", 1, ["+20 for B14", "+30 for ROSIE taken by the Skull King"]),
    ("MER SK ROSIE", 0, ["+40 for SK taken by a mermaid"]),  # K1: the only character bonus
    ("Y13 Y12 ESC", 0, []),
    ("MER Y14", 0, ["+10 for Y14"]),  # a mermaid winning over numbers: only the 14
])
def test_modern_bonuses(cards: str, winner: int, bonuses: list[str]) -> None:
    """§3.5: 14s +10 (black +20), mermaid by pirate +20, pirate by Skull King +30,
    Skull King by mermaid +40; the bonus total is the sum of the items."""
    result = trick(*_split(cards))
    assert result.winner == winner
    assert bonus_texts(result) == bonuses
    assert result.bonus == sum(int(text.split()[0]) for text in bonuses)


# -- Classic edition (Schmidt Spiele 2013): RESEARCH.md §2.3-2.5, DECISIONS K5, D7 -------

CLASSIC_WINNERS = [
    ("MER ROSIE SK", 0, "§2.4.1: mermaid and Skull King, the first mermaid wins"),
    ("SK MER MER ROSIE", 1, "§2.4.1: ... no matter which other cards are in the trick"),
    ("ROSIE SK", 1, "§2.4.2: the Skull King wins"),
    ("Y3 ROSIE BENDT", 1, "§2.4.3: the first pirate wins"),
    ("TIG pirate ROSIE", 0, "§2.4.3: Scary Mary as a pirate is a pirate"),
    ("MER ROSIE", 1, "§2.4.4: pirates beat mermaids"),
    ("B13 MER MER", 1, "§2.4.4: the first mermaid beats numbers"),
    ("R13 B1 U13", 1, "§2.4.5: the highest black wins"),
    ("R5 U13 R7", 2, "§2.4.6: the highest card of the lead suit"),
    ("ESC U3 R13", 1, "§2.3/2.4.6: the first number card sets the lead suit"),
    ("ESC TIG escape ESC", 0, "§2.4.7: only escapes, the first card played wins"),
    ("TIG escape Y1", 1, "§2.4.7: Scary Mary as an escape is an escape"),
]


@pytest.mark.parametrize(("cards", "winner", "rule"), CLASSIC_WINNERS,
                         ids=[c for c, _, _ in CLASSIC_WINNERS])
def test_classic_trick_winner(cards: str, winner: int, rule: str) -> None:
    result = trick(*_split(cards), classic=True)
    assert (result.winner, result.next_leader) == (winner, winner), rule


def test_classic_lead_suit_after_a_character_lead_is_the_next_number() -> None:
    """§2.3 / K4 / D6: after any special lead, the next number card sets the suit."""
    result = trick("ROSIE", "U3", "R13", classic=True)
    assert result.lead_suit is Suit.BLUE
    assert result.winner == 0
    numbers_only = trick("MER", "U3", "R13", "ROSIE", classic=True)
    assert numbers_only.lead_suit is Suit.BLUE


@pytest.mark.parametrize(("cards", "winner", "bonuses"), [
    ("MER SK", 0, ["+50 for SK taken by a mermaid"]),  # K5 / D2: +50 classic
    ("ROSIE SK BENDT", 1, ["+30 for ROSIE taken by the Skull King",
                           "+30 for BENDT taken by the Skull King"]),
    ("TIG pirate SK", 1, ["+30 for TIG taken by the Skull King"]),
    ("TIG escape SK", 1, ["+30 for TIG taken by the Skull King"]),  # D7: still a pirate
    ("MER ROSIE", 1, []),  # §2.5: no mermaid-by-pirate bonus in the classic edition
    ("ROSIE SK MER", 2, ["+50 for SK taken by a mermaid"]),
    ("B13 Y13 R13", 0, []),  # §2.5: suits stop at 13, no 14 bonus
])
def test_classic_bonuses(cards: str, winner: int, bonuses: list[str]) -> None:
    result = trick(*_split(cards), classic=True)
    assert result.winner == winner
    assert bonus_texts(result) == bonuses


# -- What resolve_trick refuses -------------------------------------------------------

@pytest.mark.parametrize(("plays", "config", "why"), [
    ([], Config(), "at least one card"),
    ([(0, play("Y3")), (0, play("Y4"))], Config(), "plays twice"),
    ([(0, play("Y3")), (4, play("Y4"))], Config(), "seat 4"),
    ([(0, play("R5"))], Config(), "not in the deck"),  # red is a classic suit
    ([(0, play("Y14"))], Config(edition=Edition.CLASSIC),
     "not in the deck"),
    ([(0, play("LOOT"))], Config(), "not in the deck"),  # Loot needs Config(loot=True)
    ([(0, play("MER")), (1, play("MER")), (2, play("MER"))], Config(), "this often"),
])
def test_resolve_trick_refuses_impossible_tricks(plays: list[tuple[int, Play]],
                                                 config: Config, why: str) -> None:
    with pytest.raises(IllegalMoveError, match=why):
        resolve_trick(plays, config)
