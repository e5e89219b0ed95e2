"""``skullgames serve``: the command that starts :mod:`skullgames.serve`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["add_parser", "main_serve"]

_MEMORY = ":memory:"


def add_parser(commands: Any) -> None:
    """Add the ``serve`` subcommand to the ``skullgames`` command's subparsers."""
    from skullgames.cli._games import RuledParser, bot_list, bot_names, game_argument
    from skullgames.plugins.cli import number_argument
    from skullgames.registry import GAMES
    from skullgames.serve import default_db_path

    serve: RuledParser = commands.add_parser(
        "serve", help="play in the browser, people and bots at one table",
        description="Starts a local web server with tables for people and bots (each "
                    "person joins with a link), and the JSON API behind it (docs: "
                    "guides/ui-server). It prints "
                    "its address; stop it with Ctrl-C. The tables are kept in a file "
                    "and go on after a restart.")

    def arguments(command: argparse.ArgumentParser, game: str) -> None:
        bots = f"{bot_names(game)} [{GAMES[game].chosen_bot}]"
        game_argument(command)
        command.add_argument("--host", default="127.0.0.1",
                             help="the address to listen on, IPv4 or IPv6 [127.0.0.1: this "
                                  "machine only]")
        command.add_argument("--port", type=number_argument(), default=8000,
                             help="the port, 0 to 65535; 0 picks one [8000]")
        command.add_argument("--seat", type=number_argument(), default=0,
                             help="the person's seat of a new table, from 0 [0]")
        command.add_argument("--bots", type=bot_list, default=None, metavar="LIST",
                             help="the bots of a new table's other seats, repeated to "
                                  f"fill them ({bots})")
        command.add_argument("--seats", type=_seat_list, default=None, metavar="LIST",
                             help="each seat's player, 'human' or a bot, such as "
                                  "human,greedy,human: makes a table now and prints a join link "
                                  "per person (and is a new table's default)")
        command.add_argument("--hints", action="store_true",
                             help="new tables let every person ask for the expert's hints, "
                                  "even with other people at the table (a person alone with "
                                  "bots always may); stored with each table")
        command.add_argument("--seed", type=number_argument(), default=None,
                             help="the seed of the table --seats makes [a secret one]")
        # For tests: seconds a request's line and headers may take (HEADER_TIMEOUT).
        command.add_argument("--header-timeout", type=float, default=None,
                             help=argparse.SUPPRESS)
        shown_path = str(default_db_path()).replace("%", "%%")  # argparse formats help with %
        command.add_argument("--db", default=None, metavar="PATH",
                             help=f"the SQLite file that keeps the tables ('{_MEMORY}': none, "
                                  f"they end with the server) [{shown_path}]")
        command.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                             dest="trusted_proxies",
                             help="the address of a proxy in front of the server: for its "
                                  "requests the client is the address its X-Forwarded-For "
                                  "header names (may be given again)")

    serve.rule(arguments)


def _seat_list(text: str) -> tuple[str, ...]:
    """Read ``--seats``: ``human`` or a bot's name per seat (checked in :func:`main_serve`)."""
    from skullgames.serve import HUMAN

    names = tuple(n.strip().lower() for n in text.split(","))
    if HUMAN not in names:
        raise argparse.ArgumentTypeError(f"at least one seat is {HUMAN!r}")
    return names


def main_serve(args: argparse.Namespace, write: Callable[[str], None]) -> int:
    """Serve until interrupted; the server answers every request in its own thread."""
    from skullgames.cli._games import CLIS, SHARED_FLAGS, bots_of, config_from
    from skullgames.errors import ConfigError, SkullgamesError
    from skullgames.plugins.cli import shown
    from skullgames.registry import GAMES
    from skullgames.serialization import to_dict
    from skullgames.serve import HUMAN, ApiError, default_db_path, make_server

    config = config_from(args.game, args)
    if args.bots is not None and HUMAN in args.bots:
        raise ConfigError(f"--bots names bots only; to seat people, give each seat's player "
                          f"with --seats (such as --seats {HUMAN},greedy,{HUMAN})")
    if args.seed is not None and args.seats is None:
        raise ConfigError("--seed seeds the table --seats makes; a table made in the page "
                          "or by POST /api/games gets a secret seed, or the request's own")
    bots = bots_of(args.game, args.bots)
    game = GAMES[args.game]
    for player in args.seats or ():
        if player != HUMAN and player not in game.bots:
            raise ConfigError(f"{shown(player)} is no player: each seat is {HUMAN!r} or a "
                              f"bot of {game.title} ({', '.join(game.bots)})")
    if not 0 <= args.seat < config.players:
        raise SkullgamesError(f"--seat must be 0..{config.players - 1}, not {args.seat}")
    if args.seats is not None and len(args.seats) != config.players:
        raise ConfigError(f"--seats names {len(args.seats)} players; the table has "
                          f"{config.players} (--players)")
    # The flags given, as the config's JSON options: a request's own config is read over
    # them, so one that names only the players keeps the rest.
    given = {*SHARED_FLAGS, *CLIS[args.game].rule_flags} & set(vars(args))
    options = {name: value for name, value in to_dict(config).items() if name in given}
    db = default_db_path() if args.db is None else args.db
    timeouts = {} if args.header_timeout is None else {"header_timeout": args.header_timeout}
    server = make_server(args.game, options, host=args.host, port=args.port, bots=bots,
                         seat=args.seat, seats=args.seats, hints=args.hints, db=db,
                         trusted_proxies=args.trusted_proxies, **timeouts)
    try:
        table = None
        if args.seats is not None:
            # The server's own table: not counted against a client's limits, so a server
            # started again and again on one file still makes it.
            request: dict[str, Any] = {"seats": list(args.seats)}
            if args.seed is not None:
                request["seed"] = args.seed
            try:
                table = server.tables.new(request, client="command line", limited=False)
            except ApiError as error:
                raise SkullgamesError(f"--seats: {error.message}") from None
        where = "memory only" if db == _MEMORY else str(db)
        write(f"skullgames serve: {server.url} (Ctrl-C to stop); tables kept in {where}")
        if server.tables.unreadable:
            write(f"  {len(server.tables.unreadable)} stored tables could not be read: "
                  + ", ".join(server.tables.unreadable))
        if table is not None:
            write(f"table {table['id']} ({', '.join(table['players'])}):")
            for join in table["joins"]:
                write(f"  seat {join['seat']}: {server.url}{join['link'].lstrip('/')}")
        sys.stdout.flush()  # the address reaches a log or a pipe before the first request
        server.serve_forever()
    except KeyboardInterrupt:
        write("stopped")
    finally:
        server.server_close()
    return 0
