"""Loading a saved Skull Queen game gives exactly what ``new_game`` and ``apply`` give.

Every loaded state must equal the one ``apply`` built, and every document must be accepted
or refused exactly as replaying its moves through ``apply`` accepts or refuses it (same
message, same path).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames import GAMES, queen
from skullgames.queen import (
    Config,
    Deal,
    State,
    apply,
    new_game,
)
from skullgames.queen._serialize import STATE
from skullgames.queen.moves import _CANONICAL, Place, Play
from tests.support import loading
from tests.support.loading import EDITS, edit_moves, outcome, replayed, saved
from tests.support.queen.helpers import THREE_HANDS, cards


def random_game(config: Config, seed: int, choices: int, *, auto_deal: bool = True
                ) -> list[State]:
    return loading.random_game(queen, config, seed, choices, auto_deal=auto_deal)


@st.composite
def configs(draw: st.DrawFn) -> Config:
    """Any player count (the ghost at two), short games, and every option."""
    return Config(
        players=draw(st.integers(2, 6)),
        rounds=draw(st.none() | st.integers(1, 3)),
        plank_values=draw(st.just((1, 2, 3, 5, 8)) | st.tuples(*[st.integers(0, 9)] * 5)),
        set_aside_center_pair=draw(st.booleans()),
        set_aside_center_specials=draw(st.booleans()),
    )


class _Counting:
    """The moves that go through ``apply``, counted."""

    applied = 0


def _counting_apply(state: State, move: Any) -> State:
    _Counting.applied += 1
    return apply(state, move)


_COUNTING = attrs.evolve(GAMES["queen"], apply=_counting_apply)
"""The game's entry with a counting ``apply``: the loader replays through the entry."""


