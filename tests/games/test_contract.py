"""The contract of a game's values (``skullgames.plugins``): what every tool may read.

:func:`skullgames.plugins.check_game`, which :func:`skullgames.register_game` and the
loading of a plug-in call, plays a sample game and names each attribute of the protocols
(``GameState``, ``GameObservation``, ``GameConfig``, ``ScoredRound``, ``HiddenMove``) that
a game's values lack, and each value that disagrees with the entry's verbs (issue 36).
Each game here is Skull King's entry with one thing taken away.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import attrs
import pytest

from skullgames import GAMES, ConfigError, Game, from_dict, king
from skullgames.king import TrickResult
from skullgames.king._serialize import CODECS as KING_CODECS
from skullgames.plugins import (
    GameConfig,
    GameObservation,
    GameState,
    HiddenMove,
    ScoredRound,
    check_game,
)
from skullgames.registry import register_game, registered
from tests.games.test_plugins import install, run_python

AnyGame = Game[Any, Any, Any, Any]

CODECS_WITHOUT_TRICKS = {cls: codec for cls, codec in KING_CODECS.items()
                         if cls is not TrickResult}
"""Skull King's codecs but the finished trick's (a game's ``codecs`` part, by path)."""

CODECS_WITHOUT_CONFIG = {cls: codec for cls, codec in KING_CODECS.items()
                         if cls is not king.Config}
"""Skull King's codecs but its Config's."""


def members(protocol: type) -> list[str]:
    return [name for name, value in vars(protocol).items() if isinstance(value, property)]


class Lacking:
    """``inner`` with the attribute ``name`` taken away, or replaced by ``instead(inner)``."""

    def __init__(self, inner: Any, name: str,
                 instead: Callable[[Any], Any] | None = None) -> None:
        self.inner, self.name, self.instead = inner, name, instead

    def __getattr__(self, attribute: str) -> Any:
        if attribute == self.name:
            if self.instead is None:
                raise AttributeError(attribute)
            return self.instead(self.inner)
        return getattr(self.inner, attribute)


def king_with_states(name: str, instead: Callable[[Any], Any] | None = None) -> AnyGame:
    """Skull King whose states lack (or replace) the attribute ``name``."""
    def wrap(state: Any) -> Lacking:
        return Lacking(state, name, instead)

    return attrs.evolve(
        GAMES["king"], name="jack",
        new_game=lambda config=None, **options: wrap(king.new_game(config, **options)),
        apply=lambda state, move: wrap(king.apply(state.inner, move)),
        legal_moves=lambda state: king.legal_moves(state.inner),
        current_player=lambda state: king.current_player(state.inner),
        is_over=lambda state: king.is_over(state.inner),
        scores=lambda state: king.scores(state.inner),
        winners=lambda state: king.winners(state.inner),
        observe=lambda state, seat: king.observe(state.inner, seat),
        observe_move=lambda state, move, seat, now=None: king.observe_move(
            state.inner, move, seat))


def refusal(game: AnyGame) -> str:
    with pytest.raises(ConfigError) as error:
        check_game(game)
    return str(error.value)


@pytest.mark.parametrize("game", ["king", "queen"])
def test_the_library_s_games_keep_the_contract(game: str) -> None:
    check_game(GAMES[game])


@pytest.mark.parametrize("name", members(GameState))
def test_a_state_without_an_attribute_the_tools_read_is_refused(name: str) -> None:
    message = refusal(king_with_states(name))
    assert re.search(f"its State has no '{name}' \\(", message), message


@pytest.mark.parametrize("name", members(GameObservation))
def test_an_observation_without_an_attribute_the_tools_read_is_refused(name: str) -> None:
    game = attrs.evolve(GAMES["king"], name="jack",
                        observe=lambda state, seat: Lacking(king.observe(state, seat), name))
    assert f"its Observation has no '{name}' (" in refusal(game)


@pytest.mark.parametrize("name", members(GameConfig))
def test_a_config_without_an_attribute_the_tools_read_is_refused(name: str) -> None:
    def config() -> Any:
        return Lacking(king.Config(), name)

    game = attrs.evolve(GAMES["king"], name="jack", Config=cast("type[Any]", config))
    assert f"its Config has no '{name}' (" in refusal(game)


@pytest.mark.parametrize("name", members(ScoredRound))
def test_a_finished_round_without_points_is_refused(name: str) -> None:
    game = king_with_states("rounds", lambda state: tuple(Lacking(r, name)
                                                         for r in state.rounds))
    assert re.search(r"a finished round \(\w+\) has 'points' None, not one int per seat",
                     refusal(game))


@pytest.mark.parametrize("name", members(HiddenMove))
def test_a_hidden_move_without_its_kind_is_refused(name: str) -> None:
    def observe_move(state: Any, move: Any, seat: int, now: Any = None) -> Any:
        seen = king.observe_move(state, move, seat)
        return seen if seen is move else Lacking(seen, name)

    game = attrs.evolve(GAMES["king"], name="jack", observe_move=observe_move)
    assert f"its HiddenMove has no '{name}' (" in refusal(game)


def test_one_error_names_every_missing_attribute_of_every_value() -> None:
    """Issue 49: a State without ``totals`` and an Observation without ``seat``, both named."""
    game = attrs.evolve(
        king_with_states("totals"),
        observe=lambda state, seat: Lacking(king.observe(state.inner, seat), "seat"))
    message = refusal(game)
    assert "its State has no 'totals' (each seat's running total" in message, message
    assert "its Observation has no 'seat' (the seat that sees this)" in message, message
    assert message.count("; ") >= 1


def without_codecs(codecs: str, game: AnyGame) -> AnyGame:
    """``game`` whose ``codecs`` part is the dict ``codecs`` of this module."""
    return attrs.evolve(game, parts={**game.parts, "codecs": f"{__name__}:{codecs}"})


def observations_without_seat(game: AnyGame) -> AnyGame:
    """``game`` whose observations lack ``seat``, a breach of the sample game's first state."""
    return attrs.evolve(game, observe=lambda state, seat: Lacking(game.observe(state, seat),
                                                                  "seat"))


def test_a_codec_breach_hides_no_breach_of_the_values() -> None:
    """Issue 49: a Config without a codec and an Observation without ``seat``, both named."""
    game = observations_without_seat(
        without_codecs("CODECS_WITHOUT_CONFIG", attrs.evolve(GAMES["king"], name="jack")))
    message = refusal(game)
    assert "its JSON codecs have no codec for its Config" in message, message
    assert "its Observation has no 'seat' (the seat that sees this)" in message, message


LATER_BREACHES = {
    "a finished round without points": (
        king_with_states("rounds", lambda state: tuple(Lacking(r, "points")
                                                       for r in state.rounds)),
        "a finished round (Lacking) has 'points' None, not one int per seat"),
    "a finished trick without a codec": (
        without_codecs("CODECS_WITHOUT_TRICKS", attrs.evolve(GAMES["king"], name="jack")),
        "its JSON codecs have no codec for TrickResult (its State's 'last_trick', "
        "which the server sends)"),
}


@pytest.mark.parametrize("later", LATER_BREACHES)
def test_a_breach_of_a_value_met_later_is_named_with_an_early_one(later: str) -> None:
    """Issue 49: the sample game goes on past its first state with a breach."""
    game, breach = LATER_BREACHES[later]
    message = refusal(observations_without_seat(game))
    assert "its Observation has no 'seat' (the seat that sees this)" in message, message
    assert breach in message, message


def test_a_breach_met_at_every_state_is_named_once() -> None:
    message = refusal(king_with_states("to_move", lambda state: None))
    assert message.count("its State's 'to_move' is None") == 1, message


def test_a_config_that_cannot_be_made_is_refused_saying_what_is_left_unchecked() -> None:
    def config() -> Any:
        raise RuntimeError("no rules file")

    message = refusal(attrs.evolve(GAMES["king"], name="jack",
                                   Config=cast("type[Any]", config)))
    assert message.startswith("game 'jack' breaks the contract of skullgames.plugins: "), message
    assert ("Config() fails (RuntimeError: no rules file): no sample game is played, so no "
            "State, Observation or move is checked") in message, message


def test_a_to_move_other_than_current_player_is_refused() -> None:
    game = king_with_states("to_move", lambda state: None)
    assert re.search(r"its State's 'to_move' is None, but current_player says \d",
                     refusal(game))


def test_totals_that_are_not_one_int_per_seat_are_refused() -> None:
    game = king_with_states("totals", lambda state: state.totals[:-1])
    assert "its State's 'totals' is (0, 0, 0), not one int per seat" in refusal(game)


def test_a_move_whose_text_reads_back_as_another_is_refused() -> None:
    game = attrs.evolve(GAMES["king"], name="jack",
                        parse_move=lambda text: king.parse_move("bid 0"))
    assert re.search(r"parse_move\('[^']+'\) is Bid\(0\), not the move", refusal(game))


def test_a_move_whose_text_cannot_be_read_is_refused() -> None:
    def parse_move(text: str) -> Any:
        raise ValueError("no notation")

    game = attrs.evolve(GAMES["king"], name="jack", parse_move=parse_move)
    assert "parse_move cannot read the move 'bid 0' that str() writes (ValueError: " \
           "no notation)" in refusal(game)


def test_legal_moves_of_the_observation_other_than_the_game_s_are_refused() -> None:
    game = attrs.evolve(GAMES["king"], name="jack",
                        legal_moves=lambda state: king.legal_moves(state)[1:])
    assert "its Observation's 'legal_moves' are not legal_moves(state)" in refusal(game)


def test_a_value_the_server_sends_without_a_codec_is_refused() -> None:
    parts = {**GAMES["king"].parts, "codecs": f"{__name__}:CODECS_WITHOUT_TRICKS"}
    game = attrs.evolve(GAMES["king"], name="jack", parts=parts)
    assert ("its JSON codecs have no codec for TrickResult (its State's 'last_trick', "
            "which the server sends)") in refusal(game)


def test_a_game_whose_new_game_fails_is_refused_naming_the_error() -> None:
    def new_game(config: Any = None, **options: Any) -> Any:
        raise RuntimeError("no table file")

    game = attrs.evolve(GAMES["king"], name="jack", new_game=new_game)
    assert refusal(game) == ("game 'jack': new_game(Config(), seed=1) fails "
                             "(RuntimeError: no table file)")


def test_register_game_refuses_a_game_that_breaks_the_contract_and_keeps_the_others() -> None:
    before = dict(GAMES)
    with pytest.raises(ConfigError, match="its State has no 'last_trick'"):
        register_game(king_with_states("last_trick"))
    assert dict(GAMES) == before
    with registered(attrs.evolve(GAMES["king"], name="jack")):
        assert "jack" in GAMES


PLUG_IN = """\
import attrs
from skullgames import GAMES, king

ENTRY = attrs.evolve(GAMES["king"], name="jack", title="Skull Jack",
                     observe=lambda state, seat: king.observe(state, seat).config)  # no seat
"""


def test_a_plug_in_that_breaks_the_contract_is_reported_and_left_out(tmp_path: Path) -> None:
    install(tmp_path, {"skullgames_jack": PLUG_IN}, {"jack": "skullgames_jack:ENTRY"})
    result = run_python(tmp_path, """\
        from skullgames import GAMES
        print(sorted(GAMES))
        """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["['king', 'queen']"]
    assert "GameLoadWarning: skullgames: the game of the entry point 'jack = " \
           "skullgames_jack:ENTRY' of the distribution 'skullgames-extra' is left out: " \
           "game 'jack' breaks the contract of skullgames.plugins: its Observation has no " \
           "'config' (" in result.stderr
    assert "its Observation has no 'seat' (the seat that sees this)" in result.stderr
    assert result.stderr.count("GameLoadWarning") == 1


# -- the tools read only what the contract names ---------------------------------------------


def test_the_server_asks_the_winners_of_the_state_not_of_an_observation() -> None:
    """``winners`` takes a state (``Game.winners``): a game need not read observations."""
    from skullgames.serve import HUMAN, Tables

    def winners(state: Any) -> tuple[int, ...]:
        if not isinstance(state, king.State):
            raise TypeError(f"winners of a state, not {type(state).__name__}")
        return king.winners(state)

    with registered(attrs.evolve(GAMES["king"], name="jack", winners=winners)):
        tables = Tables("jack", king.Config(players=3, rounds=(1, 2)))
        made = tables.new({"seats": [HUMAN, "random", "random"]})
        token = made["joins"][0]["token"]
        while not (seen := tables.view(made["id"], token))["over"]:
            tables.move(made["id"], token, {"move": seen["legal_moves"][0]})
        state = from_dict(tables.save(made["id"], token), king.State)
    assert seen["winners"] == list(king.winners(state))


def test_a_config_that_cannot_be_hashed_is_refused() -> None:
    class Unhashable(Lacking):
        __hash__ = None  # type: ignore[assignment]

    def config() -> Any:
        return Unhashable(king.Config(), "")

    game = attrs.evolve(GAMES["king"], name="jack", Config=cast("type[Any]", config))
    assert "its Config cannot be hashed" in refusal(game)
