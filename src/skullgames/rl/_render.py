"""Frames for ``render_mode="rgb_array"``: pictures of the table, rasterized.

The table is drawn as :func:`skullgames.svg.table` draws one seat's observation, and
rasterized by libvips (``pyvips`` with the libvips of ``pyvips-binary``, which brings
librsvg, cairo and pango, so nothing is needed from the system; both in the ``rl``
extra).

A frame is drawn from an observation, never from the state, so it shows what the seat
sees and nothing more. Every frame of one game and config has the same size: that of
the picture of a new game (the picture's size depends only on the number of seats; a
picture of another size would be scaled to fit, keeping its proportions, on white).

Where a frame's time went when librsvg drew it whole (issue 24; four players,
``time.process_time`` over the benchmark's positions, on the loaded two-core machine):
making the SVG 0.1 ms (Skull King) and 0.3 ms (Skull Queen); the copy into numpy under
0.1 ms; rasterizing the rest, about 10 and 16 ms, of which the shapes alone are 3 and
5 ms and the text the remainder.
librsvg lays out each ``<text>`` with pango and fills its letters as outlines, with no
cache across frames (a page of plain labels costs some 30 µs a label and 13 µs a
letter; a Skull King table has about 40 labels and 330 letters, a Skull Queen one 90
and 450). Neither the font family, kerning, dropping the ``<title>`` elements nor
sequential access changes that measurably; rasterizing at 70 % of the size saves a
tenth, at 50 % a quarter, while the cards' 8-pixel colour names stop being legible.
So the text is drawn apart: each label (its words, size, weight, colour, anchor and the
fraction of a pixel where it sits) is rasterized by librsvg once, alone, and kept (the
labels new to a frame on one sheet, for one call); a frame is librsvg's picture of the
rest with the kept labels laid over it in the document's order, which differs from
librsvg's own picture by at most one level in a channel. A label that something drawn
after it overlaps, or that leaves the picture, stays in librsvg's part, so what covers
what is unchanged; a picture with an element of another kind than those
:mod:`skullgames.svg` draws is rasterized whole. Which labels are kept never changes a
frame's bytes: a frame is a function of the observation alone. In a game not drawn
before, that halves a Skull King frame (about 5 ms) and takes a third off a Skull Queen
one (about 10 ms: more of its labels are new to each frame, and its shapes alone take
5 ms); the benchmark's row, drawing the same positions again, gives 4 and 7 ms.
"""

from __future__ import annotations

import math
import re
import threading
from typing import Any

import numpy as np
import numpy.typing as npt

from skullgames import svg
from skullgames.errors import ConfigError

__all__ = ["Frames"]

_SIZE = re.compile(r'<svg[^>]* width="(\d+)" height="(\d+)"')
_TEXT = re.compile(r'<text x="([^"]+)" y="([^"]+)" font-size="([^"]+)" ([^>]*)>([^<]*)</text>')
_RECT = re.compile(
    r'<rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"[^>]*stroke-width="([^"]+)"')
_CIRCLE = re.compile(r'<circle cx="([^"]+)" cy="([^"]+)" r="([^"]+)"')
_FAMILY = re.compile(r'<svg[^>]* font-family="([^"]*)"')
_CLASS = re.compile(r' class="[^"]*"')
_TAG = re.compile(r"<([a-zA-Z]+)")
_DRAWN = frozenset({"svg", "title", "rect", "circle", "text", "g"})
"""The elements :mod:`skullgames.svg` draws, whose extents :class:`Frames` knows."""

Pixels = npt.NDArray[np.uint8]
Sprite = tuple[int, int, npt.NDArray[np.uint16], npt.NDArray[np.uint16]]
"""A label alone: its inked box's offset from the label's pixel, its colour times its
coverage, and ``255 - coverage`` (so that a pixel times the latter plus the former,
rounded, fits 16 bits)."""


