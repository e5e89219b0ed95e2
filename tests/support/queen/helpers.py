"""Building Skull Queen positions for the rule tests."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import Phase as HypothesisPhase

from skullgames.queen import (
    Card,
    Config,
    Deal,
    Plank,
    Side,
    State,
    TrickResult,
    apply,
    card,
    new_game,
    parse_move,
)
from skullgames.queen.cards import ALL_CARDS, Color


def cards(text: str) -> tuple[Card, ...]:
    """``cards("R7 Y3 MONKEY")``."""
    return tuple(card(word) for word in text.split())


def color_run(letter: str, low: int, high: int, *, skip: Sequence[int] = ()) -> str:
    """``color_run("R", 1, 4)`` == ``"R1 R2 R3 R4"``."""
    return " ".join(f"{letter}{v}" for v in range(low, high + 1) if v not in skip)


def dealt(config: Config, hands: Sequence[str], center: str = "", ghost: str = "") -> State:
    """A game waiting for placements after the given deal (round 1, dealer 0)."""
    state = new_game(config, auto_deal=False)
    return apply(state, Deal([cards(h) for h in hands], cards(center), cards(ghost)))


def moves(state: State, *texts: str) -> State:
    """Apply moves written in notation, one after another."""
    for text in texts:
        state = apply(state, parse_move(text))
    return state


def plank(side: Side, red: int | None, yellow: int | None, green: int | None,
          blue: int | None) -> Plank:
    return Plank(side, (red, yellow, green, blue))


def middle() -> Plank:
    """A front-side plank with every pawn on the centre space."""
    return Plank(Side.FRONT, (2, 2, 2, 2))


def steps(result: TrickResult) -> list[tuple[int, Color, int]]:
    """The movements of a trick result as ``(seat, colour, signed steps)``."""
    return [(m.seat, m.color, m.steps) for m in result.movements]


WITHOUT_SHRINKING = (HypothesisPhase.explicit, HypothesisPhase.reuse, HypothesisPhase.generate)
"""Hypothesis phases for whole-game tests: slow to shrink, and the failing seed and
choices reproduce a failure on their own."""

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
MONKEY, MATE = ALL_CARDS[48], ALL_CARDS[49]

# Three players (42 cards: no 1s or 12s), dealer 0, so seat 1 leads and places first.
THREE_HANDS = (
    color_run("R", 2, 11) + " Y2 Y3 Y4 Y5",
    color_run("Y", 6, 11) + " " + color_run("G", 2, 9),
    "G10 G11 " + color_run("B", 2, 11) + " MONKEY MATE",
)

# Four players, one colour each; seat 1 holds the yellows the centre does not.
def four_hands(center: str) -> list[str]:
    """Hands of one colour per seat (seat 0 red, 1 yellow, 2 green, 3 blue) around
    ``center``; the Monkey and the First Mate, when not in the centre, go to the seats
    that lent their places to the centre cards."""
    taken = set(center.upper().split())
    hands = [[f"{c}{v}" for v in range(1, 13) if f"{c}{v}" not in taken] for c in "RYGB"]
    specials = [s for s in ("MONKEY", "MATE") if s not in taken]
    for hand in hands:
        while len(hand) < 12:
            hand.append(specials.pop(0))
    return [" ".join(hand) for hand in hands]
