"""The drawing primitives both games' pictures share: a canvas, text, cards, card backs."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

__all__ = ["CARD_H", "CARD_W", "Canvas", "CardFace"]

CARD_W = 40
CARD_H = 56
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#1d2a33"
FELT = "#f4efe1"
HIGHLIGHT = "#fff3c4"
BACK = "#2b3f63"


class CardFace:
    """How one card face looks: its label, a line under it, its colours and its name."""

    __slots__ = ("fill", "ink", "label", "name", "note")

    def __init__(self, label: str, note: str, ink: str, fill: str, name: str) -> None:
        self.label = label
        self.note = note
        self.ink = ink
        self.fill = fill
        self.name = name


class Canvas:
    """An SVG document built element by element; :meth:`render` gives its text."""

    def __init__(self, width: int, title: str) -> None:
        self.width = width
        self.title = title
        self.parts: list[str] = []

    def add(self, element: str) -> None:
        """Append raw, already escaped SVG."""
        self.parts.append(element)

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str, stroke: str = "none",
             rx: float = 0, cls: str = "", width: float = 1) -> None:
        """A rectangle."""
        self.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" '
                 f'fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"{_cls(cls)}/>')

    def circle(self, x: float, y: float, r: float, *, fill: str, cls: str = "",
               title: str = "") -> None:
        """A circle, with a tooltip when ``title`` is given."""
        tip = f"<title>{escape(title)}</title>" if title else ""
        self.add(f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" stroke="{INK}" '
                 f'stroke-width="1"{_cls(cls)}>{tip}</circle>')

    def text(self, x: float, y: float, content: str, *, size: float = 13, fill: str = INK,
             weight: str = "normal", anchor: str = "start", cls: str = "") -> None:
        """One line of text; ``(x, y)`` is its baseline start (or middle, or end)."""
        self.add(f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
                 f'font-weight="{weight}" text-anchor="{anchor}"{_cls(cls)}>'
                 f'{escape(content)}</text>')

    def card(self, x: float, y: float, face: CardFace, *, text: str) -> None:
        """A card face up; ``text`` is its notation, kept as a data attribute for tools."""
        size = 15 if len(face.label) <= 3 else 11 if len(face.label) <= 5 else 8.5
        self.add(f'<g class="card" data-card={quoteattr(text)}><title>{escape(face.name)}'
                 "</title>")
        self.rect(x, y, CARD_W, CARD_H, fill=face.fill, stroke=face.ink, rx=4, width=2)
        self.text(x + CARD_W / 2, y + 30, face.label, size=size, fill=face.ink, weight="bold",
                  anchor="middle")
        if face.note:
            self.text(x + CARD_W / 2, y + 47, face.note, size=8, fill=face.ink,
                      anchor="middle")
        self.add("</g>")

    def back(self, x: float, y: float) -> None:
        """A card face down."""
        self.add('<g class="back"><title>a card face down</title>')
        self.rect(x, y, CARD_W, CARD_H, fill=BACK, stroke=INK, rx=4, width=1)
        self.rect(x + 5, y + 5, CARD_W - 10, CARD_H - 10, fill="none", stroke="#c9a227", rx=3)
        self.text(x + CARD_W / 2, y + 34, "☠", size=16, fill="#c9a227", anchor="middle")
        self.add("</g>")

    def row(self, x: float, y: float, cards: Sequence[tuple[CardFace, str] | None],
            right: float) -> None:
        """Cards side by side from ``x``, overlapping to end before ``right``.

        ``None`` is a card face down.
        """
        count = len(cards)
        step = CARD_W + 4.0
        if count > 1:
            step = min(step, (right - x - CARD_W) / (count - 1))
        for i, entry in enumerate(cards):
            if entry is None:
                self.back(x + i * step, y)
            else:
                self.card(x + i * step, y, entry[0], text=entry[1])

    def render(self, height: float) -> str:
        """The whole document."""
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" '
                f'height="{height:g}" viewBox="0 0 {self.width} {height:g}" '
                f'font-family="{FONT}" role="img"><title>{escape(self.title)}</title>')
        background = (f'<rect x="0" y="0" width="{self.width}" height="{height:g}" '
                      f'fill="{FELT}"/>')
        return head + background + "".join(self.parts) + "</svg>"


def _cls(cls: str) -> str:
    return f' class="{cls}"' if cls else ""
