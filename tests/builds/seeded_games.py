"""Seeded games of every bot under every option set: what both builds must play alike.

:func:`record` plays one game per option set of every game (``tests/support/option_sets``),
each seat played by one of the game's bots (its entry in the registry), the bots turned a
seat further from one option set to the next so that every bot plays several seat counts.
Every bot draws from a ``random.Random`` seeded by the option set and its seat. The result
is the JSON of every finished game (its moves included): a text that depends on the bots'
choices alone, to compare byte for byte between the compiled and the pure build
(``test_builds.py`` runs this module in both).
"""

from __future__ import annotations

import json
import random

from skullgames import to_json
from skullgames.registry import GAMES
from tests.support.option_sets import OPTION_SETS

__all__ = ["record"]


def record() -> str:
    """Every game's JSON, in the order of the option sets, as one JSON text."""
    played = []
    turn = 0
    for game_name, option_sets in OPTION_SETS.items():
        game = GAMES[game_name]
        names = list(game.bots)
        for set_name, config in option_sets.items():
            turn += 1
            state = game.new_game(config, seed=turn)
            bots = [game.bots[names[(seat + turn) % len(names)]](random.Random(turn * 100 + seat))
                    for seat in range(config.players)]
            while not game.is_over(state):
                seat = game.current_player(state)
                assert seat is not None  # every game here deals by itself
                state = game.apply(state, bots[seat].choose(game.observe(state, seat)))
            played.append([game_name, set_name, to_json(state)])
    return json.dumps(played, indent=0)
