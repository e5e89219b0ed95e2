"""The bots' rollouts release nothing they do not own, in the build under test.

mypyc 2.4 compiled ``skullgames.bots.king_rollout`` into code that released a round's
result before the call that read two of its fields: the play-outs of a game's first round
freed the scores still in use, and a later garbage collection, a read, or an expert game's
seventh round, crashed the interpreter (``docs/contributing.md``, "What an engine module
may not contain"; the module stayed Python until the call was rewritten). Such a defect shows
only in the compiled run, and as a crash: so a game (King's first five rounds, Queen's
first) is played out in a child process, every position of it, with a full collection
after each play-out, and the child must end cleanly having played them all.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent('''
    import gc, random, sys
    import skullgames
    from skullgames import king, queen
    from skullgames.bots import king_expert, king_rollout, queen_rollout
    from skullgames.bots import king as king_bots
    from skullgames.bots import queen as queen_bots
    GAME = sys.argv[1]
    played = 0
    for seed in range(1):
        rng = random.Random(seed)
        if GAME == "king":
            state = king.new_game(king.Config(players=4, rounds=(1, 2, 3, 4, 5)), seed=seed)
            while not king.is_over(state):
                if state.phase is king.Phase.PLAY:
                    view = king.observe(state, king.current_player(state))
                    world = king_bots.sample_world(view, random.Random(seed))
                    for move in king.legal_moves(world):
                        king_rollout.play_out(world, move, king_expert.rollout_move,
                                              king_expert.rollout_play).points
                        gc.collect()
                        played += 1
                state = king.apply(state, rng.choice(king.legal_moves(state)))
        else:
            game = skullgames.queen
            state = game.new_game(game.Config(players=4, rounds=1), seed=seed)
            while not game.is_over(state):
                view = game.observe(state, game.current_player(state))
                world = queen_bots.sample_world(view, random.Random(seed))
                for move in game.legal_moves(world):
                    queen_rollout.play_out(world, move, queen_bots.greedy_play,
                                           place=queen_bots.greedy_place).points
                    gc.collect()
                    played += 1
                state = game.apply(state, rng.choice(game.legal_moves(state)))
    print(played, skullgames.COMPILED)
''')


@pytest.mark.parametrize("game", ["king", "queen"])
def test_every_position_plays_out_and_collects_cleanly(game: str) -> None:
    child = subprocess.run([sys.executable, "-c", CHILD, game], capture_output=True,
                           text=True, timeout=600, check=False)
    assert child.returncode == 0, child.stderr[-3000:]
    played, compiled = child.stdout.split()
    assert int(played) > 40  # every position of a game, each move of each
    assert compiled in ("True", "False")
