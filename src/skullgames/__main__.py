"""The ``skullgames`` command: ``python -m skullgames watch`` shows bots playing a game."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from skullgames import king

__all__ = ["main"]


def watch_king(players: int, seed: int, out: list[str]) -> None:
    """Play a seeded Skull King game with random legal moves, narrating it into ``out``."""
    state = king.new_game(king.Config(players=players), seed=seed)
    rng = random.Random(seed)
    shown_rounds = 0
    while not king.is_over(state):
        if state.phase is king.Phase.BID and all(b is None for b in state.bids):
            out.append(f"\n== Round {state.round_number}: {state.cards_dealt} card(s) each, "
                       f"seat {state.dealer} deals ==")
            for seat, hand in enumerate(state.hands):
                out.append(f"  seat {seat} holds {' '.join(map(str, hand))}")
        before = len(state.tricks), state.round_index
        state = king.apply(state, rng.choice(king.legal_moves(state)))
        if state.phase is king.Phase.PLAY and not state.trick and not state.tricks:
            out.append("  bids: " + ", ".join(f"seat {s} bids {b}" for s, b in
                                              enumerate(state.bids)))
        trick = state.last_trick
        if trick is not None and (len(state.tricks), state.round_index) != before:
            plays = ", ".join(f"{seat}:{play}" for seat, play in trick.plays)
            taker = "nobody" if trick.winner is None else f"seat {trick.winner}"
            extra = f" (+{trick.bonus} bonus)" if trick.bonus else ""
            out.append(f"  trick [{plays}] -> {taker} with {trick.winning_card}{extra}")
        if len(state.rounds) > shown_rounds:
            result = state.rounds[-1]
            shown_rounds += 1
            out.append("  round scores: " + ", ".join(
                f"seat {s}: bid {x.bid}, took {x.tricks}, {x.total:+d}"
                for s, x in enumerate(result.scores)))
            out.append(f"  totals: {state.totals}")
    out.append(f"\nWinner(s): {', '.join(f'seat {s}' for s in king.winners(state))}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="skullgames", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    watch = commands.add_parser("watch", help="watch random bots play a seeded game")
    watch.add_argument("--players", type=int, default=4)
    watch.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    out: list[str] = []
    watch_king(args.players, args.seed, out)
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
