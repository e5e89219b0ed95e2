"""skullgames: the complete rules of Skull King and Skull Queen as pure functions.

Both games live in their own subpackage with the same verbs (``new_game``,
``legal_moves``, ``apply``, ``observe``, ...): :mod:`skullgames.king` and
:mod:`skullgames.queen`. This top-level package holds what they share: the errors, JSON
serialization, and the registry of games, :data:`GAMES`, through which tools work with
any game (:func:`register_game` adds one).
"""

from skullgames._compiled import is_compiled as _is_compiled
from skullgames._review import (
    MoveValue,
    Review,
    ReviewDecision,
    SeatReview,
    review,
    review_picture,
)
from skullgames._version import __version__
from skullgames.errors import (
    ConfigError,
    IllegalMoveError,
    InvalidNotationError,
    SerializationError,
    SkullgamesError,
)
from skullgames.registry import GAMES, Game, register_game
from skullgames.serialization import (
    configure_converter,
    from_dict,
    from_json,
    json_schema,
    make_converter,
    to_dict,
    to_json,
)
from skullgames.simulation import MatchBot, MatchGame, MatchPair, MatchResult, match, simulate
from skullgames.svg import table as _table  # noqa: F401  # states draw themselves (Jupyter)

COMPILED: bool = _is_compiled()
"""Whether this is the compiled build (the engine as C extensions, by mypyc) or pure Python.

Both builds come from the same source and behave alike; ``SKULLGAMES_MYPYC=1 pip install
skullgames`` builds the compiled one from source (see the installation guide), and
``python -m skullgames --version`` names the build.
"""

__all__ = [
    "COMPILED",
    "GAMES",
    "ConfigError",
    "Game",
    "IllegalMoveError",
    "InvalidNotationError",
    "MatchBot",
    "MatchGame",
    "MatchPair",
    "MatchResult",
    "MoveValue",
    "Review",
    "ReviewDecision",
    "SeatReview",
    "SerializationError",
    "SkullgamesError",
    "__version__",
    "configure_converter",
    "from_dict",
    "from_json",
    "json_schema",
    "make_converter",
    "match",
    "register_game",
    "review",
    "review_picture",
    "simulate",
    "to_dict",
    "to_json",
]
