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

import skullgames.king

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "guides" / "bot.md"
BLOCK = re.compile(r"^```\{testcode\}\n(.*?)^```", re.MULTILINE | re.DOTALL)


def guide_namespace() -> dict[str, Any]:
    """The guide's code up to its Skull King greedy bot, run as the doctest builder
    runs it, in one namespace."""
    namespace: dict[str, Any] = {}
    for block in BLOCK.findall(GUIDE.read_text(encoding="utf-8")):
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, str(GUIDE), "exec"), namespace)
        if "GreedyBot" in namespace:
            return namespace
    raise AssertionError("the guide has no GreedyBot")


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
