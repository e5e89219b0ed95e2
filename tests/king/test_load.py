"""Loading a saved Skull King game gives exactly what ``new_game`` and ``apply`` give.

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

from skullgames import GAMES, king
from skullgames.king import Config, State, apply, new_game
from skullgames.king._serialize import STATE
from skullgames.king.moves import _CANONICAL
from tests.support import loading
from tests.support.king.configs import option_configs
from tests.support.loading import EDITS, edit_moves, outcome, replayed, saved


def random_game(config: Config, seed: int, choices: int, *, auto_deal: bool = True
                ) -> list[State]:
    return loading.random_game(king, config, seed, choices, auto_deal=auto_deal)


class _Counting:
    """The moves that go through ``apply``, counted."""

    applied = 0


def _counting_apply(state: State, move: Any) -> State:
    _Counting.applied += 1
    return apply(state, move)


_COUNTING = attrs.evolve(GAMES["king"], apply=_counting_apply)
"""The game's entry with a counting ``apply``: the loader replays through the entry."""


@settings(max_examples=60)
@given(config=option_configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_every_saved_state_loads_equal_through_apply(
        config: Config, seed: int, choices: int) -> None:
    states = random_game(config, seed, choices)
    for state in states[:: max(1, len(states) // 12)] + [states[-1]]:
        doc = saved(state)
        _Counting.applied = 0
        assert STATE.replay(_COUNTING, doc) == state
        assert _Counting.applied == len(doc["moves"])  # every move, none taken aside


@settings(max_examples=25)
@given(config=option_configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_games_dealt_by_hand_load_equal(config: Config, seed: int, choices: int) -> None:
    states = random_game(config, seed, choices, auto_deal=False)
    for state in states[:: max(1, len(states) // 6)] + [states[-1]]:
        assert loading.load(saved(state), STATE, GAMES["king"]) == state


TEXTS = sorted(_CANONICAL)


@st.composite
def corruptions(draw: st.DrawFn) -> tuple[str, int, int, str]:
    """One change to a saved move list: replace, delete, swap, insert or repeat a move."""
    kind = draw(st.sampled_from(EDITS))
    return kind, draw(st.integers(0, 10**6)), draw(st.integers(0, 10**6)), draw(
        st.sampled_from(TEXTS))


@settings(max_examples=300)
@given(config=option_configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32),
       cut=st.floats(0, 1), change=corruptions())
def test_a_changed_save_is_refused_or_accepted_as_the_engine_does(
        config: Config, seed: int, choices: int, cut: float,
        change: tuple[str, int, int, str]) -> None:
    states = random_game(config, seed, choices)
    doc = saved(states[int(cut * (len(states) - 1))])
    edit_moves(doc["moves"], *change)
    assert outcome(doc, STATE, GAMES["king"]) == replayed(doc, king, config)


def test_moves_in_other_spellings_load_equal() -> None:
    states = random_game(Config(), 5, 5)
    state = states[80]
    doc = saved(state)
    spelled = {3: doc["moves"][3].upper().replace("BID", "Bid"), 40: doc["moves"][40].lower()}
    assert all(spelled[i] != doc["moves"][i] for i in spelled)
    for i, text in spelled.items():
        doc["moves"][i] = text
    assert loading.load(doc, STATE, GAMES["king"]) == state


# Each broken save below is refused with the engine's own words and the move's path.
THREE_CARDS = Config(players=3, rounds=(3,))


def save_with_moves(config: Config, moves: list[Any]) -> dict[str, Any]:
    doc = saved(new_game(config, auto_deal=False))
    doc["moves"] = moves
    return doc


DEAL = {"type": "deal", "hands": [["Y3", "Y9", "ESC"], ["Y12", "G5", "TIG"],
                                  ["B2", "G7", "MER"]]}


@pytest.mark.parametrize(("moves", "error"), [
    # Seat 1 leads (the dealer is seat 0); hands are sorted: Y12 G5 TIG, B2 G7 MER, Y3 Y9 ESC.
    ([DEAL, "bid 1", "bid 4"], "$.moves[2]: bid 4: a bid is 0 to 3 this round, not 4"),
    ([DEAL, "bid 1", "bid 1", "bid 1", "Y3"],
     "$.moves[4]: Y3: Y3 is not in your hand (Y12, G5, TIG)"),
    ([DEAL, "bid 1", "bid 1", "bid 1", "G5", "B2"],
     "$.moves[5]: B2: must follow green: you hold G7"),
    ([DEAL, "bid 1", "bid 1", "bid 1", "G5", "bid 2"],
     "$.moves[5]: bid 2: cards are being played, Bid(2) is not a Play"),
    ([DEAL, "bid 1", "bid 1", "bid 1", "G5", "G7", "Y3", "B2", "Y9", "Y12", "MER", "ESC",
      "TIG pirate", "bid 1"], "$.moves[13]: a move after the end of the game"),
])
def test_broken_saves_are_refused_with_the_engine_words(moves: list[Any], error: str) -> None:
    """RESEARCH §3.3 (following suit) and §2.2 (bids 0 to the cards dealt)."""
    doc = save_with_moves(THREE_CARDS, moves)
    assert outcome(doc, STATE, GAMES["king"]) == error
