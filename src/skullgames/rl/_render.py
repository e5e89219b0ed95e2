"""Frames for ``render_mode="rgb_array"``: pictures of the table, rasterized.

The table is drawn as :func:`skullgames.svg.table` draws one seat's observation, and
rasterized by libvips (``pyvips`` with the libvips of ``pyvips-binary``, which brings
librsvg, cairo and pango, so nothing is needed from the system; both in the ``rl``
extra).

A frame is drawn from an observation, never from the state, so it shows what the seat
sees and nothing more. Every frame of one game and config has the same size: that of
the picture of a new game (the picture's size depends only on the number of seats; a
picture of another size would be scaled to fit, keeping its proportions, on white).

Where a frame's time goes (issue 24; four players, ``time.process_time`` over the
benchmark's positions, on the loaded two-core machine): making the SVG 0.1 ms (Skull
King) and 0.3 ms (Skull Queen); the copy into numpy under 0.1 ms; rasterizing the rest,
about 10 and 16 ms, of which the shapes alone are 3 and 5 ms and the text the remainder.
librsvg lays out each ``<text>`` with pango and fills its letters as outlines, with no
cache across frames (a page of plain labels costs some 30 µs a label and 13 µs a
letter; a Skull King table has about 40 labels and 330 letters, a Skull Queen one 90
and 450). Neither the font family, kerning, dropping the ``<title>`` elements nor
sequential access changes that measurably; rasterizing at 70 % of the size saves a
tenth, at 50 % a quarter, while the cards' 8-pixel colour names stop being legible.
Meeting the 5 ms goal would take drawing
the text other than by librsvg for each frame (say, each label rasterized once and
composited, which must respect the shapes drawn over it).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import numpy.typing as npt

from skullgames import svg
from skullgames.errors import ConfigError

__all__ = ["Frames"]

_SIZE = re.compile(r'<svg[^>]* width="(\d+)" height="(\d+)"')


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
        load = self._vips.Image.svgload_buffer
        if (drawn_width, drawn_height) == (width, height):
            image = load(picture.encode())
        else:
            factor = min(width / drawn_width, height / drawn_height)
            image = load(picture.encode(), scale=factor).embed(
                0, 0, width, height, extend="background", background=[255, 255, 255, 255])
        # The table's background is opaque: the first three bands are the picture.
        pixels = image.extract_band(0, n=3).write_to_memory()
        frame: npt.NDArray[np.uint8] = np.frombuffer(bytearray(pixels), np.uint8).reshape(
            self.shape)  # writable, as a frame of numpy's own
        return frame
