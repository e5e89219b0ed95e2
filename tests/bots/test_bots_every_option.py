"""Every bot plays every option set of both games, in every seat (issue 22).

Through the Python API, :func:`skullgames.simulate` and the Gymnasium environments; the
server's tables are in ``tests/serve/test_serve_every_option.py``. The option sets and the
line-ups come from ``tests/support/option_sets.py``; the bots from each game's registry entry.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any

import gymnasium
import numpy as np
import pytest

import skullgames.rl.gymnasium  # registers the environments
from skullgames import simulate
from skullgames.registry import GAMES
from tests.support.option_sets import OPTION_SETS, every_option_set, quick_bot, seatings

CASES = pytest.mark.parametrize(("game", "name", "config"), every_option_set(),
                                ids=[f"{g}-{n}" for g, n, _ in every_option_set()])


class Checked:
    """A bot that must answer every observation of its seat with one of its legal moves."""

    def __init__(self, bot: Any, seat: int) -> None:
        self.bot = bot
        self.seat = seat
        self.phases: Counter[str] = Counter()

    def choose(self, observation: Any) -> Any:
        assert observation.seat == self.seat
        move = self.bot.choose(observation)
        assert move in observation.legal_moves, (move, observation.legal_moves)
        self.phases[observation.phase.value] += 1
        return move


def test_the_option_sets_cover_every_option_of_every_game() -> None:
    """A rule option of a Config that no option set changes is an option no bot plays."""
    for game, sets in OPTION_SETS.items():
        default = GAMES[game].Config()
        fields = [f for f in type(default).__attrs_attrs__ if f.init]
        untried = [f.name for f in fields
                   if all(getattr(c, f.name) == getattr(default, f.name) for c in sets.values())]
        assert untried == [], f"{game}: no option set changes {untried}"
    players = {g: {c.players for c in sets.values()} for g, sets in OPTION_SETS.items()}
    assert {2, 8} <= players["king"] and {2, 6} <= players["queen"]


@CASES
def test_every_bot_in_every_seat_through_the_python_api(game: str, name: str,
                                                        config: Any) -> None:
    entry = GAMES[game]
    played: Counter[tuple[str, int]] = Counter()
    phases: Counter[str] = Counter()
    for turn, line_up in enumerate(seatings(list(entry.bots), config.players)):
        for seed in (turn, 100 + turn):
            bots = [Checked(quick_bot(game, bot, random.Random(f"{seed}:{seat}")), seat)
                    for seat, bot in enumerate(line_up)]
            state = entry.new_game(config, seed=seed)
            while not entry.is_over(state):
                seat = entry.current_player(state)
                assert seat is not None
                state = entry.apply(state, bots[seat].choose(entry.observe(state, seat)))
            assert len(entry.scores(state)) == config.players
            for seat, bot in enumerate(bots):
                played[line_up[seat], seat] += sum(bot.phases.values())
                phases.update(bot.phases)
    # every bot made moves from every seat
    assert all(played[bot, seat] for bot in entry.bots for seat in range(config.players))
    if game == "king" and config.cannonball:
        assert phases["shot"]
    if game == "king" and config.pirate_abilities:
        assert phases["ability"]


@CASES
def test_every_bot_in_every_seat_through_simulate(game: str, name: str, config: Any) -> None:
    names = list(GAMES[game].bots)
    bots = {bot: functools.partial(quick_bot, game, bot) for bot in names}
    records: list[Any] = []
    result = simulate(game, config, bots=bots, games=len(names), seed=7, jobs=1,
                      on_record=records.append)
    assert sorted(r.game for r in records) == list(range(len(names)))
    seated = {(bot, seat) for r in records for seat, bot in enumerate(r.bots)}
    assert seated == {(bot, seat) for bot in names for seat in range(config.players)}
    assert {r.bot for r in result.bots} == set(names)


@CASES
def test_every_bot_in_every_seat_as_gymnasium_opponents(game: str, name: str,
                                                        config: Any) -> None:
    env_id = skullgames.rl.gymnasium.environment_id(game)
    names = list(GAMES[game].bots)
    faced: set[tuple[str, int]] = set()
    for turn, opponents in enumerate(seatings(names, config.players - 1)):
        seat = turn % config.players  # the learning seat moves round the table too
        env = gymnasium.make(env_id, config=config, seat=seat, opponents=list(opponents))
        _, info = env.reset(seed=turn)
        rng = np.random.default_rng(turn)
        over = False
        while not over:
            action = rng.choice(np.flatnonzero(info["action_mask"]))
            _, _, over, truncated, info = env.step(action)
            assert not truncated and "illegal_move" not in info
        raw = env.unwrapped
        assert isinstance(raw, skullgames.rl.gymnasium.SkullGamesEnv)
        assert GAMES[game].is_over(raw.game_state)
        env.close()
        faced.update((bot, i) for i, bot in enumerate(opponents))
    # every bot played in every one of the other seats (by their order round the table)
    assert faced == {(bot, i) for bot in names for i in range(config.players - 1)}
