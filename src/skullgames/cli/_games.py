"""The command line's rule flags of every game, and each game's :class:`GameCli`.

Each game of the registry (:data:`skullgames.GAMES`) plays at the command line through
the :class:`GameCli` its entry names as its ``cli`` part (``skullgames.cli.king:CLI``):
its rule flags and the game's ``Config`` they make, a narrator that tells a game as it
goes, and the human's turn at the terminal.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from skullgames.cli._game_cli import Ask, GameCli, Narrator, Write
from skullgames.cli._numbers import number_argument, shown
from skullgames.errors import ConfigError
from skullgames.registry import GAMES

__all__ = ["CLIS", "SHARED_FLAGS", "Ask", "GameCli", "Narrator", "Write", "add_rule_flags",
           "bot_list", "bots_of", "config_from", "game_argument"]

SHARED_FLAGS = ("players", "rounds")
"""The rule flags every game reads (``--players``, ``--rounds``), each in its own way."""


class _Clis(Mapping[str, GameCli]):
    """Each registered game's :class:`GameCli` by its name: a view of the registry."""

    def __getitem__(self, name: str) -> GameCli:
        cli: GameCli = GAMES[name].part("cli")
        return cli

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


CLIS: Mapping[str, GameCli] = _Clis()
"""Each game's :class:`GameCli`, by the game's name in :data:`skullgames.GAMES`."""


def _distinct(clis: Iterable[GameCli]) -> list[GameCli]:
    return list({id(cli): cli for cli in clis}.values())


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
    for cli in _distinct(CLIS.values()):  # two games may share one (a renamed copy)
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


def game_argument(parser: argparse.ArgumentParser) -> None:
    """Add the ``GAME`` argument: a name of :data:`skullgames.GAMES`, the first by default."""
    names = " or ".join(f"{name} ({game.title})" for name, game in GAMES.items())
    first = next(iter(GAMES))
    parser.add_argument("game", nargs="?", choices=tuple(GAMES), default=first,
                        help=f"which game: {names} [{first}]")


def bot_list(text: str) -> tuple[str, ...]:
    """Read ``--bots``: bot names separated by commas (checked by :func:`bots_of`)."""
    names = tuple(n.strip().lower() for n in text.split(",") if n.strip())
    if not names:
        raise argparse.ArgumentTypeError("name at least one bot")
    return names


def bots_of(game: str, given: tuple[str, ...] | None) -> tuple[str, ...]:
    """The bots ``--bots`` names for ``game``, or the game's own choice when none is given.

    Refuses with a :class:`~skullgames.ConfigError` a name the game does not offer.
    """
    entry = GAMES[game]
    if given is None:
        return (entry.chosen_bot,)
    for name in given:
        if name not in entry.bots:
            raise ConfigError(f"unknown bot {shown(name)}; the bots of {entry.title} are "
                              f"{', '.join(entry.bots)}")
    return given
