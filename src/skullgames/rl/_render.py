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

So librsvg draws each unit of the picture (a card, a card back, a plank, a pawn, a
label: what :mod:`skullgames.svg` writes as one element or one ``<g>``) once, alone,
and it is kept (a sprite, for the look of the unit and the fraction of a pixel where it
sits; the units new to a frame on one sheet, for one call). A frame is librsvg's
picture of the rest (the background and the panels, units too large to be worth laying
over; that picture is kept too, as it changes only with the seat to move) with the
kept units laid over it in the document's order, which differs from librsvg's own
picture by at most one level in a channel. A unit that something left to librsvg and
drawn after it overlaps, or that leaves the picture, stays in librsvg's part, so what
covers what is unchanged; a picture with an element of another kind than those
:mod:`skullgames.svg` draws is rasterized whole. What is kept never changes a frame's
bytes: a frame is a function of the observation alone.

With the labels alone kept (and the shapes left to librsvg), the benchmark's row gave 4.1
ms (Skull King) and 7.1 ms (Skull Queen), Queen's shapes alone taking some 4.6 ms; with
every unit and the rest kept, 0.8 and 1.7 ms, in the same run. Frames of games not drawn
before (after one that was) took 4.6 and 9.1 ms, now 1.7 and 8.2 ms: Skull Queen's
status and movement lines are new words in most frames.
"""

from __future__ import annotations

import math
import os
import re
import threading
from typing import Any

import numpy as np
import numpy.typing as npt

from skullgames import svg
from skullgames.errors import ConfigError

__all__ = ["Frames", "Window"]

_SIZE = re.compile(r'<svg[^>]* width="(\d+)" height="(\d+)"')
_TEXT = re.compile(r'<text x="([^"]+)" y="([^"]+)" font-size="([^"]+)" ([^>]*)>([^<]*)</text>')
_RECT = re.compile(r'<rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"([^>]*)>')
_STROKE = re.compile(r' stroke-width="([^"]+)"')
_CIRCLE = re.compile(r'<circle cx="([^"]+)" cy="([^"]+)" r="([^"]+)"')
_FAMILY = re.compile(r'<svg[^>]* font-family="([^"]*)"')
_TAG = re.compile(r"<([a-zA-Z]+)")
_DOCUMENT = re.compile(r"(<svg[^>]*>)(.*)</svg>\Z", re.S)
_UNIT = re.compile(r"(<g[ >].*?</g>|<(rect|circle|text|title)\b[^>]*?(?:/>|>.*?</\2>))", re.S)
_COORD = re.compile(r' (x|y|cx|cy)="([^"]+)"')
_UNSEEN = re.compile(r""" (?:class|data-card)=(?:"[^"]*"|'[^']*')|<title>[^<]*</title>""")
_LABEL = re.compile(r"<text [^>]*>[^<]*</text>")
_ELEMENT = re.compile(r"<(?:rect|circle|text)\b")
_LARGE = 20_000
"""Square pixels above which a unit without words stays in librsvg's picture of the rest
(the background and the panels): laid over each frame it would cost more than it does
there, the picture of the rest being kept."""
_DRAWN = frozenset({"svg", "title", "rect", "circle", "text", "g"})
"""The elements :mod:`skullgames.svg` draws, whose extents :class:`Frames` knows."""

Pixels = npt.NDArray[np.uint8]
Sprite = tuple[int, int, npt.NDArray[np.uint16], npt.NDArray[np.uint16]]
"""A unit alone: its inked box's offset from the unit's pixel, its ink (255 times what it
gives on black) and what shows through it (255 on nothing, 0 where it is opaque), so
that a pixel times the latter plus the former, over 255 and rounded, is the pixel with
the unit over it (and every term fits 16 bits)."""
Box = tuple[float, float, float, float]
"""Left, top, right, bottom, in the picture's pixels."""


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


class _Piece:
    """One unit of a picture (a card, a card back, a shape or a label) where it sits.

    It is laid over the rest (``alone``: its ``ink`` and ``clear``, both ``None`` when it
    inks nothing, and its inked box), or left to librsvg (a large unit, with an estimate
    of its box).
    """

    __slots__ = ("alone", "bottom", "clear", "ink", "left", "right", "top")

    def __init__(self, box: Box, sprite: Sprite | None, *, alone: bool) -> None:
        self.left, self.top, self.right, self.bottom = box
        self.alone = alone
        self.ink = None if sprite is None else sprite[2]
        self.clear = None if sprite is None else sprite[3]


