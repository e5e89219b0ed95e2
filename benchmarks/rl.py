"""The reinforcement-learning rows of the benchmark table (issue 13).

- ``ActionSpace.mask + index`` per step: the mask of each state of recorded random
  games, and the index of the move made there;
- ``encode`` per step: the tensor of the observation of the seat to move;
- PettingZoo masked random rollouts in steps/s, against the raw loop (``legal_moves``,
  ``random.choice``, ``apply``) in the same process: batches alternate, and the ratio is
  the median over adjacent pairs, as for the playouts against the floor;
- the same rollouts' *ceiling*: the environment replaying recorded games with every
  observation (tensor and mask) made ahead of time, so that a step costs only the engine's
  ``legal_moves`` and ``apply``, PettingZoo's protocol and the rollouts' own sampling. No
  environment of this protocol, however its tensors are made, runs faster than that;
- the masked random rollouts against PettingZoo's own ``texas_holdem_v4`` (with the
  ``bench`` extra, which brings rlcard and pygame), batches alternating: how many times its
  steps per second ours make;
- one ``render_mode="rgb_array"`` frame (the SVG of the table for one seat, rasterized),
  in milliseconds, over the observations of a recorded game (issue 24). They are drawn
  again and again, so after the first time their cards, shapes and labels are kept (see
  ``skullgames.rl._render``): the frames of a game not drawn before take longer.

Skipped with a note when the ``rl`` extra (numpy, pettingzoo) is not installed.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

from skullgames import COMPILED, GAMES

PETTINGZOO_GOAL = 0.5
FRAME_GOAL_MS = 5.0
TEXAS_GOAL_COMPILED = 8.0  # issue 25: compiled, at least 8 × PettingZoo's texas_holdem_v4


def available() -> bool:
    """Whether the ``rl`` extra is installed."""
    try:
        import numpy  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError:
        return False
    return True


def raw_steps(name: str, config: Any, games: int, seed: int,
              clock: Callable[[], float]) -> tuple[int, float]:
    """Moves made and seconds for ``games`` random games through the registry's verbs."""
    game = GAMES[name]
    new_game, legal_moves, apply, is_over = (game.new_game, game.legal_moves, game.apply,
                                             game.is_over)
    choice = random.Random(seed).choice
    steps = 0
    start = clock()
    for i in range(games):
        state = new_game(config, seed=seed + i)
        while not is_over(state):
            state = apply(state, choice(legal_moves(state)))
            steps += 1
    return steps, clock() - start


def pettingzoo_steps(table: Any, games: int, seed: int,
                     clock: Callable[[], float]) -> tuple[int, float]:
    """Moves made and seconds for ``games`` masked random games in the AEC environment."""
    pick = random.Random(seed).randrange
    steps = 0
    start = clock()
    for i in range(games):
        table.reset(seed=seed + i)
        for _ in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            table.step(int(legal[pick(len(legal))]))
            steps += 1
    return steps, clock() - start


def rollouts(name: str, config: Any, label: str, repeats: int, batch_seconds: float,
             clock: Callable[[], float], add: Callable[..., None]) -> None:
    """Two rows: PettingZoo steps/s, and their ceiling, each with its ratio to the raw
    loop's steps/s."""
    from skullgames.rl.pettingzoo import raw_env

    table = raw_env(name, config)
    _, one_time = pettingzoo_steps(table, 1, 0, clock)
    games = max(1, round(batch_seconds / one_time)) if one_time > 0 else 1
    rate, ratio = _against_raw(name, config, games, repeats, clock,
                               lambda seed: pettingzoo_steps(table, games, seed, clock))
    mark = "met" if ratio >= PETTINGZOO_GOAL else "MISSED"
    add(f"{label}: PettingZoo masked random rollouts", f"{rate:,.0f}", "steps/s",
        f"{ratio:.3f} × the raw loop", f"goal ≥ {PETTINGZOO_GOAL}: {mark}")
    holdem = _texas_holdem()
    if holdem is not None:
        ours, theirs = [], []
        _, one = pettingzoo_steps(holdem, 20, 0, clock)
        holdem_games = max(20, round(batch_seconds / one * 20)) if one > 0 else 20
        for rep in range(repeats):  # alternating batches, as against the raw loop
            seed = 2_000 * (rep + 1)
            if rep % 2:  # every other pair times texas_holdem_v4 first
                other = pettingzoo_steps(holdem, holdem_games, seed, clock)
            mine = pettingzoo_steps(table, games, seed, clock)
            if not rep % 2:
                other = pettingzoo_steps(holdem, holdem_games, seed, clock)
            ours.append(mine[0] / mine[1])
            theirs.append(other[0] / other[1])
        ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
        goal = TEXAS_GOAL_COMPILED if COMPILED else 0.0
        target = (f"goal ≥ {goal:g} (compiled): {'met' if ratio >= goal else 'MISSED'}"
                  if goal else "")
        add(f"{label}: PettingZoo rollouts against texas_holdem_v4", f"{ratio:.1f}", "×",
            f"texas_holdem_v4 {statistics.median(theirs):,.0f} steps/s", target)

    def ceiling(seed: int) -> tuple[int, float]:
        replay, left = _replay(name, config, games, seed)  # recorded before the clock
        steps = pettingzoo_steps(replay, games, seed, clock)
        assert not left(), "the replay did not play the recorded games"
        return steps

    rate, ratio = _against_raw(name, config, games, repeats, clock, ceiling)
    add(f"{label}: PettingZoo ceiling, observations made ahead", f"{rate:,.0f}", "steps/s",
        f"{ratio:.3f} × the raw loop", "the most with the tensor and the mask free")


