"""What the command line needs of each game, one object per game, found by the game's name.

A game of the registry (:data:`skullgames.GAMES`) plays at the command line through a
:class:`GameCli`, found in the module ``skullgames.cli._<name>`` as ``CLI``: its rule
flags and the game's ``Config`` they make, a narrator that tells a game as it goes, and
the human's turn at the terminal. Adding a game to the command line is one such module.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import attrs

from skullgames import GAMES
from skullgames.cli._numbers import number_argument
from skullgames.errors import ConfigError

Write = Callable[[str], None]
Ask = Callable[[str], str]

SHARED_FLAGS = ("players", "rounds")
"""The rule flags every game reads (``--players``, ``--rounds``), each in its own way."""


class Narrator(Protocol):
    """Tells one game as it goes, move by move, for a person to follow."""

    def start(self, state: Any) -> None:
        """Tell the table and the first deal."""
        ...

    def step(self, before: Any, move: Any, after: Any) -> bool:
        """Tell what ``move`` did to ``before``; ``True`` when it finished a trick."""
        ...

    def where(self, state: Any) -> str:
        """Where a game stands, to end a sentence: ``in round 3``."""
        ...


@attrs.frozen(kw_only=True)
class GameCli:
    """One game at the command line: what the commands need of it beyond the registry."""

    rule_flags: tuple[str, ...]
    """The ``argparse`` destinations of the game's own rule flags (not the shared ones)."""
    add_rule_flags: Callable[[argparse.ArgumentParser], None]
    """Add the game's own rule flags, each with ``default=argparse.SUPPRESS``."""
    config: Callable[[Mapping[str, Any]], Any]
    """The game's ``Config`` of the flags given (shared ones included), as typed."""
    narrator: Callable[[Write, Sequence[str], Sequence[int] | None], Narrator]
    """``narrator(write, names, show_hands)``: tells a game; ``None`` shows every hand,
    ``[seat]`` tells the game as that seat sees it (through the game's ``observe_move``
    and ``observe``; the seed only at the end)."""
    human_turn: Callable[[Any, int, Sequence[str], Write, Ask], Any]
    """``human_turn(state, seat, names, write, ask)``: a legal move, ``None`` on quitting."""
    deal: type
    """The game's ``Deal`` move, which a game dealt from its seed replays without."""


def _load() -> dict[str, GameCli]:
    # The game modules import GameCli from here: it is defined above, before this runs.
    return {name: importlib.import_module(f"skullgames.cli._{name}").CLI for name in GAMES}


CLIS: Mapping[str, GameCli] = _load()
"""Each game's :class:`GameCli`, by the game's name in :data:`skullgames.GAMES`."""


def add_rule_flags(parser: argparse.ArgumentParser) -> None:
    """Add the shared rule flags, then every game's own."""
    shared = parser.add_argument_group(
        "rules of every game (the defaults: the standard game)")
    shared.add_argument("--players", type=number_argument(), default=argparse.SUPPRESS, metavar="N",
                        help="number of players: Skull King 2-8 (classic 2-6), "
                             "Skull Queen 2-6 [4]")
    shared.add_argument("--rounds", default=argparse.SUPPRESS, metavar="PLAN",
                        help="Skull King: a preset name or hand sizes such as 1,3,5 "
                             "[standard]; Skull Queen: a number of rounds [as many as "
                             "players]")
    for cli in CLIS.values():
        cli.add_rule_flags(parser)


def config_from(game: str, args: argparse.Namespace) -> Any:
    """The ``Config`` of ``game`` that the parsed flags ask for.

    Refuses with a :class:`~skullgames.ConfigError` a flag of another game, which the
    chosen game would silently ignore.
    """
    given = vars(args)
    cli = CLIS[game]
    for other_name, other in CLIS.items():
        for flag in other.rule_flags:
            if flag in given and flag not in cli.rule_flags:
                raise ConfigError(
                    f"--{flag.replace('_', '-')} is a {GAMES[other_name].title} option, "
                    f"not a {GAMES[game].title} one")
    options = {flag: given[flag] for flag in (*SHARED_FLAGS, *cli.rule_flags) if flag in given}
    return cli.config(options)
