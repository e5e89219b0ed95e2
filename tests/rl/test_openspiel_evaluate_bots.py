"""OpenSpiel's ``evaluate_bots`` with OpenSpiel's Python ISMCTS bot (issue 24): the bot
as OpenSpiel ships it fails at ``restart_at``; the RL guide's subclass, whose
``restart_at`` does nothing, plays whole games of both games, and the returns are the
game's (the ``reward`` parameter's values, within its utility range)."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402
from open_spiel.python.bots.uniform_random import UniformRandomBot  # noqa: E402

from skullgames.rl import openspiel  # noqa: E402
from tests.support.rl import expected_returns  # noqa: E402


class SearchBot(ismcts.ISMCTSBot):  # type: ignore[misc]  # OpenSpiel is untyped
    """OpenSpiel's ISMCTS bot, playable by evaluate_bots (as in the RL guide)."""

    def restart_at(self, state: Any) -> None:
        pass  # each step searches afresh: nothing to restart


def table(game: Any, bot_class: type[Any], numbers: Any) -> list[Any]:
    searcher = bot_class(game, mcts.RandomRolloutEvaluator(1, numbers), uct_c=2.0,
                         max_simulations=10, random_state=numbers)
    searcher.set_resampler(openspiel.resampler(random.Random(0)))
    others = [UniformRandomBot(seat, numbers) for seat in range(1, game.num_players())]
    return [searcher, *others]


def test_openspiels_own_ismcts_bot_fails_in_evaluate_bots() -> None:
    """What the workaround is for: if OpenSpiel implements restart_at, this fails and
    the guide's paragraph can go."""
    game = pyspiel.load_game("python_skull_queen", {"players": 3, "rounds": 1})
    numbers = np.random.RandomState(0)
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots(game.new_initial_state(), table(game, ismcts.ISMCTSBot, numbers),
                      numbers)


@pytest.mark.parametrize(("name", "params"), [
    ("python_skull_king", {"players": 3, "rounds": "1 2", "reward": "result"}),
    ("python_skull_queen", {"players": 3, "rounds": 1}),
])
def test_the_guides_search_bot_plays_whole_games_in_evaluate_bots(
        name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    numbers = np.random.RandomState(1)
    bots = table(game, SearchBot, numbers)
    for _ in range(2):  # the same bots, a second game: restart_at is called again
        state = game.new_initial_state()
        returns = evaluate_bots(state, bots, numbers)
        assert state.is_terminal()
        engine = game.skullgames_game
        reward = params.get("reward", "points")
        assert returns == pytest.approx(expected_returns(
            engine.name, game.config, engine.scores(state.engine), str(reward)))
