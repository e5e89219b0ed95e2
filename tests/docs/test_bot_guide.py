"""The guide to writing a bot (``docs/guides/bot.md``) teaches the fast way (issue 22
item 7): its greedy bot asks ``trick_winner`` who would take a trick, not
``resolve_trick`` (about a hundred times slower: a guide-style bot made a simulation
8 times slower), and "Going further" sends learners to ``action_space``."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest

import skullgames
import skullgames.king
from tests.support.option_sets import every_option_set

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guides" / "bot.md"
BLOCK = re.compile(r"^```\{testcode\}\n(.*?)^```", re.MULTILINE | re.DOTALL)


def guide_namespace(until: str = "GreedyBot") -> dict[str, Any]:
    """The guide's code up to the name ``until`` (its Skull King greedy bot), run as the
    doctest builder runs it, in one namespace, without its Hypothesis tests (which read
    their source from the file, by line numbers of the block)."""
    namespace: dict[str, Any] = {}
    for block in BLOCK.findall(GUIDE.read_text(encoding="utf-8")):
        if "@given" in block:
            continue
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, str(GUIDE), "exec"), namespace)
        if until in namespace:
            return namespace
    raise AssertionError(f"the guide has no {until}")


def test_the_greedy_bot_of_the_guide_never_resolves_a_trick(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = skullgames.king.resolve_trick

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(skullgames.king, "resolve_trick", counted)
    guide = guide_namespace()
    greedy, play_game = guide["GreedyBot"], guide["play_game"]
    config = skullgames.king.Config(players=4, rounds=(1, 2, 3, 4), kraken=True,
                                    white_whale=True, loot=True)
    for seed in range(3):
        scores = play_game([greedy() for _ in range(4)], seed=seed, config=config)
        assert len(scores) == 4
    assert calls == []


def test_going_further_sends_learners_to_the_action_space() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    further = " ".join(text.split("## Going further")[1].split())
    assert "{func}`~skullgames.king.action_space`" in further
    assert "index an action space by" not in further
    assert "{func}`~skullgames.king.tricks.trick_winner`" in further


@pytest.mark.parametrize(("game", "option_set", "config"), every_option_set(),
                         ids=[f"{game}-{name}" for game, name, _ in every_option_set()])
def test_the_guides_bots_play_every_option_set_under_simulate(
        game: str, option_set: str, config: Any, guide: dict[str, Any]) -> None:
    """Issue 35: ``simulate`` makes a bot from a ``random.Random`` (the ``BotFactory``
    protocol), and the guide's classes took no argument, so they failed under it."""
    greedy = guide["GreedyBot"] if game == "king" else guide["GreedyQueenBot"]
    result = skullgames.simulate(game, config, bots={"greedy": greedy,
                                                     "random": guide["RandomBot"]},
                                 games=2, seed=3, jobs=1)
    assert sorted(bot.bot for bot in result.bots) == ["greedy", "random"]
    assert sum(bot.seats for bot in result.bots) == 2 * config.players


@pytest.fixture(scope="module")
def guide() -> dict[str, Any]:
    return guide_namespace("GreedyQueenBot")