def _size(picture: str) -> tuple[int, int]:
    """The width and height of an SVG picture of :func:`skullgames.svg.table`."""
    found = _SIZE.match(picture)
    if found is None:  # pragma: no cover - svg.table always writes them
        raise ValueError("an SVG picture without its width and height")
    return int(found[1]), int(found[2])


def _pyvips() -> Any:
    try:
        import pyvips
    except (ImportError, OSError) as error:  # OSError: no libvips found
        raise ConfigError(f"render_mode='rgb_array' needs pyvips and pyvips-binary "
                          f"({error}): pip install skullgames[rl]") from None
    return pyvips


def _raster(vips: Any, picture: str, **options: Any) -> Any:
    return vips.Image.svgload_buffer(picture.encode(), **options)


def _pixels(image: Any) -> Pixels:
    """The image's pixels as an array of its own (``height, width, bands``)."""
    pixels: Pixels = np.frombuffer(bytearray(image.write_to_memory()), np.uint8).reshape(
        image.height, image.width, image.bands)
    return pixels


Label = tuple[str, float, float, str, str, str]
"""A label as :func:`_sprites` draws it: font family, where its baseline point sits past
a pixel's corner (x, y), font size, its other attributes, its (escaped) words."""

_SPRITES: dict[Label, Sprite | None] = {}
_KEEP = 4096  # labels kept at most; the oldest go first
_LOCK = threading.Lock()  # environments may draw in threads of their own


def _sprites(vips: Any, labels: list[Label]) -> list[Sprite | None]:
    """Each label drawn alone by librsvg (``None`` when it inks nothing).

    The labels not drawn before are drawn together, one under the other on one sheet,
    each in a band of its own that its letters never leave, so that each comes out as
    it would alone (the bands start on whole pixels) for one call of librsvg.
    """
    with _LOCK:
        known = {label: _SPRITES[label] for label in labels if label in _SPRITES}
    new = list(dict.fromkeys(label for label in labels if label not in known))
    if new:
        bands, parts, top = [], [], 0
        for family, dx, dy, size, attributes, content in new:
            em = float(size)
            half = math.ceil(em * len(content)) + 4  # wider than any letters of DejaVu
            above, below = math.ceil(em * 1.3) + 2, math.ceil(em * 0.5) + 2
            parts.append(f'<text x="{half + dx:.6f}" y="{top + above + dy:.6f}" '
                         f'font-family="{family}" font-size="{size}" {attributes}>'
                         f'{content}</text>')
            bands.append((top, above, half))
            top += above + below
        width = 2 * max(half for _, _, half in bands) + 1
        sheet = _pixels(_raster(vips, (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{top}">'
            f'{"".join(parts)}</svg>')))
        for label, (start, above, half), end in zip(
                new, bands, [band[0] for band in bands[1:]] + [top], strict=True):
            known[label] = _cut(sheet[start:end], above, half)
        with _LOCK:
            _SPRITES.update((label, known[label]) for label in new)
            while len(_SPRITES) > _KEEP:
                del _SPRITES[next(iter(_SPRITES))]
    return [known[label] for label in labels]


def _cut(band: Pixels, above: int, half: int) -> Sprite | None:
    """The inked part of a label's band; its baseline point is at ``(half, above)``."""
    alpha = band[:, :, 3]
    rows, columns = np.flatnonzero(alpha.any(axis=1)), np.flatnonzero(alpha.any(axis=0))
    if not len(rows):
        return None
    cut = band[rows[0]:rows[-1] + 1, columns[0]:columns[-1] + 1].astype(np.uint16)
    coverage = cut[:, :, 3:]
    return (int(columns[0]) - half, int(rows[0]) - above, cut[:, :, :3] * coverage,
            255 - coverage)


