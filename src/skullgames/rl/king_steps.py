"""What a Skull King move changes in a :class:`~skullgames.plugins.rl.Table`.

The commonest moves (a card played, a trick won, a bid, the bids revealed, a new round)
change a few values of the table: :class:`KingSteps` writes just those, in the encoder's
positions and values, so that every seat's tensor stays
``encode(observe(state, seat))``. Any other move (a Cannonball choice, a pirate's
ability, Graybeard's plays) it leaves to the environment, which writes the table whole.
"""

from __future__ import annotations

from typing import Any

from skullgames.king import Phase, State, SuitState
from skullgames.king.state import Bidding, Finished, Playing
from skullgames.plugins.rl import Steps, Table, Values, write_copies
from skullgames.rl.king import KingEncoder

_PHASES = tuple(Phase)
_SUIT_STATES = tuple(SuitState)


class KingSteps(Steps):
    """What each common Skull King move changes in a :class:`Table`; see the module."""

    _encoder: KingEncoder
    round_start = Bidding

    def __init__(self, encoder: KingEncoder, table: Table) -> None:
        super().__init__(encoder, table, encoder._seat_fields)
        players = encoder.players
        self._ghost = encoder.config.has_ghost
        self._abilities = encoder.config.pirate_abilities
        self._hand_most = encoder._hand_most
        self._sums, self._suits = encoder._sums, encoder._suits
        self._at_trick, self._at_played, self._at_hand = (
            encoder._at_trick, encoder._at_played, encoder._at_hand)
        self._trick_span = (encoder.trick, encoder.trick + (players + self._ghost)
                            * (encoder._faces + 1))
        # The copies of each face played this round and held by each seat, at the state
        # ``_counted``: a play writes the new count's value.
        self._counted: object = None
        self._played: dict[int, int] = {}
        self._held: list[dict[int, int]] = []

    def __call__(self, before: State, after: State) -> bool:
        """Write what the move from ``before`` to ``after`` changed, or return ``False``."""
        if type(before) is Playing:
            if type(after) is Playing and after.past is before.past and not self._ghost:
                if self._counted is not before:
                    self._count(before)
                if after.table is before.table:
                    self._play(before, after)
                    return True
                if self._abilities and not _same_abilities(before, after):
                    return False  # Juanita showed the undealt cards, say
                self._trick_won(before, after)
                return True
            if type(after) is Bidding:
                self.new_round(after)
                return True
            if type(after) is Finished and not self._abilities:
                self._game_over(after)
                return True
        elif type(before) is Bidding:
            if type(after) is Bidding:
                self._bid(before, after)
                return True
            if type(after) is Playing and after.past is before.past:
                self._reveal(before, after)
                return True
        return False

    def _count(self, state: Playing) -> None:
        """Count the copies of each face played and held at ``state``."""
        played: dict[int, int] = {}
        for trick in state.tricks:
            for _, play in trick.plays:
                played[play.card.order] = played.get(play.card.order, 0) + 1
        for _, play in state.trick:
            played[play.card.order] = played.get(play.card.order, 0) + 1
        self._played = played
        held = []
        for hand in state.hands:
            copies: dict[int, int] = {}
            for c in hand:
                copies[c.order] = copies.get(c.order, 0) + 1
            held.append(copies)
        self._held = held
        self._counted = state

    def _play(self, before: Playing, after: Playing) -> None:
        """A card added to the trick."""
        seat, play = after.trick[-1]
        assert seat is not None  # no ghost here
        order = play.card.order
        at = self._at_trick[seat]
        self._main[at[order]] = 1.0
        if play.as_pirate:
            self._main[at[-1]] = 1.0
        self._card_left(seat, order, after)
        self._switch(self._to_move, seat, after.to_move)
        if after.suit_state is not before.suit_state:
            self._suit(before, after)
        self._counted = after

    def _card_left(self, seat: int, order: int, after: Playing) -> None:
        """A card of face ``order`` left ``seat``'s hand for the table (``after``)."""
        sums = self._sums[order]
        k = self._played[order] = self._played.get(order, 0) + 1
        self._main[self._at_played[order]] = sums[k]
        held = self._held[seat]
        left = held[order] = held[order] - 1
        self._regions[seat][self._at_hand[order]] = sums[left]
        self._main[self._sizes + seat] = len(after.hands[seat]) / self._size_most

    def _suit(self, before: Playing, after: Playing) -> None:
        """The lead suit and the suit's state, where they changed."""
        e, suits = self._encoder, self._suits
        if after.lead_suit is not before.lead_suit:
            self._switch(e.lead,
                         None if before.lead_suit is None else suits.index(before.lead_suit),
                         None if after.lead_suit is None else suits.index(after.lead_suit))
        self._switch(e.suit_state, _SUIT_STATES.index(before.suit_state),
                     _SUIT_STATES.index(after.suit_state))

    def _trick_won(self, before: Playing, after: Playing) -> None:
        """The last card of a trick played, the trick won, the next one about to start."""
        main, players = self._main, self._players
        seat = before.to_move
        self._card_left(seat, after.tricks[-1].plays[-1][1].card.order, after)
        start, stop = self._trick_span
        main[start:stop] = self._no_main[start:stop]
        won, most, at_won = after.tricks_won, self._hand_most, self._encoder.won
        for s in range(players):
            main[at_won + s] = won[s] / most
        self._switch(self._leader, players if before.leader is None else before.leader,
                     players if after.leader is None else after.leader)
        self._switch(self._to_move, seat, after.to_move)
        self._suit(before, after)
        self._counted = after

    def _bid(self, before: Bidding, after: Bidding) -> None:
        """A bid: the bidder sees it, the others see that it is made."""
        seat = before.to_move
        self._own_bid(seat, after.bids[seat])
        self._main[self._encoder.has_bid + seat] = 1.0
        self._switch(self._to_move, seat, after.to_move)

    def _own_bid(self, seat: int, bid: int | None) -> None:
        e, region = self._encoder, self._regions[seat]
        assert bid is not None
        region[e.bids] = bid / self._hand_most
        region[e.bid_shown] = 1.0

    def _reveal(self, before: Bidding, after: Playing) -> None:
        """The last bid made and every bid shown; cards are played from now on.

        Nothing else changes: the round's tricks, leader and scores are as they were,
        the suit is open, and no card is played yet.
        """
        e, main = self._encoder, self._main
        seat = before.to_move
        self._own_bid(seat, after.bids[seat])
        self._switch(e.phase, _PHASES.index(before.phase), _PHASES.index(after.phase))
        most = self._hand_most
        for s, bid in enumerate(after.bids):
            main[e.bids + s] = bid / most  # type: ignore[operator]
            main[e.bid_shown + s] = 1.0
        main[e.has_bid + seat] = 1.0
        self._switch(self._to_move, seat, after.to_move)

    def new_round(self, after: Bidding) -> None:
        """A new round dealt (the default), and nothing counted yet."""
        super().new_round(after)
        self._counted = None

    def write_hand(self, region: Values, hand: Any) -> None:
        """The copies of each face held, as the encoder writes them."""
        write_copies(region, hand, self._at_hand, self._sums)


def _same_abilities(before: Playing, after: Playing) -> bool:
    """Whether the abilities' records (wagers, discards, peeks) are as they were."""
    old, new = before.table, after.table
    return (new.wagers is old.wagers and new.discarded is old.discarded
            and new.peeked is old.peeked)