def _texas_holdem() -> Any:
    """PettingZoo's own ``texas_holdem_v4`` (AEC, action masks), or ``None`` without rlcard."""
    try:
        from pettingzoo.classic import texas_holdem_v4
    except ImportError:
        return None
    return texas_holdem_v4.raw_env()  # unwrapped, as ours is here (raw_env)


def _against_raw(name: str, config: Any, games: int, repeats: int,
                 clock: Callable[[], float], steps: Callable[[int], tuple[int, float]]
                 ) -> tuple[float, float]:
    """Median steps/s of ``steps(seed)`` and median ratio to the raw loop's, over
    alternating pairs of batches."""
    raw_games = max(1, games * 5)  # the raw loop is several times faster
    ratios, rates = [], []
    for rep in range(repeats):
        seed = 1_000 * (rep + 1)
        if rep % 2:  # every other pair times the raw loop first
            raw = raw_steps(name, config, raw_games, seed, clock)
        env = steps(seed)
        if not rep % 2:
            raw = raw_steps(name, config, raw_games, seed, clock)
        rates.append(env[0] / env[1])
        ratios.append(rates[-1] / (raw[0] / raw[1]))
    return statistics.median(rates), statistics.median(ratios)


def _replay(name: str, config: Any, games: int, seed: int
            ) -> tuple[Any, Callable[[], int]]:
    """The environment for ``pettingzoo_steps(..., games, seed, ...)`` with every
    observation it will return recorded ahead, and how many of them are left unreturned.

    Its steps are the environment's own (the action to a move, ``apply``, rewards,
    terminations, the seat to move) but for the tensors' writes; its ``observe`` asks the
    engine for the legal moves, as the raw loop does, and returns the next recorded
    observation. The rollouts' sampling is seeded, so the replay plays the recorded games.
    """
    from skullgames.rl.pettingzoo import raw_env

    observations: list[dict[str, Any]] = []

    class Recorder(raw_env):
        def observe(self, agent: str) -> dict[str, Any]:
            observations.append(super().observe(agent))
            return observations[-1]

    class NoSteps:  # only start() is called: the steps find the table out of date
        def start(self, state: Any) -> bool:
            return False  # nothing written: the table stays out of date, unused

    class Replay(raw_env):
        def observe(self, agent: str) -> dict[str, Any]:
            self.game.legal_moves(self._state)
            return next(recorded)

    pettingzoo_steps(Recorder(name, config), games, seed, lambda: 0.0)
    recorded = iter(observations)
    replay: Any = Replay(name, config)
    replay._steps = NoSteps()
    return replay, lambda: sum(1 for _ in recorded)


def per_step(name: str, config: Any, games: int, repeats: int,
             per_call_us: Callable[[Callable[[], int], int], float],
             add: Callable[..., None]) -> None:
    """Two rows: mask + index per step, and encode per step, over recorded games."""
    import skullgames.rl as rl

    game = GAMES[name]
    space = game.action_space(config)
    steps: list[tuple[Any, Any]] = []
    views: list[Any] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(config, seed=seed)
        while not game.is_over(state):
            move = rng.choice(game.legal_moves(state))
            steps.append((state, move))
            seat = game.current_player(state)
            assert seat is not None
            views.append(game.observe(state, seat))
            state = game.apply(state, move)
    mask, index, encode = space.mask, space.index, rl.encode

    def masks() -> int:
        for state, move in steps:
            mask(state)
            index(move)
        return len(steps)

    def encodings() -> int:
        for view in views:
            encode(view)
        return len(views)

    add(f"{name}: ActionSpace.mask + index per step", f"{per_call_us(masks, repeats):.2f}",
        "µs")
    add(f"{name}: rl.encode per step", f"{per_call_us(encodings, repeats):.2f}", "µs",
        f"{rl.observation_size(name, config)} values")


def render_frame(name: str, config: Any, label: str, repeats: int,
                 per_call_us: Callable[[Callable[[], int], int], float],
                 add: Callable[..., None]) -> None:
    """One row: milliseconds per ``rgb_array`` frame, over one random game's views."""
    from skullgames import ConfigError
    from skullgames.rl._render import Frames

    try:
        frames = Frames(GAMES[name], config)
    except ConfigError as error:  # no rasterizer installed: the row says so
        add(f"{label}: one rgb_array frame", "-", "ms", f"not measured: {error}")
        return
    game = GAMES[name]
    rng = random.Random(0)
    state = game.new_game(config, seed=0)
    views = []
    while not game.is_over(state):
        seat = game.current_player(state)
        assert seat is not None  # a game dealt from its seed never waits for a deal
        views.append(game.observe(state, seat))
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    views = views[:: max(1, len(views) // 20)]  # about 20 positions over the game

    def draw() -> int:
        for view in views:
            frames.frame(view)
        return len(views)

    ms = per_call_us(draw, repeats) / 1000
    mark = "met" if ms < FRAME_GOAL_MS else "MISSED"
    height, width, _ = frames.shape
    add(f"{label}: one rgb_array frame", f"{ms:.2f}", "ms", f"{width}×{height} RGB",
        f"goal < {FRAME_GOAL_MS:g} ms: {mark}")
