"""The command line's rule flags of every game, and each game's :class:`GameCli`.

Each game of the registry (:data:`skullgames.GAMES`) plays at the command line through
the :class:`GameCli` its entry names as its ``cli`` part (``skullgames.cli.king:CLI``):
its rule flags and the game's ``Config`` they make, a narrator that tells a game as it
goes, and the human's turn at the terminal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from skullgames._registered import loaded_games
from skullgames.errors import ConfigError
from skullgames.plugins.cli import Ask, GameCli, Narrator, Write, number_argument, shown
from skullgames.registry import DEFAULT_GAME, GAMES, game_names

__all__ = ["CLIS", "SHARED_FLAGS", "Ask", "GameCli", "Narrator", "RuledParser", "Setup", "Write",
           "add_rule_flags",
           "bot_list", "bot_names", "bots_of", "config_from", "game_argument"]

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


def add_rule_flags(parser: argparse.ArgumentParser, game: str | None = None) -> None:
    """Add the shared rule flags, then the own ones of ``game`` (the first game if None).

    Each game's flags live in the parser of that game alone (:class:`RuledParser`), so two
    games may each have a flag of one name.
    """
    name = DEFAULT_GAME if game is None else game
    cli = CLIS[name]
    shared = parser.add_argument_group(
        f"rules of {GAMES[name].title} (the defaults: the standard game)")
    shared.add_argument("--players", type=number_argument(), default=argparse.SUPPRESS,
                        metavar="N", help=cli.players_help)
    shared.add_argument("--rounds", default=argparse.SUPPRESS, metavar="PLAN",
                        help=cli.rounds_help)
    cli.add_rule_flags(parser)


def config_from(game: str, args: argparse.Namespace) -> Any:
    """The ``Config`` of ``game`` that the parsed flags ask for."""
    given = vars(args)
    cli = CLIS[game]
    options = {flag: given[flag] for flag in (*SHARED_FLAGS, *cli.rule_flags) if flag in given}
    return cli.config(options)


Setup = Callable[[argparse.ArgumentParser, str], None]
"""``setup(parser, game)``: add a command's own arguments for ``game`` (rules excluded)."""


class RuledParser(argparse.ArgumentParser):
    """A command's parser whose rule flags are those of the game named on its line.

    The game is the first argument that names one of :data:`skullgames.GAMES` (the first
    game otherwise): the arguments are read by a parser of that game's own (made on first
    use), with the command's arguments (:meth:`rule`) and the game's rule flags alone. A
    flag of another game is refused naming that game. A parser without :meth:`rule` is a
    plain ``ArgumentParser``.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._made_with = kwargs
        self._setup: Setup | None = None
        self._per_game: dict[str, argparse.ArgumentParser] = {}

    def rule(self, setup: Setup) -> None:
        """Give the command its arguments, ``setup(parser, game)``, and the rule flags."""
        self._setup = setup
        first = DEFAULT_GAME
        setup(self, first)
        add_rule_flags(self, first)
        self._per_game[first] = self

    def _of(self, game: str) -> argparse.ArgumentParser:
        if game not in GAMES:  # an installed game that cannot be loaded (it was warned of)
            self.exit(2, f"{self.prog}: error: the installed game {game!r} cannot be "
                         "loaded\n")
        if not GAMES[game].has("cli"):
            self.exit(2, f"{self.prog}: error: {GAMES[game].title} has no command line\n")
        if game not in self._per_game:
            parser = argparse.ArgumentParser(**self._made_with)
            assert self._setup is not None
            self._setup(parser, game)
            add_rule_flags(parser, game)
            self._per_game[game] = parser
        return self._per_game[game]

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        """Read ``args`` with the parser of the game they name."""
        if self._setup is None:
            return super().parse_known_args(args, namespace)
        given = list(sys.argv[1:] if args is None else args)
        game = _game_in(given)
        parser = self._of(game)
        for arg in given:  # first: another game's flag would leave its value to GAME
            if arg == "--":
                break
            if arg.partition("=")[0] not in parser._option_string_actions:
                self._refuse_another_games_flag(game, arg.partition("=")[0])
        if parser is self:
            found, rest = super().parse_known_args(given, namespace)
        else:
            found, rest = parser.parse_known_args(given, namespace)
        for extra in rest:
            self._refuse_another_games_flag(game, extra.partition("=")[0])
        if rest:  # no command takes more: the usage is the command's, not the top one's
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        return found, rest

    def _refuse_another_games_flag(self, game: str, flag: str) -> None:
        if not flag.startswith("--"):
            return
        for other in GAMES:
            if not GAMES[other].has("cli"):
                continue
            action = self._of(other)._option_string_actions.get(flag)
            if other != game and action is not None:
                self.exit(2, f"{self.prog}: error: --{action.dest.replace('_', '-')} is a "
                             f"{GAMES[other].title} option, not a {GAMES[game].title} one\n")


def _game_in(args: Sequence[str]) -> str:
    """The game named by a command's arguments: the first that names one, else the first.

    Only the game named is loaded (an installed package's game is imported when named).
    """
    names = game_names()
    for arg in args:
        if arg == "--":
            break
        if arg in names:
            return arg
    return DEFAULT_GAME


def game_argument(parser: argparse.ArgumentParser) -> None:
    """Add the ``GAME`` argument: a name of :data:`skullgames.GAMES`, the first by default."""
    loaded = {game.name: game.title for game in loaded_games()}
    every = game_names()  # an installed game not loaded yet is named, not imported
    names = " or ".join(f"{name} ({loaded[name]})" if name in loaded else name
                        for name in every)
    parser.add_argument("game", nargs="?", choices=tuple(every), default=DEFAULT_GAME,
                        help=f"which game: {names} [{DEFAULT_GAME}]")


def bot_list(text: str) -> tuple[str, ...]:
    """Read ``--bots``: bot names separated by commas (checked by :func:`bots_of`)."""
    names = tuple(n.strip().lower() for n in text.split(",") if n.strip())
    if not names:
        raise argparse.ArgumentTypeError("name at least one bot")
    return names


def bot_names(game: str) -> str:
    """The names of ``game``'s bots, weakest first, for a help text or an error."""
    return ", ".join(GAMES[game].bots)


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
                              f"{bot_names(game)}")
    return given
