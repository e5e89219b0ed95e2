"""The Skull King table: the trick in play, and per seat its bid, tricks, score and hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skullgames.svg._draw import CARD_H, HIGHLIGHT, Canvas, CardFace

if TYPE_CHECKING:
    from skullgames.king import Card, Observation, Play, State

__all__ = ["draw"]

WIDTH = 900
HAND_X = 230
ROW_H = 84
TRICK_Y = 64

_SUIT_INK = {"Y": "#a87900", "G": "#1e7b45", "P": "#74369b", "R": "#bf2a1f", "U": "#1f5fae",
             "B": "#111111"}
# kind value -> (note under the label, ink, fill)
_SPECIAL = {
    "escape": ("escape", "#44607a", "#e4edf3"),
    "tigress": ("tigress", "#7a3d00", "#f7b267"),
    "pirate": ("pirate", "#ffffff", "#8e1b1b"),
    "skull_king": ("king", "#f4d03f", "#1b1b3a"),
    "mermaid": ("mermaid", "#0b4f46", "#7ed6c4"),
    "loot": ("loot", "#5b4300", "#f4d35e"),
    "kraken": ("kraken", "#f0e0ff", "#4a235a"),
    "white_whale": ("whale", "#1f2f3d", "#c9d6e2"),
}
_PHASES = {"deal": "waiting for the deal", "bid": "bidding", "shot": "Grapeshot or Cannonball",
           "play": "playing", "ability": "a pirate's ability", "over": "game over"}


def face(card: Card, *, as_pirate: bool | None = None) -> tuple[CardFace, str]:
    """How ``card`` looks, and its notation (the Tigress says what she was played as)."""
    text = str(card)
    if card.suit is not None:
        ink = _SUIT_INK[card.suit.value]
        return CardFace(str(card.rank), card.suit.label, ink, "#ffffff", card.name), text
    note, ink, fill = _SPECIAL[card.kind.value]
    if as_pirate is not None:
        note = "as pirate" if as_pirate else "as escape"
    return CardFace(text, note, ink, fill, card.name), text


def _play_face(play: Play) -> tuple[CardFace, str]:
    return face(play.card, as_pirate=play.as_pirate)


def _seat_name(seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "Graybeard"
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


def draw(value: State | Observation, game: Any) -> str:
    """The SVG of a Skull King state (every hand face up) or observation."""
    view = isinstance(value, game.Observation)
    viewer: int | None = value.seat if view else None  # type: ignore[union-attr]
    config = value.config
    players = config.players
    has_ghost = config.has_ghost
    rows = players + has_ghost
    height = TRICK_Y + CARD_H + 50 + rows * ROW_H + 10
    rounds = len(config.hand_sizes)
    phase = value.phase.value
    canvas = Canvas(WIDTH, f"Skull King, round {value.round_number} of {rounds}, "
                           f"{_PHASES[phase]}")
    canvas.text(12, 22, f"Skull King · round {min(value.round_number, rounds)} of {rounds} · "
                        f"{value.cards_dealt} card{'s' * (value.cards_dealt != 1)} each · "
                        f"{_PHASES[phase]}", size=15, weight="bold", cls="header")
    canvas.text(12, 42, _status(value, viewer), size=12, cls="status")
    options = _options(config)
    if options:
        canvas.text(WIDTH - 12, 22, options, size=11, anchor="end", cls="options")
    _trick(canvas, value, viewer)
    top = TRICK_Y + CARD_H + 46
    for seat in range(players):
        _seat_row(canvas, value, seat, viewer, top + seat * ROW_H)
    if has_ghost:
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
    pending = value.pending
    if pending is not None:
        drawn = f", discarding {pending.drawn}" if pending.drawn else ""
        parts.append(f"{pending.pirate.full_name}: {_seat_name(pending.seat, viewer)} "
                     f"decides{drawn}")
    return " · ".join(parts)


def _options(config: Any) -> str:
    names = [config.edition.value + " edition"]
    for flag, name in (("loot", "Loot"), ("kraken", "Kraken"), ("white_whale", "White Whale"),
                       ("pirate_abilities", "pirate abilities"), ("cannonball", "Cannonball"),
                       ("round_bonus", "round bonus")):
        if getattr(config, flag):
            names.append(name)
    if config.scoring.value != "standard":
        names.append(f"{config.scoring.value} scoring")
    return ", ".join(names)


def _trick(canvas: Canvas, value: State | Observation, viewer: int | None) -> None:
    canvas.rect(8, TRICK_Y - 14, 884, CARD_H + 40, fill="#e7dcc0", stroke="#b9a77a", rx=8)
    plays = value.trick
    title = f"Trick {len(value.tricks) + 1}"
    if not plays and value.tricks:
        result = value.tricks[-1]
        plays = result.plays
        title = f"Trick {len(value.tricks)}: {result.outcome.value}"
        if result.outcome.value == "won":
            bonus = f" (+{result.bonus} bonus)" if result.bonus else ""
            title += f", taken by {_seat_name(result.winner, viewer)}{bonus}"
    elif value.lead_suit is not None:
        title += f" · lead {value.lead_suit.label}"
    canvas.text(18, TRICK_Y + 2, title, size=12, weight="bold", cls="trick-title")
    for i, (seat, play) in enumerate(plays):
        x = 18 + i * 86
        canvas.text(x, TRICK_Y + 18, _seat_name(seat, viewer), size=11, cls="trick-seat")
        canvas.row(x, TRICK_Y + 22, [_play_face(play)], x + 40)


def _bid_text(value: State | Observation, seat: int, view: bool) -> str:
    bid = value.bids[seat]
    if bid is not None:
        return str(bid)
    return "?" if view and value.has_bid[seat] else "–"  # type: ignore[union-attr]


def _seat_row(canvas: Canvas, value: State | Observation, seat: int, viewer: int | None,
              y: float) -> None:
    view = viewer is not None
    if value.to_move == seat:
        canvas.rect(4, y - 4, WIDTH - 8, ROW_H - 4, fill=HIGHLIGHT, rx=6, cls="to-move")
    name = _seat_name(seat, viewer) + (" · dealer" if seat == value.dealer else "")
    canvas.text(12, y + 14, name, size=13, weight="bold", cls="seat")
    canvas.text(12, y + 32, f"bid {_bid_text(value, seat, view)} · tricks "
                            f"{value.tricks_won[seat]}", size=12, cls="bid")
    canvas.text(12, y + 50, f"score {value.totals[seat]}", size=12, cls="score")
    extras = _extras(value, seat, view)
    if extras:
        canvas.text(12, y + 68, extras, size=11, fill="#5a4a2a", cls="extras")
    if view and seat != viewer:
        cards: list[tuple[CardFace, str] | None] = [None] * value.hand_sizes[seat]  # type: ignore[union-attr]
    else:
        hand = value.hand if view else value.hands[seat]  # type: ignore[union-attr]
        cards = [face(c) for c in hand]
    canvas.row(HAND_X, y + 6, cards, WIDTH - 12)
    if not cards:
        canvas.text(HAND_X, y + 38, "no cards", size=11, fill="#8a7d5c")


def _extras(value: State | Observation, seat: int, view: bool) -> str:
    parts = []
    if value.config.cannonball:
        shot = value.shots[seat] if value.shots else None
        if shot is not None:
            parts.append("Cannonball" if shot else "Grapeshot")
        elif view and value.has_shot and value.has_shot[seat]:  # type: ignore[union-attr]
            parts.append("shot ?")
    if value.wagers and value.wagers[seat]:
        parts.append(f"wager {value.wagers[seat]}")
    return " · ".join(parts)


def _ghost_row(canvas: Canvas, value: State | Observation, viewer: int | None,
               y: float) -> None:
    canvas.text(12, y + 14, "Graybeard (the ghost)", size=13, weight="bold", cls="seat")
    if viewer is not None:
        count = value.ghost_size  # type: ignore[union-attr]
        canvas.text(12, y + 32, f"{count} card{'s' * (count != 1)} face down", size=12)
        canvas.row(HAND_X, y + 6, [None] * count, WIDTH - 12)
    else:
        canvas.text(12, y + 32, "face down stack, top first", size=12)
        canvas.row(HAND_X, y + 6, [face(c) for c in value.ghost], WIDTH - 12)  # type: ignore[union-attr]
