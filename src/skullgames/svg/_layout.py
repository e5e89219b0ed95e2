"""The frame both games' pictures share: the header, the middle box, seat rows, the ghost."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from skullgames.svg._draw import CARD_H, HIGHLIGHT, Canvas, CardFace

__all__ = ["MIDDLE_Y", "ROW_H", "WIDTH", "Frame"]

WIDTH = 900
ROW_H = 84
MIDDLE_Y = 64
HAND_RIGHT = WIDTH - 12
FOOTER_H = 22

Face = Callable[[Any], tuple[CardFace, str]]


class Frame:
    """One picture being drawn: the canvas, whose view it is, and the game's words.

    ``value`` is a state or an observation; ``viewer`` the observing seat (``None`` for
    a state); ``ghost`` the name of the seatless player (Graybeard, the Pirate King);
    ``hand_x`` where the hands start; ``face`` how a card of the game looks.
    """

    def __init__(self, value: Any, game: Any, *, rounds: int, ghost: str,
                 phases: dict[str, str], hand_x: float, face: Face) -> None:
        self.value = value
        self.hand_x = hand_x
        self.face = face
        self.game = game
        self.view = isinstance(value, game.Observation)
        self.viewer: int | None = value.seat if self.view else None
        self.ghost = ghost
        players = value.config.players
        self.rows = players + value.config.has_ghost
        self.phase = phases[value.phase.value]
        self.round_number = min(value.round_number, rounds)
        self.footer = ""  # the options, when they do not fit beside the title
        self.canvas = Canvas(WIDTH, f"{game.title}, round {self.round_number} of {rounds}, "
                                    f"{self.phase}")

    def seat_name(self, seat: int | None, *notes: str) -> str:
        """``seat 2``, ``seat 0 (you)``, or the ghost's name.

        ``notes`` join ``you`` in one bracket: ``seat 0 (you, +10 bonus)``.
        """
        if seat is None:
            name = self.ghost
        else:
            name, notes = f"seat {seat}", (("you",) if seat == self.viewer else ()) + notes
        return f"{name} ({', '.join(notes)})" if notes else name

    def possessive(self, seat: int | None) -> str:
        """``seat 2's``, ``your``, or the ghost's name with ``'s``."""
        return "your" if seat is not None and seat == self.viewer else (
            f"{self.seat_name(seat)}'s")

    def middle_title(self, title: str) -> str:
        """``title`` for the middle box, or the phase (``Bidding``) before card play.

        Until the phase ends no card is on the table, so a "Trick 1" box would be empty.
        """
        if self.value.phase.value in ("play", "over"):
            return title
        return self.phase[:1].upper() + self.phase[1:]

    def header(self, title: str, options: str, extra: Sequence[str]) -> None:
        """The title line, the options at the right, and the line of who is to move."""
        self.canvas.text(12, 22, title, size=15, weight="bold", cls="header")
        if options and _width(title, 15, bold=True) + 24 + _width(options, 11) <= WIDTH - 24:
            self.canvas.text(WIDTH - 12, 22, options, size=11, anchor="end", cls="options")
        elif options:  # too long to sit beside the title: a line of its own at the bottom
            self.footer = options
        value = self.value
        if value.phase.value == "over":
            won = self.game.module.winners(value)  # the entry's winners takes a state
            status = ("Won by " + " and ".join(self.seat_name(s) for s in won)
                      + f" with {value.totals[won[0]]}")
        else:
            parts = []
            if value.to_move is not None:
                parts.append(f"{self.seat_name(value.to_move)} to move")
            parts.append(f"{self.seat_name(value.dealer)} dealt")
            status = " · ".join([*parts, *extra])
        self.canvas.text(12, 42, status, size=12, cls="status")
        self.canvas.rect(8, MIDDLE_Y - 14, 884, CARD_H + 40, fill="#e7dcc0", stroke="#b9a77a",
                         rx=8)

    def played(self, x0: float, step: float, entries: Sequence[tuple[int | None, Any]],
               face: Face) -> None:
        """Cards on the table with who played them; a card of ``None`` lies face down."""
        for i, (seat, card) in enumerate(entries):
            x = x0 + i * step
            self.canvas.text(x, MIDDLE_Y + 18, self.seat_name(seat), size=11, cls="trick-seat")
            self.canvas.row(x, MIDDLE_Y + 22, [None if card is None else face(card)], x + 40)

    def seat_top(self, seat: int) -> float:
        """Where the row of ``seat`` starts."""
        return MIDDLE_Y + CARD_H + 46 + seat * ROW_H

    def seat(self, seat: int, lines: Sequence[tuple[str, str]]) -> None:
        """A seat's row: its name, ``(class, text)`` lines under it, and its hand."""
        value, canvas, y = self.value, self.canvas, self.seat_top(seat)
        face, hand_x = self.face, self.hand_x
        if value.to_move == seat:
            canvas.rect(4, y - 4, WIDTH - 8, ROW_H - 4, fill=HIGHLIGHT, rx=6, cls="to-move")
        name = self.seat_name(seat) + (" · dealer" if seat == value.dealer else "")
        canvas.text(12, y + 14, name, size=13, weight="bold", cls="seat")
        for i, (cls, text) in enumerate(lines):
            if text:
                canvas.text(12, y + 32 + 18 * i, text, size=12 if i < 2 else 11, cls=cls)
        cards: list[tuple[CardFace, str] | None]
        if self.view and seat != self.viewer:
            cards = [None] * value.hand_sizes[seat]
        else:
            cards = [face(c) for c in (value.hand if self.view else value.hands[seat])]
        canvas.row(hand_x, y + 6, cards, HAND_RIGHT)
        if not cards:
            canvas.text(hand_x, y + 38, "no cards", size=11, fill="#8a7d5c")

    def _ghost_row(self, count: int, cards: Sequence[Any]) -> None:
        canvas, y, hand_x = self.canvas, self.seat_top(self.rows - 1), self.hand_x
        canvas.text(12, y + 14, f"{self.ghost} (the ghost)", size=13, weight="bold", cls="seat")
        if self.view:
            canvas.text(12, y + 32, f"{count} card{'s' * (count != 1)} face down", size=12)
            canvas.row(hand_x, y + 6, [None] * count, HAND_RIGHT)
        else:
            canvas.text(12, y + 32, "face down stack, top first", size=12)
            canvas.row(hand_x, y + 6, [self.face(c) for c in cards], HAND_RIGHT)

    def render(self) -> str:
        """The finished picture, with the ghost's stack when the game has the ghost.

        In an observation the stack is ``ghost_size`` card backs; in a state it is its
        cards (``ghost``) face up.
        """
        value = self.value
        if value.config.has_ghost:
            self._ghost_row(value.ghost_size, () if self.view else value.ghost)
        bottom = self.seat_top(self.rows) + 10
        if self.footer:
            self.canvas.text(12, bottom + 12, f"Options: {self.footer}", size=11, cls="options")
            bottom += FOOTER_H
        return self.canvas.render(bottom)


def _width(text: str, size: float, *, bold: bool = False) -> float:
    """A generous estimate of how wide ``text`` is drawn, in pixels.

    The font is the viewer's (DejaVu Sans, Verdana or Arial), so the picture cannot
    measure it: this takes the widest of them, about 0.62 em a character (0.68 bold).
    """
    return len(text) * size * (0.68 if bold else 0.62)
