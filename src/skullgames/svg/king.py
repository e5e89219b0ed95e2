"""The Skull King table: the trick in play, and per seat its bid, tricks, score and hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skullgames.svg._draw import CardFace
from skullgames.svg._layout import MIDDLE_Y, Frame

if TYPE_CHECKING:
    from skullgames.king import Card, Observation, Play, State

__all__ = ["draw"]

HAND_X = 230

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
_OPTIONS = (("loot", "Loot"), ("kraken", "Kraken"), ("white_whale", "White Whale"),
            ("pirate_abilities", "pirate abilities"), ("cannonball", "Cannonball"),
            ("round_bonus", "round bonus"))


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


def draw(value: State | Observation, game: Any) -> str:
    """The SVG of a Skull King state (every hand face up) or observation."""
    config = value.config
    rounds = config.round_count
    frame = Frame(value, game, rounds=rounds, ghost="Graybeard", phases=_PHASES,
                  hand_x=HAND_X, face=face)
    dealt = value.cards_dealt
    options = [config.edition.value + " edition"]
    options += [name for flag, name in _OPTIONS if getattr(config, flag)]
    if config.scoring.value != "standard":
        options.append(f"{config.scoring.value} scoring")
    extra = []
    peeked = getattr(value, "undealt", None) if frame.view else None
    if peeked is not None:
        extra.append("Juanita Jade showed you: " + " ".join(map(str, peeked)))
    if value.pending is not None:
        pending = value.pending
        drawn = f", discarding {pending.drawn}" if pending.drawn else ""
        extra.append(f"{pending.pirate.full_name}: {frame.seat_name(pending.seat)} "
                     f"decides{drawn}")
    frame.header(f"Skull King · round {frame.round_number} of {rounds} · "
                 f"{dealt} card{'s' * (dealt != 1)} each · {frame.phase}",
                 ", ".join(options), extra)
    _trick(frame, value)
    for seat in range(config.players):
        lines = [("bid", f"bid {_bid_text(frame, seat)} · tricks {value.tricks_won[seat]}"),
                 ("score", f"score {value.totals[seat]}"),
                 ("extras", _extras(frame, seat))]
        frame.seat(seat, lines)
    return frame.render()


def _trick(frame: Frame, value: State | Observation) -> None:
    plays = value.trick
    title = "Game over" if value.phase.value == "over" else f"Trick {len(value.tricks) + 1}"
    if not plays and value.tricks:
        result = value.tricks[-1]
        plays = result.plays
        if result.outcome.value == "won":
            bonus = (f"+{result.bonus} bonus",) if result.bonus else ()
            title = f"Trick {len(value.tricks)} taken by {frame.seat_name(result.winner, *bonus)}"
        else:
            title = f"Trick {len(value.tricks)} {result.outcome.value}, taken by nobody"
        for looter, winner in result.loot_alliances:
            title += f" · Loot: {frame.seat_name(looter)} allied with {frame.seat_name(winner)}"
    elif value.lead_suit is not None:
        title += f" · lead {value.lead_suit.label}"
    elif not plays:
        title = frame.middle_title(title)
    frame.canvas.text(18, MIDDLE_Y + 2, title, size=12, weight="bold", cls="trick-title")
    frame.played(18, 86, plays, _play_face)


def _bid_text(frame: Frame, seat: int) -> str:
    bid = frame.value.bids[seat]
    if bid is not None:
        return str(bid)
    return "?" if frame.view and frame.value.has_bid[seat] else "–"


def _extras(frame: Frame, seat: int) -> str:
    value = frame.value
    parts = []
    if value.config.cannonball:
        shot = value.shots[seat] if value.shots else None
        if shot is not None:
            parts.append("Cannonball" if shot else "Grapeshot")
        elif frame.view and value.has_shot and value.has_shot[seat]:
            parts.append("shot ?")
    if value.wagers and value.wagers[seat]:
        parts.append(f"wager {value.wagers[seat]}")
    discarded = getattr(value, "discarded", ())
    if frame.view and seat == frame.viewer and discarded:
        parts.append("discarded " + " ".join(map(str, discarded)))
    return " · ".join(parts)
