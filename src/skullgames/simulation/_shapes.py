"""Table shapes: which bot sits in which seat, and the rotations that move them round.

A shape places the line-up's bots at the table once; its rotations turn that placement
one seat at a time, keeping each distinct one, so that over a deal's rotations every bot
sits in every seat equally often and so plays every seat's cards.
"""

from __future__ import annotations

from skullgames.errors import ConfigError

SHAPES: tuple[str, ...] = ("2v2", "1v3", "3v1")
"""The table shapes of :func:`~skullgames.match`.

- ``"2v2"``: the bots alternate around the table (A, B, A, B; with three bots A, B, C,
  A, B, C), for a number of players that the number of bots divides: 2 bots at 2, 4, 6
  or 8 players; 3 bots at 3 or 6. Each bot fills the same number of seats.
- ``"1v3"``: the first bot in one seat against copies of the second in every other seat
  (1 v 3 at four players, 1 v 2 at three, 1 v 5 at six). Two bots.
- ``"3v1"``: the other way round: the second bot alone against copies of the first.
"""


def placement(shape: str, bots: int, players: int) -> tuple[int, ...]:
    """The bot (its index in the line-up) in each seat of the first rotation.

    Raises :class:`~skullgames.ConfigError` for an unknown shape or one that does not fit
    the number of bots and players.

    >>> placement("2v2", 2, 4), placement("1v3", 2, 4), placement("3v1", 2, 3)
    ((0, 1, 0, 1), (0, 1, 1, 1), (0, 0, 1))
    >>> placement("2v2", 2, 5)
    Traceback (most recent call last):
    ...
    skullgames.errors.ConfigError: shape 2v2 alternates the 2 bots around the table, so \
the number of players must be a multiple of 2, not 5: use --shape 1v3 or 3v1, or another \
number of players
    """
    if shape not in SHAPES:
        raise ConfigError(f"unknown shape {shape!r} (one of {', '.join(SHAPES)})")
    if bots < 2:
        raise ConfigError("a match needs at least two different bots to compare")
    if bots > players:
        raise ConfigError(f"{bots} bots do not fit a table of {players} players")
    if shape == "2v2":
        if players % bots:
            hint = "use --shape 1v3 or 3v1, or" if bots == 2 else "use"
            raise ConfigError(
                f"shape 2v2 alternates the {bots} bots around the table, so the number of "
                f"players must be a multiple of {bots}, not {players}: {hint} another "
                "number of players")
        return tuple(seat % bots for seat in range(players))
    if bots != 2:
        raise ConfigError(f"shape {shape} puts one bot against copies of another: name "
                          f"two bots, not {bots}")
    if shape == "1v3":
        return (0,) + (1,) * (players - 1)
    return (0,) * (players - 1) + (1,)


def rotations(shape: str, bots: int, players: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct rotation of the shape's placement, turning one seat at a time.

    Rotation ``r`` gives seat ``s`` the bot of seat ``s + r`` of the first placement; a
    rotation that repeats an earlier one is left out (2v2 at four players has two).
    Every bot sits in every seat equally often over them.

    >>> rotations("2v2", 2, 4)
    ((0, 1, 0, 1), (1, 0, 1, 0))
    >>> rotations("1v3", 2, 3)
    ((0, 1, 1), (1, 1, 0), (1, 0, 1))
    """
    first = placement(shape, bots, players)
    seen: list[tuple[int, ...]] = []
    for turn in range(players):
        turned = tuple(first[(seat + turn) % players] for seat in range(players))
        if turned not in seen:
            seen.append(turned)
    return tuple(seen)