Key = tuple[str, str]
"""A unit as drawn: the font family, and its SVG without what draws nothing."""

_SPRITES: dict[Key, Sprite | None] = {}  # by the unit moved to its box's pixel
_PIECES: dict[Key, _Piece] = {}  # by the unit where it is
_BASES: dict[str, Pixels] = {}  # librsvg's pictures of the rest
_KEEP = 4096  # sprites and pieces kept at most; the oldest go first
_KEEP_BASES = 16  # pictures of the rest kept at most (a megabyte and more each)
_LOCK = threading.Lock()  # environments may draw in threads of their own


def _forget() -> None:
    """Empty the caches (each frame is the same bytes whatever they hold)."""
    with _LOCK:
        _SPRITES.clear()
        _PIECES.clear()
        _BASES.clear()


def _keep(cache: dict[Any, Any], entries: dict[Any, Any], most: int) -> None:
    with _LOCK:
        cache.update(entries)
        while len(cache) > most:
            del cache[next(iter(cache))]


def _extent(unit: str) -> Box | None:
    """A box holding all that ``unit`` inks, or ``None`` for a unit not understood."""
    boxes = []
    for rect in _RECT.finditer(unit):
        x, y, w, h = map(float, rect.groups()[:4])
        stroke = _STROKE.search(rect[5])
        edge = (float(stroke[1]) if stroke else 1) / 2 + 1
        boxes.append((x - edge, y - edge, x + w + edge, y + h + edge))
    for circle in _CIRCLE.finditer(unit):
        x, y, r = map(float, circle.groups())
        boxes.append((x - r - 2, y - r - 2, x + r + 2, y + r + 2))
    for text in _TEXT.finditer(unit):
        x, y, em = float(text[1]), float(text[2]), float(text[3])
        half = math.ceil(em * len(text[5])) + 4  # wider than any letters of DejaVu
        boxes.append((x - half, y - math.ceil(em * 1.3) - 2,
                      x + half, y + math.ceil(em * 0.5) + 2))
    if not boxes or len(boxes) != len(_ELEMENT.findall(unit)):
        return None
    return (min(box[0] for box in boxes), min(box[1] for box in boxes),
            max(box[2] for box in boxes), max(box[3] for box in boxes))


def _moved(unit: str, column: int, row: int) -> str:
    """``unit`` moved by ``(-column, -row)``."""
    def move(found: re.Match[str]) -> str:
        by = column if found[1] in ("x", "cx") else row
        return f' {found[1]}="{float(found[2]) - by:g}"'
    return _COORD.sub(move, unit)


def _pieces(vips: Any, family: str, units: list[str]) -> list[_Piece] | None:
    """Each unit where it is, or ``None`` when one is not understood.

    The units not seen before that are not large are drawn alone by librsvg: moved to
    the pixel where their box starts (so that only the fraction of a pixel where they
    sit, not where, tells them apart) and drawn together, one under the other on one
    sheet, each in a band of its own that its ink never leaves, so that each comes out
    as it would alone, for one call of librsvg.
    """
    keys = [(family, _UNSEEN.sub("", unit)) for unit in units]
    with _LOCK:
        known = {key: _PIECES[key] for key in keys if key in _PIECES}
    if len(known) == len(keys):
        return [known[key] for key in keys]
    moves: dict[Key, tuple[int, int, Key]] = {}  # the new pieces' pixels and sprites
    for key in dict.fromkeys(keys):
        if key in known:
            continue
        box = _extent(key[1])
        if box is None:
            return None
        left, top, right, bottom = box
        if (right - left) * (bottom - top) > _LARGE and "<text" not in key[1]:
            known[key] = _Piece(box, None, alone=False)
            continue
        column, row = math.floor(left), math.floor(top)
        moves[key] = (column, row, (family, _moved(key[1], column, row)))
    with _LOCK:
        sprites = {move[2]: _SPRITES[move[2]] for move in moves.values()
                   if move[2] in _SPRITES}
    new = [move[2] for move in moves.values() if move[2] not in sprites]
    new = list(dict.fromkeys(new))
    if new:
        sprites.update(_sheet(vips, family, new))
        _keep(_SPRITES, {key: sprites[key] for key in new}, _KEEP)
    for key, (column, row, moved) in moves.items():
        sprite = sprites[moved]
        if sprite is None:
            known[key] = _Piece((0, 0, 0, 0), None, alone=True)
            continue
        dx, dy, _, clear = sprite
        left, top = column + dx, row + dy
        known[key] = _Piece((left, top, left + clear.shape[1], top + clear.shape[0]), sprite,
                            alone=True)
    _keep(_PIECES, {key: known[key] for key in keys if key not in _PIECES}, _KEEP)
    return [known[key] for key in keys]


