"""The Skull Queen table: the centre and the trick, and per seat its plank, pawns and hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from skullgames.svg._draw import CARD_W, Canvas, CardFace
from skullgames.svg._layout import MIDDLE_Y, WIDTH, Frame

if TYPE_CHECKING:
    from skullgames.queen import Card, Observation, State

__all__ = ["draw"]

PLANK_X = 160
SPACE_W = 44
HAND_X = PLANK_X + 40 + 5 * SPACE_W + 16

_INK = {"R": "#bf2a1f", "Y": "#a87900", "G": "#1e7b45", "B": "#1f5fae"}
_PAWN = {"R": "#e74c3c", "Y": "#f4d03f", "G": "#27ae60", "B": "#3498db"}
_COLOR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
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


def draw(value: State | Observation, game: Any) -> str:
    """The SVG of a Skull Queen state (every hand face up) or observation."""
    config = value.config
    frame = Frame(value, game, rounds=config.round_count, ghost="Pirate King", phases=_PHASES,
                  hand_x=HAND_X, face=face)
    extra = []
    if value.trick_color is not None:
        extra.append(f"trick colour {value.trick_color.label}")
    if value.set_aside:
        extra.append(f"{len(value.set_aside)} cards set aside")
    frame.header(f"Skull Queen · round {frame.round_number} of {config.round_count} · "
                 f"{frame.phase}",
                 "plank values " + ", ".join(map(str, config.plank_values)), extra)
    _sides(frame.canvas, game, config.plank_values)
    _middle(frame, value)
    for seat in range(config.players):
        plank, caption = _plank_of(frame, seat)
        frame.seat(seat, [("placement", caption), ("score", f"score {value.totals[seat]}")])
        _plank(frame.canvas, plank, frame.seat_top(seat) + 4, game, config.plank_values)
    return frame.render()


def _sides(canvas: Canvas, game: Any, plank_values: Sequence[int]) -> None:
    """Each side's space values, for a page's placement picker: nothing is drawn."""
    sides = " ".join(
        f'data-{side.value}="{" ".join(map(str, game.module.side_values(side, plank_values)))}"'
        for side in game.module.Side)
    canvas.add(f'<g class="plank-sides" {sides}/>')


def _middle(frame: Frame, value: State | Observation) -> None:
    canvas = frame.canvas
    canvas.text(18, MIDDLE_Y + 2, "Centre", size=12, weight="bold", cls="center-title")
    canvas.row(18, MIDDLE_Y + 22, [face(c) for c in value.center], 18 + 3 * (CARD_W + 4))
    x0 = 18 + 3 * (CARD_W + 4) + 20
    entries: list[tuple[int | None, Card | None]] = [(s, p.card) for s, p in value.trick]
    entries += [(seat, None) for seat in getattr(value, "face_down", ())]
    title = "Game over" if value.phase.value == "over" else f"Trick {len(value.tricks) + 1}"
    notes: list[str] = []
    if not entries and value.tricks:
        result = value.tricks[-1]
        entries = [(s, p.card) for s, p in result.plays]
        title = f"Trick {len(value.tricks)}, finished"
        notes = [str(m) for m in result.movements] or ["no pawn moves"]
        notes += [f"{frame.possessive(s)} {c.label} pawn falls into the water"
                  for s, c in result.falls]
    elif not entries:
        title = frame.middle_title(title)
    canvas.text(x0, MIDDLE_Y + 2, title, size=12, weight="bold", cls="trick-title")
    frame.played(x0, 78, entries, face)
    for i, note in enumerate(notes[:5]):
        canvas.text(WIDTH - 18, MIDDLE_Y + 2 + i * 15, note, size=11, anchor="end",
                    cls="movement")


def _plank_of(frame: Frame, seat: int) -> tuple[Any, str]:
    """The plank to draw for ``seat`` (a Plank or a Place, or None) and a caption."""
    value = frame.value
    planks = value.planks
    if not planks and value.phase.value == "over":
        planks = value.rounds[-1].planks  # the game ends with the last round's planks
    if planks:
        plank = planks[seat]
        return plank, f"{plank.side.value} side"
    placement = value.placements[seat]
    if placement is not None:
        return placement, f"{placement.side.value} side"
    if frame.view and value.has_placed[seat]:
        return None, "placed (hidden)"
    return None, "placing" if value.phase.value == "place" else ""


def _plank(canvas: Canvas, plank: Any, y: float, game: Any,
           plank_values: Sequence[int]) -> None:
    """The water, then spaces 0 (bottom, wide end) to 4 (top), with the pawns on them."""
    canvas.rect(PLANK_X, y + 14, 36, 48, fill="#a9d6f5", stroke="#5b8db8", rx=4, cls="water")
    canvas.text(PLANK_X + 18, y + 10, "water", size=9, anchor="middle")
    values: Sequence[int | str] = (
        ("",) * 5 if plank is None else game.module.side_values(plank.side, plank_values))
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
        x = PLANK_X + 4 if space is None else PLANK_X + 40 + space * SPACE_W + 7
        where = "in the water" if space is None else f"on space {space}"
        canvas.circle(x + 4 + dx, y + 31 + dy, 6, fill=_PAWN[letter], cls="pawn",
                      title=f"{_COLOR_NAMES[letter]} pawn {where}")
