"""An independent, slow Skull Queen trick evaluator written straight from the pseudocode
of RESEARCH.md §1.6, §1.7 and §1.9, to cross-check the engine's fast ``resolve``."""

from __future__ import annotations

from collections.abc import Sequence

from skullgames.queen import Card, Color, Plank

Play_ = tuple[int | None, Card]


def oracle(plays: Sequence[Play_], center: Sequence[Card], planks: Sequence[Plank]
           ) -> dict[str, object]:
    """Movements as ``(seat, colour, steps)``, the new centre and set-aside cards (as sets
    of text), the next leader, and the spaces after the moves."""
    # Monkey / First Mate played this trick -> colour := trick colour. With the ghost's
    # special in the lead, the captains' colours (each of them, §1.9).
    colored = [c.color for _, c in plays if c.color is not None]
    if plays[0][0] is None and plays[0][1].color is None:
        special_colors = set(colored)
    else:
        special_colors = {colored[0]}
    trick_cards = [*plays, *((None, c) for c in center)]
    groups: dict[Color, list[Play_]] = {}
    for owner, c in trick_cards:
        for color in ([c.color] if c.color is not None else sorted(
                special_colors, key=lambda k: k.index)):
            groups.setdefault(color, []).append((owner, c))
    moves: list[tuple[int, Color, int]] = []
    new_center: set[str] = set()
    aside: set[str] = set()
    for color in Color:
        group = groups.get(color, [])
        if len(group) == 1:
            new_center.add(str(group[0][1]))
        elif len(group) >= 2:
            hi = max(group, key=lambda e: e[1].value)
            lo = min(group, key=lambda e: e[1].value)
            up = 2 if any(c.value == 8 for _, c in group) else 1
            down = 2 if any(c.value == 5 for _, c in group) else 1
            if hi[0] is not None:
                moves.append((hi[0], color, up))
            if lo[0] is not None:
                moves.append((lo[0], color, -down))
            aside.update(str(c) for _, c in group)
    # The next leader: the highest value played, the last of a tie; the ghost leads
    # every trick when he plays.
    leader = None
    if all(seat is not None for seat, _ in plays):
        top = max(c.value for _, c in plays)
        leader = [seat for seat, c in plays if c.value == top][-1]
    spaces = [list(p.spaces) for p in planks]
    for seat, color, step in moves:
        k = list(Color).index(color)
        if spaces[seat][k] is not None:
            moved = spaces[seat][k] + step  # type: ignore[operator]
            spaces[seat][k] = moved if 0 <= moved <= 4 else None
    return {"moves": moves, "center": new_center, "aside": aside, "leader": leader,
            "spaces": [tuple(s) for s in spaces]}