def _sheet(vips: Any, family: str, units: list[Key]) -> dict[Key, Sprite | None]:
    """Units moved to their boxes' pixels, each drawn alone (``None``: it inks nothing).

    They are drawn one under the other on one sheet, each in a band of its own.
    A label is drawn once, on nothing: its colour times its coverage is its ink. Any
    other unit is drawn on black, on the sheet's left half, and on white, on its right
    half: on black it is its ink, and white less black is what shows through it, each
    channel apart. Its colour read back from a drawing on nothing would be rounded where
    its coverage is small (by up to 2 levels in a frame at the corners of a plank); these
    two are rounded once, as librsvg's whole picture is.
    """
    bands, parts, backgrounds, top, width = [], [], [], 0, 1
    for _, unit in units:
        box = _extent(unit)
        assert box is not None  # the unit where it was had one
        height = math.ceil(box[3]) + 1  # the box starts in [0, 1): the band holds it
        label = _LABEL.fullmatch(unit) is not None
        bands.append((top, top + height, label))
        parts.append(f'<g transform="translate(0 {top})">{unit}</g>')
        if not label:
            parts.append(f'<g transform="translate({{width}} {top})">{unit}</g>')
            backgrounds.append(f'<rect y="{top}" width="{{width}}" height="{height}"/>'
                               f'<rect x="{{width}}" y="{top}" width="{{width}}" '
                               f'height="{height}" fill="#fff"/>')
        top += height
        width = max(width, math.ceil(box[2]) + 1)
    drawn = "".join(backgrounds + parts).replace("{width}", str(width))
    sheet = _pixels(_raster(vips, (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * width}" height="{top}" '
        f'font-family="{family}">{drawn}</svg>')))
    return {key: _label(sheet[start:end, :width]) if label
            else _shape(sheet[start:end, :width, :3], sheet[start:end, width:, :3])
            for key, (start, end, label) in zip(units, bands, strict=True)}


def _inked(inked: npt.NDArray[np.bool_]) -> tuple[slice, slice] | None:
    """The rows and columns of a band's inked part (``None`` when there is none)."""
    rows, columns = np.flatnonzero(inked.any(axis=1)), np.flatnonzero(inked.any(axis=0))
    if not len(rows):
        return None
    return slice(rows[0], rows[-1] + 1), slice(columns[0], columns[-1] + 1)


def _label(band: Pixels) -> Sprite | None:
    """A label's sprite from its drawing on nothing (a band from its pixel)."""
    box = _inked(band[:, :, 3] != 0)
    if box is None:
        return None
    cut = band[box].astype(np.uint16)
    coverage = cut[:, :, 3:]
    return int(box[1].start), int(box[0].start), cut[:, :, :3] * coverage, 255 - coverage


def _shape(black: Pixels, white: Pixels) -> Sprite | None:
    """A unit's sprite from its drawings on black and on white (bands from its pixel)."""
    box = _inked((black != 0).any(axis=2) | (white != 255).any(axis=2))
    if box is None:
        return None
    on_black, on_white = black[box].astype(np.uint16), white[box].astype(np.uint16)
    return (int(box[1].start), int(box[0].start), on_black * 255,
            np.maximum(on_white, on_black) - on_black)


