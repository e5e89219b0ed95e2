"""``skullgames serve``: the command that starts :mod:`skullgames.serve`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["add_parser", "main_serve"]


def add_parser(commands: Any) -> None:
    """Add the ``serve`` subcommand to the ``skullgames`` command's subparsers."""
    from skullgames.cli._games import add_rule_flags, bot_list, game_argument
    from skullgames.cli._numbers import number_argument

    serve = commands.add_parser(
        "serve", help="play in the browser, people and bots at one table",
        description="Starts a local web server with tables for people and bots (each "
                    "person joins with a link), and the JSON API behind it (docs: "
                    "guides/ui-server). It prints "
                    "its address; stop it with Ctrl-C.")
    game_argument(serve)
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on, IPv4 or IPv6 [127.0.0.1: this machine only]")
    serve.add_argument("--port", type=number_argument(), default=8000,
                       help="the port, 0 to 65535; 0 picks one [8000]")
    serve.add_argument("--seat", type=number_argument(), default=0,
                       help="the person's seat of a new table, from 0 [0]")
    serve.add_argument("--bots", type=bot_list, default=("greedy",), metavar="LIST",
                       help="the bots of a new table's other seats, repeated to fill them "
                            "[greedy]")
    add_rule_flags(serve)


def main_serve(args: argparse.Namespace, write: Callable[[str], None]) -> int:
    """Serve until interrupted; the server answers every request in its own thread."""
    from skullgames.cli._games import config_from
    from skullgames.errors import SkullgamesError
    from skullgames.serve import make_server

    config = config_from(args.game, args)
    if not 0 <= args.seat < config.players:
        raise SkullgamesError(f"--seat must be 0..{config.players - 1}, not {args.seat}")
    server = make_server(args.game, config, host=args.host, port=args.port, bots=args.bots,
                         seat=args.seat)
    write(f"skullgames serve: {server.url} (Ctrl-C to stop)")
    sys.stdout.flush()  # the address reaches a log or a pipe before the first request
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        write("stopped")
    finally:
        server.server_close()
    return 0