@settings(max_examples=60)
@given(config=configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_every_saved_state_loads_equal_through_apply(
        config: Config, seed: int, choices: int) -> None:
    states = random_game(config, seed, choices)
    for state in states[:: max(1, len(states) // 12)] + [states[-1]]:
        doc = saved(state)
        _Counting.applied = 0
        assert STATE.replay(_COUNTING, doc) == state
        assert _Counting.applied == len(doc["moves"])  # every move, none taken aside


@settings(max_examples=25)
@given(config=configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_games_dealt_by_hand_load_equal(config: Config, seed: int, choices: int) -> None:
    states = random_game(config, seed, choices, auto_deal=False)
    for state in states[:: max(1, len(states) // 6)] + [states[-1]]:
        assert loading.load(saved(state), STATE, GAMES["queen"]) == state


PLAY_TEXTS = sorted(text for text, move in _CANONICAL.items() if type(move) is Play)
PLACE_TEXTS = sorted(text for text, move in _CANONICAL.items() if type(move) is Place)


@st.composite
def corruptions(draw: st.DrawFn) -> tuple[str, int, int, str]:
    """One change to a saved move list: replace, delete, swap, insert or repeat a move.

    Plays and placements are drawn as often as each other (there are 50 plays and 1,250
    placements), so that a wrong card in a trick is as likely as a wrong kind of move.
    """
    kind = draw(st.sampled_from(EDITS))
    text = draw(st.sampled_from(PLAY_TEXTS) | st.sampled_from(PLACE_TEXTS))
    return kind, draw(st.integers(0, 10**6)), draw(st.integers(0, 10**6)), text


@settings(max_examples=300)
@given(config=configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32),
       cut=st.floats(0, 1), change=corruptions())
def test_a_changed_save_is_refused_or_accepted_as_the_engine_does(
        config: Config, seed: int, choices: int, cut: float,
        change: tuple[str, int, int, str]) -> None:
    states = random_game(config, seed, choices)
    doc = saved(states[int(cut * (len(states) - 1))])
    edit_moves(doc["moves"], *change)
    assert outcome(doc, STATE, GAMES["queen"]) == replayed(doc, queen, config)


def test_moves_in_other_spellings_load_equal() -> None:
    states = random_game(Config(), 5, 5)
    state = states[80]  # round 2: both rounds' placements and plays
    doc = saved(state)
    moves = doc["moves"]
    kinds = [type(_CANONICAL[moves[k]]) for k in (0, 20, 30, 53, 54, 70)]
    assert kinds == [Place, Play, Play, Place, Place, Play]
    side, spaces = moves[0].split(" ", 1)
    spelled: dict[int, Any] = {
        0: f"{side[0]} {spaces.replace(' ', '')}", 20: moves[20].lower(),
        30: {"type": "play", "card": moves[30]},  # a move as a tagged object
        53: "place " + moves[53].upper(),
        54: {"type": "place", "side": moves[54].split()[0],
             "spaces": [int(d) for d in moves[54].split()[1:]]},
        70: "play " + moves[70]}
    assert all(spelled[k] != moves[k] for k in spelled)
    for k, text in spelled.items():
        moves[k] = text
    assert loading.load(doc, STATE, GAMES["queen"]) == state


# Each broken save below is refused with the engine's own words and the move's path.
# Three players, dealer 0: seat 1 places first and leads trick 1, then seats 2 and 0.
# Seat 1 holds Y6..Y11 and G2..G9, seat 2 G10, G11, the blues, the Monkey and the Mate.
THREE = Config(players=3, rounds=1)
THREE_DEAL = {"type": "deal", "hands": [h.split() for h in THREE_HANDS]}
PLACED = [THREE_DEAL, "front 2 2 2 2", "back 0 1 2 3", "front 4 4 0 0"]
SEAT_1 = "Y6, Y7, Y8, Y9, Y10, Y11, G2, G3, G4, G5, G6, G7, G8, G9"

# Two players (DECISIONS Q7): the Pirate King's stack is the third hand, G10 on top.
TWO = Config(players=2, rounds=1)
TWO_DEAL = {"type": "deal", "hands": [h.split() for h in THREE_HANDS[:2]],
            "ghost": THREE_HANDS[2].split()}


def save_with_moves(config: Config, moves: list[Any]) -> dict[str, Any]:
    doc = saved(new_game(config, auto_deal=False))
    doc["moves"] = moves
    return doc


def finished_with_one_more_move() -> dict[str, Any]:
    doc = saved(random_game(Config(players=5, rounds=1), 3, 3)[-1])
    doc["moves"].append("R7")
    return doc


@pytest.mark.parametrize(("config", "moves", "error"), [
    # Q2: every seat places before the first card is played.
    pytest.param(THREE, [THREE_DEAL, "front 2 2 2 2", "G2"],
                 "$.moves[2]: G2: the pirates are being placed, Play(card('G2')) is not a Place",
                 id="play-while-placing"),
    pytest.param(THREE, [*PLACED, "back 1 1 1 1"],
                 "$.moves[4]: back 1 1 1 1: cards are being played, "
                 "Place(Side.BACK, (1, 1, 1, 1)) is not a Play", id="place-while-playing"),
    # §1.5: a player plays a card of their own hand; §1.4: no 1s at three players.
    pytest.param(THREE, [*PLACED, "R7"], f"$.moves[4]: R7: R7 is not in your hand ({SEAT_1})",
                 id="another-seats-card"),
    pytest.param(THREE, [*PLACED, "Y1"], f"$.moves[4]: Y1: Y1 is not in your hand ({SEAT_1})",
                 id="not-in-the-deck"),
    pytest.param(THREE, [*PLACED, "G5", "MONKEY", "R2", "G5"],
                 "$.moves[7]: G5: G5 is not in your hand (Y6, Y7, Y8, Y9, Y10, Y11, G2, G3, "
                 "G4, G6, G7, G8, G9)", id="played-twice"),
    # §1.5: whoever holds the trick colour must play it.
    pytest.param(THREE, [*PLACED, "G5", "B2"],
                 "$.moves[5]: B2: must follow green: you hold G10, G11", id="must-follow"),
    # §1.9: with two players the Pirate King's card sets the colour.
    pytest.param(TWO, [TWO_DEAL, "front 2 2 2 2", "back 2 2 2 2", "Y6"],
                 "$.moves[3]: Y6: must follow green (the Pirate King's colour): you hold G2, "
                 "G3, G4, G5, G6, G7, G8, G9", id="must-follow-the-ghost"),
])
def test_broken_saves_are_refused_with_the_engine_words(
        config: Config, moves: list[Any], error: str) -> None:
    doc = save_with_moves(config, moves)
    assert outcome(doc, STATE, GAMES["queen"]) == error


def test_a_move_after_the_end_is_refused() -> None:
    """§1.8: the game ends after its last round."""
    doc = finished_with_one_more_move()
    error = f"$.moves[{len(doc['moves']) - 1}]: a move after the end of the game"
    assert outcome(doc, STATE, GAMES["queen"]) == error


@pytest.mark.parametrize("moves", [
    [*PLACED, "G5", "MONKEY"],  # §1.5: the Monkey may always be played
    [*PLACED, "G5", "MATE", "R2"],  # and the First Mate; seat 0 holds no green
    [*PLACED, "G5", "G10", "Y2", "G11"],  # G10 was highest: seat 2 leads trick 2 (§1.7)
])
def test_allowed_plays_load_as_the_engine_loads_them(moves: list[Any]) -> None:
    doc = save_with_moves(THREE, moves)
    loaded = outcome(doc, STATE, GAMES["queen"])
    assert isinstance(loaded, State)
    deal = Deal([cards(h) for h in THREE_HANDS])
    assert loaded == queen.replay(
        THREE, [deal, *(queen.parse_move(m) for m in moves[1:])])
    assert loaded.history[1:] == tuple(_CANONICAL[m] for m in moves[1:])
    assert loaded.deal == Deal([cards(h) for h in THREE_HANDS])
