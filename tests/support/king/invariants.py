"""Whole-state invariants of a Skull King game, written from the rules, not from the engine.

The property tests call :func:`check_state` after every move of random games, and the
fuzz tests on every state that JSON loading lets through.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from skullgames.king import Config, Kind, Phase, Play, State, Suit, SuitState
from skullgames.king.cards import Card


def is_escape_like(play: Play) -> bool:
    """Escape, Loot, or the Tigress declared as an escape (RESEARCH.md §3.3)."""
    kind = play.card.kind
    return kind in (Kind.ESCAPE, Kind.LOOT) or (kind is Kind.TIGRESS and not play.as_pirate)


def suit_to_follow(plays: Sequence[Play], *, classic: bool,
                   character_ends_choice: bool = True) -> Suit | None:
    """The suit a number card must follow after ``plays`` (RESEARCH §2.3, §3.3; DECISIONS K4).

    Classic: the first number card sets it, whatever special came before. Modern: escape-type
    cards pass the choice on, and a character lead leaves the trick with no suit at all; so
    does the first character after escapes, unless ``character_ends_choice`` is off (S1),
    when only a number card ends the choice.
    """
    for i, p in enumerate(plays):
        if p.card.suit is not None:
            return p.card.suit
        if not classic and not is_escape_like(p) and (i == 0 or character_ends_choice):
            return None
    return None


def suit_is_none(plays: Sequence[Play], *, classic: bool, character_ends_choice: bool) -> bool:
    """True when a character ended the choice of suit for the whole trick (modern, K4, S1)."""
    for i, p in enumerate(plays):
        if p.card.suit is not None or classic:
            return False
        if not is_escape_like(p) and (i == 0 or character_ends_choice):
            return True
    return False


def legal_cards(hand: Sequence[Card], plays: Sequence[Play], *, classic: bool,
                character_ends_choice: bool = True) -> set[Card]:
    """The cards of ``hand`` that may be played to a trick holding ``plays``."""
    suit = suit_to_follow(plays, classic=classic, character_ends_choice=character_ends_choice)
    if suit is not None and any(c.suit is suit for c in hand):
        return {c for c in hand if c.suit is suit or c.suit is None}
    return set(hand)


def _expected_phase_fields(state: State) -> None:
    config = state.config
    n = config.players
    sizes = config.hand_sizes
    assert 0 <= state.round_index < len(sizes)
    assert len(state.rounds) == state.round_index + (state.phase is Phase.OVER)
    # The dealer passes to the left each round; the first dealer is seat 0 (§3.2).
    assert state.dealer == state.round_index % n
    sums = [0] * n
    for result in state.rounds:
        sums = [a + b for a, b in zip(sums, result.points, strict=True)]
    assert state.totals == tuple(sums), "totals are the sums of the round scores"
    for number, result in enumerate(state.rounds, start=1):
        assert result.round_number == number
        assert result.cards_dealt == sizes[number - 1]
        assert len(result.tricks) == result.cards_dealt
    if state.phase is Phase.OVER:
        assert state.to_move is None
        assert all(not hand for hand in state.hands)
        assert len(state.rounds) == len(sizes)
        return
    if state.phase is Phase.DEAL:
        assert state.deal is None
        assert state.to_move is None
        assert all(not hand for hand in state.hands)
        assert state.bids == (None,) * n
        assert not state.tricks
        assert not state.trick
        return
    deal = state.deal
    assert deal is not None
    size = sizes[state.round_index]
    assert all(len(hand) == size for hand in deal.hands)
    if state.phase is Phase.BID:
        # Bids are made one by one from the left of the dealer (DECISIONS K13).
        made = sum(b is not None for b in state.bids)
        order = [(state.dealer + 1 + k) % n for k in range(n)]
        assert all(state.bids[seat] is not None for seat in order[:made])
        assert all(state.bids[seat] is None for seat in order[made:])
        assert made < n
        assert state.to_move == order[made]
        assert state.hands == deal.hands
        assert not state.tricks
        assert not state.trick
        assert state.leader == (state.dealer + 1) % n
        return
    assert state.phase is Phase.PLAY
    assert all(b is not None and 0 <= b <= size for b in state.bids)
    seats = trick_order(state)
    assert len(state.trick) < len(seats)
    assert state.to_move == seats[len(state.trick)]
    assert [seat for seat, _ in state.trick] == seats[:len(state.trick)]
    played_now = {seat for seat, _ in state.trick}
    for seat, hand in enumerate(state.hands):
        assert len(hand) == size - len(state.tricks) - (seat in played_now)
    classic = config.edition.value == "classic"
    plays = [p for _, p in state.trick]
    ends = config.character_ends_choice
    expected_suit = suit_to_follow(plays, classic=classic, character_ends_choice=ends)
    assert state.lead_suit is expected_suit
    if expected_suit is not None:
        assert state.suit_state is SuitState.SET
    elif suit_is_none(plays, classic=classic, character_ends_choice=ends):
        assert state.suit_state is SuitState.NONE
    else:
        assert state.suit_state is SuitState.OPEN


def trick_order(state: State) -> list[int | None]:
    """The seats in the order they play the current trick (``None`` is Graybeard).

    Clockwise from the leader; with two players in the modern edition Graybeard always
    plays second after a human lead, and after he leads, the human who led the previous
    trick plays first (RESEARCH.md §3.11, DECISIONS K10, S3).
    """
    n = state.config.players
    if not state.config.has_ghost:
        assert state.leader is not None
        return [(state.leader + k) % n for k in range(n)]
    if state.leader is not None:
        return [state.leader, None, 1 - state.leader]
    previous = state.tricks[-1]  # he leads only after taking a trick of this round
    human_leader = next(seat for seat, _ in previous.plays if seat is not None)
    return [None, human_leader, 1 - human_leader]


_DECKS: dict[Config, Counter[str]] = {}


def _deck_counts(config: Config) -> Counter[str]:
    counts = _DECKS.get(config)
    if counts is None:
        counts = _DECKS[config] = Counter(map(str, config.deck))
    return counts


def check_state(state: State) -> None:
    """Assert every invariant of a reachable state."""
    _expected_phase_fields(state)
    if state.deal is None or state.phase is Phase.OVER:
        return
    # Every card is accounted for: hands + Graybeard's stack + undealt + current trick +
    # finished tricks == deck. (Counted by card text: hashing a Card is slow and these
    # checks run after every move.)
    config = state.config
    in_play: Counter[str] = Counter(map(str, state.undealt))
    in_play.update(map(str, state.ghost))
    for hand in state.hands:
        in_play.update(map(str, hand))
    in_play.update(str(p.card) for _, p in state.trick)
    for result in state.tricks:
        in_play.update(str(p.card) for _, p in result.plays)
    assert in_play == _deck_counts(config), "cards lost or duplicated"
    # Hands are kept sorted; the count of tricks taken matches the finished tricks.
    for hand in state.hands:
        assert list(hand) == sorted(hand, key=lambda c: c.order)
    won = Counter(r.winner for r in state.tricks if r.winner is not None)
    assert state.tricks_won == tuple(won[seat] for seat in range(config.players))
    if state.tricks:
        assert state.leader == state.tricks[-1].next_leader
