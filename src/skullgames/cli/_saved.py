"""Saved games read from a file: which document, and which game it belongs to."""

from __future__ import annotations

import json

from skullgames._registered import loaded_games, registered_games
from skullgames.errors import SerializationError
from skullgames.registry import DEFAULT_GAME

__all__ = ["game_of", "saved_document"]


def saved_document(path: str, index: int) -> str:
    """The ``index``-th saved game (from 1) of a file: one JSON document, or JSON lines."""
    with open(path, "rb") as file:
        raw = file.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SerializationError(f"{path} is not UTF-8 text (byte {error.start} is "
                                 f"{raw[error.start]:#04x}): not a saved game", path="") from None
    try:
        json.loads(text)
    except (ValueError, RecursionError):  # JSON lines, as simulate --out writes them
        documents = [line for line in text.splitlines() if line.strip()]
    else:
        documents = [text]
    if not documents:
        raise SerializationError(f"{path} holds no game", path="")
    if index > len(documents):
        raise SerializationError(f"{path} holds {len(documents)} game(s), not {index}",
                                 path="")
    return documents[index - 1]


def game_of(document: str) -> str:
    """The name of the game a saved document belongs to, by its ``format``.

    A document of no known format is read as the first game's, whose loader then says
    what is wrong with it.
    """
    try:
        data = json.loads(document)
    except (ValueError, RecursionError):
        data = None
    found = data.get("format") if isinstance(data, dict) else None
    for games in (loaded_games, registered_games):  # the games loaded already first
        for game in games():
            if game.format_name == found:
                return str(game.name)
    return DEFAULT_GAME