def _draw(vips: Any, picture: str, width: int, height: int) -> Pixels:
    """The RGB pixels of ``picture``, its labels laid over librsvg's picture of the rest."""
    if not set(_TAG.findall(picture)) <= _DRAWN or "transform" in picture:
        return _pixels(_raster(vips, picture).extract_band(0, n=3))
    family = _FAMILY.match(picture)
    covers: list[tuple[float, ...]] = []  # what is drawn where: start, left, top, right, bottom
    for rect in _RECT.finditer(picture):
        x, y, w, h, stroke = map(float, rect.groups())
        edge = stroke / 2 + 1
        covers.append((rect.start(), x - edge, y - edge, x + w + edge, y + h + edge))
    for circle in _CIRCLE.finditer(picture):
        x, y, r = map(float, circle.groups())
        covers.append((circle.start(), x - r - 2, y - r - 2, x + r + 2, y + r + 2))
    boxes = np.array(covers, np.float64).reshape(-1, 5)
    kept: list[tuple[float, ...]] = []  # labels left to librsvg, likewise
    laid: dict[int, tuple[int, int, Sprite | None]] = {}
    found = list(_TEXT.finditer(picture))[::-1]  # what is drawn after first
    places, labels = [], []
    for label in found:
        x_text, y_text, size, attributes, content = label.groups()
        x, y = float(x_text), float(y_text)
        column, row = math.floor(x), math.floor(y)
        places.append((column, row))
        labels.append((family[1] if family else "", x - column, y - row, size,
                       _CLASS.sub("", attributes), content))
    for label, (column, row), sprite in zip(found, places, _sprites(vips, labels),
                                            strict=True):
        if sprite is None:
            laid[label.start()] = (0, 0, None)
            continue
        left, top = column + sprite[0], row + sprite[1]
        bottom, right = top + sprite[3].shape[0], left + sprite[3].shape[1]
        later = np.vstack([boxes, np.array(kept, np.float64).reshape(-1, 5)])
        covered = bool(np.any((later[:, 0] > label.start()) & (later[:, 1] < right)
                              & (later[:, 3] > left) & (later[:, 2] < bottom)
                              & (later[:, 4] > top)))
        if covered or left < 0 or top < 0 or right > width or bottom > height:
            kept.append((label.start(), left, top, right, bottom))
        else:
            laid[label.start()] = (left, top, sprite)
    rest = _TEXT.sub(lambda label: "" if label.start() in laid else label[0], picture)
    pixels = _pixels(_raster(vips, rest).extract_band(0, n=3))
    for left, top, sprite in reversed(laid.values()):  # in the document's order
        if sprite is not None:
            _, _, ink, clear = sprite
            region = pixels[top:top + clear.shape[0], left:left + clear.shape[1]]
            region[...] = (ink + region * clear + 127) // 255
    return pixels


class Frames:
    """RGB frames of one game and config, each a new ``uint8`` array of :attr:`shape`."""

    def __init__(self, game: Any, config: Any) -> None:
        self.game = game
        self.config = config
        self._vips = _pyvips()
        width, height = _size(svg.table(game.observe(game.new_game(config, seed=0), 0)))
        self.shape = (height, width, 3)
        """``(height, width, 3)``: the frames' shape."""

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy is made afresh from the game and config (the module does not pickle)."""
        return (Frames, (self.game, self.config))

    def frame(self, observation: Any) -> npt.NDArray[np.uint8]:
        """The picture of ``observation`` (one seat's view) as a new RGB array."""
        picture = svg.table(observation)
        height, width, _ = self.shape
        drawn_width, drawn_height = _size(picture)
        if (drawn_width, drawn_height) == (width, height):
            return _draw(self._vips, picture, width, height)
        factor = min(width / drawn_width, height / drawn_height)
        image = _raster(self._vips, picture, scale=factor).embed(
            0, 0, width, height, extend="background", background=[255, 255, 255, 255])
        # The table's background is opaque: the first three bands are the picture.
        return _pixels(image.extract_band(0, n=3))
