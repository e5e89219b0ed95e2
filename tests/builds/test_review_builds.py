"""The same review in both builds (issue 48): a seeded review is the same JSON, byte for byte.

Each game's short seeded game, played by its bots, is reviewed here (the build under
test) and in a child process that imports the pure build from a copy of the sources;
the two reviews' JSON must be the same text. In CI's compiled run that crosses the
builds; in the pure run both sides are pure, as for the bots' moves (``test_builds.py``).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from skullgames import review
from skullgames.registry import GAMES
from tests.builds.test_builds import ROOT, _pure_copy
from tests.support.option_sets import OPTION_SETS

_REVIEWED = """
import sys
pure, root, game_name = sys.argv[1:4]
sys.path[:0] = [pure, root]
import skullgames
assert not skullgames.COMPILED, "the child must run the pure build"
assert skullgames.__file__.startswith(pure), skullgames.__file__
from tests.builds.test_review_builds import reviewed
sys.stdout.write(reviewed(game_name))
"""


def reviewed(game_name: str) -> str:
    """The JSON of the review (2 worlds a decision, seed 5) of a seeded 3-player game of
    ``game_name`` (one round), its seats played by the game's bots in turn."""
    game = GAMES[game_name]
    config = OPTION_SETS[game_name]["3 players"]
    if game_name == "king":
        config = game.Config(players=3, rounds=(2, 3))
    state = game.new_game(config, seed=21)
    names = list(game.bots)
    bots = [game.bots[names[(seat + 1) % len(names)]](random.Random(seat))
            for seat in range(config.players)]
    while not game.is_over(state):
        seat = game.current_player(state)
        assert seat is not None
        state = game.apply(state, bots[seat].choose(game.observe(state, seat)))
    return review(state, worlds=2, seed=5).to_json()


@pytest.mark.parametrize("game_name", ["king", "queen"])
def test_a_seeded_review_is_the_same_in_both_builds(tmp_path: Path, game_name: str) -> None:
    pure = _pure_copy(tmp_path)
    child = subprocess.run(
        [sys.executable, "-c", _REVIEWED, str(pure), str(ROOT), game_name],
        capture_output=True, text=True, cwd=tmp_path, env={"PATH": "/usr/bin:/bin"},
        check=False)
    assert child.returncode == 0, child.stderr
    here = reviewed(game_name)
    assert '"decisions"' in here
    assert child.stdout == here
