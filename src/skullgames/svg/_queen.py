"""The Skull Queen table: the centre and the trick, and per seat its plank, pawns and hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from skullgames.svg._draw import CARD_H, CARD_W, HIGHLIGHT, Canvas, CardFace

if TYPE_CHECKING:
    from skullgames.queen import Card, Observation, Plank, State

__all__ = ["draw"]

WIDTH = 900
ROW_H = 84
TRICK_Y = 64
PLANK_X = 160
SPACE_W = 44
HAND_X = PLANK_X + 40 + 5 * SPACE_W + 16

_INK = {"R": "#bf2a1f", "Y": "#a87900", "G": "#1e7b45", "B": "#1f5fae"}
_PAWN = {"R": "#e74c3c", "Y": "#f4d03f", "G": "#27ae60", "B": "#3498db"}
_COLOR_LETTERS = ("R", "Y", "G", "B")  # the colour order of every per-colour tuple
_PHASES = {"deal": "waiting for the deal", "place": "placing the pirates",
           "play": "playing", "over": "game over"}


def face(card: Card) -> tuple[CardFace, str]:
    """How ``card`` looks, and its notation."""
    text = str(card)
    if card.color is not None:
        return (CardFace(str(card.value), card.color.label, _INK[card.color.value], "#ffffff",
                         card.name), text)
    if card.value == 0:
        return CardFace("0", "monkey", "#ffffff", "#8b5a2b", card.name), text
    return CardFace("13", "mate", "#f4d03f", "#2c3e50", card.name), text


def _seat_name(seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "Pirate King"
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


def draw(value: State | Observation, game: Any) -> str:
    """The SVG of a Skull Queen state (every hand face up) or observation."""
    view = isinstance(value, game.Observation)
    viewer: int | None = value.seat if view else None  # type: ignore[union-attr]
    config = value.config
    players = config.players
    rows = players + config.has_ghost
    height = TRICK_Y + CARD_H + 50 + rows * ROW_H + 10
    phase = value.phase.value
    canvas = Canvas(WIDTH, f"Skull Queen, round {value.round_number} of {config.rounds}, "
                           f"{_PHASES[phase]}")
    canvas.text(12, 22, f"Skull Queen · round {min(value.round_number, config.rounds)} of "
                        f"{config.rounds} · {_PHASES[phase]}", size=15, weight="bold",
                cls="header")
    canvas.text(12, 42, _status(value, viewer), size=12, cls="status")
    canvas.text(WIDTH - 12, 22, "plank values " + ", ".join(map(str, config.plank_values)),
                size=11, anchor="end", cls="options")
    _middle(canvas, value, viewer)
    top = TRICK_Y + CARD_H + 46
    for seat in range(players):
        _seat_row(canvas, value, seat, viewer, top + seat * ROW_H, game)
    if config.has_ghost:
        _ghost_row(canvas, value, viewer, top + players * ROW_H)
    return canvas.render(height)


def _status(value: State | Observation, viewer: int | None) -> str:
    if value.phase.value == "over":
        best = max(value.totals)
        won = [s for s, t in enumerate(value.totals) if t == best]
        return "Won by " + " and ".join(_seat_name(s, viewer) for s in won) + f" with {best}"
    parts = []
    if value.to_move is not None:
        parts.append(f"{_seat_name(value.to_move, viewer)} to move")
    parts.append(f"{_seat_name(value.dealer, viewer)} dealt")
    if value.trick_color is not None:
        parts.append(f"trick colour {value.trick_color.label}")
    if value.set_aside:
        parts.append(f"{len(value.set_aside)} cards set aside")
    return " · ".join(parts)


def _middle(canvas: Canvas, value: State | Observation, viewer: int | None) -> None:
    canvas.rect(8, TRICK_Y - 14, 884, CARD_H + 40, fill="#e7dcc0", stroke="#b9a77a", rx=8)
    canvas.text(18, TRICK_Y + 2, "Centre", size=12, weight="bold", cls="center-title")
    canvas.row(18, TRICK_Y + 22, [face(c) for c in value.center], 18 + 3 * (CARD_W + 4))
    x0 = 18 + 3 * (CARD_W + 4) + 20
    entries: list[tuple[int | None, Card | None]] = list(value.trick)
    face_down = getattr(value, "face_down", ())
    entries += [(seat, None) for seat in face_down]
    title = f"Trick {len(value.tricks) + 1}"
    notes: Sequence[str] = ()
    if not entries and value.tricks:
        result = value.tricks[-1]
        entries = list(result.plays)
        title = f"Trick {len(value.tricks)}, finished"
        notes = [str(m) for m in result.movements] or ["no pawn moves"]
        notes = [*notes, *(f"{_seat_name(s, viewer)}'s {c.label} pawn falls into the water"
                           for s, c in result.falls)]
    canvas.text(x0, TRICK_Y + 2, title, size=12, weight="bold", cls="trick-title")
    for i, (seat, card) in enumerate(entries):
        x = x0 + i * 78
        canvas.text(x, TRICK_Y + 18, _seat_name(seat, viewer), size=11, cls="trick-seat")
        canvas.row(x, TRICK_Y + 22, [None if card is None else face(card)], x + CARD_W)
    for i, note in enumerate(notes[:5]):
        canvas.text(WIDTH - 18, TRICK_Y + 2 + i * 15, note, size=11, anchor="end",
                    cls="movement")


def _plank_of(value: State | Observation, seat: int, view: bool) -> tuple[Any, str]:
    """The plank to draw for ``seat`` (a Plank or a Place, or None) and a caption."""
    if value.planks:
        plank: Plank = value.planks[seat]
        return plank, f"{plank.side.value} side"
    placement = value.placements[seat]
    if placement is not None:
        return placement, f"{placement.side.value} side"
    if view and value.has_placed[seat]:  # type: ignore[union-attr]
        return None, "placed (hidden)"
    return None, "placing" if value.phase.value == "place" else ""


def _seat_row(canvas: Canvas, value: State | Observation, seat: int, viewer: int | None,
              y: float, game: Any) -> None:
    view = viewer is not None
    if value.to_move == seat:
        canvas.rect(4, y - 4, WIDTH - 8, ROW_H - 4, fill=HIGHLIGHT, rx=6, cls="to-move")
    name = _seat_name(seat, viewer) + (" · dealer" if seat == value.dealer else "")
    canvas.text(12, y + 14, name, size=13, weight="bold", cls="seat")
    plank, caption = _plank_of(value, seat, view)
    canvas.text(12, y + 32, caption, size=12, cls="placement")
    canvas.text(12, y + 50, f"score {value.totals[seat]}", size=12, cls="score")
    _plank(canvas, plank, y + 4, game, value.config.plank_values)
    if view and seat != viewer:
        cards: list[tuple[CardFace, str] | None] = [None] * value.hand_sizes[seat]  # type: ignore[union-attr]
    else:
        hand = value.hand if view else value.hands[seat]  # type: ignore[union-attr]
        cards = [face(c) for c in hand]
    canvas.row(HAND_X, y + 6, cards, WIDTH - 12)
    if not cards:
        canvas.text(HAND_X, y + 38, "no cards", size=11, fill="#8a7d5c")


def _plank(canvas: Canvas, plank: Any, y: float, game: Any,
           plank_values: Sequence[int]) -> None:
    """The water, then spaces 0 (bottom, wide end) to 4 (top), with the pawns on them."""
    canvas.rect(PLANK_X, y + 14, 36, 48, fill="#a9d6f5", stroke="#5b8db8", rx=4, cls="water")
    canvas.text(PLANK_X + 18, y + 10, "water", size=9, anchor="middle")
    if plank is None:
        values: Sequence[int | str] = ["", "", "", "", ""]
    else:
        values = game.module.side_values(plank.side, plank_values)
    for space in range(5):
        x = PLANK_X + 40 + space * SPACE_W
        shrink = space * 2  # the plank narrows toward the top
        canvas.rect(x, y + 14 + shrink, SPACE_W - 2, 48 - 2 * shrink, fill="#c8a165",
                    stroke="#7a5a2c", rx=2, cls="space")
        canvas.text(x + SPACE_W / 2 - 1, y + 10, str(values[space]), size=10,
                    anchor="middle", cls="space-value")
    if plank is None:
        return
    for index, space in enumerate(plank.spaces):
        letter = _COLOR_LETTERS[index]
        dx, dy = (index % 2) * 14, (index // 2) * 14
        if space is None:
            x, top = PLANK_X + 4, y + 31
        else:
            x, top = PLANK_X + 40 + space * SPACE_W + 7, y + 31
        where = "in the water" if space is None else f"on space {space}"
        canvas.circle(x + 4 + dx, top + dy, 6, fill=_PAWN[letter], cls="pawn",
                      title=f"{_COLOR_NAMES[letter]} pawn {where}")


_COLOR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}


def _ghost_row(canvas: Canvas, value: State | Observation, viewer: int | None,
               y: float) -> None:
    canvas.text(12, y + 14, "Pirate King (the ghost)", size=13, weight="bold", cls="seat")
    if viewer is not None:
        count = value.ghost_cards  # type: ignore[union-attr]
        canvas.text(12, y + 32, f"{count} card{'s' * (count != 1)} face down", size=12)
        canvas.row(HAND_X, y + 6, [None] * count, WIDTH - 12)
    else:
        canvas.text(12, y + 32, "face down stack, top first", size=12)
        canvas.row(HAND_X, y + 6, [face(c) for c in value.ghost], WIDTH - 12)  # type: ignore[union-attr]
