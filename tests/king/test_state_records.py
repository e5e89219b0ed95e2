"""The nested Skull King state (issue 11): one state class per phase, sharing records.

A play builds one state object and rebuilds only the records it changes; every record is
built by a constructor whose parameters mypy checks, and the flat names read the same
data as before.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import skullgames
from skullgames import king
from skullgames.history import cells_of
from skullgames.king import state
from skullgames.king.state import (
    Bidding,
    Choosing,
    Dealing,
    Finished,
    Phase,
    Playing,
    Shooting,
    State,
)
from tests.support.king.positions import bid_all, dealt, play
from tests.support.values import assert_a_value


def states_of_every_phase() -> list[State]:
    """A state of each phase, with a pending ability, a shot and finished rounds."""
    config = king.Config(players=3, rounds=(1, 2), scoring=king.Scoring.RASCAL, cannonball=True,
                         pirate_abilities=True)
    found: dict[type[State], State] = {}
    current = king.new_game(config, auto_deal=False)
    found[type(current)] = current
    for seed in range(40):
        current = king.new_game(config, seed=seed)
        rng = random.Random(seed)
        while not king.is_over(current):
            found.setdefault(type(current), current)
            current = king.apply(current, rng.choice(king.legal_moves(current)))
        found.setdefault(type(current), current)
        if len(found) == 6:
            break
    return list(found.values())


STATES = states_of_every_phase()


def records_of(state_: State) -> list[Any]:
    """The state and every record of this module it holds."""
    records: list[Any] = [state_, state_.setup, state_.past, *state_.past.rounds]
    if state_.table is not None:
        records.append(state_.table)
    if state_.pending is not None:
        records.append(state_.pending)
    return records


def test_the_states_cover_every_phase() -> None:
    assert {type(s) for s in STATES} == {
        Dealing, Bidding, Shooting, Playing, Choosing, Finished}
    assert any(s.past.rounds for s in STATES)


@pytest.mark.parametrize("record", [r for s in STATES for r in records_of(s)],
                         ids=lambda r: type(r).__name__)
def test_a_record_pickles_copies_compares_and_hashes_by_its_fields(record: Any) -> None:
    assert_a_value(record)


@pytest.mark.parametrize("state_", STATES, ids=lambda s: type(s).__name__)
def test_a_state_compares_its_moves_and_leaves_them_out_of_its_repr(state_: State) -> None:
    assert "log=" not in repr(state_) and "_log" not in repr(state_)
    assert repr(state_).startswith(f"{type(state_).__name__}(setup={state_.setup!r}, ")
    moves = (*state_.history, king.Bid(0))  # one move more: the same fields otherwise
    other = pickle.loads(pickle.dumps(state_))
    assert other.history == state_.history and other.log == state_.log
    values = dict(state_.__reduce__()[1][1])
    values["log"] = cells_of(moves)
    longer = type(state_)(**values)
    assert longer != state_ and longer.history == moves


def test_a_long_log_pickles_flat() -> None:
    # The cells nest one level a move: pickled as cells, a long game overflows the stack.
    state_ = STATES[0]
    values = dict(state_.__reduce__()[1][1])
    values["log"] = cells_of([king.Bid(0)] * 100_000)
    long = type(state_)(**values)
    assert pickle.loads(pickle.dumps(long)) == long
    assert copy.deepcopy(long) == long


def test_records_print_as_attrs_did() -> None:
    assert repr(state.Pending(pirate=king.Pirate.ROSIE, seat=1)) == (
        f"Pending(pirate={king.Pirate.ROSIE!r}, seat=1, drawn=0)")
    setup = state.Setup(config=king.Config(players=3), seed=4, auto_deal=True)
    assert repr(setup) == f"Setup(config={king.Config(players=3)!r}, seed=4, auto_deal=True)"
    assert repr(state.Past(round_index=0, dealer=1, totals=(0, 0, 0), rounds=())) == (
        "Past(round_index=0, dealer=1, totals=(0, 0, 0), rounds=())")


# A field of each record, to assign.
FIELD = {"Setup": "seed", "Past": "dealer", "Table": "leader", "Pending": "seat",
         "RoundResult": "dealer"}


@pytest.mark.parametrize("state_", STATES, ids=lambda s: type(s).__name__)
def test_the_compiled_build_refuses_assignment(state_: State) -> None:
    # The pure build enforces it statically (Final, mypy --strict; see docs/architecture.md).
    if not skullgames.COMPILED:
        assert not hasattr(state_, "__dict__")  # no new attributes, at least
        return
    for record in records_of(state_)[1:]:
        name = FIELD[type(record).__name__]
        with pytest.raises(AttributeError, match="not writable"):
            setattr(record, name, getattr(record, name))
    with pytest.raises(AttributeError, match="not writable"):
        state_.setup = state_.setup  # type: ignore[misc]


def test_a_play_shares_every_record_it_does_not_change() -> None:
    before = play(bid_all(dealt(king.Config(players=3, rounds=(2,)), "Y3 Y4", "Y5 Y6", "Y7 Y8"),
                          0, 0, 0), "Y5")
    after = king.apply(before, king.parse_move("Y7"))
    assert isinstance(before, Playing) and isinstance(after, Playing)
    assert after.setup is before.setup and after.past is before.past
    assert after.table is before.table  # a trick in progress changes no Table
    assert after.hands[1] is before.hands[1]
    finished = king.apply(after, king.parse_move("Y3"))  # the trick ends: a new Table
    assert isinstance(finished, Playing)
    assert finished.table is not after.table
    assert finished.table.deal is after.table.deal


def test_a_state_is_one_object_of_its_phase_class() -> None:
    current = king.new_game(king.Config(players=3), seed=2)
    rng = random.Random(2)
    while not king.is_over(current):
        assert isinstance(current, State) and type(current).phase is current.phase
        assert current.stage is current
        current = king.apply(current, rng.choice(king.legal_moves(current)))
    assert type(current) is Finished


def test_each_phase_has_its_own_stage_record() -> None:
    config = king.Config(players=3, rounds=(1,), scoring=king.Scoring.RASCAL, cannonball=True)
    state_ = king.new_game(config, auto_deal=False)
    assert isinstance(state_, Dealing) and state_.phase is Phase.DEAL
    state_ = king.apply(state_, king.parse_move("deal Y3 | Y5 | Y7"))
    assert isinstance(state_, Bidding) and state_.phase is Phase.BID
    state_ = bid_all(state_, 0, 0, 1)
    assert isinstance(state_, Shooting) and state_.phase is Phase.SHOT
    assert state_.table.bids == (1, 0, 0)
    state_ = play(state_, "grapeshot", "grapeshot", "cannonball")
    assert isinstance(state_, Playing) and state_.table.shots == (True, False, False)
    state_ = play(state_, "Y5", "Y7", "Y3")
    assert isinstance(state_, Finished) and king.is_over(state_)
    abilities = king.Config(players=3, pirate_abilities=True, rounds=(2,))
    waiting = play(bid_all(dealt(abilities, "ROSIE Y2", "Y3 Y4", "Y5 Y6"), 1, 0, 0),
                   "Y3", "Y5", "ROSIE")
    assert isinstance(waiting, Choosing) and waiting.to_move == waiting.pending.seat


@pytest.mark.parametrize("seed", range(3))
def test_assemble_from_the_flat_names_gives_the_same_state(seed: int) -> None:
    config = king.Config(players=4, pirate_abilities=True, loot=True)
    rng = random.Random(seed)
    current = king.new_game(config, seed=seed)
    while not king.is_over(current):
        flat = {name: getattr(current, name) for name in (
            "config", "seed", "auto_deal", "phase", "round_index", "dealer", "deal", "hands",
            "undealt", "ghost", "bids", "shots", "tricks_won", "leader", "to_move", "trick",
            "suit_state", "lead_suit", "tricks", "pending", "wagers", "discarded", "peeked",
            "totals", "rounds", "log")}
        assert State.assemble(**flat) == current
        current = king.apply(current, rng.choice(king.legal_moves(current)))


def test_openspiels_text_lists_a_records_fields_in_order() -> None:
    # The records are no attrs classes: their fields come from _FIELDS, as before.
    from skullgames.rl.openspiel._views import render

    assert render(state.Past(round_index=0, dealer=1, totals=(0, 0, 0), rounds=())) == (
        "Past{round_index=0 dealer=1 totals=(0 0 0) rounds=()}")
    assert render(state.Pending(pirate=king.Pirate.ROSIE, seat=1)) == (
        f"Pending{{pirate={king.Pirate.ROSIE.value} seat=1 drawn=0}}")
