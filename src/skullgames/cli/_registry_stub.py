"""TEMPORARY: stands in for skullgames.GAMES until the registry lands on main."""

from __future__ import annotations

import random
from typing import Any

from skullgames import king, queen
from skullgames.bots import make_bot


class _Game:
    def __init__(self, name: str, title: str, module: Any, format_name: str) -> None:
        self.name, self.title, self.module, self.format_name = name, title, module, format_name
        self.bots = {b: (lambda rng, b=b: make_bot(name, b, rng))
                     for b in ("random", "greedy", "search")}

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.module, attr)


GAMES: dict[str, Any] = {
    "king": _Game("king", "Skull King", king, "skullgames.king/state"),
    "queen": _Game("queen", "Skull Queen", queen, "skullgames.queen/state"),
}
_ = random