def _draw(vips: Any, picture: str, width: int, height: int) -> Pixels:
    """The RGB pixels of ``picture``: its units laid over librsvg's picture of the rest."""
    document = _DOCUMENT.match(picture)
    units = None if document is None else [unit[0] for unit in _UNIT.finditer(document[2])]
    if (document is None or units is None or "transform" in picture
            or not set(_TAG.findall(picture)) <= _DRAWN
            or "".join(units) != document[2]):
        return _pixels(_raster(vips, picture).extract_band(0, n=3))
    family = _FAMILY.match(picture)
    drawn = [unit for unit in units if not unit.startswith("<title")]
    pieces = _pieces(vips, family[1] if family else "", drawn)
    if pieces is None:
        return _pixels(_raster(vips, picture).extract_band(0, n=3))
    laid = [False] * len(pieces)
    kept: list[_Piece] = []  # the pieces left to librsvg after the one in hand
    for i in range(len(pieces) - 1, -1, -1):
        piece = pieces[i]
        if piece.alone and piece.ink is None:
            laid[i] = True  # inks nothing
        elif (piece.alone and piece.left >= 0 and piece.top >= 0 and piece.right <= width
              and piece.bottom <= height
              and not any(other.left < piece.right and other.right > piece.left
                          and other.top < piece.bottom and other.bottom > piece.top
                          for other in kept)):
            laid[i] = True
        else:
            kept.append(piece)
    rest = document[1] + "".join(
        unit for unit, on in zip(drawn, laid, strict=True) if not on) + "</svg>"
    with _LOCK:
        base = _BASES.get(rest)
    if base is None:
        base = _pixels(_raster(vips, rest).extract_band(0, n=3))
        _keep(_BASES, {rest: base}, _KEEP_BASES)
    pixels: Pixels = base.copy()
    for piece, on in zip(pieces, laid, strict=True):
        if on and piece.ink is not None and piece.clear is not None:
            left, top = int(piece.left), int(piece.top)
            region = pixels[top:top + piece.clear.shape[0], left:left + piece.clear.shape[1]]
            region[...] = (piece.ink + region * piece.clear + 127) // 255
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


def _pygame() -> Any:
    """The pygame module, its display started, or a ConfigError saying why not."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no greeting on stdout
    try:
        import pygame
    except ImportError as error:
        raise ConfigError(f"render_mode='human' needs pygame ({error}): "
                          f"pip install skullgames[rl]") from None
    started = pygame.display.get_init()
    try:
        pygame.display.init()
    except pygame.error as error:
        raise ConfigError(f"render_mode='human' needs a display, and pygame could not open "
                          f"one ({error}); render_mode='rgb_array' gives the same pictures "
                          f"as arrays, without a window") from None
    driver = pygame.display.get_driver()
    # With no display, SDL falls back to drawing off screen, where no one sees a window;
    # that is a display only when asked for by name (SDL_VIDEODRIVER=dummy, as in tests).
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
        if not started:
            pygame.display.quit()
        raise ConfigError(f"render_mode='human' needs a display, and pygame found none "
                          f"(only its {driver!r} driver, which shows nothing; "
                          f"SDL_VIDEODRIVER={driver} draws there anyway); "
                          f"render_mode='rgb_array' gives the same pictures as arrays, "
                          f"without a window")
    return pygame


class Window:
    """A window that shows frames, for ``render_mode="human"`` (through pygame).

    Made only where pygame can open a display (else
    :class:`~skullgames.errors.ConfigError`); the window itself opens with the first
    frame, at the frames' size, and shows at most ``fps`` frames a second, as Gymnasium's
    ``HumanRendering`` does. pygame has one window a process: environments that show
    frames in one process share it, and :meth:`close` closes it.
    """

    def __init__(self, frames: Frames, title: str, fps: float) -> None:
        self.frames = frames
        """What draws the pictures."""
        self.title = title
        self.fps = fps
        self._pygame = _pygame()
        self._screen: Any = None
        self._clock: Any = None

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy gets a window of its own, opened with its first frame."""
        return (Window, (self.frames, self.title, self.fps))

    def show(self, observation: Any) -> None:
        """Show the picture of ``observation`` (one seat's view) in the window."""
        frame = self.frames.frame(observation)
        pygame = self._pygame
        if self._screen is None or pygame.display.get_surface() is not self._screen:
            height, width, _ = frame.shape
            pygame.display.init()
            pygame.display.set_caption(self.title)
            self._screen = pygame.display.set_mode((width, height))
            self._clock = pygame.time.Clock()
        self._screen.blit(pygame.surfarray.make_surface(frame.transpose(1, 0, 2)), (0, 0))
        pygame.event.pump()
        self._clock.tick(self.fps)
        pygame.display.flip()

    def close(self) -> None:
        """Close the window (pygame's display), if this window opened it."""
        if self._screen is not None:
            self._pygame.display.quit()
            self._screen = None
