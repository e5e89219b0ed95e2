"""What a Skull Queen move changes in a :class:`~skullgames.plugins.rl.Table`.

The commonest moves (a card played, a trick resolved, a placement, the placements
revealed, a new round, the end) change a few values of the table: :class:`QueenSteps`
writes just those, in the encoder's positions and values, so that every seat's tensor
stays ``encode(observe(state, seat))``. With two players the cards played are the
environment's to write whole: the other captain's card lies face down (Q7).
"""

from __future__ import annotations

from typing import Any

from skullgames.plugins.rl import Steps, Table, Values
from skullgames.queen import State
from skullgames.queen.state import Finished, Placing, Playing
from skullgames.rl.queen import _PLANK, PLACEMENTS, QueenEncoder


class QueenSteps(Steps):
    """What each common Skull Queen move changes in a :class:`Table`; see the module."""

    _encoder: QueenEncoder
    round_start = Placing

    def __init__(self, encoder: QueenEncoder, table: Table) -> None:
        super().__init__(encoder, table, encoder._seat_fields)
        self._ghost = encoder.config.has_ghost
        self._card = encoder._card
        self._cards = encoder._cards
        self._trick_span = (encoder.trick,
                            encoder.trick + (encoder.players + self._ghost) * self._cards)
        self._placements_input: list[Any] = [None] * len(encoder.groups_of)

    def __call__(self, before: State, after: State) -> bool:
        """Write what the move from ``before`` to ``after`` changed, or return ``False``."""
        if type(before) is Playing:
            if type(after) is Playing and not self._ghost:
                if after.table is before.table:
                    self._play(before, after)
                else:
                    self._trick_won(before, after)
                return True
            if type(after) is Placing:
                self.new_round(after)
                return True
            if type(after) is Finished:
                self._game_over(after)
                return True
        elif type(before) is Placing:
            if type(after) is Placing:
                self._place(before, after)
                return True
            if type(after) is Playing and not self._ghost:
                self._reveal(after)
                return True
        return False

    def _play(self, before: Playing, after: Playing) -> None:
        """A card added to the trick, face up."""
        seat, play = after.trick[-1]
        assert seat is not None  # no ghost here
        i = self._card[play.card.index]
        self._main[self._encoder.trick + seat * self._cards + i] = 1.0
        self._card_left(seat, i, after)
        self._switch(self._to_move, seat, after.to_move)
        if after.trick_color is not before.trick_color:
            self._color(before, after)

    def _card_left(self, seat: int, i: int, after: Playing) -> None:
        """The card at deck place ``i`` left ``seat``'s hand for the table (``after``)."""
        e = self._encoder
        self._main[e.played + i] = 1.0
        self._regions[seat][e.hand + i] = 0.0
        self._main[self._sizes + seat] = len(after.hands[seat]) / self._size_most

    def _trick_won(self, before: Playing, after: Playing) -> None:
        """The last card of a trick played and the trick resolved.

        Pawns moved, cards set aside or to the centre: the next trick is about to be led.
        """
        main, e = self._main, self._encoder
        seat, old, new = before.to_move, before.table, after.table
        self._card_left(seat, self._card[new.tricks[-1].plays[-1][1].card.index], after)
        start, stop = self._trick_span
        main[start:stop] = self._no_main[start:stop]
        self._color(before, after)
        for field, cards, was in ((e.center, new.center, old.center),
                                  (e.set_aside, new.set_aside, old.set_aside)):
            if cards is not was:
                main[field:field + self._cards] = self._no_main[field:field + self._cards]
                e.write_cards(main, field, cards)
        for s, (plank, old_plank) in enumerate(zip(new.planks, old.planks, strict=True)):
            if plank is not old_plank:
                at = e.planks + s * _PLANK
                main[at:at + _PLANK] = self._no_main[at:at + _PLANK]
                e.write_plank(main, s, plank)
        players = self._players
        self._switch(self._leader, players if old.leader is None else old.leader,
                     players if new.leader is None else new.leader)
        self._switch(self._to_move, seat, after.to_move)

    def _color(self, before: Playing, after: Playing) -> None:
        """The trick colour, where it changed."""
        if after.trick_color is not before.trick_color:
            self._switch(self._encoder.color,
                         None if before.trick_color is None else before.trick_color.index,
                         None if after.trick_color is None else after.trick_color.index)

    def _place(self, before: Placing, after: Placing) -> None:
        """A placement: its captain sees it, the others see that it is made."""
        e, seat = self._encoder, before.to_move
        inputs = self._placements_input
        inputs[PLACEMENTS] = (None,) * seat + (after.placements[seat],)
        e._write_placements(self._regions[seat], inputs, seat)
        self._main[e.has_placed + seat] = 1.0
        self._switch(self._to_move, seat, after.to_move)

    def _reveal(self, after: Playing) -> None:
        """Every placement shown and the planks set: cards are played from now on."""
        inputs = self._read(after, 0, after.to_move)
        assert inputs is not None  # cards are played, by three players or more
        self._rewrite(inputs)
        self._table.show_own()

    def write_hand(self, region: Values, hand: Any) -> None:
        """The cards held, one-hot in deck order."""
        self._encoder.write_cards(region, self._encoder.hand, hand)


