"""The Tigress gives two plays (RESEARCH.md §3.4, §3.10; DECISIONS K5), written once.

:func:`~skullgames.king.moves.plays_of` is the rule; the legal moves, the action space,
the score bounds' tricks and the move notation ask it.
"""

from __future__ import annotations

from skullgames import king
from skullgames.king.cards import ALL_CARDS, Kind
from skullgames.king.moves import plays_of
from tests.support.king.helpers import position


def test_the_tigress_is_played_as_a_pirate_or_as_an_escape_and_any_other_card_once() -> None:
    for c in ALL_CARDS:
        plays = plays_of(c)
        if c.kind is Kind.TIGRESS:  # K5: declared when played, pirate first
            assert plays == (king.Play(c, as_pirate=True), king.Play(c, as_pirate=False))
        else:
            assert plays == (king.Play(c),)


def test_the_legal_moves_offer_the_tigress_both_ways() -> None:
    state = position(["G4 G5", "TIG Y3", "P6 P7"], bids=[0, 0, 0])  # seat 1 leads
    assert king.current_player(state) == 1
    assert set(king.legal_moves(state)) == {*plays_of(king.card("Y3")),
                                            *plays_of(king.card("TIG"))}
    assert len(king.legal_moves(state)) == 3


def test_the_action_space_numbers_every_play_of_every_card() -> None:
    for config in (king.Config(), king.Config(edition=king.Edition.CLASSIC, players=3)):
        space = king.action_space(config)
        plays = [m for m in (space.move(i) for i in range(space.size)) if type(m) is king.Play]
        assert plays == [p for c in dict.fromkeys(config.deck) for p in plays_of(c)]


def test_every_play_of_every_card_is_written_and_read_back() -> None:
    for c in ALL_CARDS:
        for p in plays_of(c):
            assert king.parse_move(str(p)) == p
